"""Per-turn tables of a game log, by replaying it on the rules core.

Each game has a function turning a GameLog into (summary dict, rows); a row is one
turn (Masters) with the seat, round, what happened and the running totals. A journal
the rules core refuses raises UsageError naming the entry and the rule. The summary's
"damage" is the reader's reason when the journal was damaged after the records
replayed (null when the whole file is good).
"""

from geekout.masters import consts as mc
from geekout.masters import rules as m

from ..errors import UsageError
from ..inputs import printable
from . import shown

SEATS = ("red", "green", "blue", "yellow")
HOW = {mc.ENDED_PASS: "pass", mc.ENDED_FORCED: "forced pass", mc.ENDED_BUST: "bust"}


def _masters_config(log):
    c = log.config
    if len(c) != 2 or c[0] > mc.TABLE or not 1 <= c[1] <= mc.MAX_PLAYERS:
        raise UsageError("{}: bad Masters config bytes {}".format(shown(log.path), list(c)))
    return ("virtual", "table")[c[0]], c[1]


def virtual_dice_turns(players, actions, path):
    try:
        state = m.replay(players, actions)
    except ValueError as e:
        raise UsageError("{}: the rules refuse {} (M1-M8)".format(path, e)) from None
    rows, totals = [], [0] * players
    for i, (seat, points, how) in enumerate(state.turns):
        totals[seat] += points
        rows.append({"turn": i + 1, "round": i // players + 1, "seat": seat + 1,
                     "colour": SEATS[seat], "result": HOW[how], "points": points,
                     "total": totals[seat]})
    return state.is_terminal(), state.totals, (state.winners() if state.is_terminal() else []), rows


def table_dice_turns(players, actions, path):
    if not actions:
        return False, [0] * players, [], []
    first = actions[0]
    if first >= players:
        raise UsageError("{}: entry 0: bad first seat {}".format(path, first))
    rows, totals = [], [0] * players
    seat = first
    for i, b in enumerate(actions[1:]):
        if i >= players * mc.ROUNDS:
            raise UsageError("{}: entry {}: the game is over after {} turns (M8)".format(path, i + 1, i))
        if b > mc.BUST:
            raise UsageError("{}: entry {}: {} is more 42s than there are dice (M1)".format(path, i + 1, b))
        points = 0 if b == mc.BUST else m.points_for(b)
        totals[seat] += points
        rows.append({"turn": i + 1, "round": i // players + 1, "seat": seat + 1,
                     "colour": SEATS[seat], "result": "bust" if b == mc.BUST else "{} scored".format(b),
                     "points": points, "total": totals[seat]})
        seat = (seat + 1) % players
    over = len(rows) == players * mc.ROUNDS
    best = max(totals)
    winners = [i for i in range(players) if totals[i] == best] if over else []
    return over, totals, winners, rows


def masters(log):
    mode, players = _masters_config(log)
    fold = virtual_dice_turns if mode == "virtual" else table_dice_turns
    over, totals, winners, rows = fold(players, log.actions, shown(log.path))
    summary = {"file": log.path, "game": "masters", "mode": mode, "players": players,
               "finished": over, "totals": totals, "winners": [w + 1 for w in winners],
               "turns": len(rows), "damage": log.damage}
    return summary, rows


def battle(log):
    """One row per event: who, what (the gadget's words), star values and kills after it.
    Players count from 0, as everywhere in the battle (docs/battle.md)."""
    from geekout.battle import consts as bc
    from geekout.battle import events as be
    from geekout.battle import rules as b

    if len(log.config) != 1 or log.config[0] not in (3, 4):
        raise UsageError("{}: bad battle config bytes {} (players must be 3 or 4)".format(
            shown(log.path), list(log.config)))
    players = log.config[0]
    state = b.new_initial_state(players)
    rows, pos, i = [], 0, 0
    data = log.actions
    while pos < len(data):
        try:
            ev, pos = be.decode(data, pos)
            state.apply(ev)
        except b.Illegal as e:
            raise UsageError("{}: event {}: {}: {}".format(shown(log.path), i, e.ruling, e.why)) from None
        except be.BadEvent as e:
            raise UsageError("{}: event {}: {}".format(shown(log.path), i, e)) from None
        rows.append({"event": i, "player": ev[1],
                     "what": be.event_text(ev),
                     "star_values": " ".join(str(state.star_value(p)) for p in range(players)),
                     "kills": " ".join(str(k) for k in state.kills)})
        i += 1
    winner = state.winner
    summary = {"file": log.path, "game": "battle", "players": players,
               "finished": winner >= 0, "totals": [state.star_value(p) for p in range(players)],
               "winners": [winner] if winner >= 0 else [],
               "condition": bc.CONDITION_NAMES[state.condition] if winner >= 0 else None,
               "turns": i, "damage": log.damage}
    return summary, rows


def capture(log):
    """One row per round and player: cards captured that round and the collection so far.
    The gadget's own fold replays the journal (geekout/capture/steps.py); end-of-game scores
    need the line structure the players enter, so the totals here are card counts."""
    from geekout.capture import steps as cf

    try:
        cfg = cf.Config(log.config)
    except ValueError:
        raise UsageError("{}: bad Geekmon Capture config bytes".format(shown(log.path))) from None
    game = cf.Game(cfg)
    st = game.state
    rows = []
    seen = [len(c) for c in st.collections]
    fled = st.fled

    def close_round(number):
        nonlocal fled
        for p in range(st.players):
            rows.append({"round": number, "seat": p + 1, "colour": SEATS[p],
                         "captured": len(st.collections[p]) - seen[p],
                         "collection": len(st.collections[p]), "fled": st.fled - fled})
            seen[p] = len(st.collections[p])
        fled = st.fled

    try:
        all_steps = list(cf.steps(log.actions))
    except ValueError as e:
        raise UsageError("{}: malformed Capture payload: {}".format(shown(log.path), e)) from None
    closed = 0
    for start, acts in all_steps:
        try:
            game.apply_step(acts)
        except ValueError as e:
            raise UsageError("{}: step at byte {}: the rules refuse it: {} (C1-C13)".format(
                shown(log.path), start, e)) from None
        while closed < st.round:  # a round ended (C1)
            closed += 1
            close_round(closed)
    if st.is_terminal() and closed == st.round:  # the game ends with its last round
        close_round(closed + 1)
    over = st.is_terminal()
    summary = {"file": log.path, "game": "capture", "players": st.players, "finished": over,
               "totals": [len(c) for c in st.collections], "winners": [],
               "turns": len(rows), "damage": log.damage}
    return summary, rows


GAMES = {"masters": masters, "battle": battle, "capture": capture}


def table(log):
    fold = GAMES.get(log.game)
    if fold is None:
        raise UsageError("{}: a journal of '{}', which this tool cannot read (known: {})".format(
            shown(log.path), printable(log.game), ", ".join(sorted(GAMES))))
    return fold(log)
