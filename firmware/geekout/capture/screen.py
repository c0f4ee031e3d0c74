"""Geekmon Capture's screens on the step pipeline (game.py): what the game screen
(round.py) and the end screens (end.py) share. A step is what the players confirm at
once, one journal record (steps.py); the folded game is a steps.Game (the rules core's
state and the end-of-game line entries), handed from one screen to the other with its
undo marks."""

from geekout.capture import steps
from geekout.game import GameScreen


class CaptureScreen(GameScreen):
    def __init__(self, app, cfg, game, marks):
        self.cfg = cfg
        super().__init__(app, steps, b"", (game, marks))

    @property
    def state(self):
        """The rules core's state (rules.CaptureState)."""
        return self.game.state

    def played(self):
        return self.game

    def keep(self, folded):
        self.game = folded

    def new_state(self):
        return steps.Game(self.cfg)

    def apply(self, state, acts):
        state.apply_step(acts)

    def encode(self, acts):
        return steps.encode(acts)

    def undo_point(self):
        return steps.undo_point(self.app.journal.actions, self.marks)

    def players(self):
        return self.cfg.players
