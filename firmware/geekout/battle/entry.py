"""Galaxy battle: the entry of one event, a few questions on one screen, then submit.

An entry asks only what the table must tell the tracker. Ships, targets and payments the
rules would refuse are left out of the lists, a list of one is answered by itself, and
an entry with nothing legal is refused at once with the reason that really stands in
the way, ruling id first. The kinds of placed stars are always all offered, so the
screen never tells what a reserve holds (the core refuses what it lacks, B4). The turn
screen (turn.py) takes the events (take, game.py) and tells what they did (announce.py).
The questions, presses and refusals: docs/gadget-battle.md, Entering events.
"""

from micropython import const

from geekout import keys
from geekout.ui.core import Screen, W, center, title
from geekout.ui.widgets import SEAT_NAMES, Menu

from . import events as E
from .consts import (
    ACTION_POINTS,
    MAX_LEVEL,
    PAY_NOVA,
    PAY_SMALL,
    PH_EXPLORE,
    PH_OPEN_CELLS,
    PH_OVER,
    SHIELD,
    SHIP_NAMES,
    SHIPS,
    TELEPORT,
)
from .rules import Illegal

# The turn screen's entries (turn.py lists those of each phase). A move names its ship:
# MOVE_ENTRY + SHIP_STEP * ship (a tactical action), FREE_ENTRY + SHIP_STEP * ship (a
# drone's free move in the drone phase).
CELL_ENTRY = const(0)
STARS_ENTRY = const(1)
MOVE_ENTRY = const(2)
ATTACK_ENTRY = const(3)
UPGRADE_ENTRY = const(4)
DRONE_ENTRY = const(5)
TURN_ENTRY = const(6)
WORMHOLE_ENTRY = const(7)
DONE_ENTRY = const(8)
STATUS_ENTRY = const(9)
FREE_ENTRY = const(10)
SHIP_STEP = const(16)

# Questions, in this order: their screen names and headings ("": made for the question).
_Q_SHIP = const(0)
_Q_FOUND = const(1)
_Q_SMALL = const(2)  # then bombs (3) and supernovas (4) found
_Q_SHIELD = const(5)
_Q_TARGET = const(6)
_Q_TELEPORT = const(7)
_Q_PAY = const(8)
_Q_KINDS = const(9)
_Q_KINDS2 = const(10)
_Q_MERGES = const(11)
_Q_MERGE = const(12)
_Q_WORMHOLE = const(13)
QUESTION_NAMES = ("battle.ship", "battle.found", "battle.small", "battle.bombs",
                  "battle.novas", "battle.shield", "battle.target", "battle.teleport",
                  "battle.pay", "battle.kinds", "battle.kinds2", "battle.merges",
                  "battle.merge", "battle.wormhole")
HEADINGS = ("", "", "Small found", "Bombs found", "Novas found", "Star shield?", "", "",
            "Pay with", "Place 2 stars", "Stars placed", "Supernovas made", "", "Wormhole on")

# What the cell a ship enters held, with its texts: 4 bytes each (to its base, small,
# bomb, supernova); the last item, Other..., counts each kind.
FOUND_TEXTS = ("Empty cell", "1 small", "2 small", "1 bomb", "Small + bomb", "2 bombs",
               "Supernova", "To own base", "Other...")
FOUND = (b"\0\0\0\0", b"\0\1\0\0", b"\0\2\0\0", b"\0\0\1\0", b"\0\1\1\0", b"\0\0\2\0",
         b"\0\0\0\1", b"\1\0\0\0", None)
KINDS = ("2 small", "Small + bomb", "2 bombs", "Supernova made")  # 2 stars placed
HIDE_TEXT = "Hide screen"  # the last item of the kinds placed, until the screen is hidden
HIDE = const(9)  # its value
MERGE_KINDS = ("3 small", "2 small 1 bomb", "1 small 2 bomb", "3 bombs")  # a supernova's
PAY_TEXTS = ("Small star", "Supernova")
NO_YES = ("No", "Yes")
COUNTS = ("0", "1", "2", "3")
MERGE_CELLS = ("1 cell", "2 cells")

