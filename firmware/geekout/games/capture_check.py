"""Geekmon Capture on the gadget: the capture check, loaded while it is in use.

check   card by card, each player's points on it (UP/DOWN, OK for the next player),
        then the gadget decides (C3; C11 for the actives; C13 solo thresholds)
tie     a tie: type advantage asked when the catalog cannot tell, then the bull's eye
take    Team Wicked: a starter cannot be captured, another card may be taken (C11)
Functions take the game screen (games/capture_game.py) as `g`.
"""

from micropython import const

from geekout.games import capture_cat as cat
from geekout.ui import keys
from geekout.ui.core import title
from geekout.ui.widgets import SEAT_NAMES, Menu

# Action ids and trait bits of rules/capture_actions (the journal format), as compile-time
# constants: a game runs without that module in RAM.
_ACTIVE_TARGET = const(8)
_A_POINTS = const(9)
_RESOLVE = const(10)
_A_BULLSEYE = const(11)
_A_TAKE = const(12)
_LEGENDARY = const(4096)

HOW_TEXT = ("", "critical", "points", "type adv.", "bull's eye", "fled", "kept", "Munchkey",
            "taken", "caught")


def _nothing():
    pass


def enter(g, phase):
    st = g.state
    if phase == "check":
        g.mode = "check"
        k = st.round * 16 + st.tpos
        if k != g.tkey:
            g.tkey = k
            g.asked = False
            for p in range(st.players):
                g.vals[p] = st.points[p]
            g.row = next_row(g, -1)
    elif phase == "bullseye":
        g.mode = "tie"
        g.menu = tie_menu(g)
    else:
        g.mode = "take"
        g.menu = take_menu(g)


def key(g, k):
    if g.mode == "check":
        key_check(g, k)


def draw(g, fb):
    if g.mode == "check":
        draw_check(g, fb)


def next_row(g, r):
    for p in range(r + 1, g.state.players):
        if g.room(p) > 0:
            return p
    return g.state.players  # past the last row: OK checks the card


def prev_row(g, r):
    for p in range(r - 1, -1, -1):
        if g.room(p) > 0:
            return p
    return r


def key_check(g, k):
    st = g.state
    r = g.row
    if r < st.players:
        span = g.room(r) + 1
        if k == keys.UP:
            g.vals[r] = (g.vals[r] + 1) % span
        elif k == keys.DOWN:
            g.vals[r] = (g.vals[r] - 1) % span
    if k == keys.BACK:
        g.row = prev_row(g, r)
    elif k == keys.OK:
        acts = []
        if r < st.players and g.vals[r] != st.points[r]:
            acts.append(_A_POINTS | (r | g.vals[r] << 2) << 5)
        nxt = next_row(g, r) if r < st.players else r
        if nxt >= st.players:
            acts.append(_RESOLVE)
        target = st.target()
        label = cat.target_label(g.cat, st, target)
        if acts:
            if acts[-1] == _RESOLVE:
                check(g, acts, label)
            elif g.commit(acts, "{} {} pts".format(SEAT_NAMES[r], g.vals[r])):
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
        g.note = result_text(label, st.results[-1])
    elif st.phase_name() == "bullseye":
        g.note = label + ": tie"
    else:
        g.note = label + ": take a card"
    g.emit("action", g.note)


def tie_menu(g):
    """C3 tie: type advantage (when the catalog cannot tell), then the bull's eye."""
    st = g.state
    tied = st.tied
    t = st.target()
    if t >= _ACTIVE_TARGET:
        w = st.active_card(t - _ACTIVE_TARGET) & 15
    else:
        w = st.slots[t] & 15
    known = w != 0
    for p in tied:
        if not st.active_card(p) >> 4 & 255:
            known = False
    names = [SEAT_NAMES[p] for p in tied]
    if not known and not g.asked:
        return Menu(g.ui, "Type advantage?", names + ["No one"], (lambda *a: chose_type(g, *a)),
                    "capture.type", _nothing)
    return Menu(g.ui, "Bull's eye?", names, (lambda *a: chose_bullseye(g, *a)), "capture.bullseye",
                _nothing)


def chose_type(g, i):
    st = g.state
    if i >= len(st.tied):
        g.asked = True
        g.sync()
        return
    resolve_tie(g, st.tied[i], "type adv.")


def chose_bullseye(g, i):
    resolve_tie(g, g.state.tied[i], "bull's eye")


def resolve_tie(g, p, how):
    st = g.state
    label = cat.target_label(g.cat, st, st.target())
    # The core records the answer as the bull's eye: both name the capturer.
    if g.commit([_A_BULLSEYE | p << 5], ""):
        g.note = "{}: {} ({})".format(label, SEAT_NAMES[p], how)
        g.emit("action", g.note)


def take_menu(g):
    """C11: a starter cannot be captured: the capturer may take another card."""
    st = g.state
    owner = st.target() - _ACTIVE_TARGET
    coll = st.collections[owner]
    items = ["Nothing"] + [cat.coll_name(g.cat, g.cfg, owner, i, coll[i])
                           for i in range(1, len(coll))]

    def chose(i):
        g.commit([_A_TAKE | i << 5], "{} takes {}".format(SEAT_NAMES[st.taker], items[i]))

    return Menu(g.ui, SEAT_NAMES[st.taker][:3] + " takes from " + SEAT_NAMES[owner][:3],
                items, chose, "capture.take", _nothing)


def draw_check(g, fb):
    st = g.state
    t = st.target()
    n = len(st.targets)
    title(fb, "Check {}/{}".format(st.tpos + 1, n))
    label = cat.target_label(g.cat, st, t)
    if st.solo and t < _ACTIVE_TARGET:
        label = label[:10] + " need{}".format(solo_need(st, t))
    fb.text(label[:16], 0, 10, 1)
    for p in range(st.players):
        y = 20 + p * 9
        if p == g.row:
            fb.text(">", 0, y, 1)
        room = g.room(p)
        fb.text(SEAT_NAMES[p][:6], 8, y, 1)
        if room:
            fb.text("{:>2} of{:>2}".format(g.vals[p], room), 64, y, 1)
        else:
            fb.text(" no cubes", 56, y, 1)
    if g.row >= st.players:
        fb.text("OK: check card", 0, 56, 1)
    else:
        fb.text(g.note[:16] if g.note else "^v points OK", 0, 56, 1)


def solo_need(st, t):
    """C13: points that capture wild card t in the solo trials (as the core counts)."""
    card = st.slots[t]
    need = 2
    if card & _LEGENDARY:
        need += 1
    if st.arena and card >> 4 & 255 & (1 << (st.arena - 1)):
        need += 1
    w = card & 15
    if w and st.active_card(0) >> 4 & 255 & (1 << (w - 1)):
        need -= 1
    return need


def result_text(label, res):
    _target, who, how = res
    if who < 0:
        return "{}: {}".format(label, HOW_TEXT[how])
    return "{}: {} ({})".format(label, SEAT_NAMES[who], HOW_TEXT[how])
