"""Geek Out! galaxy battle rules core: turns, resources and victory, folded over a journal.

The map stays on the table; this core tracks what players would otherwise keep on paper
and enforces every rule it can see (rulings B1-B11 of docs/rules.md). Events are the
tuples of events.py and the journal their bytes; an illegal one raises Illegal (a
ValueError whose text starts with the ruling id, "B4: ...") and leaves the state
unchanged, and undo is a replay (from the latest turn start kept: new_marks). Pure and
deterministic; MicroPython and CPython. The interface of the three cores and the check
table _EVENTS: docs/developing.md, The rules cores; the tracker: docs/battle.md.
"""

from micropython import const

from geekout.replay import Marks, copy_fields

from . import events as E
from . import legal
from .consts import (
    ACTION_POINTS,
    BOMB,
    CELL,
    CELLS,
    CHANCE,
    CONDITION_NAMES,
    DESTROYER,
    FIRST,
    GONE,
    MAX_LEVEL,
    MOTHERSHIP,
    NOVA,
    NOVA_VALUE,
    OPENING_CELLS,
    OVERLOAD,
    PAY_SMALL,
    PH_ATTACKS,
    PH_DRONES,
    PH_EXPLORE,
    PH_FIRST,
    PH_OPEN_CELLS,
    PH_OPEN_STARS,
    PH_OVER,
    PH_TACTICAL,
    PHASE_NAMES,
    PLAY,
    SHIELD,
    SHIP_NAMES,
    SHIPS,
    SMALL,
    STARS,
    START_RESERVE,
    SUPPLY,
    SUPREMACY,
    TELEPORT,
    TERMINAL,
    TOTALS,
    UNIQUE_NAMES,
    WIN_KILLS,
    WIN_LEAD,
    WIN_VALUE,
    WORMHOLE_UA,
)

MARKS_KEPT = const(3)  # turn starts kept by new_marks()
# B11, bits of BattleState.apart: the map's only 2 small stars (1 << SMALL), only 2 bombs
# (1 << BOMB), only small star and bomb (_APART_MIXED) are the 2 stars of one placement;
# _APART_PLUS: the only small star and one of the 2 bombs are, the other bomb is not.
_APART_MIXED = const(4)
_APART_PLUS = const(8)


class Illegal(ValueError):
    """An event the rules refuse. `ruling` is the id (e.g. "B4"), `why` the reason;
    str() is "B4: why". A replay's refusal names the event's index (`event`, counted
    from 0) in `why` too; -1 when none."""

    def __init__(self, ruling, why, event=-1):
        super().__init__(ruling + ": " + why)
        self.ruling = ruling
        self.why = why
        self.event = event


# What clone() copies: the fields shared as they are, the lists and the bytearrays.
_SHARED = ("players", "count", "phase", "seat", "first", "owed", "opened", "cells",
           "created", "wormholed", "winner", "condition", "turn_at", "turn_prev", "apart")
_LISTS = ("box", "map", "reserve_small", "reserve_bomb", "coll_small", "coll_nova", "kills",
          "unique")
_ARRAYS = ("journal", "status", "levels", "base", "armed", "moved")


# The B8 check's count of each player's ships in play, filled by every apply(): one
# scratch array, and each player counted once, not twice (ships_in_play takes some 90 us
# on the emulated Pico; a press applies up to 5 events).
_COUNTS = bytearray(4)
_IN_PLAY = bytes((PLAY,))  # a ship in play, as ships_in_play counts it in `status`


