"""Geek Out! Masters hints on the gadget: the optimal next step, read from a flash table.

The host solver (geekout_tools.masters.solver, ruling M9) values every state of a turn;
geekout_tools.masters.hint_table writes those values to geekout/masters/hint.bin
(consts.HINT_FILE). Here a hint is a handful of seek+read lookups in that file: no table
in RAM, no solving on the device. The caller (the storage HAL) opens the file and passes
the file object to open_table(); this module does no file I/O of its own beyond reading
that object.
File layout and figures: docs/masters-strategy.md, On the gadget.
"""

from micropython import const

from geekout.masters.consts import (
    CONTINUE,
    DICE,
    FACES,
    HEART,
    MEEPLE,
    NO_TARGET,
    PASS,
    SPACESHIP,
    SUPERHERO,
)
from geekout.masters.rules import action_actor, position

MAGIC = b"GOMH"
VERSION = const(2)
HEADER = const(32)
DECIDE_POINTS = const(55)
STATES = const(24310)
VALUES = const(24365)  # DECIDE_POINTS + STATES: a block's values
POINTS_SCALE = const(1024)  # expected points: u16
PROB_SCALE = const(255)  # probabilities: u8


def _binomials():
    # C(n, k) for n <= 17, k <= 8, as u16 (C(17, 8) = 24310 is the largest needed)
    out = bytearray(18 * 9 * 2)
    for n in range(18):
        c = 1
        for k in range(9):
            if k > n:
                c = 0
            v = c
            out[(n * 9 + k) * 2] = v & 255
            out[(n * 9 + k) * 2 + 1] = v >> 8
            if k < n:
                c = c * (n - k) // (k + 1)
    return bytes(out)


_C = _binomials()


def _comb(n, k):
    i = (n * 9 + k) * 2
    return _C[i] | (_C[i + 1] << 8)


def need_dice(need):
    """The fewest scored dice worth at least `need` points (M7)."""
    k = 0
    while k * (k + 1) // 2 < need:
        k += 1
    return k


def block_size(problem):
    """Bytes of a problem's block: two a value for expected points, one a probability."""
    return VALUES * (2 if problem == 0 else 1)


class HintTable:
    """An open hint file: the file object, the problems it holds, a 1- and a 2-byte
    buffer (a read allocates nothing)."""

    def __init__(self, f, problems):
        self.f = f
        self.problems = problems
        self.bufs = (None, bytearray(1), bytearray(2))

    def read(self, offset, width):
        """The value of `width` bytes (1 or 2) at `offset`."""
        f = self.f
        f.seek(offset)
        buf = self.bufs[width]
        if f.readinto(buf) != width:
            raise ValueError("hint table truncated")
        return (buf[0] | (buf[1] << 8)) if width == 2 else buf[0]


def open_table(f):
    """The table object for a hint file opened (binary) by the caller."""
    f.seek(0)
    head = f.read(HEADER)
    if len(head) != HEADER or head[:4] != MAGIC or head[4] != VERSION:
        raise ValueError("not a Masters hint table")
    count = head[5]
    if not 1 <= count <= 11:
        raise ValueError("bad hint table header")
    return HintTable(f, bytes(head[6:6 + count]))


def _state_rank(c):
    """Rank of the 9 counts in c (active faces 0-5, inactive, used - 1, scored; 9 in all)."""
    r = 0
    p = 0
    for j in range(8):
        p += c[j]
        r += _comb(p + j, j + 1)
    return r


def advise(table, active, inactive, used, scored, need=0, raw=False):
    """[(action id, number)], best first (ties in the rules core's order): the legal
    resolutions of a position with action dice in active, or PASS/CONTINUE at a
    pass/continue point (no active die). number = the optimal expected final points of
    the turn (need = 0) or the highest probability of ending it with at least `need`
    points (1-55). [] when active holds only 42s and DRAGONs (it settles, M4).
    raw: the numbers as integers in 1/(6 x scale) (a roll's value is the sum of six
    stored values): exact on the Pico, whose floats are single precision, so the
    review (review.py) adds them up without rounding."""
    n_active = 0
    for f in range(FACES):
        n_active += active[f]
    if n_active + inactive + used + scored != DICE or min(inactive, used, scored) < 0:
        raise ValueError("the four zones must hold 10 dice")
    if need:
        if not 1 <= need <= 55:
            raise ValueError("need must be 1-55")
        problem = need_dice(need)
        scale = PROB_SCALE
        banked = 1 if scored >= problem else 0
    else:
        problem = 0
        scale = POINTS_SCALE
        banked = scored * (scored + 1) // 2
    block = table.problems.find(bytes((problem,)))
    if block < 0:
        raise ValueError("the hint table has no block for this need")
    base = HEADER
    for j in range(block):
        base += block_size(table.problems[j])
    w = 2 if problem == 0 else 1
    if raw:  # scale the values read by 6 (a roll's six are added, not averaged)
        banked *= 6 * scale
        scale = 0
    if n_active == 0:
        if used == 0:  # M6: nothing to roll again
            return [(PASS, banked)]
        i = inactive + (inactive + used) * (inactive + used - 1) // 2
        cont = _scaled(table.read(base + w * i, w), scale)
        if cont > banked:
            return [(CONTINUE, cont), (PASS, banked)]
        return [(PASS, banked), (CONTINUE, cont)]
    if not (active[HEART] or active[MEEPLE] or active[SPACESHIP]
            or active[SUPERHERO]):
        return []
    base += w * DECIDE_POINTS
    legal = position(active, inactive, used, scored).legal_actions()
    c = bytearray(9)
    out = []
    for a in legal:
        for f in range(FACES):
            c[f] = active[f]
        # M3: the acting die moves to used first (used + 1, stored as used - 1 + 1)
        c[6] = inactive
        c[7] = used
        c[8] = scored
        actor = action_actor(a)
        t = a & 7
        c[actor] -= 1
        roll = False
        if actor == HEART:
            if inactive:  # M3d: an inactive die is rolled into active
                c[6] -= 1
                roll = True
        elif t == NO_TARGET:
            if actor == SPACESHIP:  # M3e: bust
                _insert(out, a, 0 if raw else 0.0)
                continue
        elif actor == MEEPLE:  # M3a: the target is rerolled
            c[t] -= 1
            roll = True
        elif actor == SPACESHIP:  # M3c
            c[t] -= 1
            c[6] += 1
        else:  # M3b: flipped to the opposite face (M1)
            c[t] -= 1
            c[t ^ 1] += 1
        if roll:
            total = 0
            for f in range(FACES):
                c[f] += 1
                total += table.read(base + w * _state_rank(c), w)
                c[f] -= 1
            value = total if raw else total / (6 * scale)
        else:
            value = _scaled(table.read(base + w * _state_rank(c), w), scale)
        _insert(out, a, value)
    return out


def _scaled(v, scale):
    """A stored value in its unit (scale), or x 6 in the raw unit (scale 0)."""
    return v / scale if scale else v * 6


def _insert(out, action, value):
    """Keep `out` sorted best first; equal values stay in arrival (legal) order."""
    i = len(out)
    while i and out[i - 1][1] < value:
        i -= 1
    out.insert(i, (action, value))
