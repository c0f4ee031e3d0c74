"""Widgets: scrolling menu, number spinner, a form of fields, yes/no confirm, text pages,
big numbers. The
screens are for ui.core's stack (the scoreboard: ui/scoreboard.py, loaded by the games
that show it)."""

from geekout import keys
from geekout.ui.core import Screen, W, center, title, wrap

SEAT_NAMES = ("Red", "Green", "Blue", "Yellow")
MENU_END = ("Help", "Home", "End game")  # every game menu ends with these: App.menu_end
_ROWS = 5  # menu rows under the title
_ROW_H = 11


class Menu(Screen):
    """A list of items; UP/DOWN move (wrapping), OK chooses, BACK goes back.
    `choose(index)` is called on OK; `back()` on BACK (default: pop)."""

    name = "menu"

    def __init__(self, ui, heading, items, choose, name=None, back=None, index=0):
        super().__init__(ui)
        self.heading = heading
        self.items = items
        self.choose = choose
        self.back = back
        self.index = index
        self.first = 0
        if name:
            self.name = name

    def key(self, k):
        n = len(self.items)
        if k == keys.UP:
            self.index = (self.index - 1) % n
        elif k == keys.DOWN:
            self.index = (self.index + 1) % n
        elif k == keys.OK:
            self.choose(self.index)
        elif k == keys.BACK:
            if self.back:
                self.back()
            else:
                self.ui.pop()

    def draw(self, fb):
        title(fb, self.heading)
        n = len(self.items)
        if self.index < self.first:
            self.first = self.index
        elif self.index >= self.first + _ROWS:
            self.first = self.index - _ROWS + 1
        for row in range(min(_ROWS, n - self.first)):
            i = self.first + row
            y = 11 + row * _ROW_H
            if i == self.index:
                fb.text(">", 0, y, 1)
            # 15 characters fit ("Geekmon Capture"); the scroll marks share the right
            # edge, so a long list keeps its items to 14.
            fb.text(self.items[i], 8, y, 1)
        if self.first > 0:
            fb.text("^", W - 8, 11, 1)
        if self.first + _ROWS < n:
            fb.text("v", W - 8, 11 + (_ROWS - 1) * _ROW_H, 1)


class Spinner(Screen):
    """A number between lo and hi: UP/DOWN change it (wrapping; held = repeat), OK
    confirms with done(value), BACK cancels. `label(value)` words it (else big digits)."""

    name = "spinner"

    def __init__(self, ui, heading, lo, hi, value, done, label=None, name=None, hint=None,
                 change=None):
        super().__init__(ui)
        self.change = change
        self.heading = heading
        self.lo = lo
        self.hi = hi
        self.value = value
        self.done = done
        self.label = label
        self.hint = hint
        if name:
            self.name = name

    def key(self, k):
        span = self.hi - self.lo + 1
        if k == keys.UP:
            self.value = self.lo + (self.value - self.lo + 1) % span
        elif k == keys.DOWN:
            self.value = self.lo + (self.value - self.lo - 1) % span
        if self.change and (k == keys.UP or k == keys.DOWN):
            self.change(self.value)
        if k == keys.OK:
            self.done(self.value)
        elif k == keys.BACK:
            self.ui.pop()

    def draw(self, fb):
        title(fb, self.heading)
        if self.label:
            center(fb, self.label(self.value), 28)
        else:
            s = str(self.value)
            big_number(fb, (W - len(s) * 14) // 2, 18, s, 12, 22, 3)
        if self.hint:
            center(fb, self.hint(self.value), 46)
        fb.text("^v change  OK", 12, 56, 1)


class Fields(Screen):
    """A form of a few fields walked in order: UP/DOWN change the field shown
    (`change(field, step)`, step +1 or -1), OK goes to the next field and on the last
    one calls `finish()`, BACK goes to the previous field and on the first leaves
    without saving. `count()` says how many fields the form has now."""

    field = 0

    def count(self):
        return 1

    def change(self, field, step):
        pass

    def finish(self):
        pass

    def key(self, k):
        if k == keys.UP or k == keys.DOWN:
            self.change(self.field, 1 if k == keys.UP else -1)
        elif k == keys.BACK:
            if self.field:
                self.field -= 1
            else:
                self.ui.pop()
        elif k == keys.OK:
            if self.field + 1 < self.count():
                self.field += 1
            else:
                self.finish()


class Confirm(Screen):
    """A yes/no question: UP/DOWN toggle, OK answers, BACK = no."""

    name = "confirm"

    def __init__(self, ui, question, yes, no=None, default=False, name=None):
        super().__init__(ui)
        self.lines = wrap(question, 16)  # five lines at most (test_text_fits.py)
        self.yes = yes
        self.no = no
        self.answer = default
        if name:
            self.name = name

    def key(self, k):
        if k == keys.UP or k == keys.DOWN:
            self.answer = not self.answer
        elif k == keys.OK:
            (self.yes if self.answer else (self.no or self.ui.pop))()
        elif k == keys.BACK:
            (self.no or self.ui.pop)()

    def draw(self, fb):
        step = 10 if len(self.lines) <= 4 else 9  # five lines still clear the answer row
        for i in range(len(self.lines)):
            center(fb, self.lines[i], 2 + i * step)
        y = 50
        fb.text("No", 24, y, 1)
        fb.text("Yes", 80, y, 1)
        x = 70 if self.answer else 14
        fb.text(">", x, y, 1)


class TextPage(Screen):
    """Lines of text (help, about, a result); UP/DOWN scroll, OK/BACK leave."""

    name = "text"

    def __init__(self, ui, heading, text, name=None, done=None):
        super().__init__(ui)
        self.heading = heading
        self.lines = wrap(text, 16)
        self.first = 0
        self.done = done
        if name:
            self.name = name

    def key(self, k):
        if k == keys.UP:
            self.first = max(0, self.first - 1)
        elif k == keys.DOWN:
            self.first = max(0, min(len(self.lines) - 6, self.first + 1))
        elif k == keys.OK or k == keys.BACK:
            (self.done or self.ui.pop)()

    def draw(self, fb):
        title(fb, self.heading)
        for row in range(6):
            i = self.first + row
            if i >= len(self.lines):
                break
            fb.text(self.lines[i], 0, 10 + row * 9, 1)


# Seven segments per digit: a top, b top-right, c bottom-right, d bottom, e bottom-left,
# f top-left, g middle (bit 0 = a).
_SEG = (0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07, 0x7F, 0x6F)


def big_digit(fb, x, y, d, w=8, h=16, t=2, c=1):
    m = _SEG[d]
    half = h // 2
    if m & 1:
        fb.fill_rect(x, y, w, t, c)
    if m & 2:
        fb.fill_rect(x + w - t, y, t, half + 1, c)
    if m & 4:
        fb.fill_rect(x + w - t, y + half, t, h - half, c)
    if m & 8:
        fb.fill_rect(x, y + h - t, w, t, c)
    if m & 16:
        fb.fill_rect(x, y + half, t, h - half, c)
    if m & 32:
        fb.fill_rect(x, y, t, half + 1, c)
    if m & 64:
        fb.fill_rect(x, y + half - t // 2, w, t, c)


def big_number(fb, x, y, text, w=8, h=16, t=2, c=1):
    """Digits of `text` (a str of 0-9 and '-') drawn large from (x, y)."""
    for ch in text:
        if ch == "-":
            fb.fill_rect(x, y + h // 2 - 1, w, t, c)
        else:
            big_digit(fb, x, y, ord(ch) - 48, w, h, t, c)
        x += w + 2
