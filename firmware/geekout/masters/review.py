"""Geek Out! Masters on the gadget: the review of a game, its arithmetic (the pages:
reviewpage.py), loaded only when Review is chosen at the game's end.

The walk of the host review (geekout_tools/masters/review.py, docs/masters.md) with the
hint table as the valuer: a decision loses V(s) - V(step taken), a roll brings
V(after) - V(before). V(s) is read once (hint.value; working out every step of each
position took 5.4 s a 4-player game on the emulated Pico), the better step only for the
costliest decision. Values stay integers (hint.advise(raw=True): ONE to a point), added
without rounding; only sums are kept, a few KB of heap. Figures: docs/gadget.md, Review.
"""

from micropython import const

from geekout.masters import rules
from geekout.masters.consts import (
    CONTINUE,
    ENDED_BUST,
    FACES,
    HINT_FILE,
    PASS,
    START_ACTIVE,
    START_INACTIVE,
)

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
        self.worst = None  # type: tuple | None

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
    """The valuer of review() on an open hint table (hint.open_table), in the raw unit:
    a position's V read once (as hint.value reads it; the ROLLED block just after a
    roll), a step's value (as hint.step_value), the better step of one position
    (hint.advise). It reads through hint's own helpers with the blocks' offsets found
    once and no checks: a review asks some 1,200 values, and on the Pico each call
    layer costs (docs/gadget.md, Review). ValueError without the ROLLED block."""

    def __init__(self, hint, table):
        self.hint = hint
        self.table = table
        base = hint._block(table, 0)
        self.base = base
        self.states = base + 2 * hint.DECIDE_POINTS
        self.rolled = hint._block(table, hint.ROLLED)
        table.read_spans(512)  # a roll's six entries in one read or two (hint.py)
        self.c = bytearray(9)  # scratch counts

    def value(self, pos):
        active, inactive, used, scored = pos
        if active is _NO_DICE:  # a pass/continue point (M6): the better of the two
            banked = scored * (scored + 1) // 2 * ONE
            if not used:
                return banked
            cont = self.hint._cont(self.table, self.base, 2, 0, inactive, used, scored)
            return cont if cont > banked else banked
        c = self.c
        c[0:6] = active
        c[6] = inactive
        if not used:  # just rolled: the ROLLED block, 8 counts
            c[7] = scored
            return self.table.read(self.rolled + 2 * self.hint._state_rank(c, 8), 2) * 6
        c[7] = used - 1
        c[8] = scored
        return self.table.read(self.states + 2 * self.hint._state_rank(c), 2) * 6

    def step(self, pos, a):
        active, inactive, used, scored = pos
        if a == PASS:
            return scored * (scored + 1) // 2 * ONE
        if a == CONTINUE:
            return self.hint._cont(self.table, self.base, 2, 0, inactive, used, scored)
        c = self.c
        c[0:6] = active
        return self.hint._step(self.table, self.states, 2, 0, c, inactive, used, scored, a)

    def best(self, pos):
        return self.hint.advise(self.table, pos[0], pos[1], pos[2], pos[3], 0, True)[0][0]


