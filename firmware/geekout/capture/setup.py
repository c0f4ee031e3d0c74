"""Geekmon Capture on the gadget: the setup screens.

Players (1 = the solo Arena Trials, C13), each player's starter (a catalog starter no
earlier player took: each starter card is one card, rulebook Game Setup 1; or a 2- or
3-stage starter the catalog lacks), the variants (Team Wicked, C11; an arena and its
type, C12; the solo trials always play in an arena; quick or full rounds: quick by
default for 3-4 players), the first player (the youngest), then a summary with the deck
size and the number of rounds (C1). The seat LEDs light the seat each screen is about.
"""

from geekout import keys
from geekout.capture import cards
from geekout.capture.consts import SP_STARTER, TYPE_NAMES
from geekout.capture.pick import Rows, seat_led
from geekout.ui.core import W
from geekout.ui.widgets import SEAT_NAMES, Spinner, TextPage


def type_name(t):
    return TYPE_NAMES[t - 1] if t else "none"


class Summary(TextPage):
    """The setup summary: OK starts the game, BACK goes back to the variants, UP/DOWN
    scroll (a notch at the right edge says there is more above or below)."""

    name = "capture.summary"

    def __init__(self, ui, text, start, players, seat):
        super().__init__(ui, "Geekmon Capture", text)
        self.start = start
        self.players = players
        # the seat of the first player's spinner under this page (-1: none); not .first,
        # TextPage's first line shown (solo's -1 there showed the last line first)
        self.seat = seat

    def draw(self, fb):
        seat_led(self.ui.board.leds, -1, self.players)
        super().draw(fb)
        if self.first:
            fb.fill_rect(W - 1, 10, 1, 4, 1)
        if self.first + 6 < len(self.lines):
            fb.fill_rect(W - 1, 58, 1, 4, 1)

    def leave(self):
        if self.seat >= 0:  # back on the first player's spinner: that seat
            seat_led(self.ui.board.leds, self.seat, self.players)

    def key(self, k):
        if k == keys.OK:
            self.start()
        elif k == keys.BACK:
            self.ui.pop()
        else:
            super().key(k)


class Setup:
    """The choices being made; each screen pushes the next."""

    def __init__(self, app):
        self.app = app
        self.ui = app.ui
        self.players = 2
        self.starters = []
        self.wicked = False
        self.arena = 0
        self.quick = False
        self.first = 0
        self.cat = cards.cards(app)
        c = self.cat
        # the catalog rows of the starters offered
        self.rows = [i for i in range(len(c)) if c.get(i, cards.SPECIAL) & SP_STARTER
                     and c.get(i, cards.STAGES) in (2, 3)]

    def begin(self):
        leds = self.app.board.leds
        leds.show_seats(2)

        def chose(n):
            self.players = n
            self.starters = []
            self.wicked = False
            self.arena = 1 if n == 1 else 0
            self.quick = n >= 3  # quick rounds by default where full ones take longest
            self.ask_starter()

        self.ui.push(Spinner(self.ui, "Players", 1, 4, 2, chose,
                             lambda n: "Solo trials" if n == 1 else "{} players".format(n),
                             "capture.players",
                             lambda n: " ".join(cards.seat3(i) for i in range(n)),
                             leds.show_seats))

    def ask_starter(self):
        p = len(self.starters)
        # one card each: a starter an earlier player took is not offered
        taken = [s[1] - 1 for s in self.starters if s[1]]
        rows = [r for r in self.rows if r not in taken]
        items = [self.cat.name(r) for r in rows] + ["Other 3-stage", "Other 2-stage"]
        ui = self.ui
        n = self.players

        def back():
            ui.pop()
            if p == 0:  # back on the number of players: every seat it counts
                seat_led(ui.board.leds, -1, n)

        ui.push(Rows(ui, "Starter: " + SEAT_NAMES[p], items, lambda i: self.chose(p, rows, i),
                     "capture.starter", back, 0, "", p, n))

    def chose(self, p, rows, i):
        """Player p's starter (item i of a menu offering `rows`); the later players'
        choices go (BACK then a new choice)."""
        del self.starters[p:]
        if i < len(rows):
            r = rows[i]
            c = self.cat
            s = (c.get(r, cards.STAGES), r + 1, c.get(r, cards.TYPES), c.get(r, cards.WEAK))
        else:
            s = (3 if i == len(rows) else 2, 0, 0, 0)
        self.starters.append(s)
        if len(self.starters) < self.players:
            self.ask_starter()
        else:
            self.ui.push(self.variants())

    def variants(self, index=0):
        items = []
        if self.players > 1:
            items.append("Wicked: " + ("on" if self.wicked else "off"))
        items.append("Arena: " + type_name(self.arena))
        items.append("Rounds: " + ("quick" if self.quick else "full"))
        items.append("Next")
        return Rows(self.ui, "Solo trials" if self.players == 1 else "Variants", items,
                    self.chose_variant, "capture.variants", None, index, "", -1, self.players)

    def chose_variant(self, i):
        ui = self.ui
        solo = self.players == 1
        if solo:
            i += 1
        if i == 0:
            self.wicked = not self.wicked
            ui.replace(self.variants(0))
        elif i == 1:
            lo = 1 if solo else 0  # C13: the trials need an arena

            def done(v):
                self.arena = v
                ui.pop()
                ui.replace(self.variants(0 if solo else 1))

            ui.push(Spinner(ui, "Arena type", lo, 8, max(lo, self.arena), done, type_name,
                            "capture.arena"))
        elif i == 2:
            self.quick = not self.quick
            ui.replace(self.variants(1 if solo else 2))
        elif solo:
            self.first = 0
            self.summary()
        else:
            leds = self.app.board.leds
            leds.show_turn(0, self.players)

            def first(v):
                self.first = v
                self.summary()

            ui.push(Spinner(ui, "First player", 0, self.players - 1, 0, first,
                            lambda v: SEAT_NAMES[v], "capture.first", lambda v: "the youngest",
                            lambda v: leds.show_turn(v, self.players)))

    def config(self):
        # The rules core (steps.py, rules.py, replay.py: 85 ms of module loads on the
        # emulated Pico) loads here, at the summary, not with the first setup screen:
        # choosing Capture is then no slower than the game's start (docs/gadget.md, Figures).
        from geekout.capture import steps

        return steps.config_bytes(self.players, self.first, self.wicked, self.arena,
                                  self.starters, self.quick)

    def summary(self):
        from geekout.capture import steps

        cfg = steps.Config(self.config())
        # What decides the game's length first (C1: the deck, the rounds), with the
        # variants and the key on the first screen (six lines); then the first player
        # and the starters, chosen on the screens just before. Solo in the same order.
        lines = ["Solo trials" if self.players == 1 else "{} players".format(self.players),
                 "Deck {} cards".format(cfg.deck()),
                 "{} {} rounds".format(cfg.rounds(), "quick" if self.quick else "full"),
                 "Arena: " + type_name(self.arena)]
        if self.wicked:
            lines.append("Team Wicked")
        lines.append("OK: start")
        if self.players > 1:
            lines.append("First: " + SEAT_NAMES[self.first])
        for p in range(self.players):
            s = self.starters[p]
            # a catalog starter by name, another by its stages
            name = self.cat.name(s[1] - 1) if s[1] else "{}-stage".format(s[0])
            lines.append("{}: {}".format(SEAT_NAMES[p], name))
        self.ui.push(Summary(self.ui, "\n".join(lines), self.start, self.players,
                             self.first if self.players > 1 else -1))

    def start(self):
        self.app.start("capture", self.config())