# The turn screen's layout, which its questions share: the title (page 0 of the panel),
# the phase line (pages 1-2), then five rows of 8 pixels, each a page (pages 3-7). A
# question keeps the phase line where the turn screen has it, so going to a question and
# back sends the title and the rows only, never the phase line again; a row is one page,
# so the cursor changes two pages (docs/gadget-battle.md, The turn screen).
STEPPER = ("Exp", "Drn", "Atk", "Tac")
ROWS = const(5)
ROW_Y = const(24)


def draw_phase(fb, st):
    """The phase line of `st`: in play the stepper (four phases, the current one
    inverted) and 3 pips for the action points still to spend (all 3 before the tactical
    phase, none after the wormhole: B3); in the opening and after a win, a line of text."""
    ph = st.phase
    if ph < PH_EXPLORE:
        fb.text("Opening: cells" if ph == PH_OPEN_CELLS else "Opening: stars", 0, 12, 1)
        return
    if ph == PH_OVER:
        fb.text("{} has won!".format(SEAT_NAMES[st.winner]), 0, 12, 1)
        return
    k = ph - PH_EXPLORE
    for x in range(4):
        if x == k:
            fb.fill_rect(x * 28, 11, 26, 11, 1)
        fb.text(STEPPER[x], x * 28 + 1, 13, 0 if x == k else 1)
    pips = ACTION_POINTS
    if st.wormholed:
        fb.hline(84, 16, 26, 1)
        pips = 0
    elif k == 3:
        pips = st.owed
    for x in range(ACTION_POINTS):
        (fb.fill_rect if x < pips else fb.rect)(111 + x * 6, 14, 5, 5, 1)


def draw_rows(fb, items, index, first, x, label=None):
    """Five of `items` from row `first` (moved so `index` shows), the cursor on `index`,
    each text from x (`label(item)`, or the item itself); `^` and `v` at the right when
    the list goes on. Returns the first row shown."""
    n = len(items)
    if index < first:
        first = index
    elif index >= first + ROWS:
        first = index - ROWS + 1
    if first > max(0, n - ROWS):
        first = max(0, n - ROWS)
    for row in range(min(ROWS, n - first)):
        j = first + row
        y = ROW_Y + row * 8
        if j == index:
            fb.text(">", 0, y, 1)
        fb.text(items[j] if label is None else label(items[j]), x, y, 1)
    if first > 0:
        fb.text("^", W - 8, ROW_Y, 1)
    if first + ROWS < n:
        fb.text("v", W - 8, ROW_Y + (ROWS - 1) * 8, 1)
    return first


def start(game, item, prefix):
    """Begin an entry from the turn screen (refused at once if nothing is legal).
    `prefix`: the events ending the phases the entry's phase comes after."""
    view = game.state
    if prefix:
        view = view.clone()
        for ev in prefix:
            view.apply(ev)
    ask = Ask(game, item, view, prefix)
    ask.next()
    if ask.q is not None and game.ui.top() is game:
        game.ui.push(ask)


class TurnMenu(Menu):
    """A menu in the turn screen's layout, the phase line of the state `st` kept above
    its rows: the questions of an entry, the game menu (menu.py)."""

    def __init__(self, ui, st, heading, items, choose, name=None, back=None):
        super().__init__(ui, heading, items, choose, name, back)
        self.st = st

    def draw(self, fb):
        """The heading in the title, the phase line, the items in the rows (draw_rows;
        14 characters at most, the scroll marks share the right edge)."""
        title(fb, self.heading)
        draw_phase(fb, self.st)
        self.first = draw_rows(fb, self.items, self.index, self.first, 8)


