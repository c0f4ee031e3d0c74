"""Geek Out! galaxy battle on the gadget: the turn screen, where the game is played.

The map stays on the table; the gadget keeps the tracker (rules.py, rulings B1-B11).
Every entry goes through the step pipeline (game.py): checked by the rules core and
saved as one journal record with the events the gadget adds to it (the phase ends it
implies, `implied`; the End turn after a last action point, _ENDS_TURN; the next
exploration cell), or refused with the core's reason, nothing changed; undo takes the
entry back whole. The questions: entry.py; what an entry did: announce.py; the menus,
status pages and victory: menu.py, status.py, end.py.
The screen, the entries and the journal payload: docs/gadget-battle.md, The turn screen.
"""

from geekout import keys
from geekout.game import GameScreen
from geekout.ui.core import title, wrap
from geekout.ui.widgets import SEAT_NAMES, TextPage

from . import entry, events, menu, rules
from .announce import announce
from .consts import (
    ATTACK,
    CELL,
    DONE,
    DRONE,
    FIRST,
    MOVE,
    PH_ATTACKS,
    PH_DRONES,
    PH_EXPLORE,
    PH_OPEN_CELLS,
    PH_OPEN_STARS,
    PH_OVER,
    PH_TACTICAL,
    SHIP_NAMES,
    SHIPS,
    STARS,
    TYPE_NAMES,
    UPGRADE,
    WORMHOLE_UA,
)
from .entry import (
    ATTACK_ENTRY,
    CELL_ENTRY,
    DONE_ENTRY,
    DRONE_ENTRY,
    FREE_ENTRY,
    MOVE_ENTRY,
    SHIP_STEP,
    STARS_ENTRY,
    STATUS_ENTRY,
    TURN_ENTRY,
    UPGRADE_ENTRY,
    WORMHOLE_ENTRY,
)

# The entries' words, by entry (moves name their ship). The layout (title, phase line,
# five rows of one page each) is entry.py's, shared with the questions.
LABELS = ("Place cell", "Place 2 stars", "Move", "Attack", "Upgrade", "New drone",
          "Turn cannon", "Wormhole", "End turn", "Status")
# The tactical actions after which, as the last action point, nothing else can happen in
# the turn: End turn follows by itself. Not a move nor a cannon turn: "si al moverse / al
# girar el cañón hace contacto con una Nave enemiga, realiza obligatoriamente un Ataque"
# (manual; the core takes an attack with no point left); not an attack (one of them may
# be owed yet, left to the players); not a cell (undo would read a tactical cell followed
# by End turn as an exploration cell, last_entry).
# A star placement, an upgrade or a new drone moves no ship and turns no cannon (a new
# drone stands on its base, where it cannot attack: B7), so only End turn is left (B10:
# "the tactical phase ends when all 3 are spent").
_ENDS_TURN = (STARS, UPGRADE, DRONE)


def entries(st):
    """What the player in turn may do now, most likely first: the drones' free moves in
    the drone phase; attacks first before the tactical phase; then the tactical actions
    (the mothership's move, stars, each drone's paid move, cannon, ...; from an earlier
    phase they end it, `implied`); the wormhole before the tactical phase (B10) while
    unused (B9); End turn; Status. After the wormhole: no tactical action (B3)."""
    ph = st.phase
    if ph == PH_OPEN_CELLS or ph == PH_EXPLORE:
        return [CELL_ENTRY, STATUS_ENTRY]
    if ph == PH_OPEN_STARS:
        return [STARS_ENTRY, STATUS_ENTRY]
    if ph == PH_OVER:
        return [STATUS_ENTRY]
    p = st.seat
    out = []
    free = []
    for s in range(1, SHIPS):
        if ph == PH_DRONES and st.ship_at(p, s)[0] and not st.moved[p * SHIPS + s]:
            out.append(FREE_ENTRY + SHIP_STEP * s)
            free.append(s)
    if st.wormholed:
        out.append(ATTACK_ENTRY)
        out.append(DONE_ENTRY)
        out.append(STATUS_ENTRY)
        return out
    if ph != PH_TACTICAL:
        out.append(ATTACK_ENTRY)
    out.append(MOVE_ENTRY)  # the mothership's move (always in play, B10)
    out.append(STARS_ENTRY)
    for s in range(1, SHIPS):  # a drone's move that costs a point: its free one comes first
        if st.ship_at(p, s)[0] and s not in free:
            out.append(MOVE_ENTRY + SHIP_STEP * s)
    out.append(TURN_ENTRY)
    if ph == PH_TACTICAL:
        out.append(ATTACK_ENTRY)
    out.append(UPGRADE_ENTRY)
    out.append(DRONE_ENTRY)
    if st.cells:
        out.append(CELL_ENTRY)
    if ph == PH_TACTICAL:
        out.append(DONE_ENTRY)
    elif st.unique[p] & WORMHOLE_UA:
        out.append(WORMHOLE_ENTRY)
    out.append(STATUS_ENTRY)
    return out


