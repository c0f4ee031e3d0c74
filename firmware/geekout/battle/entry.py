"""Galaxy battle: the entry of one event, a few questions on one screen, then submit.

An entry asks only what the table must tell the tracker: which ship, what the cell it
entered held, which enemy ship it attacks and whether that player teleports away, how a
drone or an upgrade is paid, which stars are placed. UP/DOWN choose, OK answers, BACK
goes to the previous question (or leaves). Ships and targets the rules would refuse are
left out of the lists; when none is legal the entry is refused at once with the core's
reason (ruling id first); a list of one ship or one payment is answered by itself. The
three kinds of placed stars are always offered, whatever the reserve holds, so the
screen does not tell the table what a player has left (the core refuses what the
reserve lacks, B4). The turn screen (turn.py) takes the event (submit) and tells what
it did (announce.py).
"""

from micropython import const

from geekout.ui.widgets import SEAT_NAMES, Menu

from . import events as E
from .consts import (
    BOMB,
    NOVA,
    PAY_NOVA,
    PAY_SMALL,
    SHIELD,
    SHIP_NAMES,
    SHIPS,
    SMALL,
    TELEPORT,
    WORMHOLE_UA,
)

# The turn screen's entries (turn.py lists those of each phase); those from STARS to
# UNIQUE are asked here, the others are taken at once or open a page.
CELL_ENTRY = const(0)
STARS_ENTRY = const(1)
MOVE_ENTRY = const(2)
ATTACK_ENTRY = const(3)
UPGRADE_ENTRY = const(4)
DRONE_ENTRY = const(5)
TURN_ENTRY = const(6)
UNIQUE_ENTRY = const(7)
DONE_ENTRY = const(8)
STATUS_ENTRY = const(9)
_WORMHOLE_KIND = const(0)  # Unique action's wormhole, asked as an entry kind of its own

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
_Q_UNIQUE = const(13)
_Q_WORMHOLE = const(14)
QUESTION_NAMES = ("battle.ship", "battle.found", "battle.small", "battle.bombs",
                  "battle.novas", "battle.shield", "battle.target", "battle.teleport",
                  "battle.pay", "battle.kinds", "battle.kinds2", "battle.merges",
                  "battle.merge", "battle.unique", "battle.wormhole")
HEADINGS = ("", "", "Small found", "Bombs found", "Novas found", "Use star shield?", "", "",
            "Pay with", "Place 2 stars", "Stars placed", "Supernovas made", "", "Unique action",
            "Wormhole on")
SHIP_HEADINGS = ("", "", "Move which ship", "Attack with", "Upgrade which", "",
                 "Turn cannon")  # by entry

# What the cell a ship enters held, with its texts: 4 bytes each (to its base, small,
# bomb, supernova); the last item, Other..., counts each kind.
FOUND_TEXTS = ("Empty cell", "1 small", "2 small", "1 bomb", "Small + bomb", "2 bombs",
               "Supernova", "To own base", "Other...")
FOUND = (b"\0\0\0\0", b"\0\1\0\0", b"\0\2\0\0", b"\0\0\1\0", b"\0\1\1\0", b"\0\0\2\0",
         b"\0\0\0\1", b"\1\0\0\0")
KINDS = ("2 small", "Small + bomb", "2 bombs", "Supernova made")  # 2 stars placed
MERGE_KINDS = ("3 small", "2 small 1 bomb", "1 small 2 bomb", "3 bombs")  # a supernova's
PAY_TEXTS = ("Small star", "Supernova")
NO_YES = ("No", "Yes")
COUNTS = ("0", "1", "2", "3")
MERGE_CELLS = ("1 cell", "2 cells")


def start(game, kind):
    """Begin an entry from the turn screen (refused at once if nothing is legal)."""
    ask = Ask(game, kind)
    ask.next()
    if ask.q is not None and game.ui.top() is game:
        game.ui.push(ask)


