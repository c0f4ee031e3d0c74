"""Geekmon Capture on the gadget: the game menu and the choices made in pushed menus
(critical catch, elemental zone, the collections). Loaded on demand and dropped again
once the game screen is back on top.
Functions take the game screen (games/capture_game.py) as `g`.
"""

from micropython import const

from geekout.games import capture_cat as cat
from geekout.ui.widgets import SEAT_NAMES, Confirm, Menu, TextPage

# Action ids and trait bits of rules/capture_actions (the journal format), as compile-time
# constants: a game runs without that module in RAM.
_A_CRITICAL = const(6)
_A_ELEMENTAL = const(7)
_ACTIVE_TARGET = const(8)
_LUMINOUS = const(16384)

_FLASH_SCORE = const(2)  # hal.leds.FLASH_SCORE
_SLOTS = const(6)  # rules/capture: wild card places
_NO_CARD = const(-1)


def legal_of(g, kind):
    """The legal actions of that kind now (the rules core's legal_actions)."""
    return [a for a in g.state.legal_actions() if a & 31 == kind]


def long_ok(g):
    st = g.state
    items = ["Undo"]
    if legal_of(g, _A_CRITICAL):
        items.append("Critical catch")
    if g.cfg.arena and legal_of(g, _A_ELEMENTAL):
        items.append("Elemental zone")
    if g.mode in ("cards", "throw", "check") and st.target() < _ACTIVE_TARGET:
        for s in st.slots:
            if s != _NO_CARD:
                items.append("Name a card")
                break
    items += ["Collections", "Help", "Home", "End game"]
    g.ui.push(Menu(g.ui, "Game menu", items, lambda i: chose(g, items[i]), "capture.menu"))


def critical(g):
    """C3: a cube on the critical catch icon: which card, whose cube."""
    crits = legal_of(g, _A_CRITICAL)
    if not crits:
        g.refuse("No card to catch")
        return
    targets = []
    for a in crits:
        t = (a >> 5) & 15
        if t not in targets:
            targets.append(t)
    st = g.state
    labels = [cat.target_label(g.cat, st, t) for t in targets]

    def target(i):
        t = targets[i]
        who = [(a >> 9) & 3 for a in crits if (a >> 5) & 15 == t]
        last = st.last_thrower

        def chose(n):
            g.ui.pop()
            g.ui.pop()
            c = who[n]
            if g.commit([_A_CRITICAL | (t | c << 4) << 5], "{} critical: {}".format(
                    SEAT_NAMES[c], labels[i])):
                board = g.app.board
                board.leds.flash(_FLASH_SCORE, board.clock(), c)
                g.ui.cue("score")

        g.ui.push(Menu(g.ui, "Whose cube?", [SEAT_NAMES[c] for c in who], chose,
                          "capture.catcher", None, who.index(last) if last in who else 0))

    g.ui.push(Menu(g.ui, "Critical catch", labels, target, "capture.crit"))


def zone(g):
    """C12: a thrown cube landed in an elemental zone: it is thrown again."""
    acts = legal_of(g, _A_ELEMENTAL)
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
        g.undo_due = True  # done at the next tick, once this module has left RAM
    elif text == "Critical catch":
        critical(g)
    elif text == "Elemental zone":
        zone(g)
    elif text == "Name a card":
        st = g.state
        slots = [s for s in range(_SLOTS) if st.slots[s] != _NO_CARD]

        def chose(i):
            ui.pop()
            from geekout.games import capture_draw

            capture_draw.name_card(g, slots[i])

        ui.push(Menu(ui, "Name which?", [cat.slot_label(g.cat, st, s) for s in slots],
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
            text = "\n".join("{}{}".format(cat.coll_name(g.cat, g.cfg, p, i, coll[i]),
                                           "*" if coll[i] & _LUMINOUS else "")
                             for i in range(len(coll)))
            ui.push(TextPage(ui, SEAT_NAMES[p], text, "capture.coll"))

        ui.push(Menu(ui, "Collections", items, player, "capture.colls"))
    elif text == "Help":
        g.app.show_help()
    elif text == "Home":
        g.app.go_home()
    else:
        ui.push(Confirm(ui, "End this game? It will not be saved.", g.app.finish,
                        None, False, "capture.end?"))