class BattleState:
    """One game: the shared supplies, each player's stars and ships, whose turn and phase."""

    def __init__(self, players=3):
        if players != 3 and players != 4:
            raise ValueError("B1: 3 or 4 players")
        n = players
        self.players = n
        self.journal = bytearray()
        self.count = 0  # events applied
        self.phase = PH_FIRST
        self.seat = 0
        self.first = 0
        self.owed = 0  # cells owed (opening, exploration) or action points left (tactical)
        self.opened = 0  # players done with the current opening round
        self.cells = CELLS
        # B2/B11: the box (out of play) keeps what no player got: of 31 small stars, 16
        # bombs and 10 supernovas, each player gets 7 small (3 on the unique actions, 4
        # in reserve) and 4 bombs; one supernova starts in the centre. The drone's
        # "descarte" and the upgrade's "fuera del juego" are this one pool.
        self.box = [TOTALS[SMALL] - n * (START_RESERVE + 3), TOTALS[BOMB] - n * START_RESERVE,
                    TOTALS[NOVA] - 1]
        self.map = [0, 0, 1]
        # B11: the stars of one placement lie on 2 cells and never share one, so they
        # never merge together. The map is counted by kind, not by cell: this marks the
        # kinds whose only 2 stars on the map are one placement's (bits above), set by
        # that placement and cleared once a star of the kind comes or goes (a collection
        # does not say whose star it took), but for a ship lost to a bomb, which may make
        # it sure (_APART_PLUS): merges with them are refused, no others.
        self.apart = 0
        self.reserve_small = [START_RESERVE] * n
        self.reserve_bomb = [START_RESERVE] * n
        self.coll_small = [0] * n
        self.coll_nova = [0] * n
        self.kills = [0] * n
        self.unique = [TELEPORT | WORMHOLE_UA | SHIELD] * n
        # Per ship, index player * 4 + ship: slot, levels, on its base, may attack, has
        # used its free drone move this turn. Motherships start in play on their bases.
        self.status = bytearray(n * SHIPS)
        self.levels = bytearray(n * SHIPS)
        self.base = bytearray(n * SHIPS)
        self.armed = bytearray(n * SHIPS)
        self.moved = bytearray(n * SHIPS)
        for p in range(n):
            self.status[p * SHIPS] = PLAY
            self.base[p * SHIPS] = 1
        self.created = 0  # a drone was created this turn (B4)
        self.wormholed = 0  # the wormhole was used this turn (B3)
        self.winner = -1
        self.condition = 0
        # Journal lengths where the seat last changed, and the time before: the gadget's
        # undo reads the last entry's events from there (they never reach further back).
        self.turn_at = 0
        self.turn_prev = 0

    # -- OpenSpiel-style queries ---------------------------------------------------------
    def current_player(self):
        if self.phase == PH_FIRST:
            return CHANCE
        if self.phase == PH_OVER:
            return TERMINAL
        return self.seat

    def is_chance(self):
        return self.phase == PH_FIRST

    def is_terminal(self):
        return self.phase == PH_OVER

    def chance_outcomes(self):
        """B1: any seat may be drawn to start, equally likely."""
        if self.phase != PH_FIRST:
            return []
        q = 1.0 / self.players
        return [(E.first(i), q) for i in range(self.players)]

    def returns(self):
        """1 for the winner, 0 for everyone else (and for all while nobody has won)."""
        return [1 if p == self.winner else 0 for p in range(self.players)]

    def phase_name(self):
        return PHASE_NAMES[self.phase]

    def points_left(self):
        return self.owed if self.phase == PH_TACTICAL else 0

    def owed_text(self):
        """What the player in turn still owes before the phase can end."""
        phase = self.phase
        if phase == PH_FIRST:
            return "draw the first player"
        if phase == PH_OVER:
            return "P{} won: {}".format(self.winner, CONDITION_NAMES[self.condition])
        if phase == PH_OPEN_CELLS or phase == PH_EXPLORE:
            return "place {} cell{}".format(self.owed, "s" if self.owed > 1 else "")
        if phase == PH_OPEN_STARS:
            return "place 2 stars"
        if phase == PH_TACTICAL:
            return "{} action point{} left".format(self.owed, "" if self.owed == 1 else "s")
        if phase == PH_DRONES:
            return "drone moves (free), then done"
        return "attacks, then done"

    def ships_in_play(self, p):
        """B10: the mothership always counts, also while back at its base. Counted in C
        (B8 counts every player's ships after each event: 90 us a player on the emulated
        Pico where a loop over the ships took 130 us)."""
        return self.status[p * SHIPS:p * SHIPS + SHIPS].count(_IN_PLAY)

    def drones_in_supply(self, p):
        st = self.status
        return sum(1 for s in range(1, SHIPS) if st[p * SHIPS + s] == SUPPLY)

    def star_value(self, p):
        """B5: collected stars, small 1 and supernova 3."""
        return self.coll_small[p] + NOVA_VALUE * self.coll_nova[p]

    def unique_left(self, p):
        return [UNIQUE_NAMES[i] for i in range(3) if self.unique[p] & (1 << i)]

    def ship_at(self, p, s):
        """(in play, levels, on its base) of player p's ship s."""
        i = p * SHIPS + s
        return self.status[i] == PLAY, self.levels[i], self.base[i] == 1

    def merges_possible(self):
        """B11: how many cells (0-2) a placement now may merge: each takes 2 stars of the
        map from 2 placements or sources and a supernova from the box. Groups of at most
        2 stars: 4 stars on the map or more always hold 2 such pairs, 3 stars one, 2 stars
        one unless they are the 2 of one placement (`apart`)."""
        n = self.map[SMALL] + self.map[BOMB]
        n = 2 if n >= 4 else 1 if n == 3 or (n == 2 and not self.apart & 7) else 0
        return min(n, self.box[NOVA])

    def star_counts(self):
        """Every star of each kind wherever it is: always TOTALS (stars are conserved)."""
        small = self.box[SMALL] + self.map[SMALL] + sum(self.reserve_small) + sum(self.coll_small)
        small += sum(self.levels)  # a ship's levels are small stars on it (B4)
        for u in self.unique:  # an unused unique action holds a small star (B9)
            small += (u & 1) + (u >> 1 & 1) + (u >> 2 & 1)
        bomb = self.box[BOMB] + self.map[BOMB] + sum(self.reserve_bomb)
        nova = self.box[NOVA] + self.map[NOVA] + sum(self.coll_nova)
        return (small, bomb, nova)

    def snapshot(self):
        """Everything the state holds, as one comparable value."""
        return (bytes(self.journal), self.count, self.phase, self.seat, self.first, self.owed,
                self.opened, self.cells, tuple(self.box), tuple(self.map),
                tuple(self.reserve_small), tuple(self.reserve_bomb), tuple(self.coll_small),
                tuple(self.coll_nova), tuple(self.kills), tuple(self.unique),
                bytes(self.status), bytes(self.levels), bytes(self.base), bytes(self.armed),
                bytes(self.moved), self.created, self.wormholed, self.winner, self.condition,
                self.turn_at, self.turn_prev, self.apart)

    def clone(self):
        """An independent copy of the state (no list shared), to go on from. Made
        without the constructor, whose fields the copy would all replace: on the emulated
        Pico a clone took 1.7 ms that way, 1.3 ms this way (a turn's undo mark and a
        press of several events each make one)."""
        return copy_fields(self, object.__new__(BattleState), _SHARED, _LISTS, _ARRAYS)

    # -- events ----------------------------------------------------------------------------
    def apply(self, ev):
        """Apply one event tuple; Illegal (state unchanged) if the rules refuse it."""
        seat = self.seat
        self._handle(ev, True)  # checked there, E.validate first
        self.journal.extend(E.pack(ev))
        self.count += 1
        if self.seat != seat:
            self.turn_prev = self.turn_at
            self.turn_at = len(self.journal)
        # B8: after every event, the active player first, then clockwise.
        n = self.players
        counts = _COUNTS  # each player's ships in play, counted once an event
        top = 0  # the two highest ship counts, to find each player's lead
        second = 0
        for q in range(n):
            c = self.ships_in_play(q)
            counts[q] = c
            if c > top:
                second = top
                top = c
            elif c > second:
                second = c
        for k in range(n):
            p = (ev[1] + k) % n
            c = counts[p]
            cond = 0
            if c - (second if c == top else top) >= WIN_LEAD:
                cond = SUPREMACY
            elif self.star_value(p) >= WIN_VALUE:
                cond = OVERLOAD
            elif self.kills[p] >= WIN_KILLS:
                cond = DESTROYER
            if cond:
                self.winner = p
                self.condition = cond
                self.phase = PH_OVER
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
        """Every legal event of the player in turn (legal.py)."""
        return legal.legal_events(self)

    def _handle(self, ev, do):
        """Check `ev` against the rules; apply it too if `do`. What every event is checked
        for comes here (B8 over, B1 first draw and turn, B2 opening); then the check of its
        kind, _EVENTS[kind] (each makes no change before every check of it passed)."""
        E.validate(ev)
        kind = ev[0]
        phase = self.phase
        if phase == PH_OVER:
            raise Illegal("B8", "the game is over")
        if phase == PH_FIRST and kind != FIRST:
            raise Illegal("B1", "draw the first player first")
        if kind != FIRST:
            if ev[1] != self.seat:
                raise Illegal("B1", "it is P{}'s turn".format(self.seat))
            if (phase == PH_OPEN_CELLS and kind != CELL) or (
                    phase == PH_OPEN_STARS and kind != STARS):
                raise Illegal("B2", "opening: {}".format(self.owed_text()))
        _EVENTS[kind](self, ev, do)

    def _point(self, what):
        """B3/B4: a tactical action needs the tactical phase and an action point left;
        `what`: the action's words, for the refusal."""
        if self.phase != PH_TACTICAL:
            if self.wormholed:
                raise Illegal("B3", "no tactical phase after the wormhole")
            raise Illegal("B3", "{} is a tactical action, not for the {} phase".format(what, self.phase_name()))
        if not self.owed:
            raise Illegal("B3", "no action points left")

    def _own_ship(self, p, s, ruling):
        if self.status[p * SHIPS + s] != PLAY:
            raise Illegal(ruling, "P{} {} is not in play".format(p, SHIP_NAMES[s]))
        return p * SHIPS + s

    def _on_base(self, p, s):
        """Which of player p's ships in play, other than ship s, stands on p's base; -1
        when none does."""
        for k in range(SHIPS):
            i = p * SHIPS + k
            if k != s and self.status[i] == PLAY and self.base[i]:
                return k
        return -1

    def _destroy(self, i):
        """B7: the owner drops a collected star (a supernova first) where the ship was; a
        drone leaves the game, a mothership returns to its base with no levels: B11, to a
        cell beside the base when one of its own ships stands on it ("o una de sus Celdas
        Adyacentes en caso de la base estar ocupada"), and is then off the base."""
        owner = i // SHIPS
        if self.coll_nova[owner]:
            self.coll_nova[owner] -= 1
            self.map[NOVA] += 1
        elif self.coll_small[owner]:
            self.coll_small[owner] -= 1
            self.map[SMALL] += 1
            self._stars_moved(SMALL)
        self.levels[i] = 0  # already 0: damage >= life removed them all
        s = i % SHIPS
        if s == MOTHERSHIP:
            self.base[i] = 0 if self._on_base(owner, s) >= 0 else 1
        else:
            self.status[i] = GONE
            self.base[i] = 0

    def _stars_moved(self, kind):
        """B11: a star of `kind` came onto the map or left it; whose stars of that kind
        the map holds is then no longer known for sure (a collection does not say which
        placement a star came from): none of them is marked apart."""
        self.apart &= ~(1 << kind) & 3

    def _check_merges(self, bombs, merges, m1, m2):
        """B11: each merged cell holds one of the 2 stars just placed (never both: "no es
        posible colocar 2 Estrellas en un mismo casillero en el mismo turno") and 2 stars
        that were on the map before, of 2 placements or sources (never the 2 of one
        placement, `apart`); the tracker counts the map by kind, so some way of giving
        each merged cell one placed star must find those stars on the map. m1, m2: small
        stars of each merged cell's 3. Returns the kinds (bits 1 << SMALL, 1 << BOMB)
        that some such way takes off the map or leaves on it of the stars placed (what
        the placement does to `apart`); 0 without a merge."""
        if not merges:
            return 0
        fits = False  # some way matches the placed kinds to the merged cells
        found = False  # ... and finds the other stars on the map
        moved = 0
        apart = self.apart
        for first in range(2):  # which placed star goes to the first merged cell
            old_small = 0
            old_bomb = 0
            ok = True
            together = False  # a cell's 2 other stars would be the 2 of one placement
            for c in range(merges):
                k = first ^ c  # the placed star this cell holds, the bombs counted last:
                is_bomb = 1 if (k == 0 and bombs == 2) or (k == 1 and bombs >= 1) else 0
                cell_small = m1 if c == 0 else m2
                left_small = cell_small - (1 - is_bomb)
                left_bomb = 3 - cell_small - is_bomb
                if left_small < 0 or left_bomb < 0:
                    ok = False
                    break
                old_small += left_small
                old_bomb += left_bomb
                if ((left_small == 2 and apart & 1) or (left_bomb == 2 and apart & 2)
                        or (left_small == 1 and apart & _APART_MIXED)):
                    together = True
            if not ok:
                continue
            fits = True
            if old_small > self.map[SMALL] or old_bomb > self.map[BOMB]:
                continue
            found = True
            if together:
                continue
            moved |= (1 if old_small else 0) | (2 if old_bomb else 0)
            if merges == 1:  # the other placed star stays on the map
                moved |= 2 if (first == 1 and bombs == 2) or (first == 0 and bombs) else 1
        if moved:
            return moved
        if not fits:
            raise Illegal("B11", "each merged cell holds one of the 2 stars just placed")
        if not found:
            raise Illegal("B11", "the map lacks the 2 other stars of each merged cell (2 stars "
                          "just placed never share a cell)")
        raise Illegal("B11", "2 stars placed together never share a cell: the map holds no "
                      "2 such stars of 2 placements")

    # -- flow ----------------------------------------------------------------------------
    def _next_opener(self):
        """B2: in turn order, each places 2 cells; then in turn order, 2 stars each."""
        self.opened += 1
        self.seat = (self.seat + 1) % self.players
        if self.opened < self.players:
            if self.phase == PH_OPEN_CELLS:
                self.owed = OPENING_CELLS
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
            self.phase = PH_EXPLORE
            self.owed = 1
        else:  # B10: with no cells left the turn starts at drone moves
            self._after_exploration()

    def _after_exploration(self):
        # Nothing to do in the drone phase without a drone in play: straight to attacks.
        self.owed = 0
        self.phase = PH_DRONES if self.ships_in_play(self.seat) > 1 else PH_ATTACKS

    def __str__(self):
        if self.phase == PH_FIRST or self.phase == PH_OVER:
            return self.owed_text()
        return "P{} {}: {}".format(self.seat, self.phase_name(), self.owed_text())


