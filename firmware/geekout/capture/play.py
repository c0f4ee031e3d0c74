"""Geekmon Capture on the gadget: what the app calls when Capture is chosen or resumed.

setup(app) shows the setup screens (setup.py); play(app, config, actions) replays the
saved game (steps.py) and returns its screen: the game screen (round.py), or the end
screens (end.py) for a finished game. Screens and buttons: docs/gadget-capture.md.

The setup screens are loaded for the setup only and the game's screens for the game
only: play() drops setup.py from RAM (its screens are gone by then), so neither the
setup's peak nor the game's holds both (about 3 KB of code on the Pico).
"""

from geekout.modules import forget


def setup(app):
    from geekout.capture.setup import Setup

    Setup(app).begin()


def play(app, config, actions):
    """The screen of a saved or new game; ValueError when the journal does not replay
    (the app then keeps the file aside)."""
    forget("geekout.capture.setup")
    from geekout.capture import steps
    from geekout.capture.round import CaptureGame

    cfg = steps.Config(config)
    marks = steps.new_marks()
    g = steps.replay(cfg, actions, marks)
    if g.state.is_terminal():
        from geekout.capture.end import EndScreen  # a finished game's only: loaded then

        return EndScreen(app, cfg, g, marks, CaptureGame)
    game = CaptureGame(app, cfg, g, marks)
    game.emit("resume" if actions else "start", "Game resumed" if actions else
              "{}, {} rounds".format("Solo trials" if cfg.players == 1 else
                                     "{} players".format(cfg.players), cfg.rounds()))
    return game
