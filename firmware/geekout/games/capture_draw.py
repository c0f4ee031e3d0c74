"""Geekmon Capture on the gadget: the start of a round, loaded while it is in use.

draw    lay out the round's cards; mark the ones drawn after a luminous encounter (C1)
cards   name the cards from the catalog (type advantage, C13 thresholds), choose the
        active Geekmons (from round 2), then Throw!
Functions take the game screen (games/capture_game.py) as `g`.
"""

from micropython import const

from geekout.games import capture_cat as cat
from geekout.games import capture_fold as F
from geekout.rules import capture as C
from geekout.ui import keys
from geekout.ui.core import title
from geekout.ui.widgets import SEAT_NAMES, Menu

# Action ids and trait bits of rules/capture_actions (the journal format), as compile-time
# constants: a game runs without that module in RAM.
_A_ACTIVE = const(3)
_GO = const(4)
_N_SHIFT = const(15)


def _nothing():
    pass


def enter(g, phase):
    """Set the mode of the game screen for this phase."""
    if phase == "draw":
        g.mode = "draw"
        g.lum = 0
        g.cursor = draw_count(g)
    else:
        g.mode = "cards"
        g.menu = cards_menu(g)


def key(g, k):
    if g.mode == "draw":
        key_draw(g, k)


def draw(g, fb):
    if g.mode == "draw":
        draw_draw(g, fb)


def draw_count(g):
    return min(C.SLOTS, g.state.deck)


def key_draw(g, k):
    n = draw_count(g)
    if k == keys.UP:
        g.cursor = (g.cursor - 1) % (n + 1)
    elif k == keys.DOWN:
        g.cursor = (g.cursor + 1) % (n + 1)
    elif k == keys.OK:
        if g.cursor == n:
            lum = g.lum
            g.commit(F.draw_actions(lum, n), "Round {}: {} cards".format(
                g.state.round + 1, n))
            return
        bit = 1 << g.cursor
        if not g.lum & bit and bin(g.lum).count("1") >= g.state.encounters:
            g.refuse("No encounter card left")
            return
        g.lum ^= bit


def cards_menu(g):
    st = g.state
    items = []
    g.slot_of = []
    for s in range(C.SLOTS):
        if st.slots[s] != C.NO_CARD:
            items.append(cat.slot_label(g.cat, st, s))
            g.slot_of.append(s)
    if st.round:
        items.append("Actives")
    items.append("Throw!")
    return Menu(g.ui, "R{}/{} cards".format(st.round + 1, g.cfg.rounds()), items,
                (lambda *a: chose_card(g, *a)), "capture.cards", _nothing, len(items) - 1)


def chose_card(g, i):
    if i < len(g.slot_of):
        name_card(g, g.slot_of[i])
    elif i == len(g.slot_of) and g.state.round:
        choose_actives(g)
    else:
        g.commit([_GO], "Throw!")


def draw_draw(g, fb):
    st = g.state
    n = draw_count(g)
    title(fb, "Round {}/{} draw".format(st.round + 1, g.cfg.rounds()))
    fb.text("First: " + SEAT_NAMES[st.first], 0, 11, 1)
    fb.text("Lay out {} cards".format(n), 0, 20, 1)
    for i in range(n + 1):
        x = i * 18
        if i < n:
            fb.rect(x + 2, 31, 14, 12, 1)
            fb.text(str(i + 1), x + 5, 33, 1)
            if g.lum & (1 << i):
                fb.text("*", x + 5, 45, 1)
        else:
            fb.text("Go", x + 1, 33, 1)
        if i == g.cursor:
            fb.hline(x + 1, 53, 16, 1)
    fb.text("OK:luminous/Go" if g.cursor < n else "Fled {} Enc {}".format(
        st.fled, st.encounters), 0, 56, 1)


def name_card(g, slot):
    """Name a card on the table from the catalog (C3 weakness, C13, C11 Munchkey)."""
    names = ["Unlisted"] + g.cat.names()

    def chose(i):
        g.ui.pop()
        if i == 0:
            return
        row = i - 1
        number = cat.number_for(g.cat, row)
        t = g.state.slots[slot]
        if t == C.NO_CARD:
            g.refuse("That card is gone")
        elif not number:
            g.refuse("No number for that card")
        elif t >> _N_SHIFT != number and cat.in_play(g.state, number):
            g.refuse("Already in play")
        else:
            g.commit(cat.identify(g.cat, slot, row), "Card {} is {}".format(
                slot + 1, g.cat.name(row)))

    g.ui.push(Menu(g.ui, "Card {} is".format(slot + 1), names, chose, "capture.catalog"))


def choose_actives(g):
    st = g.state
    items = []
    for p in range(st.players):
        i = st.active[p]
        items.append("{} {}".format(SEAT_NAMES[p][:3], cat.coll_name(
            g.cat, g.cfg, p, i, st.collections[p][i])))

    def player(p):
        coll = g.state.collections[p]
        names = [cat.coll_name(g.cat, g.cfg, p, i, coll[i]) for i in range(len(coll))]

        def chose(i):
            g.ui.pop()
            g.ui.pop()
            g.commit([_A_ACTIVE | (p | i << 2) << 5], "{} chooses {}".format(
                SEAT_NAMES[p], names[i]))

        g.ui.push(Menu(g.ui, SEAT_NAMES[p] + "'s active", names, chose,
                          "capture.active", None, g.state.active[p]))

    g.ui.push(Menu(g.ui, "Actives", items, player, "capture.actives"))
