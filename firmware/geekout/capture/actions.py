"""Geekmon Capture actions: how each thing the table does is written as one int.

The builders below make actions (ids and traits bits: consts.py), action_text words one
for the screen and the tools. Type ids follow consts.TYPE_NAMES (1 fire ... 8 beast).
"""

from geekout.capture.consts import (
    A_ACTIVE,
    A_BULLSEYE,
    A_CARD,
    A_CRITICAL,
    A_DRAW,
    A_ECUBE,
    A_ELEMENTAL,
    A_GO,
    A_NUMBER,
    A_POINTS,
    A_RESOLVE,
    A_TAKE,
    A_THROW,
    ACTIVE_TARGET,
    LEGENDARY,
    LUMINOUS,
    MUNCHKEY,
    N_SHIFT,
    T_SHIFT,
    W_MASK,
)


def traits(weakness=0, types=0, legendary=False, munchkey=False, number=0, luminous=False):
    """A card's traits int; `types` is a mask (bit t-1 for type id t, see consts.TYPE_NAMES)."""
    return ((weakness & W_MASK) | (types & 255) << T_SHIFT | (LEGENDARY if legendary else 0)
            | (MUNCHKEY if munchkey else 0) | (LUMINOUS if luminous else 0) | number << N_SHIFT)


def weakness_of(traits):
    return traits & W_MASK


def types_of(traits):
    return (traits >> T_SHIFT) & 255


def number_of(traits):
    return traits >> N_SHIFT


def card_action(target, weakness=0, types=0, legendary=False, munchkey=False):
    """The description of the wild card in slot `target` (0-5)."""
    return A_CARD | (target | weakness << 3 | types << 7 | (1 if legendary else 0) << 15
                      | (1 if munchkey else 0) << 16) << 5


def number_action(target, number):
    """The catalog number of the wild card in slot `target` (0-5)."""
    return A_NUMBER | (target | number << 3) << 5


def active_action(player, index):
    return A_ACTIVE | (player | index << 2) << 5


def throw_action(kind):
    return A_THROW | kind << 5


def critical_action(target, player):
    """Player `player` catches `target` (C3)."""
    return A_CRITICAL | (target | player << 4) << 5


def elemental_action(player, kind):
    return A_ELEMENTAL | (player | kind << 2) << 5


def ecube_action(back=False):
    return A_ECUBE | (1 if back else 0) << 5


def points_action(player, points):
    return A_POINTS | (player | points << 2) << 5


def bullseye_action(player):
    return A_BULLSEYE | player << 5


def take_action(index):
    return A_TAKE | index << 5


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
        if t >= ACTIVE_TARGET:
            return "critical catch on player {}'s active Geekmon by player {}".format(
                t - ACTIVE_TARGET + 1, (arg >> 4) + 1)
        return "critical catch on card {} by player {}".format(t + 1, (arg >> 4) + 1)
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
    return "?"

