"""Geekmon Capture on the gadget: what the app calls when Capture is chosen or resumed.

setup(app) shows the setup screens (setup.py); play(app, config, actions) replays the
saved game (steps.py) and returns its screen: the game screen (round.py), or the end
screens (end.py) for a finished game. Screens and buttons: docs/gadget-capture.md.
"""

from geekout.capture import steps
from geekout.capture.end import EndScreen
from geekout.capture.round import CaptureGame
from geekout.capture.setup import Setup


def setup(app):
    Setup(app).begin()


def play(app, config, actions):
    """The screen of a saved or new game; ValueError when the journal does not replay
    (the app then keeps the file aside)."""
    cfg = steps.Config(config)
    g = steps.replay(cfg, actions)
    if g.state.is_terminal():
        return EndScreen(app, cfg, g, CaptureGame)
    game = CaptureGame(app, cfg, g)
    game.emit("resume" if actions else "start", "Game resumed" if actions else
              "{} players, {} rounds".format(cfg.players, cfg.rounds()))
    return game
