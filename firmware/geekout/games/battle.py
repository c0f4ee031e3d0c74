"""Geek Out! galaxy battle on the gadget: the turn screen, kept in RAM for the game.

The map stays on the table; the gadget keeps the tracker (rules/battle.py, rulings
B1-B10). The turn screen shows whose turn it is (seat LED lit), a phase stepper
(exploration, drone moves, attacks, tactical with its 3 action points as pips) and the
entries of the phase. Every event goes through submit(): checked by the rules core,
saved as one journal record, or refused with the core's reason and its ruling id
("B4: ...") with nothing changed. The rest lives in modules loaded when needed, one at a
time (loading one drops the others): games/battle_entry.py (the questions of an entry
and what an entry did: event lines, toast, LEDs), games/battle_status.py (status, game
menu, undo) and games/battle_end.py (setup, first player, victory).

Journal payload ('A' records): the rules core's event bytes (battle_events.encode, 1-3
bytes per event), one record per entry (the two opening cells go in one record). The
first player's draw (B1) is the first event. Config bytes: (players,), 3 or 4.
The kinds of placed stars are in the journal (the core needs them) but never on screen
nor in the live event lines: bombs lie face down on the table.
"""

import gc
import sys

from micropython import const

from geekout.rules import battle as B
from geekout.rules import battle_events as E
from geekout.ui import keys
from geekout.ui.core import Screen, W, title, wrap
from geekout.ui.widgets import SEAT_NAMES

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
# Words in one string each (RAM: a string constant is an object of its own on MicroPython).
_LABELS = "Place cell|Place 2 stars|Move ship|Attack|Upgrade|New drone|Turn cannon|" \
    "Unique action|End turn|Status"
_STEPS = "ExpDrnAtkTac"
_ROWS = const(4)
_END_TURN = const(8)  # index of End turn in the tactical list

_MPY = sys.implementation.name == "micropython"
_ENTRY = "geekout.games.battle_entry"
_STATUS = "geekout.games.battle_status"
_END = "geekout.games.battle_end"
_MODS = (_ENTRY, _STATUS, _END)


def name(p):
    return SEAT_NAMES[p]


def load(mod):
    """Import one of the battle's other modules; the others go first (one in RAM at a
    time; a screen of a dropped module still on the stack keeps its own code)."""
    if mod not in sys.modules:
        for m in _MODS:
            if m != mod:
                drop(m)
    return __import__(mod, None, None, ("x",))


def drop(mod):
    """Forget a module and collect at once, so its RAM is free for the next one in the
    same place (loading and dropping without collecting fragments the heap). Only on
    MicroPython: CPython (simulator, tests) has RAM to spare and re-imports slowly."""
    if _MPY and mod in sys.modules:
        sys.modules.pop(mod)
        try:
            delattr(sys.modules["geekout.games"], mod[14:])
        except (AttributeError, KeyError):
            pass
        gc.collect()


def setup(app):
    load(_END).setup(app)


def play(app, config, actions):
    return load(_END).play(app, config, actions)


