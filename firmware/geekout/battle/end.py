"""Galaxy battle: the victory (B8), shown the moment a player meets a condition."""

from geekout import keys
from geekout.hal.leds import FLASH_SCORE
from geekout.ui.core import Screen, center, title
from geekout.ui.widgets import SEAT_NAMES

from . import menu
from .consts import CONDITION_NAMES

# What each condition means (B8), by condition.
CONDITION_TEXTS = ("", "2+ ships ahead", "star value 9+", "3 enemy kills")


def centered_lines(fb, text, y):
    """Lines of text, one under the other from y, each centred."""
    for line in text.split("\n"):
        center(fb, line, y)
        y += 10


class EndScreen(Screen):
    """The winner and the condition met; OK ends the game, long OK opens the victory
    menu (undo, status, home)."""

    name = "battle.end"

    def __init__(self, game):
        super().__init__(game.ui)
        self.game = game
        self.winners = [game.state.winner]

    def enter(self):
        st = self.game.state
        board = self.game.app.board
        board.leds.show_turn(st.winner, st.players)
        board.leds.flash(FLASH_SCORE, board.clock(), st.winner)

    def key(self, k):
        if k == keys.OK:
            self.game.app.finish()

    def long_ok(self):
        menu.victory_menu(self.game)

    def draw(self, fb):
        st = self.game.state
        cond = CONDITION_NAMES[st.condition]
        title(fb, "Victory!")
        centered_lines(fb, "{} wins\n{}\n{}\nStars {}\nOK: done".format(
            SEAT_NAMES[st.winner], cond[0].upper() + cond[1:], CONDITION_TEXTS[st.condition],
            " ".join(str(st.star_value(p)) for p in range(st.players))), 14)
