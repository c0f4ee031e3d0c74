"""Geek Out! galaxy battle on the gadget: the turn screen, kept in RAM for the game.

The map stays on the table; the gadget keeps the tracker (rules/battle.py, rulings
B1-B10). The turn screen shows whose turn it is (seat LED lit), a phase stepper
(exploration, drone moves, attacks, tactical with its 3 action points as pips) and the
entries of the phase. Every event goes through submit(): checked by the rules core,
saved as one journal record, or refused with the core's reason and its ruling id
("B4: ...") with nothing changed. The rest lives in modules loaded when needed, one at a
time (loading one drops the others): games/battle_entry.py (the questions of an entry),
games/battle_after.py (what an entry did: event lines, toast, LEDs),
games/battle_status.py (status, game menu, undo) and games/battle_end.py (setup, first
player, victory).

Journal payload ('A' records): the rules core's event bytes (battle_events.encode, 1-3
bytes per event), one record per entry (the two opening cells go in one record). The
first player's draw (B1) is the first event. Config bytes: (players,), 3 or 4.
The kinds of placed stars are in the journal (the core needs them) but never on screen
nor in the live event lines: bombs lie face down on the table.
"""

import gc
import sys

from micropython import const

from geekout import keys
from geekout.ui.core import Screen, W, title, wrap
from geekout.ui.widgets import SEAT_NAMES

# The rules core (rules/battle.py, battle_events.py) is imported where a game is played,
# not at the top: the setup screens, before a game, have no need of its RAM. Its phases
# and action points, as private copies (no name at run time; rules/battle.py PH_*):
_PH_OPEN_CELLS = const(1)
_PH_EXPLORE = const(3)
_PH_DRONES = const(4)
_PH_ATTACKS = const(5)
_PH_TACTICAL = const(6)
_PH_OVER = const(7)
_ACTION_POINTS = const(3)

# Entries of the turn screen's list (also the kinds of battle_entry.Ask, which keeps
# its own copy: private consts cost no RAM on MicroPython).
_A_CELL = const(0)
_A_STARS = const(1)
_A_MOVE = const(2)
_A_ATTACK = const(3)
_A_UPGRADE = const(4)
_A_DRONE = const(5)
_A_TURN = const(6)
_A_UNIQUE = const(7)
_A_DONE = const(8)
_A_STATUS = const(9)

# The entries offered in each phase (index: phase - 1; the last, the game over).
_ITEMS = (
    (_A_CELL, _A_STATUS),
    (_A_STARS, _A_STATUS),
    (_A_CELL, _A_STATUS),
    (_A_MOVE, _A_UNIQUE, _A_DONE, _A_STATUS),
    (_A_ATTACK, _A_UNIQUE, _A_DONE, _A_STATUS),
    (_A_MOVE, _A_ATTACK, _A_UPGRADE, _A_DRONE, _A_STARS, _A_CELL, _A_TURN, _A_UNIQUE, _A_DONE,
     _A_STATUS),
    (_A_STATUS,),
)
# RAM on MicroPython: every string constant is an object of its own, every global name
# and every string of up to 10 characters an interned name (qstr; the interpreter's
# tables grow by a 7 KB block past about 620 of them). So the words live in one string,
# one per line, and the ids are private consts (no name kept at run time).
# Lines 0-9: the entries (_A_*); then the turn screen's other texts (_L_*).
_LABELS = "Place cell\nPlace 2 stars\nMove ship\nAttack\nUpgrade\nNew drone\nTurn cannon\n" \
    "Unique action\nEnd turn\nStatus\nExpDrnAtkTac\nOpening: cells\nOpening: stars\n" \
    "{} has won!\nPlace {} cell{}\nMove a drone\nDone: attacks\nDone: tactical\n{:<8}{:>6}*"
