"""`geekout battle replay FILE`: replay a galaxy battle journal and report the final state.

The journal file is JSON: {"players": 3 or 4, "events": [event, ...]} with the event
objects of docs/battle.md. Every event goes through the shared rules core, exactly as on
the gadget; the first illegal one stops the replay (exit status 2, one line naming the
event's index, counted from 0, and the ruling). A file over 4 MB, JSON nested deeper
than 64 levels or with a key given twice is refused before any replay (docs/limits.md).
"""

import json

from geekout.battle import consts as c
from geekout.battle import rules as b

from ..battle import json_events as jsonev
from ..errors import UsageError
from ..inputs import load_json, printable


def register(sub):
    p = sub.add_parser("battle", help="Geek Out! galaxy battle: replay a journal")
    bsub = p.add_subparsers(dest="battle_command", metavar="ACTION", parser_class=type(p))
    bsub.required = True
    r = bsub.add_parser(
        "replay",
        help="replay a journal file and report each player's state and the winner",
        description="Replay a galaxy battle journal (JSON, see docs/battle.md) through the "
                    "rules core and report the final state and the winner.",
        epilog="examples:\n  geekout battle replay journal.json\n"
               "  geekout battle replay journal.json --json",
    )
    r.add_argument("file", metavar="FILE", help="journal file: {\"players\": N, \"events\": [...]}")
    r.add_argument("--json", action="store_true", help="print one JSON object")
    r.set_defaults(func=run_replay)
    return p


def load_journal(path):
    """(players, [event tuples]) from a journal file; UsageError names what is wrong.
    The file is refused before parsing when over inputs.MAX_FILE_BYTES, and when nested
    deeper than inputs.MAX_JSON_DEPTH or holding a key twice (docs/limits.md)."""
    data = load_json(path, what="battle journal")
    if not isinstance(data, dict):
        raise UsageError("{}: the journal must be a JSON object".format(printable(path)))
    for key in data:
        if key not in ("players", "events", "note"):
            raise UsageError("{}: unknown field '{}'".format(printable(path), printable(key)))
    players = data.get("players")
    if type(players) is not int or players not in (3, 4):
        raise UsageError("{}: 'players' must be 3 or 4 (B1)".format(printable(path)))
    events = data.get("events")
    if not isinstance(events, list):
        raise UsageError("{}: 'events' must be a list".format(printable(path)))
    out = []
    for i, obj in enumerate(events):
        try:
            out.append(jsonev.from_json(obj))
        except jsonev.BadEvent as ex:  # the class json_events raises (same import)
            raise UsageError("event {}: {}".format(i, ex)) from None
    return players, out


def replay_events(players, events):
    """The state after every event; UsageError at the first illegal one."""
    state = b.new_initial_state(players)
    for i, ev in enumerate(events):
        try:
            state.apply(ev)
        except b.Illegal as ex:
            raise UsageError("event {} ({}): {}".format(i, c.TYPE_NAMES[ev[0]], ex)) from None
    return state


def player_report(state, p):
    ships = []
    for s in range(c.SHIPS):
        inplay, levels, base = state.ship_at(p, s)
        if inplay:
            ships.append({"ship": s, "kind": "mothership" if s == c.MOTHERSHIP else "drone",
                          "levels": levels, "at_base": base})
    return {
        "player": p,
        "ships_in_play": len(ships),
        "ships": ships,
        "kills": state.kills[p],
        "star_value": state.star_value(p),
        "collected": {"small": state.coll_small[p], "supernova": state.coll_nova[p]},
        "reserve": {"small": state.reserve_small[p], "bomb": state.reserve_bomb[p]},
        "unique_actions_left": state.unique_left(p),
        "drones_in_supply": state.drones_in_supply(p),
    }


def report(state):
    """The `--json` object of docs/design.md's contract (fields in docs/battle.md)."""
    winner = None
    if state.winner >= 0:
        winner = {"player": state.winner, "condition": c.CONDITION_NAMES[state.condition]}
    return {
        "players": [player_report(state, p) for p in range(state.players)],
        "cells_left": state.cells,
        "map": dict(zip(c.KIND_NAMES, state.map)),
        "events": state.count,
        "turn": {"player": state.seat, "phase": state.phase_name(),
                 "action_points_left": state.points_left(), "owed": state.owed_text()},
        "winner": winner,
    }


def run_replay(args):
    players, events = load_journal(args.file)
    state = replay_events(players, events)
    result = report(state)
    if args.json:
        print(json.dumps(result))
        return 0
    print("{} players, {} events, {} cells left".format(players, state.count, state.cells))
    for pl in result["players"]:
        ships = " ".join("{}{}{}".format(c.SHIP_NAMES[s["ship"]], "+" * s["levels"],
                                         "@base" if s["at_base"] else "") for s in pl["ships"])
        print("P{}: ships {} ({}), kills {}, star value {}, reserve {} small {} bomb, "
              "unique: {}".format(pl["player"], pl["ships_in_play"], ships, pl["kills"],
                                  pl["star_value"], pl["reserve"]["small"],
                                  pl["reserve"]["bomb"],
                                  " ".join(pl["unique_actions_left"]) or "none"))
    w = result["winner"]
    if w is None:
        print("no winner yet: {}".format(state))
    else:
        print("winner: P{} by {}".format(w["player"], w["condition"]))
    return 0
