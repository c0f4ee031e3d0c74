"""Geekmon Capture on the gadget: what the app imports when Capture is chosen or resumed.

setup(app) shows the setup screens (games/capture_setup.py, dropped from RAM once the
game starts); play(app, config, actions) replays the saved game and returns the game
screen (games/capture_game.py). Config bytes and the journal payload:
games/capture_fold.py; screens and buttons: docs/gadget-capture.md.
"""

from geekout.games import capture_cat as cat
from geekout.games import capture_fold as F


def setup(app):
    from geekout.games.capture_setup import Setup

    Setup(app).begin()


def play(app, config, actions, announce=True):
    """The game screen for a saved or new game (the end screens for a finished one);
    ValueError when the journal does not replay (the app then keeps the file aside)."""
    cat.unload("geekout.games.capture_setup")
    cfg = F.Config(config)
    g = F.replay(cfg, actions)
    if g.state.is_terminal():
        return end_screen(app, F.Final(g))
    from geekout.games.capture_game import CaptureGame

    game = CaptureGame(app, cfg, g)
    if announce:
        game.emit("resume" if actions else "start", "Game resumed" if actions else
                  "{} players, {} rounds".format(cfg.players, cfg.rounds()))
    return game


def end_screen(app, fin):
    """The end of the game: the rules core and the game screen leave RAM first, then the
    end screens and the scorer come in."""
    cat.unload("geekout.games.capture_game")
    cat.unload("geekout.rules.capture")
    cat.unload("geekout.rules.capture_actions")
    import gc

    gc.collect()
    from geekout.games.capture_end import EndScreen

    return EndScreen(app, fin)
