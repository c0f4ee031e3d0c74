"""Geekmon Capture actions: how each thing the table does is written as one int.

The builders below make actions (ids and traits bits: consts.py); action_text words one
for the tools (words.py). Type ids follow consts.TYPE_NAMES (1 fire ... 8 beast).
"""

from geekout.capture.consts import (
    A_ACTIVE,
    A_ADVANTAGE,
    A_BULLSEYE,
    A_CARD,
    A_CRITICAL,
    A_ECUBE,
    A_ELEMENTAL,
    A_NUMBER,
    A_POINTS,
    A_QUICK,
    A_TAKE,
    A_THROW,
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


def critical_action(target, player, cube=0):
    """Player `player` catches `target` (C3) with a cube on the icon: `cube` 1 a geekcube,
    2 a hypercube (its points leave the round's cap), 0 not said."""
    return A_CRITICAL | (target | player << 4 | cube << 6) << 5


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


def advantage_action(players):
    """The tied players (a list of seats) the table says have type advantage (C3)."""
    mask = 0
    for p in players:
        mask |= 1 << p
    return A_ADVANTAGE | mask << 5


def quick_action(left=0):
    """A quick round's check starts, the throws not entered; `left` (solo, C13): the
    elemental cubes still in the zones."""
    return A_QUICK | left << 5


def action_text(action):
    """Words for an action, as the host tools and the tests show it (words.py, loaded
    when asked: the gadget's screens have their own shorter words)."""
    from geekout.capture.words import action_text as text

    return text(action)
