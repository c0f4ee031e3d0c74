"""Play the galaxy battle on the gadget by button presses only (MicroPython and CPython).

A BattleDriver picks the next event the way a table would (a seeded policy over legal
events: collect what cells hold, attack when ships can, create and upgrade ships, place
stars and cells, sometimes the wormhole, the shield or a teleport), then reads the screen
on top and presses keys until the gadget has taken that event. Used by the tests
(full games, power cuts, undo), by bench/bench_gadget_battle.py, and under MicroPython.
"""

from boards.sim import Dice
from geekout import keys
from keydriver import KeyDriver
from micropython import const

# The game's numbers (geekout/battle/consts.py; tests/firmware/test_battle_constants.py
# checks these copies), kept here rather than imported: the app drops a game's modules
# when it is left and imports them again when the game is resumed, so a driver holding
# them would keep a second copy in RAM.
_CELL = const(1)
_STARS = const(2)
_MOVE = const(3)
_TURN = const(4)
_DRONE = const(5)
_UPGRADE = const(6)
_ATTACK = const(7)
_WORMHOLE = const(8)
_DONE = const(9)
_SMALL = const(0)
_BOMB = const(1)
_NOVA = const(2)
_SHIELD = const(4)  # the star shield's bit in a player's unique actions
_SHIPS = const(4)
_PH_OPEN_CELLS = const(1)
_PH_OPEN_STARS = const(2)
_PH_EXPLORE = const(3)
_PH_DRONES = const(4)
_PH_ATTACKS = const(5)


def stars_ev(p, bombs, merges=()):
    m = list(merges) + [0, 0]
    return (_STARS, p, bombs, len(merges), m[0], m[1])


def move_ev(p, ship, base=0, small=0, bomb=0, nova=0, shield=0):
    return (_MOVE, p, ship, base, small, bomb, nova, shield)


def attack_ev(p, ship, target, tship, teleport=0):
    return (_ATTACK, p, ship, target, tship, teleport)

# The turn screen's entry for each event type (geekout/battle/entry.py *_ENTRY: cell 0,
# stars 1, move 2, attack 3, upgrade 4, drone 5, turn 6, wormhole 7, done 8); a move's
# entry names its ship (+ 16 * ship), a drone's free move is entry 10.
_ACTION = {_CELL: 0, _STARS: 1, _MOVE: 2, _TURN: 6, _DRONE: 5, _UPGRADE: 4, _ATTACK: 3,
           _WORMHOLE: 7, _DONE: 8}
_FREE_ENTRY = const(10)
_SHIP_STEP = const(16)
_HIDE = const(9)  # the kinds question's "Hide screen"
_BACK = ("battle.first", "battle.refused", "battle.status", "battle.menu", "battle.end_menu",
         "battle.end?", "scoreboard", "help", "text")


class BattleDriver(KeyDriver):
    """Plays the galaxy battle (KeyDriver: the keys, the log, the times, the game menu)."""

    def __init__(self, board, step_ms=60, seed=1):
        super().__init__(board, step_ms)
        self.rng = Dice(seed * 31 + 7)
        self.goal = None
        self.goal_count = -1  # events in the state when the goal was chosen
        self.goal_item = -1  # the turn screen's entry for it
        self.entered = 0  # goals the gadget took
        self.undone = 0
        self.lenient = False  # random presses come between the driver's: a goal may be stale

    def wait(self, ms=2000):
        """Time passes with no press (a player reads the toast, 2 s, until it goes: on the
        battle's screens a press on a toast only takes it away)."""
        self.board.clock.advance(ms)
        self.ui.tick(self.board.clock())

    def game_menu(self, item):
        """The game menu's `item`, once the toast shown is read (else the long press would
        only take it away)."""
        if self.ui.toast_text is not None and not self.top().keys_pass_toast:
            self.wait()
        super().game_menu(item)

    # -- from home to a new battle ------------------------------------------------------
    def start_battle(self, players):
        self.new_game("Galaxy battle")
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
        """One press towards the end of the game; False when the victory shows. The key
        is chosen first and pressed with no screen held here, so the heap probe after
        a press sees only what the firmware keeps."""
        k = self._decide()
        if k is None:
            return False
        if k >= 0:
            self.press(k)
        return True

    def _decide(self):
        top = self.top()
        name = top.name
        if self.ui.toast_text is not None and not top.keys_pass_toast:
            return keys.OK  # a press on a toast only takes it away (the battle's screens)
        if name == "battle.end":
            return None
        if name == "resume?":
            return keys.OK if top.answer else keys.UP
        if name == "battle.turn":
            return self._turn(top)
        if name == "battle.hidden":
            return keys.OK
        if hasattr(top, "q"):  # a question of an entry (geekout/battle/entry.py)
            return self._entry(top, name)
        if name in _BACK:
            return keys.BACK
        raise ValueError("driver lost on screen " + name)

    def _turn(self, g):
        st = g.state
        if st.is_terminal():
            return keys.OK
        if self.goal is not None and st.count != self.goal_count:
            self.goal = None  # taken (or undone past)
            self.entered += 1
        if self.goal is None:
            self.decisions += 1
            if self.undo_every and self.decisions % self.undo_every == 0 and st.count > 1:
                self.undone += 1
                self.game_menu("Undo")
                return -1
            self.goal, self.goal_item = goal(st, self.rng)
            self.goal_count = st.count
        items = g.items()
        g._cursor(items)
        i = items.index(self.goal_item)
        return keys.DOWN if g.index != i else keys.OK

    def _pick(self, ask, want):
        values = list(ask.values)
        if self.lenient and want not in values:
            return keys.BACK  # random presses answered a question of the goal's already
        return keys.DOWN if ask.index != values.index(want) else keys.OK

    def _entry(self, ask, name):
        """Answer the entry's question for the goal event."""
        ev = self.goal
        if ev is None or ask.kind + _SHIP_STEP * ask.ship != self.goal_item \
                or ask.game.state.count != self.goal_count:
            return keys.BACK  # not the goal's entry, or its game moved on (random presses)
        q = name[7:]
        n = len(ask.answers)
        if q == "ship":
            want = ev[2]
        elif q == "found":
            want = bytes((ev[3], ev[4], ev[5], ev[6]))
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
            if not ask.hidden and self.rng(6) == 0:
                want = _HIDE  # a table that hides its bombs
        elif q == "kinds2":
            want = ev[2]
        elif q == "merges":
            want = ev[3]
        elif q == "merge":
            want = ev[4 + n - 3]
        else:  # wormhole
            want = (ev[2], ev[3])
        return self._pick(ask, want)


