"""Geekmon Capture on the gadget: the start of a round.

draw    lay out the round's cards; mark the ones drawn after a luminous encounter (C1)
cards   name the cards from the catalog (type advantage, C13 thresholds), choose the
        active Geekmons (from round 2), then Throw!
Functions take the game screen (round.py) as `g`.
"""

from geekout import keys
from geekout.capture import cards, steps
from geekout.capture.actions import active_action
from geekout.capture.consts import GO, N_SHIFT, NO_CARD, SLOTS
from geekout.ui.core import title
from geekout.ui.widgets import SEAT_NAMES, Menu


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
    items.append("Throw!")

    def chose(i):
        if i < len(g.slots):
            name_card(g, g.slots[i])
        elif i == len(g.slots) and g.state.round:
            # the active Geekmons: a menu of the players, then of one's collection
            st = g.state
            labels = []
            for p in range(st.players):
                a = st.active[p]
                labels.append("{} {}".format(SEAT_NAMES[p][:3], cards.coll_name(
                    g.cat, g.cfg, p, a, st.collections[p][a])))

            def player(p):
                coll = g.state.collections[p]
                names = [cards.coll_name(g.cat, g.cfg, p, i, coll[i]) for i in range(len(coll))]

                def chose(i):
                    g.ui.pop()
                    g.ui.pop()
                    g.commit([active_action(p, i)], "{} chooses {}".format(
                        SEAT_NAMES[p], names[i]))

                g.ui.push(Menu(g.ui, SEAT_NAMES[p] + "'s active", names, chose,
                               "capture.active", None, g.state.active[p]))

            g.ui.push(Menu(g.ui, "Actives", labels, player, "capture.actives"))
        else:
            g.commit([GO], "Throw!")

    g.menu = Menu(g.ui, "R{}/{} cards".format(st.round + 1, g.cfg.rounds()), items, chose,
                  "capture.cards", cards.stay, len(items) - 1)


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
            g.commit(steps.draw_actions(g.luminous, n), "Round {}: {} cards".format(st.round + 1, n))
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
    fb.text("Lay out {} cards".format(n), 0, 20, 1)
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
    """Name the card in slot s from the catalog (C3 weakness, C13, C11 Munchkey)."""
    c = g.cat

    class Names:
        """The catalog menu's items, each made as it is drawn."""

        def __len__(self):
            return len(c) + 1

        def __getitem__(self, i):
            return c.name(i - 1) if i else "Unlisted"

    def chose(i):
        g.ui.pop()
        if i == 0:
            return
        r = i - 1
        n = cards.number_for(g.cat, r)
        st = g.state
        t = st.slots[s]
        if t == NO_CARD:
            g.refuse("That card is gone")
            return
        if not n:
            g.refuse("No number for that card")
            return
        if t >> N_SHIFT != n:
            # a card of this number on the table or in a collection already
            for u in st.slots:
                if u != NO_CARD and u >> N_SHIFT == n:
                    g.refuse("Already in play")
                    return
            for coll in st.collections:
                for u in coll:
                    if u >> N_SHIFT == n:
                        g.refuse("Already in play")
                        return
        g.commit(cards.identify(g.cat, s, r), "Card {} is {}".format(s + 1, g.cat.name(r)))

    g.ui.push(Menu(g.ui, "Card {} is".format(s + 1), Names(), chose, "capture.catalog"))