class BattleGame(Screen):
    """The turn screen: title (seat, star value), phase stepper, the phase's entries."""

    name = "battle.turn"

    def __init__(self, app, players, actions):
        super().__init__(app.ui)
        self.app = app
        self.state = B.replay(players, actions)
        self.index = 0
        self.first = 0
        self.mark = -1  # phase and seat the cursor was placed for
        self.ended = 0  # the victory screen was shown for this state
        self.fresh = None  # (events, before) of an entry just taken, for battle_after
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

    def submit(self, evs):
        """Apply an entry's events and save them as one record; True if taken. Refused:
        nothing applied, nothing saved, the reason shown. Its result (event lines, toast,
        LEDs) comes with the redraw that follows, the victory screen at the next tick
        (B8: the winner is known the moment the event is applied)."""
        st = self.state
        n0 = len(st.journal)
        p = evs[0][1]
        before = (st.seat, st.phase, st.star_value(p), st.kills[p], st.ships_in_play(p))
        try:
            for ev in evs:
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
        self.fresh = (evs, before)
        return True

    def refuse(self, e):
        """The core's reason, ruling id first ("B4: ..."): a toast, or a page if long."""
        text = str(e)
        self.ui.cue("error")
        if len(wrap(text, 15)) <= 3:
            self.ui.toast(text)
        else:
            from geekout.ui.widgets import TextPage

            self.ui.push(TextPage(self.ui, "Refused", text, "battle.refused"))

    def show_turn(self):
        st = self.state
        self.app.board.leds.show_turn(st.winner if st.is_terminal() else st.seat, st.players)

    def enter(self):
        self.show_turn()

    def long_ok(self):
        load(_STATUS).game_menu(self)

    def tick(self, now):
        if self.state.is_terminal() and not self.ended and self.ui.top() is self:
            self.victory()
            return True
        return False

    def victory(self):
        self.ended = 1
        self.ui.push(load(_END).EndScreen(self))

    def _cursor(self):
        """Back to the top of the list when the phase or the seat changes; on End turn
        once the action points are spent."""
        st = self.state
        mark = st.phase * 4 + st.seat
        if st.phase == B.PH_TACTICAL and st.owed == 0:
            mark = 99
        if mark != self.mark:
            self.mark = mark
            self.index = _END_TURN if mark == 99 else 0
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
                load(_STATUS).status(self, p)
            elif a == _A_CELL:  # B10: both opening cells in one go
                self.submit([E.cell(p)] * (st.owed if st.phase == B.PH_OPEN_CELLS else 1))
            elif a == _A_DONE:
                self.submit([E.done(p)])
            else:
                load(_ENTRY).start(self, a)

    def draw(self, fb):
        if self.fresh:  # an entry was just taken: its result (battle_entry.after)
            fresh = self.fresh
            self.fresh = None
            load(_ENTRY).after(self, fresh[0], fresh[1])
        st = self.state
        self._cursor()
        ph = st.phase
        seat = st.winner if ph == B.PH_OVER else st.seat
        title(fb, "{:<8}{:>6}*".format(name(seat), st.star_value(seat)))
        if ph < B.PH_EXPLORE:
            fb.text("Opening: " + ("cells" if ph == B.PH_OPEN_CELLS else "stars"), 0, 12, 1)
        elif ph == B.PH_OVER:
            fb.text(name(seat) + " wins", 0, 12, 1)
        else:
            self._stepper(fb, ph - B.PH_EXPLORE)
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
            fb.text(self._label(items[j]), 10, y, 1)
        if self.first > 0:
            fb.text("^", W - 8, 24, 1)
        if self.first + _ROWS < n:
            fb.text("v", W - 8, 54, 1)

    def _label(self, a):
        st = self.state
        ph = st.phase
        if a == _A_CELL and ph == B.PH_OPEN_CELLS:
            return "Place {} cell{}".format(st.owed, "s" if st.owed > 1 else "")
        if a == _A_MOVE and ph == B.PH_DRONES:
            return "Move drone"
        if a == _A_DONE and ph == B.PH_DRONES:
            return "Done: attacks"
        if a == _A_DONE and ph == B.PH_ATTACKS and not st.wormholed:
            return "Done: tactical"
        return _LABELS.split("|")[a]

    def _stepper(self, fb, cur):
        """Four phases in a row, the current one inverted; 3 pips for the action points
        still to spend (all 3 before the tactical phase, none after the wormhole)."""
        st = self.state
        for k in range(4):
            x = k * 28
            if k == cur:
                fb.fill_rect(x, 11, 26, 11, 1)
            fb.text(_STEPS[k * 3:k * 3 + 3], x + 1, 13, 0 if k == cur else 1)
        pips = B.ACTION_POINTS
        if st.wormholed:  # B3: no tactical phase after the wormhole
            fb.hline(84, 16, 26, 1)
            pips = 0
        elif cur == 3:
            pips = st.owed
        for k in range(B.ACTION_POINTS):
            x = 111 + k * 6
            if k < pips:
                fb.fill_rect(x, 14, 5, 5, 1)
            else:
                fb.rect(x, 14, 5, 5, 1)
