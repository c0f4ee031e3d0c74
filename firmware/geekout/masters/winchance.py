"""Geek Out! Masters, 2 players: each player's chance to win and the win-optimal pass or
continue, read from a flash table (geekout/masters/win.bin, written by the host's
geekout_tools.masters.win_table from the solved game, M8).

A lookup opens the file, seeks, reads a few bytes and closes it again: only the decision
block's header and three numbers stay in RAM. A missing or broken file (find_win checks
its length and checksum once, when the game starts) means no chance is shown: every
function answers None or "" then, never raises. Turns: t = 2 * round + p (round 0-4,
p = 0 for the first player); the lead is the mover's total minus the other's.
File layout, figures and why: docs/masters-win.md, The gadget's table.
"""

from micropython import const

from geekout.masters.consts import CONTINUE, DICE, PASS, ROUNDS

WIN_FILE = "geekout/masters/win.bin"
MAGIC = b"GOW2"
VERSION = const(1)
HEADER = const(12)
TURNS = const(10)  # 2 * ROUNDS
BLOCK_MAGIC = b"GOWD"
BLOCK_VERSION = const(1)
BLOCK_HEAD = const(44)
POINTS_BITS = const(10)
TIE_BITS = const(17)
DIRECTORY = const(24)
DECIDE_POINTS = const(55)
MAX_TURN = const(55)  # the most one turn can add (M7: 10 dice scored)
_ENTRY = const(57)  # an entry's base lead and counts
_CHUNK = const(128)


def decide_rank(inactive, used):
    """hint.py's rank of the pass/continue point (inactive, used >= 1)."""
    n = inactive + used
    return inactive + n * (n - 1) // 2


def checksum(data, h=0):
    """The file's checksum over `data`, continuing from `h` (a file read in pieces)."""
    for b in data:
        h = (h * 33 + b) & 0xFFFF
    return h


def turns_left(t):
    """(m, o): turns left to the mover of turn t (this one included) and to the other."""
    r = t >> 1
    return ROUNDS - r, ROUNDS - r - (t & 1)


class WinTable:
    """An installed win table: the storage it is on and its two headers."""

    def __init__(self, data, lead_min, width, block, head):
        self.data = data
        self.lead_min = lead_min
        self.width = width
        self.block = block  # B: where the decision block starts
        self.head = head  # the decision block's first BLOCK_HEAD bytes


def _read(f, offset, n):
    f.seek(offset)
    got = f.read(n)
    if got is None or len(got) != n:
        raise ValueError("win table truncated")
    return got


def _u16(b, i):
    return b[i] | (b[i + 1] << 8)


def _i16(b, i):
    v = _u16(b, i)
    return v - 65536 if v & 0x8000 else v


def _check(data, f):
    head = _read(f, 0, HEADER)
    if head[0:4] != MAGIC or head[4] != VERSION or head[5] != TURNS:
        raise ValueError("not a win table")
    lead_min = _i16(head, 6)
    width = _u16(head, 8)
    if not 0 < width < 4096:
        raise ValueError("bad win table header")
    block = HEADER + TURNS * width
    bhead = _read(f, block, BLOCK_HEAD)
    if bhead[0:4] != BLOCK_MAGIC or bhead[4] != BLOCK_VERSION:
        raise ValueError("no decision block")
    end = block + _u16(bhead, 6) - 2
    if end < block + BLOCK_HEAD:
        raise ValueError("bad decision block")
    f.seek(0)
    buf = bytearray(_CHUNK)
    h = 0
    at = 0
    while at < end:
        n = f.readinto(buf)
        if not n:
            raise ValueError("win table truncated")
        n = min(n, end - at)
        h = checksum(memoryview(buf)[:n], h)
        at += n
    if _u16(_read(f, end, 2), 0) != h:
        raise ValueError("win table checksum")
    return WinTable(data, lead_min, width, block, bytes(bhead))


def find_win(data):
    """The win table on the board's data storage (`data.open(name)`), or None when it is
    missing or does not read as one (checked whole: its length and checksum)."""
    try:
        f = data.open(WIN_FILE)
    except OSError:
        return None
    try:
        return _check(data, f)
    except (OSError, ValueError, IndexError):
        return None
    finally:
        f.close()


def value(win, t, lead):
    """The stored byte (value x 255) of the player about to play turn t with `lead`, or
    None (no table, or it cannot be read)."""
    if win is None or not 0 <= t < TURNS:
        return None
    j = min(max(lead - win.lead_min, 0), win.width - 1)
    try:
        f = win.data.open(WIN_FILE)
        try:
            return _read(f, HEADER + t * win.width + j, 1)[0]
        finally:
            f.close()
    except (OSError, ValueError):
        return None


