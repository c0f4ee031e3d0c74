"""What every game's test driver shares (MicroPython and CPython): an App on a board,
one key at a time with the clock moved on and the timers run, the key log, the press
times, a probe after each press, the screen on top, the game menu, the way to a new
game, playing a game out step by step.

The drivers (drive.py: Masters, capture_drive.py, battle_drive.py) subclass KeyDriver
and add how their game is played; none imports another game's modules, so the heap
figures count the chosen game's only.
"""

try:
    from time import ticks_diff, ticks_us
except ImportError:  # CPython: no press timing
    ticks_us = None
from geekout import keys
from geekout.app import App


class KeyDriver:
    def __init__(self, board, step_ms=60):
        self.board = board
        self.app = App(board)
        self.ui = self.app.ui
        self.presses = 0
        self.step_ms = step_ms
        self.decisions = 0
        self.undo_every = 0
        self.after_press = None  # callable(driver) after each press (heap probes)
        self.log = None  # a bytearray: every key pressed, for tests/firmware/keyreplay.py
        self.times = None  # microseconds per press (key handled + redrawn): list, array("H")
        # b"" to follow it: the journal's action bytes after the last whole press (all
        # saved by then), for what a power cut inside the next press leaves (saved_at_cut)
        self.settled = None

    def boot(self):
        self.app.boot()

    def press(self, k):
        if self.times is not None and ticks_us:
            t0 = ticks_us()
            self.ui.handle(k)
            self.times.append(min(65535, ticks_diff(ticks_us(), t0)))
        else:
            self.ui.handle(k)
        self.board.clock.advance(self.step_ms)
        self.ui.tick(self.board.clock())
        self.presses += 1
        if self.settled is not None:
            self.settled = bytes(self.app.journal.actions)
        if self.log is not None:
            self.log.append(k)
        if self.after_press:
            self.after_press(self)

    def top(self):
        return self.ui.stack[-1]

    def game_menu(self, item):
        """Long OK, then `item` of the game menu."""
        self.press(keys.LONG_OK)
        menu = self.top()
        if item not in menu.items:
            raise ValueError("no {} in the game menu".format(item))
        while menu.items[menu.index] != item:
            self.press(keys.DOWN)
        self.press(keys.OK)

    def boot_after_cut(self, saved):
        """Boot on what a power cut left; `saved`: whether a game was on flash by then.
        None when the gadget said nothing of damage and offered to resume exactly when a
        game was saved (and OK was pressed to resume it), else what went wrong."""
        self.boot()
        msg = self.ui.toast_text
        if msg and "damaged" in msg:
            return "boot said " + msg
        offered = self.top().name == "resume?"
        if not saved:
            return "resume offered before the game was saved" if offered else None
        if not offered:
            return "no resume offered"
        self.press(keys.OK)
        return None

    def play_out(self, limit=200000):
        """step() (the subclass's: one press towards the end) until it says the game is
        over; the screen on top then."""
        n = 0
        while self.step():
            n += 1
            if n > limit:
                raise ValueError("game did not end")
        return self.top()

    def step(self):
        raise NotImplementedError

    def new_game(self, title):
        """From anywhere: home, New game, the game called `title`, replacing a saved one."""
        while self.top().name != "home":
            self.press(keys.LONG_BACK)
        home = self.top()
        while home.items[home.index] != "New game":
            self.press(keys.DOWN)
        self.press(keys.OK)
        menu = self.top()
        while menu.items[menu.index] != title:
            self.press(keys.DOWN)
        self.press(keys.OK)
        if self.top().name == "replace?":
            self.press(keys.UP)
            self.press(keys.OK)


def saved_at_cut(driver, flash):
    """The action bytes a power cut inside a press left saved (driver.settled followed,
    flash a tests/fakes FakeFlash): a cut journal append loses the press's step (saved
    once its screen was out), a cut of any other write none of it; None when no game
    was started."""
    j = driver.app.journal
    if not j.game:
        return None
    if flash.last is not None and flash.last[0] == "append":
        return driver.settled
    return bytes(j.actions)