def review(values, players, actions):
    """The Review of a virtual- or auto-dice game from its journal's action bytes, on
    `values` (TableValues). ValueError when the rules refuse a byte. A turn still in
    play is left out. One loop a roll (its dice applied in a row) and the decisions up
    to the next: on the Pico each call and test a byte costs counts (docs/gadget.md,
    Review: the figures)."""
    # V*: the value of a turn's start, 7 dice to roll and 3 inactive (M2)
    start = values.value((_NO_DICE, START_INACTIVE, START_ACTIVE, 0))
    out = Review(players, start)
    st = rules.new_initial_state(players)
    apply = st.apply_action  # refuses what is not legal (ValueError)
    turns = st.turns
    n = len(actions)
    i = 0
    while i < n and st.phase_name() == "first":  # the first seat's draw (M8)
        apply(actions[i])
        i += 1
    kept = _Kept(values)
    while i < n:  # a turn
        turn = len(turns)
        seat = st.seat
        rnd = st.round
        value = start  # V of where the turn stands
        luck = lost = decisions = blunders = taken = 0
        while i < n and len(turns) == turn:  # a roll, then the decisions up to the next
            before = value
            apply(actions[i])  # its first die (ValueError when the game is over)
            i += 1
            if len(turns) == turn:  # the roll's other dice (pending: still to land)
                k = st.pending
                while k and i < n:
                    apply(actions[i])
                    i += 1
                    k -= 1
                if k:  # the journal ends inside the roll
                    break
            taken += 1
            if len(turns) > turn:  # the roll ended the turn: a bust, or a forced pass
                value = 0 if turns[-1][2] == ENDED_BUST else rules.points_for(st.last[8]) * ONE
                luck += value - before
                break
            pos = kept.where(st)
            value = kept.v
            luck += value - before
            while i < n:  # the decisions, each at kept's position (pos)
                b = actions[i]
                i += 1
                apply(b)
                taken += 1
                if kept.only >= 0:  # its only step (b, or apply refused it): V is its value
                    value = kept.v
                else:  # a choice among two steps or more
                    value = values.step(pos, b)
                    # the table stores V rounded: a rolled step may come out above it
                    d = kept.v - value
                    if d > 0:
                        lost += d
                        if d > ONE:
                            blunders += 1
                        worst = out.worst
                        if worst is None or d > worst[0]:
                            out.worst = (d, turn, rnd, seat, pos, b, None)
                    decisions += 1
                if len(turns) > turn or st.is_chance():  # the turn's end, or a roll
                    break
                # a resolution that rolled nothing (a pass/continue point's steps roll
                # or end the turn)
                pos = kept.where(st, value)
        if len(turns) > turn:
            out.add_turn(seat, turns[turn][1], luck, lost, taken)
            row = out.seats[seat]
            row[DECISIONS] += decisions
            row[BLUNDERS] += blunders
    w = out.worst
    if w is not None:  # the better step, worked out for that one position
        out.worst = w[:6] + (values.best(w[4]),)
    return out


class _Kept:
    """The position in hand (where(): the pos tuple) and its V (v); only: its only legal
    step, or -1 with two or more (a decision). Each position is worked out once, its
    only step's value asked once and a resolution's value kept as the next V: the walk
    of the 4-player game of docs/gadget.md, Review, went from 847 ms to 731 ms on the
    emulated Pico (positions built and compared twice, 58 only steps valued twice, 195
    V ranked again)."""

    def __init__(self, values):
        self.values = values
        self.v = 0
        self.only = -1

    def where(self, st, stepped=None):
        """st's position, noted with its V. stepped: the value of the resolution that led
        there without a roll, None after a roll: that step's entry in the table is the
        entry of this position (resolutions left, M3: the same dice in the same zones),
        its V, so with a choice to make it is not worked out again."""
        if st.phase_name() != "resolve":  # a pass/continue point (M6): PASS, CONTINUE
            pos = (_NO_DICE, st.inactive, st.used, st.scored)
            self.only = -1
            self.v = self.values.value(pos)
            return pos
        a = st.active
        pos = (bytes(a), st.inactive, st.used, st.scored)
        # two faces that act (M3) give two steps at least; else the rules say
        # (legal_actions costs 0.3 ms on the Pico: asked only then)
        only = -1
        if (a[1] > 0) + (a[2] > 0) + (a[3] > 0) + (a[4] > 0) < 2:
            legal = st.legal_actions()
            if len(legal) == 1:
                only = legal[0]
        self.only = only
        if only >= 0:  # as the host review values it: the only step is the best
            self.v = self.values.step(pos, only)
        elif stepped is not None:
            self.v = stepped
        else:
            self.v = self.values.value(pos)
        return pos


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


def review_table(values, players, pad):
    """The Review of a table-dice game (rules.Scorepad): each turn the hint followed
    from its first roll to its entry (its trace) is walked as a one-seat game by
    review(); the other turns are counted, not reviewed (docs/gadget.md, Review)."""
    out = Review(players, values.value((_NO_DICE, START_INACTIVE, START_ACTIVE, 0)))
    for i in range(len(pad.turns)):
        seat, score, _how = pad.turns[i]
        trace = pad.traces[i]
        one = None
        if trace and rules.trace_entry(trace) == pad.entries[i]:
            one = review(values, 1, b"\0" + trace)  # the one seat starts, then the turn
        if one is None or not one.turns:
            out.add_turn(seat, score, None, None, 0)
            continue
        _seat, _score, luck, lost, taken = one.turns[0]
        out.add_turn(seat, score, luck, lost, taken)
        row = out.seats[seat]
        row[DECISIONS] += one.seats[0][DECISIONS]
        row[BLUNDERS] += one.seats[0][BLUNDERS]
        w = one.worst
        if w is not None and (out.worst is None or w[0] > out.worst[0]):
            out.worst = (w[0], i, i // players, seat) + w[4:]
    return out
