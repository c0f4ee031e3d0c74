"""Geekmon Capture on the gadget: the game screen, one mode per phase of the rules core.

The modes live in modules loaded while they are in use (the heap stays small):
games/capture_draw.py (draw, cards), games/capture_throw.py (throw),
games/capture_check.py (check, tie, take), games/capture_menu.py (the game menu and
the choices made in pushed menus).
This screen keeps what they share: the folded game, saving a step, undo, the LEDs.
When the game is over it gives way to games/capture_end.py (the rules core leaves RAM).
Every confirmed step is one journal record (payload: games/capture_fold.py); undo drops
the last step. Refused entries are toasted with the rules core's reason, nothing saved.
"""

import sys

from micropython import const

from geekout.games import capture_cat as cat
from geekout.games import capture_fold as F
from geekout.ui.core import Screen, title

# Action ids and trait bits of rules/capture_actions (the journal format), as compile-time
# constants: a game runs without that module in RAM.
_A_DRAW = const(0)
_OVER = const(6)  # the core's phase id of a finished game
# No module-level tables or helpers: each global, method and attribute name is interned
# for good on the gadget, and past ~620 names the interpreter takes a 7.4 KB name table
# (docs/gadget-capture.md). The mode modules: capture_draw, capture_throw, capture_check.


