"""Drive a Geekmon Capture game on the gadget with button presses only (MicroPython and
CPython): read the screen on top, choose like a table of players would (seeded), press.

Starts a game from home (players, starters, variants, full or quick rounds, first
player), lays out cards (some luminous), names some from the catalog, throws every cube
(now and then a critical catch, an elemental zone, an elemental cube), enters everyone's
points card by card (a quick round: who captured each card, a tie now and then, a
critical catch), answers ties and Team Wicked takes, gives the line structure of unnamed
cards at the end (a player's "?" cards counted at once, or card by card) and opens the
scores. Used by the Capture tests and bench/bench_gadget_capture.py.
"""

from boards.sim import Dice
from geekout import keys
from keydriver import KeyDriver


class CaptureDriver(KeyDriver):
    """Plays Geekmon Capture (KeyDriver: the keys, the log, the times, the game menu)."""

    def __init__(self, board, seed=1, step_ms=60):
        super().__init__(board, step_ms)
        self.rng = Dice(seed * 31 + 7)
        self.plan = None
        self.fixed = []
        self.refusals = 0
        self.lines_done = 0

    def r(self, n):
        return self.rng(n)

    def pick(self, index):
        """Move a menu's cursor to `index` (shortest way) and choose it."""
        m = self.top()
        n = len(m.items)
        index %= n
        while m.index != index:
            self.press(keys.DOWN if (index - m.index) % n <= n // 2 else keys.UP)
        self.press(keys.OK)

    def spin_to(self, value):
        s = self.top()
        while s.value != value:
            self.press(keys.UP)
        self.press(keys.OK)

    def name_card(self, row):
        """On the card picker (geekout/capture/name.py): the keys that name catalog row
        `row` (a band at a time); how many presses that took."""
        start = self.presses
        picker = self.top()
        at = picker.rows.index(row)
        while self.top() is picker:
            for i, (lo, hi) in enumerate(picker.bands()):
                if lo <= at < hi:
                    self.press((keys.UP, keys.OK, keys.DOWN)[i])
                    break
        return self.presses - start

    def start_capture(self, players=2, wicked=False, arena=0, starters=None, first=0,
                      quick=False):
        """From the home menu: New game, Geekmon Capture, then the setup screens (quick:
        quick rounds, None: the gadget's default for the number of players)."""
        while self.top().name != "home":
            self.press(keys.LONG_BACK)
        home = self.top()
        self.pick(home.items.index("New game"))
        games = self.top()
        self.pick(games.items.index("Geekmon Capture"))
        if self.top().name == "replace?":
            self.press(keys.UP)
            self.press(keys.OK)
        self.spin_to(players)
        for p in range(players):
            want = starters[p] if starters else self.r(len(self.top().items))
            self.pick(want)
        if players > 1 and wicked:
            self.pick(0)
        if arena or players == 1:
            self.pick(0 if players == 1 else 1)
            self.spin_to(arena or 1)
        m = self.top()
        rounds = [i for i in range(len(m.items)) if m.items[i].startswith("Rounds: ")][0]
        if quick is not None and (m.items[rounds] == "Rounds: quick") != quick:
            self.pick(rounds)
            m = self.top()
        self.pick(len(m.items) - 1)  # Next
        if players > 1:
            self.spin_to(first)
        assert self.top().name == "capture.summary"
        self.press(keys.OK)

    # -- one press towards the end -------------------------------------------------------
    def step(self):
        top = self.top()
        name = top.name
        if name == "capture.scores":
            return False
        if name == "resume?":
            if not top.answer:
                self.press(keys.UP)
            self.press(keys.OK)
        elif name in ("help", "text", "capture.coll", "scoreboard", "capture.over",
                      "capture.help"):
            self.press(keys.BACK)
        elif name in ("capture.catcher", "capture.crit", "capture.zone", "capture.which",
                      "capture.actives", "capture.active", "capture.colls", "capture.tied",
                      "capture.zones"):
            self.pick(self.r(len(top.items)) if self.r(8) else 0)
        elif name == "capture.catalog":
            bands = [i for i, (lo, hi) in enumerate(top.bands()) if hi > lo]
            if not bands:
                self.press(keys.BACK)
            else:
                self.press((keys.UP, keys.OK, keys.DOWN)[bands[self.r(len(bands))]])
        elif name in ("capture.draw", "capture.cards", "capture.throw", "capture.check",
                      "capture.tie", "capture.take", "capture.quick"):
            # The game screen decides a key; it is pressed with no reference to the
            # screen left here, so the heap probe sees what the gadget would hold.
            k = self._game_key(top, name)
            top = None
            if k is not None:
                self.press(k)
        elif name == "capture.end":
            self._end(top)
        elif name == "capture.cards_end":
            self._end_cards(top)
        elif name == "capture.line":
            self._line(top)
        elif name == "capture.count":
            self._count(top)
        else:
            raise ValueError("driver lost on screen " + name)
        return True

    def _game_key(self, g, name):
        if name == "capture.draw":
            return self._draw(g)
        if name == "capture.cards":
            return self._cards(g)
        if name == "capture.throw":
            return self._throw(g)
        if name == "capture.check":
            return self._check(g)
        if name == "capture.quick":
            return self._quick(g)
        self._menu_to(g.menu, self.r(len(g.menu.items)))
        return keys.OK

    def _quick(self, g):
        """Who captured the card: a player or no one mostly, a tie now and then, a
        critical catch rarely."""
        m = g.menu
        items = m.items
        roll = self.r(20)
        if roll == 0 and "Critical" in items:
            want = items.index("Critical")
        elif roll < 4 and "Tie: help" in items:
            want = items.index("Tie: help")
        else:
            plain = [i for i in range(len(items)) if items[i] not in ("Tie: help", "Critical")]
            want = plain[self.r(len(plain))]
        self._menu_to(m, want)
        if not self._maybe_undo():
            return keys.OK
        return None

    def _maybe_undo(self):
        self.decisions += 1
        if self.undo_every and self.decisions % self.undo_every == 0:
            self.game_menu("Undo")
            return True
        return False

    def _draw(self, g):
        n = min(6, g.state.deck)  # the cards laid out this round (geekout/capture/draw.py)
        if g.pos < n and self.r(3) == 0:
            return keys.OK  # mark luminous (refused once no encounter card is left)
        elif g.pos != n:
            return keys.DOWN
        elif not self._maybe_undo():
            return keys.OK

    def _cards(self, g):
        m = g.menu
        st = g.state
        roll = self.r(8)
        if roll == 0 and g.slots:
            self._menu_to(m, self.r(len(g.slots)))  # name a card from the catalog
            self.press(keys.OK)
        elif roll == 1 and st.round:
            self._menu_to(m, len(m.items) - 2)  # the actives
            self.press(keys.OK)
        else:
            self._menu_to(m, len(m.items) - 1)
            if not self._maybe_undo():
                return keys.OK
        return None

    def _menu_to(self, m, index):
        while m.index != index:
            self.press(keys.DOWN)

    def _throw(self, g):
        opts = g.module.options(g)
        roll = self.r(40)
        if roll == 0:
            want = 2  # critical catch
        elif roll < 4 and 3 in opts:
            want = 3  # elemental zone
        elif 4 in opts and (roll < 12 or g.state.geek[0] + g.state.hyper[0] < 6):
            want = 4  # an elemental cube leaves the zones
        else:
            cubes = [o for o in opts if o < 2]
            want = cubes[self.r(len(cubes))] if cubes else opts[0]
        if want not in opts:
            want = opts[0]
        if opts[g.opt % len(opts)] != want:
            return keys.DOWN
        elif not self._maybe_undo():
            return keys.OK

    def _check(self, g):
        st = g.state
        r = g.row
        if r < st.players:
            room = g.room(r)
            want = self.r(room + 1) if self.r(3) == 0 else 0
            if self.r(4) == 0:
                want = min(room, 2)  # ties come up
            if g.values[r] != want:
                return keys.UP
        if not self._maybe_undo():
            return keys.OK
        return None

    # -- the end ---------------------------------------------------------------------
    def _end(self, g):
        m = g.menu
        players = g.players()
        for p in range(players):
            if "?" in m.items[p]:
                self._menu_to(m, p)
                self.press(keys.OK)
                return
        self._menu_to(m, players)  # Scores
        self.press(keys.OK)
        if self.top().name != "capture.scores":
            self.refusals += 1
            if self.refusals > 20:
                raise ValueError("scores refused: " + str(self.ui.toast_text))
            self.plan = "fix"
            self.fixed = []  # the cards entered again as 1-stage: each one once

    def _end_cards(self, m):
        """A player's cards: count the "?" ones at once one time in two, else enter them
        one by one; after a refused Scores ("fix") every card once more as 1-stage (no
        line then can be over-full), so the end always comes."""
        at = m.cards  # the card of each item (-1: "Count the N ?")
        if at[0] < 0 and self.plan != "fix" and self.r(2):
            self._menu_to(m, 0)  # count every "?" card at once (geekout/capture/tally.py)
            self.press(keys.OK)
            return
        for i in range(len(m.items)):
            tag = m.items[i].split(" ")[-1]  # "Name 3B*": the line structure after the name
            if self.plan == "fix":
                if at[i] <= 0 or (m.seats, at[i]) in self.fixed:
                    continue
                self.fixed.append((m.seats, at[i]))
            elif at[i] <= 0 or not tag.startswith("?"):
                continue
            self._menu_to(m, i)
            self.press(keys.OK)
            return
        self.plan = None
        self.press(keys.BACK)

    def _count(self, c):
        """The count of a player's "?" cards: a small number on a row now and then (a
        line of each size, legendaries, the specials once in a while), OK to the next
        row; the rest are 1-stage. BACK a row now and then."""
        if c.row and not self.r(15):
            self.press(keys.BACK)
            return
        r = c.row
        if not c.values[r] and c.most(r) and not self.r(3):
            self.press(keys.UP if self.r(4) else keys.DOWN)
            return
        self.press(keys.OK)

    def _line(self, e):
        """Unnamed cards: every third one a 1-stage card, the rest in 3-stage lines of the
        letters H-L (three cards each), so no line is over-full."""
        if e.field == 0:
            want = 1 if self.lines_done % 3 == 0 or self.plan == "fix" else 3
            if self.lines_done > 14:
                want = 1
            if e.kind != want:
                self.press(keys.UP)
                return
        elif e.field == 1 and e.kind == 3:
            letter = 7 + (self.lines_done // 3) % 5
            if e.line != letter:
                self.press(keys.UP)
                return
        if e.field + 1 >= e.count():
            self.lines_done += 1
        self.press(keys.OK)
