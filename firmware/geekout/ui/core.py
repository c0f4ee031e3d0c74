"""The screen stack: one screen on top receives keys and draws the whole canvas.

After every key (and when a tick says so) the top screen redraws and the display sends
only what changed; then `later` (a game's undo mark, game.py) and `after` run (the
app's: the journal saves the key's step, then the live event lines go out), so the
players see the key's effect before the flash is written. Long BACK goes home and
long OK opens the screen's game menu, for every screen. A toast goes at the next key,
which still acts unless the screen says a press on a toast only takes it away; an alert
is a toast no later toast covers. A display that stops answering never stops the gadget
(the board's display_lost, else the next redraw).
The order of a key, toasts and alerts, a lost display: docs/gadget.md, Screens.
"""

from micropython import const

from geekout import keys

W = 128
H = 64

# The kinds of a seat's flash that board.leds.flash(kind, now, seat) shows (hal/leds.py
# draws them); the screens name them here and import nothing of hal/. Not a module of
# their own: a module more at a game's start costs about 9 ms on the emulated Pico
# (littlefs lookups), docs/gadget.md, Figures.
FLASH_BUST = const(1)  # a bust or a loss: every seat in play red, the seat white
FLASH_SCORE = const(2)  # points scored, a catch, a win: the seat white


class Screen:
    name = "screen"
    # A key pressed while a toast shows takes the toast away and acts on the screen too;
    # False: it only takes the toast away (the toast may hide the row the key acts on).
    keys_pass_toast = True

    def __init__(self, ui):
        self.ui = ui

    def enter(self):
        pass

    def leave(self):
        pass

    def key(self, k):
        if k == keys.BACK:
            self.ui.pop()

    def long_ok(self):
        """Long OK: the game menu in a game, the help screen elsewhere."""
        self.ui.show_help()

    def tick(self, now):
        return False

    def draw(self, fb):
        pass


