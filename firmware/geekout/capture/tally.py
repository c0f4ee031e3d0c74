"""Geekmon Capture on the gadget: the end, a player's "?" cards counted at once.

The player sorts those cards by line and says how many more the known lines hold (the
starter's line A, lines the catalog placed), how many lines of each size (3 of a
3-stage line, 2 of 3...), legendaries, specials, and in an arena game how many share its
type; the rest are 1-stage. Which "?" card is which changes no score (C4-C9 count cards
per line, luminous and C12 count per card), so the gadget gives the "?" cards these
structures in list order: one step of line entries (end.py). UP/DOWN change a number,
OK goes to the next row and saves on the last, BACK goes back a row or leaves.
"""

from micropython import const

from geekout import keys
from geekout.capture import steps
from geekout.capture.consts import (
    K_FEMALE,
    K_HYRO,
    K_LEGEND,
    K_MALE,
    K_MILEMOON,
    K_MOUSELET,
    K_SINGLE,
    K_THREE,
    K_TWO,
    K_UNKNOWN,
    LINES,
    T_SHIFT,
)
from geekout.capture.pick import seat_led
from geekout.modules import forget
from geekout.ui.core import Screen, W, title
from geekout.ui.widgets import SEAT_NAMES

_ROWS = const(5)  # rows on the panel under the title and the line of the rest
_TOP = const(19)
_PITCH = const(9)
_NEW = const(-1)  # a row of new lines (a letter each, given at the save)
_ARENA = const(-2)  # the row of the arena's type (C12)
_MORE = const(-3)  # the row that shows the specials' rows

# The rows of lines only "?" cards hold: (kind, cards held a line), C4.
_SIZES = ((K_THREE, 3), (K_THREE, 2), (K_THREE, 1), (K_TWO, 2), (K_TWO, 1))
# The specials: kind, the most cards of it a player can hold (C5, C7, C8, C9).
_SPECIALS = ((K_HYRO, 4), (K_MILEMOON, 9), (K_MOUSELET, 1), (K_MALE, 2), (K_FEMALE, 2))
# The rows of single kinds, by kind (consts.K_*); "" for the lines' kinds.
_NAMES = ("", "", "", "", "Hyro cards", "Legendary", "Milemoon", "Mouselet", "Male line",
          "Female line")


