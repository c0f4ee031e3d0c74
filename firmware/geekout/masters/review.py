"""Geek Out! Masters on the gadget: the review of a game, its arithmetic (the pages:
reviewpage.py). Loaded only when Review is chosen at the game's end, so a game in play
never holds it.

The walk is the host review's (geekout_tools/masters/review.py, docs/masters.md) with
the hint table as the valuer: V(s) is the table's expected points of the rest of the
turn under optimal play (M9), a decision loses V(best step) - V(step taken), a roll
brings V(after) - V(before). The values stay integers in the table's raw unit
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
    the identity score = V* + luck - lost holds to half a table step on each, 1/2048 of
    a point, docs/masters.md); worst: the costliest decision (lost, turn from 0, round from 0, seat,
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


def review(advise, players, actions):
    """The Review of a virtual- or auto-dice game from its journal's action bytes.
    advise(active, inactive, used, scored) gives the raw steps, best first (hint.advise
    with raw=True). ValueError when the rules refuse a byte. A turn still in play is
    left out."""
    start = advise(_NO_DICE, START_INACTIVE, START_ACTIVE, 0)[0][1]  # V*: 7 dice to roll (M2)
    out = Review(players, start)
    st = rules.new_initial_state(players)
    walk = _Walk(out, advise)
    for b in actions:
        if st.phase_name() == "first":  # the first seat's draw (M8)
            rules.apply_step(st, b)
        else:
            walk.step(st, b)
    return out


class _Walk:
    """One game walked step by step: the turn under way and its running value."""

    def __init__(self, out, advise):
        self.out = out
        self.advise = advise
        self.turn = -1  # the turn under way (its index), -1 between turns
        self.pos = None  # the position whose steps are kept
        self.steps = None

    def _steps(self, st):
        pos = position(st)
        if pos != self.pos:
            self.pos = pos
            self.steps = self.advise(pos[0], pos[1], pos[2], pos[3])
        return self.steps

    def step(self, st, b):
        if self.turn < 0:
            self.turn = len(st.turns)
            self.seat = st.seat
            self.round = st.round
            self.value = self.out.start  # V of where the turn stands
            self.before = -1  # V before the roll under way (-1: none)
            self.luck = self.lost = self.decisions = self.blunders = self.values = 0
        if st.is_chance():
            if self.before < 0:
                self.before = self.value
            rules.apply_step(st, b)
            if len(st.turns) > self.turn:  # the roll ended the turn: a bust, or a pass
                after = 0 if st.turns[-1][2] == ENDED_BUST else rules.points_for(st.last[8]) * ONE
            elif st.is_chance():  # more dice of this roll to come
                return
            else:
                after = self._steps(st)[0][1]
            self.luck += after - self.before
            self.values += 1
            self.value = after
            self.before = -1
        else:
            steps = self._steps(st)
            pos = self.pos
            rules.apply_step(st, b)  # refuses what is not legal
            chosen = None
            for a, v in steps:
                if a == b:
                    chosen = v
                    break
            if chosen is None:
                raise ValueError("the hint table does not fit this game")
            self.values += 1
            if len(steps) > 1:  # a choice among two steps or more
                lost = steps[0][1] - chosen
                self.decisions += 1
                self.lost += lost
                if lost > ONE:
                    self.blunders += 1
                worst = self.out.worst
                if lost > 0 and (worst is None or lost > worst[0]):
                    self.out.worst = (lost, self.turn, self.round, self.seat, pos, b,
                                      steps[0][0])
            self.value = chosen
        if len(st.turns) > self.turn:
            seat, score, _how = st.turns[self.turn]
            out = self.out
            out.add_turn(seat, score, self.luck, self.lost, self.values)
            row = out.seats[seat]
            row[DECISIONS] += self.decisions
            row[BLUNDERS] += self.blunders
            self.turn = -1


def table_advise(hints):
    """The advise() of review() on the gadget's hint table (hintpage.Hints), with the
    file opened once for the whole walk: (advise, close)."""
    f = hints.data.open(HINT_FILE)
    reader = hints.reader
    try:
        table = reader.open_table(f)
    except (OSError, ValueError):
        f.close()
        raise

    def advise(active, inactive, used, scored):
        return reader.advise(table, active, inactive, used, scored, 0, True)

    return advise, f.close
