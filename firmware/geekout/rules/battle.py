"""Geek Out! galaxy battle rules core: turns, resources and victory, folded over a journal.

The map stays on the table; this core tracks what players would otherwise keep on paper
and enforces every rule it can see (rulings B1-B10 of RULES.md). Shape as in Masters and
OpenSpiel: a state with its current player (CHANCE for the first-player draw, TERMINAL
once someone has won), its phase and what is still owed, legal events, and `apply`.
Events are the tuples of battle_events; an illegal one raises Illegal (a ValueError whose
text starts with the ruling id, "B4: ...") and leaves the state unchanged. The journal is
the events' bytes, so undo is a replay. Pure and deterministic; MicroPython and CPython.
"""

from micropython import const

from . import battle_events as E

CHANCE = const(-1)
TERMINAL = const(-4)

# RAM on the gadget: every public name is an interned name (qstr) for the whole session,
# and the interpreter's name tables grow by a 7 KB block past about 620 of them; constants
# nobody outside needs are private (`_X = const(...)` leaves no name at run time); the
# gadget's screens keep private copies of the few they use (games/battle*.py).
CELLS = const(30)  # B2: star cells in supply
_ACTION_POINTS = const(3)  # B3
_MAX_LEVEL = const(3)  # B4
_OPENING_CELLS = const(2)  # B2: each player places 2 cells in the opening
_START_RESERVE = const(4)  # B2: 4 bomb stars and 4 small stars each
SHIPS = const(4)
MOTHERSHIP = const(0)
_WIN_VALUE = const(9)  # B8 overload: collected star value
_WIN_KILLS = const(3)  # B8 destroyer
_WIN_LEAD = const(2)  # B8 supremacy: ships more than every other player

# Star kinds and the game's whole stock of each (manual: pieces).
SMALL = const(0)
_BOMB = const(1)
NOVA = const(2)
KIND_NAMES = ("small", "bomb", "supernova")
TOTALS = (31, 16, 10)
_NOVA_VALUE = const(3)  # B5

# Ship slots.
_SUPPLY = const(0)
_PLAY = const(1)
_GONE = const(2)

# Unique actions (B9): bits of a player's `unique` mask; each unused one holds a small star.
_TELEPORT = const(1)
_WORMHOLE_UA = const(2)
_SHIELD = const(4)
# Their names: unique_left() (lines of _WHY, below).

# Phases (games/battle.py keeps private copies of those it shows).
_PH_FIRST = const(0)
PH_OPEN_CELLS = const(1)
PH_OPEN_STARS = const(2)
_PH_EXPLORE = const(3)
_PH_DRONES = const(4)
_PH_ATTACKS = const(5)
PH_TACTICAL = const(6)
_PH_OVER = const(7)
# Their names: phase_name() (lines of _WHY, below).

# Victory conditions (B8), in the order they are checked for one player.
SUPREMACY = const(1)
OVERLOAD = const(2)
DESTROYER = const(3)
CONDITION_NAMES = ("", "supremacy", "overload", "destroyer")


