"""Geek Out! Masters: how auto mode plays when the hint table is not installed.

Pure (no I/O, no screens; the host tools import it to measure it). With the table
(hint.py) auto mode plays the solver's optimal steps; without it, a search of the roll
in hand for the resolution (M3: exact where the roll ends, at most BUDGET positions,
deterministic) and the solver's CONTINUE_FROM rule for pass or continue (M6): about
17.5 expected points a turn against 19.06 for optimal play (M9).
How the search values a roll: docs/masters-strategy.md, On the gadget (Without the table).
"""

from micropython import const

from geekout.masters.consts import HEART, HEART_ACT, MEEPLE_ON, NO_TARGET, SPACESHIP

# Continue at a pass/continue point while used >= CONTINUE_FROM[scored] (11: never).
CONTINUE_FROM = b"\x01\x01\x02\x03\x03\x03\x04\x0b\x0b\x0b\x0b"

# max(pass, continue) at each pass/continue point, x 1024, u16 little-endian at
# 2 * (inactive * 11 + used): with no active die the zones are inactive, used and
# scored = 10 - inactive - used; used = 0 holds the forced pass's points (M6).
# Written by geekout_tools.masters.autoplay_check.decide_bytes() (a test compares).
DECIDE = (
    b"\x00\xdc\x00\xb4\x00\x90\x00\x70\x7d\x61\x58\x5a\x8f\x56\x11\x55\x7b\x54\x35\x54"
    b"\x11\x54\x00\xb4\x00\x90\x00\x70\x00\x54\x84\x4d\xf0\x4c\xc2\x4e\x7f\x50\xc0\x51"
    b"\x8f\x52\x00\x00\x00\x90\x00\x70\x00\x54\x67\x3d\x7d\x3e\x28\x44\xf3\x49\xe1\x4d"
    b"\x54\x50\x00\x00\x00\x00\x00\x70\x00\x54\x00\x3c\xb8\x2d\xaa\x33\x19\x3e\xb5\x46"
    b"\x3a\x4c\x00\x00\x00\x00\x00\x00\x00\x54\x00\x3c\x00\x28\xbd\x21\xab\x2c\x09\x3a"
    b"\x8f\x44\x00\x00\x00\x00\x00\x00\x00\x00\x00\x3c\x00\x28\x00\x18\x78\x1a\x53\x28"
    b"\x85\x37\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x28\x00\x18\x99\x0e\x49\x16"
    b"\xc4\x25\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x18\x00\x0c\x37\x0a"
    b"\xee\x13\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x0c\xed\x04"
    b"\xfb\x07\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x04"
    b"\x5e\x02\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00"
)

BUDGET = const(120)  # positions a step searches before a second rolled die is valued roughly
# A press's memo holds at most _MEMO_MOST entries: past it a step values positions
# without keeping them, and the next step starts a new memo. MicroPython grows a dict's
# table in steps (389, 521, 691, 919, 1223 slots), each growth one contiguous block; a
# 1,223-slot table (19.6 KB on the unix port, 9.8 KB on the Pico) could not be had in a
# heap left in pieces by 20,000 random presses, nor could a 691-slot one (11 KB) once
# the other games' code grew a little. 500 entries stay in 521 slots: at most 4.2 KB in
# one piece on the Pico (8.3 KB on the unix port).
_MEMO_MOST = const(500)
_ROUGH_DRAGON = const(90)  # the rule of thumb's share (%) kept per DRAGON showing
_ROUGH_SPARE = const(93)  # ... and per action die beyond the one a roll's end can spare


def advise_continue(used, scored):
    """True when the rule says CONTINUE at a pass/continue point (used >= 1)."""
    return used >= CONTINUE_FROM[scored]


def _decide(inactive, used):
    i = 2 * (inactive * 11 + used)
    return DECIDE[i] | (DECIDE[i + 1] << 8)


def _settled(a, inactive, used):
    """A roll's end: a DRAGON left busts (M4), else the pass/continue point's value."""
    return 0 if a[5] else _decide(inactive, used)


