"""Writes the gadget's win table (firmware/geekout/masters/win.bin; docs/masters-win.md,
The gadget's table).

The file is the turn-start table of winsolve.gadget_table() (12-byte header, one byte
per turn and lead: the chance to win of the player about to play) followed by a
decision block: where, at a pass/continue point (M6), the win-optimal choice of the
solved two-player game differs from the points-optimal one of solver.py (M9). The
layout is documented in firmware/geekout/masters/winchance.py (the device reader) and
docs/masters-win.md ("The gadget's table").

The departures are stored exactly: for each turn but the last and each of the 55
pass/continue points (inactive I, used U >= 1, scored S), the turn-start leads where
the choices differ, as intervals of leads. Leads a turn cannot have (sums of M7 values:
winsolve.reachable_leads) are free, so an interval may run across them; every lead the
turn can have is exact (`check_departures`). The last turn of the game needs no
intervals: the second player knows the target (M8), so passing is right when it takes
the lead, continuing when passing loses, and only a pass that ties (lead + points = 0)
needs one bit per point.

`python -m geekout_tools.masters.win_table` writes the file; `--check` exits 1 when the
file on disk is not what the solver gives now. It reads the solved game from
winsolve's disk cache (or solves it: 2-4 minutes the first time).
"""

import argparse
import io
import sys
from pathlib import Path

from geekout.masters import winchance as wc

from .. import outputs
from ..errors import UsageError
from . import solver as sv
from . import winsolve as ws

ROOT = Path(__file__).resolve().parents[3]
TABLE = ROOT / "firmware" / wc.WIN_FILE


def decide_points():
    """(I, U, S) of the 55 pass/continue points in the device's rank order (hint.py's:
    rank = I + (I + U)(I + U - 1) / 2)."""
    out = [None] * wc.DECIDE_POINTS
    for i in range(sv.DICE):
        for u in range(1, sv.DICE + 1 - i):
            out[wc.decide_rank(i, u)] = (i, u, sv.DICE - i - u)
    assert None not in out
    return out


def points_cont():
    """[bool] per rank: solver.py's points-optimal choice is CONTINUE."""
    cont = sv.solve().cont
    return [bool(cont[i, u, s]) for i, u, s in decide_points()]


def win_cont(g, t, lead):
    """[bool] per rank: the win-optimal choice at turn t with `lead` is CONTINUE, from
    winsolve's departures(); None when the lead decides the game (every choice is then
    as good, and the play is for points)."""
    deps = g.departures(t, lead)
    if deps is None:
        return None
    cont = deps[1]
    return [bool(cont[i][u][s]) for i, u, s in decide_points()]


def departing_leads(g, t):
    """{rank: sorted reachable leads of turn t where the win-optimal pass/continue choice
    differs from the points-optimal one}."""
    pts = points_cont()
    out = {k: [] for k in range(wc.DECIDE_POINTS)}
    for lead in ws.reachable_leads(t).tolist():
        win = win_cont(g, t, lead)
        if win is None:
            continue
        for k in range(wc.DECIDE_POINTS):
            if win[k] != pts[k]:
                out[k].append(lead)
    return out


def intervals(t, leads):
    """The fewest (first, last) lead intervals holding exactly `leads` among the turn's
    reachable leads, each at most 256 leads long (a length byte)."""
    reach = ws.reachable_leads(t).tolist()
    want = set(leads)
    out = []
    run = None
    for d in reach:
        if d in want:
            if run is not None and d - run[0] < 256:
                run[1] = d
            else:
                if run is not None:
                    out.append(tuple(run))
                run = [d, d]
        elif run is not None:
            out.append(tuple(run))
            run = None
    if run is not None:
        out.append(tuple(run))
    return out


def tie_cont(g):
    """[bool] per rank: at the game's last turn, when passing would tie (lead =
    -points(S)), the win-optimal choice is CONTINUE."""
    t = ws.TURNS - 1
    out = []
    for _i, _u, s in decide_points():
        win = win_cont(g, t, -sv.points(s))
        out.append(win[len(out)])
    return out


