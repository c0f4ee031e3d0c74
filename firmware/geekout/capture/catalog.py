"""Geekmon Capture card catalog: the device data file, its row checks, and lookups.

The data file (firmware/geekout/data/geekmon_catalog.csv) is plain comma-separated text,
one card a line after a header naming the columns; an empty field means "not known",
never a default, and no field holds a comma, a quote or a control character, so the
device splits lines without a CSV library. `read_catalog` takes an open text file (the
caller does the I/O); `check_row` and `check_catalog` are shared with the host's
`geekout capture catalog import`, so both refuse the same rows.
The columns and the gadget's limits (consts.py): docs/capture.md, Catalog.
"""

from micropython import const

from geekout.capture.consts import (  # noqa: F401 (the tools read the limits and bits here)
    MAX_CARDS,
    MAX_KEY,
    MAX_NAME,
    ROW_NUMBERS,
    SP_FEMALE,
    SP_HYRO,
    SP_LEGENDARY,
    SP_MALE,
    SP_MILEMOON,
    SP_MOUSELET,
    SP_MUNCHKEY,
    SP_STARTER,
    SPECIALS,
    TYPE_NAMES,
)
from geekout.capture.score import type_id

COLUMNS = ("number", "name", "line", "stages", "types", "weakness", "specials")

# A catalog card: (number or 0, name, line or None, stages or 0, types mask,
#                  weakness type id or 0, specials mask)
NUMBER = const(0)
NAME = const(1)
LINE = const(2)
STAGES = const(3)
TYPES = const(4)
WEAKNESS = const(5)
SPECIAL = const(6)


def _ascii_digits(text):
    """True for "0".."9" only: str.isdigit() takes "²" (which int() then refuses) and
    int() reads "٣" as 3."""
    for ch in text:
        if not "0" <= ch <= "9":
            return False
    return len(text) > 0


def _split(text, sep="/"):
    out = []
    for part in text.split(sep):
        part = part.strip()
        if part:
            out.append(part)
    return out


class RowError(ValueError):
    """A bad catalog row: `field` names the column at fault."""

    def __init__(self, field, problem):
        ValueError.__init__(self, field + ": " + problem)
        self.field = field
        self.problem = problem


def check_row(fields):
    """A row as 7 texts (COLUMNS order) -> card tuple; RowError(field, problem) when bad."""
    if len(fields) != len(COLUMNS):
        raise RowError("row", "{} fields, expected {}".format(len(fields), len(COLUMNS)))
    number, name, line, stages, types, weakness, specials = [f.strip() for f in fields]
    for i in range(len(COLUMNS)):
        if "," in fields[i] or '"' in fields[i]:
            raise RowError(COLUMNS[i], "no commas or quotes inside a field")
        for ch in fields[i]:
            if ord(ch) < 32 or 127 <= ord(ch) < 160:  # C0, DEL, C1 (NEL...)
                raise RowError(COLUMNS[i], "no line breaks (CR, LF) or other control "
                               "characters inside a field")
    num = 0
    if number:
        if not _ascii_digits(number) or not 1 <= int(number) <= 999:
            raise RowError("number", "{!r} is not a card number 1-999".format(number))
        num = int(number)
    if not name:
        raise RowError("name", "missing")
    if len(name.encode()) > MAX_NAME:
        raise RowError("name", "{!r} is longer than {} letters, one line of the gadget's "
                       "screen (an accented letter counts 2)".format(name, MAX_NAME))
    if len(line) > MAX_KEY:
        raise RowError("line", "{!r} is longer than {} characters".format(line, MAX_KEY))
    st = 0
    if stages:
        if stages not in ("1", "2", "3", "4"):
            raise RowError("stages", "{!r} is not 1, 2, 3 or 4".format(stages))
        st = int(stages)
    mask = 0
    tlist = _split(types)
    for t in tlist:
        tid = type_id(t)
        if not tid:
            raise RowError("types", "{!r} is not a type ({})".format(t, ", ".join(TYPE_NAMES)))
        mask |= 1 << (tid - 1)
    if len(tlist) > 2:
        raise RowError("types", "a Geekmon has one or two types, not {}".format(len(tlist)))
    weak = 0
    if weakness:
        weak = type_id(weakness)
        if not weak:
            raise RowError("weakness", "{!r} is not a type ({})".format(
                weakness, ", ".join(TYPE_NAMES)))
    sp = 0
    for word in _split(specials):
        low = word.lower()
        if low not in SPECIALS:
            raise RowError("specials", "{!r} is not one of {}".format(word, ", ".join(SPECIALS)))
        sp |= 1 << SPECIALS.index(low)
    if sp & SP_MALE and sp & (SP_FEMALE | SP_MOUSELET) or sp & SP_FEMALE and sp & SP_MOUSELET:
        raise RowError("specials", "the Mouselet and each branch card are different cards")
    if sp & (SP_MOUSELET | SP_MALE | SP_FEMALE) and st not in (0, 3):
        raise RowError("stages", "Mouselet branches are 3-stage lines (C9)")
    if sp & SP_HYRO and st not in (0, 4):
        raise RowError("stages", "the Hyro line scores as 4 stages (C8)")
    if sp & SP_LEGENDARY and st > 1:
        raise RowError("stages", "a legendary is a 1-stage card (C5)")
    if st >= 2 and not line:
        raise RowError("line", "a {}-stage card needs its line".format(st))
    return (num, name, line or None, st, mask, weak, sp)