class UI:
    def __init__(self, board):
        self.board = board
        self.fb = board.display
        self.stack = []
        self.toast_text = None
        self.toast_lines = ()  # the toast's text wrapped once, not at every redraw
        self.toast_until = 0
        self.alerting = False  # the toast shown is an alert
        self.queue = []  # (text, ms, alert) waiting for the alert shown
        self.dirty = True
        # Bound once here (a bound method made per tick would be an allocation a tick);
        # None on a board with no stand-in display (geekout/board.py).
        self.lost = board.display_lost
        self.watch = board.watch_display
        # Names of the screens shown, for the simulator's report: only when the board
        # brings a list (the gadget keeps none).
        self.visited = board.visited
        self.home = _nothing  # long BACK
        self.help = _nothing  # long OK outside a game
        self.after = _nothing  # once a key's (or tick's) output is out: the save
        # Once, when the output is out, before `after`: a game's undo mark (game.py).
        self.later = None

    # -- stack ---------------------------------------------------------------------
    def top(self):
        return self.stack[-1] if self.stack else None

    def _shown(self, s):
        v = self.visited
        if v is not None and s.name not in v:
            v.append(s.name)
        s.enter()
        self.dirty = True

    def push(self, s):
        self.stack.append(s)
        self._shown(s)

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop().leave()
            self.dirty = True

    def replace(self, s):
        if self.stack:
            self.stack.pop().leave()
        self.push(s)

    def reset(self, s):
        while self.stack:
            self.stack.pop().leave()
        self.push(s)

    # -- input and output --------------------------------------------------------
    def toast(self, text, ms=2000, alert=False):
        if self.alerting:  # an alert is up: this comes after it (a few at most)
            if len(self.queue) < 3:
                self.queue.append((text, ms, alert))
            return
        self.toast_text = text
        self.toast_lines = wrap(text, 15)  # three lines at most (test_text_fits.py)
        self.toast_until = self.board.clock() + ms
        self.alerting = alert
        self.dirty = True

    def alert(self, text, ms=4000):
        """A toast that stays until its time is up or a key: no later toast covers it."""
        self.toast(text, ms, True)

    def _toast_done(self):
        self.toast_text = None
        self.alerting = False
        self.dirty = True
        if self.queue:
            self.toast(*self.queue.pop(0))

    def show_help(self):
        self.help()

    def handle(self, k):
        """One key code from the buttons (or a script)."""
        top = self.top()
        if self.toast_text is not None:
            self._toast_done()
            if top is not None and not top.keys_pass_toast:
                top = k = None  # the press only takes the toast away
        if k == keys.LONG_BACK:
            self.home()
        elif k == keys.LONG_OK:
            if top:
                top.long_ok()
        elif top:
            top.key(k)
        self.dirty = True
        self.refresh()
        self._after()

    def _after(self):
        """What waits for the screen (the journal's save), then a redraw if it raised a
        toast (flash full)."""
        later = self.later
        if later is not None:
            self.later = None
            later()
        self.after()
        if self.dirty:
            self.refresh()

    def tick(self, now):
        board = self.board
        if self.toast_text is not None and keys.ticks_diff(now, self.toast_until) >= 0:
            self._toast_done()
        top = self.top()
        if top and top.tick(now):
            self.dirty = True
        if self.watch is not None and self.watch(now):  # the panel answers again
            self.fb = board.display
            self.dirty = True
        board.leds.tick(now)
        board.buzzer.tick(now)
        self.refresh()
        self._after()

    def refresh(self):
        if not self.dirty:
            return
        self.dirty = False
        fb = self.fb
        fb.fill(0)
        top = self.top()
        if top:
            top.draw(fb)
        if self.toast_text is not None:
            # A bar of the bottom pages, one page a line, the text dark on it 1 pixel down
            # (a capital's top row would touch the screen above; the last line's
            # descenders lose their lowest row). A boxed toast took one page more: each
            # toast shown or taken away sent some 130 bytes more, 3.3 ms on the I2C panel
            # (docs/gadget.md, Figures).
            lines = self.toast_lines
            y = H - len(lines) * 8
            fb.fill_rect(0, y, W, H - y, 1)
            for i in range(len(lines)):
                fb.text(lines[i], 4, y + 1 + i * 8, 0)
        try:
            fb.show()
        except OSError as e:  # the panel does not answer: the gadget goes on without it
            if self.lost is None:
                self.dirty = True  # this board has no stand-in: the next redraw tries again
            else:
                self.fb = self.lost(e)  # draws on the same buffers; the board looks for it

    def cue(self, name):
        self.board.buzzer.cue(name, self.board.clock())


def _nothing():
    pass


def wrap(text, width=16):
    """Words of `text` in lines of at most `width` characters."""
    lines = []
    for para in text.split("\n"):
        if len(para) <= width:  # kept as written (columns line up)
            lines.append(para)
            continue
        line = ""
        for word in para.split(" "):
            while len(word) > width:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line += " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def say_now(ui, text):
    """`text` alone on the panel at once, before a long step (modules loading, a
    review), so the player sees the press took; the screen after it redraws whole."""
    fb = ui.fb
    fb.fill(0)
    center(fb, text, 28)
    try:
        fb.show()
    except OSError:  # no panel: the screen after it tells (refresh)
        pass
    ui.dirty = True


def center(fb, text, y, c=1):
    fb.text(text, (W - len(text) * 8) // 2, y, c)


def center_lines(fb, text, y):
    """Lines of text, one under the other from y (10 rows apart), each centred."""
    for line in text.split("\n"):
        center(fb, line, y)
        y += 10


def title(fb, text):
    """The title bar: inverted, top 9 rows; 16 characters at most (a longer one runs
    past the panel: tests/firmware/test_text_fits.py finds it)."""
    fb.fill_rect(0, 0, W, 9, 1)
    fb.text(text, 1 if len(text) < 16 else 0, 1, 0)
