"""Quick entry of galaxy battle events: a few questions on one screen, then submit.

An entry asks only what the table must tell the tracker: which ship, what the cell it
entered held, which enemy ship it attacks and whether that player teleports away, how a
drone or an upgrade is paid, which stars are placed. UP/DOWN choose, OK answers, BACK
goes to the previous question (or leaves). Ships and targets the rules would refuse are
left out of the lists; when none is legal the entry is refused at once with the core's
reason (ruling id first); a list of one ship or one payment is answered by itself. The
three kinds of placed stars are always offered, whatever the reserve holds, so the
screen does not tell the table what a player has left (the core refuses what the
reserve lacks, B4). Loaded for an entry; what the entry did is then told by
games/battle_after.py (one of these modules in RAM at a time, games/battle.py).

RAM: the words live in one string constant, split when a question is shown (see the
note in games/battle.py).
"""

from micropython import const

from geekout.games.battle import name
from geekout.rules import battle as B
from geekout.rules import battle_events as E
from geekout.ui.widgets import Menu

# Entry kinds: the turn screen's entries (games/battle.py _A_*).
_A_STARS = const(1)
_A_MOVE = const(2)
_A_ATTACK = const(3)
_A_UPGRADE = const(4)
_A_DRONE = const(5)
_A_TURN = const(6)
_A_UNIQUE = const(7)
# rules/battle.py's private constants (copies: no names at run time).
_BOMB = const(1)
_TELEPORT = const(1)  # B9: bits of a player's unique actions
_WORMHOLE_UA = const(2)
_SHIELD = const(4)
# Questions: their screen names ("battle." + name) and headings, in this order.
_Q_SHIP = const(0)
_Q_FOUND = const(1)
_Q_SMALL = const(2)
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
# Every word of the entries, one group per line, items separated by "^" (see the RAM
# note in games/battle.py): w(i) is group i as a list.
_W = ("battle.ship^battle.found^battle.small^battle.bombs^battle.novas^battle.shield^"
      "battle.target^battle.teleport^battle.pay^battle.kinds^battle.kinds2^battle.merges^"
      "battle.merge^battle.unique^battle.wormhole\n"
      "^^Small found^Bombs found^Novas found^Use star shield?^^^Pay with^Place 2 stars^"
      "Stars placed^Supernovas made^^Unique action^Wormhole on\n"
      "^^Move which ship^Attack with^Upgrade which^^Turn cannon\n"
      "Empty cell^1 small^2 small^1 bomb^Small + bomb^2 bombs^Supernova^To own base^Other...\n"
      "2 small^Small + bomb^2 bombs^Supernova made\n"
      "3 small^2 small 1 bomb^1 small 2 bomb^3 bombs\n"
      "Small star^Supernova\n"
      "No^Yes\n"
      "0^1^2^3\n"
      "1 cell^2 cells\n"
      "Wormhole^Star shield^Foe teleports^Wormhole: used^Shield: used\n"
      "Drone: pay with^{} attacks:^{} teleports?^{} enters cell:^Cell {}: 3 stars^{}{} L{} {}")
_NAMES = const(0)
_HEADINGS = const(1)
_SHIP_HEADINGS = const(2)
_FOUND_TEXT = const(3)
_KINDS = const(4)
_MERGE = const(5)
_PAY = const(6)
_NO_YES = const(7)
_COUNTS = const(8)
_CELLS = const(9)
_UNIQUE = const(10)
_TEXTS = const(11)  # headings made for the question, and a ship's line (_T_*)
_T_PAY = const(0)
_T_ATTACKS = const(1)
_T_TELEPORTS = const(2)
_T_ENTERS = const(3)
_T_MERGE = const(4)
_T_SHIP = const(5)
# What the cell a ship enters held: 4 bytes each (to base, small, bomb, supernova); the
# last item, Other..., counts each kind.
_FOUND = b"\0\0\0\0\0\1\0\0\0\2\0\0\0\0\1\0\0\1\1\0\0\0\2\0\0\0\0\1\1\0\0\0"


