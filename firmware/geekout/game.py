"""A game in play: the one way a step is taken, saved and taken back.

Every game screen is a GameScreen, and every change to its state goes through take():
the rules core applies the press's steps (on a copy when there are several, so a refusal
part-way changes nothing), follow() adds the steps the gadget takes by itself, and the
whole is one journal record. undo() cuts the journal at undo_point() and replays from
the nearest mark; dice come from roll(), which gives back the dice an undo took back
(fair undo). This module is the only writer of the saved game. A game says how its
journal folds (new_state, fold, encode), how its steps apply (apply), where its last press
starts (undo_point) and what an undo did (undone): docs/developing.md, step pipeline.
"""

from geekout.replay import rewind
from geekout.ui.core import Screen


class GameScreen(Screen):
    def __init__(self, app, core, actions, resumed=None):
        """`core`: the game's module of new_marks() and fold_range(state, payload,
        start, end, marks). `actions`: the journal's bytes, folded here; or `resumed`,
        the pair (folded game, its undo marks) of a screen this one takes over from."""
        super().__init__(app.ui)
        self.app = app
        self.core = core
        if resumed is None:
            marks = self.new_marks()
            folded = self.fold(self.new_state(), actions, 0, len(actions), marks)
        else:
            folded, marks = resumed
        self.marks = marks
        self.keep(folded)

    # -- what each game says ---------------------------------------------------------
    def new_state(self):
        """The state of a game with no step taken."""
        raise NotImplementedError

    def new_marks(self):
        """The replay.Marks of the game (where its copies for undo are kept)."""
        return self.core.new_marks()

    def fold(self, state, payload, start, end, marks):
        """`state` (the game after payload[:start]) with payload[start:end] applied,
        `marks` noted after each step; ValueError names a step that does not apply."""
        return self.core.fold_range(state, payload, start, end, marks)

    def apply(self, state, steps):
        """Apply a press's steps to `state`; ValueError (the reason) when refused."""
        for s in steps:
            state.apply_action(s)

    def encode(self, steps):
        """The journal bytes of a press's steps."""
        return bytes(steps)

    def follow(self, state, steps):
        """The steps the gadget takes by itself after a press of `steps` (dice, steps a
        rule implies), applied to `state`; their list."""
        return []

    def undo_point(self):
        """Where in the journal the last press that can be taken back starts, or -1."""
        return -1

    def undone(self, removed):
        """The game was taken back over the journal bytes `removed`: the words of the
        toast and of the live event line."""
        return "Undone"

    def seat(self):
        """The seat whose LED is lit (-1: every seat)."""
        return -1

    def players(self):
        return self.state.players

    def played(self):
        """The folded game: the rules core's state (Capture: steps.Game around it)."""
        return self.state

    def keep(self, folded):
        self.state = folded

    # -- the pipeline ----------------------------------------------------------------
    def begin(self):
        """The gadget's own first steps (drawing the first player, M8 and B1), taken
        through take() by the game's play() once the screen is made: never by a
        constructor, so making a screen writes nothing."""

    def take(self, steps):
        """Apply a press's steps and what follows them, save them as one journal record;
        False when the rules core refuses (the reason told, nothing changed)."""
        marks = self.marks
        marks.settle()  # the last press's mark, before its state changes
        st = self.played()
        new = st.clone() if len(steps) > 1 else st
        try:
            self.apply(new, steps)
        except ValueError as e:
            self.refuse(e)
            return False
        steps = steps + self.follow(new, steps)
        journal = self.app.journal
        journal.append(self.encode(steps))
        self.keep(new)
        # The undo mark waits for the screen (replay.Marks.later): the UI settles it
        # once the press's screen is out, before the save.
        marks.later(new, len(journal.actions))
        self.ui.later = marks.settle
        self.show_seat()
        return True

    def undo(self):
        """Take the last press back (with all the gadget did after it); True if one was."""
        self.marks.settle()
        journal = self.app.journal
        payload = journal.actions
        cut = self.undo_point()
        if cut < 0:
            self.ui.toast("Nothing to undo")
            return False
        removed = bytes(payload[cut:])
        self.keep(rewind(payload, cut, self.marks, self.new_state, self.fold))
        journal.undo(len(payload) - cut)
        text = self.undone(removed)
        self.show_seat()
        self.ui.toast(text)
        self.emit("undo", text)
        return True

    def roll(self, n, history):
        """A chance outcome 0..n-1 for the game whose journal bytes so far (this press's
        included) are `history`: the one shown before if an undo took this very roll
        back (an undo never re-rolls, docs/gadget.md), else a fresh one."""
        kept = self.app.journal.taken_back(history)
        if kept and kept[0] < n:
            return kept[0]
        return self.app.board.rand(n)

    def refuse(self, reason):
        """A step the rules refused: the reason, and the error sound."""
        self.ui.toast(str(reason))
        self.ui.cue("error")

    # -- what the players see and hear -----------------------------------------------
    def show_seat(self):
        """Light the seat in play (every seat when seat() is -1)."""
        leds = self.app.board.leds
        seat = self.seat()
        if seat < 0:
            leds.show_seats(self.players())
        else:
            leds.show_turn(seat, self.players())

    def flash(self, kind, seat):
        """Flash a seat's LED (ui/core.py's FLASH_ kinds)."""
        board = self.app.board
        board.leds.flash(kind, board.clock(), seat)

    def emit(self, event, text, winners=None):
        """A live event line on USB serial (docs/events.md)."""
