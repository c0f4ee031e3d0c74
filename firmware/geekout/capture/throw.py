"""Geekmon Capture on the gadget: the throws.

Whose throw now and everyone's cubes left (the seat LED lights the thrower); UP/DOWN
picks the cube thrown (or a critical catch, an elemental zone, an elemental cube), OK
enters it (C2, C3, C12, C13). The bottom line says the last throw, else the round.
Functions take the game screen (round.py) as `g`.
"""

from micropython import const

from geekout import keys
from geekout.capture import cards, menu
from geekout.capture.actions import ecube_action, throw_action
from geekout.capture.consts import ELEMENTAL_CUBES, GEEK, HYPER
from geekout.ui.core import title
from geekout.ui.widgets import SEAT_NAMES

# Throw-mode options: GEEK and HYPER (the cube thrown), then these.
_CRIT = const(2)
_ZONE = const(3)
_ECUBE_OUT = const(4)
_ECUBE_BACK = const(5)


def enter(g, phase):
    g.mode = "throw"
    g.opt = 0


def options(g):
    st = g.state
    out = []
    p = st.thrower()
    if st.phase_name() == "throw":
        if st.queue:
            out.append(st.queue[0] >> 2)
        else:
            if st.geek[p]:
                out.append(GEEK)
            if st.hyper[p]:
                out.append(HYPER)
    out.append(_CRIT)
    if g.cfg.arena:
        out.append(_ZONE)
    if st.solo:
        out.append(_ECUBE_OUT if st.ecubes else _ECUBE_BACK)
        if 0 < st.ecubes < ELEMENTAL_CUBES:
            out.append(_ECUBE_BACK)
    return out


def key(g, k):
    opts = options(g)
    if k == keys.UP:
        g.opt = (g.opt - 1) % len(opts)
    elif k == keys.DOWN:
        g.opt = (g.opt + 1) % len(opts)
    if k != keys.OK:
        return
    o = opts[g.opt % len(opts)]
    st = g.state
    if o == GEEK or o == HYPER:
        g.opt = 0
        p = st.thrower()
        if g.take([throw_action(o)], "{}: {}".format(SEAT_NAMES[p], ("Geekcube", "Hypercube")[o]),
                    "{}: {}".format(SEAT_NAMES[p], ("geek", "hyper")[o])):
            g.thrown = o  # the cube a critical catch right after is likely to be
    elif o == _CRIT or o == _ZONE:
        if o == _CRIT:
            menu.critical(g)
        else:
            menu.zone(g)
    else:
        back = o == _ECUBE_BACK
        g.take([ecube_action(back)], "Elem cube " + ("back" if back else "out"))


def draw(g, fb):
    st = g.state
    p = st.thrower()
    title(fb, SEAT_NAMES[p] + "'s throw")
    ng, nh = st.cubes
    for q in range(st.players):
        y = 11 + q * 9
        if q == p:
            fb.text(">", 0, y, 1)
        fb.text(cards.seat3(q), 8, y, 1)
        x = 36
        for i in range(ng):
            if i < st.geek[q]:
                fb.fill_rect(x, y + 1, 5, 5, 1)
            else:
                fb.rect(x, y + 1, 5, 5, 1)
            x += 6 if ng > 4 else 7
        x += 3
        for i in range(nh):
            if i < st.hyper[q]:
                fb.fill_rect(x, y, 7, 7, 1)
            else:
                fb.rect(x, y, 7, 7, 1)
            x += 9
    if st.solo:
        fb.text("Zones: {} cubes".format(st.ecubes), 0, 29, 1)
    opts = options(g)
    o = opts[g.opt % len(opts)]
    text = ("Geekcube", "Hypercube", "Critical catch", "Elemental zone", "Elem cube out",
            "Elem cube back")[o]
    if st.queue and o <= HYPER:
        text = "Again: " + ("hyper" if o else "geek")
    fb.text("> " + text, 0, 47, 1)
    fb.text(g.note or "Round {}/{}".format(st.round + 1, g.cfg.rounds()), 0, 56, 1)