_L_STEPPER = const(10)  # the phase stepper's words, 3 letters each
_L_OPENING = const(11)  # cells; 12: stars
_L_WON = const(13)
_L_CELLS = const(14)
_L_MOVE_DRONE = const(15)
_L_DONE_ATTACKS = const(16)
_L_DONE_TACTICAL = const(17)
_L_TITLE = const(18)
_ROWS = const(4)
_END_TURN = const(8)  # index of End turn in the tactical list

# The battle's other modules (geekout.games.battle_<word>), one in RAM at a time:
# load(_M_ENTRY) and so on.
_MODS = "entry status end after"
_M_ENTRY = const(0)
_M_STATUS = const(1)
_M_END = const(2)
_M_AFTER = const(3)


def name(p):
    return SEAT_NAMES[p]


def load(i):
    """Import the battle's module number i; the others go first (one in RAM at a time; a
    screen of a dropped module still on the stack keeps its own code)."""
    m = "geekout.games.battle_" + _MODS.split()[i]
    if m not in sys.modules:
        for k in range(4):
            if k != i:
                drop(k)
    return __import__(m, None, None, ("x",))


def drop(i):
    """Forget the battle's module number i and collect at once, so its RAM is free for
    the next one in the same place (loading and dropping without collecting fragments the
    heap). Only on MicroPython: CPython (simulator, tests) has RAM to spare, re-imports
    slowly."""
    k = "geekout.games.battle_" + _MODS.split()[i]
    if sys.implementation.name == "micropython" and k in sys.modules:
        sys.modules.pop(k)
        try:
            delattr(sys.modules["geekout.games"], k[14:])
        except (AttributeError, KeyError):
            pass
        gc.collect()


def setup(app):
    load(_M_END).setup(app)


def play(app, config, actions):
    return load(_M_END).play(app, config, actions)


