"""`geekout masters ...`: play, simulate (and analyse) Geek Out! Masters on the host.

Numbers are ASCII digits only, each within its stated range (docs/limits.md): --players
1-4, --games 1-1,000,000, --seed 0-4,294,967,295; a bad one is one line naming the
option, exit status 2.
"""

import json
import sys

from ..errors import UsageError
from ..inputs import plain_int, printable
from ..masters import strategies as strat

MAX_GAMES = 1000000  # about 5 hours of 4 players at ~60 games/s: far above any study
MAX_SEED = 2 ** 32 - 1


def _strategy_help():
    lines = ["strategies (one per seat, or one for all):"]
    for name, text in strat.DESCRIPTIONS.items():
        shown = name + "-K" if name == "reach" else name
        lines.append("  {:<9} {}".format(shown, text))
    return "\n".join(lines)


def register(sub):
    p = sub.add_parser("masters", help="Geek Out! Masters: play, simulate, solve")
    msub = p.add_subparsers(dest="masters_command", metavar="ACTION", parser_class=type(p))
    msub.required = True

    s = msub.add_parser(
        "simulate",
        help="play many seeded games between strategies",
        description="Play seeded games between strategies and report wins and mean scores.",
        epilog=_strategy_help() + "\n\nexamples:\n"
               "  geekout masters simulate --players 2 --games 200 --seed 7 --strategies odds,reach-3\n"
               "  geekout masters simulate --players 4 --games 50 --json",
    )
    s.add_argument("--players", type=str, default="2", help="1-4 players (default 2)")
    s.add_argument("--games", type=str, default="1000",
                   help="number of games, 1-{:,} (default 1000)".format(MAX_GAMES))
    s.add_argument("--seed", type=str, default="0",
                   help="random seed, 0-{} (default 0)".format(MAX_SEED))
    s.add_argument("--strategies", default="odds",
                   help="comma-separated strategy per seat, or one for all (default odds)")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.set_defaults(func=run_simulate)

    play = msub.add_parser("play", help="play a game in the terminal (text mode)",
                           description="Play Geek Out! Masters in the terminal: the position, "
                                       "then the numbered steps to choose from.",
                           epilog="example:\n  geekout masters play --players 2 --seed 5")
    play.add_argument("--players", type=str, default="1", help="1-4 players (default 1)")
    play.add_argument("--seed", type=str, default=None,
                      help="random seed for the dice, 0-{}".format(MAX_SEED))
    play.set_defaults(func=run_play)

    so = msub.add_parser(
        "solve",
        help="the optimal turn: expected points V*, or P(at least N points)",
        description="Solve one Masters turn exactly (ruling M9): the largest expected points "
                    "from the start of a turn, or with --need N the highest probability of "
                    "ending the turn with at least N points.",
        epilog="examples:\n  geekout masters solve\n  geekout masters solve --need 21 --json",
    )
    so.add_argument("--need", default=None, help="1-55, or 'all' for every N")
    so.add_argument("--win", action="store_true",
                    help="solve the 2-player game for the chance to win (docs/masters-win.md); "
                         "cached on disk")
    so.add_argument("--table", default=None, metavar="FILE.csv",
                    help="with --win: also write the turn-start table round,seat,lead,value")
    so.add_argument("--no-cache", action="store_true",
                    help="with --win: solve afresh, neither reading nor writing the cache")
    so.add_argument("--details", action="store_true",
                    help="with --json: add the error bound, P(bust) and the points distribution")
    so.add_argument("--json", action="store_true", help="print one JSON object")
    so.set_defaults(func=run_solve)

    ad = msub.add_parser(
        "advise",
        help="the best next step of a position, with the value of every alternative",
        description="Value a position in the middle of a turn and rank every next step. "
                    "Without --active the position is the pass/continue decision.",
        epilog="The active dice and the three counts hold the 10 dice together.\n\n"
               "examples:\n"
               "  geekout masters advise --active 42,42,DRAGON,MEEPLE --inactive 3 --used 2 --scored 1\n"
               "  geekout masters advise --inactive 2 --used 3 --scored 5 --need 30",
    )
    ad.add_argument("--active", default="",
                    help="comma-separated faces showing: 42, HEART, MEEPLE, SPACESHIP, "
                         "SUPERHERO, DRAGON (any case)")
    ad.add_argument("--inactive", default="0", help="dice in the inactive zone")
    ad.add_argument("--used", default="0", help="dice in the used zone")
    ad.add_argument("--scored", default="0", help="dice scored this turn")
    ad.add_argument("--need", default=None,
                    help="1-55: maximise the probability of ending with at least N points")
    ad.add_argument("--win", action="store_true",
                    help="rank the steps by the chance to win the 2-player game (needs "
                         "--round, --seat, --lead)")
    ad.add_argument("--round", default=None, help="with --win: the round, 1-5")
    ad.add_argument("--seat", default=None,
                    help="with --win: first or second, the player about to play")
    ad.add_argument("--lead", default=None,
                    help="with --win: the mover's total minus the other player's")
    ad.add_argument("--json", action="store_true", help="print one JSON object")
    ad.set_defaults(func=run_advise)
    return p


