"""Geekmon Capture on the gadget: the card catalog as the screens use it.

The catalog (data/geekmon_catalog.csv, read by rules/capture_catalog) is loaded once,
when a Capture screen first needs it; a missing or bad file gives an empty catalog (the
players then describe cards by their line structure at the end). A card on the table
is tied to its catalog row through the core's card number: the printed number when the
row has one (1-899), else 900 + the row index (rows without a number).
"""

from micropython import const

from geekout.rules import capture as C
from geekout.rules import capture_catalog as K
from geekout.ui.widgets import SEAT_NAMES

CATALOG_FILE = "geekout/data/geekmon_catalog.csv"
_UNNUMBERED = const(900)
_cards = None  # the loaded catalog (list of card tuples)
error = ""  # why the catalog could not be read ("" when it was)


def cards(app):
    """The catalog's card tuples ([] when it cannot be read)."""
    global _cards, error
    if _cards is None:
        _cards = []
        try:
            f = app.board.data.open(CATALOG_FILE, "r")
            try:
                _cards = K.read_catalog(f)
            finally:
                f.close()
        except (OSError, ValueError) as e:
            error = "Catalog: " + str(e)
    return _cards


def forget():
    """Drop the loaded catalog (tests swap data files)."""
    global _cards, error
    _cards = None
    error = ""


def number_for(cat, row):
    """The core card number standing for catalog row `row` (0 when none fits)."""
    n = cat[row][K.NUMBER]
    if n and n < _UNNUMBERED:
        return n
    return _UNNUMBERED + row if row < 1024 - _UNNUMBERED else 0


def row_of(cat, traits):
    """The catalog row of a card's traits int, or -1."""
    n = C.number_of(traits)
    if not n:
        return -1
    if n >= _UNNUMBERED:
        r = n - _UNNUMBERED
        return r if r < len(cat) else -1
    for i in range(len(cat)):
        if cat[i][K.NUMBER] == n:
            return i
    return -1


def card_name(cat, traits, fallback):
    r = row_of(cat, traits)
    return cat[r][K.NAME] if r >= 0 else fallback


def identify(cat, slot, row):
    """The core actions naming slot's card as catalog row `row`: its description (types,
    weakness, legendary, Munchkey: type advantage, C13 thresholds, C11) and its number."""
    c = cat[row]
    sp = c[K.SPECIAL]
    return [C.card_action(slot, c[K.WEAKNESS], c[K.TYPES], bool(sp & K.SP_LEGENDARY),
                          bool(sp & K.SP_MUNCHKEY)),
            C.number_action(slot, number_for(cat, row))]


def in_play(state, number):
    """True when a card of this number is on the table or in a collection."""
    for t in state.slots:
        if t != C.NO_CARD and C.number_of(t) == number:
            return True
    for coll in state.collections:
        for t in coll:
            if C.number_of(t) == number:
                return True
    return False


def slot_label(cat, state, slot):
    t = state.slots[slot]
    if t == C.NO_CARD:
        return "{} -".format(slot + 1)
    return "{} {}{}".format(slot + 1, card_name(cat, t, "?"), "*" if t & C.LUMINOUS else "")


def target_label(cat, state, target):
    if target >= C.ACTIVE_TARGET:
        return SEAT_NAMES[target - C.ACTIVE_TARGET] + "'s active"
    return slot_label(cat, state, target)


def coll_name(cat, cfg, p, i, traits):
    """A collection card's name: the catalog's, the starter, or its place."""
    if i == 0 and cfg.rows[p]:
        r = cfg.rows[p] - 1
        if r < len(cat):
            return cat[r][K.NAME]
    if i == 0:
        return "Starter"
    return card_name(cat, traits, "Card {}".format(i + 1))
