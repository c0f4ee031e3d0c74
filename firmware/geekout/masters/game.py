"""Geek Out! Masters on the gadget: what both modes share (virtual dice, dice.py; table
dice, table.py).

A game screen holds the game's state (the rules core's MastersState, or its Scorepad for
table dice: the same totals, seat, round, turns and is_terminal()), and from here it
gets the game menu (long OK: Undo, Scoreboard, Hint, Help, Home, End game), the LEDs,
cue and live event line of a turn that ended, and the end screen after the last turn.
"""

from micropython import const

from geekout.masters.consts import ENDED_BUST, ROUNDS
from geekout.masters.end import EndScreen
from geekout.masters.hintpage import find_hints
from geekout.ui.core import Screen
from geekout.ui.scoreboard import Scoreboard
from geekout.ui.widgets import MENU_END, SEAT_NAMES, Menu

# The seat LEDs' flash kinds, as hal/leds.py numbers them (the screens reach the LEDs
# through board.leds and import nothing of hal/).
_FLASH_BUST = const(1)
_FLASH_SCORE = const(2)


class GameBase(Screen):
    """A Masters game on screen; each mode adds its keys, drawing, undo and hint."""

    def __init__(self, app, state):
        super().__init__(app.ui)
        self.app = app
        self.state = state
        # The hint table on the data flash, or None (the menu then offers no Hint).
        self.hints = find_hints(app.board.data)

    def undo(self):
        pass

    def hint(self):
        pass

    def emit(self, event, text, winners=None):
        """A live event line on USB serial (docs/events.md), if the board prints them."""
        ev = self.app.events
        if ev is not None:
            st = self.state
            ev.emit("masters", event, min(st.round, ROUNDS - 1), ROUNDS, st.seat,
                    len(st.totals), st.totals, text, winners)

    def long_ok(self):
        items = ["Undo", "Scoreboard"]
        if self.hints is not None:
            items.append("Hint")
        items += MENU_END
        self.ui.push(Menu(self.ui, "Game menu", items, lambda i: self._menu(items[i]),
                          "masters.menu"))

    def _menu(self, item):
        ui = self.ui
        ui.pop()
        if item == "Undo":
            self.undo()
        elif item == "Scoreboard":
            st = self.state
            ui.push(Scoreboard(ui, "Round {}/5".format(min(st.round + 1, 5)), st.totals,
                               st.seat))
        elif item == "Hint":
            self.hint()
        else:
            self.app.menu_end(item)

    def after_turn(self):
        """LEDs and sound for the turn that just ended; the end screen after the last one.
        The result itself stays on the game screen until the next turn starts."""
        st = self.state
        seat, points, how = st.turns[-1]
        board = self.app.board
        bust = how == ENDED_BUST
        board.leds.show_turn(st.seat, len(st.totals))
        board.leds.flash(_FLASH_BUST if bust else _FLASH_SCORE, board.clock(), seat)
        self.ui.cue("bust" if bust else "score")
        name = SEAT_NAMES[seat]
        self.emit("turn", name + (": BUST" if bust else " scores {}".format(points)))
        if st.is_terminal():
            end = EndScreen(self)
            self.emit("end", "Game over", end.winners)
            self.ui.push(end)
            self.ui.cue("win")
        elif len(st.turns) % len(st.totals) == 0:
            self.emit("round", "Round {} over".format(st.round))

    def show_turn(self):
        st = self.state
        if not st.is_terminal():
            self.app.board.leds.show_turn(st.seat, len(st.totals))

    def enter(self):
        self.show_turn()
        if self.state.is_terminal():  # resumed after the last turn: straight to the end screen
            self.ui.push(EndScreen(self))