# -- the checks, one per kind of event ------------------------------------------------------
# Each is (state, event, do): raise Illegal if the rules refuse the event now, else apply
# it when `do`. Module functions in one tuple (_EVENTS, indexed by the event's kind) cost
# the Pico less RAM than a method or closure each; BattleState._handle has done the checks
# every event shares (game over, the first draw, whose turn, the opening) before.
def _check_first(st, ev, do):
    """B1: the chance draw of the first player, once, before anything else."""
    p = ev[1]
    if st.phase != PH_FIRST:
        raise Illegal("B1", "the first player is already drawn")
    if p >= st.players:
        raise Illegal("B1", "no such player")
    if do:
        st.first = st.seat = p
        st.phase = PH_OPEN_CELLS
        st.owed = OPENING_CELLS


def _check_cell(st, ev, do):
    """B2 opening cells, B3 the exploration cell, B4 a cell as a tactical action (from the
    supply, while it has one); B10: both opening cells in one go."""
    phase = st.phase
    if phase == PH_TACTICAL:
        st._point("placing a cell")
        if not st.cells:
            raise Illegal("B4", "no cells left in supply")
    elif phase != PH_OPEN_CELLS and phase != PH_EXPLORE:
        raise Illegal("B3", "no cell placement in the {} phase".format(st.phase_name()))
    if not do:
        return
    st.cells -= 1
    if phase == PH_TACTICAL:
        st.owed -= 1
    elif phase == PH_EXPLORE:
        st._after_exploration()
    else:
        st.owed -= 1
        if not st.owed:  # B10: both opening cells in one go, then the next player
            st._next_opener()