def implied(st, kind):
    """The "done" events an entry chosen now brings first (B3: drone moves, then attacks,
    then the tactical phase): an attack from the drone phase ends it; a tactical action
    ends the drone and attack phases; End turn after the wormhole ends them all."""
    ph = st.phase
    if (ph != PH_DRONES and ph != PH_ATTACKS) or kind == FREE_ENTRY or kind == WORMHOLE_ENTRY:
        return []
    if kind == ATTACK_ENTRY:
        n = PH_ATTACKS - ph
    elif kind == DONE_ENTRY:
        n = PH_ATTACKS - ph  # and the End turn itself, added by the turn screen
    else:
        n = PH_TACTICAL - ph
    return [events.done(st.seat)] * n


def last_entry(st):
    """(where the last entry's events start, the event the player chose) or None when
    only the first player's draw is there. An entry is the event chosen, the phase ends
    it implied before it (done events of the same player right before), the second of
    the opening's two cells with the first (B10), and the next turn's exploration cell
    the gadget placed after it (a cell that moved the phase on to drone moves or
    attacks), and the End turn the gadget added after a last action point that leaves
    nothing else to do (_ENDS_TURN: such an action is followed by a done of its player
    only when it spent the last point, B3; in a journal of an older firmware that done
    was an End turn pressed, and goes back with the action)."""
    evs = rules.tail(st)
    k = len(evs) - 1
    ev = evs[k][1]
    if ev[0] == CELL and (st.phase == PH_DRONES or st.phase == PH_ATTACKS) and k:
        k -= 1
    chosen = evs[k][1]
    if chosen[0] == DONE and k and evs[k - 1][1][0] in _ENDS_TURN and evs[k - 1][1][1] == chosen[1]:
        k -= 1
        chosen = evs[k][1]
    index = st.count - len(evs) + k  # the chosen event's place in the game
    if index < 1:
        return None
    if chosen[0] == CELL and index <= 2 * st.players and index % 2 == 0:
        k -= 1
    else:
        while k > 0 and evs[k - 1][1][0] == DONE and evs[k - 1][1][1] == chosen[1]:
            k -= 1
    return evs[k][0], chosen


