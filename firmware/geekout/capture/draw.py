"""Geekmon Capture on the gadget: the start of a round.

draw    lay out the round's cards; mark the ones drawn after a luminous encounter (C1)
cards   name the cards from the catalog (type advantage, C13 thresholds), choose the
        active Geekmons (from round 2), then Throw! (a quick round: All thrown, once
        every cube is thrown; solo, whether the elemental cubes are out of the zones)
Functions take the game screen (round.py) as `g`.
"""

from geekout import keys
from geekout.capture import cards, steps
from geekout.capture.actions import active_action, quick_action
from geekout.capture.consts import ELEMENTAL_CUBES, GO, NO_CARD, SLOTS
from geekout.capture.pick import Rows
from geekout.ui.core import title
from geekout.ui.widgets import SEAT_NAMES


def enter(g, phase):
    """Set the mode of the game screen for this phase."""
    st = g.state
    if phase == "draw":
        g.mode = "draw"
        g.luminous = 0
        g.pos = min(SLOTS, st.deck)
        return
    g.mode = "cards"
    items = []
    g.slots = []
    for s in range(SLOTS):
        if st.slots[s] != NO_CARD:
            items.append(cards.slot_label(g.cat, st, s))
            g.slots.append(s)
    if st.round:
        items.append("Actives")
    items.append("All thrown" if g.cfg.quick else "Throw!")
    n = st.players

    def chose(i):
        if i < len(g.slots):
            name_card(g, g.slots[i])
        elif i == len(g.slots) and g.state.round:
            # the active Geekmons: a menu of the players, then of one's collection
            st = g.state
            labels = []
            for p in range(n):
                a = st.active[p]
                labels.append("{}: {}".format(SEAT_NAMES[p], cards.coll_name(g.cat, g.game, p, a)))

            def player(p):
                coll = g.state.collections[p]
                names = [cards.coll_name(g.cat, g.game, p, i) for i in range(len(coll))]

                def chose(i):
                    g.ui.pop()
                    g.ui.pop()
                    g.take([active_action(p, i)], "{} chooses {}".format(
                        SEAT_NAMES[p], names[i]))

                g.ui.push(Rows(g.ui, SEAT_NAMES[p] + "'s active", names, chose,
                               "capture.active", None, g.state.active[p], "", p, n))

            g.ui.push(Rows(g.ui, "Actives", labels, player, "capture.actives", None, 0, "",
                           list(range(n)), n))
        elif not g.cfg.quick:
            g.take([GO], "Throw!")
        elif n == 1:
            # C13: the round is lost with an elemental cube left in a zone
            def cleared(i):
                g.ui.pop()
                g.take([GO, quick_action(ELEMENTAL_CUBES if i else 0)], "All thrown")

            g.ui.push(Rows(g.ui, "Zones cleared?", ["Yes: all out", "No: cubes left"],
                           cleared, "capture.zones", None, 0, "The elem. cubes", 0, n))
        else:
            g.take([GO, quick_action(0)], "All thrown")

    g.menu = Rows(g.ui, "Round {}/{} cards".format(st.round + 1, g.cfg.rounds()), items,
                  chose, "capture.cards", cards.stay, len(items) - 1, "", st.first, n)


def key(g, k):
    """Draw mode: UP/DOWN move along the slots and Go, OK marks a slot luminous or lays out."""
    if g.mode != "draw":
        return
    st = g.state
    n = min(SLOTS, st.deck)
    if k == keys.UP:
        g.pos = (g.pos - 1) % (n + 1)
    elif k == keys.DOWN:
        g.pos = (g.pos + 1) % (n + 1)
    elif k == keys.OK:
        if g.pos == n:
            g.take(steps.draw_actions(g.luminous, n), "Round {}: {}".format(st.round + 1,
                                                                         cards.n_cards(n)))
            return
        bit = 1 << g.pos
        marked = 0
        for i in range(SLOTS):
            marked += g.luminous >> i & 1
        if not g.luminous & bit and marked >= st.encounters:
            g.refuse("No encounter card left")
            return
        g.luminous ^= bit


def draw(g, fb):
    if g.mode != "draw":
        return
    st = g.state
    n = min(SLOTS, st.deck)
    title(fb, "Round {}/{} draw".format(st.round + 1, g.cfg.rounds()))
    fb.text("First: " + SEAT_NAMES[st.first], 0, 11, 1)
    fb.text("Lay out " + cards.n_cards(n), 0, 20, 1)
    for i in range(n + 1):
        x = i * 18
        if i < n:
            fb.rect(x + 2, 31, 14, 12, 1)
            fb.text(str(i + 1), x + 5, 33, 1)
            if g.luminous & (1 << i):
                fb.text("*", x + 5, 45, 1)
        else:
            fb.text("Go", x + 1, 33, 1)
        if i == g.pos:
            fb.hline(x + 1, 53, 16, 1)
    fb.text("OK:luminous/Go" if g.pos < n else "Fled {} Enc {}".format(
        st.fled, st.encounters), 0, 56, 1)


def name_card(g, s):
    """Name the card in slot s from the catalog (C3 weakness, C13, C11 Munchkey): the
    cards it may be (name.py: no starter, no card of a starter no one chose, none in
    play), in three bands a press."""
    from geekout.capture import name

    def chose(r):
        g.ui.pop()
        st = g.state
        if st.slots[s] == NO_CARD:
            g.refuse("That card is gone")
            return
        if cards.row_of(g.cat, st.slots[s]) != r:
            why = name.nameable(g, r)
            if why:
                g.refuse(why)
                return
        if g.take(cards.identify(g.cat, s, r), "Card {} is {}".format(s + 1, g.cat.name(r))) \
                and g.mode == "cards" and s in g.slots:
            # on to the next card of the list (the players name the table in order)
            g.menu.index = g.slots.index(s) + 1

    g.ui.push(name.Picker(g.ui, "Card {} is".format(s + 1), g.cat, name.offered(g, s), chose))