def percent(t, lead, byte):
    """Whole percent from a stored byte: 0 and 100 only when the lead decides the game
    before turn t (a turn adds at most 55 points, M7), else 1-99."""
    m, o = turns_left(t)
    if lead > MAX_TURN * o:
        return 100
    if lead < -MAX_TURN * m:
        return 0
    p = (200 * byte + 255) // 510  # round(100 * byte / 255)
    return 1 if p < 1 else 99 if p > 99 else p


def turn_of(state):
    """(t, lead) of a 2-player game (the rules core's MastersState or its Scorepad) in
    play; None for another number of players, before the first player is drawn, or
    after the game."""
    totals = state.totals
    if len(totals) != 2 or not state.journal or state.is_terminal():
        return None
    first = state.first
    if first < 0 or state.round >= ROUNDS:
        return None
    seat = state.seat
    return 2 * state.round + ((seat - first) & 1), totals[seat] - totals[1 - seat]


def chances(win, state):
    """[seat 0's, seat 1's] chance to win in whole percent (the two add up to 100) at the
    start of the turn in play (totals change only when a turn ends, so it holds through
    the turn); None without a table, for 3-4 players, before the first seat is drawn
    and after the game."""
    tl = turn_of(state)
    if win is None or tl is None:
        return None
    t, lead = tl
    byte = value(win, t, lead)
    if byte is None:
        return None
    p = percent(t, lead, byte)
    seat = state.seat
    out = [100 - p, 100 - p]
    out[seat] = p
    return out


def footer(win, state, names):
    """The scoreboard's footer: "Red 63% Gre 37%" (`names`: ui.widgets.SEAT_NAMES; at
    most 15 characters), or "" when there is no chance to show."""
    c = chances(win, state)
    if c is None:
        return ""
    return "{} {}% {} {}%".format(names[0][:3], c[0], names[1][:3], c[1])


def step(win, t, lead, inactive, used, scored):
    """(win-optimal, points-optimal) choice, PASS or CONTINUE, at the pass/continue point
    (inactive, used >= 1, scored) of turn t with `lead` at the turn's start; None without
    a table or for a position that is not such a point."""
    if win is None or not 0 <= t < TURNS or used < 1 or inactive < 0 or scored < 0:
        return None
    if inactive + used + scored != DICE:
        return None
    k = decide_rank(inactive, used)
    head = win.head
    pts = (head[POINTS_BITS + (k >> 3)] >> (k & 7)) & 1
    at = _u16(head, DIRECTORY + 2 * t)
    if at == 0:
        if t != TURNS - 1:
            return None
        if lead > 0 or lead < -MAX_TURN:  # decided: play for points
            cont = pts
        else:
            after = lead + scored * (scored + 1) // 2  # M7
            if after == 0:
                cont = (head[TIE_BITS + (k >> 3)] >> (k & 7)) & 1
            else:
                cont = 1 if after < 0 else 0
    else:
        try:
            f = win.data.open(WIN_FILE)
            try:
                entry = _read(f, win.block + at, _ENTRY)
                skip = 0
                for j in range(k):
                    skip += entry[2 + j]
                n = entry[2 + k]
                inside = 0
                if n:
                    ivs = _read(f, win.block + at + _ENTRY + 3 * skip, 3 * n)
                    d = lead - _i16(entry, 0)
                    for j in range(0, 3 * n, 3):
                        first = _u16(ivs, j)
                        if first <= d <= first + ivs[j + 2]:
                            inside = 1
                            break
            finally:
                f.close()
        except (OSError, ValueError):
            return None
        cont = pts ^ inside
    return (CONTINUE if cont else PASS), (CONTINUE if pts else PASS)


def step_text(win, state, inactive, used, scored, shown=-1):
    """"To win: Continue" / "To win: Pass" when the win-optimal choice at this
    pass/continue point of the game `state`'s turn differs from `shown` (the step the
    hint shows first), or by default from the points-optimal one; else ""."""
    tl = turn_of(state)
    if tl is None:
        return ""
    got = step(win, tl[0], tl[1], inactive, used, scored)
    if got is None:
        return ""
    best = got[1] if shown < 0 else shown
    if got[0] == best:
        return ""
    return "To win: Continue" if got[0] == CONTINUE else "To win: Pass"