class BattleGame(Screen):
    """The turn screen: title (seat, star value), phase stepper, the phase's entries."""

    name = "battle.turn"

    def __init__(self, app, players, actions):
        from geekout.rules import battle as B

        super().__init__(app.ui)
        self.app = app
        self.state = B.replay(players, actions)
        self.index = 0
        self.first = 0
        self.last = -1  # phase and seat the cursor was placed for
        self.ended = 0  # the victory screen was shown for this state
        self.note = None  # (events, before) of an entry just taken, for battle_after
        st = self.state
        if st.is_chance():  # B1: the gadget draws the first player
            B.play_chance(st, app.board.rand)
            app.journal.append(st.journal)

    def items(self):
        return _ITEMS[self.state.phase - 1]

    def emit(self, event, text, winners=None):
        """A live event line (docs/events.md): scores are the collected star values; the
        battle has no rounds (round 0 on the wire)."""
        st = self.state
        self.app.emit(event, -1, 0, st.winner if st.is_terminal() else st.seat, st.players,
                      [st.star_value(p) for p in range(st.players)], text, winners)

    def submit(self, actions):
        """Apply an entry's events and save them as one record; True if taken. Refused:
        nothing applied, nothing saved, the reason shown. Its result (event lines, toast,
        LEDs) comes with the redraw that follows, the victory screen at the next tick
        (B8: the winner is known the moment the event is applied)."""
        from geekout.rules import battle as B

        st = self.state
        n0 = len(st.journal)
        p = actions[0][1]
        before = (st.seat, st.phase, st.star_value(p), st.kills[p], st.ships_in_play(p))
        try:
            for ev in actions:
                st.apply(ev)
        except ValueError as e:  # Illegal (a ruling) or BadEvent
            if len(st.journal) > n0:  # a later event of the entry refused: roll back
                self.state = B.replay(st.players, st.journal[:n0])
            self.refuse(e)
            return False
        self.app.journal.append(st.journal[n0:])
        ui = self.ui
        while ui.top() is not self and len(ui.stack) > 1:
            ui.pop()
        self.note = (actions, before)
        return True

    def refuse(self, e):
        """The core's reason, ruling id first ("B4: ..."): a toast, or a page if long."""
        text = str(e)
        self.ui.cue("error")
        if len(wrap(text, 15)) <= 3:
            self.ui.toast(text)
        else:
            from geekout.ui.widgets import TextPage

            self.ui.push(TextPage(self.ui, "Entry refused", text, "battle.refused"))

    def show_turn(self):
        st = self.state
        self.app.board.leds.show_turn(st.winner if st.is_terminal() else st.seat, st.players)

    def enter(self):
        self.show_turn()

    def long_ok(self):
        load(_M_STATUS).game_menu(self)

    def tick(self, now):
        if self.state.is_terminal() and not self.ended and self.ui.top() is self:
            self.victory()
            return True
        return False

    def victory(self):
        self.ended = 1
        self.ui.push(load(_M_END).EndScreen(self))

    def _cursor(self):
        """Back to the top of the list when the phase or the seat changes; on End turn
        once the action points are spent."""
        st = self.state
        k = st.phase * 4 + st.seat
        if st.phase == _PH_TACTICAL and st.owed == 0:
            k = 99
        if k != self.last:
            self.last = k
            self.index = _END_TURN if k == 99 else 0
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
            elif a == _A_STATUS:
                load(_M_STATUS).status(self, p)
            elif a == _A_CELL or a == _A_DONE:
                from geekout.rules import battle_events as E

                if a == _A_DONE:
                    self.submit([E.done(p)])
                else:  # B10: both opening cells in one go
                    self.submit([E.cell(p)] * (st.owed if st.phase == _PH_OPEN_CELLS else 1))
            else:
                load(_M_ENTRY).start(self, a)

    def draw(self, fb):
        if self.note:  # an entry was just taken: its result (battle_after); the entry's
            note = self.note  # module is done with (its screen is gone, its code ran)
            self.note = None
            load(_M_AFTER).after(self, note[0], note[1])
        st = self.state
        self._cursor()
        ph = st.phase
        seat = st.winner if ph == _PH_OVER else st.seat
        words = _LABELS.split("\n")
        title(fb, words[_L_TITLE].format(name(seat), st.star_value(seat)))
        if ph < _PH_EXPLORE:
            fb.text(words[_L_OPENING + (0 if ph == _PH_OPEN_CELLS else 1)], 0, 12, 1)
        elif ph == _PH_OVER:
            fb.text(words[_L_WON].format(name(seat)), 0, 12, 1)
        else:
            # The phase stepper: four phases, the current one inverted; 3 pips for the
            # action points still to spend (all 3 before the tactical phase, none after
            # the wormhole: B3).
            k = ph - _PH_EXPLORE
            for x in range(4):
                if x == k:
                    fb.fill_rect(x * 28, 11, 26, 11, 1)
                fb.text(words[_L_STEPPER][x * 3:x * 3 + 3], x * 28 + 1, 13, 0 if x == k else 1)
            pips = _ACTION_POINTS
            if st.wormholed:
                fb.hline(84, 16, 26, 1)
                pips = 0
            elif k == 3:
                pips = st.owed
            for x in range(_ACTION_POINTS):
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
            text = words[a]
            if a == _A_CELL and ph == _PH_OPEN_CELLS:
                text = words[_L_CELLS].format(st.owed, "s" if st.owed > 1 else "")
            elif a == _A_MOVE and ph == _PH_DRONES:
                text = words[_L_MOVE_DRONE]
            elif a == _A_DONE and ph == _PH_DRONES:
                text = words[_L_DONE_ATTACKS]
            elif a == _A_DONE and ph == _PH_ATTACKS and not st.wormholed:
                text = words[_L_DONE_TACTICAL]
            fb.text(text, 10, y, 1)
        if self.first > 0:
            fb.text("^", W - 8, 24, 1)
        if self.first + _ROWS < n:
            fb.text("v", W - 8, 54, 1)
