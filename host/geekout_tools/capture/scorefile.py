"""Read, check and score a Geekmon Capture score file (DESIGN.md "Capture score file").

All checks live in the shared rules core (geekout.rules.capture_score) so the gadget
refuses the same entries; this module adds file reading, JSON parsing and, on request,
filling fields a card leaves out from the catalog.
"""

import json

from geekout.rules import capture_catalog as cat
from geekout.rules import capture_score as cs

from ..errors import UsageError


def load(path):
    """Parsed JSON of `path`; UsageError for unreadable or malformed files."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise UsageError("cannot read {}: {}".format(path, e.strerror or e)) from None
    except UnicodeDecodeError:
        raise UsageError("{}: not UTF-8 text".format(path)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise UsageError("{}: malformed JSON at line {} column {}: {}".format(
            path, e.lineno, e.colno, e.msg)) from None


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
        raise UsageError(str(e)) from None


def text_report(result):
    """Human-readable lines for a score result."""
    lines = []
    for p in result["players"]:
        head = "{}: {} points, {} Geekmons, {} legendaries".format(
            p["name"], p["total"], p["geekmons"], p["legendaries"])
        if "rank" in p:
            head += ", rank: " + p["rank"]
        lines.append(head)
        for c in p["cards"]:
            lines.append("  {:>3}  {}".format(c["points"], c["name"]))
    win = result["winners"]
    lines.append(("winner: " if len(win) == 1 else "shared win: ") + ", ".join(win))
    return lines