def _check_stars(st, ev, do):
    """B2 opening stars, B4 stars from the reserve as a tactical action, B11 merges into
    a supernova."""
    p = ev[1]
    phase = st.phase
    m = st.map
    b = st.box
    bombs = ev[2]
    small = 2 - bombs
    if phase == PH_TACTICAL:
        st._point("placing stars")
    elif phase != PH_OPEN_STARS:
        raise Illegal("B3", "no star placement in the {} phase".format(st.phase_name()))
    if st.reserve_small[p] < small or st.reserve_bomb[p] < bombs:
        raise Illegal("B4", "the reserve lacks those stars")
    merges = ev[3]
    ms = ev[4] + ev[5]
    mb = 3 * merges - ms
    # B11: a cell reaching 3 stars becomes a supernova; those stars leave the game.
    moved = st._check_merges(bombs, merges, ev[4], ev[5])
    if merges > b[NOVA]:
        raise Illegal("B11", "no supernova left in the box for the merge")
    if not do:
        return
    # B11: the kinds whose only 2 stars on the map are now this placement's (2 cells)
    if merges:
        apart = st.apart & ~moved & 3
    else:
        apart = st.apart & ~((1 if small else 0) | (2 if bombs else 0)) & 3
        if small == 2 and not m[SMALL]:
            apart |= 1
        elif bombs == 2 and not m[BOMB]:
            apart |= 2
        elif small == 1 and not m[SMALL] and m[BOMB] < 2:
            apart = _APART_PLUS if m[BOMB] else _APART_MIXED
    st.apart = apart
    st.reserve_small[p] -= small
    st.reserve_bomb[p] -= bombs
    m[SMALL] += small - ms
    m[BOMB] += bombs - mb
    m[NOVA] += merges
    b[SMALL] += ms
    b[BOMB] += mb
    b[NOVA] -= merges
    if phase == PH_TACTICAL:
        st.owed -= 1
    else:
        st._next_opener()


