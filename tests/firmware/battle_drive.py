"""Play the galaxy battle on the gadget by button presses only (MicroPython and CPython).

A BattleDriver picks the next event the way a table would (a seeded policy over legal
events: collect what cells hold, attack when ships can, create and upgrade ships, place
stars and cells, sometimes the wormhole, the shield or a teleport), then reads the screen
on top and presses keys until the gadget has taken that event. Used by the tests
(full games, power cuts, undo), by bench/bench_gadget_battle.py, and under MicroPython.
"""

try:
    from time import ticks_diff, ticks_us
except ImportError:  # CPython: no press timing
    ticks_us = None
from geekout.app import App
from geekout.games import battle as G
from geekout.rules import battle as B
from geekout.rules import battle_events as E
from geekout.ui import keys
from simboard import Dice

_ACTION = {E.CELL: G.A_CELL, E.STARS: G.A_STARS, E.MOVE: G.A_MOVE, E.TURN: G.A_TURN,
           E.DRONE: G.A_DRONE, E.UPGRADE: G.A_UPGRADE, E.ATTACK: G.A_ATTACK,
           E.WORMHOLE: G.A_UNIQUE, E.DONE: G.A_DONE}


class BattleDriver:
    """Presses keys on an App built on `board` (the Masters driver's grammar, without
    importing anything of Masters: the heap figures count the battle's modules only)."""

    def __init__(self, board, step_ms=60, seed=1):
        self.board = board
        self.app = App(board)
        self.ui = self.app.ui
        self.presses = 0
        self.step_ms = step_ms
        self.after_press = None  # callable(driver) after each press (heap probes)
        self.times = None  # a list: microseconds per press (key handled + redrawn)
        self.rng = Dice(seed * 31 + 7)
        self.goal = None
        self.goal_count = -1  # events in the state when the goal was chosen
        self.decisions = 0
        self.undo_every = 0
        self.entered = 0  # goals the gadget took
        self.undone = 0

    def boot(self):
        self.app.boot()

    def press(self, k):
        if self.times is not None and ticks_us:
            t0 = ticks_us()
            self.ui.handle(k)
            self.times.append(ticks_diff(ticks_us(), t0))
        else:
            self.ui.handle(k)
        self.board.clock.advance(self.step_ms)
        self.ui.tick(self.board.clock())
        self.presses += 1
        if self.after_press:
            self.after_press(self)

    def top(self):
        return self.ui.stack[-1]

    def game_menu(self, item):
        self.press(keys.LONG_OK)
        menu = self.top()
        while menu.items[menu.index] != item:
            self.press(keys.DOWN)
        self.press(keys.OK)

    # -- from home to a new battle ------------------------------------------------------
    def start_battle(self, players):
        while self.top().name != "home":
            self.press(keys.LONG_BACK)
        home = self.top()
        while home.items[home.index] != "New game":
            self.press(keys.DOWN)
        self.press(keys.OK)
        menu = self.top()
        while menu.items[menu.index] != "Galaxy battle":
            self.press(keys.DOWN)
        self.press(keys.OK)
        if self.top().name == "replace?":
            self.press(keys.UP)
            self.press(keys.OK)
        while self.top().value != players:
            self.press(keys.UP)
        self.press(keys.OK)

    def game(self):
        for s in self.ui.stack:
            if s.name == "battle.turn":
                return s
        return None

    # -- one press at a time ------------------------------------------------------------
    def step(self):
        """One press towards the end of the game; False when the victory shows."""
        top = self.top()
        name = top.name
        if name == "battle.end":
            return False
        if name == "resume?":
            if not top.answer:
                self.press(keys.UP)
            self.press(keys.OK)
        elif name in ("battle.first", "battle.refused", "battle.status", "scoreboard", "help",
                      "text"):
            self.press(keys.BACK)
        elif name == "battle.turn":
            self._turn(top)
        elif name == "battle.menu":
            self.press(keys.BACK)
        elif name.startswith("battle."):
            self._entry(top, name)
        else:
            raise ValueError("driver lost on screen " + name)
        return True

    def play_out(self, limit=200000):
        n = 0
        while self.step():
            n += 1
            if n > limit:
                raise ValueError("game did not end")
        return self.top()

    def _turn(self, g):
        st = g.state
        if st.is_terminal():
            self.press(keys.OK)
            return
        if self.goal is not None and st.count != self.goal_count:
            self.goal = None  # taken (or undone past)
            self.entered += 1
        if self.goal is None:
            self.decisions += 1
            if self.undo_every and self.decisions % self.undo_every == 0 and st.count > 1:
                self.game_menu("Undo")
                self.undone += 1
                return
            self.goal = choose(st, self.rng)
            self.goal_count = st.count
        want = _ACTION[self.goal[0]]
        items = g.items()
        g._cursor()
        i = items.index(want)
        if g.index % len(items) != i:
            self.press(keys.DOWN)
        else:
            self.press(keys.OK)

    def _pick(self, ask, want):
        i = list(ask.values).index(want)
        if ask.index != i:
            self.press(keys.DOWN)
        else:
            self.press(keys.OK)

    def _entry(self, ask, name):
        """Answer the entry's question for the goal event."""
        ev = self.goal
        if ev is None or name == "battle.menu":
            self.press(keys.BACK)
            return
        kind = ev[0]
        q = ask.q[0]
        n = len(ask.answers)
        if q == "ship":
            want = ev[2]
        elif q == "found":
            want = (ev[3], ev[4], ev[5], ev[6])
            if want not in ask.values:
                want = None
        elif q == "small":
            want = ev[4]
        elif q == "bombs":
            want = ev[5]
        elif q == "novas":
            want = ev[6]
        elif q == "shield":
            want = ev[7]
        elif q == "target":
            want = (ev[3], ev[4])
        elif q == "teleport":
            want = ev[5]
        elif q == "pay":
            want = ev
        elif q == "kinds":
            want = 3 if ev[3] else ev[2]
        elif q == "kinds2":
            want = ev[2]
        elif q == "merges":
            want = ev[3]
        elif q == "merge":
            want = ev[4 + n - 3]
        elif q == "unique":
            want = 0 if kind == E.WORMHOLE else (1 if kind == E.MOVE else 2)
        else:  # wormhole
            want = (ev[2], ev[3])
        self._pick(ask, want)


