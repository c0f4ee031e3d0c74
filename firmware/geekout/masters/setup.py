"""Geek Out! Masters on the gadget: a new game's setup. The mode (virtual dice: the gadget
rolls, the players resolve; table dice: the gadget keeps score; auto dice: the gadget
rolls and resolves, the players continue or pass), then the number of players (the seat
LEDs light in their colours as it changes), then the game starts."""

from geekout.masters.consts import MAX_PLAYERS
from geekout.ui.widgets import SEAT_NAMES, Menu, Spinner


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

    ui.push(Menu(ui, "Masters", ["Virtual dice", "Table dice", "Auto dice"], chosen, "masters.mode"))
