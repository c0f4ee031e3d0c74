"""The Masters strategy tournament of docs/masters-strategy.md (run by hand, not in tests).

`python -m geekout_tools.masters.tournament` plays every strategy against every other in
2-player games (A against B) and 4-player games (A against three B), seeded, on the rules
core, and rewrites the marked sections of docs/masters-strategy.md (solver figures and
the tournament table) and docs/img/masters-turn-points.png (the turn-points distribution
of each strategy). Games are added in batches until A's and B's 95% confidence intervals
no longer overlap, or a cap is reached (then the table says the two are not told apart).
Takes several minutes on two cores; `--quick` is a small smoke run.
"""

import argparse
import math
import random
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from geekout.masters import consts as mc

from . import solver as sv
from .simulate import play_game
from .strategies import make_strategy

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "masters-strategy.md"
PNG = ROOT / "docs" / "img" / "masters-turn-points.png"
STRATEGIES = ("pass", "reach-4", "reach-6", "odds", "optimal", "win")
Z95 = 1.959963984540054
OUTCOMES = ["bust"] + [str(sv.points(s)) for s in range(11)]  # turn results


def play_batch(task):
    """(players, A, B, seed, games) -> (A's share per game, B's mean share per game,
    {strategy: outcome counts of its turns})."""
    players, a, b, seed, games = task
    specs = [a] + [b] * (players - 1)
    strategies = [make_strategy(s) for s in specs]
    rng = random.Random(seed)
    shares_a, shares_b = [], []
    counts = {a: [0] * len(OUTCOMES), b: [0] * len(OUTCOMES)}
    for _ in range(games):
        state = play_game(players, strategies, rng)
        winners = state.winners()
        share = [0.0] * players
        for w in winners:
            share[w] = 1.0 / len(winners)
        shares_a.append(share[0])
        shares_b.append(sum(share[1:]) / (players - 1))
        for seat, pts, how in state.turns:
            k = 0 if how == mc.ENDED_BUST else 1 + sv.need_dice(pts) if pts else 1
            counts[specs[seat]][k] += 1
    return shares_a, shares_b, counts


def interval(xs):
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)  # a share lies in [0, 1]


def run_matchups(pool, players, pairs, batch, min_games, max_games, log):
    """Adaptive batches per matchup; returns {(a, b): (games, ci_a, ci_b)} and counts."""
    shares = {p: ([], []) for p in pairs}
    counts = {}
    open_pairs = list(pairs)
    round_no = 0
    while open_pairs:
        tasks = []
        for a, b in open_pairs:
            tasks.append((players, a, b, _seed(players, a, b, round_no), batch))
        for (a, b), (sa, sb, c) in zip(open_pairs, pool.map(play_batch, tasks)):
            shares[(a, b)][0].extend(sa)
            shares[(a, b)][1].extend(sb)
            for name, row in c.items():
                tot = counts.setdefault(name, [0] * len(OUTCOMES))
                for i, v in enumerate(row):
                    tot[i] += v
        round_no += 1
        still = []
        for a, b in open_pairs:
            sa, sb = shares[(a, b)]
            ca, cb = interval(sa), interval(sb)
            apart = ca[1] > cb[2] or cb[1] > ca[2]
            if len(sa) < max_games and (len(sa) < min_games or not apart):
                still.append((a, b))
        log("{}p: round {}, {} matchups still open".format(players, round_no, len(still)))
        open_pairs = still
    result = {}
    for p in pairs:
        sa, sb = shares[p]
        result[p] = (len(sa), interval(sa), interval(sb))
    return result, counts


def _seed(players, a, b, round_no):
    """A stable seed per matchup and batch (independent of PYTHONHASHSEED)."""
    text = "{}|{}|{}|{}".format(players, a, b, round_no)
    h = 0
    for ch in text.encode():
        h = (h * 131 + ch) % 2**31
    return h


def _warm(_):
    for need in [0] + [sv.points(k) for k in range(1, 11)]:
        make_strategy("win")._table(need)
    return True


def tournament_markdown(results2, results4):
    lines = []
    for players, results in ((2, results2), (4, results4)):
        vs = "B" if players == 2 else "three B"
        lines.append("**{} players** (A against {}; fair share {:.0%} for A)".format(
            players, vs, 1 / players))
        lines.append("")
        lines.append("| A | B | games | A's win share (95% CI) | each B's share (95% CI) | "
                     "verdict |")
        lines.append("|---|---|---:|---|---|---|")
        for (a, b), (n, ca, cb) in results.items():
            if ca[1] > cb[2]:
                verdict = "A better"
            elif cb[1] > ca[2]:
                verdict = "B better"
            else:
                verdict = "not told apart"
            lines.append("| {} | {} | {} | {:.3f} ({:.3f}-{:.3f}) | {:.3f} ({:.3f}-{:.3f}) | "
                         "{} |".format(a, b, n, ca[0], ca[1], ca[2], cb[0], cb[1], cb[2],
                                       verdict))
        lines.append("")
    return "\n".join(lines)


def turns_markdown(counts):
    lines = ["| strategy | turns | mean points per turn | P(bust) | most common result |",
             "|---|---:|---:|---:|---|"]
    for name in STRATEGIES:
        c = counts[name]
        n = sum(c)
        mean = sum(int(OUTCOMES[i]) * c[i] for i in range(1, len(OUTCOMES))) / n
        mode = max(range(len(OUTCOMES)), key=lambda i: c[i])
        lines.append("| {} | {} | {:.2f} | {:.3f} | {} |".format(
            name, n, mean, c[0] / n, OUTCOMES[mode]))
    return "\n".join(lines)


