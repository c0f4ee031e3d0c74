"""Geekmon Capture on the gadget: the card catalog as the screens use it.

The catalog (data/geekmon_catalog.csv, written by `geekout capture catalog import`,
which checks every row with catalog.py) is read once, when a Capture screen first needs
it, into 7 bytes a card and the names, in blocks of 16 cards made at their size: nothing
it allocates grows with the catalog. The reader checks each row and the limits, and
refuses the file otherwise; a missing or bad file gives an empty catalog. A card on the
table is tied to its row through the core's card number: the printed number (1-899),
else 900 + the row index. The checks and figures: docs/gadget-capture.md, Memory and speed.
"""

from micropython import const

from geekout.capture.actions import card_action, number_action
from geekout.capture.consts import (
    ACTIVE_TARGET,
    LUMINOUS,
    MAX_CARDS,
    MAX_NAME,
    N_SHIFT,
    NO_CARD,
    NO_PLACE,
    SP_LEGENDARY,
    SP_MUNCHKEY,
    SPECIALS,
    TYPE_NAMES,
    UNNUMBERED,
)
from geekout.ui.widgets import SEAT_NAMES

# A card's bytes: the offsets (byte 0-1 is its number).
CARD_BYTES = const(7)
STAGES = const(2)
TYPES = const(3)
WEAK = const(4)
SPECIAL = const(5)
LINE = const(6)  # 255: no line
BLOCK = const(16)  # cards a block
MAX_LINE = const(300)  # bytes: 3 + 16 + 24 x 4 (UTF-8) + 1 + 17 + 8 + 61 + 6 commas + CRLF
HEADER = b"number,name,line,stages,types,weakness,specials"


class Catalog:
    """The cards in blocks of 16 (card r is item r & 15 of block r >> 4), each block one
    bytearray: CARD_BYTES a card, then the cards' names, "\n" after each."""

    # On the Pico (rp2 1.28, emulated) the shipped 27 cards take 640 B and read in 37 ms;
    # 150 cards with names as long as the rulebook's 2,848 B and 300 ms, with every name
    # at the 16-byte limit 3,888 B; name() about 0.3 ms.

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
        start = min(BLOCK, self.n - (b << 4)) * CARD_BYTES  # the names follow the cards' bytes
        for _ in range(r & 15):
            start = t.find(b"\n", start) + 1
        return t[start:t.find(b"\n", start)].decode()

    def get(self, r, f):
        """Byte f of row r: f 2 stages, 3 types, 4 weakness, 5 specials, 6 line id."""
        return self.blocks[r >> 4][(r & 15) * CARD_BYTES + f]

    def number(self, r):
        d = self.blocks[r >> 4]
        i = (r & 15) * CARD_BYTES
        return d[i] | d[i + 1] << 8


def _bits(text, names):
    """Bit mask of "/"-joined words (bit i for names[i]); ValueError for an unknown one."""
    mask = 0
    for w in text.split(b"/"):
        w = w.strip().lower()
        if w:
            mask |= 1 << names.index(w)  # ValueError when not there
    return mask


def _number(text):
    """A field of ASCII digits (or empty: 0) as an int; ValueError otherwise."""
    v = 0
    for c in text:
        if not 48 <= c <= 57:
            raise ValueError
        v = v * 10 + c - 48
    return v if len(text) <= 3 else 1000


def _rows(stream):
    """Each card line's fields (a list of 7 bytes) with its line number; ValueError for a
    line of the wrong shape. Blank lines are skipped."""
    n = 0
    count = 0
    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            return
        n += 1
        if isinstance(raw, str):  # a text stream (tests on CPython)
            raw = raw.encode()
        if len(raw) > MAX_LINE:
            raise ValueError("line {}: longer than {} bytes".format(n, MAX_LINE))
        f = raw.strip().split(b",")
        if n == 1:
            if b",".join(f).lower() != HEADER:
                raise ValueError("line 1: not a catalog header")
            continue
        if len(f) != 7:
            if len(f) == 1 and not f[0]:
                continue
            raise ValueError("line {}: {} fields".format(n, len(f)))
        if count == MAX_CARDS:
            raise ValueError("line {}: more than {} cards".format(n, MAX_CARDS))
        count += 1
        yield n, f


