"""Quick entry of galaxy battle events: a few questions on one screen, then submit.

An entry asks only what the table must tell the tracker: which ship, what the cell it
entered held, which enemy ship it attacks and whether that player teleports away, how a
drone or an upgrade is paid, which stars are placed. UP/DOWN choose, OK answers, BACK
goes to the previous question (or leaves). Ships and targets the rules would refuse are
left out of the lists; when none is legal the entry is refused at once with the core's
reason (ruling id first); a list of one ship or one payment is answered by itself. The
three kinds of placed stars are always offered, whatever the reserve holds, so the
screen does not tell the table what a player has left (the core refuses what the
reserve lacks, B4). Loaded for an entry and dropped after (games/battle.py).
"""

from geekout.games.battle import (
    A_ATTACK,
    A_DRONE,
    A_MOVE,
    A_STARS,
    A_TURN,
    A_UNIQUE,
    A_UPGRADE,
    name,
)
from geekout.rules import battle as B
from geekout.rules import battle_events as E
from geekout.ui.widgets import Menu

# What the cell a ship enters held: (to base, small, bomb, supernova); None: Other...
_FOUND = ((0, 0, 0, 0), (0, 1, 0, 0), (0, 2, 0, 0), (0, 0, 1, 0), (0, 1, 1, 0),
          (0, 0, 2, 0), (0, 0, 0, 1), (1, 0, 0, 0), None)
_FOUND_TEXT = ("Empty cell", "1 small", "2 small", "1 bomb", "Small + bomb", "2 bombs",
               "Supernova", "To own base", "Other...")
_KINDS = ("2 small", "Small + bomb", "2 bombs", "Supernova made")
_MERGE = ("3 small", "2 small 1 bomb", "1 small 2 bomb", "3 bombs")
_COUNTS = ("Small found", "Bombs found", "Novas found")
_PAY = ("Small star", "Supernova")
_NO_YES = ("No", "Yes")
_COUNT_IDS = ("small", "bombs", "novas")
_SKIP = ("ship", "pay", "merges")  # questions answered by themselves when one choice
_HEADINGS = ("", "", "Move which ship", "Attack with", "Upgrade which", "", "Turn cannon")


def start(game, kind):
    """Begin an entry from the turn screen (refused at once if nothing is legal)."""
    ask = Ask(game, kind)
    ask.next()
    if ask.q is not None and game.ui.top() is game:
        game.ui.push(ask)


