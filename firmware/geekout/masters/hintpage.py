"""Geek Out! Masters on the gadget: the hint as the player reads it, and the short words
for a step (the hint's lines, the undo toast, the live event line).

The hint table (consts.HINT_FILE) is looked for once when the game starts, and its
reader (hint.py) is loaded then, with the game, when the table is there. Each hint opens
the table, reads a few values and closes it again.
"""

from geekout.masters.consts import CONTINUE, HEART_ACT, HINT_FILE, NO_TARGET, PASS
from geekout.masters.rules import action_actor
from geekout.ui.core import wrap

SHORT = ("42", "HEART", "MEEPLE", "SHIP", "HERO", "DRAGON")
_TARGET_SHORT = ("42", "HRT", "MPL", "SHP", "HRO", "DRG")


def short_action(a):
    """A step in at most 10 characters: "Pass", "HEART", "SHIP>DRG", "HERO alone"."""
    if a == PASS:
        return "Pass"
    if a == CONTINUE:
        return "Continue"
    if a == HEART_ACT:
        return "HEART"
    actor = action_actor(a)
    t = a & 7
    if t == NO_TARGET:
        return SHORT[actor] + " alone"
    return SHORT[actor] + ">" + _TARGET_SHORT[t]


def need_to_lead(totals, seat, last_round):
    """Turn points it takes to lead in the last round (0: not the last round, or already
    ahead, so the hint speaks of expected points instead)."""
    if not last_round or len(totals) < 2:
        return 0
    best = 0
    for i in range(len(totals)):
        if i != seat and totals[i] > best:
            best = totals[i]
    need = best - totals[seat] + 1
    return need if need > 0 else 0


class Hints:
    """The hint table on the board's data storage and its reader (the hint module)."""

    def __init__(self, data, reader):
        self.data = data
        self.reader = reader

    def advise(self, active, inactive, used, scored, need):
        """hint.advise() on the table: [(action, value)], best first."""
        f = self.data.open(HINT_FILE)
        try:
            table = self.reader.open_table(f)
            return self.reader.advise(table, active, inactive, used, scored, need)
        finally:
            f.close()

    def open(self):
        """(file, table) for several advise() calls in a row (auto mode's steps of one
        roll): one open of the file, not one a step; the caller closes the file."""
        f = self.data.open(HINT_FILE)
        try:
            return f, self.reader.open_table(f)
        except Exception:
            f.close()
            raise


def find_hints(data):
    """Hints when the table is installed and reads as one, else None (and the reader
    is not loaded: a gadget without the table has no use for it)."""
    try:
        f = data.open(HINT_FILE)
    except OSError:
        return None
    from geekout.masters import hint

    try:
        hint.open_table(f)
    except (OSError, ValueError):
        return None
    finally:
        f.close()
    return Hints(data, hint)


def hint_lines(hints, active, inactive, used, scored, need):
    """(lines, steps, first): the hint's lines (the best steps first, at most four, with
    what each is worth: expected points or, when `need` points would take the lead in
    the last round, the chance), the steps [(action, value)] best first, and the index
    of the line of the first step."""
    lines = []
    if need > 55:
        lines.append("Can't lead now;")
        lines.append("best average:")
        need = 0
    elif need:
        lines.append("Chance of {}+:".format(need))
    first = len(lines)
    try:
        res = hints.advise(active, inactive, used, scored, need)
    except (OSError, ValueError) as e:  # e.g. no table block for this need
        return ["No hint:"] + wrap(str(e), 16), [], 1
    vals = {}
    for i in range(min(4, len(res))):
        a, v = res[i]
        vals[a] = v
        text = "{:.0f}%".format(v * 100) if need else "{:.1f}".format(v)
        # short_action() is at most 10 characters: the line is at most 16
        lines.append("{}{:<10}{:>5}".format(">" if i == 0 else " ", short_action(a), text))
    if PASS in vals and CONTINUE in vals:
        lines.append("Best: " + short_action(res[0][0]))
    return lines, res, first


