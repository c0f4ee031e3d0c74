"""Geek Out! Masters hints on the gadget: the optimal next step, read from a flash table.

The host solver (geekout_tools.masters.solver, ruling M9) values every state of a turn;
geekout_tools.masters.hint_table writes those values to geekout/masters/hint.bin
(consts.HINT_FILE). Here a hint is a handful of lookups in that file: no table in RAM,
no solving on the device. The caller (the storage HAL) opens the file and passes the
file object to open_table(); this module does no file I/O of its own beyond reading
that object. A file whose filesystem maps its bytes (the UF2 build's ROMFS data
partition: memoryview(f)) is read in place, an entry an index into flash; any other
(littlefs in the .mpy deploy, the host's files) by a seek and a read an entry.
File layout and figures: docs/masters-strategy.md, On the gadget.
"""

from array import array

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
# The block of the positions just rolled (used 0, action dice showing), expected points
# u16 x POINTS_SCALE: what the review (review.py) reads for V after a roll. Its id in
# the header's list of problems; its positions: 10 dice in 8 zones (faces, inactive,
# scored), C(17, 7) of them.
ROLLED = const(16)
ROLLED_STATES = const(19448)
PROB_SCALE = const(255)  # probabilities: u8


def _binomials():
    # C(n, k) for n <= 17, k <= 8 at [n * 9 + k], u16 (C(17, 8) = 24310 is the largest
    # needed): one index a lookup
    out = array("H", bytes(18 * 9 * 2))
    for n in range(18):
        c = 1
        for k in range(9):
            if k > n:
                c = 0
            out[n * 9 + k] = c
            if k < n:
                c = c * (n - k) // (k + 1)
    return out


_C = _binomials()


def need_dice(need):
    """The fewest scored dice worth at least `need` points (M7)."""
    k = 0
    while k * (k + 1) // 2 < need:
        k += 1
    return k


def block_size(problem):
    """Bytes of a problem's block: two a value for expected points, one a probability;
    the ROLLED block two a position."""
    if problem == ROLLED:
        return 2 * ROLLED_STATES
    return VALUES * (2 if problem == 0 else 1)


class HintTable:
    """An open hint file: the file object, the problems it holds, the file's bytes when
    they are mapped (mem, else None), a 1- and a 2-byte buffer (a read allocates
    nothing)."""

    def __init__(self, f, problems, mem=None):
        self.f = f
        self.problems = problems
        self.mem = mem
        self.size = len(mem) if mem is not None else 0
        self.bufs = (None, bytearray(1), bytearray(2))
        self.offsets = {}  # problem -> its block's offset (_block)
        self.last = -1  # the offset read last, and its value
        self.kept = 0
        self.span = b""  # with read_spans(): a buffer, holding the file's bytes [lo, hi)
        self.lo = 0
        self.hi = 0

    def read_spans(self, size):
        """From now on read a roll's six entries (_step) a span of up to `size` bytes at
        a time, and read() what the last span holds from it (the landing of the roll).
        On the emulated Pico a read of the file costs 95 us far from the last one, a
        512-byte one 120 us: the review of a 4-player game (docs/gadget.md, Review) read
        the file 2,222 times, 814 with 512-byte spans, and its walk went from 731 ms to
        651 ms (256 bytes: 655 ms, 1,024: 651 ms). A mapped file (mem) has no use for
        spans: every entry is an index already."""
        if self.mem is None:
            self.span = memoryview(bytearray(size))

    def read(self, offset, width):
        """The value of `width` bytes (1 or 2) at `offset`. The last read is kept: the
        review reads a step's value and then the same entry as the next position's V
        (one read in seven of a game's); so is the last span (read_spans). A mapped
        file is indexed: 45 us a read on the emulated Pico, most of it the call, where
        a seek and a read take some 95 (_mapped_total saves the call too)."""
        mem = self.mem
        if mem is not None:
            if offset + width > self.size:
                raise ValueError("hint table truncated")
            return (mem[offset] | (mem[offset + 1] << 8)) if width == 2 else mem[offset]
        if offset == self.last:
            return self.kept
        if self.lo <= offset and offset + width <= self.hi:  # a roll's landing
            buf = self.span
            k = offset - self.lo
            return (buf[k] | (buf[k + 1] << 8)) if width == 2 else buf[k]
        f = self.f
        f.seek(offset)
        buf = self.bufs[width]
        if f.readinto(buf) != width:
            raise ValueError("hint table truncated")
        v = (buf[0] | (buf[1] << 8)) if width == 2 else buf[0]
        self.last = offset
        self.kept = v
        return v