def _players(text):
    return plain_int(text, "--players", 1, 4)


def _seed(text):
    return plain_int(text, "--seed", 0, MAX_SEED)


def run_simulate(args):
    from ..masters.simulate import simulate

    players = _players(args.players)
    games = plain_int(args.games, "--games", 1, MAX_GAMES)
    seed = _seed(args.seed)
    specs = [s.strip() for s in args.strategies.split(",")]
    if len(specs) not in (1, players):
        raise UsageError("--strategies names {} strategies for {} players".format(len(specs), players))
    for spec in specs:
        try:
            made = strat.make_strategy(spec)
        except ValueError as e:
            raise UsageError(printable(e)) from None
        if getattr(made, "players", players) != players:  # win2: the solved 2-player game
            raise UsageError("strategy {} plays 2-player games only (the solved game), not "
                             "{} players".format(made.name, players))

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
    try:  # a byte that is not UTF-8 on the terminal is a wrong answer, not a crash
        sys.stdin.reconfigure(errors="replace")
    except (AttributeError, ValueError):  # not a text file (a test's stand-in)
        pass
    return play(players, seed)


def run_solve(args):
    from ..masters import advise as adv
    from ..masters import solver as sv

    if args.win or args.table is not None or args.no_cache:
        return _run_solve_win(args)
    need = None if args.need is None else adv.parse_need(args.need, allow_all=True)
    if need == "all":
        probs = {str(n): sv.solve(need=n).start_value() for n in range(1, 56)}
        if args.json:
            print(json.dumps({"probabilities": probs}))
            return 0
        print("highest probability that one turn ends with at least N points:")
        for n in range(1, 56):
            print("  N = {:>2}  {:.6f}".format(n, probs[str(n)]))
        return 0
    if need is not None:
        p = sv.solve(need=need).start_value()
        if args.json:
            print(json.dumps({"need": need, "probability": p}))
        else:
            print("highest probability that one turn ends with at least {} points "
                  "({} dice scored): {:.9f}".format(need, sv.need_dice(need), p))
        return 0
    sol, seconds = sv.solve_report()
    v = sol.start_value()
    states = sol.model.decision_states()
    dist = sol.outcome_distribution()
    if args.json:
        out = {"expected_points": v, "states": states, "seconds": seconds}
        if args.details:
            out["error_bound"] = sol.error_bound()
            out["bust_probability"] = float(dist[-1])
            out["points_distribution"] = {str(sv.points(s)): float(dist[s]) for s in range(11)}
        print(json.dumps(out))
        return 0
    print("V* = {:.12f} expected points per turn (ruling M9), |error| < {:.1e}".format(
        v, sol.error_bound()))
    print("{} decision states ({} states in all), solved in {:.3f} s".format(
        states, sol.model.n, seconds))
    print("under the optimal policy: P(bust) = {:.6f}".format(dist[-1]))
    print("turn points  probability")
    for s in range(11):
        print("  {:>3}        {:.6f}".format(sv.points(s), dist[s]))
    return 0