def _check_move(st, ev, do):
    """B3 a drone's free move or B4 a move as a tactical action; B10 collecting the
    stars of the cell entered, B6 its bombs and the star shield (B9), B11 one ship per
    cell."""
    p = ev[1]
    phase = st.phase
    m = st.map
    b = st.box
    s = ev[2]
    i = st._own_ship(p, s, "B4")
    if phase == PH_DRONES:
        if s == MOTHERSHIP:
            raise Illegal("B3", "the mothership moves in the tactical phase, not with "
                          "the drones")
        if st.moved[i]:
            raise Illegal("B3", "{} has made its free move this turn".format(SHIP_NAMES[s]))
    else:
        st._point("moving a ship")
    small, bomb, nova, shield = ev[4], ev[5], ev[6], ev[7]
    if ev[3] and (small or bomb or nova):
        raise Illegal("B10", "a base holds no stars")
    if ev[3]:
        on = st._on_base(p, s)
        if on >= 0:  # B11: one ship per cell, and the base is a cell
            raise Illegal("B11", "one ship per cell: {} is on the base".format(SHIP_NAMES[on]))
    if small > m[SMALL] or bomb > m[BOMB] or nova > m[NOVA]:
        raise Illegal("B10", "the map does not hold the stars found")
    if shield:
        if not st.unique[p] & SHIELD:
            raise Illegal("B9", "the star shield is already used")
        if not bomb:
            raise Illegal("B6", "the star shield needs a bomb")
    if not do:
        return
    # B11: lost to the bomb of a cell of a small star and a bomb, the ship leaves the
    # small star there; when the map's other bomb was that star's placement's (_APART_PLUS),
    # the map's only small star and bomb are then the 2 of that placement.
    plus = st.apart & _APART_PLUS and small == 1 and bomb == 1 and not shield
    if phase == PH_DRONES:
        st.moved[i] = 1
    else:
        st.owed -= 1
    st.armed[i] = 1  # B10: a ship that moved may attack again
    st.base[i] = ev[3]
    # B10: entering a cell collects its stars; bombs resolve first (B6).
    bombs = bomb
    if shield:
        # B6/B10: the shield absorbs the first bomb before any level is lost; its
        # star is collected only when that was the cell's only bomb. With two, B11:
        # it takes the absorbed bomb's place and stays on the map ("sin recoger la
        # estrella transformada"), for a later move to collect.
        st.unique[p] &= ~SHIELD
        m[BOMB] -= 1
        b[BOMB] += 1
        bombs -= 1
        if bomb == 1:
            st.coll_small[p] += 1
        else:
            m[SMALL] += 1
            st._stars_moved(SMALL)
    if bomb:  # B11: bombs leave the map (the shield's, those that go off)
        st._stars_moved(BOMB)
    while bombs:
        bombs -= 1
        m[BOMB] -= 1
        b[BOMB] += 1
        if st.levels[i]:  # B6: a bomb takes a level
            st.levels[i] -= 1
            b[SMALL] += 1
        else:  # B6: no level left: destroyed, no kill; the cell's stars stay
            st._destroy(i)
            if plus and m[SMALL] == 1:  # (no small star dropped beside it)
                st.apart = _APART_MIXED
            return
    m[SMALL] -= small
    m[NOVA] -= nova
    if small:
        st._stars_moved(SMALL)
    st.coll_small[p] += small
    st.coll_nova[p] += nova


