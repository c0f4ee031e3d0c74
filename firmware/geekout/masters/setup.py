"""Geek Out! Masters on the gadget: a new game's setup. The mode (virtual dice: the gadget
rolls, the players resolve; table dice: the gadget keeps score; auto dice: the gadget
rolls and resolves, the players continue or pass), each with what it asks of the players
and the presses a turn it costs, then the number of players (the seat LEDs light in
their colours as it changes), then the game starts."""

from geekout.masters.consts import MAX_PLAYERS
from geekout.ui.widgets import SEAT_NAMES, Menu, Spinner

# The modes in the order of their config byte (VIRTUAL, TABLE, AUTO), what each asks
# of the players, and the presses a turn costs a player who takes the gadget's advice
# (the cursor's first place): the mean over 30 turns of seeded 2-player games, rounded,
# measured by tests/firmware/test_masters_presses.py (virtual 63.5, table 5.9, auto 5.1).
MODES = ("Virtual dice", "Table dice", "Auto dice")
ABOUT = ("You resolve dice", "Real dice, score", "Gadget resolves")
PRESSES = (65, 6, 5)


class ModeMenu(Menu):
    """The choice of mode, with two lines on the mode under the cursor."""

    def draw(self, fb):
        super().draw(fb)
        i = self.index
        fb.text(ABOUT[i], 0, 46, 1)
        fb.text("~{} presses/turn".format(PRESSES[i]), 0, 56, 1)


def setup(app):
    ui = app.ui
    leds = app.board.leds

    def chosen(mode):  # the menu's index is the config's mode byte (VIRTUAL, TABLE, AUTO)
        def players(n):
            app.start("masters", bytes((mode, n)))

        leds.show_seats(2)
        ui.push(Spinner(ui, "Players", 1, MAX_PLAYERS, 2, players,
                        lambda n: "{} player{}".format(n, "s" if n > 1 else ""), "masters.players",
                        lambda n: " ".join(SEAT_NAMES[i][:3] for i in range(n)), leds.show_seats))

    ui.push(ModeMenu(ui, "Masters", MODES, chosen, "masters.mode"))