class Ask(Menu):
    """One question at a time: self.q = (id, heading, item texts, values). OK answers,
    BACK takes the last answer back (or leaves)."""

    name = "battle.ask"

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
            if len(q[3]) == 1 and q[0] in _SKIP:
                self.answers.append((q[3][0], 1))
                continue
            self.q = q
            self.name = "battle." + q[0]
            self.heading = q[1]
            self.items = q[2]
            self.values = q[3]
            self.index = 0
            self.first = 0
            return

    def submit(self, ev):
        if not self.game.submit([ev]):
            self.undo()  # refused: the question stays, with the reason shown

    def question(self):
        st = self.game.state
        p = st.seat
        v = []
        for a in self.answers:
            v.append(a[0])
        kind = self.kind
        flag = 0
        if kind == A_UNIQUE:  # B9: wormhole; star shield (a move); foe teleports (attack)
            if not v:
                u = st.unique[p]
                return ("unique", "Unique action",
                        ("Wormhole" if u & B.WORMHOLE_UA else "Wormhole: used",
                         "Star shield" if u & B.SHIELD else "Shield: used", "Foe teleports"),
                        (0, 1, 2))
            kind = (0, A_MOVE, A_ATTACK)[v.pop(0)]
            flag = 1
        n = len(v)
        # The candidates: every event of this kind with the ships in play.
        cands = []
        for t in range(st.players):
            for s in range(B.SHIPS):
                if not st.ship_at(t, s)[0]:
                    continue
                if kind == 0:  # wormhole on any ship in play (B9, B10)
                    cands.append(E.wormhole(p, t, s))
                elif t == p:
                    if kind == A_MOVE:  # the star shield needs a bomb in the cell (B6)
                        cands.append(E.move(p, s, 0, 0, flag, 0, flag))
                    elif kind == A_TURN:
                        cands.append(E.turn(p, s))
                    elif kind == A_UPGRADE:
                        cands.append(E.upgrade(p, s, E.PAY_SMALL))
                        cands.append(E.upgrade(p, s, E.PAY_NOVA))
                elif kind == A_ATTACK:  # B7: never its own side (B10)
                    for a in range(B.SHIPS):
                        if st.ship_at(p, a)[0]:
                            cands.append(E.attack(p, a, t, s, flag))
        if kind == A_DRONE:
            cands = [E.drone(p, E.PAY_SMALL), E.drone(p, E.PAY_NOVA)]
        ok = []
        for ev in cands:
            if st.is_legal(ev):
                ok.append(ev)
        if cands and not ok and (kind != A_MOVE or not n):
            try:  # nothing legal: the first candidate's refusal says why
                st.check(cands[0])
            except ValueError as e:
                self.game.refuse(e)
                self.undo()
            return None
        if kind == A_STARS:
            return self.stars(st, p, v, n)
        if kind == A_MOVE and n:
            return self.found(st, p, v, n, flag)
        # Lists of ships (own: "ship", any: "wormhole", enemy: "target") or payments.
        texts = []
        values = []
        for ev in ok:
            if kind == 0:
                x = ev[2:]
            elif kind == A_DRONE or (n and kind == A_UPGRADE):
                if kind == A_UPGRADE and ev[2] != v[0]:
                    continue
                texts.append(_PAY[ev[-1]])
                values.append(ev)
                continue
            elif n and kind == A_ATTACK:
                if ev[2] != v[0]:
                    continue
                x = ev[3:5]
            else:
                x = ev[2]
            if x not in values:
                texts.append(_ship(st, x[0], x[1]) if type(x) is tuple else _ship(st, p, x))
                values.append(x)
        if kind == 0:
            return ("wormhole", "Wormhole on", texts, values) if not n else \
                self.submit(E.wormhole(p, v[0][0], v[0][1]))
        if kind == A_DRONE:
            return ("pay", "Drone: pay with", texts, values) if not n else self.submit(v[0])
        if not n:
            return ("ship", _HEADINGS[kind], texts, values)
        if kind == A_TURN:
            return self.submit(E.turn(p, v[0]))
        if kind == A_UPGRADE:
            return ("pay", "Pay with", texts, values) if n == 1 else self.submit(v[1])
        # attack (B7): the target, then whether its player teleports away (B9)
        if n == 1:
            return ("target", E.SHIP_NAMES[v[0]] + " attacks", texts, values)
        t, ts = v[1]
        if flag or not st.unique[t] & B.TELEPORT:
            return self.submit(E.attack(p, v[0], t, ts, flag))
        if n == 2:
            return ("teleport", name(t)[:7] + " teleport?", _NO_YES, (0, 1))
        return self.submit(E.attack(p, v[0], t, ts, v[2]))

    def found(self, st, p, v, n, flag):
        """A move (B10): what the cell entered held, then the star shield (B6, B9)."""
        s = v[0]
        if n == 1:
            texts = []
            values = []
            for i in range(9):
                f = _FOUND[i]
                if not flag or f is None or f[2]:
                    texts.append(_FOUND_TEXT[i])
                    values.append(f)
            return ("found", E.SHIP_NAMES[s] + " enters:", texts, values)
        f = v[1]
        m = 2
        if f is None:  # Other...: each kind counted 0-3
            if n < 5:
                return (_COUNT_IDS[n - 2], _COUNTS[n - 2], ("0", "1", "2", "3"), (0, 1, 2, 3))
            f = (0, v[2], v[3], v[4])
            m = 5
        ev = E.move(p, s, f[0], f[1], f[2], f[3], flag)
        if flag or not f[2] or not st.unique[p] & B.SHIELD:
            return self.submit(ev)
        if n == m:  # the star shield may absorb the first bomb: ask once the move is legal
            try:
                st.check(ev)
            except ValueError as e:
                self.game.refuse(e)
                self.undo()
                return None
            return ("shield", "Use star shield?", _NO_YES, (0, 1))
        return self.submit(E.move(p, s, f[0], f[1], f[2], f[3], v[m]))

    def stars(self, st, p, v, n):
        """B2/B4: the kinds placed; "Supernova made" when a cell reached 3 stars (B5):
        the kinds again, how many cells, and the stars of each."""
        most = min(st.box[B.NOVA], (st.map[B.SMALL] + st.map[B.BOMB] + 2) // 3, 2)
        if not n:
            k = 4 if most else 3
            return ("kinds", "Place 2 stars", _KINDS[:k], (0, 1, 2, 3)[:k])
        if v[0] < 3:
            return self.submit(E.stars(p, v[0]))
        if n == 1:
            return ("kinds2", "Stars placed", _KINDS[:3], (0, 1, 2))
        if n == 2:
            return ("merges", "Supernovas made", ("1 cell", "2 cells")[:most], (1, 2)[:most])
        if n < 3 + v[2]:
            return ("merge", "Cell {}: 3 stars".format(n - 2), _MERGE, (3, 2, 1, 0))
        return self.submit(E.stars(p, v[1], v[3:]))


def _ship(st, p, s):
    """ "D1 L2 base" (a ship of the player in turn) or "Blu D1 L2 base"."""
    _alive, lv, base = st.ship_at(p, s)
    return "{}{} L{}{}".format("" if p == st.seat else name(p)[:3] + " ", E.SHIP_NAMES[s], lv,
                              " base" if base else "")
