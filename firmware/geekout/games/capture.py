"""Geekmon Capture on the gadget: what the app imports when Capture is chosen or resumed.

setup(app) shows the setup screens (games/capture_setup.py, dropped from RAM once the
game starts); play(app, config, actions) replays the saved game and returns the game
screen (games/capture_game.py). Config bytes and the journal payload:
games/capture_fold.py; screens and buttons: docs/gadget-capture.md.
"""

from geekout.games import capture_cat as cat
from geekout.games import capture_fold as F
from geekout.ui.core import Screen, center


class Starting(Screen):
    """Between setup and the game: the next tick starts the game, once the setup
    screens (and their module) are gone, so both are never in RAM together. With
    `actions`, the same between the end screens and the game (an undo at the end)."""

    name = "capture.starting"

    def __init__(self, app, config, actions=None):
        super().__init__(app.ui)
        self.app = app
        self.config = config
        self.actions = actions

    def tick(self, now):
        if self.actions is None:
            cat.forget()  # the app imports this game afresh: the catalog is read again
            self.app.start("capture", self.config)
        else:
            self.ui.replace(play(self.app, self.config, self.actions, False))
            self.ui.toast("Undone: last check")
        return True

    def key(self, k):
        pass

    def draw(self, fb):
        center(fb, "Starting...", 28)


def begin(app, config):
    """The setup is done: its screens go, the game starts at the next tick."""
    app.ui.reset(Starting(app, config))


def setup(app):
    from geekout.games.capture_setup import Setup

    Setup(app).begin()


def play(app, config, actions, start=True):
    """The game screen for a saved or new game (the end screens for a finished one);
    ValueError when the journal does not replay (the app then keeps the file aside)."""
    cat.unload("geekout.games.capture_setup")
    import gc

    gc.collect()
    from geekout.rules import capture  # noqa: F401 (the largest module first: less fragmentation)

    cfg = F.Config(config)
    g = F.replay(cfg, actions)
    if g.state.is_terminal():
        # this module's work is done too (capture_end imports it again for an undo)
        cat.unload("geekout.games.capture")
        return end_screen(app, final_data(g))
    from geekout.games.capture_game import CaptureGame

    game = CaptureGame(app, cfg, g)
    # This module's work is done until the end of the game (capture_game imports it
    # again then): out of RAM while the game is played.
    cat.unload("geekout.games.capture")
    if start:  # the start (or resume) event
        game.emit("resume" if actions else "start", "Game resumed" if actions else
                  "{} players, {} rounds".format(cfg.players, cfg.rounds()))
    return game


def final_data(g):
    """What the end of the game needs of a finished game (plain values, no rules core):
    config, players, solo, lost, fled, collections, line entries, steps."""
    st = g.state
    return (g.cfg, st.players, st.solo, st.lost, st.fled, [list(c) for c in st.collections],
            g.notes, g.steps)


def end_screen(app, data):
    """The end of the game: the rules core and the game screen leave RAM first, then the
    end screens and the scorer come in."""
    cat.unload("geekout.games.capture_game")
    cat.unload("geekout.rules.capture")
    cat.unload("geekout.rules.capture_actions")
    import gc

    gc.collect()
    # by its dotted name in a string: that name is interned only when the end comes
    return __import__("geekout.games.capture_end", None, None, ("*",)).EndScreen(app, data)
