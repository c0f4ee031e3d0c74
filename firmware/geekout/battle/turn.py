"""Geek Out! galaxy battle on the gadget: the turn screen, where the game is played.

The map stays on the table; the gadget keeps the tracker (rules.py, rulings B1-B10). The
turn screen shows whose turn it is (seat LED lit), a phase stepper (exploration, drone
moves, attacks, tactical with its 3 action points as pips) and the entries of the phase.
Every event goes through submit(): checked by the rules core, saved as one journal
record, or refused with the core's reason and its ruling id ("B4: ...") with nothing
changed; undo() takes the last one back. The questions of an entry are in entry.py,
what an entry did is told by announce.py, the menus are in menu.py, the status pages in
status.py, the victory in end.py.

Journal payload ('A' records): the rules core's event bytes (events.encode, 1-3 bytes
per event), one record per entry (the two opening cells go in one record). The first
player's draw (B1) is the first event. Config bytes: (players,), 3 or 4.
The kinds of placed stars are in the journal (the core needs them) but never on screen
nor in the live event lines: bombs lie face down on the table.
"""

from micropython import const

from geekout import keys
from geekout.ui.core import Screen, W, title, wrap
from geekout.ui.widgets import SEAT_NAMES, TextPage

from . import entry, events, menu, rules
from .announce import announce
from .consts import (
    ACTION_POINTS,
    PH_ATTACKS,
    PH_DRONES,
    PH_EXPLORE,
    PH_OPEN_CELLS,
    PH_OVER,
    PH_TACTICAL,
    TYPE_NAMES,
)
from .end import EndScreen
from .entry import (
    ATTACK_ENTRY,
    CELL_ENTRY,
    DONE_ENTRY,
    DRONE_ENTRY,
    MOVE_ENTRY,
    STARS_ENTRY,
    STATUS_ENTRY,
    TURN_ENTRY,
    UNIQUE_ENTRY,
    UPGRADE_ENTRY,
)
from .status import StatusScreen

# The entries offered in each phase (index: phase - 1; the last, the game over).
ITEMS = (
    (CELL_ENTRY, STATUS_ENTRY),
    (STARS_ENTRY, STATUS_ENTRY),
    (CELL_ENTRY, STATUS_ENTRY),
    (MOVE_ENTRY, UNIQUE_ENTRY, DONE_ENTRY, STATUS_ENTRY),
    (ATTACK_ENTRY, UNIQUE_ENTRY, DONE_ENTRY, STATUS_ENTRY),
    (MOVE_ENTRY, ATTACK_ENTRY, UPGRADE_ENTRY, DRONE_ENTRY, STARS_ENTRY, CELL_ENTRY, TURN_ENTRY,
     UNIQUE_ENTRY, DONE_ENTRY, STATUS_ENTRY),
    (STATUS_ENTRY,),
)
END_TURN = ITEMS[PH_TACTICAL - 1].index(DONE_ENTRY)  # where the cursor goes once the points are spent
# The entries' words, by entry; the phase stepper's.
LABELS = ("Place cell", "Place 2 stars", "Move ship", "Attack", "Upgrade", "New drone",
          "Turn cannon", "Unique action", "End turn", "Status")
STEPPER = ("Exp", "Drn", "Atk", "Tac")
_ROWS = const(4)  # entries shown under the stepper


