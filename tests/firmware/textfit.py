"""Every word on the screen: a watch on a board's display that notes each string drawn past
the panel's edge, with the screen it was on, while key scripts and random presses draw every
screen of every game (tests/firmware/test_text_fits.py).

The firmware draws whole strings and never cuts one at the panel's edge, so a string
too long for its line is one the watch sees: its box (8 px a character in the built-in
font, 8 px high) runs past x = 128 or y = 64. The watch counts strings, not draws: one
entry per (screen, text)."""

import random

from geekout import keys

W = 128
H = 64


def rows_kept(ui, s, c):
    """The rows a string must keep on the panel: 8, but 7 for a line of the toast (dark
    on its bar, 1 pixel down: the last line's descender row is cut, ui/core.py)."""
    if c == 0 and ui.toast_text is not None and s in ui.toast_lines:
        return 7
    return 8


class Watch:
    def __init__(self, driver):
        self.driver = driver
        self.over = {}  # (screen name, text) -> (x, y)
        fb = driver.board.display
        self.text = fb.text
        fb.text = self.checked
        driver.after_press = self.pressed

    def pressed(self, driver):
        """Lines the screen's own layout holds: a toast three, a yes/no question five."""
        ui = driver.ui
        top = ui.top()
        if len(ui.toast_lines) > 3 and ui.toast_text is not None:
            self.over.setdefault((getattr(top, "name", "-"), ui.toast_text), ("toast", len(ui.toast_lines)))
        lines = getattr(top, "lines", None)
        if lines is not None and hasattr(top, "answer") and len(lines) > 5:
            self.over.setdefault((top.name, " ".join(lines)), ("question", len(lines)))

    def checked(self, s, x, y, c=1):
        if x < 0 or y < 0 or x + 8 * len(s) > W or y + rows_kept(self.driver.ui, s, c) > H:
            top = self.driver.ui.top()
            name = getattr(top, "name", "?") if top is not None else "-"
            self.over.setdefault((name, s), (x, y))
        return self.text(s, x, y, c)

    def report(self):
        return ["{}: {!r} at {}".format(name, s, xy) for (name, s), xy in sorted(self.over.items())]


# Random presses: mostly moves and OK, some BACK, few long presses (a long BACK goes
# home, a long OK opens the game menu).
KEYS = [keys.UP] * 4 + [keys.DOWN] * 4 + [keys.OK] * 5 + [keys.BACK] * 2 + [keys.LONG_OK, keys.LONG_BACK]


def wander(driver, seed, presses):
    """Random presses from wherever the driver is."""
    rng = random.Random(seed)
    for _ in range(presses):
        driver.press(rng.choice(KEYS))
