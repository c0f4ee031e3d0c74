"""Geek Out! Masters on the gadget, table dice: players roll real dice and the gadget is
the scorepad (and the hint).

Per turn the player enters the 42s scored (0-10) or BUST; the rules core's Scorepad
turns that into points (M7) and moves seats and rounds on (M8). The gadget draws the
first player. The hint asks for the dice showing (a count per face) and the zone counts.
"""

from geekout import keys
from geekout.masters.consts import BUST, DICE, ROUNDS
from geekout.masters.game import GameBase
from geekout.masters.hintpage import hint_text, need_to_lead
from geekout.masters.rules import points_for, replay_table
from geekout.ui.core import W, center, title
from geekout.ui.widgets import SEAT_NAMES, Fields, TextPage, big_number


class TableGame(GameBase):
    name = "masters.table"

    def __init__(self, app, players, actions):
        super().__init__(app, replay_table(players, actions))
        self.value = 0  # the entry being set: 0-10 dice scored, or BUST
        self.note = ""  # the last turn's result, until the next key
        if self.state.first < 0:  # M8: the gadget draws the first player
            self._save(app.board.rand(players))
            app.ui.toast(SEAT_NAMES[self.state.first] + " starts")

    def _save(self, entry):
        self.state.apply_action(entry)
        self.app.journal.append(bytes((entry,)))

    def key(self, k):
        pad = self.state
        if pad.is_terminal():
            return
        self.note = ""
        if k == keys.UP:
            self.value = (self.value + 1) % (BUST + 1)
        elif k == keys.DOWN:
            self.value = (self.value - 1) % (BUST + 1)
        elif k == keys.OK:
            seat = pad.seat
            entry = self.value
            self._save(entry)
            self.value = 0
            if entry == BUST:
                self.note = SEAT_NAMES[seat] + ": BUST"
            else:
                self.note = "{} +{} = {}".format(SEAT_NAMES[seat], points_for(entry),
                                                 pad.totals[seat])
            self.after_turn()

    def undo(self):
        pad = self.state
        if len(pad.journal) <= 1:
            self.ui.toast("Nothing to undo")
            return
        last = pad.journal[-1]
        self.state = replay_table(pad.players, pad.journal[:-1])
        self.app.journal.undo(1)
        self.value = last
        self.show_turn()
        text = "Undone: " + ("bust" if last == BUST else "{} scored".format(last))
        self.ui.toast(text)
        self.emit("undo", text)

    def hint(self):
        if self.hints is not None:
            self.ui.push(DiceEntry(self))

    def draw(self, fb):
        pad = self.state
        seat = pad.seat
        title(fb, "R{}/5 {} {}".format(min(pad.round + 1, 5), SEAT_NAMES[seat],
                                      pad.totals[seat]))
        fb.text("42s scored:", 0, 13, 1)
        if self.value == BUST:
            big_number(fb, 92, 12, "--", 8, 14, 2)
            center(fb, "BUST: 0 points", 34)
        else:
            s = str(self.value)
            big_number(fb, 96 + (2 - len(s)) * 10, 12, s, 8, 14, 2)
            center(fb, "= {} points".format(points_for(self.value)), 34)
        n = pad.players
        col = W // n
        for i in range(n):
            # "R12" while the seats stand 8 px or more apart; a 3-digit total of 4 seats
            # would make "R110G110B110Y110": then the totals alone, in seat order.
            t = "{}{}".format(SEAT_NAMES[i][0], pad.totals[i])
            if len(t) * 8 > col - 8:
                t = str(pad.totals[i])
            fb.text(t, i * col + (col - len(t) * 8) // 2, 46, 1)
        fb.text(self.note if self.note else "^v set  OK save", 0, 56, 1)


_FIELDS = ("42", "HRT", "MPL", "SHP", "HRO", "DRG", "In", "Use", "Sc")


class DiceEntry(Fields):
    """Nine counts: the active dice showing per face, then inactive, used, scored.
    UP/DOWN change the field, OK goes to the next field (and at the end asks for the
    hint), BACK to the previous one. The zones must hold 10 dice."""

    name = "masters.dice_entry"

    def __init__(self, game):
        super().__init__(game.ui)
        self.game = game
        self.counts = bytearray(9)

    def count(self):
        return len(_FIELDS)

    def change(self, field, step):
        self.counts[field] = (self.counts[field] + step) % (DICE + 1)

    def finish(self):
        self.answer()

    def answer(self):
        c = self.counts
        total = sum(c)
        if total != DICE:
            self.ui.toast("{} dice: the zones hold 10".format(total))
            self.ui.cue("error")
            return
        active = bytearray(c[0:6])
        if not sum(active) and not c[7]:
            self.ui.toast("No dice to roll: pass")
            return
        pad = self.game.state
        need = need_to_lead(pad.totals, pad.seat, pad.round == ROUNDS - 1)
        text = hint_text(self.game.hints, active, c[6], c[7], c[8], need)
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