# Every text of the core, one a line: the refusals' reasons, what is owed, the phases'
# and unique actions' names. On the gadget one string object costs less than one a text
# (about 40 B each); the _W_* line numbers are private consts (no names at run time).
_W_OVER = const(0)
_W_DRAW_FIRST = const(1)
_W_NO_PLAYER = const(2)
_W_DRAWN = const(3)
_W_TURN = const(4)
_W_OPENING = const(5)
_W_NO_CELLS = const(6)
_W_CELL_PHASE = const(7)
_W_STARS_PHASE = const(8)
_W_RESERVE = const(9)
_W_MERGE = const(10)
_W_NOVA_SUPPLY = const(11)
_W_DRONES_ONLY = const(12)
_W_MOVED = const(13)
_W_BASE_STARS = const(14)
_W_FOUND = const(15)
_W_SHIELD_USED = const(16)
_W_SHIELD_BOMB = const(17)
_W_ONE_DRONE = const(18)
_W_NO_DRONE = const(19)
_W_BASE_TAKEN = const(20)
_W_DRONE_COST = const(21)
_W_NO_NOVA = const(22)
_W_SHIELD_STAR = const(23)
_W_MAX_LEVEL = const(24)
_W_NO_SMALL = const(25)
_W_LEVEL_STARS = const(26)
_W_ATTACK_PHASE = const(27)
_W_OWN_SIDE = const(28)
_W_BASE_ATTACK = const(29)
_W_BASE_ATTACKED = const(30)
_W_ATTACKED = const(31)
_W_TELEPORT_USED = const(32)
_W_WORMHOLE_WHEN = const(33)
_W_WORMHOLE_USED = const(34)
_W_MANDATORY = const(35)
_W_STILL_OWED = const(36)
_W_AFTER_WORMHOLE = const(37)
_W_TACTICAL = const(38)
_W_NO_POINTS = const(39)
_W_NOT_IN_PLAY = const(40)
_W_PLACE_CELL = const(41)
_W_PLACE_STARS = const(42)
_W_MOVE = const(43)
_W_TURN_CANNON = const(44)
_W_NEW_DRONE = const(45)
_W_UPGRADE = const(46)
_W_OWE_FIRST = const(47)
_W_OWE_WON = const(48)
_W_OWE_CELLS = const(49)
_W_OWE_STARS = const(50)
_W_OWE_POINTS = const(51)
_W_OWE_DRONES = const(52)
_W_OWE_ATTACKS = const(53)
_W_STATE = const(54)
_W_UNIQUE = const(55)
_W_PHASES = const(58)
_WHY = (
    "the game is over\n"  # _W_OVER
    "draw the first player first\n"  # _W_DRAW_FIRST
    "no such player\n"  # _W_NO_PLAYER
    "the first player is already drawn\n"  # _W_DRAWN
    "it is P{}'s turn\n"  # _W_TURN
    "opening: {}\n"  # _W_OPENING
    "no cells left in supply\n"  # _W_NO_CELLS
    "no cell placement in the {} phase\n"  # _W_CELL_PHASE
    "no star placement in the {} phase\n"  # _W_STARS_PHASE
    "the reserve lacks those stars\n"  # _W_RESERVE
    "the map does not hold the stars of that merge\n"  # _W_MERGE
    "no supernova left in supply\n"  # _W_NOVA_SUPPLY
    "only drones move in the drone phase\n"  # _W_DRONES_ONLY
    "that drone has used its free move this turn\n"  # _W_MOVED
    "a base holds no stars\n"  # _W_BASE_STARS
    "the map does not hold the stars found\n"  # _W_FOUND
    "the star shield is already used\n"  # _W_SHIELD_USED
    "the star shield needs a bomb\n"  # _W_SHIELD_BOMB
    "one drone creation per turn\n"  # _W_ONE_DRONE
    "no drone left in supply\n"  # _W_NO_DRONE
    "the base is occupied\n"  # _W_BASE_TAKEN
    "a drone costs 2 collected small stars\n"  # _W_DRONE_COST
    "no collected supernova\n"  # _W_NO_NOVA
    "no small star out of play for the shield\n"  # _W_SHIELD_STAR
    "a ship has at most 3 levels\n"  # _W_MAX_LEVEL
    "no collected small star\n"  # _W_NO_SMALL
    "not enough small stars out of play for the levels\n"  # _W_LEVEL_STARS
    "no attacks in the {} phase\n"  # _W_ATTACK_PHASE
    "a ship never attacks its own side\n"  # _W_OWN_SIDE
    "a ship on a base cannot attack\n"  # _W_BASE_ATTACK
    "a ship on a base cannot be attacked\n"  # _W_BASE_ATTACKED
    "that ship attacked and has not moved or turned since\n"  # _W_ATTACKED
    "the defender's teleport is already used\n"  # _W_TELEPORT_USED
    "the wormhole comes between exploration and the tactical phase\n"  # _W_WORMHOLE_WHEN
    "the wormhole is already used\n"  # _W_WORMHOLE_USED
    "the 3 action points are mandatory: {} left\n"  # _W_MANDATORY
    "still owed: {}\n"  # _W_STILL_OWED
    "no tactical phase after the wormhole\n"  # _W_AFTER_WORMHOLE
    "{} is a tactical action, not for the {} phase\n"  # _W_TACTICAL
    "no action points left\n"  # _W_NO_POINTS
    "P{} {} is not in play\n"  # _W_NOT_IN_PLAY
    "placing a cell\n"  # _W_PLACE_CELL
    "placing stars\n"  # _W_PLACE_STARS
    "moving a ship\n"  # _W_MOVE
    "turning a cannon\n"  # _W_TURN_CANNON
    "creating a drone\n"  # _W_NEW_DRONE
    "upgrading\n"  # _W_UPGRADE
    "draw the first player\n"  # _W_OWE_FIRST
    "P{} won: {}\n"  # _W_OWE_WON
    "place {} cell{}\n"  # _W_OWE_CELLS
    "place 2 stars\n"  # _W_OWE_STARS
    "{} action point{} left\n"  # _W_OWE_POINTS
    "drone moves (free), then done\n"  # _W_OWE_DRONES
    "attacks, then done\n"  # _W_OWE_ATTACKS
    "P{} {}: {}\n"  # _W_STATE
    "teleport\n"  # _W_UNIQUE
    "wormhole\n"
    "shield\n"
    "first player\n"  # _W_PHASES
    "opening cells\n"
    "opening stars\n"
    "exploration\n"
    "drone moves\n"
    "attacks\n"
    "tactical\n"
    "over\n"
)


