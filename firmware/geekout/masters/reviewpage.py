"""Geek Out! Masters on the gadget: the review's pages (end menu -> Review; docs/gadget.md,
Review). One page per seat (turns and points, points lost, luck, blunders) and the
game's costliest decision with the better step; UP/DOWN turn the pages, OK or BACK
leave. Loaded with review.py only when Review is chosen."""

from geekout import keys
from geekout.masters.consts import FACES
from geekout.masters.hintpage import short_action
from geekout.masters.review import (
    BLUNDERS,
    DECISIONS,
    LOST,
    LUCK,
    ONE,
    REVIEWED,
    SCORE,
    TURNS,
    review,
    review_table,
    table_values,
)
from geekout.ui.core import Screen, title, wrap
from geekout.ui.widgets import SEAT_NAMES

_FACE3 = ("42", "HRT", "MPL", "SHP", "HRO", "DRG")


def points(raw):
    """A raw review figure in points, two decimals."""
    return "{:.2f}".format(raw / ONE)


def seat_page(r, seat):
    """A seat's page: its lines of at most 16 characters."""
    row = r.seats[seat]
    n = row[TURNS]
    lines = ["{} turn{}, {} pts".format(n, "" if n == 1 else "s", row[SCORE]),
             "Lost " + points(row[LOST]),
             "Luck " + ("+" if row[LUCK] >= 0 else "") + points(row[LUCK]),
             "Blunders {}/{}".format(row[BLUNDERS], row[DECISIONS])]
    if row[REVIEWED] < n:
        lines.append("{} not reviewed".format(n - row[REVIEWED]))
    else:
        lines.append("V* {} a turn".format(points(r.start)))
    return lines


def costliest_page(r):
    """The costliest decision: who, when, how much; the position; the step taken and
    the better one."""
    w = r.worst
    if w is None:
        return ["No decision", "lost points."]
    lost, turn, _rnd, seat, pos, chosen, best = w
    active, inactive, used, scored = pos
    words = []
    for f in range(FACES):
        n = active[f]
        if n:
            words.append(_FACE3[f] + ("x" + str(n) if n > 1 else ""))
    if not words:
        words.append("Pass/continue")
    words.append("In{} Us{} Sc{}".format(inactive, used, scored))
    lines = ["{} T{} -{}".format(SEAT_NAMES[seat][:3], turn + 1, points(lost))]
    lines += wrap(" ".join(words), 16)
    lines.append("Did " + short_action(chosen))
    lines.append("Best " + short_action(best))
    return lines


def page(r, i):
    """(heading, lines) of page i of a Review: the seats, then the costliest decision.
    Made when shown: the five pages of a 4-player game took 15 ms on the emulated Pico,
    inside the Review key."""
    n = len(r.seats) + 1
    if i < n - 1:
        return "{} {}/{}".format(SEAT_NAMES[i], i + 1, n), seat_page(r, i)
    return "Costliest {}/{}".format(n, n), costliest_page(r)


def show(game):
    """Review the game (its journal, the hint table) and push the pages; a toast when
    the table cannot say (a table that does not fit the game)."""
    ui = game.ui
    try:
        values, close = table_values(game.hints)
        try:
            st = game.state
            if hasattr(st, "traces"):  # table dice (rules.Scorepad): the traced turns
                r = review_table(values, len(st.totals), st)
            else:
                r = review(values, len(st.totals), game.app.journal.actions)
        finally:
            close()
    except (OSError, ValueError) as e:
        ui.toast("No review: " + str(e))
        return
    ui.push(ReviewPages(ui, r))


class ReviewPages(Screen):
    """The review's pages (page()): UP/DOWN the page before or after, OK/BACK leave."""

    name = "masters.review"

    def __init__(self, ui, r):
        super().__init__(ui)
        self.r = r
        self.pages = len(r.seats) + 1
        self.page = 0

    def key(self, k):
        if k == keys.UP:
            self.page = max(0, self.page - 1)
        elif k == keys.DOWN:
            self.page = min(self.pages - 1, self.page + 1)
        elif k == keys.OK or k == keys.BACK:
            self.ui.pop()

    def draw(self, fb):
        heading, lines = page(self.r, self.page)
        title(fb, heading)
        for i in range(min(6, len(lines))):
            fb.text(lines[i], 0, 10 + i * 9, 1)
        if len(lines) < 6:
            fb.text("^v page  OK done", 0, 56, 1)