class CaptureGame(Screen):
    name = "capture.game"

    def __init__(self, app, cfg, game):
        super().__init__(app.ui)
        self.app = app
        self.cfg = cfg
        self.game = game
        self.cat = cat.cards(app)
        self.note = ""  # the last thing that happened, shown on the screen
        self.menu = None  # the menu of a menu-like mode
        self.mode = ""
        self.module = None  # the loaded mode module
        self.path = ""  # its name (geekout.games.capture_...)
        self.waiting = False  # the mode module is still to be loaded (ensure)
        self.undo_due = False  # Undo chosen in the game menu: done at the next tick
        self.opt = 0  # throw mode: option index
        self.luminous = 0  # draw mode: luminous slots (bit mask)
        self.pos = 0  # draw mode: slot cursor
        self.slots = []  # cards mode: the slot of each card in the menu
        self.row = 0  # check mode: player row
        self.values = bytearray(cfg.players)  # check mode: the points being entered
        self.target = -1  # check mode: the target entered (round * 16 + its index)
        self.done = False  # a tie: type advantage already asked
        self.sync()

    # -- state queries ---------------------------------------------------------------
    @property
    def state(self):
        return self.game.state

    def seat(self):
        st = self.state
        if st.phase_name() == "throw":
            return st.thrower()
        if st.phase_name() == "check" and 0 <= self.row < st.players:
            return self.row
        return st.first

    def room(self, p):
        """Points player p may still have on a card this round (C2 cubes, C13 solo)."""
        st = self.state
        return st.max_points() - st.spent[p]

    def emit(self, event, text, scores=None, winners=None):
        st = self.state
        self.app.emit(event, min(st.round, self.cfg.rounds() - 1), self.cfg.rounds(),
                      self.seat(), st.players, scores or [len(c) for c in st.collections], text,
                      winners)

    # -- steps -------------------------------------------------------------------------
    def commit(self, acts, text):
        """Apply one step and save it as one journal record; False (and a toast with
        the reason) when the rules core refuses it: nothing is saved."""
        st = self.state
        rnd = st.round
        try:
            self.game.apply_step(acts)
        except ValueError as e:
            if len(acts) > 1:  # part of the step may have gone in: rebuild
                self.game = F.replay(self.cfg, self.app.journal.actions)
            self.refuse(str(e))
            return False
        self.app.journal.append(F.encode(acts))
        st = self.state
        if text:
            self.note = text
            self.emit("action", text)
        if st.is_terminal():
            self.emit("round", "Round {} over".format(rnd + 1))
            self.ui.cue("win")
        elif st.round != rnd:
            self.emit("round", "Round {} over, {} fled".format(rnd + 1, st.fled))
        self.sync()
        return True

    def refuse(self, reason):
        self.ui.toast(reason[:45])
        self.ui.cue("error")

    def undo(self):
        j = self.app.journal
        cut = F.last_step(j.actions)
        if cut < 0:
            self.ui.toast("Nothing to undo")
            return
        # No mode module from here on; the toast's words first (their module is in RAM
        # for them only), then one state in RAM at a time during the replay (a prefix of
        # a good journal replays; the mode comes back at the next draw).
        self.drop_modes()
        acts = F.step_actions(j.actions, cut)
        a = acts[-1] if acts else 0
        if a & 31 == F.A_NOTE:
            text = "Undone: line entry"
        elif a & 31 == _A_DRAW:
            text = "Undone: the draw"
        else:
            # rules/capture_actions, by its dotted name in a string: for this toast only
            text = "Undone: " + __import__("geekout.rules.capture_actions", None, None,
                                           ("*",)).action_text(a)
            cat.unload("geekout.rules.capture_actions")
        prefix = j.actions[:cut]
        del self.game
        self.game = F.replay(self.cfg, prefix)
        j.undo(len(j.actions) - cut)
        self.target = -1
        self.note = text
        self.sync()
        self.ui.toast(text)
        self.emit("undo", text)

    # -- modes -------------------------------------------------------------------------
    def sync(self):
        """Choose the mode from the rules core's phase. Its module is loaded (and the
        others dropped) by ensure(), at the next draw or key: by then the code that
        made the step has returned, so two mode modules are never in RAM together."""
        st = self.state
        self.menu = None
        # the core's phase id indexes its phase_name() tuple: draw setup throw check
        # bullseye take over
        self.mode = ("draw", "cards", "throw", "check", "tie", "take", "over")[st.phase]
        self.waiting = st.phase != _OVER
        if not self.waiting:
            self.app.board.leds.show_seats(st.players)
        name = "capture." + self.mode
        if name != self.name:
            self.name = name
            v = self.ui.visited
            if v is not None and name not in v:
                v.append(name)

    def ensure(self):
        """The mode module of the phase, loaded and entered (see sync)."""
        if self.waiting:
            self.waiting = False
            st = self.state
            self.load(("geekout.games.capture_draw", "geekout.games.capture_draw",
                       "geekout.games.capture_throw", "geekout.games.capture_check",
                       "geekout.games.capture_check", "geekout.games.capture_check")[st.phase]
                      ).enter(self, st.phase_name())
            self.app.board.leds.show_turn(self.seat(), st.players)
        elif self.module is None and self.path:
            self.load(self.path)  # back from the game menu: same mode, not entered again
        return self.module

    def load(self, path):
        """The mode module of that dotted name, the others dropped from RAM."""
        mod = self.module
        if self.path != path or mod is None:
            self.module = None
            self.drop_modes(path)
            mod = __import__(path, None, None, ("*",))
            self.module = mod
            self.path = path
        return mod

    def park(self):
        """A menu is pushed over this screen: the mode module leaves RAM meanwhile (its
        state is on this screen, and no menu of it holds its functions); ensure() brings
        it back, not entered again, when this screen is drawn."""
        if self.menu is None and self.module is not None:
            self.module = None
            cat.unload(self.path)

    def enter(self):
        self.sync()

    def drop_modes(self, path=""):
        """Every mode module out of RAM (but the one named `path`, about to be used)."""
        if not path:
            self.module = None
            self.path = ""
            self.waiting = True
        for name in ("geekout.games.capture_draw", "geekout.games.capture_throw",
                     "geekout.games.capture_check"):
            if name != path:
                cat.unload(name)

    def tick(self, now):
        if self.ui.top() is self:
            if "geekout.games.capture_menu" in sys.modules:
                cat.unload("geekout.games.capture_menu")  # its menus are closed
            if self.undo_due:
                self.undo_due = False
                self.undo()
                return True
            if self.state.is_terminal():
                self.to_end()
                return True
        return False

    def to_end(self):
        """The game is over: the end screens take this screen's place."""
        from geekout.games import capture

        self.drop_modes()
        self.waiting = False
        data = capture.final_data(self.game)
        del self.game  # the rules core's state (and through it the core) leaves RAM
        self.ui.replace(capture.end_screen(self.app, data))
        cat.unload("geekout.games.capture")  # the end screens need it only for an undo

    # -- keys ------------------------------------------------------------------------
    def key(self, k):
        self.ensure()
        if self.state.is_terminal():
            self.to_end()
        elif self.menu is not None:
            self.menu.key(k)
        elif self.module is not None:
            self.module.key(self, k)

    def long_ok(self):
        if self.state.is_terminal():
            self.to_end()
            return
        self.park()
        from geekout.games import capture_menu

        capture_menu.long_ok(self)

    # -- drawing ---------------------------------------------------------------------
    def draw(self, fb):
        self.ensure()
        if self.menu is not None:
            self.menu.draw(fb)
            if self.mode in ("tie", "take"):
                fb.text(self.note[:16], 0, 56, 1)
        elif self.mode == "over":
            title(fb, "Game over")
            fb.text("OK: collections", 0, 20, 1)
        elif self.module is not None:
            self.module.draw(self, fb)