class Ask(TurnMenu):
    """One question at a time: self.q = (question, heading or None, item texts, values).
    OK answers, BACK takes the last answer back (or leaves)."""

    name = "battle.question"
    keys_pass_toast = False

    def __init__(self, game, item, view, prefix):
        # the state asked on (its phase line shown): the game's, or after the phases it ends
        super().__init__(game.ui, view, "", (), self.chosen, None, self.back)
        self.game = game
        self.kind = item % SHIP_STEP
        self.ship = item // SHIP_STEP
        self.prefix = prefix
        self.answers = []  # (value, answered by itself)
        self.q = None
        self.values = ()
        self.hidden = False  # the player chose to hide the screen before choosing stars

    def chosen(self, i):
        v = self.values[i]
        q = self.q
        if q is not None and q[0] == _Q_KINDS and v == HIDE:
            self.hidden = True
            self.ui.push(Hidden(self))
            self.next()  # the same question, without the offer
            return
        self.answers.append((v, 0))
        self.next()

    def back(self):
        if self.undo():
            self.next()
        else:
            self.ui.pop()

    def undo(self):
        """Take back the last answer given (with those that came by themselves after
        it); False when there was none."""
        a = self.answers
        while a:
            if not a.pop()[1]:
                return True
        return False

    def seat(self):
        """The seat the question is about: the defender asked about its teleport, else
        the player in turn."""
        q = self.q
        if q is not None and q[0] == _Q_TELEPORT:
            return self.answers[1][0][0]
        return self.st.seat

    def draw(self, fb):
        self.game.light(self.seat())
        TurnMenu.draw(self, fb)

    def next(self):
        """Ask the next question, or submit the event once everything is known."""
        while True:
            q = self.question()
            if q is None:
                return
            k = q[0]
            if len(q[3]) == 1 and (k == _Q_SHIP or k == _Q_PAY or k == _Q_MERGES):
                self.answers.append((q[3][0], 1))
                continue
            self.q = q
            self.name = QUESTION_NAMES[k]
            self.heading = q[1] or HEADINGS[k]
            self.items = list(q[2])
            self.values = q[3]
            self.index = 0
            self.first = 0
            return

    def take(self, ev):
        if not self.game.take(self.prefix + [ev]):
            self.undo()  # refused: the question stays, with the reason shown

    def refuse(self, e):
        """Show why the rules refuse (an Illegal, or an event to check); the last
        answer is taken back."""
        if type(e) is tuple:
            try:
                self.st.check(e)
                return
            except ValueError as x:
                e = x
        self.game.refuse(e)
        self.undo()

    def question(self):
        st = self.st
        p = st.seat
        v = []
        for a in self.answers:
            v.append(a[0])
        n = len(v)
        kind = self.kind
        if kind == STARS_ENTRY:
            return self.stars(v, n)
        if kind == MOVE_ENTRY or kind == FREE_ENTRY:
            return self.found(v, n)
        if kind == DRONE_ENTRY:
            if n:
                return self.take(v[0])
            cands = [E.drone(p, PAY_SMALL), E.drone(p, PAY_NOVA)]
            if st.coll_nova[p]:  # the payment held first: its refusal is the one that matters
                cands.reverse()
            ok = [ev for ev in cands if st.is_legal(ev)]
            if not ok:
                return self.refuse(cands[0])
            ok.sort()
            return (_Q_PAY, "Drone: pay with", [PAY_TEXTS[ev[2]] for ev in ok], ok)
        if kind == WORMHOLE_ENTRY:  # any ship in play, the player's own too (B9)
            if n:
                return self.take(E.wormhole(p, v[0][0], v[0][1]))
            texts = []
            values = []
            first = None
            for t in range(st.players):
                for s in range(SHIPS):
                    if st.ship_at(t, s)[0]:
                        ev = E.wormhole(p, t, s)
                        first = first or ev
                        if st.is_legal(ev):
                            texts.append(_ship(st, t, s))
                            values.append((t, s))
            if not values:
                return self.refuse(first)
            return (_Q_WORMHOLE, None, texts, values)
        if kind == TURN_ENTRY or kind == UPGRADE_ENTRY:
            return self.ship_action(v, n)
        return self.attack(v, n)

    def ship_action(self, v, n):
        """Turn a cannon (B4): which ship. Upgrade (B4, B10): which ship, how to pay."""
        st = self.st
        p = st.seat
        if self.kind == TURN_ENTRY:
            if n:
                return self.take(E.turn(p, v[0]))
            ships = [s for s in range(SHIPS) if st.ship_at(p, s)[0] and st.is_legal(E.turn(p, s))]
            if not ships:
                return self.refuse(E.turn(p, 0))
            return (_Q_SHIP, "Turn cannon", [_ship(st, p, s) for s in ships], ships)
        if n == 2:
            return self.take(v[1])
        if n == 1:
            ok = [E.upgrade(p, v[0], pay) for pay in (PAY_SMALL, PAY_NOVA)]
            ok = [ev for ev in ok if st.is_legal(ev)]
            return (_Q_PAY, None, [PAY_TEXTS[ev[3]] for ev in ok], ok)
        ships = []
        for s in range(SHIPS):
            if st.ship_at(p, s)[0] and (st.is_legal(E.upgrade(p, s, PAY_SMALL))
                                        or st.is_legal(E.upgrade(p, s, PAY_NOVA))):
                ships.append(s)
        if ships:
            return (_Q_SHIP, "Upgrade which", [_ship(st, p, s) for s in ships], ships)
        # Nothing to upgrade: the phase or the points first, then what a player would say.
        try:
            st.check(E.upgrade(p, 0, PAY_SMALL))
        except Illegal as e:
            if e.ruling == "B3":
                return self.refuse(e)
        if not st.coll_small[p] and not st.coll_nova[p]:
            return self.refuse(Illegal("B4", "no collected star to pay with"))
        low = [s for s in range(SHIPS) if st.ship_at(p, s)[0] and st.ship_at(p, s)[1] < MAX_LEVEL]
        if not low:
            return self.refuse(Illegal("B4", "every ship is at level 3, the most"))
        return self.refuse(E.upgrade(p, low[0], PAY_SMALL if st.coll_small[p] else PAY_NOVA))

    def attack(self, v, n):
        """B7: the attacker, the target, then whether its player teleports away (B9)."""
        st = self.st
        p = st.seat
        if n == 3:
            t, ts = v[1]
            return self.take(E.attack(p, v[0], t, ts, v[2]))
        if n == 2:
            t, ts = v[1]
            if not st.unique[t] & TELEPORT:
                return self.take(E.attack(p, v[0], t, ts))
            return (_Q_TELEPORT, "{} teleports?".format(SEAT_NAMES[t][:3]), NO_YES, (0, 1))
        if n == 1:
            targets = [x for x in _enemies(st, p) if st.is_legal(E.attack(p, v[0], x[0], x[1]))]
            return (_Q_TARGET, "{} attacks:".format(SHIP_NAMES[v[0]]),
                    [_ship(st, x[0], x[1]) for x in targets], targets)
        ships = []
        best = None  # the attack closest to legal: from off a base, on a ship off its base
        rank = 9
        for a in range(SHIPS):
            if not st.ship_at(p, a)[0]:
                continue
            for x in _enemies(st, p):
                ev = E.attack(p, a, x[0], x[1])
                if st.is_legal(ev):
                    if a not in ships:
                        ships.append(a)
                    continue
                r = st.ship_at(p, a)[2] * 2 + st.ship_at(x[0], x[1])[2]
                if r < rank:
                    best = ev
                    rank = r
        if ships:
            return (_Q_SHIP, "Attack with", [_ship(st, p, s) for s in ships], ships)
        if rank == 1 or rank == 3:  # no enemy ship off its base: naming one would mislead
            return self.refuse(Illegal("B7", "every enemy ship is on its base: none can be "
                                       "attacked"))
        return self.refuse(best)

    def found(self, v, n):
        """A move (B10): what the cell entered held, then the star shield (B6, B9)."""
        st = self.st
        p = st.seat
        s = self.ship
        if not n:
            ev = E.move(p, s)
            if not st.is_legal(ev):  # no move of this ship at all (points, phase): say why
                return self.refuse(ev)
            return (_Q_FOUND, "{} enters cell:".format(SHIP_NAMES[s]), FOUND_TEXTS, FOUND)
        f = v[0]
        m = 1
        if f is None:  # Other...: each kind counted 0-3
            if n < 4:
                return (_Q_SMALL + n - 1, None, COUNTS, (0, 1, 2, 3))
            f = (0, v[1], v[2], v[3])
            m = 4
        ev = E.move(p, s, f[0], f[1], f[2], f[3])
        if not f[2] or not st.unique[p] & SHIELD:
            return self.take(ev)
        if n == m:  # the star shield may absorb the first bomb: asked once the move is legal
            if not st.is_legal(ev):
                return self.refuse(ev)
            return (_Q_SHIELD, None, NO_YES, (0, 1))
        return self.take(E.move(p, s, f[0], f[1], f[2], f[3], v[m]))

    def stars(self, v, n):
        """B2/B4: the kinds placed; "Supernova made" when cells reached 3 stars (B11: each
        holds one star just placed and 2 that were there, of 2 placements or sources;
        offered only while the map may hold such a cell): the kinds again, how many
        cells, and the stars of each."""
        st = self.st
        p = st.seat
        most = st.merges_possible()  # B11: cells the placement may merge (0-2)
        if not n:
            try:  # no action point left: said before the secret choice, not after it
                st.check(E.stars(p, 0))
            except Illegal as e:
                if e.ruling == "B3":
                    return self.refuse(e)
            if st.reserve_small[p] + st.reserve_bomb[p] < 2:  # the total is on the status page
                return self.refuse(Illegal("B4", "the reserve holds fewer than 2 stars"))
            texts = []
            for t in KINDS[:4 if most else 3]:
                texts.append(t)
            values = [0, 1, 2, 3][:len(texts)]
            if not self.hidden:
                texts.append(HIDE_TEXT)
                values.append(HIDE)
            return (_Q_KINDS, None, texts, values)
        if v[0] < 3:
            return self.take(E.stars(p, v[0]))
        if n == 1:
            return (_Q_KINDS2, None, KINDS[:3], (0, 1, 2))
        if n == 2:
            return (_Q_MERGES, None, MERGE_CELLS[:most], (1, 2)[:most])
        if n < 3 + v[2]:
            return (_Q_MERGE, "Cell {}: 3 stars".format(n - 2), MERGE_KINDS, (3, 2, 1, 0))
        return self.take(E.stars(p, v[1], v[3:]))


