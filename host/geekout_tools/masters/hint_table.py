"""Writes the gadget's Masters hint table (firmware/geekout/masters/hint.bin).

`python -m geekout_tools.masters.hint_table` solves the expected-points problem and the
ten "at least k scored dice" problems exactly (solver.py) and stores every value the
device needs in the layout documented in firmware/geekout/masters/hint.py, which
reads it back with seek+read. `--points-only` writes the expected-points blocks alone
(87 KB instead of 331 KB); `--check` exits 1 when the file on disk is not what the
solver gives now.
"""

import argparse
import sys
from pathlib import Path

import numpy as np
from geekout.masters import consts as mc
from geekout.masters import hint as mh

from .. import outputs
from ..errors import UsageError
from . import solver as sv

ROOT = Path(__file__).resolve().parents[3]
TABLE = ROOT / "firmware" / mc.HINT_FILE
# 0: expected points; k: at least k scored dice; ROLLED: expected points just after a
# roll (used 0), for the gadget's review
ALL_PROBLEMS = tuple(range(11)) + (mh.ROLLED,)
POINTS_ONLY = (0, mh.ROLLED)


def layout():
    """(host indices of the table's states in device rank order, decide (I, U, S) in
    device rank order)."""
    mdl = sv.model()
    Y = sv.compositions(9, sv.PARTS)  # (a0..a5, I, U - 1, S), row = device rank
    assert (sv.comb_rank(Y) == np.arange(len(Y))).all() and len(Y) == mh.STATES
    X = Y.copy()
    X[:, sv.COL_U] += 1
    host = mdl.rank_to_idx[sv.comb_rank(X)]
    decide = [None] * mh.DECIDE_POINTS
    for i in range(11):
        for u in range(1, 11 - i):
            decide[i + (i + u) * (i + u - 1) // 2] = (i, u, 10 - i - u)
    return host, decide


def rolled_layout():
    """Host indices of the positions just rolled (used 0), in the device's rank order of
    their 8 counts (faces, inactive, scored)."""
    mdl = sv.model()
    Y = sv.compositions(10, 8)
    pref = np.cumsum(Y[:, :7], axis=1) + np.arange(7)
    rank = sv._BIN[pref, np.arange(1, 8)].sum(axis=1)
    Y = Y[np.argsort(rank)]
    assert len(Y) == mh.ROLLED_STATES
    X = np.concatenate([Y[:, :7], np.zeros((len(Y), 1), dtype=Y.dtype), Y[:, 7:]], axis=1)
    return mdl.rank_to_idx[sv.comb_rank(X)]


def problem_solution(k):
    return sv.solve(0 if k == 0 else sv.points(k))


def quantize(values, k):
    """Expected points (k = 0) as u16 x POINTS_SCALE, probabilities as u8 x PROB_SCALE."""
    scale = mh.POINTS_SCALE if k == 0 else mh.PROB_SCALE
    q = np.floor(np.asarray(values) * scale + 0.5)
    assert q.min() >= 0 and q.max() <= (65535 if k == 0 else 255)
    return q.astype("<u2" if k == 0 else "u1")


def block(k, host=None, decide=None):
    """The bytes of one problem's block."""
    if k == mh.ROLLED:
        return quantize(problem_solution(0).V[rolled_layout()], 0).tobytes()
    if host is None:
        host, decide = layout()
    sol = problem_solution(k)
    cont = [sol.C[i, u, s] for i, u, s in decide]
    return quantize(cont, k).tobytes() + quantize(sol.V[host], k).tobytes()


def table_bytes(problems=ALL_PROBLEMS):
    host, decide = layout()
    head = bytearray(mh.HEADER)
    head[:4] = mh.MAGIC
    head[4] = mh.VERSION
    head[5] = len(problems)
    head[6:6 + len(problems)] = bytes(problems)
    out = bytes(head) + b"".join(block(k, host, decide) for k in problems)
    assert len(out) == mh.HEADER + sum(mh.block_size(k) for k in problems)
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(prog="hint_table", description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(TABLE), help="where to write (default: firmware)")
    parser.add_argument("--points-only", action="store_true",
                        help="only the expected-points block")
    parser.add_argument("--check", action="store_true",
                        help="compare with the file instead of writing it")
    args = parser.parse_args(argv)
    data = table_bytes(POINTS_ONLY if args.points_only else ALL_PROBLEMS)
    path = Path(args.out)
    if args.check:
        same = path.exists() and path.read_bytes() == data
        print("{}: {}".format(path, "up to date" if same else "differs from the solver"))
        return 0 if same else 1
    try:
        outputs.write_file(path, data, "--out")
    except UsageError as e:
        print("hint_table: error: {}".format(e), file=sys.stderr)
        return 2
    print("wrote {} ({} bytes)".format(path, len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
