"""Figures for the game review (docs/masters.md, Figures): the time to review 100 games
on the host (in the process, and `geekout masters review FOLDER` as a whole command,
in points and with --win), and the points each kind of player loses a turn, over
1,000 seeded 2-player games each (both seats the same player).

`python bench/bench_review.py [--games N] [--review-games N] [--jobs N]`: --games per
player (default 1000), --review-games for the timing (default 100), --jobs worker
processes for the table (default 2). About 15 minutes on the 2-core project machine.
"""

import argparse
import json
import math
import os
import resource
import subprocess
import sys
import tempfile
import time
from multiprocessing import Pool
from pathlib import Path

Z95 = 1.959963984540054
# random and every strategy of strategies.py, the cautious ones (pass: at the first
# chance; reach-K: once K dice are scored) first, then the gadget's hint table (hint.bin
# read by the device's hint.advise) and optimal play.
PLAYERS = ["random", "pass", "reach-4", "reach-6", "odds", "win", "hint", "optimal"]
TIMING_PLAYERS = ["odds", "reach-6"]  # the timing's games: good play, but not perfect


def timing_games(n, folder):
    """n 2-player journals (odds against reach-6, seeds 0..n-1) in `folder`."""
    from geekout_tools.masters import review_games as rg

    for seed in range(n):
        data = rg.journal(rg.play(2, TIMING_PLAYERS, seed), 2)
        (Path(folder) / "{:04d}.goj".format(seed + 1)).write_bytes(data)


def in_process(folder):
    """(seconds, CPU seconds, turns, decisions) of reading and reviewing every journal of
    `folder` in this process, the solver already solved (its 0.4 s not counted)."""
    from geekout_tools.logs import reader
    from geekout_tools.masters import review as rv

    points = rv.points_valuer()
    t0, c0 = time.perf_counter(), time.process_time()
    turns = decisions = 0
    for _where, log in reader.read_folder(folder):
        game = rv.review(log.config[1], log.actions, points)
        turns += len(game["turns"])
        decisions += sum(len(t["decisions"]) for t in game["turns"])
    return time.perf_counter() - t0, time.process_time() - c0, turns, decisions


def command(folder, *extra):
    """(seconds, CPU seconds of the process) of `geekout masters review FOLDER --json`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    res = subprocess.run([sys.executable, "-m", "geekout_tools.cli", "masters", "review",
                          str(folder), "--json", *extra], capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if res.returncode:
        raise SystemExit(res.stderr)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, cpu, json.loads(res.stdout)


def lost_batch(task):
    """(player, seeds) -> per game: [turns, decisions, points lost, blunders, luck, score]
    summed over both seats."""
    from geekout_tools.masters import review as rv
    from geekout_tools.masters import review_games as rg

    name, seeds = task
    points = rv.points_valuer()
    rows = []
    for seed in seeds:
        game = rv.review(2, rg.play(2, [name], seed), points)
        ps = game["players"]
        rows.append([sum(p[k] for p in ps) for k in ("turns", "decisions", "points_lost",
                                                     "blunders", "luck", "score")])
    return name, rows


def mean_ci(xs):
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return mean, Z95 * math.sqrt(var / n)


def fmt(x):
    """A loss: 3 decimals, or 2 significant digits when it rounds to 0.000 there."""
    return "{:.3f}".format(x) if x == 0 or x >= 0.0005 else "{:.1e}".format(x)


def timing(args):
    """The time to review args.review_games games, three ways."""
    with tempfile.TemporaryDirectory() as folder:
        t0 = time.perf_counter()
        timing_games(args.review_games, folder)
        made = time.perf_counter() - t0
        size = sum(p.stat().st_size for p in Path(folder).iterdir())
        n = args.review_games
        print("review timing: {} 2-player games ({} against {}), {} KB of journals, played "
              "and written in {:.1f} s".format(n, *TIMING_PLAYERS, size // 1024, made))
        secs, cpu, turns, decisions = in_process(folder)
        print("  in the process (read + review, solver loaded): {:.2f} s for {} games "
              "({:.1f} ms a game, {:.0f} us a decision; {:.2f} s CPU); {} turns, {} "
              "decisions".format(secs, n, 1000 * secs / n, 1e6 * secs / decisions, cpu,
                                 turns, decisions))
        secs, cpu, _ = command(folder)
        print("  `geekout masters review FOLDER --json` (whole process: imports, the solve, "
              "{} games): {:.2f} s, {:.2f} s CPU".format(n, secs, cpu))
        from geekout_tools.masters import winsolve as ws

        if ws.read_cache(ws.cache_path()) is not None:
            secs, cpu, doc = command(folder, "--win")
            pairs = len({(t["round"], t["seat"], t["win"]["start"]) for g in doc["games"]
                         for t in g["turns"]})
            print("  the same with --win (the solved game read from its cache; each turn's "
                  "lead solved, ~{} distinct turn starts): {:.1f} s, {:.1f} s CPU ({:.2f} s "
                  "a game)".format(pairs, secs, cpu, secs / n))
        else:
            print("  --win not timed: the solved game is not in its cache (geekout masters "
                  "solve --win makes it)")


def table(args, players):
    """Points lost a turn by each player, args.games 2-player games each."""
    print()
    print("points lost a turn, {} 2-player games per player (both seats; seeds 0-{}), "
          "95% intervals:".format(args.games, args.games - 1))
    tasks = []
    chunk = max(1, args.games // (4 * args.jobs))
    for name in players:
        for a in range(0, args.games, chunk):
            tasks.append((name, list(range(a, min(args.games, a + chunk)))))
    t0 = time.perf_counter()
    rows = {name: [] for name in players}
    with Pool(args.jobs) as pool:
        for name, got in pool.imap_unordered(lost_batch, tasks):
            rows[name] += got
    print("| player | turns | decisions a turn | points lost a turn | blunders a turn | "
          "luck a turn | points a turn | V* + luck - lost |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    vstar = 19.056559944982
    for name in players:
        games = rows[name]
        turns = sum(g[0] for g in games)
        per = [[g[k] / g[0] for g in games] for k in range(1, 6)]
        lost, lost_ci = mean_ci(per[1])
        _score, score_ci = mean_ci(per[4])
        luck = sum(g[4] for g in games) / turns
        print("| {} | {:,} | {:.1f} | {} ({}-{}) | {:.3f} | {:+.3f} | {:.2f} "
              "(+/- {:.2f}) | {:.2f} |".format(
                  name, turns, sum(g[1] for g in games) / turns, fmt(lost),
                  fmt(max(0.0, lost - lost_ci)), fmt(lost + lost_ci),
                  sum(g[3] for g in games) / turns, luck,
                  sum(g[5] for g in games) / turns, score_ci,
                  vstar + luck - sum(g[2] for g in games) / turns))
    print("({:.0f} s on {} worker processes, load average {:.1f})".format(
        time.perf_counter() - t0, args.jobs, os.getloadavg()[0]))


def main():
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--review-games", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--players", default=",".join(PLAYERS),
                    help="comma-separated players for the table (default: all)")
    ap.add_argument("--no-timing", action="store_true", help="the table only")
    args = ap.parse_args()
    players = args.players.split(",")
    if not args.no_timing:
        timing(args)
    table(args, players)


if __name__ == "__main__":
    main()