def _check_turn(st, ev, do):
    """B4: turning a ship's cannon, a tactical action; B10: the ship may attack again."""
    i = st._own_ship(ev[1], ev[2], "B4")
    st._point("turning a cannon")
    if do:
        st.owed -= 1
        st.armed[i] = 1  # B10: a ship that turned may attack again


def _check_drone(st, ev, do):
    """B4: creating a drone, a tactical action once a turn, for 2 collected small stars
    or a supernova (one level); B11: on a free base, its level from the box."""
    p = ev[1]
    b = st.box
    pay = ev[2]
    st._point("creating a drone")
    if st.created:
        raise Illegal("B4", "one drone creation per turn")
    if not st.drones_in_supply(p):
        raise Illegal("B4", "no drone left in supply")
    on = st._on_base(p, -1)
    if on >= 0:  # B11: the drone appears on the base, which must be free
        raise Illegal("B11", "the base is occupied by {}".format(SHIP_NAMES[on]))
    if pay == PAY_SMALL:
        if st.coll_small[p] < 2:
            raise Illegal("B4", "a drone costs 2 collected small stars")
    else:
        if not st.coll_nova[p]:
            raise Illegal("B4", "no collected supernova")
        if not b[SMALL]:
            raise Illegal("B11", "no small star in the box for the drone's level")
    if not do:
        return
    st.owed -= 1
    st.created = 1
    i = p * SHIPS + 1
    while st.status[i] != SUPPLY:
        i += 1
    st.status[i] = PLAY
    st.base[i] = 1
    st.armed[i] = 1
    st.moved[i] = 0
    if pay == PAY_SMALL:
        st.coll_small[p] -= 2  # spent: out of the game
        b[SMALL] += 2
    else:  # B4: a supernova gives a drone with one shield level, spent whole (B10)
        st.coll_nova[p] -= 1
        b[NOVA] += 1
        b[SMALL] -= 1
        st.levels[i] = 1


