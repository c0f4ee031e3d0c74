"""Geekmon Capture on the gadget: the game menu and the choices made in pushed menus
(critical catch, elemental zone, naming a card, the collections).
Functions take the game screen (round.py) as `g`.
"""

from geekout.capture import cards, draw
from geekout.capture.actions import critical_action
from geekout.capture.consts import (
    A_CRITICAL,
    A_ELEMENTAL,
    ACTIVE_TARGET,
    GEEK,
    LUMINOUS,
    NO_CARD,
    SLOTS,
)
from geekout.capture.pick import Rows
from geekout.ui.core import FLASH_SCORE
from geekout.ui.widgets import MENU_END, SEAT_NAMES, TextPage


def legal_of(g, kind):
    """The legal actions of that kind now (the rules core's legal_actions)."""
    return [a for a in g.state.legal_actions() if a & 31 == kind]


def long_ok(g):
    st = g.state
    items = ["Undo"]
    if legal_of(g, A_CRITICAL):
        items.append("Critical catch")
    if g.cfg.arena and legal_of(g, A_ELEMENTAL):
        items.append("Elemental zone")
    if g.mode in ("cards", "throw", "check", "quick") and st.target() < ACTIVE_TARGET:
        for s in st.slots:
            if s != NO_CARD:
                items.append("Name a card")
                break
    items += ("Collections",) + MENU_END
    g.ui.push(Rows(g.ui, "Game menu", items, lambda i: chose(g, items[i]), "capture.menu"))


def critical(g):
    """C3: a cube on the critical catch icon: which card, then whose cube and which
    (its points leave the cap of the check: the cube goes with the card). The cursor
    starts on the cube just thrown."""
    crits = legal_of(g, A_CRITICAL)
    if not crits:
        g.refuse("No card to catch")
        return
    targets = []
    for a in crits:
        t = (a >> 5) & 15
        if t not in targets:
            targets.append(t)
    st = g.state
    labels = [cards.target_label(g.cat, st, t) for t in targets]
    n = st.players

    def target(i):
        t = targets[i]
        acts = []
        for c in range(n):
            mine = [a for a in crits if (a >> 5) & 15 == t and (a >> 9) & 3 == c]
            said = [a for a in mine if a >> 11]  # a geekcube or hypercube of c's thrown
            acts += said or mine
        who = [(a >> 9) & 3 for a in acts]
        words = ["{} {}".format(SEAT_NAMES[(a >> 9) & 3], ("cube", "geekcube", "hypercube")[a >> 11])
                 for a in acts]
        last = st.last_thrower
        want = critical_action(t, last, 1 + (g.thrown if g.thrown >= 0 else GEEK))
        at = acts.index(want) if want in acts else (who.index(last) if last in who else 0)

        def chose(j):
            g.ui.pop()
            g.ui.pop()
            c = who[j]
            short = cards.fit_label(g.cat, g.state, t, 15)  # while the card is still there
            if g.take([acts[j]], "{} critical: {}".format(SEAT_NAMES[c], labels[i]), ""):
                board = g.app.board
                board.leds.flash(FLASH_SCORE, board.clock(), c)
                g.ui.cue("score")
                g.ui.toast("{}\n{} catches\ncritical catch".format(short, SEAT_NAMES[c]))

        g.ui.push(Rows(g.ui, "Whose cube?", words, chose, "capture.catcher", None, at,
                       labels[i] if len(labels[i]) <= 16 else "", who, n))

    g.ui.push(Rows(g.ui, "Critical catch", labels, target, "capture.crit"))


def zone(g):
    """C12: a thrown cube landed in an elemental zone: it is thrown again."""
    acts = legal_of(g, A_ELEMENTAL)
    if not acts:
        g.refuse("No thrown cube")
        return
    labels = ["{} {}".format(SEAT_NAMES[(a >> 5) & 3], ("geekcube", "hypercube")[(a >> 7) & 1])
              for a in acts]
    seats = [(a >> 5) & 3 for a in acts]

    def chose(i):
        g.ui.pop()
        g.take([acts[i]], labels[i] + ": zone", "Zone: " + SEAT_NAMES[seats[i]])

    g.ui.push(Rows(g.ui, "Cube in a zone", labels, chose, "capture.zone", None, 0, "",
                   seats, g.state.players))


def chose(g, text):
    """The game menu's item `text` was chosen."""
    ui = g.ui
    ui.pop()
    if text == "Undo":
        g.undo()
    elif text == "Critical catch":
        critical(g)
    elif text == "Elemental zone":
        zone(g)
    elif text == "Name a card":
        st = g.state
        slots = [s for s in range(SLOTS) if st.slots[s] != NO_CARD]

        def chose(i):
            ui.pop()
            draw.name_card(g, slots[i])

        ui.push(Rows(ui, "Name which?", [cards.slot_label(g.cat, st, s) for s in slots],
                     chose, "capture.which"))
    elif text == "Collections":
        # each player's cards (luminous marked *) and the fled count
        st = g.state
        items = [SEAT_NAMES[p] + " " + cards.n_cards(len(st.collections[p]))
                 for p in range(st.players)]
        items.append("Fled: {}".format(st.fled))
        seats = list(range(st.players))

        def player(p):
            if p >= st.players:
                return
            coll = st.collections[p]
            text = "\n".join("{}{}".format(cards.coll_name(g.cat, g.game, p, i),
                                           "*" if coll[i] & LUMINOUS else "")
                             for i in range(len(coll)))
            ui.push(TextPage(ui, SEAT_NAMES[p], text, "capture.coll"))

        ui.push(Rows(ui, "Collections", items, player, "capture.colls", None, 0, "", seats,
                     st.players))
    elif text == "Help":
        from geekout.capture import help as h  # for the page only (help.py)

        h.show(ui, "rounds")
    else:
        g.app.menu_end(text)