def _run_solve_win(args):
    import time

    from .. import outputs
    from ..masters import winsolve as ws

    if not args.win:
        raise UsageError("--table and --no-cache go with --win")
    if args.need is not None or args.details:
        raise UsageError("--win cannot be combined with --need or --details")
    target = None
    if args.table is not None:  # checked before the solve: a bad path costs no minutes
        target, _mode = outputs.check_output(args.table, "--table")
    progress = None
    if not args.json and sys.stderr.isatty():
        def progress(t, done, total):
            print("\rturn {}/10: {}/{} leads".format(10 - t, done, total), end="",
                  file=sys.stderr, flush=True)
    t0 = time.perf_counter()
    game = ws.game(use_cache=not args.no_cache, progress=progress)
    seconds = time.perf_counter() - t0
    if progress is not None:
        print(file=sys.stderr)
    if target is not None:
        lines = ["round,seat,lead,value"] + ["{},{},{},{!r}".format(*row)
                                             for row in game.table_rows()]
        outputs.write_file(args.table, "\n".join(lines) + "\n", "--table")
    out = {"players": 2, "first_player": game.first_player, "shared": game.shared,
           "states": game.states(), "seconds": seconds}
    if args.json:
        print(json.dumps(out))
        return 0
    print("2 players, both playing to win (value = P(win) + 1/2 P(shared win), M8):")
    print("  first player's value {:.9f}, second's {:.9f}; P(shared win) {:.9f}".format(
        game.first_player, 1 - game.first_player, game.shared))
    print("  |error| < {:.1e}; {} states (turn starts x decision points); {:.1f} s ({})".format(
        game.error_bound(), out["states"], seconds,
        "solved in {:.1f} s".format(game.seconds) if seconds < game.seconds / 2
        else "solved" if args.no_cache else "solved, now cached"))
    if not args.no_cache:
        print("  cache: {}".format(ws.cache_path()))
    if target is not None:
        print("  turn-start table: {}".format(args.table))
    return 0


def run_advise(args):
    from ..masters import advise as adv

    if args.win or args.round is not None or args.seat is not None or args.lead is not None:
        return _run_advise_win(args)
    active = adv.parse_faces(args.active)
    inactive = adv.parse_count(args.inactive, "inactive")
    used = adv.parse_count(args.used, "used")
    scored = adv.parse_count(args.scored, "scored")
    need = 0 if args.need is None else adv.parse_need(args.need)
    result = adv.advise(active, inactive, used, scored, need)
    key = "probability" if need else "value"
    if args.json:
        print(json.dumps({key: result[key], "advice": result["advice"]}))
        return 0
    if result["note"]:
        print("first " + result["note"])
    print(result["say"])
    if need:
        print("probability of ending the turn with at least {} points: {:.6f}".format(
            need, result[key]))
    else:
        print("value of the position: {:.6f} expected points".format(result[key]))
    for entry in result["advice"]:
        print("  {:<32} {:.6f}".format(entry["action"], entry[key]))
    return 0


def _run_advise_win(args):
    from ..masters import advise as adv

    if not args.win:
        raise UsageError("--round, --seat and --lead go with --win")
    if args.need is not None:
        raise UsageError("--win cannot be combined with --need")
    missing = [o for o, v in (("--round", args.round), ("--seat", args.seat),
                              ("--lead", args.lead)) if v is None]
    if missing:
        raise UsageError("--win needs {}".format(", ".join(missing)))
    active = adv.parse_faces(args.active)
    inactive = adv.parse_count(args.inactive, "inactive")
    used = adv.parse_count(args.used, "used")
    scored = adv.parse_count(args.scored, "scored")
    round_no = adv.parse_round(args.round)
    seat = adv.parse_seat(args.seat)
    lead = adv.parse_lead(args.lead, round_no, seat)
    adv.check_position(active, inactive, used, scored)
    result = adv.advise_win(active, inactive, used, scored, round_no, seat, lead)
    if args.json:
        print(json.dumps({"value": result["value"], "advice": result["advice"]}))
        return 0
    if result["note"]:
        print("first " + result["note"])
    print(result["say"])
    print("chance to win (round {}, {} player, lead {:+d}; P(win) + 1/2 P(shared win)): "
          "{:.6f}".format(round_no, ("first", "second")[seat], lead, result["value"]))
    for entry in result["advice"]:
        print("  {:<32} {:.6f}".format(entry["action"], entry["value"]))
    return 0