class Hidden(Screen):
    """The screen hidden before a secret choice (the kinds of stars placed): the player
    in turn takes the gadget; OK (or BACK) shows the question for their eyes only."""

    name = "battle.hidden"
    keys_pass_toast = False

    def __init__(self, ask):
        super().__init__(ask.ui)
        self.ask = ask

    def key(self, k):
        if k == keys.OK or k == keys.BACK:
            self.ui.pop()

    def draw(self, fb):
        p = self.ask.st.seat
        self.ask.game.light(p)
        title(fb, "Screen hidden")
        name = SEAT_NAMES[p]
        y = 16
        for line in (name + " places", "2 stars: OK", "when only", name + " sees"):
            center(fb, line, y)
            y += 11


def _enemies(st, p):
    """(player, ship) of every enemy ship in play, in seat order."""
    out = []
    for t in range(st.players):
        if t != p:
            for s in range(SHIPS):
                if st.ship_at(t, s)[0]:
                    out.append((t, s))
    return out


def _ship(st, p, s):
    """ "D1 L2 base" (a ship of the player in turn) or "Blu D1 L2 base"."""
    _alive, lv, base = st.ship_at(p, s)
    return "{}{} L{}{}".format("" if p == st.seat else SEAT_NAMES[p][:3] + " ", SHIP_NAMES[s],
                               lv, " base" if base else "")