class Ask(Menu):
    """One question at a time: self.q = (question, heading or None, item texts, values).
    OK answers, BACK takes the last answer back (or leaves)."""

    name = "battle.question"

    def __init__(self, game, kind):
        super().__init__(game.ui, "", (), self.chosen, None, self.back)
        self.game = game
        self.kind = kind
        self.answers = []  # (value, answered by itself)
        self.q = None
        self.values = ()

    def chosen(self, i):
        self.answers.append((self.values[i], 0))
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

    def submit(self, ev):
        if not self.game.submit([ev]):
            self.undo()  # refused: the question stays, with the reason shown

    def refuse(self, ev):
        """Show why the rules refuse `ev`; the last answer is taken back."""
        try:
            self.game.state.check(ev)
        except ValueError as e:
            self.game.refuse(e)
            self.undo()

    def question(self):
        st = self.game.state
        p = st.seat
        v = []
        for a in self.answers:
            v.append(a[0])
        kind = self.kind
        flag = 0
        if kind == UNIQUE_ENTRY:  # B9: wormhole; star shield (a move); foe teleports (attack)
            if not v:
                u = st.unique[p]
                t = ["Wormhole" if u & WORMHOLE_UA else "Wormhole: used",
                     "Star shield" if u & SHIELD else "Shield: used", "Foe teleports"]
                return (_Q_UNIQUE, None, t, (0, 1, 2))
            kind = (_WORMHOLE_KIND, MOVE_ENTRY, ATTACK_ENTRY)[v.pop(0)]
            flag = 1
        n = len(v)
        # The candidates: every event of this kind with the ships in play.
        cands = []
        for t in range(st.players):
            for s in range(SHIPS):
                if not st.ship_at(t, s)[0]:
                    continue
                if kind == _WORMHOLE_KIND:  # wormhole on any ship in play (B9, B10)
                    cands.append(E.wormhole(p, t, s))
                elif t == p:
                    if kind == MOVE_ENTRY:  # the star shield needs a bomb in the cell (B6)
                        cands.append(E.move(p, s, 0, 0, flag, 0, flag))
                    elif kind == TURN_ENTRY:
                        cands.append(E.turn(p, s))
                    elif kind == UPGRADE_ENTRY:
                        cands.append(E.upgrade(p, s, PAY_SMALL))
                        cands.append(E.upgrade(p, s, PAY_NOVA))
                elif kind == ATTACK_ENTRY:  # B7: never its own side (B10)
                    for a in range(SHIPS):
                        if st.ship_at(p, a)[0]:
                            cands.append(E.attack(p, a, t, s, flag))
        if kind == DRONE_ENTRY:
            cands = [E.drone(p, PAY_SMALL), E.drone(p, PAY_NOVA)]
        ok = []
        for ev in cands:
            if st.is_legal(ev):
                ok.append(ev)
        if cands and not ok and (kind != MOVE_ENTRY or not n):
            self.refuse(cands[0])  # nothing legal: the first candidate's refusal says why
            return None
        if kind == STARS_ENTRY:
            return self.stars(v, n)
        if kind == MOVE_ENTRY and n:
            return self.found(v, n, flag)
        # Lists of ships (own: "ship", any: "wormhole", enemy: "target") or payments.
        texts = []
        values = []
        for ev in ok:
            if kind == _WORMHOLE_KIND:
                x = ev[2:]
            elif kind == DRONE_ENTRY or (n and kind == UPGRADE_ENTRY):
                if kind == UPGRADE_ENTRY and ev[2] != v[0]:
                    continue
                texts.append(PAY_TEXTS[ev[-1]])
                values.append(ev)
                continue
            elif n and kind == ATTACK_ENTRY:
                if ev[2] != v[0]:
                    continue
                x = ev[3:5]
            else:
                x = ev[2]
            if x not in values:
                texts.append(_ship(st, x[0], x[1]) if type(x) is tuple else _ship(st, p, x))
                values.append(x)
        if kind == _WORMHOLE_KIND:
            return (_Q_WORMHOLE, None, texts, values) if not n else \
                self.submit(E.wormhole(p, v[0][0], v[0][1]))
        if kind == DRONE_ENTRY:
            return (_Q_PAY, "Drone: pay with", texts, values) if not n else self.submit(v[0])
        if not n:
            return (_Q_SHIP, SHIP_HEADINGS[kind], texts, values)
        if kind == TURN_ENTRY:
            return self.submit(E.turn(p, v[0]))
        if kind == UPGRADE_ENTRY:
            return (_Q_PAY, None, texts, values) if n == 1 else self.submit(v[1])
        # attack (B7): the target, then whether its player teleports away (B9)
        if n == 1:
            return (_Q_TARGET, "{} attacks:".format(SHIP_NAMES[v[0]]), texts, values)
        t, ts = v[1]
        if flag or not st.unique[t] & TELEPORT:
            return self.submit(E.attack(p, v[0], t, ts, flag))
        if n == 2:
            return (_Q_TELEPORT, "{} teleports?".format(SEAT_NAMES[t][:3]), NO_YES,
                    (0, 1))
        return self.submit(E.attack(p, v[0], t, ts, v[2]))

    def found(self, v, n, k):
        """A move (B10): what the cell entered held, then the star shield (B6, B9);
        k = 1: the star shield was chosen first (Unique action)."""
        st = self.game.state
        p = st.seat
        flag = k
        s = v[0]
        if n == 1:
            texts = []
            values = []
            for i in range(8):
                f = FOUND[i]
                if not flag or f[2]:
                    texts.append(FOUND_TEXTS[i])
                    values.append(f)
            texts.append(FOUND_TEXTS[8])  # "Other..."
            values.append(None)
            return (_Q_FOUND, "{} enters cell:".format(SHIP_NAMES[s]), texts, values)
        f = v[1]
        m = 2
        if f is None:  # Other...: each kind counted 0-3
            if n < 5:
                return (_Q_SMALL + n - 2, None, COUNTS, (0, 1, 2, 3))
            f = (0, v[2], v[3], v[4])
            m = 5
        ev = E.move(p, s, f[0], f[1], f[2], f[3], flag)
        if flag or not f[2] or not st.unique[p] & SHIELD:
            return self.submit(ev)
        if n == m:  # the star shield may absorb the first bomb: asked once the move is legal
            if not st.is_legal(ev):
                return self.refuse(ev)
            return (_Q_SHIELD, None, NO_YES, (0, 1))
        return self.submit(E.move(p, s, f[0], f[1], f[2], f[3], v[m]))

    def stars(self, v, n):
        """B2/B4: the kinds placed; "Supernova made" when a cell reached 3 stars (B5):
        the kinds again, how many cells, and the stars of each."""
        st = self.game.state
        p = st.seat
        most = min(st.box[NOVA], (st.map[SMALL] + st.map[BOMB] + 2) // 3, 2)
        if not n:
            k = 4 if most else 3
            return (_Q_KINDS, None, KINDS[:k], (0, 1, 2, 3)[:k])
        if v[0] < 3:
            return self.submit(E.stars(p, v[0]))
        if n == 1:
            return (_Q_KINDS2, None, KINDS[:3], (0, 1, 2))
        if n == 2:
            return (_Q_MERGES, None, MERGE_CELLS[:most], (1, 2)[:most])
        if n < 3 + v[2]:
            return (_Q_MERGE, "Cell {}: 3 stars".format(n - 2), MERGE_KINDS, (3, 2, 1, 0))
        return self.submit(E.stars(p, v[1], v[3:]))


def _ship(st, p, s):
    """ "D1 L2 base" (a ship of the player in turn) or "Blu D1 L2 base"."""
    _alive, lv, base = st.ship_at(p, s)
    return "{}{} L{} {}".format("" if p == st.seat else SEAT_NAMES[p][:3] + " ", SHIP_NAMES[s],
                                lv, "base" if base else "")
