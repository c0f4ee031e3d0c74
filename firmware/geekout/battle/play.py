"""The app's way into the galaxy battle: its setup screens, and play (a new game or a
saved one resumed). Importing this module loads the rules core and the play screens,
which stay in RAM until the app leaves the game; the victory and status screens load
when first shown."""

from geekout.ui.widgets import SEAT_NAMES

from .rules import Illegal
from .setup import FirstScreen, setup  # noqa: F401 - the app calls setup(app)
from .turn import TurnScreen


def play(app, config, actions):
    """The screen for a saved or new game (ValueError if the journal does not replay,
    and for one the rules refuse an alert names the ruling and the event, before the
    app's own toast): a new game opens on the first player's draw, a finished one on its
    victory."""
    if len(config) != 1 or not 3 <= config[0] <= 4:
        raise ValueError("bad battle config")
    try:
        game = TurnScreen(app, config[0], actions)
    except Illegal as e:  # a journal the rules refuse: the players are told which ruling
        app.ui.alert("Save refused: {}, event {}".format(e.ruling, e.event))
        raise
    game.begin()  # B1: the first player's draw, through the step pipeline (game.py)
    st = game.state
    if actions:
        game.emit("resume", "Game resumed")
        if not st.is_terminal():
            return game
        game.ended = 1
    else:
        game.emit("start", "{} players, {} first".format(st.players, SEAT_NAMES[st.seat]))
    app.ui.push(game)
    if not actions:
        return FirstScreen(game)
    from .end import EndScreen  # a finished game's victory; loaded only then

    return EndScreen(game)
