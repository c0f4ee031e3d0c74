"""Geekmon Capture on the gadget: the game screen through the rounds, one mode per phase
of the rules core.

The modes' keys and drawing live in draw.py (draw, cards), throw.py (throw) and
check.py (check, quick, tie, take); menu.py holds the game menu and the choices made in
pushed menus. This screen keeps what they share: the mode of the phase, what a step
did (the note, the live event lines), the LEDs (lit on the seat the screen is about
whenever it is drawn). Steps are taken, saved and undone by the step pipeline
(game.py, screen.py). When the game is over the end screens (end.py) take its place.
"""

from geekout.capture import check, draw, menu, steps
from geekout.capture.cards import cards
from geekout.capture.consts import A_NOTE
from geekout.capture.pick import seat_led
from geekout.capture.screen import CaptureScreen
from geekout.ui.core import title

# The mode of each phase of the core (its .phase indexes these; a quick round's check is
# quick.py's "quick"), and its module (the throws': throw.py, loaded with a game of full
# rounds, as quick.py with a game of quick rounds).
MODES = ("draw", "cards", "throw", "check", "tie", "take", "over")
MODULES = (draw, draw, None, check, check, check, None)
# What an undone step was, by the kind of its last action (consts.A_*), for the toast.
UNDONE = ("the draw", "card named", "card named", "active chosen", "Throw!", "a throw",
          "critical catch", "zone rethrow", "elemental cube", "points", "the check",
          "bull's eye", "the take", "type advantage", "All thrown")


class CaptureGame(CaptureScreen):
    name = "capture.game"

    def __init__(self, app, cfg, game, marks):
        super().__init__(app, cfg, game, marks)
        self.cat = cards(app)
        self.note = ""  # the last thing that happened, shown on the screen
        self.menu = None  # the menu of a menu-like mode
        self.mode = ""
        self.module = None  # the mode's module (draw, throw or check)
        self.opt = 0  # throw mode: option index
        self.luminous = 0  # draw mode: luminous slots (bit mask)
        self.pos = 0  # draw mode: slot cursor
        self.slots = []  # cards mode: the slot of each card in the menu
        self.row = 0  # check mode: player row
        self.values = bytearray(cfg.players)  # check mode: the points being entered
        self.target = -1  # check mode: the target entered (round * 16 + its index)
        self.thrown = -1  # the kind of the cube last thrown here (GEEK, HYPER), -1 unknown
        # The screens of the rounds played, loaded with the game, not at a key: a game
        # of quick rounds never shows the throws, a game of full rounds never the quick
        # check (about 1.5 KB of code each on the Pico).
        if cfg.quick:
            from geekout.capture import quick  # noqa: F401
        else:
            from geekout.capture import throw  # noqa: F401
        self.sync()

    # -- state queries ---------------------------------------------------------------
    def seat(self):
        """The seat the screen is about: the thrower, the player whose points are
        entered, the taker; else the round's first player."""
        st = self.state
        if st.phase_name() == "throw":
            return st.thrower()
        if self.mode == "check" and 0 <= self.row < st.players:
            return self.row
        if st.phase_name() == "take":
            return st.taker
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
    def take(self, acts, text="", note=None):
        """Take one step (game.py); False when the rules core refuses it (the reason
        told). `text` is the event line's, `note` the screen's (default: `text` when it
        fits a line)."""
        rnd = self.state.round
        if not super().take(acts):
            return False
        st = self.state
        if note is None:
            note = text if len(text) <= 16 else ""
        if text:
            self.note = note
            self.emit("action", text)
        if st.is_terminal():
            # no win cue yet: nobody has won before the scores are shown (end.py)
            self.emit("round", "Round {} over".format(rnd + 1))
        elif st.round != rnd:
            self.emit("round", "Round {} over, {} fled".format(rnd + 1, st.fled))
        self.sync()
        return True

    def undone(self, removed):
        acts = steps.step_actions(removed, 0)
        a = acts[-1] if acts else 0
        k = a & 31
        word = "line entry" if k == A_NOTE else (UNDONE[k] if k < len(UNDONE) else "a step")
        self.target = -1
        self.thrown = -1
        self.note = "Undone: " + word if len(word) <= 8 else "Undone"
        self.sync()
        return "Undone: " + word

    # -- modes -------------------------------------------------------------------------
    def sync(self):
        """The mode of the rules core's phase, entered; the seat LEDs."""
        st = self.state
        self.menu = None
        self.mode = MODES[st.phase]
        self.module = MODULES[st.phase]
        if self.mode == "throw":
            from geekout.capture import throw

            self.module = throw
        elif self.mode == "check" and st.quick:
            from geekout.capture import quick

            self.module = quick
        if self.module is not None:
            self.module.enter(self, st.phase_name())
        self.leds()
        name = "capture." + self.mode
        if name != self.name:
            self.name = name
            v = self.ui.visited
            if v is not None and name not in v:
                v.append(name)

    def leds(self):
        """The seat LEDs of the mode shown (a menu-like mode's list lights its own)."""
        seat_led(self.app.board.leds, -1 if self.module is None else self.seat(),
                 self.state.players)

    def show_seat(self):
        self.leds()

    def enter(self):
        self.sync()

    def tick(self, now):
        if self.ui.top() is self and self.state.is_terminal():
            self.to_end()
            return True
        return False

    def to_end(self):
        """The game is over: the end screens take this screen's place. Their modules load
        only now: a module more at the game's start costs it 9-27 ms on the emulated
        Pico (docs/gadget.md, Figures)."""
        from geekout.capture.end import EndScreen

        self.ui.replace(EndScreen(self.app, self.cfg, self.game, self.marks, CaptureGame))

    # -- keys ------------------------------------------------------------------------
    def key(self, k):
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
        menu.long_ok(self)

    # -- drawing ---------------------------------------------------------------------
    def draw(self, fb):
        if self.menu is not None:
            self.menu.draw(fb)
            return
        self.leds()
        if self.mode == "over":
            title(fb, "Game over")
            fb.text("OK: collections", 0, 20, 1)
        elif self.module is not None:
            self.module.draw(self, fb)
