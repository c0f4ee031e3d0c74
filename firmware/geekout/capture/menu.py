"""Geekmon Capture on the gadget: the game menu and the choices made in pushed menus
(critical catch, elemental zone, naming a card, the collections).
Functions take the game screen (round.py) as `g`.
"""

from geekout.capture import cards, draw
from geekout.capture.actions import critical_action
from geekout.capture.consts import A_CRITICAL, A_ELEMENTAL, ACTIVE_TARGET, LUMINOUS, NO_CARD, SLOTS
from geekout.hal.leds import FLASH_SCORE
from geekout.ui.widgets import MENU_END, SEAT_NAMES, Menu, TextPage


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
    if g.mode in ("cards", "throw", "check") and st.target() < ACTIVE_TARGET:
        for s in st.slots:
            if s != NO_CARD:
                items.append("Name a card")
                break
    items += ("Collections",) + MENU_END
    g.ui.push(Menu(g.ui, "Game menu", items, lambda i: chose(g, items[i]), "capture.menu"))


def critical(g):
    """C3: a cube on the critical catch icon: which card, whose cube."""
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

    def target(i):
        t = targets[i]
        who = [(a >> 9) & 3 for a in crits if (a >> 5) & 15 == t]
        last = st.last_thrower

        def chose(n):
            g.ui.pop()
            g.ui.pop()
            c = who[n]
            if g.commit([critical_action(t, c)], "{} critical: {}".format(
                    SEAT_NAMES[c], labels[i])):
                board = g.app.board
                board.leds.flash(FLASH_SCORE, board.clock(), c)
                g.ui.cue("score")

        g.ui.push(Menu(g.ui, "Whose cube?", [SEAT_NAMES[c] for c in who], chose,
                          "capture.catcher", None, who.index(last) if last in who else 0))

    g.ui.push(Menu(g.ui, "Critical catch", labels, target, "capture.crit"))


def zone(g):
    """C12: a thrown cube landed in an elemental zone: it is thrown again."""
    acts = legal_of(g, A_ELEMENTAL)
    if not acts:
        g.refuse("No thrown cube")
        return
    labels = ["{} {}".format(SEAT_NAMES[(a >> 5) & 3][:3], ("Geekcube", "Hypercube")[(a >> 7) & 1])
              for a in acts]

    def chose(i):
        g.ui.pop()
        g.commit([acts[i]], labels[i] + ": zone")

    g.ui.push(Menu(g.ui, "Cube in a zone", labels, chose, "capture.zone"))


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

        ui.push(Menu(ui, "Name which?", [cards.slot_label(g.cat, st, s) for s in slots],
                     chose, "capture.which"))
    elif text == "Collections":
        # each player's cards (luminous marked *) and the fled count
        st = g.state
        items = ["{} {} cards".format(SEAT_NAMES[p], len(st.collections[p]))
                 for p in range(st.players)]
        items.append("Fled: {}".format(st.fled))

        def player(p):
            if p >= st.players:
                return
            coll = st.collections[p]
            text = "\n".join("{}{}".format(cards.coll_name(g.cat, g.cfg, p, i, coll[i]),
                                           "*" if coll[i] & LUMINOUS else "")
                             for i in range(len(coll)))
            ui.push(TextPage(ui, SEAT_NAMES[p], text, "capture.coll"))

        ui.push(Menu(ui, "Collections", items, player, "capture.colls"))
    else:
        g.app.menu_end(text)