def _check_upgrade(st, ev, do):
    """B4: a level for a ship (at most 3), a tactical action, for a collected small star
    or a supernova (to level 3, B10); B11: a supernova's levels come from the box."""
    p = ev[1]
    b = st.box
    pay = ev[3]
    i = st._own_ship(p, ev[2], "B4")
    st._point("upgrading")
    lv = st.levels[i]
    if lv >= MAX_LEVEL:
        raise Illegal("B4", "{} is at level 3: a ship has at most 3 levels".format(
            SHIP_NAMES[ev[2]]))
    if pay == PAY_SMALL:
        if not st.coll_small[p]:
            raise Illegal("B4", "no collected small star")
    else:
        if not st.coll_nova[p]:
            raise Illegal("B4", "no collected supernova")
        if b[SMALL] < MAX_LEVEL - lv:
            raise Illegal("B11", "the box lacks the {} small stars of those levels".format(
                MAX_LEVEL - lv))
    if not do:
        return
    st.owed -= 1
    if pay == PAY_SMALL:  # B4: the small star goes on the ship as a level
        st.coll_small[p] -= 1
        st.levels[i] = lv + 1
    else:  # B4/B10: +3 levels, capped at 3, the supernova spent whole
        st.coll_nova[p] -= 1
        b[NOVA] += 1
        b[SMALL] -= MAX_LEVEL - lv
        st.levels[i] = MAX_LEVEL


def _check_attack(st, ev, do):
    """B7: an attack (damage and life from levels, a kill), in the attack or tactical
    phase, neither ship on its base; B10: once until the ship moves or turns, the
    defender's teleport (B9) cancels it."""
    p = ev[1]
    phase = st.phase
    t = ev[3]
    if phase != PH_ATTACKS and phase != PH_TACTICAL:
        raise Illegal("B3", "no attacks in the {} phase".format(st.phase_name()))
    i = st._own_ship(p, ev[2], "B7")
    if t == p:
        raise Illegal("B10", "a ship never attacks its own side")
    if t >= st.players:
        raise Illegal("B7", "no such player")
    j = st._own_ship(t, ev[4], "B7")
    if st.base[i]:
        raise Illegal("B7", "{} is on its base: it cannot attack".format(SHIP_NAMES[ev[2]]))
    if st.base[j]:
        raise Illegal("B7", "P{} {} is on its base: it cannot be attacked".format(
            t, SHIP_NAMES[ev[4]]))
    if not st.armed[i]:
        raise Illegal("B10", "{} already attacked: not again until it has moved or "
                      "turned".format(SHIP_NAMES[ev[2]]))
    if ev[5] and not st.unique[t] & TELEPORT:
        raise Illegal("B9", "the defender's teleport is already used")
    if not do:
        return
    st.armed[i] = 0
    if ev[5]:  # B10: teleport cancels the attack; its star stays on the map
        st.unique[t] &= ~TELEPORT
        st.map[SMALL] += 1
        st._stars_moved(SMALL)
        return
    damage = 1 + st.levels[i]  # B7
    life = 1 + st.levels[j]
    removed = min(damage, st.levels[j])
    st.levels[j] -= removed
    st.reserve_small[p] += removed  # B7: one small star per level removed
    if damage >= life:
        st.kills[p] += 1
        st._destroy(j)


def _check_wormhole(st, ev, do):
    """B9: the wormhole, a unique action once a game, moves any ship in play; B10: after
    exploration, before the tactical phase (which it skips)."""
    p = ev[1]
    phase = st.phase
    t = ev[2]
    if phase != PH_DRONES and phase != PH_ATTACKS:
        # B10: after exploration, before the tactical phase
        raise Illegal("B10", "the wormhole comes between exploration and the tactical phase")
    if not st.unique[p] & WORMHOLE_UA:
        raise Illegal("B9", "the wormhole is already used")
    if t >= st.players:
        raise Illegal("B9", "no such player")
    j = st._own_ship(t, ev[3], "B9")
    if not do:
        return
    st.unique[p] &= ~WORMHOLE_UA
    st.map[SMALL] += 1  # manual: its star is left where the ship was
    st._stars_moved(SMALL)
    st.base[j] = 0  # manual: never onto a base
    st.armed[j] = 1
    st.wormholed = 1


