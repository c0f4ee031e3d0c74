"""Geekmon Capture on the gadget: the check of a quick round (the throws not entered).

For each card, who captured it: a player, `Fled` (an active: its owner keeps it), `Tie:
help` (who tied, two players: both; then the gadget decides by type advantage from the
catalog, or asks it, then the bull's eye: check.py's tie) or `Critical` (whose cube:
one entry, C3). The capturer is entered as the card's only points (1; solo: the card's
need, C13), the tied players as 1 point each, so the rules core settles every card as in
a full round (C3, C11 for the actives). Loaded with a game of quick rounds (round.py).
Functions take the game screen (round.py) as `g`.
"""

from geekout.capture import cards
from geekout.capture.actions import critical_action, points_action
from geekout.capture.check import resolve
from geekout.capture.consts import ACTIVE_TARGET, RESOLVE
from geekout.capture.pick import Marks, Rows
from geekout.ui.widgets import SEAT_NAMES


def key(g, k):
    """Its list takes the keys (g.menu)."""


def draw(g, fb):
    """Its list draws the screen (g.menu)."""


def enter(g, phase):
    """The card being checked in a quick round: who captured it."""
    g.mode = "quick"
    st = g.state
    t = st.target()
    n = st.players
    owner = t - ACTIVE_TARGET if t >= ACTIVE_TARGET else -1
    line = cards.fit_label(g.cat, st, t, 16)
    head = "Check {}/{}".format(st.tpos + 1, len(st.targets))
    need = 0
    who = []  # the players who can capture it: every one but an active's owner
    if st.solo:
        need = st.solo_need(st.slots[t])  # C13
        items = ["Caught", "Critical", "Fled"]
        seats = [0, 0, -1]
        head = "{}/{} need {}".format(st.tpos + 1, len(st.targets), cards.n_pts(need))
    else:
        who = [p for p in range(n) if p != owner]
        items = [SEAT_NAMES[p] for p in who] + ["Tie: help", "Critical",
                                                 SEAT_NAMES[owner] + " keeps" if owner >= 0 else "Fled"]
        seats = who + [-1, -1, owner]

    def chose(i):
        st = g.state
        if st.solo:
            if i == 0:
                resolve(g, [points_action(0, need), RESOLVE])
            elif i == 1:
                resolve(g, [critical_action(t, 0)])
            else:
                resolve(g, [RESOLVE])
        elif i < len(who):
            resolve(g, [points_action(who[i], 1), RESOLVE])
        elif i == len(who):
            tied(g, t)
        elif i == len(who) + 1:
            g.ui.push(Rows(g.ui, "Whose cube?", [SEAT_NAMES[p] for p in who],
                           lambda j: (g.ui.pop(), resolve(g, [critical_action(t, who[j])])),
                           "capture.catcher", None, 0, line, who, n))
        else:
            resolve(g, [RESOLVE])

    # The cursor starts on the likeliest answer: an active Geekmon's owner keeps it
    # (C11: a rival must beat its owner, who wins a tie); a wild card, the round's first
    # player, who throws first (C2).
    at = 0
    if owner >= 0:
        at = len(items) - 1
    elif st.first in who:
        at = who.index(st.first)
    g.menu = Rows(g.ui, head, items, chose, "capture.quick", cards.stay, at, line, seats, n)


def tied(g, t):
    """Tie: help: the tied players (with two players, both), then the core's C3."""
    st = g.state
    n = st.players
    if n == 2:
        resolve(g, [points_action(0, 1), points_action(1, 1), RESOLVE])
        return

    def done(mask):
        if mask & (mask - 1) == 0:
            g.refuse("Tick two or more")
            return
        g.ui.pop()
        resolve(g, [points_action(p, 1) for p in range(n) if mask >> p & 1] + [RESOLVE])

    g.ui.push(Marks(g.ui, "Who tied?", list(SEAT_NAMES[:n]), done, "capture.tied",
                    cards.fit_label(g.cat, st, t, 16), list(range(n)), n, 0, 0))