def _rough(a, inactive, used):
    """The rule of thumb for a position still to resolve: every action die ends in
    used, a SPACESHIP takes a DRAGON to inactive, and the value shrinks with the
    dragons and with the action dice that will have to hit something (a 42)."""
    dragons = a[5]
    fixers = a[2] + a[3] + a[4]
    if dragons > fixers:
        return 0
    v = _decide(inactive + min(a[3], dragons), used + a[1] + fixers)
    for _ in range(dragons):
        v = v * _ROUGH_DRAGON // 100
    for _ in range(fixers - dragons - 1):
        v = v * _ROUGH_SPARE // 100
    return v


class Search:
    """One search's values (its memo) for the steps of one press: a step's children
    are the next step's positions, so a later step often costs nothing. Keys pack the
    position (faces, inactive, used: scored is what is left of 10) and the depth."""

    def __init__(self):
        self.memo = {}
        self.made = 0  # positions valued (memo entries, and those past the cap)
        self.start = 0  # self.made when the step's search began (BUDGET counts from it)

    def value(self, a, inactive, used, deep):
        if not (a[1] or a[2] or a[3] or a[4]):
            return _settled(a, inactive, used)
        key = 0
        for f in range(6):
            key = key * 11 + a[f]
        key = ((key * 11 + inactive) * 11 + used) * 2 + deep
        memo = self.memo
        v = memo.get(key)
        if v is None:
            v = self.best(a, inactive, used, deep)[1]
            self.made += 1
            if len(memo) < _MEMO_MOST:
                memo[key] = v
        return v

    def rolled(self, b, inactive, used, deep):
        """The average over the six faces of one die landing in `b` (MEEPLE, HEART)."""
        if deep and self.made - self.start >= BUDGET:
            deep = 0
        total = 0
        for f in range(6):
            b[f] += 1
            if deep:
                total += self.value(b, inactive, used, 0)
            elif b[1] or b[2] or b[3] or b[4]:
                total += _rough(b, inactive, used)
            else:
                total += _settled(b, inactive, used)
            b[f] -= 1
        return total // 6

    def best(self, a, inactive, used, deep):
        """(action id, value) of the best step of a position with an action die."""
        n = 0
        for f in range(6):
            n += a[f]
        b = bytearray(a)
        top = -1
        act = -1
        for actor in range(1, 5):  # HEART, MEEPLE, SPACESHIP, SUPERHERO
            if not b[actor]:
                continue
            b[actor] -= 1  # M3: the acting die moves to used first
            if actor == HEART:  # M3d
                if inactive:
                    v = self.rolled(b, inactive - 1, used + 1, deep)
                else:
                    v = self.value(b, inactive, used + 1, deep)
                if v > top:
                    top = v
                    act = HEART_ACT
            elif n == 1:  # M3e: alone, no target; a lone SPACESHIP busts
                v = 0 if actor == SPACESHIP else _decide(inactive, used + 1)
                if v > top:
                    top = v
                    act = MEEPLE_ON + ((actor - 2) << 3) + NO_TARGET
            else:
                for t in range(6):
                    if not b[t]:
                        continue
                    b[t] -= 1
                    if actor == 2:  # M3a: the target is rerolled
                        v = self.rolled(b, inactive, used + 1, deep)
                    elif actor == SPACESHIP:  # M3c: the target goes to inactive
                        v = self.value(b, inactive + 1, used + 1, deep)
                    else:  # M3b: flipped to its opposite face (M1)
                        b[t ^ 1] += 1
                        v = self.value(b, inactive, used + 1, deep)
                        b[t ^ 1] -= 1
                    b[t] += 1
                    if v > top:
                        top = v
                        act = MEEPLE_ON + ((actor - 2) << 3) + t
            b[actor] += 1
        return act, top


def fallback_action(active, inactive, used, search=None):
    """The step auto mode takes without the hint table (active holds an action die);
    `search`: a Search kept over the steps of one press (a new one each press, so the
    same press takes the same steps after an undo)."""
    if search is None:
        search = Search()
    if len(search.memo) >= _MEMO_MOST:
        search.memo = {}
    search.start = search.made
    return search.best(active, inactive, used, 1)[0]