def _why(k):
    """Line k of _WHY (only that line is allocated)."""
    i = 0
    while k:
        i = _WHY.index("\n", i) + 1
        k -= 1
    return _WHY[i:_WHY.index("\n", i)]


class Illegal(ValueError):
    """An event the rules refuse. `ruling` is the id (e.g. "B4"); str() is "B4: why".
    The core passes the ruling's number (4) and its reason's line of _WHY with the values
    to fill in: the "B4" and the text are made only when refused."""

    def __init__(self, ruling, why, *args):
        if type(ruling) is int:
            ruling = "B" + str(ruling)
        if type(why) is int:
            why = _why(why).format(*args)
        super().__init__(ruling + ": " + why)
        self.ruling = ruling
        self.why = why


class BattleState:
    """One game: the shared supplies, each player's stars and ships, whose turn and phase."""

    def __init__(self, players=3):
        if players != 3 and players != 4:
            raise ValueError("B1: 3 or 4 players")
        n = players
        self.players = n
        self.journal = bytearray()
        self.count = 0  # events applied
        self.phase = _PH_FIRST
        self.seat = 0
        self.first = 0
        self.owed = 0  # cells owed (opening, exploration) or action points left (tactical)
        self.opened = 0  # players done with the current opening round
        self.cells = CELLS
        # B2: the unused seats' pieces and the extra stars are out of play (the box); the
        # supernovas wait there too, but for the one in the centre of the galaxy.
        self.box = [TOTALS[SMALL] - n * (_START_RESERVE + 3), TOTALS[_BOMB] - n * _START_RESERVE,
                    TOTALS[NOVA] - 1]
        self.map = [0, 0, 1]
        self.reserve_small = [_START_RESERVE] * n
        self.reserve_bomb = [_START_RESERVE] * n
        self.coll_small = [0] * n
        self.coll_nova = [0] * n
        self.kills = [0] * n
        self.unique = [_TELEPORT | _WORMHOLE_UA | _SHIELD] * n
        # Per ship, index player * 4 + ship: slot, levels, on its base, may attack, has
        # used its free drone move this turn. Motherships start in play on their bases.
        self.status = bytearray(n * SHIPS)
        self.levels = bytearray(n * SHIPS)
        self.base = bytearray(n * SHIPS)
        self.armed = bytearray(n * SHIPS)
        self.moved = bytearray(n * SHIPS)
        for p in range(n):
            self.status[p * SHIPS] = _PLAY
            self.base[p * SHIPS] = 1
        self.created = 0  # a drone was created this turn (B4)
        self.wormholed = 0  # the wormhole was used this turn (B3)
        self.winner = -1
        self.condition = 0

    # -- OpenSpiel-style queries ---------------------------------------------------------
    def current_player(self):
        if self.phase == _PH_FIRST:
            return CHANCE
        if self.phase == _PH_OVER:
            return TERMINAL
        return self.seat

    def is_chance(self):
        return self.phase == _PH_FIRST

    def is_terminal(self):
        return self.phase == _PH_OVER

    def chance_outcomes(self):
        """B1: any seat may be drawn to start, equally likely."""
        if self.phase != _PH_FIRST:
            return []
        q = 1.0 / self.players
        return [(E.first(i), q) for i in range(self.players)]

    def returns(self):
        """1 for the winner, 0 for everyone else (and for all while nobody has won)."""
        return [1 if p == self.winner else 0 for p in range(self.players)]

    def phase_name(self):
        return _why(_W_PHASES + self.phase)

    def points_left(self):
        return self.owed if self.phase == PH_TACTICAL else 0

    def owed_text(self):
        """What the player in turn still owes before the phase can end."""
        phase = self.phase
        if phase == _PH_FIRST:
            return _why(_W_OWE_FIRST)
        if phase == _PH_OVER:
            return _why(_W_OWE_WON).format(self.winner, CONDITION_NAMES[self.condition])
        if phase == PH_OPEN_CELLS or phase == _PH_EXPLORE:
            return _why(_W_OWE_CELLS).format(self.owed, "s" if self.owed > 1 else "")
        if phase == PH_OPEN_STARS:
            return _why(_W_OWE_STARS)
        if phase == PH_TACTICAL:
            return _why(_W_OWE_POINTS).format(self.owed, "" if self.owed == 1 else "s")
        if phase == _PH_DRONES:
            return _why(_W_OWE_DRONES)
        return _why(_W_OWE_ATTACKS)

    def ships_in_play(self, p):
        """B10: the mothership always counts, also while back at its base."""
        st = self.status
        n = 0
        for s in range(SHIPS):
            if st[p * SHIPS + s] == _PLAY:
                n += 1
        return n

    def drones_in_supply(self, p):
        st = self.status
        return sum(1 for s in range(1, SHIPS) if st[p * SHIPS + s] == _SUPPLY)

    def star_value(self, p):
        """B5: collected stars, small 1 and supernova 3."""
        return self.coll_small[p] + _NOVA_VALUE * self.coll_nova[p]

    def unique_left(self, p):
        return [_why(_W_UNIQUE + i) for i in range(3) if self.unique[p] & (1 << i)]

    def ship_at(self, p, s):
        """(in play, levels, on its base) of player p's ship s."""
        i = p * SHIPS + s
        return self.status[i] == _PLAY, self.levels[i], self.base[i] == 1

    def star_counts(self):
        """Every star of each kind wherever it is: always TOTALS (stars are conserved)."""
        small = self.box[SMALL] + self.map[SMALL] + sum(self.reserve_small) + sum(self.coll_small)
        small += sum(self.levels)  # a ship's levels are small stars on it (B4)
        for u in self.unique:  # an unused unique action holds a small star (B9)
            small += (u & 1) + (u >> 1 & 1) + (u >> 2 & 1)
        bomb = self.box[_BOMB] + self.map[_BOMB] + sum(self.reserve_bomb)
        nova = self.box[NOVA] + self.map[NOVA] + sum(self.coll_nova)
        return (small, bomb, nova)

    def snapshot(self):
        """Everything the state holds, as one comparable value."""
        return (bytes(self.journal), self.count, self.phase, self.seat, self.first, self.owed,
                self.opened, self.cells, tuple(self.box), tuple(self.map),
                tuple(self.reserve_small), tuple(self.reserve_bomb), tuple(self.coll_small),
                tuple(self.coll_nova), tuple(self.kills), tuple(self.unique),
                bytes(self.status), bytes(self.levels), bytes(self.base), bytes(self.armed),
                bytes(self.moved), self.created, self.wormholed, self.winner, self.condition)

    # -- events ----------------------------------------------------------------------------
    def apply(self, ev):
        """Apply one event tuple; Illegal (state unchanged) if the rules refuse it."""
        self._handle(ev, True)
        self.journal.extend(E.encode(ev))
        self.count += 1
        # B8: after every event, the active player first, then clockwise.
        n = self.players
        top = 0  # the two highest ship counts, to find each player's lead without a list
        second = 0
        for q in range(n):
            c = self.ships_in_play(q)
            if c > top:
                second = top
                top = c
            elif c > second:
                second = c
        for k in range(n):
            p = (ev[1] + k) % n
            c = self.ships_in_play(p)
            cond = 0
            if c - (second if c == top else top) >= _WIN_LEAD:
                cond = SUPREMACY
            elif self.star_value(p) >= _WIN_VALUE:
                cond = OVERLOAD
            elif self.kills[p] >= _WIN_KILLS:
                cond = DESTROYER
            if cond:
                self.winner = p
                self.condition = cond
                self.phase = _PH_OVER
                return

    def check(self, ev):
        """Raise Illegal if `ev` would be refused now; changes nothing."""
        self._handle(ev, False)

    def is_legal(self, ev):
        try:
            self._handle(ev, False)
        except ValueError:
            return False
        return True

    def legal_events(self):
        """Every legal event of the player in turn (see battle_legal, loaded only when
        asked for: the gadget checks the events it offers with is_legal)."""
        from . import battle_legal

        return battle_legal.legal_events(self)

    def _handle(self, ev, do):
        """Check `ev` against the rules; apply it too if `do`. One method for every kind
        of event (no method a kind: each name costs RAM on the gadget)."""
        E.validate(ev)
        kind = ev[0]
        p = ev[1]
        phase = self.phase
        if phase == _PH_OVER:
            raise Illegal(8, _W_OVER)
        if phase == _PH_FIRST:
            if kind != E.FIRST:
                raise Illegal(1, _W_DRAW_FIRST)
            if p >= self.players:
                raise Illegal(1, _W_NO_PLAYER)
            if do:
                self.first = self.seat = p
                self.phase = PH_OPEN_CELLS
                self.owed = _OPENING_CELLS
            return
        if kind == E.FIRST:
            raise Illegal(1, _W_DRAWN)
        if p != self.seat:
            raise Illegal(1, _W_TURN, self.seat)
        if (phase == PH_OPEN_CELLS and kind != E.CELL) or (
                phase == PH_OPEN_STARS and kind != E.STARS):
            raise Illegal(2, _W_OPENING, self.owed_text())
        base = p * SHIPS
        m = self.map
        b = self.box
        if kind == E.CELL:
            if phase == PH_TACTICAL:
                self._point(_W_PLACE_CELL)
                if not self.cells:
                    raise Illegal(4, _W_NO_CELLS)
            elif phase != PH_OPEN_CELLS and phase != _PH_EXPLORE:
                raise Illegal(3, _W_CELL_PHASE, self.phase_name())
            if not do:
                return
            self.cells -= 1
            if phase == PH_TACTICAL:
                self.owed -= 1
            elif phase == _PH_EXPLORE:
                self._after_exploration()
            else:
                self.owed -= 1
                if not self.owed:  # B10: both opening cells in one go, then the next player
                    self._next_opener()
        elif kind == E.STARS:
            bombs = ev[2]
            small = 2 - bombs
            if phase == PH_TACTICAL:
                self._point(_W_PLACE_STARS)
            elif phase != PH_OPEN_STARS:
                raise Illegal(3, _W_STARS_PHASE, self.phase_name())
            if self.reserve_small[p] < small or self.reserve_bomb[p] < bombs:
                raise Illegal(4, _W_RESERVE)
            merges = ev[3]
            ms = ev[4] + ev[5]
            mb = 3 * merges - ms
            # Manual: a cell reaching 3 stars becomes a supernova; those stars leave the game.
            if ms > m[SMALL] + small or mb > m[_BOMB] + bombs:
                raise Illegal(5, _W_MERGE)
            if merges > b[NOVA]:
                raise Illegal(2, _W_NOVA_SUPPLY)
            if not do:
                return
            self.reserve_small[p] -= small
            self.reserve_bomb[p] -= bombs
            m[SMALL] += small - ms
            m[_BOMB] += bombs - mb
            m[NOVA] += merges
            b[SMALL] += ms
            b[_BOMB] += mb
            b[NOVA] -= merges
            if phase == PH_TACTICAL:
                self.owed -= 1
            else:
                self._next_opener()
        elif kind == E.MOVE:
            s = ev[2]
            i = self._own_ship(p, s, 4)
            if phase == _PH_DRONES:
                if s == MOTHERSHIP:
                    raise Illegal(3, _W_DRONES_ONLY)
                if self.moved[i]:
                    raise Illegal(3, _W_MOVED)
            else:
                self._point(_W_MOVE)
            small, bomb, nova, shield = ev[4], ev[5], ev[6], ev[7]
            if ev[3] and (small or bomb or nova):
                raise Illegal(10, _W_BASE_STARS)
            if small > m[SMALL] or bomb > m[_BOMB] or nova > m[NOVA]:
                raise Illegal(10, _W_FOUND)
            if shield:
                if not self.unique[p] & _SHIELD:
                    raise Illegal(9, _W_SHIELD_USED)
                if not bomb:
                    raise Illegal(6, _W_SHIELD_BOMB)
            if not do:
                return
            if phase == _PH_DRONES:
                self.moved[i] = 1
            else:
                self.owed -= 1
            self.armed[i] = 1  # B10: a ship that moved may attack again
            self.base[i] = ev[3]
            # B10: entering a cell collects its stars; bombs resolve first (B6).
            bombs = bomb
            if shield:
                # B6/B10: the shield absorbs the first bomb before any level is lost; its
                # star is collected only when that was the cell's only bomb.
                self.unique[p] &= ~_SHIELD
                m[_BOMB] -= 1
                b[_BOMB] += 1
                bombs -= 1
                if bomb == 1:
                    self.coll_small[p] += 1
                else:
                    b[SMALL] += 1
            while bombs:
                bombs -= 1
                m[_BOMB] -= 1
                b[_BOMB] += 1
                if self.levels[i]:  # B6: a bomb takes a level
                    self.levels[i] -= 1
                    b[SMALL] += 1
                else:  # B6: no level left: destroyed, no kill; the cell's stars stay
                    self._destroy(i)
                    return
            m[SMALL] -= small
            m[NOVA] -= nova
            self.coll_small[p] += small
            self.coll_nova[p] += nova
        elif kind == E.TURN:
            i = self._own_ship(p, ev[2], 4)
            self._point(_W_TURN_CANNON)
            if do:
                self.owed -= 1
                self.armed[i] = 1  # B10: a ship that turned may attack again
        elif kind == E.DRONE:
            pay = ev[2]
            self._point(_W_NEW_DRONE)
            if self.created:
                raise Illegal(4, _W_ONE_DRONE)
            if not self.drones_in_supply(p):
                raise Illegal(4, _W_NO_DRONE)
            for s in range(SHIPS):  # manual: the drone appears on the base, which must be free
                if self.status[base + s] == _PLAY and self.base[base + s]:
                    raise Illegal(4, _W_BASE_TAKEN)
            if pay == E.PAY_SMALL:
                if self.coll_small[p] < 2:
                    raise Illegal(4, _W_DRONE_COST)
            else:
                if not self.coll_nova[p]:
                    raise Illegal(4, _W_NO_NOVA)
                if not b[SMALL]:
                    raise Illegal(2, _W_SHIELD_STAR)
            if not do:
                return
            self.owed -= 1
            self.created = 1
            i = base + 1
            while self.status[i] != _SUPPLY:
                i += 1
            self.status[i] = _PLAY
            self.base[i] = 1
            self.armed[i] = 1
            self.moved[i] = 0
            if pay == E.PAY_SMALL:
                self.coll_small[p] -= 2  # spent: out of the game
                b[SMALL] += 2
            else:  # B4: a supernova gives a drone with one shield level, spent whole (B10)
                self.coll_nova[p] -= 1
                b[NOVA] += 1
                b[SMALL] -= 1
                self.levels[i] = 1
        elif kind == E.UPGRADE:
            pay = ev[3]
            i = self._own_ship(p, ev[2], 4)
            self._point(_W_UPGRADE)
            lv = self.levels[i]
            if lv >= _MAX_LEVEL:
                raise Illegal(4, _W_MAX_LEVEL)
            if pay == E.PAY_SMALL:
                if not self.coll_small[p]:
                    raise Illegal(4, _W_NO_SMALL)
            else:
                if not self.coll_nova[p]:
                    raise Illegal(4, _W_NO_NOVA)
                if b[SMALL] < _MAX_LEVEL - lv:
                    raise Illegal(2, _W_LEVEL_STARS)
            if not do:
                return
            self.owed -= 1
            if pay == E.PAY_SMALL:  # B4: the small star goes on the ship as a level
                self.coll_small[p] -= 1
                self.levels[i] = lv + 1
            else:  # B4/B10: +3 levels, capped at 3, the supernova spent whole
                self.coll_nova[p] -= 1
                b[NOVA] += 1
                b[SMALL] -= _MAX_LEVEL - lv
                self.levels[i] = _MAX_LEVEL
        elif kind == E.ATTACK:
            t = ev[3]
            if phase != _PH_ATTACKS and phase != PH_TACTICAL:
                raise Illegal(3, _W_ATTACK_PHASE, self.phase_name())
            i = self._own_ship(p, ev[2], 7)
            if t == p:
                raise Illegal(10, _W_OWN_SIDE)
            if t >= self.players:
                raise Illegal(7, _W_NO_PLAYER)
            j = self._own_ship(t, ev[4], 7)
            if self.base[i]:
                raise Illegal(7, _W_BASE_ATTACK)
            if self.base[j]:
                raise Illegal(7, _W_BASE_ATTACKED)
            if not self.armed[i]:
                raise Illegal(10, _W_ATTACKED)
            if ev[5] and not self.unique[t] & _TELEPORT:
                raise Illegal(9, _W_TELEPORT_USED)
            if not do:
                return
            self.armed[i] = 0
            if ev[5]:  # B10: teleport cancels the attack; its star stays on the map
                self.unique[t] &= ~_TELEPORT
                m[SMALL] += 1
                return
            damage = 1 + self.levels[i]  # B7
            life = 1 + self.levels[j]
            removed = min(damage, self.levels[j])
            self.levels[j] -= removed
            self.reserve_small[p] += removed  # B7: one small star per level removed
            if damage >= life:
                self.kills[p] += 1
                self._destroy(j)
        elif kind == E.WORMHOLE:
            t = ev[2]
            if phase != _PH_DRONES and phase != _PH_ATTACKS:
                # B10: after exploration, before the tactical phase
                raise Illegal(10, _W_WORMHOLE_WHEN)
            if not self.unique[p] & _WORMHOLE_UA:
                raise Illegal(9, _W_WORMHOLE_USED)
            if t >= self.players:
                raise Illegal(9, _W_NO_PLAYER)
            j = self._own_ship(t, ev[3], 9)
            if not do:
                return
            self.unique[p] &= ~_WORMHOLE_UA
            m[SMALL] += 1  # manual: its star is left where the ship was
            self.base[j] = 0  # manual: never onto a base
            self.armed[j] = 1
            self.wormholed = 1
        else:  # DONE
            if phase == PH_TACTICAL and self.owed:
                raise Illegal(3, _W_MANDATORY, self.owed)
            if phase != _PH_DRONES and phase != _PH_ATTACKS and phase != PH_TACTICAL:
                raise Illegal(3, _W_STILL_OWED, self.owed_text())
            if not do:
                return
            if phase == _PH_DRONES:
                self.phase = _PH_ATTACKS
            elif phase == _PH_ATTACKS and not self.wormholed:
                self.phase = PH_TACTICAL
                self.owed = _ACTION_POINTS
            else:
                self.seat = (self.seat + 1) % self.players
                self._start_turn()

    def _point(self, what):
        """B3/B4: a tactical action needs the tactical phase and an action point left;
        `what`: the action's words (line of _WHY)."""
        if self.phase != PH_TACTICAL:
            if self.wormholed:
                raise Illegal(3, _W_AFTER_WORMHOLE)
            raise Illegal(3, _W_TACTICAL, _why(what), self.phase_name())
        if not self.owed:
            raise Illegal(3, _W_NO_POINTS)

    def _own_ship(self, p, s, ruling):
        if self.status[p * SHIPS + s] != _PLAY:
            raise Illegal(ruling, _W_NOT_IN_PLAY, p, E.SHIP_NAMES[s])
        return p * SHIPS + s

    def _destroy(self, i):
        """B7: the owner drops a collected star (a supernova first) where the ship was; a
        drone leaves the game, a mothership returns to its base with no levels."""
        owner = i // SHIPS
        if self.coll_nova[owner]:
            self.coll_nova[owner] -= 1
            self.map[NOVA] += 1
        elif self.coll_small[owner]:
            self.coll_small[owner] -= 1
            self.map[SMALL] += 1
        self.levels[i] = 0  # already 0: damage >= life removed them all
        if i % SHIPS == MOTHERSHIP:
            self.base[i] = 1
        else:
            self.status[i] = _GONE
            self.base[i] = 0

    # -- flow ----------------------------------------------------------------------------
    def _next_opener(self):
        """B2: in turn order, each places 2 cells; then in turn order, 2 stars each."""
        self.opened += 1
        self.seat = (self.seat + 1) % self.players
        if self.opened < self.players:
            if self.phase == PH_OPEN_CELLS:
                self.owed = _OPENING_CELLS
            return
        self.opened = 0
        self.seat = self.first
        if self.phase == PH_OPEN_CELLS:
            self.phase = PH_OPEN_STARS
            self.owed = 0
        else:
            self._start_turn()

    def _start_turn(self):
        p = self.seat
        for s in range(SHIPS):
            self.armed[p * SHIPS + s] = 1
            self.moved[p * SHIPS + s] = 0
        self.created = 0
        self.wormholed = 0
        if self.cells:  # B3: exploration is mandatory while the supply has cells
            self.phase = _PH_EXPLORE
            self.owed = 1
        else:  # B10: with no cells left the turn starts at drone moves
            self._after_exploration()

    def _after_exploration(self):
        # Nothing to do in the drone phase without a drone in play: straight to attacks.
        self.owed = 0
        self.phase = _PH_DRONES if self.ships_in_play(self.seat) > 1 else _PH_ATTACKS

    def __str__(self):
        if self.phase == _PH_FIRST or self.phase == _PH_OVER:
            return self.owed_text()
        return _why(_W_STATE).format(self.seat, self.phase_name(), self.owed_text())


def new_initial_state(players=3):
    return BattleState(players)


def replay(players, journal):
    """Rebuild a game from its journal bytes; Illegal/BadEvent name the event index."""
    state = BattleState(players)
    pos = 0
    i = 0
    while pos < len(journal):
        try:
            ev, pos = E.decode(journal, pos)
            state.apply(ev)
        except Illegal as e:
            raise Illegal(e.ruling, "event {}: {}".format(i, e.why)) from None
        except E.BadEvent as e:
            raise E.BadEvent("event {}: {}".format(i, e)) from None
        i += 1
    return state


def undo(state):
    """(previous state, removed event) or None when only the chance draw is left: the
    last event is dropped and the rest replayed. Apply the removed event to redo."""
    if state.count < 2:
        return None
    journal = state.journal
    pos = start = 0
    while pos < len(journal):  # find where the last event starts
        start = pos
        pos = E.decode(journal, pos)[1]
    return replay(state.players, journal[:start]), E.decode(journal, start)[0]


def play_chance(state, randbelow):
    """Draw the first player with the caller's `randbelow(n)` (B1); returns the seat."""
    if state.phase != _PH_FIRST:
        return -1
    seat = randbelow(state.players)
    state.apply(E.first(seat))
    return seat
