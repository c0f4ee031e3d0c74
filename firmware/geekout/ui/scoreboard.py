"""The scoreboard: one big number per seat, as a draw helper and as a screen (Masters,
the battle's star values); kept out of ui/widgets.py so a game that never shows it does
not hold it in RAM."""

from geekout import keys
from geekout.ui.core import Screen, W, center, title
from geekout.ui.widgets import SEAT_NAMES, big_number


def draw_scores(fb, totals, seat=-1, y=12):
    """The large-number scoreboard: one column per seat, the seat in play boxed."""
    n = len(totals)
    col = W // n
    for i in range(n):
        x = i * col
        name = SEAT_NAMES[i] if n <= 2 else SEAT_NAMES[i][:3]
        fb.text(name, x + (col - len(name) * 8) // 2, y, 1)
        s = str(totals[i])
        # Big digits when they leave 4 pixels or more each side: the numbers then stand
        # 8 apart, four times the gap between their own digits.
        if len(s) * 10 - 2 <= col - 8:
            big_number(fb, x + (col - len(s) * 10 + 2) // 2, y + 12, s)
        else:  # e.g. 110 of 4 seats: big digits would read as one number with the next
            fb.text(s, x + (col - len(s) * 8) // 2, y + 16, 1)
        if i == seat:
            fb.rect(x + 1, y - 2, col - 2, 33, 1)


class Scoreboard(Screen):
    name = "scoreboard"

    def __init__(self, ui, heading, totals, seat=-1, footer="", menu=None):
        """`menu`: the game menu a game's scoreboard opens on hold OK (docs/gadget.md,
        Buttons); without it, hold OK shows the help as on any screen."""
        super().__init__(ui)
        self.heading = heading
        self.totals = totals
        self.seat = seat
        self.footer = footer
        self.menu = menu

    def key(self, k):
        if k == keys.OK or k == keys.BACK:
            self.ui.pop()

    def long_ok(self):
        if self.menu is None:
            self.ui.show_help()
        else:  # the scoreboard goes first: what the menu does acts on the game below
            self.ui.pop()
            self.menu()

    def draw(self, fb):
        title(fb, self.heading)
        draw_scores(fb, self.totals, self.seat, 14)
        if self.footer:
            center(fb, self.footer, 54)