class TurnScreen(Screen):
    """The turn screen: title (seat, star value), phase stepper, the phase's entries."""

    name = "battle.turn"

    def __init__(self, app, players, actions):
        super().__init__(app.ui)
        self.app = app
        # Copies of the game at its last turn starts, taken while it is replayed and
        # after each entry, so an undo replays one turn or so (rules.undo).
        self.marks = rules.new_marks()
        self.state = rules.replay(players, actions, self.marks)
        self.index = 0
        self.first = 0
        self.last = -1  # phase and seat the cursor was placed for
        self.ended = 0  # the victory screen was shown for this state
        st = self.state
        if st.is_chance():  # B1: the gadget draws the first player
            rules.play_chance(st, app.board.rand)
            app.journal.append(st.journal)
            self.marks.note(st, len(st.journal))

    def items(self):
        return ITEMS[self.state.phase - 1]

    def emit(self, event, text, winners=None):
        """A live event line (docs/events.md): scores are the collected star values; the
        battle has no rounds (round 0 on the wire)."""
        st = self.state
        self.app.emit(event, -1, 0, st.winner if st.is_terminal() else st.seat, st.players,
                      [st.star_value(p) for p in range(st.players)], text, winners)

    def submit(self, actions):
        """Apply an entry's events and save them as one record; True if taken, and what
        it did is told (announce.py); the victory screen comes at the next tick (B8: the
        winner is known the moment the event is applied). Refused: nothing applied,
        nothing saved, the reason shown."""
        st = self.state
        n0 = len(st.journal)
        p = actions[0][1]
        before = (st.seat, st.phase, st.star_value(p), st.kills[p], st.ships_in_play(p))
        # An entry of several events may be refused at a later one: they go to a copy,
        # which becomes the state once all are taken (one event is refused unapplied).
        new = st.clone() if len(actions) > 1 else st
        try:
            for ev in actions:
                new.apply(ev)
        except ValueError as e:  # Illegal (a ruling) or BadEvent
            self.refuse(e)
            return False
        self.state = new
        self.app.journal.append(new.journal[n0:])
        self.marks.note(new, len(new.journal))
        ui = self.ui
        while ui.top() is not self and len(ui.stack) > 1:
            ui.pop()
        announce(self, actions, before)
        return True

    def undo(self):
        """Take back the last event (the rules core replays the journal without it, from
        the latest turn start kept); the first player's draw stays. The toast names the
        event, never the kinds of stars."""
        r = rules.undo(self.state, self.marks)
        if r is None:
            self.ui.toast("Nothing to undo")
            return
        self.state, ev = r
        self.ended = 0
        self.app.journal.undo(len(events.encode(ev)))
        self.show_turn()
        text = "Undone: {} {}".format(SEAT_NAMES[ev[1]], TYPE_NAMES[ev[0]])
        self.ui.toast(text)
        self.emit("undo", text)

    def refuse(self, e):
        """The core's reason, ruling id first ("B4: ..."): a toast, or a page if long."""
        text = str(e)
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
        self.ended = 1
        self.ui.push(EndScreen(self))

    def _cursor(self):
        """Back to the top of the list when the phase or the seat changes; on End turn
        once the action points are spent."""
        st = self.state
        k = st.phase * 4 + st.seat
        if st.phase == PH_TACTICAL and st.owed == 0:
            k = 99
        if k != self.last:
            self.last = k
            self.index = END_TURN if k == 99 else 0
            self.first = 0

    def key(self, k):
        st = self.state
        self._cursor()
        items = self.items()
        n = len(items)
        if k == keys.UP:
            self.index = (self.index - 1) % n
        elif k == keys.DOWN:
            self.index = (self.index + 1) % n
        elif k == keys.OK:
            a = items[self.index]
            p = st.seat
            if st.is_terminal():
                self.victory()
            elif a == STATUS_ENTRY:
                self.ui.push(StatusScreen(self, p))
            elif a == DONE_ENTRY:
                self.submit([events.done(p)])
            elif a == CELL_ENTRY:  # B10: both opening cells in one go
                self.submit([events.cell(p)] * (st.owed if st.phase == PH_OPEN_CELLS else 1))
            else:
                entry.start(self, a)

    def draw(self, fb):
        st = self.state
        self._cursor()
        ph = st.phase
        seat = st.winner if ph == PH_OVER else st.seat
        title(fb, "{:<8}{:>6}*".format(SEAT_NAMES[seat], st.star_value(seat)))
        if ph < PH_EXPLORE:
            fb.text("Opening: cells" if ph == PH_OPEN_CELLS else "Opening: stars", 0, 12, 1)
        elif ph == PH_OVER:
            fb.text("{} has won!".format(SEAT_NAMES[seat]), 0, 12, 1)
        else:
            # The phase stepper: four phases, the current one inverted; 3 pips for the
            # action points still to spend (all 3 before the tactical phase, none after
            # the wormhole: B3).
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
        items = self.items()
        n = len(items)
        i = self.index
        if i < self.first:
            self.first = i
        elif i >= self.first + _ROWS:
            self.first = i - _ROWS + 1
        for row in range(min(_ROWS, n - self.first)):
            j = self.first + row
            y = 24 + row * 10
            if j == i:
                fb.text(">", 0, y, 1)
            a = items[j]
            text = LABELS[a]
            if a == CELL_ENTRY and ph == PH_OPEN_CELLS:
                text = "Place {} cell{}".format(st.owed, "s" if st.owed > 1 else "")
            elif a == MOVE_ENTRY and ph == PH_DRONES:
                text = "Move a drone"
            elif a == DONE_ENTRY and ph == PH_DRONES:
                text = "Done: attacks"
            elif a == DONE_ENTRY and ph == PH_ATTACKS and not st.wormholed:
                text = "Done: tactical"
            fb.text(text, 10, y, 1)
        if self.first > 0:
            fb.text("^", W - 8, 24, 1)
        if self.first + _ROWS < n:
            fb.text("v", W - 8, 54, 1)
