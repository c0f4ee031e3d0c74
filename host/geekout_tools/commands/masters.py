"""`geekout masters ...`: play, simulate (and analyse) Geek Out! Masters on the host."""

import json
import sys

from ..errors import UsageError
from ..masters import strategies as strat


def _positive(text):
    try:
        value = int(text)
    except ValueError:
        raise UsageError("'{}' is not a whole number".format(text)) from None
    if value < 1:
        raise UsageError("'{}' must be at least 1".format(text))
    return value


def _strategy_help():
    lines = ["strategies (one per seat, or one for all):"]
    for name, text in strat.DESCRIPTIONS.items():
        lines.append("  {:<8} {}".format(name, text))
    return "\n".join(lines)


def register(sub):
    import argparse

    p = sub.add_parser("masters", help="Geek Out! Masters: play, simulate, solve")
    msub = p.add_subparsers(dest="masters_command", metavar="ACTION", parser_class=type(p))
    msub.required = True

    s = msub.add_parser(
        "simulate",
        help="play many seeded games between strategies",
        description="Play seeded games between strategies and report wins and mean scores.",
        epilog=_strategy_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    s.add_argument("--players", type=str, default="2", help="1-4 players (default 2)")
    s.add_argument("--games", type=str, default="1000", help="number of games (default 1000)")
    s.add_argument("--seed", type=str, default="0", help="random seed (default 0)")
    s.add_argument("--strategies", default="odds",
                   help="comma-separated strategy per seat, or one for all (default odds)")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.set_defaults(func=run_simulate)

    play = msub.add_parser("play", help="play a game in the terminal (text mode)")
    play.add_argument("--players", type=str, default="1", help="1-4 players (default 1)")
    play.add_argument("--seed", type=str, default=None, help="random seed for the dice")
    play.set_defaults(func=run_play)
    return p


def _players(text):
    n = _positive(text)
    if n > 4:
        raise UsageError("--players must be 1-4, not {}".format(n))
    return n


def _seed(text):
    try:
        return int(text)
    except ValueError:
        raise UsageError("--seed must be a whole number, not '{}'".format(text)) from None


def run_simulate(args):
    from ..masters.simulate import simulate

    players = _players(args.players)
    games = _positive(args.games)
    seed = _seed(args.seed)
    specs = [s.strip() for s in args.strategies.split(",")]
    if len(specs) not in (1, players):
        raise UsageError("--strategies names {} strategies for {} players".format(len(specs), players))
    for spec in specs:
        try:
            strat.make_strategy(spec)
        except ValueError as e:
            raise UsageError(str(e)) from None

    progress = None
    if not args.json and sys.stderr.isatty() and games >= 200:
        def progress(done, total):
            if done % max(1, total // 100) == 0 or done == total:
                print("\r{}/{} games".format(done, total), end="", file=sys.stderr, flush=True)

    result = simulate(players, games, seed, specs, progress)
    if progress is not None:
        print(file=sys.stderr)
    if args.json:
        print(json.dumps(result))
        return 0
    print("{} games, {} players, seed {} ({:.2f} s)".format(games, players, seed, result["seconds"]))
    print("seat  strategy   wins      win share  mean score")
    for i, seat in enumerate(result["seats"]):
        print("{:<5} {:<10} {:<9.1f} {:>8.1%}  {:>10.2f}".format(
            i + 1, seat["strategy"], seat["wins"], seat["wins"] / games, seat["mean_score"]))
    return 0


def run_play(args):
    from ..masters.textplay import play

    players = _players(args.players)
    seed = None if args.seed is None else _seed(args.seed)
    return play(players, seed)