def w(i, k=99):
    """Group i of _W as a list (at most k items); only that group is split."""
    j = 0
    while i:
        j = _W.index("\n", j) + 1
        i -= 1
    e = _W.find("\n", j)
    return _W[j:e if e >= 0 else len(_W)].split("^")[:k]


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
            self.name = w(_NAMES)[k]
            self.heading = q[1] or w(_HEADINGS)[k]
            self.items = q[2]
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
        if kind == _A_UNIQUE:  # B9: wormhole; star shield (a move); foe teleports (attack)
            if not v:
                u = st.unique[p]
                t = w(_UNIQUE)
                if not u & _WORMHOLE_UA:
                    t[0] = t[3]
                if not u & _SHIELD:
                    t[1] = t[4]
                t = t[:3]
                return (_Q_UNIQUE, None, t, (0, 1, 2))
            kind = (0, _A_MOVE, _A_ATTACK)[v.pop(0)]
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
                    if kind == _A_MOVE:  # the star shield needs a bomb in the cell (B6)
                        cands.append(E.move(p, s, 0, 0, flag, 0, flag))
                    elif kind == _A_TURN:
                        cands.append(E.turn(p, s))
                    elif kind == _A_UPGRADE:
                        cands.append(E.upgrade(p, s, E.PAY_SMALL))
                        cands.append(E.upgrade(p, s, E.PAY_NOVA))
                elif kind == _A_ATTACK:  # B7: never its own side (B10)
                    for a in range(B.SHIPS):
                        if st.ship_at(p, a)[0]:
                            cands.append(E.attack(p, a, t, s, flag))
        if kind == _A_DRONE:
            cands = [E.drone(p, E.PAY_SMALL), E.drone(p, E.PAY_NOVA)]
        ok = []
        for ev in cands:
            if st.is_legal(ev):
                ok.append(ev)
        if cands and not ok and (kind != _A_MOVE or not n):
            self.refuse(cands[0])  # nothing legal: the first candidate's refusal says why
            return None
        if kind == _A_STARS:
            return self.stars(v, n)
        if kind == _A_MOVE and n:
            return self.found(v, n, flag)
        # Lists of ships (own: "ship", any: "wormhole", enemy: "target") or payments.
        texts = []
        values = []
        for ev in ok:
            if kind == 0:
                x = ev[2:]
            elif kind == _A_DRONE or (n and kind == _A_UPGRADE):
                if kind == _A_UPGRADE and ev[2] != v[0]:
                    continue
                texts.append(w(_PAY)[ev[-1]])
                values.append(ev)
                continue
            elif n and kind == _A_ATTACK:
                if ev[2] != v[0]:
                    continue
                x = ev[3:5]
            else:
                x = ev[2]
            if x not in values:
                texts.append(_ship(st, x[0], x[1]) if type(x) is tuple else _ship(st, p, x))
                values.append(x)
        if kind == 0:
            return (_Q_WORMHOLE, None, texts, values) if not n else \
                self.submit(E.wormhole(p, v[0][0], v[0][1]))
        if kind == _A_DRONE:
            return (_Q_PAY, w(_TEXTS)[_T_PAY], texts, values) if not n else self.submit(v[0])
        if not n:
            return (_Q_SHIP, w(_SHIP_HEADINGS)[kind], texts, values)
        if kind == _A_TURN:
            return self.submit(E.turn(p, v[0]))
        if kind == _A_UPGRADE:
            return (_Q_PAY, None, texts, values) if n == 1 else self.submit(v[1])
        # attack (B7): the target, then whether its player teleports away (B9)
        if n == 1:
            return (_Q_TARGET, w(_TEXTS)[_T_ATTACKS].format(E.SHIP_NAMES[v[0]]), texts, values)
        t, ts = v[1]
        if flag or not st.unique[t] & _TELEPORT:
            return self.submit(E.attack(p, v[0], t, ts, flag))
        if n == 2:
            return (_Q_TELEPORT, w(_TEXTS)[_T_TELEPORTS].format(name(t)[:3]), w(_NO_YES),
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
            texts = w(_FOUND_TEXT)
            values = []
            for i in range(8):
                f = _FOUND[i * 4:i * 4 + 4]
                if not flag or f[2]:
                    values.append(f)
                else:
                    texts[i] = ""
            values.append(None)
            while "" in texts:
                texts.remove("")
            return (_Q_FOUND, w(_TEXTS)[_T_ENTERS].format(E.SHIP_NAMES[s]), texts, values)
        f = v[1]
        m = 2
        if f is None:  # Other...: each kind counted 0-3
            if n < 5:
                return (_Q_SMALL + n - 2, None, w(_COUNTS), (0, 1, 2, 3))
            f = (0, v[2], v[3], v[4])
            m = 5
        ev = E.move(p, s, f[0], f[1], f[2], f[3], flag)
        if flag or not f[2] or not st.unique[p] & _SHIELD:
            return self.submit(ev)
        if n == m:  # the star shield may absorb the first bomb: asked once the move is legal
            if not st.is_legal(ev):
                return self.refuse(ev)
            return (_Q_SHIELD, None, w(_NO_YES), (0, 1))
        return self.submit(E.move(p, s, f[0], f[1], f[2], f[3], v[m]))

    def stars(self, v, n):
        """B2/B4: the kinds placed; "Supernova made" when a cell reached 3 stars (B5):
        the kinds again, how many cells, and the stars of each."""
        st = self.game.state
        p = st.seat
        most = min(st.box[B.NOVA], (st.map[B.SMALL] + st.map[_BOMB] + 2) // 3, 2)
        if not n:
            k = 4 if most else 3
            return (_Q_KINDS, None, w(_KINDS, k), (0, 1, 2, 3)[:k])
        if v[0] < 3:
            return self.submit(E.stars(p, v[0]))
        if n == 1:
            return (_Q_KINDS2, None, w(_KINDS, 3), (0, 1, 2))
        if n == 2:
            return (_Q_MERGES, None, w(_CELLS, most), (1, 2)[:most])
        if n < 3 + v[2]:
            return (_Q_MERGE, w(_TEXTS)[_T_MERGE].format(n - 2), w(_MERGE), (3, 2, 1, 0))
        return self.submit(E.stars(p, v[1], v[3:]))


def _ship(st, p, s):
    """ "D1 L2 base" (a ship of the player in turn) or "Blu D1 L2 base"."""
    _alive, lv, base = st.ship_at(p, s)
    return w(_TEXTS)[_T_SHIP].format("" if p == st.seat else name(p)[:3] + " ",
                                     E.SHIP_NAMES[s], lv, "base" if base else "")
