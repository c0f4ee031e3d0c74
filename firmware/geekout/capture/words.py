"""Geekmon Capture actions in words, for the host tools, the tests and the logs (one
line an action). Kept apart from actions.py so the gadget does not hold the words in
RAM: its screens say things their own shorter way.
"""

from geekout.capture.consts import (
    A_ACTIVE,
    A_ADVANTAGE,
    A_BULLSEYE,
    A_CARD,
    A_CRITICAL,
    A_DRAW,
    A_ECUBE,
    A_ELEMENTAL,
    A_GO,
    A_NUMBER,
    A_POINTS,
    A_QUICK,
    A_RESOLVE,
    A_TAKE,
    A_THROW,
    ACTIVE_TARGET,
)


def _seats(mask):
    return ", ".join(str(p + 1) for p in range(4) if mask >> p & 1)



def action_text(action):
    """Words for an action, as the gadget and host tools show it."""
    kind = action & 31
    arg = action >> 5
    if kind == A_DRAW:
        return "draw: luminous encounter" if arg else "draw: a Geekmon"
    if kind == A_CARD:
        return "card {}: weakness {}, types {:08b}{}{}".format(
            (arg & 7) + 1, (arg >> 3) & 15, (arg >> 7) & 255,
            ", legendary" if arg >> 15 & 1 else "", ", Munchkey" if arg >> 16 & 1 else "")
    if kind == A_NUMBER:
        return "card {} is number {:03d}".format((arg & 7) + 1, arg >> 3)
    if kind == A_ACTIVE:
        return "player {} makes collection card {} active".format((arg & 3) + 1, arg >> 2)
    if kind == A_GO:
        return "throw!"
    if kind == A_THROW:
        return "throws a hypercube" if arg else "throws a geekcube"
    if kind == A_CRITICAL:
        t = arg & 15
        cube = ("", " (geekcube)", " (hypercube)", " (?)")[arg >> 6 & 3]
        if t >= ACTIVE_TARGET:
            return "critical catch on player {}'s active Geekmon by player {}{}".format(
                t - ACTIVE_TARGET + 1, (arg >> 4 & 3) + 1, cube)
        return "critical catch on card {} by player {}{}".format(t + 1, (arg >> 4 & 3) + 1,
                                                                 cube)
    if kind == A_ELEMENTAL:
        return ("player {}'s hypercube lands in an elemental zone" if arg >> 2 else
                "player {}'s geekcube lands in an elemental zone").format((arg & 3) + 1)
    if kind == A_ECUBE:
        return "an elemental cube goes back into a zone" if arg else "an elemental cube is cleared"
    if kind == A_POINTS:
        return "player {} has {} points".format((arg & 3) + 1, arg >> 2)
    if kind == A_RESOLVE:
        return "check the card"
    if kind == A_BULLSEYE:
        return "bull's eye: player {}".format(arg + 1)
    if kind == A_TAKE:
        return "take collection card {}".format(arg) if arg else "take nothing"
    if kind == A_ADVANTAGE:
        return "type advantage: player " + _seats(arg) if arg else "type advantage: no one"
    if kind == A_QUICK:
        return "quick round: check" + (", {} elemental cubes left".format(arg) if arg else "")
    return "?"

