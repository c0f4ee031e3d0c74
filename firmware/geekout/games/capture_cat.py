"""Geekmon Capture on the gadget: the card catalog as the screens use it.

The catalog (data/geekmon_catalog.csv, written by `geekout capture catalog import`,
which checks every row with rules/capture_catalog) is read once, when a Capture screen
first needs it, into a compact form: 7 bytes a card (number, stages, types, weakness,
specials, line id: cards of one line share it) and the names, in blocks of 16 cards,
each block one bytearray made at its size. No allocation grows with the catalog: at its
limit (rules/capture_catalog: 150 cards, names of 16 bytes) a block is at most 384
bytes. The gadget reads it with a small reader (games/capture_catload.py, dropped after
use) rather than the full checker, whose messages would stay in RAM; it checks each
row's shape and values and the limits, and refuses the file otherwise. A missing or
bad file gives an empty catalog (the players then give cards' line structure at the
end). A card on the table is tied to its catalog row through the core's card number:
the printed number when the row has one (1-899), else 900 + the row index (rows
without a number; the importer lets only the first 124 rows go without one).
"""

import sys

from micropython import const

from geekout.ui.widgets import SEAT_NAMES

# Compile-time constants only (no global names: each name is interned for good on the
# gadget). Offsets in a card's bytes (games/capture_setup.py and capture_end.py keep
# their own copies; specials bits as in rules/capture_catalog SP_*):
_W = const(7)  # bytes a card
_TYPES = const(3)
_WEAK = const(4)
_SPECIAL = const(5)
_SP_LEGENDARY = const(2)
_SP_MUNCHKEY = const(128)
_UNNUMBERED = const(900)
# Traits ints of rules/capture_actions (copied: the end runs without the core).
_NO_CARD = const(-1)
_LUMINOUS = const(16384)
_N_SHIFT = const(15)
_ACTIVE_TARGET = const(8)


class Catalog:
    """The cards in blocks of 16 (card r is item r & 15 of block r >> 4), each block one
    bytearray: 7 bytes a card, then the cards' names, "\n" after each. On the Pico (rp2
    1.28, emulated) the shipped 27 cards take 640 B and read in 37 ms; 150 cards with
    names as long as the rulebook's 2,848 B and 300 ms, with every name at the 16-byte
    limit 3,888 B; name() about 0.3 ms."""

    def __init__(self):
        self.blocks = []
        self.n = 0
        self.error = ""

    def __len__(self):
        return self.n

    def name(self, r):
        """Row r's name."""
        b = r >> 4
        t = self.blocks[b]
        start = min(16, self.n - (b << 4)) * _W  # the names start after the cards' bytes
        for _ in range(r & 15):
            start = t.find(b"\n", start) + 1
        return t[start:t.find(b"\n", start)].decode()

    def get(self, r, f):
        """Byte f of row r: f 2 stages, 3 types, 4 weakness, 5 specials, 6 line id."""
        return self.blocks[r >> 4][(r & 15) * _W + f]

    def number(self, r):
        d = self.blocks[r >> 4]
        i = (r & 15) * _W
        return d[i] | d[i + 1] << 8


_cat = None  # the loaded catalog


def unload(name):
    """Forget a module so its RAM comes back (it is imported again when needed)."""
    sys.modules.pop(name, None)
    parent, child = name.rsplit(".", 1)
    pkg = sys.modules.get(parent)
    if pkg is not None:
        try:
            delattr(pkg, child)
        except (AttributeError, KeyError):  # MicroPython: KeyError
            pass


def cards(app):
    """The catalog (empty when it cannot be read: .error says why)."""
    global _cat
    if _cat is None:
        _cat = Catalog()
        try:
            f = app.board.data.open("geekout/data/geekmon_catalog.csv", "rb")
            try:
                from geekout.games import capture_catload

                capture_catload.load(_cat, f)
            finally:
                f.close()
                unload("geekout.games.capture_catload")
        except (OSError, ValueError) as e:
            _cat = Catalog()
            _cat.error = "Catalog: {}".format(e)
    return _cat


def forget():
    """Drop the loaded catalog (tests swap data files)."""
    global _cat
    _cat = None


def number_for(cat, r):
    """The core card number standing for catalog row r (0 when none fits)."""
    n = cat.number(r)
    if n and n < _UNNUMBERED:
        return n
    return _UNNUMBERED + r if r < 1024 - _UNNUMBERED else 0


def row_of(cat, t):
    """The catalog row of a card's traits int t, or -1."""
    n = t >> _N_SHIFT
    if not n:
        return -1
    if n >= _UNNUMBERED:
        r = n - _UNNUMBERED
        return r if r < len(cat) else -1
    for i in range(len(cat)):
        if cat.number(i) == n:
            return i
    return -1


def identify(cat, s, r):
    """The core actions naming slot s's card as catalog row r: its description (types,
    weakness, legendary, Munchkey: type advantage, C13 thresholds, C11) and its number."""
    sp = cat.get(r, _SPECIAL)
    # capture_actions.card_action and number_action, written out (A_CARD 1, A_NUMBER 2).
    return [1 | (s | cat.get(r, _WEAK) << 3 | cat.get(r, _TYPES) << 7
                 | (1 if sp & _SP_LEGENDARY else 0) << 15 | (1 if sp & _SP_MUNCHKEY else 0) << 16) << 5,
            2 | (s | number_for(cat, r) << 3) << 5]


def slot_label(cat, state, s):
    t = state.slots[s]
    if t == _NO_CARD:
        return "{} -".format(s + 1)
    r = row_of(cat, t)
    return "{} {}{}".format(s + 1, cat.name(r) if r >= 0 else "?", "*" if t & _LUMINOUS else "")


def target_label(cat, state, target):
    if target >= _ACTIVE_TARGET:
        return SEAT_NAMES[target - _ACTIVE_TARGET] + "'s active"
    return slot_label(cat, state, target)


def coll_name(cat, cfg, p, i, t):
    """A collection card's name (traits int t): the catalog's, the starter, or its place."""
    if i == 0 and cfg.rows[p]:
        r = cfg.rows[p] - 1
        if r < len(cat):
            return cat.name(r)
    if i == 0:
        return "Starter"
    r = row_of(cat, t)
    return cat.name(r) if r >= 0 else "Card {}".format(i + 1)
