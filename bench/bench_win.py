"""Figures for the solved two-player game (docs/masters-win.md, Figures): a cold solve's
time and peak memory (fresh process, no cache), first_player and shared, the error
bound, the cache and gadget-table sizes, a small win-rate table of `win2` (seeded
games, 95% intervals), and what an exact 3- or 4-player solve would cost.

`python bench/bench_win.py [--games N]` (N games per matchup, default 3000). The cold
solve takes 2-4 minutes on the 2-core project machine.
"""

import argparse
import json
import math
import random
import subprocess
import sys
import time

COLD = """
import json, resource, time, tracemalloc
tracemalloc.start()
t0 = time.perf_counter()
c0 = time.process_time()
from geekout_tools.masters import winsolve as ws
g = ws.solve_game()
print(json.dumps({"seconds": time.perf_counter() - t0, "cpu": time.process_time() - c0,
                  "first_player": g.first_player, "shared": g.shared,
                  "bound": g.error_bound(), "states": g.states(),
                  "traced_peak": tracemalloc.get_traced_memory()[1],
                  "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  "solved_pairs": int(sum(g.hi - g.lo + 1)),
                  "departures": int(sum(len(g.dep_states[t]) for t in range(10)))}))
"""

Z95 = 1.959963984540054
MAX_TURN = 55
ROUNDS = 5
STATES = 43758  # one turn's states (solver.py)


def cold_solve():
    res = subprocess.run([sys.executable, "-c", COLD], capture_output=True, text=True,
                         check=True)
    return json.loads(res.stdout)


def win_rates(games):
    from geekout_tools.masters.simulate import play_game
    from geekout_tools.masters.strategies import make_strategy

    rows = []
    for rival in ("optimal", "win", "odds"):
        strategies = [make_strategy("win2"), make_strategy(rival)]
        rng = random.Random(18)
        xs = []
        t0 = time.perf_counter()
        for _ in range(games):
            state = play_game(2, strategies, rng)
            winners = state.winners()
            xs.append(1.0 / len(winners) if 0 in winners else 0.0)
        mean = sum(xs) / games
        half = Z95 * math.sqrt(sum((x - mean) ** 2 for x in xs) / (games - 1) / games)
        rows.append((rival, games, mean, mean - half, mean + half,
                     games / (time.perf_counter() - t0)))
    return rows


def lead_vectors(players, t):
    """The score-difference vectors (mover minus each other player) that the start of
    turn t of a `players`-player game can have, counted exactly: d_i = a - b_i with the
    mover's total a in 0..55k and each other's b_i in 0..55 n_i (all integers: an upper
    bound on the totals the M7 values can make, tight from the third round)."""
    import numpy as np

    k, seat = divmod(t, players)
    played = [k + (1 if i < seat else 0) for i in range(players) if i != seat]
    top = MAX_TURN * k
    # count vectors d with max(0, max d_i) <= min(top, min(d_i + 55 n_i))
    axes = [np.arange(-MAX_TURN * n, top + 1) for n in played]
    total = 0
    if len(axes) > 1:
        grids = np.meshgrid(*axes[1:], indexing="ij")
        lo_rest = np.maximum.reduce([np.maximum(g, 0) for g in grids])
        hi_rest = np.minimum.reduce([g + MAX_TURN * n for g, n in zip(grids, played[1:])])
    for d1 in axes[0]:
        lo = max(0, d1)
        hi = min(top, d1 + MAX_TURN * played[0])
        if len(axes) == 1:
            total += int(lo <= hi)
            continue
        total += int((np.maximum(lo, lo_rest) <= np.minimum(hi, hi_rest)).sum())
    return total


def multiplayer_cost(per_pair_cpu):
    out = []
    for players in (2, 3, 4):
        turns = ROUNDS * players
        starts = sum(lead_vectors(players, t) for t in range(turns))
        # each player's value at every turn start (P floats: not zero-sum beyond 2)
        table_mb = starts * players * 8 / 1e6
        # a turn solve per start, P - 1 more reward columns evaluated alongside
        cpu_h = starts * per_pair_cpu * (1 + 0.1 * (players - 2)) / 3600
        out.append((players, turns, starts, starts * STATES, table_mb, cpu_h))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    args = parser.parse_args(argv)
    from geekout_tools.masters import winsolve as ws

    cold = cold_solve()
    print("solve --win, cold (fresh process, no cache): {:.1f} s wall, {:.1f} s CPU; "
          "{} (turn, lead) MDPs solved of {:,} reachable turn starts".format(
              cold["seconds"], cold["cpu"], cold["solved_pairs"], cold["states"] // 42812))
    print("  peak memory: {:.0f} MB traced (tracemalloc, numpy arrays included), {:.0f} MB "
          "max RSS of the process".format(cold["traced_peak"] / 1e6, cold["maxrss_kb"] / 1e3))
    print("  first_player = {:.12f}, shared = {:.12f}, error bound {:.1e}, states {:,}".format(
        cold["first_player"], cold["shared"], cold["bound"], cold["states"]))
    print("  departures from points-optimal play stored: {:,} (state, action) pairs".format(
        cold["departures"]))
    t0 = time.perf_counter()
    g = ws.game()
    load = time.perf_counter() - t0
    path = ws.cache_path()
    print("cache: {} ({:,} bytes), read in {:.2f} s".format(path, path.stat().st_size, load))
    t0 = time.perf_counter()
    ws.turn_solution(5, -20, g)
    print("advise --win: one lead re-solved in {:.2f} s".format(time.perf_counter() - t0))
    data = ws.gadget_table(g)
    width = int.from_bytes(data[8:10], "little")
    lead_min = int.from_bytes(data[6:8], "little", signed=True)
    print("gadget table: {:,} bytes (12-byte header, 10 turns x {} leads {}..{})".format(
        len(data), width, lead_min, lead_min + width - 1))
    print("win rates, win2 against B, {} seeded games each (random first seat):".format(
        args.games))
    print("  B        games  win2's share (95% CI)    games/s")
    for rival, n, mean, lo, hi, rate in win_rates(args.games):
        print("  {:<8} {:>5}  {:.3f} ({:.3f}-{:.3f})     {:.0f}".format(rival, n, mean, lo, hi,
                                                                          rate))
    per_pair = cold["cpu"] / cold["solved_pairs"]
    print("exact P-player solves (turn starts = score-difference vectors a turn can have; "
          "time at this solve's {:.3f} CPU s per turn MDP):".format(per_pair))
    print("  P  turns  turn starts       states (x 43,758)   tables   CPU time")
    for players, turns, starts, states, mb, hours in multiplayer_cost(per_pair):
        print("  {}  {:>5}  {:>12,}  {:>20,}  {:>7.1f} MB  {:>8.1f} h".format(
            players, turns, starts, states, mb, hours))


if __name__ == "__main__":
    main()
