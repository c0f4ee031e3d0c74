"""Geekmon Capture on the gadget: naming a wild card from the catalog in a few presses.

The cards that can be on the table (nameable) are sorted by name and split in three,
shown as three bands from the first name to the last: UP takes the top band, OK the
middle one, DOWN the bottom one, until each band holds one card and its key names it.
BACK goes back a split (and leaves from the first). So 27 cards take 3 presses, the
game's 78 take 4, the gadget's limit of 150 five.

Not offered (rulebook, Game Setup 1 and 2b): a starter card (the heart cards are set
aside; the players keep their own), the evolutions of a starter no one chose (they go
back to the box), and a card already in play (on the table or in a collection).
Loaded the first time a card is named (draw.name_card).
"""

from micropython import const

from geekout import keys
from geekout.capture import cards
from geekout.capture.consts import N_SHIFT, NO_CARD, SP_STARTER
from geekout.ui.core import Screen, W, title

_BAND = const(18)  # pixels a band: two lines of text


def _key(name):
    """The first four letters as a number below 2**20 (28 symbols a letter: the end of
    the name, a-z in any case, anything else), for sorting names."""
    k = 0
    b = name.encode()
    for i in range(4):
        c = b[i] | 32 if i < len(b) else 0
        k = k * 28 + (0 if i >= len(b) else (c - 96 if 97 <= c <= 122 else 27))
    return k


def unchosen_lines(g):
    """The catalog line ids of the starters no player chose: their evolutions stay in
    the box (rulebook, Game Setup 1 and 2b)."""
    c = g.cat
    chosen = [c.get(row - 1, cards.LINE) for row in g.cfg.rows if row and row - 1 < len(c)]
    out = []
    for i in range(len(c)):
        line = c.get(i, cards.LINE)
        if c.get(i, cards.SPECIAL) & SP_STARTER and line != 255 and line not in chosen:
            out.append(line)
    return out


def nameable(g, r, unchosen=None):
    """Why catalog row r cannot be the card in a place on the table ("": it can);
    `unchosen`: unchosen_lines(g), when known."""
    c = g.cat
    if c.get(r, cards.SPECIAL) & SP_STARTER:
        return "A starter is never wild"
    if unchosen is None:
        unchosen = unchosen_lines(g)
    if c.get(r, cards.LINE) in unchosen:
        return "Its starter is not in play"
    n = cards.number_for(c, r)
    if not n:
        return "No number for that card"
    st = g.state
    for u in st.slots:
        if u != NO_CARD and u >> N_SHIFT == n:
            return "Already in play"
    for coll in st.collections:
        for u in coll:
            if u >> N_SHIFT == n:
                return "Already in play"
    return ""


def offered(g, slot):
    """The catalog rows the card in `slot` may be, sorted by name (its own row first
    among equals: naming it again is allowed)."""
    c = g.cat
    own = cards.row_of(c, g.state.slots[slot])
    unchosen = unchosen_lines(g)
    rows = [r for r in range(len(c)) if r == own or not nameable(g, r, unchosen)]
    ks = [_key(c.name(r)) * 256 + r for r in rows]  # 20 + 8 bits: a small int
    ks.sort()
    rows = [k & 255 for k in ks]
    # names alike in their first four letters: in full alphabetical order
    for i in range(1, len(rows)):
        j = i
        while j and ks[j - 1] >> 8 == ks[j] >> 8 and c.name(rows[j - 1]).lower() > c.name(rows[j]).lower():
            rows[j - 1], rows[j] = rows[j], rows[j - 1]
            j -= 1
    return rows


class Picker(Screen):
    """Three bands of the sorted cards; `chose(row)` when one card is left in the band
    whose key was pressed. BACK: the split before, or leave."""

    name = "capture.catalog"

    def __init__(self, ui, heading, cat, rows, chose):
        super().__init__(ui)
        self.heading = heading
        self.cat = cat
        self.rows = rows
        self.chose = chose
        self.spans = [(0, len(rows))]  # the splits made, the last one shown

    def bands(self):
        """The three (start, end) bands of the span shown (empty ones at the end)."""
        lo, hi = self.spans[-1]
        n = hi - lo
        if n <= 3:
            return [(lo + i, lo + i + 1) if i < n else (hi, hi) for i in range(3)]
        a = (n + 2) // 3
        b = (n - a + 1) // 2
        return [(lo, lo + a), (lo + a, lo + a + b), (lo + a + b, hi)]

    def key(self, k):
        if k == keys.BACK:
            if len(self.spans) > 1:
                self.spans.pop()
            else:
                self.ui.pop()
            return
        if k not in (keys.UP, keys.OK, keys.DOWN):
            return
        lo, hi = self.bands()[(keys.UP, keys.OK, keys.DOWN).index(k)]
        if hi - lo == 1:
            self.chose(self.rows[lo])
        elif hi > lo:
            self.spans.append((lo, hi))

    def draw(self, fb):
        title(fb, self.heading)
        if not self.rows:
            fb.text("No card left", 0, 28, 1)
            return
        c = self.cat
        marks = ("^", "OK", "v")
        for i, (lo, hi) in enumerate(self.bands()):
            y = 10 + i * _BAND
            if i:
                fb.hline(0, y - 2, W, 1)
            if hi <= lo:
                continue
            fb.text(c.name(self.rows[lo]), 0, y, 1)
            end = ""
            if hi - lo > 1:
                last = c.name(self.rows[hi - 1])
                end = "to " + last if len(last) <= 13 else last
            x = W - 8 * len(end)
            if x >= 24:  # room for the key on the left
                fb.text(marks[i], 0, y + 9, 1)
            if end:
                fb.text(end, x, y + 9, 1)
