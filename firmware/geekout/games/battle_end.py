"""Galaxy battle: setup (3-4 players), the first player's draw, the victory.

Loaded for those screens and dropped when the turn screen is on top again
(games/battle.py).
"""

from geekout.games.battle import BattleGame, load, name
from geekout import keys
from geekout.ui.core import Screen, center, title
from geekout.ui.widgets import SEAT_NAMES, Menu

# load(1): games/battle_status.py (games/battle.py _M_STATUS). Strings of more than 10
# characters stay plain objects, shorter ones are interned names (see games/battle.py).


def lines(fb, text, y):
    for line in text.split("\n"):
        center(fb, line, y)
        y += 10


def setup(app):
    """Players 3-4 (the seat LEDs light as the count changes), then the game starts."""
    from geekout.ui.widgets import Spinner

    ui = app.ui
    leds = app.board.leds
    leds.show_seats(3)
    ui.push(Spinner(ui, "Players (3-4)", 3, 4, 3, lambda n: app.start("battle", bytes((n,))),
                    lambda n: "{} players".format(n), "battle.players",
                    lambda n: " ".join(SEAT_NAMES[i][:3] for i in range(n)), leds.show_seats))


def play(app, config, actions):
    """The screen for a saved or new game (ValueError if the journal does not replay):
    a new game opens on the first player's draw, a finished one on its victory."""
    if len(config) != 1 or not 3 <= config[0] <= 4:
        raise ValueError("bad battle config")
    game = BattleGame(app, config[0], actions)
    st = game.state
    if actions:
        game.emit("resume", "Game resumed")
        if not st.is_terminal():
            return game
        game.ended = 1
    else:
        game.emit("start", "{} players, {} first".format(st.players, name(st.seat)))
    app.ui.push(game)
    return EndScreen(game) if actions else FirstScreen(game)


class FirstScreen(Screen):
    """B1: the gadget drew the first player; that seat's LED is lit."""

    name = "battle.first"

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
        text = name(self.game.state.first)
        title(fb, "Galaxy battle")
        lines(fb, "First player:\n\n\ndrawn at random\nOK: opening", 14)
        fb.rect(60 - len(text) * 4, 25, len(text) * 8 + 8, 13, 1)
        center(fb, text, 28)


class EndScreen(Screen):
    """B8: the winner and the condition met, shown the moment it is met."""

    name = "battle.end"

    def __init__(self, game):
        super().__init__(game.ui)
        self.game = game
        self.winners = [game.state.winner]

    def enter(self):
        st = self.game.state
        board = self.game.app.board
        board.leds.show_turn(st.winner, st.players)
        board.leds.flash(2, board.clock(), st.winner)  # hal.leds.FLASH_SCORE

    def key(self, k):
        if k == keys.OK:
            self.game.app.finish()

    def long_ok(self):
        ui = self.ui
        game = self.game

        def chosen(i):
            ui.pop()
            if i == 0:
                ui.pop()  # this end screen
                load(1).undo(game)
            elif i == 1:
                load(1).status(game, game.state.winner)
            else:
                game.app.go_home()

        ui.push(Menu(ui, "Victory menu", "Undo last step\nStatus\nHome".split("\n"), chosen,
                     "battle.end_menu"))

    def draw(self, fb):
        # Not imported at the top: the setup screen (above) does without the rules core.
        from geekout.rules.battle import CONDITION_NAMES

        st = self.game.state
        cond = CONDITION_NAMES[st.condition]
        title(fb, "Victory!")
        lines(fb, "{} wins\n{}\n{}\nStars {}\nOK: done".format(
            name(st.winner), cond[0].upper() + cond[1:],
            "\n2+ ships ahead\nstar value 9+\n3 enemy kills".split("\n")[st.condition],  # B8
            " ".join(str(st.star_value(p)) for p in range(st.players))), 14)
