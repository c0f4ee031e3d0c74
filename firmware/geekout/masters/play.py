"""Geek Out! Masters: the app's way into the game. setup(app) shows a new game's setup
screens; play(app, config, actions) gives the screen of a new or resumed game, with
every module of its mode loaded here, once, until the game is left."""

from geekout.masters.consts import AUTO, MAX_PLAYERS, TABLE
from geekout.masters.setup import setup  # noqa: F401 - the app calls it from here


def play(app, config, actions):
    """The screen for a saved or new game; ValueError if the journal does not replay."""
    if len(config) != 2 or config[0] > AUTO or not 1 <= config[1] <= MAX_PLAYERS:
        raise ValueError("bad masters config")
    if config[0] == TABLE:
        from geekout.masters.table import TableGame as Game
    elif config[0] == AUTO:
        from geekout.masters.auto import AutoGame as Game
    else:
        from geekout.masters.dice import VirtualGame as Game
    game = Game(app, config[1], actions)
    game.begin()  # the first seat's draw (M8), through the step pipeline (game.py)
    if actions:
        game.emit("resume", "Game resumed")
    else:
        game.emit("start", "{} player{}, {} dice".format(
            config[1], "s" if config[1] > 1 else "", ("virtual", "table", "auto")[config[0]]))
    return game