# -- the table's policy ------------------------------------------------------------------
def _found(st, rng, p, s):
    """What the cell a ship enters holds: drawn from what the map has."""
    m = st.map
    if rng(12) == 0:
        return E.move(p, s, 1)
    small = rng(min(m[B.SMALL], 2) + 1)
    bomb = rng(min(m[B.BOMB], 2) + 1) if rng(3) == 0 else 0
    nova = 1 if m[B.NOVA] and rng(3) == 0 else 0
    shield = 1 if bomb and st.unique[p] & B.SHIELD and rng(2) else 0
    return E.move(p, s, 0, small, bomb, nova, shield)


def _stars(st, rng, p):
    opts = [b for b in range(3) if st.reserve_small[p] >= 2 - b and st.reserve_bomb[p] >= b]
    if not opts:
        return None
    bombs = opts[rng(len(opts))]
    ev = E.stars(p, bombs)
    if rng(4) == 0 and st.box[B.NOVA]:
        for ms in range(3, -1, -1):
            cand = E.stars(p, bombs, (ms,))
            if st.is_legal(cand):
                return cand
    return ev


def _ships(st, p):
    return [s for s in range(B.SHIPS) if st.ship_at(p, s)[0]]


def _attacks(st, p, rng):
    out = []
    for s in _ships(st, p):
        for t in range(st.players):
            if t != p:
                for ts in _ships(st, t):
                    ev = E.attack(p, s, t, ts, 1 if rng(5) == 0 else 0)
                    if st.is_legal(ev):
                        out.append(ev)
                    elif ev[5] and st.is_legal(E.attack(p, s, t, ts)):
                        out.append(E.attack(p, s, t, ts))
    return out


def choose(st, rng):
    """A legal event for the player in turn."""
    p = st.seat
    ph = st.phase
    if ph == B.PH_OPEN_CELLS or ph == B.PH_EXPLORE:
        return E.cell(p)
    if ph == B.PH_OPEN_STARS:
        return _stars(st, rng, p)
    if ph == B.PH_DRONES or ph == B.PH_ATTACKS:
        if rng(40) == 0:
            for t in range(st.players):
                ev = E.wormhole(p, t, 0)
                if st.is_legal(ev):
                    return ev
        if ph == B.PH_DRONES:
            for s in _ships(st, p):
                ev = _found(st, rng, p, s)
                if s and rng(3) and st.is_legal(ev):
                    return ev
        else:
            att = _attacks(st, p, rng)
            if att and rng(5):
                return att[rng(len(att))]
        return E.done(p)
    if st.owed == 0:
        att = _attacks(st, p, rng) if rng(2) else []
        return att[rng(len(att))] if att else E.done(p)
    ships = _ships(st, p)
    for _ in range(6):
        r = rng(20)
        s = ships[rng(len(ships))]
        if r < 9:
            ev = _found(st, rng, p, s)
        elif r < 11:
            ev = E.upgrade(p, s, rng(2))
        elif r < 14:
            ev = E.drone(p, rng(2))
        elif r < 16:
            ev = _stars(st, rng, p)
        elif r < 17:
            ev = E.cell(p)
        elif r < 18:
            att = _attacks(st, p, rng)
            ev = att[rng(len(att))] if att else None
        else:
            ev = E.turn(p, s)
        if ev is not None and st.is_legal(ev):
            return ev
    return E.turn(p, 0)