class TurnScreen(GameScreen):
    """The turn screen: title (seat, star value), phase stepper, the entries."""

    name = "battle.turn"
    keys_pass_toast = False  # a press on a toast only takes it away (ui/core.py)

    def __init__(self, app, players, actions):
        self.n = players
        self.undoing = (0, 0)  # (type, seat) of the event undo takes back: undo_point()
        self.cell = False  # the last entry's turn began with its exploration cell
        # rules: undo marks at the last turn starts, an undo replays one turn or so
        super().__init__(app, rules, actions)
        self.index = 0
        self.item = -1  # the entry under the cursor
        self.first = 0
        self.last = None  # phase, seat and points spent the cursor was placed for
        self.ended = 0  # the victory screen was shown for this state

    # -- the step pipeline (game.py) ---------------------------------------------------
    def new_state(self):
        return rules.BattleState(self.n)

    def apply(self, state, actions):
        for ev in actions:
            state.apply(ev)

    def encode(self, actions):
        out = bytearray()
        for ev in actions:
            out += events.pack(ev)  # applied by the rules core: well formed
        return out

    def begin(self):
        if self.state.is_chance():  # B1: the gadget draws the first player
            self.take([events.first(self.app.board.rand(self.n))])

    def follow(self, st, actions):
        """The End turn after a last action point that leaves nothing else to do (B3,
        B10), and the next turn's exploration cell while cells remain (B3)."""
        out = []
        ev = actions[-1]
        end = events.done(ev[1])
        if (ev[0] in _ENDS_TURN and st.phase == PH_TACTICAL and not st.owed
                and st.is_legal(end)):
            st.apply(end)
            out.append(end)
        self.cell = st.phase == PH_EXPLORE
        if self.cell:
            cell = events.cell(st.seat)
            st.apply(cell)
            out.append(cell)
        return out

    def undo_point(self):
        """The last entry (last_entry); the first player's draw stays."""
        got = last_entry(self.state)
        if got is None:
            return -1
        self.undoing = got[1]
        return got[0]

    def undone(self, removed):
        """The toast names the event chosen, never the kinds of stars."""
        self.ended = 0
        ev = self.undoing
        return "Undone: {} {}".format(SEAT_NAMES[ev[1]], TYPE_NAMES[ev[0]])

    def show_seat(self):
        self.show_turn()

    def items(self):
        return entries(self.state)

    def light(self, seat):
        """The seat LED of the player a screen is about (lit only when it changes, so a
        flash under way goes on)."""
        leds = self.app.board.leds
        players = self.state.players
        if leds.seat != seat or leds.players != players:
            leds.show_turn(seat, players)

    def emit(self, event, text, winners=None):
        """A live event line (docs/events.md): scores are the collected star values; the
        battle has no rounds (round 0 on the wire)."""
        st = self.state
        self.app.emit(event, -1, 0, st.winner if st.is_terminal() else st.seat, st.players,
                      [st.star_value(p) for p in range(st.players)], text, winners)

    def take(self, actions):
        """Take an entry's events (the phase ends it implies first, the event chosen
        last); True if taken, and what it did is told (announce.py); the victory screen
        comes at the next tick (B8: the winner is known the moment the event is
        applied). Refused: nothing applied, nothing saved, the reason shown."""
        st = self.state
        ev = actions[-1]
        p = ev[1]
        moved = p * SHIPS + ev[2] if ev[0] == MOVE else p * SHIPS
        before = (st.seat, st.phase, st.star_value(p), st.kills[p], st.ships_in_play(p),
                  st.levels[moved])
        if not super().take(actions):
            return False
        new = self.state
        if ev[0] == ATTACK:
            self.last = None  # a ship attacks once (B10): the cursor goes back to the likely entry
        elif new.seat == before[0] and new.phase == PH_TACTICAL and new.owed:
            self.last = self._key()  # the cursor stays on the entry just used, but
            if ev[0] == STARS or (new.owed == 1 and self._may_place(new)):
                self.last = None  # after a placement or for the last point: see _cursor
        ui = self.ui
        while ui.top() is not self and len(ui.stack) > 1:
            ui.pop()
        if ev[0] != FIRST:
            announce(self, actions, before, self.cell)
        return True

    def _may_place(self, st):
        """True while the player in turn has placed no stars this turn and holds the 2
        a placement takes (B4, B10: always exactly 2)."""
        p = st.seat
        if st.reserve_small[p] + st.reserve_bomb[p] < 2:
            return False
        journal = st.journal
        pos = st.turn_at
        while pos < len(journal):
            ev, pos = events.unpack(journal, pos)  # the core's own bytes
            if ev[0] == STARS and ev[1] == p:
                return False
        return True

    def refuse(self, e):
        """The core's reason, ruling id first ("B4: ...") and players by their seat's
        name: a toast, or a page if long."""
        text = str(e)
        for p in range(4):
            text = text.replace("P{} ".format(p), SEAT_NAMES[p] + " ").replace(
                "P{}'s".format(p), SEAT_NAMES[p] + "'s")
        self.ui.cue("error")
        if len(wrap(text, 15)) <= 3:
            self.ui.toast(text)
        else:
            self.ui.push(TextPage(self.ui, "Entry refused", text, "battle.refused"))

    def show_turn(self):
        st = self.state
        self.app.board.leds.show_turn(st.winner if st.is_terminal() else st.seat, st.players)

    def enter(self):
        self.show_turn()

    def long_ok(self):
        menu.game_menu(self)

    def tick(self, now):
        if self.state.is_terminal() and not self.ended and self.ui.top() is self:
            self.victory()
            return True
        return False

    def victory(self):
        # The victory and status screens load when first shown: a module more at the
        # game's start costs it 9-27 ms on the emulated Pico (docs/gadget.md, Figures).
        from .end import EndScreen

        self.ended = 1
        self.ui.push(EndScreen(self))

    def _key(self):
        st = self.state
        return (st.phase, st.seat, st.phase == PH_TACTICAL and st.owed == 0, st.wormholed)

    def _cursor(self, items):
        """On the likely entry: a drone's free move, else the mothership's move (no
        attack); Place 2 stars for the last action point when none were placed this turn
        (B4: a turn is mostly moves, then 2 stars from the reserve); End turn once the
        action points are spent (or after the wormhole); the entry just used while the
        tactical phase goes on, but for an attack, a placement (a move is likelier than a
        second one) or an entry that leaves the last point to spend."""
        k = self._key()
        if k != self.last or self.item not in items:
            self.last = k
            st = self.state
            pick = items[0]  # the opening's, the exploration's, the first free move
            if st.wormholed or (st.phase == PH_TACTICAL and not st.owed):
                pick = DONE_ENTRY
            elif st.phase == PH_TACTICAL and st.owed == 1 and self._may_place(st):
                pick = STARS_ENTRY
            elif st.phase >= PH_DRONES and pick % SHIP_STEP != FREE_ENTRY:
                pick = MOVE_ENTRY  # the mothership's move
            self.item = pick if pick in items else items[0]
        self.index = items.index(self.item)

    def key(self, k):
        st = self.state
        items = self.items()
        self._cursor(items)
        n = len(items)
        if k == keys.UP:
            self.index = (self.index - 1) % n
        elif k == keys.DOWN:
            self.index = (self.index + 1) % n
        self.item = items[self.index]
        if k != keys.OK:
            return
        a = self.item
        kind = a % SHIP_STEP
        p = st.seat
        if st.is_terminal():
            self.victory()
        elif kind == STATUS_ENTRY:
            from .status import StatusScreen

            self.ui.push(StatusScreen(self, p))
        elif kind == DONE_ENTRY:
            self.take(implied(st, kind) + [events.done(p)])
        elif kind == CELL_ENTRY:  # B10: both opening cells in one go
            prefix = implied(st, kind)
            self.take(prefix + [events.cell(p)] * (st.owed if st.phase == PH_OPEN_CELLS else 1))
        else:
            entry.start(self, a, implied(st, kind))

    def label(self, a):
        st = self.state
        kind = a % SHIP_STEP
        ship = SHIP_NAMES[a // SHIP_STEP]
        if kind == FREE_ENTRY:
            return ship + " free move"
        if kind == MOVE_ENTRY:
            return "Move " + ship
        if kind == CELL_ENTRY and st.phase == PH_OPEN_CELLS:
            return "Place {} cell{}".format(st.owed, "s" if st.owed > 1 else "")
        return LABELS[kind]

    def draw(self, fb):
        st = self.state
        items = self.items()
        self._cursor(items)
        seat = st.winner if st.phase == PH_OVER else st.seat
        self.light(seat)
        title(fb, "{:<8}{:>6}*".format(SEAT_NAMES[seat], st.star_value(seat)))
        entry.draw_phase(fb, st)
        self.first = entry.draw_rows(fb, items, self.index, self.first, 10, self.label)