def _check_done(st, ev, do):
    """B3: the end of a phase (drone moves, attacks, then the tactical phase with its 3
    action points spent); the next player's turn after the last."""
    phase = st.phase
    if phase == PH_TACTICAL and st.owed:
        raise Illegal("B3", "the 3 action points are mandatory: {} left".format(st.owed))
    if phase != PH_DRONES and phase != PH_ATTACKS and phase != PH_TACTICAL:
        raise Illegal("B3", "still owed: {}".format(st.owed_text()))
    if not do:
        return
    if phase == PH_DRONES:
        st.phase = PH_ATTACKS
    elif phase == PH_ATTACKS and not st.wormholed:
        st.phase = PH_TACTICAL
        st.owed = ACTION_POINTS
    else:
        st.seat = (st.seat + 1) % st.players
        st._start_turn()


# Indexed by the event's kind (consts.py: FIRST 0 .. DONE 9).
_EVENTS = (_check_first, _check_cell, _check_stars, _check_move, _check_turn, _check_drone,
           _check_upgrade, _check_attack, _check_wormhole, _check_done)


# -- the interface shared by the three rules cores ---------------------------------------
def legal_steps(state):
    """The events legal now (legal.py): the first-player draw at the start, none once
    the game is over."""
    return legal.legal_events(state)


def apply_step(state, step):
    """Apply one event in place; Illegal (str "B4: why") if the rules refuse it (BadEvent,
    a ValueError too, if it is not a well-formed event), the state unchanged."""
    state.apply(step)


def is_over(state):
    """B8: someone has won."""
    return state.phase == PH_OVER


def scores(state):
    """Each seat's star value (B5: small stars 1, supernovas 3)."""
    return [state.star_value(p) for p in range(state.players)]


def new_initial_state(players=3):
    return BattleState(players)


def fold(state, journal, pos=0, end=-1, marks=None):
    """Apply the events of journal[pos:end] (end -1: to its end) to `state`, which holds
    the events before pos; with `marks`, noted after each. Illegal/BadEvent name the
    event index."""
    if end < 0:
        end = len(journal)
    while pos < end:
        i = state.count
        try:
            ev, pos = E.unpack(journal, pos)  # apply checks it first (_handle)
            state.apply(ev)
        except Illegal as e:
            raise Illegal(e.ruling, "event {}: {}".format(i, e.why), i) from None
        except E.BadEvent as e:
            raise E.BadEvent("event {}: {}".format(i, e)) from None
        if marks is not None:
            marks.note(state, pos)
    return state


fold_range = fold  # the name the gadget's step pipeline calls (game.py)


def replay(players, journal, marks=None):
    """Rebuild a game from its journal bytes; Illegal/BadEvent name the event index.
    With `marks` (new_marks()), the state is noted after each event."""
    return fold(BattleState(players), journal, 0, -1, marks)


def seat_in_turn(state):
    """The Marks key of a game: its copies are kept where a player's turn (or opening)
    starts."""
    return state.seat


def new_marks():
    """Copies of a game at the start of its last few turns, for a cheap undo."""
    return Marks(seat_in_turn, MARKS_KEPT)


def undo(state, marks=None):
    """(previous state, removed event) or None when only the chance draw is left: the
    last event is dropped and the rest replayed. Apply the removed event to redo. With
    `marks` (new_marks(), noted after each event) the replay starts at the latest copy
    before the last event, and the marks follow the cut."""
    if state.count < 2:
        return None
    journal = state.journal
    got = marks.before(len(journal) - 1) if marks is not None else None
    at, prev = got if got is not None else (0, BattleState(state.players))
    pos = start = at
    while pos < len(journal):  # find where the last event starts (a copy is at an event's start)
        start = pos
        pos = E.unpack(journal, pos)[1]
    fold(prev, journal, at, start, marks)
    return prev, E.unpack(journal, start)[0]


def tail(state):
    """[(where it starts, event), ...] of the events since the seat changed the time
    before last (the current and the previous player's turn, or opening step)."""
    out = []
    journal = state.journal
    pos = state.turn_prev
    while pos < len(journal):
        ev, nxt = E.unpack(journal, pos)  # the core's own bytes
        out.append((pos, ev))
        pos = nxt
    return out


def play_chance(state, randbelow):
    """Draw the first player with the caller's `randbelow(n)` (B1); returns the seat."""
    if state.phase != PH_FIRST:
        return -1
    seat = randbelow(state.players)
    state.apply(E.first(seat))
    return seat