def open_table(f):
    """The table object for a hint file opened (binary) by the caller, or for the
    table's bytes themselves (anything memoryview() takes: a ROMFS file, bytes)."""
    try:
        mem = memoryview(f)
    except TypeError:  # a file read through its stream: littlefs, the host's
        mem = None
    if mem is None:
        f.seek(0)
        head = f.read(HEADER)
    else:
        head = bytes(mem[:HEADER])
    if len(head) != HEADER or head[:4] != MAGIC or head[4] != VERSION:
        raise ValueError("not a Masters hint table")
    count = head[5]
    if not 1 <= count <= 12:
        raise ValueError("bad hint table header")
    return HintTable(f, bytes(head[6:6 + count]), mem)


def _state_rank(c, parts=9):
    """Rank of the counts in c among the compositions of 10 dice into `parts` zones:
    9 (active faces 0-5, inactive, used - 1, scored) for the points block, 8 (faces,
    inactive, scored) for the ROLLED block. The sum of C(p_j + j, j + 1) over the bar
    positions (p_j: the dice up to zone j), written out: a loop and its calls cost
    three times as much on the Pico (the review ranks some 2,400 states a game)."""
    C = _C
    p = c[0]
    r = C[p * 9 + 1]
    p += c[1]
    r += C[p * 9 + 11]
    p += c[2]
    r += C[p * 9 + 21]
    p += c[3]
    r += C[p * 9 + 31]
    p += c[4]
    r += C[p * 9 + 41]
    p += c[5]
    r += C[p * 9 + 51]
    p += c[6]
    r += C[p * 9 + 61]
    if parts == 9:
        r += C[(p + c[7]) * 9 + 71]
    return r


def _roll_ranks(c):
    """The ranks of c with one more die on each face, 0-5 (a roll's six outcomes), in
    one pass: a die on face f adds one to the bar positions from f on, and
    C(n + 1, k) - C(n, k) = C(n, k - 1), so each rank is c's own plus the terms
    C(p_j + j, j) from f on. Written out as _state_rank is."""
    C = _C
    p = c[0]
    r = C[p * 9 + 1]
    e0 = C[p * 9]
    p += c[1]
    r += C[p * 9 + 11]
    e1 = C[p * 9 + 10]
    p += c[2]
    r += C[p * 9 + 21]
    e2 = C[p * 9 + 20]
    p += c[3]
    r += C[p * 9 + 31]
    e3 = C[p * 9 + 30]
    p += c[4]
    r += C[p * 9 + 41]
    e4 = C[p * 9 + 40]
    p += c[5]
    r += C[p * 9 + 51]
    e5 = C[p * 9 + 50]
    p += c[6]
    r += C[p * 9 + 61]
    t = C[p * 9 + 60]
    p += c[7]
    r += C[p * 9 + 71]
    t += C[p * 9 + 70] + e5
    r5 = r + t
    t += e4
    r4 = r + t
    t += e3
    r3 = r + t
    t += e2
    return (r + t + e1 + e0, r + t + e1, r + t, r3, r4, r5)


def _block(table, problem):
    """The offset of a problem's block; ValueError when the table has none."""
    base = table.offsets.get(problem)
    if base is not None:
        return base
    block = table.problems.find(bytes((problem,)))
    if block < 0:
        raise ValueError("the hint table has no block for this need")
    base = HEADER
    for j in range(block):
        base += block_size(table.problems[j])
    table.offsets[problem] = base
    return base


def advise(table, active, inactive, used, scored, need=0, raw=False):
    """[(action id, number)], best first (ties in the rules core's order): the legal
    resolutions of a position with action dice in active, or PASS/CONTINUE at a
    pass/continue point (no active die). number = the optimal expected final points of
    the turn (need = 0) or the highest probability of ending it with at least `need`
    points (1-55). [] when active holds only 42s and DRAGONs (it settles, M4).
    raw: the numbers as integers in 1/(6 x scale) (a roll's value is the sum of six
    stored values): exact on the Pico, whose floats are single precision, so the
    review (review.py) adds them up without rounding."""
    n_active = _check(active, inactive, used, scored)
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
    base = _block(table, problem)
    w = 2 if problem == 0 else 1
    if raw:  # scale the values read by 6 (a roll's six are added, not averaged)
        banked *= 6 * scale
        scale = 0
    if n_active == 0:
        if used == 0:  # M6: nothing to roll again
            return [(PASS, banked)]
        cont = _cont(table, base, w, scale, inactive, used, scored)
        if cont > banked:
            return [(CONTINUE, cont), (PASS, banked)]
        return [(PASS, banked), (CONTINUE, cont)]
    if not (active[HEART] or active[MEEPLE] or active[SPACESHIP]
            or active[SUPERHERO]):
        return []
    base += w * DECIDE_POINTS
    faces = bytearray(active)  # the active faces; a list or a bytearray given
    c = bytearray(9)
    out = []
    for a in position(active, inactive, used, scored).legal_actions():
        c[0:FACES] = faces  # in C: a loop of six stores cost 0.7 ms an advise on the Pico
        _insert(out, a, _step(table, base, w, scale, c, inactive, used, scored, a))
    return out