def check_catalog(cards):
    """Cross-row rules on checked cards -> None, or (index, field, problem) of the first
    card at fault: unique numbers and names, lines agreeing on stages and not over-full."""
    names = {}
    numbers = {}
    lines = {}
    if len(cards) > MAX_CARDS:
        return (MAX_CARDS, "row", "more than {} cards: the gadget holds at most {}".format(
            MAX_CARDS, MAX_CARDS))
    for i in range(len(cards)):
        c = cards[i]
        if i >= ROW_NUMBERS and not 0 < c[NUMBER] < 900:
            return (i, "number", "card {} needs a number 1-899: the gadget numbers a card "
                    "without one 900 + its place, and only the first {} fit".format(
                        i + 1, ROW_NUMBERS))
        key = c[NAME].lower()
        if key in names:
            return (i, "name", "{!r} already on an earlier row".format(c[NAME]))
        names[key] = i
        if c[NUMBER]:
            if c[NUMBER] in numbers:
                return (i, "number", "{:03d} already on an earlier row".format(c[NUMBER]))
            numbers[c[NUMBER]] = i
        line = c[LINE]
        if line is None:
            continue
        group = lines.setdefault(line, [])
        for j in group:
            if cards[j][STAGES] and c[STAGES] and cards[j][STAGES] != c[STAGES]:
                return (i, "stages", "line {!r} has {} stages on an earlier row".format(
                    line, cards[j][STAGES]))
        group.append(i)
        st = 0
        for j in group:
            st = st or cards[j][STAGES]
        sp = c[SPECIAL]
        if sp & (SP_MOUSELET | SP_MALE | SP_FEMALE):
            bit = sp & (SP_MOUSELET | SP_MALE | SP_FEMALE)
            same = 0
            for j in group:
                if cards[j][SPECIAL] & bit:
                    same += 1
            if same > (1 if bit == SP_MOUSELET else 2):
                return (i, "specials", "line {!r} has too many {} cards (C9)".format(
                    line, SPECIALS[_bit_index(bit)]))
        elif st == 4 or sp & SP_HYRO:
            continue  # C8: Hyro evolves into several forms, each a card of its line
        elif st and len(group) > st:
            return (i, "line", "line {!r} holds more cards than its {} stages".format(line, st))
    return None


def _bit_index(bit):
    i = 0
    while bit > 1:
        bit >>= 1
        i += 1
    return i


def format_row(card):
    """A card tuple -> one data-file line (no newline)."""
    num, name, line, st, mask, weak, sp = card
    types = [TYPE_NAMES[t] for t in range(8) if mask & (1 << t)]
    specials = [SPECIALS[b] for b in range(len(SPECIALS)) if sp & (1 << b)]
    return ",".join((
        "{:03d}".format(num) if num else "",
        name,
        line or "",
        str(st) if st else "",
        "/".join(types),
        TYPE_NAMES[weak - 1] if weak else "",
        "/".join(specials),
    ))


def read_catalog(stream):
    """Cards of an open data file; ValueError naming the line of a bad row."""
    cards = []
    lineno = 0
    header = None
    for raw in stream:
        lineno += 1
        text = raw.strip()
        if not text:
            continue
        fields = text.split(",")
        if header is None:
            header = [f.strip().lower() for f in fields]
            if tuple(header) != COLUMNS:
                raise ValueError("line 1: header must be " + ",".join(COLUMNS))
            continue
        if len(cards) == MAX_CARDS:
            raise ValueError("line {}: more than {} cards: the gadget holds at most {}".format(
                lineno, MAX_CARDS, MAX_CARDS))
        try:
            cards.append(check_row(fields))
        except RowError as e:
            raise ValueError("line {}, field {}: {}".format(lineno, e.field, e.problem)) from None
    bad = check_catalog(cards)
    if bad:
        raise ValueError("card {}, field {}: {}".format(bad[0] + 1, bad[1], bad[2]))
    return cards


def find(cards, name):
    """The card named `name` (any case), or None."""
    low = name.lower()
    for c in cards:
        if c[NAME].lower() == low:
            return c
    return None


def score_fields(card):
    """The score-file fields (docs/design.md) a catalog card gives; unknown ones are left out."""
    num, name, line, st, mask, weak, sp = card
    out = {"name": name}
    if line is not None:
        out["line"] = line
    if st:
        out["stages"] = st
    if sp & SP_LEGENDARY:
        out["legendary"] = True
    if sp & SP_MILEMOON:
        out["milemoon"] = True
    if sp & SP_MOUSELET:
        out["mouselet"] = True
    if sp & SP_MALE:
        out["branch"] = "male"
    if sp & SP_FEMALE:
        out["branch"] = "female"
    if mask:
        out["types"] = [TYPE_NAMES[t] for t in range(8) if mask & (1 << t)]
    return out
