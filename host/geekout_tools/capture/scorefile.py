"""Read, check and score a Geekmon Capture score file (docs/design.md "Capture score file").

All checks live in the shared rules core (geekout.capture.score) so the gadget
refuses the same entries; this module adds file reading, JSON parsing and, on request,
filling fields a card leaves out from the catalog. Before any scoring the file is held
to what a game can give (the limits below, said in `geekout capture score --help`):
a score file of 10,000 Milemoons took 46 s and 3 GB, one nested 100,000 deep or
/dev/zero a traceback.
"""

from geekout.capture import catalog as cat
from geekout.capture import consts
from geekout.capture import score as cs

from .. import inputs
from ..errors import UsageError

# A real score file is a few kilobytes: 4 players of 150 cards are about 60 KB.
MAX_FILE_BYTES = 1024 * 1024
MAX_PLAYERS = consts.MAX_PLAYERS  # the game is for 1-4 players (C13: one is the solo trials)
MAX_CARDS = cat.MAX_CARDS  # a player's cards: no more than the catalog can hold
LIMITS = "at most {} KB, {} players, {} cards a player".format(
    MAX_FILE_BYTES // 1024, MAX_PLAYERS, MAX_CARDS)


def load(path):
    """Parsed JSON of `path`; UsageError for unreadable, oversized, malformed (duplicate
    keys, nested deeper than inputs.MAX_JSON_DEPTH) or oversized-game files."""
    doc = inputs.load_json(path, MAX_FILE_BYTES, "score file")
    players = doc.get("players") if isinstance(doc, dict) else None
    if isinstance(players, list):
        if len(players) > MAX_PLAYERS:
            raise UsageError("{}: {} players: a game has at most {}".format(
                path, len(players), MAX_PLAYERS))
        for i, p in enumerate(players):
            cards = p.get("geekmons") if isinstance(p, dict) else None
            if isinstance(cards, list) and len(cards) > MAX_CARDS:
                name = p.get("name")
                who = inputs.printable(name, 40) if isinstance(name, str) else "player {}".format(i + 1)
                raise UsageError("{}: {}: {} cards: a player holds at most {}".format(
                    path, who, len(cards), MAX_CARDS))
    return doc


def fill_from_catalog(doc, cards):
    """Give each card named in the catalog the catalog's fields it leaves out (file fields
    win). Cards the catalog does not know keep their own line structure."""
    players = doc.get("players") if isinstance(doc, dict) else None
    if not isinstance(players, list):
        return doc
    for p in players:
        geekmons = p.get("geekmons") if isinstance(p, dict) else None
        if not isinstance(geekmons, list):
            continue
        for card in geekmons:
            if not isinstance(card, dict) or not isinstance(card.get("name"), str):
                continue
            known = cat.find(cards, card["name"])
            if known is None:
                continue
            for key, value in cat.score_fields(known).items():
                card.setdefault(key, value)
    return doc


def score_path(path, catalog=None):
    """The `geekout capture score` result for a file; UsageError on bad input."""
    doc = load(path)
    if catalog is not None:
        doc = fill_from_catalog(doc, catalog)
    try:
        return cs.score_file(doc)
    except ValueError as e:
        raise UsageError(inputs.printable(e, 300)) from None


def text_report(result):
    """Human-readable lines for a score result (names made printable: a lone surrogate
    or a control character in a name is shown escaped, never sent to the terminal)."""
    lines = []
    for p in result["players"]:
        head = "{}: {} points, {} Geekmons, {} legendaries".format(
            inputs.printable(p["name"]), p["total"], p["geekmons"], p["legendaries"])
        if "rank" in p:
            head += ", rank: " + p["rank"]
        lines.append(head)
        for c in p["cards"]:
            lines.append("  {:>3}  {}".format(c["points"], inputs.printable(c["name"])))
    win = result["winners"]
    lines.append(("winner: " if len(win) == 1 else "shared win: ")
                 + ", ".join(inputs.printable(w) for w in win))
    return lines
