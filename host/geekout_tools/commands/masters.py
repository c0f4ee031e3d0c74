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

REVIEW_EXIT = ("Exit status: 0 every journal read to its end; 1 a journal read only up to "
               "its damage or to the first entry the rules refuse, or one in a folder that "
               "cannot be read at all (the rest is still reviewed, and a note on stderr says "
               "which, one line per journal); 2 bad input (no journal, not a Masters game, "
               "--win with other than 2 players, --plot of several games, an unwritable "
               "--plot): one line on stderr, nothing written.")
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

    rv = msub.add_parser(
        "review",
        help="what each decision cost and what the dice gave, game by game",
        description="Review every Masters game in PATH: a journal (.goj), a folder pulled "
                    "by `geekout logs pull`, or a gadget flash folder (the simulator's "
                    "--flash). Per player: the turns, the decisions, the points they lost "
                    "against optimal play (M9), the blunders (decisions losing more than "
                    "1 point), the luck of the dice, and the five costliest decisions with "
                    "the position, the step taken and the better one; then turn by turn, "
                    "points scored = V* + luck - points lost. Table-dice turns the hint "
                    "followed from the first roll are reviewed; those entered as totals "
                    "only are counted and said, not reviewed. A journal damaged after "
                    "its header is reviewed up to the damage, one with an entry the rules "
                    "refuse up to that entry; journals over 1024 KB are refused. What the "
                    "numbers mean: docs/masters.md.",
        epilog=REVIEW_EXIT + "\n\nexamples:\n"
               "  geekout masters review game.goj\n"
               "  geekout masters review game.goj --json\n"
               "  geekout masters review game.goj --plot review.png\n"
               "  geekout masters review gadget-logs",
    )
    rv.add_argument("path", metavar="PATH",
                    help="a journal, a pulled logs folder or a gadget flash folder")
    rv.add_argument("--json", action="store_true", help="print one JSON object")
    rv.add_argument("--plot", default=None, metavar="FILE.png",
                    help="also draw the game (one game only): per player the running luck "
                         "and points lost, and with --win both players' chance to win")
    rv.add_argument("--win", action="store_true",
                    help="2-player games: also in the chance to win, from the solved game "
                         "(docs/masters-win.md; minutes the first time, then cached on disk)")
    rv.set_defaults(func=run_review)
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


def _review_inputs(path):
    """[(where, GameLog or UsageError)] of PATH: a journal (read or refused at once) or
    every journal of a folder (each read on its own)."""
    from ..logs import reader

    if reader.is_folder(path):
        return reader.read_folder(path), True
    return [(path, reader.read(path))], False


def run_review(args):
    from .. import outputs
    from ..logs import reader, tables
    from ..masters import review as rv
    from ..masters import review_report as report

    if args.plot is not None:  # both checked before any work
        try:
            report.check_plotting()
        except ImportError:
            raise UsageError("--plot needs matplotlib, which is not installed (pip install "
                             "matplotlib: the version pinned in pyproject.toml)") from None
        outputs.check_output(args.plot, "--plot")
    inputs, folder = _review_inputs(args.path)
    notes, logs, others = [], [], 0
    for where, log in inputs:
        if isinstance(log, UsageError):
            notes.append("note: {}: not reviewed".format(log))
            continue
        if log.game != "masters":
            if not folder:
                raise UsageError("{}: a journal of '{}', not of Masters".format(
                    reader.shown(where), printable(log.game)))
            others += 1
            continue
        try:
            mode, players = tables._masters_config(log)
        except UsageError as e:
            if not folder:
                raise
            notes.append("note: {}: not reviewed".format(e))
            continue
        logs.append((log, mode, players))
    if args.win and not folder and logs and logs[0][2] != 2:
        raise UsageError("--win: the chance to win is solved for 2 players; {} is a "
                         "{}-player game".format(reader.shown(args.path), logs[0][2]))
    if args.plot is not None and len(logs) != 1:
        raise UsageError("--plot draws one game; {} holds {} Masters games (name one "
                         "journal)".format(reader.shown(args.path), len(logs)))
    points = rv.points_valuer()
    win = None
    games = []
    for log, mode, players in logs:
        use_win = args.win and players == 2 and mode != "table"
        if use_win and win is None:
            win = rv.win_valuers(_solved_game(args.json))
        game = rv.review(players, log.actions, points, mode, win if use_win else None)
        game.update({"file": log.path, "win": use_win, "damage": log.damage,
                     "complete": log.damage is None and game["refused"] is None,
                     "reviewed_turns": sum(1 for t in game["turns"] if t["reviewed"]),
                     "unreviewed_turns": sum(1 for t in game["turns"] if not t["reviewed"])})
        games.append(game)
        line = reader.how_far(log, game["refused"])
        if line is not None:
            notes.append(line)
    if args.plot is not None:
        outputs.write_file(args.plot, report.figure(games[0]), "--plot")
    if args.json:
        print(json.dumps({"games": games, "other_games": others,
                          "unreadable": sum(1 for _w, log in inputs if isinstance(log, UsageError))}))
    else:
        lines = []
        for game in games:
            if lines:
                lines.append("")
            lines += report.text(game)
        if not games:
            lines.append("{}: no Masters games".format(reader.shown(args.path)))
        if others:
            lines.append("({} journal{} of other games not reviewed)".format(
                others, "" if others == 1 else "s"))
        if args.win and folder and any(p != 2 for _l, _m, p in logs):
            lines.append("(the chance to win is for 2-player games: the others are reviewed "
                         "in points only)")
        if args.plot is not None:
            lines.append("figure: {}".format(reader.shown(args.plot)))
        print("\n".join(lines))
    for line in notes:
        print(line, file=sys.stderr)
    return 1 if notes else 0


def _solved_game(quiet):
    """The solved 2-player game (winsolve.game()): from its cache, or solved now with the
    progress on a terminal's stderr, as `solve --win` shows it."""
    from ..masters import winsolve as ws

    progress = None
    if not quiet and sys.stderr.isatty() and ws.read_cache(ws.cache_path()) is None:
        print("solving the 2-player game once (a few minutes; then cached)", file=sys.stderr)

        def progress(t, done, total):
            print("\rturn {}/10: {}/{} leads".format(10 - t, done, total), end="",
                  file=sys.stderr, flush=True)
    game = ws.game(progress=progress)
    if progress is not None:
        print(file=sys.stderr)
    return game
