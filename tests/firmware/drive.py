"""Drive the gadget's firmware with button presses only (MicroPython and CPython).

A Driver looks at the screen on top to decide the next key, the way a player reads the
screen, then presses it: start a game from home, play virtual-dice turns (first legal
action, pass at 2+ scored dice), enter table-dice scores, sometimes undo through the
game menu. Used by the MicroPython tests, the power-cut test and bench/.
"""

import sys

try:
    from time import ticks_diff, ticks_us
except ImportError:  # CPython: no press timing
    ticks_us = None
# The rules core before the app: the app drops every module imported after it when a
# game is left, and this driver keeps using the rules core's constants.
from geekout.rules import masters as M

# isort: split
from geekout.app import App
from geekout.ui import keys

for _p in ("host/geekout_tools/sim", "../../host/geekout_tools/sim"):
    if _p not in sys.path:
        sys.path.append(_p)


class Driver:
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
        self.times = None  # a list: microseconds per press (key handled + redrawn)

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
        if self.log is not None:
            self.log.append(k)
        if self.after_press:
            self.after_press(self)

    def top(self):
        return self.ui.stack[-1]

    def start(self, mode, players):
        """From the home menu: New game, Masters, the mode, the number of players."""
        while self.top().name != "home":
            self.press(keys.LONG_BACK)
        home = self.top()
        while home.items[home.index] != "New game":
            self.press(keys.DOWN)
        self.press(keys.OK)
        if self.top().name == "replace?":
            self.press(keys.UP)
            self.press(keys.OK)
        self.press(keys.OK)  # Masters
        if mode:
            self.press(keys.DOWN)
        self.press(keys.OK)
        while self.top().value != players:
            self.press(keys.UP)
        self.press(keys.OK)

    def game_menu(self, item):
        self.press(keys.LONG_OK)
        menu = self.top()
        if item not in menu.items:
            raise ValueError("no {} in the game menu".format(item))
        while menu.items[menu.index] != item:
            self.press(keys.DOWN)
        self.press(keys.OK)

    def step(self):
        """One press towards finishing the game; False when the end screen shows."""
        top = self.top()
        name = top.name
        if name == "masters.end":
            return False
        if name in ("masters.turn_end", "resume?"):
            if name == "resume?" and not top.answer:
                self.press(keys.UP)
            self.press(keys.OK)
            return True
        if name == "masters.dice":
            self._virtual(top)
            return True
        if name == "masters.table":
            self._table(top)
            return True
        if name in ("masters.hint", "help", "scoreboard", "text"):
            self.press(keys.BACK)
            return True
        raise ValueError("driver lost on screen " + name)

    def _maybe_undo(self):
        self.decisions += 1
        if self.undo_every and self.decisions % self.undo_every == 0:
            self.game_menu("Undo")
            return True
        return False

    def _virtual(self, g):
        st = g.state
        if st.is_chance():
            self.press(keys.OK)
            return
        if st.phase_name() == "decide":
            want = 1 if st.scored >= 2 else 0
            if g.choice != want:
                self.press(keys.DOWN)
            elif not self._maybe_undo():
                self.press(keys.OK)
            return
        a = _choose(st)
        actor = M.action_actor(a)
        t = a & 7
        if g.mode == 1 and g.actor != actor:
            self.press(keys.BACK)
        elif g.mode == 0:
            if g.cursor != actor:
                self.press(keys.DOWN)
            else:
                self.press(keys.OK)
        elif g.cursor != t:
            self.press(keys.DOWN)
        elif not self._maybe_undo():
            self.press(keys.OK)

    def _table(self, g):
        want = (g.pad.turn * 7 + 3) % 12  # a fixed spread of entries, busts included
        if g.value != want:
            self.press(keys.UP)
        elif not self._maybe_undo():
            self.press(keys.OK)

    def play_out(self, limit=100000):
        n = 0
        while self.step():
            n += 1
            if n > limit:
                raise ValueError("game did not end")
        return self.top()


def _choose(st):
    """A sensible resolution: defuse dragons first, heal, never hit a 42 if avoidable."""
    legal = st.legal_actions()
    best = legal[0]
    score = -9
    for a in legal:
        t = a & 7
        v = 0
        if t == M.DRAGON:
            v = 3
        elif a == M.HEART_ACT:
            v = 2
        elif t == M.F42:
            v = -2
        elif t == M.HEART and M.action_actor(a) == M.SUPERHERO:
            v = 1
        if v > score:
            best = a
            score = v
    return best