def _check(active, inactive, used, scored):
    """The active dice; ValueError unless the four zones hold 10."""
    n_active = 0
    for f in range(FACES):
        n_active += active[f]
    if n_active + inactive + used + scored != DICE or min(inactive, used, scored) < 0:
        raise ValueError("the four zones must hold 10 dice")
    return n_active


def _cont(table, base, w, scale, inactive, used, scored):
    """The value of CONTINUE at a pass/continue point (M6)."""
    i = inactive + (inactive + used) * (inactive + used - 1) // 2
    return _scaled(table.read(base + w * i, w), scale)


def _step(table, base, w, scale, c, inactive, used, scored, a):
    """The value of resolution `a` (legal) of a position; `base` is the block's
    states, c a 9-byte scratch holding the active faces (changed here)."""
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
            return 0.0 if scale else 0
    elif actor == MEEPLE:  # M3a: the target is rerolled
        c[t] -= 1
        roll = True
    elif actor == SPACESHIP:  # M3c
        c[t] -= 1
        c[6] += 1
    else:  # M3b: flipped to the opposite face (M1)
        c[t] -= 1
        c[t ^ 1] += 1
    if not roll:
        return _scaled(table.read(base + w * _state_rank(c), w), scale)
    ranks = _roll_ranks(c)
    if table.mem is not None:
        total = _mapped_total(table, base, w, ranks)
    elif len(table.span):  # read_spans()
        total = _span_total(table, base, w, ranks)
    else:
        total = 0
        for f in range(FACES):
            total += table.read(base + w * ranks[f], w)
    return total / (6 * scale) if scale else total


def _mapped_total(table, base, w, ranks):
    """The six entries at `ranks` (highest first, _roll_ranks) added, indexed in the
    mapped file: no call a read (a call costs some 30 us of the 45 a mapped read takes
    on the emulated Pico)."""
    mem = table.mem
    if base + w * ranks[0] + w > table.size:
        raise ValueError("hint table truncated")
    total = 0
    for r in ranks:
        k = base + w * r
        total += (mem[k] | (mem[k + 1] << 8)) if w == 2 else mem[k]
    return total


def _span_total(table, base, w, ranks):
    """The six entries at `ranks` (highest first, _roll_ranks) added, read a span at a
    time from the lowest (table.read_spans)."""
    span = table.span
    f = table.f
    total = 0
    j = FACES - 1
    while j >= 0:
        lo = base + w * ranks[j]
        n = base + w * ranks[0] + w - lo  # to the highest entry's end
        if n > len(span):
            n = len(span)
        f.seek(lo)
        got = f.readinto(span[:n])
        if got < w:
            raise ValueError("hint table truncated")
        table.lo = lo
        table.hi = lo + got
        k = 0
        while k + w <= got:  # the entries this span holds (the first one at least)
            total += (span[k] | (span[k + 1] << 8)) if w == 2 else span[k]
            j -= 1
            if j < 0:
                break
            k = base + w * ranks[j] - lo
    return total


def value(table, active, inactive, used, scored):
    """V of a position in the raw unit (advise's raw=True): its best step's value, read
    once from the table, not worked out from every step. At a pass/continue point the
    better of CONTINUE and PASS; just after a roll (used 0) the ROLLED block; else the
    position's own entry in the points block. ValueError without the ROLLED block."""
    n_active = _check(active, inactive, used, scored)
    base = _block(table, 0)
    if n_active == 0:
        banked = scored * (scored + 1) // 2 * 6 * POINTS_SCALE
        if used == 0:
            return banked
        cont = _cont(table, base, 2, 0, inactive, used, scored)
        return cont if cont > banked else banked
    c = bytearray(9)
    for f in range(FACES):
        c[f] = active[f]
    c[6] = inactive
    if used == 0:
        c[7] = scored
        return table.read(_block(table, ROLLED) + 2 * _state_rank(c, 8), 2) * 6
    c[7] = used - 1
    c[8] = scored
    return table.read(base + 2 * (DECIDE_POINTS + _state_rank(c)), 2) * 6


def step_value(table, active, inactive, used, scored, a):
    """The value of step `a` (legal) of a position in the raw unit: PASS, CONTINUE or a
    resolution, read as advise() reads it, for one step only."""
    if a == PASS:
        return scored * (scored + 1) // 2 * 6 * POINTS_SCALE
    base = _block(table, 0)
    if a == CONTINUE:
        return _cont(table, base, 2, 0, inactive, used, scored)
    c = bytearray(9)
    for f in range(FACES):
        c[f] = active[f]
    return _step(table, base + 2 * DECIDE_POINTS, 2, 0, c, inactive, used, scored, a)


def _scaled(v, scale):
    """A stored value in its unit (scale), or x 6 in the raw unit (scale 0)."""
    return v / scale if scale else v * 6


def _insert(out, action, value):
    """Keep `out` sorted best first; equal values stay in arrival (legal) order."""
    i = len(out)
    while i and out[i - 1][1] < value:
        i -= 1
    out.insert(i, (action, value))