def _bits(flags):
    out = bytearray((len(flags) + 7) // 8)
    for k, f in enumerate(flags):
        if f:
            out[k >> 3] |= 1 << (k & 7)
    return bytes(out)


def decision_block(g):
    """The decision block, its size field counting the checksum after it."""
    entries = []
    for t in range(ws.TURNS - 1):  # the last turn goes by its rule
        lo = int(g.lo[t])
        deps = departing_leads(g, t)
        counts = bytearray()
        body = bytearray()
        for k in range(wc.DECIDE_POINTS):
            ivs = intervals(t, deps[k])
            assert len(ivs) < 256
            counts.append(len(ivs))
            for first, last in ivs:
                start = first - lo
                assert 0 <= start < 65536 and 0 <= last - first < 256
                body += start.to_bytes(2, "little") + bytes((last - first,))
        entries.append(lo.to_bytes(2, "little", signed=True) + bytes(counts) + bytes(body))
    head = bytearray(wc.BLOCK_HEAD)
    head[0:4] = wc.BLOCK_MAGIC
    head[4] = wc.BLOCK_VERSION
    head[wc.POINTS_BITS:wc.POINTS_BITS + 7] = _bits(points_cont())
    head[wc.TIE_BITS:wc.TIE_BITS + 7] = _bits(tie_cont(g))
    at = wc.BLOCK_HEAD
    for t, e in enumerate(entries):
        head[wc.DIRECTORY + 2 * t:wc.DIRECTORY + 2 * t + 2] = at.to_bytes(2, "little")
        at += len(e)
    # the last turn's directory entry stays 0: it goes by its rule
    size = at + 2
    assert size < 65536
    head[6:8] = size.to_bytes(2, "little")
    return bytes(head) + b"".join(entries)


def table_bytes(g=None):
    """The whole of win.bin: the turn-start table, the decision block, the checksum."""
    g = ws.game() if g is None else g
    data = ws.gadget_table(g) + decision_block(g)
    return data + wc.checksum(data).to_bytes(2, "little")


# -- the check ---------------------------------------------------------------------------
def reference_cont(g, pts, t, lead, rank):
    """The win-optimal choice (True: CONTINUE) as the solver has it; points-optimal where
    the lead decides the game."""
    win = win_cont(g, t, lead)
    return pts[rank] if win is None else win[rank]


def check_departures(win, g=None):
    """Every (turn, pass/continue point, reachable lead) through the device reader
    (winchance.step on the open table `win`) against the solver: a list of the
    mismatches (empty when the file is exact) and the number of cases compared."""
    g = ws.game() if g is None else g
    pts = points_cont()
    bad = []
    n = 0
    points = decide_points()
    for t in range(ws.TURNS):
        for lead in ws.reachable_leads(t).tolist():
            want_all = win_cont(g, t, lead)
            for k, (i, u, s) in enumerate(points):
                want = pts[k] if want_all is None else want_all[k]
                got = wc.step(win, t, lead, i, u, s)
                n += 1
                expect = (wc.CONTINUE if want else wc.PASS,
                          wc.CONTINUE if pts[k] else wc.PASS)
                if got != expect:
                    bad.append((t, lead, (i, u, s), got, expect))
    return bad, n


def check_values(win, g=None):
    """Every reachable (turn, lead) through winchance.value() against gadget_table's
    bytes and the solver (within half a step): the mismatches."""
    g = ws.game() if g is None else g
    bad = []
    for t in range(ws.TURNS):
        for lead in ws.reachable_leads(t).tolist():
            got = wc.value(win, t, lead)
            exact = g.at(t, lead)
            if got is None or abs(got / 255 - exact) > 0.5 / 255 + 1e-12:
                bad.append((t, lead, got, exact))
    return bad


class MemoryData:
    """A stand-in for the board's data storage: one file's bytes."""

    def __init__(self, data):
        self.data = data

    def open(self, name, mode="rb"):
        if name != wc.WIN_FILE:
            raise OSError(2, name)
        return io.BytesIO(self.data)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="win_table", description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(TABLE), help="where to write (default: firmware)")
    parser.add_argument("--check", action="store_true",
                        help="compare with the file instead of writing it")
    parser.add_argument("--verify", action="store_true",
                        help="also run the file through the device reader against the "
                             "solver at every reachable (turn, point, lead)")
    args = parser.parse_args(argv)
    g = ws.game()
    data = table_bytes(g)
    path = Path(args.out)
    if args.check:
        same = path.exists() and path.read_bytes() == data
        print("{}: {}".format(path, "up to date" if same else "differs from the solver"))
        if not same:
            return 1
    else:
        try:
            outputs.write_file(path, data, "--out")
        except UsageError as e:
            print("win_table: error: {}".format(e), file=sys.stderr)
            return 2
        print("wrote {} ({} bytes)".format(path, len(data)))
    if args.verify:
        win = wc.find_win(MemoryData(path.read_bytes()))
        if win is None:
            print("the device reader does not open it")
            return 1
        bad, n = check_departures(win, g)
        badv = check_values(win, g)
        print("{} pass/continue cases, {} wrong; {} turn starts wrong".format(n, len(bad), len(badv)))
        if bad or badv:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

