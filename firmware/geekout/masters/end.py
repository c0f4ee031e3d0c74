"""Geek Out! Masters on the gadget: game over. The totals, the winner or the tied winners
(M8: ties share the victory); OK ends the game (the save goes to the logs), long OK
offers to undo the last step (named: "Undo Pass"), the game's review (reviewpage.py,
when the hint table is installed) or go home (the game stays saved)."""

from geekout import keys
from geekout.ui.core import Screen, center, say_now, title
from geekout.ui.scoreboard import draw_scores
from geekout.ui.widgets import SEAT_NAMES, Menu


class EndScreen(Screen):
    name = "masters.end"

    def __init__(self, game):
        super().__init__(game.ui)
        self.game = game
        totals = game.state.totals
        best = max(totals)
        self.winners = [i for i in range(len(totals)) if totals[i] == best]  # M8: ties share

    def enter(self):
        leds = self.game.app.board.leds
        players = len(self.game.state.totals)
        if len(self.winners) == 1:  # the winner's LED bright, the others dim
            leds.show_turn(self.winners[0], players)
        else:
            leds.show_seats(players)

    def key(self, k):
        if k == keys.OK:
            self.game.app.finish()

    def long_ok(self):
        # the item says which step an undo takes back ("Undo Pass"): one, not a turn
        items = [self.game.undo_item()]
        if self.game.reviewable():
            items.append("Review")
        items.append("Home")
        self.ui.push(Menu(self.ui, "Game over", items, lambda i: self._menu(i, items[i]),
                          "masters.end_menu"))

    def _menu(self, i, item):
        ui = self.ui
        ui.pop()
        if i == 0:
            ui.pop()  # this end screen
            self.game.undo()
        elif item == "Review":  # its modules are loaded now, never during play
            _reviewing(ui)
            from geekout.masters import reviewpage

            reviewpage.show(self.game)
        else:
            self.game.app.go_home()

    def draw(self, fb):
        totals = self.game.state.totals
        title(fb, "Game over")
        draw_scores(fb, totals, -1, 12)
        if len(totals) == 1:
            text = "Score {}".format(totals[0])
        elif len(self.winners) == 1:
            text = SEAT_NAMES[self.winners[0]] + " wins!"
        else:  # M8: every tied winner named (initials when the names do not fit)
            text = "Tie: " + " ".join(SEAT_NAMES[i][:3] for i in self.winners)
            if len(text) > 16:
                text = "Tie: " + " ".join(SEAT_NAMES[i][0] for i in self.winners)
        center(fb, text, 45)
        fb.text("OK: done", 32, 56, 1)


def _reviewing(ui):
    """A frame that says the review is under way, out at once, before its modules load
    and the game is walked: the Review key takes some 0.8 s on the emulated Pico
    (docs/gadget.md, Review), this frame is on the panel 34 ms after the press."""
    say_now(ui, "Reviewing...")

