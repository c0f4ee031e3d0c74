"""Galaxy battle: the game menu (long OK during the game) with the battle's help, and the
victory menu (long OK on the victory screen)."""

from geekout.ui.widgets import MENU_END, Menu, TextPage

from .entry import TurnMenu

# The game menu's Help: the buttons, then what the battle's screens do differently.
HELP = (
    "UP/DOWN: move\n"
    "OK: choose\n"
    "BACK: go back\n"
    "Hold OK: menu\n"
    "Hold BACK: home\n"
    "A press on a message only clears it: read it, then press.\n"
    "Supernova made: offered when 2 stars of 2 placements may share a cell (B11), never "
    "the 2 placed together.\n"
    "Victory, 4 players: DOWN shows OK: done.\n"
    "Every step is saved."
)


def game_menu(game):
    """Undo, a player's status, the star values, help, home, or end the game unsaved."""
    ui = game.ui

    def chosen(i):
        ui.pop()
        st = game.state
        if i == 0:
            game.undo()
        elif i == 1:
            from .status import StatusScreen  # loaded when asked: docs/gadget.md, Figures

            ui.push(StatusScreen(game, st.seat))
        elif i == 2:
            from geekout.ui.scoreboard import Scoreboard

            ui.push(Scoreboard(ui, "Star value (9)", [st.star_value(p) for p in range(st.players)],
                               -1 if st.is_terminal() else st.seat,
                               "Kills " + " ".join(str(k) for k in st.kills)))
        elif items[i] == "Help":  # the battle's own page (the buttons, then its ways)
            ui.push(TextPage(ui, "Battle help", HELP, "help"))
        else:
            game.app.menu_end(items[i])

    items = ("Undo", "Status", "Star values") + MENU_END
    # In the turn screen's layout: opening the menu and leaving it keep the phase line.
    ui.push(TurnMenu(ui, game.state, "Battle menu", items, chosen, "battle.menu"))


def victory_menu(game):
    """Undo the winning step (back to the game), the winner's status, or home."""
    ui = game.ui

    def chosen(i):
        ui.pop()
        if i == 0:
            ui.pop()  # the victory screen
            game.undo()
        elif i == 1:
            from .status import StatusScreen

            ui.push(StatusScreen(game, game.state.winner))
        else:
            game.app.go_home()

    ui.push(Menu(ui, "Victory menu", ("Undo last step", "Status", "Home"), chosen,
                 "battle.end_menu"))
