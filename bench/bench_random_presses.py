"""Random presses on the firmware as deployed, at the simulator's default heap: the
MicroPython unix port, the .mpy build, `geekout sim --headless --runtime micropython
--random-presses N --game G --json` with no --heap (the default, 240K: the Pico's free
heap at boot, docs/gadget.md, Simulator). The presses are split across the three games
(one run per game, each offering only that game under New game, so each game is played
a third of the time and the rest is the home screens around it); the runs go side by
side, --jobs at a time.

Printed: per game and in all, the presses, the errors (any exception in the firmware,
counted by the simulator), the peak heap (gc.mem_alloc() after gc.collect() after each
press, the simulator's harness included), the screens visited and the wall time. The
exit status is 1 when any run has an error or fails.

Run: .venv/bin/python bench/bench_random_presses.py [--presses 1000000] [--seed 1]
[--jobs 2]   (about 1 ms a press on one core: 1,000,000 presses take 10-15 min on two)
"""

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("masters", "capture", "battle")


def geekout():
    """The geekout command of the venv this runs in (or `python -m geekout_tools.cli`)."""
    exe = Path(sys.executable).parent / "geekout"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "geekout_tools.cli"]


def run_game(game, presses, seed):
    """(report dict or None, stderr tail, wall seconds) of one headless unix-port run."""
    cmd = geekout() + ["sim", "--headless", "--runtime", "micropython", "--random-presses",
                       str(presses), "--seed", str(seed), "--game", game, "--json"]
    t0 = time.monotonic()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=str(ROOT),
                          env=dict(os.environ, PYTHONUNBUFFERED="1"))
    wall = time.monotonic() - t0
    try:
        report = json.loads(proc.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        report = None
    tail = proc.stderr.strip().splitlines()[-3:]
    return report, " | ".join(tail), wall, proc.returncode


def split(total, parts):
    """`total` presses in `parts` shares differing by at most one."""
    return [total // parts + (1 if i < total % parts else 0) for i in range(parts)]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--presses", type=int, default=int(os.environ.get(
        "GEEKOUT_BENCH_PRESSES", "1000000")), help="in all, split across the three games "
        "(default 1,000,000; GEEKOUT_BENCH_PRESSES)")
    ap.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    ap.add_argument("--jobs", type=int, default=max(1, min(3, os.cpu_count() or 1)))
    args = ap.parse_args(argv)
    if not 3 <= args.presses <= 3 * 1000000:
        ap.error("--presses: 3-3,000,000 (at most 1,000,000 a game, the simulator's limit)")
    shares = split(args.presses, len(GAMES))
    print("{:,} random presses on the unix port (.mpy firmware), default heap, split across "
          "{}; {} runs at a time".format(args.presses, ", ".join(GAMES), args.jobs), flush=True)
    t0 = time.monotonic()
    with ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(run_game, g, n, args.seed + i)
                   for i, (g, n) in enumerate(zip(GAMES, shares))]
        results = [f.result() for f in futures]
    wall = time.monotonic() - t0
    count = errors = peak = 0
    bad = False
    for game, n, (report, tail, secs, code) in zip(GAMES, shares, results):
        if report is None:
            bad = True
            print("  {:<8} {:>9,} presses: the run failed (exit {}): {}".format(
                game, n, code, tail or "no output"))
            continue
        count += report["presses"]
        errors += report["errors"]
        peak = max(peak, report["peak_heap_bytes"])
        print("  {:<8} {:>9,} presses, {} errors, peak heap {:,} B, {} screens, {:.0f} s".format(
            game, report["presses"], report["errors"], report["peak_heap_bytes"],
            len(report["screens"]), secs))
    print("count {:,}, errors {}, peak heap {:,} B, wall time {:.0f} s".format(
        count, errors, peak, wall))
    return 1 if bad or errors else 0


if __name__ == "__main__":
    sys.exit(main())
