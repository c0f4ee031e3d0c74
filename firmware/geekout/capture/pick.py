"""Geekmon Capture on the gadget: the lists its screens choose from.

Rows    a menu drawn the full width of the panel: the item under the cursor in inverse
        video, an item longer than a line (a 16-letter card name after a seat or a place
        number) wrapped over two, a line of context under the title, and the seat LEDs
        on the seat the item under the cursor is about
Marks   a list of items to tick (OK ticks one and moves on) and Done: which of the tied
        players have type advantage, who tied (C3)

They could move to ui/widgets.py for the other games later. The LEDs follow the screen
when it is drawn (seat_led), so a screen uncovered by BACK lights its seat again.
"""

from micropython import const

from geekout.ui.core import W, title, wrap
from geekout.ui.widgets import Menu

_COLS = const(16)  # characters in a line at x = 0
_PITCH = const(9)  # pixels from one text line to the next


def seat_led(leds, seat, players):
    """Light `seat` (-1: every seat in play) unless it is lit already: redrawing never
    cuts a flash short nor writes the LEDs for nothing."""
    if leds.seat != seat or leds.players != players:
        if seat < 0:
            leds.show_seats(players)
        else:
            leds.show_turn(seat, players)


class Rows(Menu):
    """Menu's keys (UP/DOWN move, wrapping; OK chooses; BACK goes back) drawn full width.
    `line`: a line under the title; `seats`: the seat each item is about (-1 none), or
    one seat for the whole list (None: no seat); `players`: the seats in play (0: LEDs
    left alone)."""

    # The end's card list: the card of each item (end.py's card_list).
    cards = None  # type: list | None

    def __init__(self, ui, heading, items, choose, name=None, back=None, index=0, line="",
                 seats=None, players=0):
        super().__init__(ui, heading, items, choose, name, back, index)
        self.line = line
        self.seats = seats
        self.players = players

    def seat(self):
        s = self.seats
        if s is None:
            return -1
        if isinstance(s, int):
            return s
        return s[self.index] if self.index < len(s) else -1

    def draw(self, fb):
        if self.players:
            seat_led(self.ui.board.leds, self.seat(), self.players)
        title(fb, self.heading)
        top = 10
        if self.line:
            fb.text(self.line, 0, top, 1)
            top += _PITCH
        rows = (64 - top + 1) // _PITCH
        items = self.items
        n = len(items)
        i = self.index
        if i < self.first:
            self.first = i
        # the first item shown: the cursor's item and those before it fill at most the rows
        while self.first < i:
            used = 0
            for j in range(self.first, i + 1):
                used += len(wrap(items[j], _COLS))
            if used <= rows:
                break
            self.first += 1
        y = top
        j = self.first
        while j < n and y + 8 <= 64:
            on = j == i
            for text in wrap(items[j], _COLS):
                if y + 8 > 64:
                    break
                if on:
                    fb.fill_rect(0, y - 1, W, _PITCH, 1)
                fb.text(text, 0, y, 0 if on else 1)
                y += _PITCH
            j += 1
        # more above / below: a notch at the right edge (the font leaves its 8th column blank)
        if self.first:
            fb.fill_rect(W - 1, top, 1, 4, 0 if self.first == i else 1)
        if j < n:
            fb.fill_rect(W - 1, y - 6, 1, 4, 1)


class Marks(Rows):
    """Items to tick (OK ticks or unticks) and `Done` last: done(mask), bit i for item i.
    `seats`: the seat of each item (their LEDs as the cursor moves)."""

    def __init__(self, ui, heading, names, done, name=None, line="", seats=None, players=0,
                 mask=0, index=-1):
        self.names = names
        self.mask = mask
        self.done = done
        super().__init__(ui, heading, self.labels(), self.chose, name, None,
                         len(names) if index < 0 else index, line, seats, players)

    def labels(self):
        out = ["[x] " + n if self.mask >> i & 1 else "[ ] " + n for i, n in enumerate(self.names)]
        out.append("Done")
        return out

    def chose(self, i):
        if i >= len(self.names):
            self.done(self.mask)
            return
        self.mask ^= 1 << i
        self.items = self.labels()
        self.index = i + 1  # on to the next (Done after the last): fewer presses
