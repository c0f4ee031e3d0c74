"""Galaxy battle: the victory (B8), shown the moment a player meets a condition.

The screen names the winner and the condition, then a table of every player's three
figures under their labels (Star: collected star value, Ship: ships in play, Kill:
enemy ships destroyed), the winner's row inverted and the figure that won boxed, and
"OK: done". With 4 players that last line is below the panel: DOWN scrolls the screen up
one line (the condition goes under the title), UP back; a mark in the title bar says so.
"""

from geekout import keys
from geekout.ui.core import FLASH_SCORE, H, Screen, center, title
from geekout.ui.widgets import SEAT_NAMES

from . import menu

# The condition met and the column of the table that shows it (B8), by condition.
CONDITION_LINES = ("", "Supremacy (Ship)", "Overload (Star)", "Destroyer (Kill)")
WON_COLUMN = (0, 1, 0, 2)
COLUMNS = ("Star", "Ship", "Kill")
_COL_X = (26, 60, 94)  # each column's left edge; its figures end at its right (x + 32)
_SCROLL = 10  # the condition's line, which DOWN scrolls away with 4 players


class EndScreen(Screen):
    """The winner, the condition met and every player's figures; OK ends the game, long
    OK opens the victory menu (undo, status, home)."""

    name = "battle.end"
    keys_pass_toast = False

    def __init__(self, game):
        super().__init__(game.ui)
        self.game = game
        self.winners = [game.state.winner]
        self.top = 0  # rows scrolled away (0 or _SCROLL)

    def enter(self):
        st = self.game.state
        board = self.game.app.board
        board.leds.show_turn(st.winner, st.players)
        board.leds.flash(FLASH_SCORE, board.clock(), st.winner)

    def key(self, k):
        if k == keys.OK:
            self.game.app.finish()
        elif k == keys.DOWN and self.game.state.players > 3:
            self.top = _SCROLL
        elif k == keys.UP:
            self.top = 0

    def long_ok(self):
        menu.victory_menu(self.game)

    def draw(self, fb):
        st = self.game.state
        w = st.winner
        self.game.light(w)
        title(fb, SEAT_NAMES[w] + " wins")
        top = self.top
        if st.players > 3:  # a mark in the title bar: more below (v) or above (^)
            fb.text("^" if top else "v", 120, 1, 0)
        if not top:
            center(fb, CONDITION_LINES[st.condition], 11)
        for c in range(3):
            fb.text(COLUMNS[c], _COL_X[c], 21 - top, 1)
        won = WON_COLUMN[st.condition]
        y = 30 - top
        for p in range(st.players):
            figures = (st.star_value(p), st.ships_in_play(p), st.kills[p])
            c = 0 if p == w else 1
            if p == w:
                fb.fill_rect(0, y - 1, 128, 9, 1)
            fb.text(SEAT_NAMES[p][:3], 0, y, c)
            for k in range(3):
                s = str(figures[k])
                x = _COL_X[k] + 32 - len(s) * 8
                fb.text(s, x, y, c)
                if p == w and k == won:
                    fb.rect(x - 2, y - 1, len(s) * 8 + 3, 9, 0)
            y += 8
        if y + 10 <= H:  # under the table when it is on the panel (not 4 players unscrolled)
            center(fb, "OK: done", y + 2)
