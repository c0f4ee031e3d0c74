"""Geek Out! Masters with real dice: the gadget is the scorepad (and the hint).

Per turn the player enters the 42s scored (0-10) or BUST; the M7 table turns that into
points, seats and rounds follow M8. Journal payload: the first byte is the first seat
(the gadget draws it, M8), then one byte per turn: 0-10 dice scored, 11 = bust.
The hint asks for the dice showing (a count per face) and the zone counts.
"""

from micropython import const

from geekout.games.masters import (
    GameBase,
    hint_available,
    hint_engine,
    hint_text,
    need_to_lead,
)
from geekout.rules import masters as M
from geekout import keys
from geekout.ui.core import W, center, title
from geekout.ui.widgets import SEAT_NAMES, TextPage, big_number

BUST = const(11)


class Scorepad:
    """The fold of a table-dice journal (pure: no screen, no storage)."""

    def __init__(self, players):
        self.players = players
        self.journal = bytearray()
        self.totals = [0] * players
        self.first = -1
        self.seat = 0
        self.turn = 0  # turns played

    def apply(self, b):
        if self.first < 0:
            if b >= self.players:
                raise ValueError("bad first seat")
            self.first = self.seat = b
        else:
            if self.over():
                raise ValueError("game over")
            if b > BUST:
                raise ValueError("more 42s than dice")
            if b != BUST:
                self.totals[self.seat] += M.points_for(b)  # M7; a bust scores 0 (M5)
            self.turn += 1
            self.seat = (self.seat + 1) % self.players
        self.journal.append(b)

    def round(self):
        return self.turn // self.players

    def over(self):
        return self.turn >= self.players * M.ROUNDS  # M8: five rounds

    def last_round(self):
        return self.round() == M.ROUNDS - 1


def replay(players, actions):
    pad = Scorepad(players)
    for i in range(len(actions)):
        try:
            pad.apply(actions[i])
        except ValueError as e:
            raise ValueError("entry {}: {}".format(i, e)) from None
    return pad


class TableGame(GameBase):
    name = "masters.table"

    def __init__(self, app, players, actions):
        super().__init__(app)
        self.pad = replay(players, actions)
        self.value = 0
        self.note = ""  # the last turn's result, until the next key
        if self.pad.first < 0:
            self._save(app.board.rand(players))
            app.ui.toast(SEAT_NAMES[self.pad.first] + " starts")

    def totals(self):
        return self.pad.totals

    def seat(self):
        return self.pad.seat

    def round(self):
        return self.pad.round()

    def over(self):
        return self.pad.over()

    def turns_played(self):
        return self.pad.turn

    def _save(self, b):
        self.pad.apply(b)
        self.app.journal.append(bytes((b,)))

    def key(self, k):
        if self.pad.over():
            return
        self.note = ""
        if k == keys.UP:
            self.value = (self.value + 1) % 12
        elif k == keys.DOWN:
            self.value = (self.value - 1) % 12
        elif k == keys.OK:
            seat = self.pad.seat
            v = self.value
            self._save(v)
            self.value = 0
            if v == BUST:
                self.note = SEAT_NAMES[seat] + ": BUST"
                self.after_turn(seat, 0, M.ENDED_BUST)
            else:
                self.note = "{} +{} = {}".format(SEAT_NAMES[seat], M.points_for(v),
                                                 self.pad.totals[seat])
                self.after_turn(seat, M.points_for(v), M.ENDED_PASS)

    def undo(self):
        pad = self.pad
        if len(pad.journal) <= 1:
            self.ui.toast("Nothing to undo")
            return
        last = pad.journal[-1]
        self.pad = replay(pad.players, pad.journal[:-1])
        self.app.journal.undo(1)
        self.value = last
        self.show_turn()
        text = "Undone: " + ("bust" if last == BUST else "{} scored".format(last))
        self.ui.toast(text)
        self.emit("undo", text)

    def hint(self):
        if hint_available(self.app):
            self.ui.push(DiceEntry(self))

    def draw(self, fb):
        pad = self.pad
        seat = pad.seat
        title(fb, "R{}/5 {} {}".format(min(pad.round() + 1, 5), SEAT_NAMES[seat],
                                      pad.totals[seat]))
        fb.text("42s scored:", 0, 13, 1)
        if self.value == BUST:
            big_number(fb, 92, 12, "--", 8, 14, 2)
            center(fb, "BUST: 0 points", 34)
        else:
            s = str(self.value)
            big_number(fb, 96 + (2 - len(s)) * 10, 12, s, 8, 14, 2)
            center(fb, "= {} points".format(M.points_for(self.value)), 34)
        n = pad.players
        col = W // n
        for i in range(n):
            t = "{}{}".format(SEAT_NAMES[i][0], pad.totals[i])
            fb.text(t, i * col + 2, 46, 1)
        fb.text(self.note[:16] if self.note else "^v set  OK save", 0, 56, 1)


_FIELDS = ("42", "HRT", "MPL", "SHP", "HRO", "DRG", "In", "Use", "Sc")


class DiceEntry(TextPage):
    """Nine counts: the active dice showing per face, then inactive, used, scored.
    UP/DOWN change the field, OK goes to the next field (and at the end asks for the
    hint), BACK to the previous one. The zones must hold 10 dice."""

    name = "masters.dice_entry"

    def __init__(self, game):
        super().__init__(game.ui, "Dice showing", "")
        self.game = game
        self.counts = bytearray(9)
        self.field = 0

    def key(self, k):
        c = self.counts
        f = self.field
        if k == keys.UP:
            c[f] = (c[f] + 1) % 11
        elif k == keys.DOWN:
            c[f] = (c[f] - 1) % 11
        elif k == keys.BACK:
            if f:
                self.field -= 1
            else:
                self.ui.pop()
        elif k == keys.OK:
            if f < 8:
                self.field += 1
            else:
                self.answer()

    def answer(self):
        c = self.counts
        total = sum(c)
        if total != M.DICE:
            self.ui.toast("{} dice: the zones hold 10".format(total))
            self.ui.cue("error")
            return
        active = bytearray(c[0:6])
        if not sum(active) and not c[7]:
            self.ui.toast("No dice to roll: pass")
            return
        pad = self.game.pad
        need = need_to_lead(pad.totals, pad.seat, pad.last_round())
        engine = hint_engine(self.game.app)
        if engine is None:
            self.ui.toast("No hint table")
            return
        text = hint_text(engine, active, c[6], c[7], c[8], need)
        self.ui.replace(TextPage(self.ui, "Hint", text, "masters.hint"))

    def draw(self, fb):
        title(fb, "Dice showing")
        c = self.counts
        for i in range(9):
            x = (i % 3) * 43
            y = 12 + (i // 3) * 11
            if i == self.field:
                fb.text(">", x, y, 1)
            fb.text("{}{}".format(_FIELDS[i], c[i]), x + 8, y, 1)
        fb.text("Total {}/10".format(sum(c)), 0, 46, 1)
        fb.text("^v set OK next", 4, 56, 1)
