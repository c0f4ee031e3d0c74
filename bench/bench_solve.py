"""Figures for the Masters solver (issue: optimal play): cold solve time and peak memory,
`--need all` time, simulated optimal-strategy turns per second, the hint table's bytes,
and the time and RAM of one device hint under the MicroPython unix port."""

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

COLD = """
import json, resource, sys, time, tracemalloc
t0 = time.perf_counter()
from geekout_tools.masters import solver
t1 = time.perf_counter()
if sys.argv[1] == "trace":
    tracemalloc.start()
sol, seconds = solver.solve_report()
peak = tracemalloc.get_traced_memory()[1] if sys.argv[1] == "trace" else 0
print(json.dumps({"import": t1 - t0, "solve": seconds, "v": sol.start_value(),
                  "bound": sol.error_bound(), "traced_peak": peak,
                  "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""

HINT = """
import gc, sys, time
from geekout.masters import hint as mh
t = mh.open_table(open({path!r}, "rb"))
times = []
allocs = []
while True:
    line = sys.stdin.readline()
    if not line:
        break
    v = [int(w) for w in line.split()]
    gc.collect()
    gc.disable()
    a0 = gc.mem_alloc()
    t0 = time.ticks_us()
    mh.advise(t, v[:6], v[6], v[7], v[8], v[9])
    t1 = time.ticks_us()
    allocs.append(gc.mem_alloc() - a0)
    gc.enable()
    times.append(time.ticks_diff(t1, t0))
times.sort()
allocs.sort()
print(len(times), times[len(times) // 2], times[-1], allocs[len(allocs) // 2], allocs[-1])
"""


def cold_solves(runs=5, mode="time"):
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        res = subprocess.run([sys.executable, "-c", COLD, mode], capture_output=True,
                             text=True, check=True)
        out.append(json.loads(res.stdout))
        out[-1]["process"] = time.perf_counter() - t0
    return out


def optimal_turns_per_second(turns=20000):
    import random

    from geekout.masters import rules as m
    from geekout_tools.masters.strategies import Optimal

    strat = Optimal()
    state = m.new_initial_state(1)
    state.apply_action(0)
    strat.choose  # noqa: B018
    strat._table(0)  # the solve is not part of the play figure
    rng = random.Random(1)
    done = 0
    t0 = time.perf_counter()
    while done < turns:
        if state.is_terminal():
            state = m.new_initial_state(1)
            state.apply_action(0)
        if state.is_chance():
            m.play_chance(state, rng.randrange)
            continue
        before = len(state.turns)
        state.apply_action(strat.choose(state))
        done += len(state.turns) - before
    return turns / (time.perf_counter() - t0)


def hint_figures(count=300):
    import random

    from geekout_tools.masters import hint_table as ht
    from geekout_tools.masters import solver as sv
    from mpy_harness import run_micropython

    mdl = sv.model()
    rng = random.Random(2)
    rows = [i for i in rng.sample(range(mdl.n), 5 * count) if mdl.has_action[i]][:count]
    lines = []
    for k, i in enumerate(rows):
        x = [int(v) for v in mdl.X[i]]
        lines.append(" ".join(str(v) for v in x + [(0, 28)[k % 2]]))
    res = run_micropython(code=HINT.format(path=str(ht.TABLE)), heap="96K",
                          stdin="\n".join(lines) + "\n")
    if res.returncode:
        raise SystemExit(res.stderr)
    n, med, worst, amed, aworst = (int(w) for w in res.stdout.split())
    return n, med, worst, amed, aworst, ht.TABLE.stat().st_size


def main():
    runs = cold_solves()
    solve = [r["solve"] for r in runs]
    print("solve (cold: fresh process, model built and solved; 5 runs): median {:.3f} s, "
          "min {:.3f} s, max {:.3f} s; numpy+solver import {:.3f} s; whole process "
          "{:.3f} s".format(statistics.median(solve), min(solve), max(solve),
                            runs[0]["import"], statistics.median(r["process"] for r in runs)))
    print("  V* = {:.12f}, error bound {:.1e}".format(runs[0]["v"], runs[0]["bound"]))
    traced = cold_solves(1, "trace")[0]
    print("  peak memory: {:.1f} MB traced (tracemalloc during the solve, numpy arrays "
          "included), {:.1f} MB max RSS of the process".format(
              traced["traced_peak"] / 1e6, traced["maxrss_kb"] / 1e3))
    from geekout_tools.masters import solver as sv

    sv.solve()
    t0 = time.perf_counter()
    for n in range(1, 56):
        sv.solve(need=n).start_value()
    print("solve --need all (10 distinct problems, model already built): {:.3f} s".format(
        time.perf_counter() - t0))
    t0 = time.perf_counter()
    bad = sv.crosscheck()
    print("cross-check of every resolution state with the rules core: {:.1f} s, {} "
          "disagreements".format(time.perf_counter() - t0, len(bad)))
    print("optimal strategy on the rules core: {:.0f} turns/s".format(optimal_turns_per_second()))
    n, med, worst, amed, aworst, size = hint_figures()
    print("hint table: {} bytes on flash".format(size))
    print("device hint (MicroPython unix port, 96K heap, {} resolution states): median {} us, "
          "max {} us; heap allocated per hint median {} B, max {} B".format(
              n, med, worst, amed, aworst))


if __name__ == "__main__":
    main()