class Count(Screen):
    """Player p's "?" cards by line: each row a number (UP/DOWN), OK the next row; the
    rest are 1-stage."""

    name = "capture.count"

    def __init__(self, flow, p):
        super().__init__(flow.ui)
        self.flow = flow
        self.p = p
        n = len(flow.state.collections[p])
        self.cards = [i for i in range(n) if flow.structure(p, i)[0] == K_UNKNOWN]
        # Lines the player's other cards hold: letter -> cards; A is the starter's.
        held = bytearray(len(LINES))
        kinds = bytearray(len(LINES))
        for i in range(n):
            kind, line, _a = flow.structure(p, i)
            if kind in (K_TWO, K_THREE, K_HYRO):
                held[line] += 1
                kinds[line] = kind
        self.held = held
        # Each row: (kind, letter or _NEW/_ARENA/_MORE, cards a unit, most units).
        rows = []
        for line in range(len(LINES)):
            if held[line] and held[line] < kinds[line]:  # a known line with room
                rows.append((kinds[line], line, 1, kinds[line] - held[line]))
        for kind, per in _SIZES:
            rows.append((kind, _NEW, per, 99))
        rows.append((K_LEGEND, 0, 1, 99))
        # C12: the cards whose types the gadget does not know (never named)
        self.typeless = 0
        if flow.cfg.arena:
            for i in self.cards:
                if not flow.state.collections[p][i] >> T_SHIFT & 255:
                    self.typeless += 1
        if self.typeless:
            rows.append((0, _ARENA, 0, self.typeless))
        rows.append((0, _MORE, 0, 1))
        self.base = len(rows)  # the specials' rows come after, when shown
        for kind, most in _SPECIALS:
            rows.append((kind, 0 if kind != K_HYRO else _NEW, 1, most))
        self.rows = rows
        self.values = bytearray(len(rows))
        self.row = 0
        self.first = 0  # the first row shown

    # -- numbers ---------------------------------------------------------------------
    def count(self):
        """Rows in use: the specials' only when asked for."""
        return len(self.rows) if self.values[self.base - 1] else self.base

    def rest(self, skip=-1):
        """The "?" cards no row takes (row `skip` left out): 1-stage."""
        n = len(self.cards)
        for r in range(len(self.rows)):
            if r != skip and (r < self.base or self.values[self.base - 1]):
                n -= self.values[r] * self.rows[r][2]
        return n

    def most(self, r):
        kind, line, per, most = self.rows[r]
        if not per:
            return most
        return min(most, self.rest(r) // per)

    # -- keys ------------------------------------------------------------------------
    def long_ok(self):
        """The help on counting (help.py, for the page only)."""
        from geekout.capture import help as h

        h.show(self.ui, "end")

    def key(self, k):
        r = self.row
        if k == keys.UP or k == keys.DOWN:
            span = self.most(r) + 1
            self.values[r] = (self.values[r] + (1 if k == keys.UP else -1)) % span
            if r == self.base - 1 and not self.values[r]:
                for s in range(self.base, len(self.rows)):  # the specials hidden: none
                    self.values[s] = 0
        elif k == keys.BACK:
            if r:
                self.row = r - 1
            else:  # the card list again (this screen took its place: end.card_list)
                self.ui.replace(self.flow.card_list(self.p))
                forget("geekout.capture.tally")  # in RAM while this screen is shown
        elif k == keys.OK:
            if r + 1 < self.count():
                self.row = r + 1
            else:
                self.save()

    def save(self):
        """The structures in list order (rows top to bottom, then the 1-stage rest) and
        the arena's type on the first typeless cards, as one step."""
        fl = self.flow
        free = [x for x in range(1, len(LINES)) if not self.held[x]]
        units = []  # (kind, letter, cards)
        arena = 0
        for r in range(self.count()):
            kind, line, per, _m = self.rows[r]
            v = self.values[r]
            if line == _ARENA:
                arena = v
            elif line == _NEW and per:
                # lines of a size: v new lines; the Hyro cards (C8): one new line of v
                for _ in range(v if kind != K_HYRO else min(v, 1)):
                    if not free:
                        fl.refuse("More lines than letters")
                        return
                    units.append((kind, free.pop(0), per if kind != K_HYRO else v))
            elif per:
                units.append((kind, line, v * per))
        units.append((K_SINGLE, 0, self.rest()))
        acts = []
        at = 0
        coll = fl.state.collections[self.p]
        for kind, line, n in units:
            for _ in range(n):
                i = self.cards[at]
                at += 1
                a = fl.structure(self.p, i)[2]
                if fl.cfg.arena and not coll[i] >> T_SHIFT & 255:
                    a = 1 if arena > 0 else 0
                    arena -= a
                acts.append(steps.note_action(self.p, i, kind, line, a))
        name = SEAT_NAMES[self.p]
        if fl.take(acts, "{}: {} ? cards counted".format(name, len(acts))):
            fl.counted(self.p)

    # -- drawing ---------------------------------------------------------------------
    def label(self, r):
        kind, line, per, _m = self.rows[r]
        if line == _ARENA:
            return "Arena type"
        if line == _MORE:
            return "Specials"
        if line >= 0 and per and kind in (K_TWO, K_THREE, K_HYRO):
            return "Line {} +".format(LINES[line])
        if _NAMES[kind]:
            return _NAMES[kind]
        return "{}-stage {}/{}".format(kind, per, kind)

    def draw(self, fb):
        fl = self.flow
        seat_led(fl.app.board.leds, self.p, fl.players())
        title(fb, "{}'s {} ?".format(SEAT_NAMES[self.p], len(self.cards)))
        fb.text("1-stage rest {}".format(self.rest()), 0, 10, 1)
        n = self.count()
        if self.row < self.first:
            self.first = self.row
        elif self.row >= self.first + _ROWS:
            self.first = self.row - _ROWS + 1
        for j in range(self.first, min(n, self.first + _ROWS)):
            y = _TOP + (j - self.first) * _PITCH
            on = j == self.row
            if on:
                fb.fill_rect(0, y - 1, W, _PITCH, 1)
            v = self.values[j]
            text = ("yes" if v else "no") if self.rows[j][1] == _MORE else str(v)
            fb.text(self.label(j), 0, y, 0 if on else 1)
            # the number ends a column short of the edge: the scroll marks' column
            fb.text(text, W - 8 - 8 * len(text), y, 0 if on else 1)
        if self.first:
            fb.fill_rect(W - 1, _TOP, 1, 4, 0 if self.first == self.row else 1)
        if self.first + _ROWS < n:
            fb.fill_rect(W - 1, _TOP + _ROWS * _PITCH - 7, 1, 4, 1)