def solver_markdown():
    sol, seconds = sv.solve_report()
    dist = sol.outcome_distribution()
    lines = ["| figure | value |", "|---|---|",
             "| V* (expected points of one turn, M9) | {:.12f} |".format(sol.start_value()),
             "| error bound (sum over levels of residual / (1 - rho)) | {:.1e} |".format(
                 sol.error_bound()),
             "| decision states | {} (of {} states) |".format(sol.model.decision_states(),
                                                             sol.model.n),
             "| P(bust) under the optimal policy | {:.6f} |".format(dist[-1]),
             "", "| turn points | 0 | " + " | ".join(str(sv.points(s)) for s in range(1, 11))
             + " | bust |",
             "|" + "---|" * 13,
             "| probability | " + " | ".join("{:.4f}".format(dist[s]) for s in range(11))
             + " | {:.4f} |".format(dist[-1]), "",
             "Highest probability of ending one turn with at least N points "
             "(`geekout masters solve --need N`); N in the same range needs the same number "
             "of scored dice (M7):", "",
             "| N | " + " | ".join("{}-{}".format(sv.points(k - 1) + 1, sv.points(k))
                                   if k > 1 else "1" for k in range(1, 11)) + " |",
             "|" + "---|" * 11,
             "| P | " + " | ".join("{:.4f}".format(sv.solve(need=sv.points(k)).start_value())
                                   for k in range(1, 11)) + " |",
             "", "Rho (largest chance that a CONTINUE comes back to the same level) and "
             "policy-iteration rounds per scored level:", "",
             "| scored | " + " | ".join(str(s) for s in range(10)) + " |",
             "|" + "---|" * 11,
             "| rho | " + " | ".join("{:.3f}".format(sol.rho[s]) for s in range(10)) + " |",
             "| rounds | " + " | ".join(str(sol.pi_rounds[s]) for s in range(10)) + " |",
             "", "When to continue (maximising expected points): at a pass/continue point "
             "with S dice scored and U used (the other 10 - S - U inactive), **C** = "
             "continue, P = pass; the number is the expected final points of continuing.",
             "", "| scored \\ used | " + " | ".join(str(u) for u in range(1, 11)) + " |",
             "|" + "---|" * 11]
    for s in range(10):
        cells = []
        for u in range(1, 11):
            if u > 10 - s:
                cells.append("")
                continue
            i = 10 - s - u
            c = sol.C[i, u, s]
            cells.append("{} {:.1f}".format("**C**" if sol.cont[i, u, s] else "P", c))
        lines.append("| {} ({} pts) | ".format(s, sv.points(s)) + " | ".join(cells) + " |")
    return "\n".join(lines)


def plot(counts, exact):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(10, 4.8), dpi=110)
    width = 0.8 / len(STRATEGIES)
    for j, name in enumerate(STRATEGIES):
        c = counts[name]
        n = sum(c)
        xs = [i + (j - (len(STRATEGIES) - 1) / 2) * width for i in range(len(OUTCOMES))]
        ax.bar(xs, [v / n for v in c], width=width, label=name)
    ax.plot(range(len(OUTCOMES)), exact, "k_", markersize=14, mew=2,
            label="optimal, exact (solver)")
    ax.set_xticks(range(len(OUTCOMES)))
    ax.set_xticklabels(OUTCOMES)
    ax.set_xlabel("points of one turn (bust = 0 points, scored dice lost)")
    ax.set_ylabel("share of turns")
    ax.set_title("Geek Out! Masters: turn results of each strategy (2-player tournament)")
    ax.legend(ncol=4, fontsize=8)
    fig.tight_layout()
    PNG.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(PNG)
    plt.close(fig)


def replace_section(text, name, body):
    start, end = "<!-- {}:start -->".format(name), "<!-- {}:end -->".format(name)
    pattern = re.compile(re.escape(start) + ".*?" + re.escape(end), re.S)
    if not pattern.search(text):
        raise SystemExit("{} has no {} section".format(DOC, name))
    return pattern.sub(lambda _m: start + "\n" + body + "\n" + end, text)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="tournament", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="small smoke run, no files")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    t0 = time.perf_counter()

    def log(text):
        print("[{:6.0f} s] {}".format(time.perf_counter() - t0, text), file=sys.stderr,
              flush=True)

    pairs = [(a, b) for i, a in enumerate(STRATEGIES) for b in STRATEGIES[i + 1:]]
    ordered = [(a, b) for a in STRATEGIES for b in STRATEGIES if a != b]
    if args.quick:
        sizes2, sizes4 = (200, 200, 200), (100, 100, 100)
    else:
        sizes2, sizes4 = (2000, 4000, 40000), (2000, 4000, 24000)
    with ProcessPoolExecutor(args.workers) as pool:
        list(pool.map(_warm, range(args.workers)))
        results2, counts = run_matchups(pool, 2, pairs, *sizes2, log=log)
        results4, _ = run_matchups(pool, 4, ordered, *sizes4, log=log)
    exact = sv.solve().outcome_distribution()
    exact = [exact[-1]] + list(exact[:-1])
    table = tournament_markdown(results2, results4)
    turns = turns_markdown(counts)
    if args.quick:
        print(table)
        print(turns)
        return 0
    plot(counts, exact)
    text = DOC.read_text()
    text = replace_section(text, "solver", solver_markdown())
    text = replace_section(text, "tournament", table + "\n" + turns)
    DOC.write_text(text)
    log("wrote {} and {}".format(DOC, PNG))
    return 0


if __name__ == "__main__":
    sys.exit(main())