# -- the table's policy ------------------------------------------------------------------
def goal(st, rng):
    """(an event for the player in turn, the turn screen's entry that makes it). A done
    that ends the drone or the attack phase is no entry of its own: the next phase's
    entry brings it (geekout/battle/turn.py implied), so the event is chosen on the
    state after it."""
    view = st
    ev = choose(view, rng)
    while ev[0] == _DONE and (view.phase == _PH_DRONES or view.phase == _PH_ATTACKS) \
            and not view.wormholed:
        view = view.clone()
        view.apply(ev)
        ev = choose(view, rng)
    if ev[0] != _MOVE:
        return ev, _ACTION[ev[0]]
    s = ev[2]
    if st.phase == _PH_DRONES and s and not st.moved[st.seat * _SHIPS + s]:
        return ev, _FREE_ENTRY + _SHIP_STEP * s  # a drone with its free move left makes that one
    return ev, _ACTION[_MOVE] + _SHIP_STEP * s


def _found(st, rng, p, s):
    """What the cell a ship enters holds: drawn from what the map has."""
    m = st.map
    if rng(12) == 0:
        return move_ev(p, s, 1)
    small = rng(min(m[_SMALL], 2) + 1)
    bomb = rng(min(m[_BOMB], 2) + 1) if rng(3) == 0 else 0
    nova = 1 if m[_NOVA] and rng(3) == 0 else 0
    shield = 1 if bomb and st.unique[p] & _SHIELD and rng(2) else 0
    return move_ev(p, s, 0, small, bomb, nova, shield)


def _stars(st, rng, p):
    opts = [b for b in range(3) if st.reserve_small[p] >= 2 - b and st.reserve_bomb[p] >= b]
    if not opts:
        return None
    bombs = opts[rng(len(opts))]
    ev = stars_ev(p, bombs)
    if rng(4) == 0 and st.box[_NOVA]:
        for ms in range(3, -1, -1):
            cand = stars_ev(p, bombs, (ms,))
            if st.is_legal(cand):
                return cand
    return ev


def _ships(st, p):
    return [s for s in range(_SHIPS) if st.ship_at(p, s)[0]]


def _attacks(st, p, rng):
    out = []
    for s in _ships(st, p):
        for t in range(st.players):
            if t != p:
                for ts in _ships(st, t):
                    ev = attack_ev(p, s, t, ts, 1 if rng(5) == 0 else 0)
                    if st.is_legal(ev):
                        out.append(ev)
                    elif ev[5] and st.is_legal(attack_ev(p, s, t, ts)):
                        out.append(attack_ev(p, s, t, ts))
    return out


def choose(st, rng):
    """A legal event for the player in turn."""
    p = st.seat
    ph = st.phase
    if ph == _PH_OPEN_CELLS or ph == _PH_EXPLORE:
        return (_CELL, p)
    if ph == _PH_OPEN_STARS:
        return _stars(st, rng, p)
    if ph == _PH_DRONES or ph == _PH_ATTACKS:
        if rng(40) == 0:
            for t in range(st.players):
                ev = (_WORMHOLE, p, t, 0)
                if st.is_legal(ev):
                    return ev
        if ph == _PH_DRONES:
            for s in _ships(st, p):
                ev = _found(st, rng, p, s)
                if s and rng(3) and st.is_legal(ev):
                    return ev
        else:
            att = _attacks(st, p, rng)
            if att and rng(5):
                return att[rng(len(att))]
        return (_DONE, p)
    if st.owed == 0:
        att = _attacks(st, p, rng) if rng(2) else []
        return att[rng(len(att))] if att else (_DONE, p)
    ships = _ships(st, p)
    for _ in range(6):
        r = rng(20)
        s = ships[rng(len(ships))]
        if r < 9:
            ev = _found(st, rng, p, s)
        elif r < 11:
            ev = (_UPGRADE, p, s, rng(2))
        elif r < 14:
            ev = (_DRONE, p, rng(2))
        elif r < 16:
            ev = _stars(st, rng, p)
        elif r < 17:
            ev = (_CELL, p)
        elif r < 18:
            att = _attacks(st, p, rng)
            ev = att[rng(len(att))] if att else None
        else:
            ev = (_TURN, p, s)
        if ev is not None and st.is_legal(ev):
            return ev
    return (_TURN, p, 0)
