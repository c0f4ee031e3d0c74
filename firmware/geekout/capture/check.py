"""Geekmon Capture on the gadget: the capture check.

check   card by card, each player's points on it (UP/DOWN, OK for the next player),
        then the gadget decides (C3; C11 for the actives; C13 solo thresholds)
tie     a tie: type advantage asked when the catalog cannot tell, then the bull's eye
take    Team Wicked: a starter cannot be captured, another card may be taken (C11)
Functions take the game screen (round.py) as `g`.
"""

from geekout import keys
from geekout.capture import cards
from geekout.capture.actions import bullseye_action, points_action, take_action
from geekout.capture.consts import ACTIVE_TARGET, RESOLVE
from geekout.ui.core import title
from geekout.ui.widgets import SEAT_NAMES, Menu

# How a target ended (the core's H_* ids, consts.py), as the screen says it.
HOW_WORDS = ("", "critical", "points", "type adv.", "bull's eye", "fled", "kept", "Munchkey",
             "taken", "caught")


def enter(g, phase):
    st = g.state
    if phase == "check":
        g.mode = "check"
        k = st.round * 16 + st.tpos
        if k != g.target:
            g.target = k
            g.done = False
            for p in range(st.players):
                g.values[p] = st.points[p]
            g.row = next_row(g, -1)
    elif phase == "bullseye":
        # C3 tie: type advantage (when the catalog cannot tell), then the bull's eye.
        g.mode = "tie"
        tied = st.tied
        t = st.target()
        if t >= ACTIVE_TARGET:
            w = st.active_card(t - ACTIVE_TARGET) & 15
        else:
            w = st.slots[t] & 15
        known = w != 0
        for p in tied:
            if not st.active_card(p) >> 4 & 255:
                known = False
        names = [SEAT_NAMES[p] for p in tied]
        if not known and not g.done:
            def chose(i):
                if i >= len(g.state.tied):
                    g.done = True
                    g.sync()
                    return
                resolve_tie(g, g.state.tied[i], "type adv.")

            g.menu = Menu(g.ui, "Type advantage?", names + ["No one"], chose, "capture.type",
                          cards.stay)
        else:
            g.menu = Menu(g.ui, "Bull's eye?", names,
                          lambda i: resolve_tie(g, g.state.tied[i], "bull's eye"),
                          "capture.bullseye", cards.stay)
    else:
        # C11: a starter cannot be captured: the capturer may take another card.
        g.mode = "take"
        owner = st.target() - ACTIVE_TARGET
        coll = st.collections[owner]
        items = ["Nothing"] + [cards.coll_name(g.cat, g.cfg, owner, i, coll[i])
                               for i in range(1, len(coll))]

        def chose(i):
            g.commit([take_action(i)], "{} takes {}".format(SEAT_NAMES[st.taker], items[i]))

        g.menu = Menu(g.ui, SEAT_NAMES[st.taker][:3] + " takes from " + SEAT_NAMES[owner][:3],
                      items, chose, "capture.take", cards.stay)


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
        label = cards.target_label(g.cat, st, st.target())
        if acts:
            if acts[-1] == RESOLVE:
                check(g, acts, label)
            elif g.commit(acts, "{} {} pts".format(SEAT_NAMES[r], g.values[r])):
                g.row = nxt
        else:
            g.row = nxt


def check(g, acts, label):
    """The capture check of one target (C3, C11, C13): the gadget decides."""
    st = g.state
    n = len(st.results)
    if not g.commit(acts, ""):
        return
    st = g.state
    if len(st.results) > n:
        _target, who, how = st.results[-1]
        how = HOW_WORDS[how]
        if who < 0:
            g.note = "{}: {}".format(label, how)
        else:
            g.note = "{}: {} ({})".format(label, SEAT_NAMES[who], how)
    elif st.phase_name() == "bullseye":
        g.note = label + ": tie"
    else:
        g.note = label + ": take a card"
    g.emit("action", g.note)


def resolve_tie(g, p, how):
    st = g.state
    label = cards.target_label(g.cat, st, st.target())
    # The core records the answer as the bull's eye: both name the capturer.
    if g.commit([bullseye_action(p)], ""):
        g.note = "{}: {} ({})".format(label, SEAT_NAMES[p], how)
        g.emit("action", g.note)


def draw(g, fb):
    if g.mode != "check":
        return
    st = g.state
    t = st.target()
    n = len(st.targets)
    title(fb, "Check {}/{}".format(st.tpos + 1, n))
    label = cards.target_label(g.cat, st, t)
    if st.solo and t < ACTIVE_TARGET:
        need = st.solo_need(st.slots[t])  # C13
        label = "{:.10} need{}".format(label, need)
    fb.text(label[:16], 0, 10, 1)
    for p in range(st.players):
        y = 20 + p * 9
        if p == g.row:
            fb.text(">", 0, y, 1)
        room = g.room(p)
        fb.text(SEAT_NAMES[p][:6], 8, y, 1)
        if room:
            fb.text("{:>2} of{:>2}".format(g.values[p], room), 64, y, 1)
        else:
            fb.text(" no cubes", 56, y, 1)
    if g.row >= st.players:
        fb.text("OK: check card", 0, 56, 1)
    else:
        fb.text(g.note[:16] if g.note else "^v points OK", 0, 56, 1)
