"""The Masters strategy tournament of docs/masters-strategy.md (run by hand, not in tests).

`python -m geekout_tools.masters.tournament` plays every strategy against every other in
2-player games (A against B) and 4-player games (A against three B), seeded, on the rules
core, and rewrites the marked sections of docs/masters-strategy.md (solver figures and
the tournament table) and docs/img/masters-turn-points.png (the turn-points distribution
of each strategy). Games are added in batches until A's and B's 95% confidence intervals
no longer overlap, or a cap is reached (then the table says the two are not told apart).
Takes several minutes on two cores; `--quick` is a small smoke run.

`--win` plays only the section of the solved two-player game (winsolve.py) and
rewrites the marked section of docs/masters-win.md and docs/img/masters-win-continue.png:
`win2` against `optimal`, `win` and `odds` (the same adaptive batches), `win2` against
itself by first seat (against the exact first-player value), where `win2` departs from
`optimal` (by round and lead), and the pass/continue map by lead. The full run does it too.
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

from ..outputs import write_file
from . import solver as sv
from .simulate import play_game
from .strategies import make_strategy

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "masters-strategy.md"
PNG = ROOT / "docs" / "img" / "masters-turn-points.png"
WIN_DOC = ROOT / "docs" / "masters-win.md"
WIN_PNG = ROOT / "docs" / "img" / "masters-win-continue.png"
WIN_RIVALS = ("optimal", "win", "odds")
LEAD_BANDS = ((-275, -56), (-55, -31), (-30, -11), (-10, -1), (0, 0), (1, 10), (11, 30),
              (31, 55), (56, 275))
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


def _save_figure(fig, path):
    """A matplotlib figure as a PNG file, written through outputs.write_file."""
    import io

    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    write_file(path, buf.getvalue(), "figure")


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
    _save_figure(fig, PNG)
    plt.close(fig)


def play_self_batch(task):
    """(seed, games) of win2 against win2 -> (the first seat's share per game, win2's
    departure counts: {(turn, lead, phase): [decisions, departures]}, {turn: [turns with
    a decision, turns with a departure]})."""
    seed, games = task
    strategies = [make_strategy("win2"), make_strategy("win2")]
    stats = {}
    for s in strategies:
        s.stats = stats
    rng = random.Random(seed)
    shares = []
    turns = {}
    for _ in range(games):
        state = play_game(2, strategies, rng)
        winners = state.winners()
        shares.append(1.0 / len(winners) if state.first in winners else 0.0)
    for key, (n, d) in stats.items():
        if key[0] == "turn":
            row = turns.setdefault(key[1], [0, 0])
            row[0] += n
            row[1] += d
    stats = {k: v for k, v in stats.items() if k[0] != "turn"}
    return shares, stats, turns


def _warm_win(_):
    from . import winsolve

    winsolve.game()  # read from the cache once per worker
    _warm(_)
    return True


def points_first_player():
    """Exact: the first player's P(win) + 1/2 P(shared win) when both play `optimal`
    (the same turn distribution every turn, M9): a convolution of five turns each."""
    import numpy as np

    dist = sv.solve().outcome_distribution()
    turn = np.zeros(sv.points(10) + 1)
    turn[0] += dist[-1]  # a bust scores 0 (M5)
    for s in range(11):
        turn[sv.points(s)] += dist[s]
    total = np.array([1.0])
    for _ in range(mc.ROUNDS):
        total = np.convolve(total, turn)
    cdf = np.cumsum(total)
    win = float(np.sum(total[1:] * cdf[:-1]))  # first's total above second's
    tie = float(np.sum(total ** 2))
    return win + tie / 2, tie


def win_markdown(results, self_share, stats, turns, seconds):
    from . import winsolve as ws

    game = ws.game()
    pv, ptie = points_first_player()
    n, mean, lo, hi = self_share
    lines = ["**Solved game** (`geekout masters solve --win`):", "",
             "| figure | value |", "|---|---|",
             "| first player's value (P(win) + 1/2 P(shared win)), both playing to win | "
             "{:.9f} |".format(game.first_player),
             "| second player's value | {:.9f} |".format(1 - game.first_player),
             "| P(shared win) | {:.9f} |".format(game.shared),
             "| error bound | {:.1e} |".format(game.error_bound()),
             "| first player's value, both playing `optimal` (exact) | {:.9f} (P(shared) "
             "{:.6f}) |".format(pv, ptie),
             "| `win2` against itself: the first seat's share over {} games (95% CI) | "
             "{:.4f} ({:.4f}-{:.4f}): {} |".format(
                 n, mean, lo, hi, "contains the exact value" if lo <= game.first_player <= hi
                 else "MISSES the exact value"), "",
             "**`win2` head to head** (2 players, random first seat, 95% confidence "
             "intervals, shared wins counted as halves):", "",
             "| A | B | games | A's win share (95% CI) | B's share (95% CI) | verdict |",
             "|---|---|---:|---|---|---|"]
    for (a, b), (games, ca, cb) in results.items():
        verdict = "A better" if ca[1] > cb[2] else "B better" if cb[1] > ca[2] else \
            "not told apart"
        lines.append("| {} | {} | {} | {:.3f} ({:.3f}-{:.3f}) | {:.3f} ({:.3f}-{:.3f}) | {} |"
                     .format(a, b, games, ca[0], ca[1], ca[2], cb[0], cb[1], cb[2], verdict))
    decisions = sum(v[0] for v in stats.values())
    departs = sum(v[1] for v in stats.values())
    pc = [v for k, v in stats.items() if k[2] == "decide"]
    tturns = sum(v[0] for v in turns.values())
    tdep = sum(v[1] for v in turns.values())
    lines += ["", "**Where `win2` departs from `optimal`** (in its {} games against itself: "
              "a departure is a decision where the points-optimal step has a lower win "
              "value; {:,} decisions, {:.1%} departures; at pass/continue points {:.1%}; "
              "{:.1%} of the turns with a decision have at least one). Share of decisions "
              "that depart, by round, seat and the mover's lead at the start of the turn "
              "(decisions in brackets):".format(
                  n, decisions, departs / decisions, sum(v[1] for v in pc) /
                  max(1, sum(v[0] for v in pc)), tdep / max(1, tturns)), "",
              "| round, seat | " + " | ".join(
                  "{}..{}".format(a, b) if a != b else str(a) for a, b in LEAD_BANDS) + " |",
              "|---|" + "---:|" * len(LEAD_BANDS)]
    for t in range(ws.TURNS):
        cells = []
        for a, b in LEAD_BANDS:
            got = [v for k, v in stats.items() if k[0] == t and a <= k[1] <= b]
            dn = sum(v[0] for v in got)
            dd = sum(v[1] for v in got)
            cells.append("{:.1%} ({})".format(dd / dn, dn) if dn else "")
        lines.append("| {} {} | ".format(t // 2 + 1, ws.SEATS[t % 2]) + " | ".join(cells) + " |")
    lines += ["", "Play time of the section: {:.0f} s.".format(seconds)]
    return "\n".join(lines)


def plot_continue():
    """The pass/continue map of win-optimal play with every unscored die in used (the
    commonest decision), one panel per turn: lead across, scored dice up."""
    import matplotlib
    import numpy as np

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import ListedColormap

    from . import winsolve as ws

    game = ws.game()
    pts = sv.solve()
    fig, axes = plt.subplots(2, 5, figsize=(13, 5.6), dpi=110, sharey=True)
    cmap = ListedColormap(["#f4d35e", "#2a6f97"])
    for t in range(ws.TURNS):
        ax = axes[t % 2][t // 2]
        lo, hi = int(game.lo[t]), int(game.hi[t])
        grid = np.zeros((10, hi - lo + 1))
        for S in range(10):
            grid[S] = game.cont[t][:, 0, 10 - S, S]
        ax.imshow(grid, origin="lower", aspect="auto", cmap=cmap, vmin=0, vmax=1,
                  extent=(lo - 0.5, hi + 0.5, -0.5, 9.5), interpolation="nearest")
        # points-optimal play (M9): continue below this many scored dice
        stop = min(S for S in range(10) if not pts.cont[0, 10 - S, S])
        ax.axhline(stop - 0.5, color="k", ls="--", lw=1)
        ax.set_title("round {}, {}".format(t // 2 + 1, ws.SEATS[t % 2]), fontsize=9)
        if t % 2:
            ax.set_xlabel("lead at the turn's start")
        if t < 2:
            ax.set_ylabel("dice scored (all others used)")
    fig.suptitle("Win-optimal pass/continue in 2-player Masters: blue = continue, yellow = "
                 "pass; dashed = points-optimal (continue below it)", fontsize=10)
    fig.tight_layout()
    _save_figure(fig, WIN_PNG)
    plt.close(fig)


def run_win_section(pool, quick, log):
    t0 = time.perf_counter()
    pairs = [("win2", b) for b in WIN_RIVALS]
    sizes = (200, 200, 200) if quick else (2000, 4000, 40000)
    results, _ = run_matchups(pool, 2, pairs, *sizes, log=log)
    games, batch = (400, 200) if quick else (20000, 2000)
    tasks = [(_seed(2, "win2", "self", i), batch) for i in range(games // batch)]
    shares, stats, turns = [], {}, {}
    for sh, st, tu in pool.map(play_self_batch, tasks):
        shares.extend(sh)
        for k, v in st.items():
            row = stats.setdefault(k, [0, 0])
            row[0] += v[0]
            row[1] += v[1]
        for k, v in tu.items():
            row = turns.setdefault(k, [0, 0])
            row[0] += v[0]
            row[1] += v[1]
    mean, lo, hi = interval(shares)
    log("win2 self-play: first seat {:.4f} ({:.4f}-{:.4f})".format(mean, lo, hi))
    return win_markdown(results, (len(shares), mean, lo, hi), stats, turns,
                        time.perf_counter() - t0)


def replace_section(text, name, body, doc=DOC):
    start, end = "<!-- {}:start -->".format(name), "<!-- {}:end -->".format(name)
    pattern = re.compile(re.escape(start) + ".*?" + re.escape(end), re.S)
    if not pattern.search(text):
        raise SystemExit("{} has no {} section".format(doc, name))
    return pattern.sub(lambda _m: start + "\n" + body + "\n" + end, text)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="tournament", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="small smoke run, no files")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--win", action="store_true",
                        help="only the solved-game section (docs/masters-win.md)")
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
    if args.win:
        from . import winsolve

        winsolve.game()  # solved (or read from the cache) once, before the workers read it
        with ProcessPoolExecutor(args.workers) as pool:
            list(pool.map(_warm_win, range(args.workers)))
            body = run_win_section(pool, args.quick, log)
        if args.quick:
            print(body)
            return 0
        plot_continue()
        write_file(WIN_DOC, replace_section(WIN_DOC.read_text(), "win-tournament", body, WIN_DOC),
                   "doc")
        log("wrote {} and {}".format(WIN_DOC, WIN_PNG))
        return 0
    if not args.quick:
        from . import winsolve

        winsolve.game()  # for the win section, before the workers read the cache
    with ProcessPoolExecutor(args.workers) as pool:
        list(pool.map(_warm, range(args.workers)))
        results2, counts = run_matchups(pool, 2, pairs, *sizes2, log=log)
        results4, _ = run_matchups(pool, 4, ordered, *sizes4, log=log)
        win_body = None if args.quick else run_win_section(pool, False, log)
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
    write_file(DOC, text, "doc")
    plot_continue()
    write_file(WIN_DOC, replace_section(WIN_DOC.read_text(), "win-tournament", win_body, WIN_DOC),
               "doc")
    log("wrote {}, {}, {} and {}".format(DOC, PNG, WIN_DOC, WIN_PNG))
    return 0


if __name__ == "__main__":
    sys.exit(main())
