"""Geekmon Capture on the gadget: the capture check.

check   card by card, each player's points on it (UP/DOWN, OK for the next player; a
        geekcube 1, a hypercube 2, at most the points of the cubes still on the table),
        then the gadget decides (C3; C11 for the actives; C13 solo thresholds)
tie     a tie (C3): the tied players with type advantage, asked when the catalog cannot
        tell (two players: one of them or neither; more: tick those who have it), then
        the bull's eye among those with it (or among all the tied when none has it)
take    Team Wicked: a starter cannot be captured, another card may be taken (C11)
Each card's result shows as a toast. Functions take the game screen (round.py) as `g`.
"""

from geekout import keys
from geekout.capture import cards
from geekout.capture.actions import advantage_action, bullseye_action, points_action, take_action
from geekout.capture.consts import ACTIVE_TARGET, H_KEPT, H_TAKEN, RESOLVE, TYPE_NAMES
from geekout.capture.pick import Marks, Rows
from geekout.ui.core import title
from geekout.ui.widgets import SEAT_NAMES

# How a target ended (the core's H_* ids, consts.py), as the event line says it, and as
# the result's toast says it (a line of at most 15 letters, "" when the points say it).
HOW_WORDS = ("", "critical", "points", "type adv.", "bull's eye", "fled", "kept", "Munchkey",
             "taken", "caught")
HOW_LINES = ("", "critical catch", "", "type advantage", "bull's eye", "", "", "by Munchkey",
             "", "")


def enter(g, phase):
    st = g.state
    if phase == "check":  # (a quick round's: quick.py)
        k = st.round * 16 + st.tpos
        if k != g.target:
            g.target = k
            for p in range(st.players):
                g.values[p] = st.points[p]
            g.row = next_row(g, -1)
        g.mode = "check"
    elif phase == "bullseye":
        tie(g)
    else:
        # C11: a starter cannot be captured: the capturer may take another card.
        g.mode = "take"
        owner = st.target() - ACTIVE_TARGET
        coll = st.collections[owner]
        items = ["Nothing"] + [cards.coll_name(g.cat, g.game, owner, i)
                               for i in range(1, len(coll))]

        def chose(i):
            g.take([take_action(i)], "{} takes {}".format(SEAT_NAMES[st.taker], items[i]))

        g.menu = Rows(g.ui, SEAT_NAMES[st.taker] + " takes", items, chose, "capture.take",
                      cards.stay, 0, "from " + SEAT_NAMES[owner], st.taker, st.players)


def weakness_line(st):
    """What the catalog says of the weakness that counts in this tie (C3)."""
    t = st.target()
    w = (st.active_card(t - ACTIVE_TARGET) if t >= ACTIVE_TARGET else st.slots[t]) & 15
    return "Weak: " + (TYPE_NAMES[w - 1] if w else "?")


def tie(g):
    """C3 tie: type advantage, asked when the catalog cannot tell, then the bull's eye."""
    g.mode = "tie"
    st = g.state
    tied = list(st.tied)
    t = st.target()
    w = (st.active_card(t - ACTIVE_TARGET) if t >= ACTIVE_TARGET else st.slots[t]) & 15
    known = w != 0
    for p in tied:
        if not st.active_card(p) >> 4 & 255:
            known = False
    names = [SEAT_NAMES[p] for p in tied]
    line = weakness_line(st)
    if known or st.stated:
        g.menu = Rows(g.ui, "Bull's eye?", names,
                      lambda i: resolve(g, [bullseye_action(tied[i])]), "capture.bullseye",
                      cards.stay, 0, "Nearest centre", tied, st.players)
    elif len(tied) == 2:
        g.menu = Rows(g.ui, "Type advantage?", names + ["Neither/both"],
                      lambda i: resolve(g, [advantage_action(tied[i:i + 1])]),
                      "capture.type", cards.stay, 2, line, tied, st.players)
    else:
        def done(mask):
            resolve(g, [advantage_action([tied[i] for i in range(len(tied)) if mask >> i & 1])])

        g.menu = Marks(g.ui, "Type advantage?", names, done, "capture.type", line, tied,
                       st.players)
        g.menu.back = cards.stay


def next_row(g, r):
    for p in range(r + 1, g.state.players):
        if g.room(p) > 0:
            return p
    return g.state.players  # past the last row: OK checks the card


def key(g, k):
    if g.mode != "check":
        return
    st = g.state
    r = g.row
    if r < st.players:
        span = g.room(r) + 1
        if k == keys.UP:
            g.values[r] = (g.values[r] + 1) % span
        elif k == keys.DOWN:
            g.values[r] = (g.values[r] - 1) % span
    if k == keys.BACK:
        for p in range(r - 1, -1, -1):  # the row before with points left to enter
            if g.room(p) > 0:
                g.row = p
                break
    elif k == keys.OK:
        acts = []
        if r < st.players and g.values[r] != st.points[r]:
            acts.append(points_action(r, g.values[r]))
        nxt = next_row(g, r) if r < st.players else r
        if nxt >= st.players:
            acts.append(RESOLVE)
        if acts:
            if acts[-1] == RESOLVE:
                resolve(g, acts)
            elif g.take(acts, "{} {}".format(SEAT_NAMES[r], cards.n_pts(g.values[r]))):
                g.row = nxt
        else:
            g.row = nxt


def resolve(g, acts):
    """A step that may settle the target being checked (C3, C11, C13): the gadget
    decides, the result is toasted."""
    st = g.state
    t = st.target()
    label = cards.target_label(g.cat, st, t)
    short = cards.fit_label(g.cat, st, t, 15)
    n = len(st.results)
    if not g.take(acts, ""):
        return
    st = g.state
    g.note = ""  # the toast says it
    if len(st.results) > n:
        _target, who, how = st.results[-1]
        if who < 0:
            text = "{}: {}".format(label, HOW_WORDS[how])
            said = "{} keeps".format(SEAT_NAMES[t - ACTIVE_TARGET]) if how == H_KEPT else "fled"
        else:
            text = "{}: {} ({})".format(label, SEAT_NAMES[who], HOW_WORDS[how])
            said = SEAT_NAMES[who] + (" takes" if how == H_TAKEN else " catches")
        lines = short + "\n" + said
        if HOW_LINES[how]:
            lines += "\n" + HOW_LINES[how]
        g.ui.toast(lines)
    elif st.phase_name() == "bullseye":
        text = label + ": tie"
    else:
        text = label + ": take a card"
    g.emit("action", text)


def draw(g, fb):
    if g.mode != "check":
        return
    st = g.state
    t = st.target()
    if st.solo and t < ACTIVE_TARGET:
        title(fb, "{}/{} need {}".format(st.tpos + 1, len(st.targets),
                                         cards.n_pts(st.solo_need(st.slots[t]))))  # C13
    else:
        title(fb, "Check {}/{}".format(st.tpos + 1, len(st.targets)))
    fb.text(cards.fit_label(g.cat, st, t, 16), 0, 10, 1)
    for p in range(st.players):
        y = 19 + p * 9
        if p == g.row:
            fb.text(">", 0, y, 1)
        fb.text(SEAT_NAMES[p], 8, y, 1)
        v = g.values[p]
        fb.text("{:>2} pt{}".format(v, "" if v == 1 else "s") if g.room(p) else "no cubes", 64,
                y, 1)
    if g.row >= st.players:
        fb.text("OK: check card", 0, 56, 1)
    else:
        # what the number is: points; the most this player can still have on a card
        fb.text("max {} (hyper 2)".format(g.room(g.row)), 0, 56, 1)
