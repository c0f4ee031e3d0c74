"""Per-turn tables of a game log, by replaying it on the rules core, one entry at a time.

Each game has a function turning a GameLog into (summary dict, rows): a row is a turn
(Masters), a round and player (Capture) or an event (battle). Every mode the gadget
saves replays: Masters virtual, auto (the same bytes, docs/gadget.md) and table dice,
Capture in every setup, the battle. The first entry the rules core refuses stops the
replay: the rows before it stay, and the summary's "refused" says which entry and why.
"damage" is the reader's reason when the file itself was damaged (null when good);
"complete" is true when neither stopped the replay early (reader.how_far says how far).
"""

from geekout.masters import consts as mc
from geekout.masters import rules as m

from ..errors import UsageError
from ..inputs import printable
from . import shown

SEATS = ("red", "green", "blue", "yellow")
HOW = {mc.ENDED_PASS: "pass", mc.ENDED_FORCED: "forced pass", mc.ENDED_BUST: "bust"}
# Masters' config mode byte (masters/consts.py) -> the name the tables give it.
MASTERS_MODES = {mc.VIRTUAL: "virtual", mc.TABLE: "table", mc.AUTO: "auto"}


def _summary(log, game, players, over, totals, winners, turns, refused):
    return {"file": log.path, "game": game, "players": players, "finished": over,
            "totals": totals, "winners": winners, "turns": turns, "damage": log.damage,
            "refused": refused, "complete": log.damage is None and refused is None}


def _masters_config(log):
    c = log.config
    if len(c) != 2 or c[0] not in MASTERS_MODES or not 1 <= c[1] <= mc.MAX_PLAYERS:
        raise UsageError("{}: bad Masters config bytes {}".format(shown(log.path), list(c)))
    return MASTERS_MODES[c[0]], c[1]


def _fold_masters(state, actions):
    """Apply the action bytes one by one; the refusal ("entry i: M3: why") or None."""
    for i, b in enumerate(actions):
        try:
            m.apply_step(state, b)
        except ValueError as e:
            return "entry {}: {}".format(i, e)
    return None


def masters(log):
    """Virtual and auto dice journal the rules core's actions (MastersState); table dice
    the first seat and each turn's entry (Scorepad). One row per finished turn."""
    mode, players = _masters_config(log)
    table = mode == "table"
    state = m.Scorepad(players) if table else m.new_initial_state(players)
    refused = _fold_masters(state, log.actions)
    rows, totals = [], [0] * players
    for i, (seat, points, how) in enumerate(state.turns):
        totals[seat] += points
        if table:
            entry = state.entries[i]
            result = "bust" if entry == mc.BUST else "{} scored".format(entry)
        else:
            result = HOW[how]
        rows.append({"turn": i + 1, "round": i // players + 1, "seat": seat + 1,
                     "colour": SEATS[seat], "result": result, "points": points,
                     "total": totals[seat]})
    over = state.is_terminal()
    best = max(state.totals)
    winners = [s + 1 for s in range(players) if over and state.totals[s] == best]  # M8: ties share
    summary = _summary(log, "masters", players, over, list(state.totals), winners, len(rows), refused)
    summary["mode"] = mode
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
    rows, pos, i, refused = [], 0, 0, None
    data = log.actions
    while pos < len(data):
        try:
            ev, pos = be.decode(data, pos)
            state.apply(ev)
        except b.Illegal as e:
            refused = "event {}: {}: {}".format(i, e.ruling, e.why)
            break
        except be.BadEvent as e:
            refused = "event {}: {}".format(i, e)
            break
        rows.append({"event": i, "player": ev[1],
                     "what": be.event_text(ev),
                     "star_values": " ".join(str(state.star_value(p)) for p in range(players)),
                     "kills": " ".join(str(k) for k in state.kills)})
        i += 1
    winner = state.winner
    summary = _summary(log, "battle", players, winner >= 0,
                       [state.star_value(p) for p in range(players)],
                       [winner] if winner >= 0 else [], i, refused)
    summary["condition"] = bc.CONDITION_NAMES[state.condition] if winner >= 0 else None
    return summary, rows


def capture(log):
    """One row per round and player: cards captured that round and the collection so far.
    The gadget's own fold replays the journal (geekout/capture/steps.py). "totals" are
    card counts (the gadget's scores during play); once the game is over and every
    card's line is known, "final" holds the end screen's scores (capture_final)."""
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

    closed, pos, i, refused = 0, 0, 0, None
    payload = log.actions
    while pos < len(payload):
        try:
            acts, end = cf.read_step(payload, pos)
        except ValueError as e:
            refused = "step {} (byte {}): malformed: {}".format(i, pos, e)
            break
        trial = game.clone()  # a refused step may have applied its first actions
        try:
            trial.apply_step(acts)
        except ValueError as e:
            refused = "step {} (byte {}): the rules refuse it: {} (C1-C13)".format(i, pos, e)
            break
        game = trial
        st = game.state
        pos, i = end, i + 1
        while closed < st.round:  # a round ended (C1)
            closed += 1
            close_round(closed)
    if st.is_terminal() and closed == st.round:  # the game ends with its last round
        close_round(closed + 1)
    over = st.is_terminal()
    final = capture_final(cfg, game) if over else None
    summary = _summary(log, "capture", st.players, over, [len(c) for c in st.collections],
                       [w + 1 for w in final[1]] if final else [], len(rows), refused)
    summary["steps"] = i
    summary["final"] = final[0] if final else None
    return summary, rows


def capture_final(cfg, game):
    """(scores, winner seats from 0) as the gadget's end screen gives them, or None while
    a card's line is still to enter. The end screen's own methods read the line entries
    and the catalog: the one shipped with the firmware (the journal does not say which
    catalog the gadget held; a game with an imported one may score otherwise)."""
    from geekout.capture import score
    from geekout.capture.end import EndScreen

    class Collections:
        structure = EndScreen.structure
        score_cards = EndScreen.score_cards

        def __init__(self):
            self.cfg, self.game, self.state, self.cat = cfg, game, game.state, _catalog()

    end = Collections()
    try:
        checked = []
        for p in range(game.state.players):
            checked += score.check_players([{"name": SEATS[p], "geekmons": end.score_cards(p)}])
    except ValueError:
        return None
    res = score.score(checked, cfg.arena, game.state.solo)
    return [e["total"] for e in res["players"]], [SEATS.index(w) for w in res["winners"]]


_CATALOG = []


def _catalog():
    """The catalog shipped with the firmware (an empty one when it cannot be read)."""
    if not _CATALOG:
        from pathlib import Path

        import geekout
        from geekout.capture import cards

        cat = cards.Catalog()
        try:
            with open(Path(geekout.__file__).parent / "data" / "geekmon_catalog.csv", "rb") as f:
                cards.load(cat, f)
        except (OSError, ValueError):
            cat = cards.Catalog()
        _CATALOG.append(cat)
    return _CATALOG[0]


GAMES = {"masters": masters, "battle": battle, "capture": capture}


def table(log):
    fold = GAMES.get(log.game)
    if fold is None:
        raise UsageError("{}: a journal of '{}', which this tool cannot read (known: {})".format(
            shown(log.path), printable(log.game), ", ".join(sorted(GAMES))))
    return fold(log)
