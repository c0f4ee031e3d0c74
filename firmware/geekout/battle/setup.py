"""Galaxy battle: setting up a game. The number of players (3-4, B1), then, once the
game has started, the first player the gadget drew at random (B1)."""

from geekout import keys
from geekout.ui.core import Screen, center, center_lines, title
from geekout.ui.widgets import SEAT_NAMES, Spinner


def setup(app):
    """Players 3-4 (the seat LEDs light as the count changes), then the game starts."""
    ui = app.ui
    leds = app.board.leds
    leds.show_seats(3)
    ui.push(Spinner(ui, "Players (3-4)", 3, 4, 3, lambda n: app.start("battle", bytes((n,))),
                    lambda n: "{} players".format(n), "battle.players",
                    lambda n: " ".join(SEAT_NAMES[i][:3] for i in range(n)), leds.show_seats))


class FirstScreen(Screen):
    """B1: the gadget drew the first player; that seat's LED is lit. OK: the opening."""

    name = "battle.first"
    keys_pass_toast = False

    def __init__(self, game):
        super().__init__(game.ui)
        self.game = game

    def enter(self):
        self.game.show_turn()

    def key(self, k):
        if k == keys.OK or k == keys.BACK:
            self.ui.pop()

    def long_ok(self):
        self.game.long_ok()

    def draw(self, fb):
        self.game.light(self.game.state.first)
        text = SEAT_NAMES[self.game.state.first]
        title(fb, "Galaxy battle")
        center_lines(fb, "First player:\n\n\ndrawn at random\nOK: opening", 14)
        fb.rect(60 - len(text) * 4, 25, len(text) * 8 + 8, 13, 1)
        center(fb, text, 28)
