"""Geek Out! Masters on the gadget: the review of a game, its arithmetic (the pages:
reviewpage.py). Loaded only when Review is chosen at the game's end, so a game in play
never holds it.

The walk is the host review's (geekout_tools/masters/review.py, docs/masters.md) with
the hint table as the valuer: V(s) is the table's expected points of the rest of the
turn under optimal play (M9), a decision loses V(s) - V(step taken), a roll brings
V(after) - V(before). V(s) is read once (hint.value): working out every step of a
position to find the best took 8 ms a decision on the emulated Pico, 5.4 s a
4-player game; the better step is worked out only for the costliest decision. The values stay integers in the table's raw unit
(hint.advise(raw=True): ONE to a point) and are added without rounding; a page turns
them into points. Only sums are kept (per seat, per turn, the costliest decision), not
the decisions themselves: a 4-player game's review costs a few KB of heap.
"""

from micropython import const

from geekout.masters import rules
from geekout.masters.consts import ENDED_BUST, FACES, HINT_FILE, START_ACTIVE, START_INACTIVE

ONE = const(6144)  # a point in hint.advise's raw unit (6 x POINTS_SCALE)

# A seat's sums, in Review.seats[seat]: finished turns, turns reviewed, decisions (a
# choice among two steps or more), points lost, luck (raw), blunders, points scored.
TURNS = const(0)
REVIEWED = const(1)
DECISIONS = const(2)
LOST = const(3)
LUCK = const(4)
BLUNDERS = const(5)
SCORE = const(6)

_NO_DICE = bytes(FACES)


class Review:
    """A game's review. start: V* (raw); seats: per seat the sums above; turns: per
    finished turn (seat, score, luck, lost, values), luck and lost None when the turn was
    not reviewed, values the number of values the walk took (each decision and roll:
    the identity score = V* + luck - lost holds to half a table step on each rolled step,
    docs/masters.md); worst: the costliest decision (lost, turn from 0, round from 0, seat,
    (active, inactive, used, scored), step taken, better step), or None."""

    def __init__(self, players, start):
        self.start = start
        self.seats = [[0] * 7 for _ in range(players)]
        self.turns = []
        self.worst = None

    def add_turn(self, seat, score, luck, lost, values):
        row = self.seats[seat]
        row[TURNS] += 1
        row[SCORE] += score
        if luck is not None:
            row[REVIEWED] += 1
            row[LUCK] += luck
            row[LOST] += lost
        self.turns.append((seat, score, luck, lost, values))


def position(st):
    """(active counts, inactive, used, scored) of a rules-core state; no active die at a
    pass/continue point (M6)."""
    active = bytes(st.active) if st.phase_name() == "resolve" else _NO_DICE
    return active, st.inactive, st.used, st.scored


class TableValues:
    """The valuer of review() on an open hint table (hint.open_table): a position's V
    read once (hint.value, the ROLLED block just after a roll), a step's value
    (hint.step_value), and the better step of one position (hint.advise)."""

    def __init__(self, hint, table):
        self.hint = hint
        self.table = table

    def value(self, pos):
        return self.hint.value(self.table, pos[0], pos[1], pos[2], pos[3])

    def step(self, pos, a):
        return self.hint.step_value(self.table, pos[0], pos[1], pos[2], pos[3], a)

    def best(self, pos):
        return self.hint.advise(self.table, pos[0], pos[1], pos[2], pos[3], 0, True)[0][0]


def review(values, players, actions):
    """The Review of a virtual- or auto-dice game from its journal's action bytes, on
    `values` (TableValues). ValueError when the rules refuse a byte. A turn still in
    play is left out."""
    # V*: the value of a turn's start, 7 dice to roll and 3 inactive (M2)
    out = Review(players, values.value((_NO_DICE, START_INACTIVE, START_ACTIVE, 0)))
    st = rules.new_initial_state(players)
    walk = _Walk(out, values)
    for b in actions:
        if st.phase_name() == "first":  # the first seat's draw (M8)
            rules.apply_step(st, b)
        else:
            walk.step(st, b)
    w = out.worst
    if w is not None:  # the better step, worked out for that one position
        out.worst = w[:6] + (values.best(w[4]),)
    return out


class _Walk:
    """One game walked step by step: the turn under way and its running value."""

    def __init__(self, out, values):
        self.out = out
        self.values = values
        self.turn = -1  # the turn under way (its index), -1 between turns
        self.kept = (None, 0)  # the last position valued and its V (a roll's landing)

    def _value(self, st, pos):
        """V of the position in hand: its stored value, or with one legal step that
        step's (as the host review values it: the only step is the best)."""
        if self.kept[0] != pos:
            legal = st.legal_actions()
            if len(legal) == 1:
                v = self.values.step(pos, legal[0])
            else:
                v = self.values.value(pos)
            self.kept = (pos, v)
        return self.kept[1]

    def step(self, st, b):
        if self.turn < 0:
            self.turn = len(st.turns)
            self.seat = st.seat
            self.round = st.round
            self.value = self.out.start  # V of where the turn stands
            self.before = -1  # V before the roll under way (-1: none)
            self.luck = self.lost = self.decisions = self.blunders = self.taken = 0
        if st.is_chance():
            if self.before < 0:
                self.before = self.value
            rules.apply_step(st, b)
            if len(st.turns) > self.turn:  # the roll ended the turn: a bust, or a pass
                after = 0 if st.turns[-1][2] == ENDED_BUST else rules.points_for(st.last[8]) * ONE
            elif st.is_chance():  # more dice of this roll to come
                return
            else:
                after = self._value(st, position(st))
            self.luck += after - self.before
            self.taken += 1
            self.value = after
            self.before = -1
        else:
            pos = position(st)
            many = len(st.legal_actions()) > 1
            best = self._value(st, pos) if many else 0
            rules.apply_step(st, b)  # refuses what is not legal
            chosen = self.values.step(pos, b)
            self.taken += 1
            if many:  # a choice among two steps or more
                # the table stores V rounded: a rolled step may come out above it
                lost = max(0, best - chosen)
                self.decisions += 1
                self.lost += lost
                if lost > ONE:
                    self.blunders += 1
                worst = self.out.worst
                if lost > 0 and (worst is None or lost > worst[0]):
                    self.out.worst = (lost, self.turn, self.round, self.seat, pos, b, None)
            self.value = chosen
        if len(st.turns) > self.turn:
            seat, score, _how = st.turns[self.turn]
            out = self.out
            out.add_turn(seat, score, self.luck, self.lost, self.taken)
            row = out.seats[seat]
            row[DECISIONS] += self.decisions
            row[BLUNDERS] += self.blunders
            self.turn = -1


def table_values(hints):
    """TableValues on the gadget's hint table (hintpage.Hints), with the file opened once
    for the whole walk: (values, close)."""
    f = hints.data.open(HINT_FILE)
    try:
        table = hints.reader.open_table(f)
    except (OSError, ValueError):
        f.close()
        raise
    return TableValues(hints.reader, table), f.close