def load(cat, stream):
    """Read the data file (a seekable binary or text stream, header first) into cat;
    ValueError naming a bad line. The file is read twice, a line at a time:
    1. the line ids (cards of one line share the id the line's first card got), found by
       searching each block's line keys, kept only for this pass ("\n" before and after
       each key), and the bytes of names per block;
    2. with the keys gone, the blocks are made at their exact size, one after the other,
       and filled: CARD_BYTES a card, then the names, "\n" after each."""
    # Pass 1: line ids and the size of each block.
    ids = bytearray(MAX_CARDS)
    sizes = []  # bytes of a block: 7 a card plus its names
    keys = []  # each block's line keys
    given = 0  # line ids given
    count = 0
    for _n, f in _rows(stream):
        if not count % BLOCK:
            sizes.append(0)
            keys.append(bytearray(b"\n"))
        sizes[-1] += 8 + len(f[1])
        line = 255
        if f[2]:
            key = b"\n" + f[2] + b"\n"
            for b in range(len(keys)):
                at = keys[b].find(key)
                if at >= 0:  # a card of this line came before: its id
                    line = ids[b * BLOCK + keys[b].count(b"\n", 0, at)]
                    break
            if line == 255:
                line = min(given, 254)
                given += 1
            keys[-1].extend(f[2])
        keys[-1].append(10)
        ids[count] = line
        count += 1
    keys = None
    # Pass 2: the blocks, made at their size, then filled.
    blocks = []
    for s in sizes:
        blocks.append(bytearray(s))
    stream.seek(0)
    types = [t.encode() for t in TYPE_NAMES]
    specials = [w.encode() for w in SPECIALS]
    r = 0
    at = 0  # where the next name goes in its block
    for n, f in _rows(stream):
        try:
            num = _number(f[0])
            st = _number(f[3])
            tmask = _bits(f[4], types)
            weak = _bits(f[5], types)
            sp = _bits(f[6], specials)
            f[1].decode()  # UnicodeError (a ValueError) if not UTF-8
        except ValueError:
            raise ValueError("line {}: bad value".format(n)) from None
        name = f[1]
        if not name or len(name) > MAX_NAME or num > 999 or st > 4 or weak & (weak - 1):
            raise ValueError("line {}: bad value".format(n))
        if r >= count:
            raise ValueError("line {}: the file changed while read".format(n))
        w = 0
        while weak:
            w += 1
            weak >>= 1
        d = blocks[r // BLOCK]
        i = r % BLOCK
        if not i:
            at = min(BLOCK, count - r) * CARD_BYTES
        i *= CARD_BYTES
        d[i] = num & 255
        d[i + 1] = num >> 8
        d[i + 2] = st
        d[i + 3] = tmask
        d[i + 4] = w
        d[i + 5] = sp
        d[i + 6] = ids[r]
        d[at:at + len(name)] = name
        at += len(name)
        d[at] = 10
        at += 1
        r += 1
    if r != count:
        raise ValueError("the file changed while read")
    cat.blocks = blocks
    cat.n = count


_cat = None  # the loaded catalog


def cards(app):
    """The catalog (empty when it cannot be read: .error says why)."""
    global _cat
    if _cat is None:
        _cat = Catalog()
        try:
            f = app.board.data.open("geekout/data/geekmon_catalog.csv", "rb")
            try:
                load(_cat, f)
            finally:
                f.close()
        except (OSError, ValueError) as e:
            _cat = Catalog()
            _cat.error = "Catalog: {}".format(e)
    return _cat


def forget():
    """Drop the loaded catalog (a new game reads it again; tests swap data files)."""
    global _cat
    _cat = None


def number_for(cat, r):
    """The core card number standing for catalog row r (0 when none fits)."""
    n = cat.number(r)
    if n and n < UNNUMBERED:
        return n
    return UNNUMBERED + r if r < 1024 - UNNUMBERED else 0


def row_of(cat, t):
    """The catalog row of a card's traits int t, or -1."""
    n = t >> N_SHIFT
    if not n:
        return -1
    if n >= UNNUMBERED:
        r = n - UNNUMBERED
        return r if r < len(cat) else -1
    for i in range(len(cat)):
        if cat.number(i) == n:
            return i
    return -1


def identify(cat, s, r):
    """The core actions naming slot s's card as catalog row r: its description (types,
    weakness, legendary, Munchkey: type advantage, C13 thresholds, C11) and its number."""
    sp = cat.get(r, SPECIAL)
    return [card_action(s, cat.get(r, WEAK), cat.get(r, TYPES), sp & SP_LEGENDARY,
                        sp & SP_MUNCHKEY),
            number_action(s, number_for(cat, r))]


def slot_label(cat, state, s):
    t = state.slots[s]
    if t == NO_CARD:
        return "{} -".format(s + 1)
    r = row_of(cat, t)
    return "{} {}{}".format(s + 1, cat.name(r) if r >= 0 else "?", "*" if t & LUMINOUS else "")


def target_label(cat, state, target):
    if target >= ACTIVE_TARGET:
        return SEAT_NAMES[target - ACTIVE_TARGET] + "'s active"
    return slot_label(cat, state, target)


def fit_label(cat, state, target, width):
    """target_label in at most `width` characters: the place and the name, else the
    name, else the place ("Card 3", luminous marked *)."""
    text = target_label(cat, state, target)
    if len(text) <= width or target >= ACTIVE_TARGET:  # "Yellow's active": 15
        return text
    lum = "*" if state.slots[target] & LUMINOUS else ""
    r = row_of(cat, state.slots[target])
    if r >= 0 and len(cat.name(r)) + len(lum) <= width:
        return cat.name(r) + lum
    return "Card {}{}".format(target + 1, lum)


def coll_name(cat, game, p, i):
    """Player p's collection card i (game: a steps.Game): the catalog's name, the starter,
    else where it was caught: the round and its place on the table ("R2 place 3"), as the
    players saw it there."""
    cfg = game.cfg
    if i == 0 and cfg.rows[p]:
        r = cfg.rows[p] - 1
        if r < len(cat):
            return cat.name(r)
    if i == 0:
        return "Starter"
    r = row_of(cat, game.state.collections[p][i])
    if r >= 0:
        return cat.name(r)
    o = game.origin[p][i]
    if o == NO_PLACE:  # not caught from the table: its place in the list
        return "Card {}".format(i + 1)
    return "R{} place {}".format((o >> 3) + 1, (o & 7) + 1)


def n_cards(n):
    """"1 card", "3 cards"."""
    return "{} card{}".format(n, "" if n == 1 else "s")


def n_pts(n):
    """"1 pt", "0 pts", "3 pts"."""
    return "{} pt{}".format(n, "" if n == 1 else "s")


def seat3(p):
    """A seat's short name, as the rows of the throw screen show it: Red, Gre, Blu, Yel."""
    return SEAT_NAMES[p][:3]


def stay():
    """BACK on the game's own menus (a mode's, the end's): the menu stays."""
