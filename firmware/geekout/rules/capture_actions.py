"""Geekmon Capture actions: how each thing the table does is written as one int.

An action's low 5 bits say what happened (the A_* ids), the rest is its argument; every
action fits a MicroPython small int, so a journal is an array of ints. A card in play
or in a collection is one int too ("traits"):
  bits 0-3 weakness type id (0 unknown)   bits 4-11 types mask   bit 12 legendary
  bit 13 Munchkey/Munchkong (C11)         bit 14 luminous        bits 15-24 card number
Type ids follow capture_score.TYPE_NAMES (1 fire ... 8 beast). The builders below make
actions, action_text words them for the screen. Used by capture.py (the game) and the UI.
"""

from micropython import const

# Every constant is a compile-time one here (no global name: the gadget loads this module
# for an undo's words, and each name it interns stays for good, past ~620 names the
# interpreter takes a 7.4 KB name table); the public names below (GEEK... RESOLVE) come
# through this module's __getattr__.
_GEEK = const(0)
_HYPER = const(1)
_ACTIVE_TARGET = const(8)  # target ids: 0-5 wild slots, 8 + p player p's active (C11)

# Traits.
_W_MASK = const(15)
_T_SHIFT = const(4)
_LEGENDARY = const(4096)
_MUNCHKEY = const(8192)
_LUMINOUS = const(16384)
_N_SHIFT = const(15)

# Action kinds.
_A_DRAW = const(0)  # chance: arg 0 a Geekmon, 1 a luminous encounter card
_A_CARD = const(1)  # describe a wild card: slot | weakness<<3 | types<<7 | legendary<<15 | munchkey<<16
_A_NUMBER = const(2)  # slot | number<<3 (the card's catalog number)
_A_ACTIVE = const(3)  # player | collection index<<2
_A_GO = const(4)  # actives chosen: throwing starts
_A_THROW = const(5)  # the thrower throws: arg GEEK or HYPER
_A_CRITICAL = const(6)  # target | catcher<<4: a cube on the critical catch icon (C3)
_A_ELEMENTAL = const(7)  # player | kind<<2: that cube landed in an elemental zone (C12 arena)
_A_ECUBE = const(8)  # solo: arg 0 an elemental cube left the zones, 1 one went back (C13)
_A_POINTS = const(9)  # player | points<<2 on the card being checked
_A_RESOLVE = const(10)  # every player's points entered: settle the card (C3)
_A_BULLSEYE = const(11)  # arg player: whose cube is closest to the target centre (C3)
_A_TAKE = const(12)  # arg collection index (0 = take nothing): C11 starter substitute


def __getattr__(name):
    """The public constants: GEEK, HYPER (cube kinds), ACTIVE_TARGET, the trait bits
    LEGENDARY, MUNCHKEY, LUMINOUS, the action kinds A_DRAW, A_CARD, A_NUMBER, A_THROW,
    A_CRITICAL, A_ELEMENTAL, A_ECUBE, the draws DRAW_GEEKMON, DRAW_ENCOUNTER (A_DRAW |
    1<<5), and the whole actions GO, RESOLVE. Their names are one string here (a string
    past 10 characters is not interned)."""
    names = ("GEEK HYPER ACTIVE_TARGET LEGENDARY MUNCHKEY LUMINOUS A_DRAW A_CARD A_NUMBER "
             "A_THROW A_CRITICAL A_ELEMENTAL A_ECUBE DRAW_GEEKMON DRAW_ENCOUNTER GO RESOLVE").split()
    if name in names:
        return (_GEEK, _HYPER, _ACTIVE_TARGET, _LEGENDARY, _MUNCHKEY, _LUMINOUS, _A_DRAW,
                _A_CARD, _A_NUMBER, _A_THROW, _A_CRITICAL, _A_ELEMENTAL, _A_ECUBE, 0, 32,
                _A_GO, _A_RESOLVE)[names.index(name)]
    raise AttributeError(name)


def traits(weakness=0, types=0, legendary=False, munchkey=False, number=0, luminous=False):
    """A card's traits int; `types` is a mask (bit t-1 for type id t, see capture_score)."""
    return ((weakness & _W_MASK) | (types & 255) << _T_SHIFT | (_LEGENDARY if legendary else 0)
            | (_MUNCHKEY if munchkey else 0) | (_LUMINOUS if luminous else 0) | number << _N_SHIFT)


def weakness_of(traits):
    return traits & _W_MASK


def types_of(traits):
    return (traits >> _T_SHIFT) & 255


def number_of(traits):
    return traits >> _N_SHIFT


def card_action(target, weakness=0, types=0, legendary=False, munchkey=False):
    """The description of the wild card in slot `target` (0-5)."""
    return _A_CARD | (target | weakness << 3 | types << 7 | (1 if legendary else 0) << 15
                      | (1 if munchkey else 0) << 16) << 5


def number_action(target, number):
    """The catalog number of the wild card in slot `target` (0-5)."""
    return _A_NUMBER | (target | number << 3) << 5


def active_action(player, index):
    return _A_ACTIVE | (player | index << 2) << 5


def throw_action(kind):
    return _A_THROW | kind << 5


def critical_action(target, player):
    """Player `player` catches `target` (C3)."""
    return _A_CRITICAL | (target | player << 4) << 5


def elemental_action(player, kind):
    return _A_ELEMENTAL | (player | kind << 2) << 5


def ecube_action(back=False):
    return _A_ECUBE | (1 if back else 0) << 5


def points_action(player, points):
    return _A_POINTS | (player | points << 2) << 5


def bullseye_action(player):
    return _A_BULLSEYE | player << 5


def take_action(index):
    return _A_TAKE | index << 5


def action_text(action):
    """Words for an action, as the gadget and host tools show it."""
    kind = action & 31
    arg = action >> 5
    if kind == _A_DRAW:
        return "draw: luminous encounter" if arg else "draw: a Geekmon"
    if kind == _A_CARD:
        return "card {}: weakness {}, types {:08b}{}{}".format(
            (arg & 7) + 1, (arg >> 3) & 15, (arg >> 7) & 255,
            ", legendary" if arg >> 15 & 1 else "", ", Munchkey" if arg >> 16 & 1 else "")
    if kind == _A_NUMBER:
        return "card {} is number {:03d}".format((arg & 7) + 1, arg >> 3)
    if kind == _A_ACTIVE:
        return "player {} makes collection card {} active".format((arg & 3) + 1, arg >> 2)
    if kind == _A_GO:
        return "throw!"
    if kind == _A_THROW:  # (whole sentences: strings past 10 characters are not interned)
        return "throws a hypercube" if arg else "throws a geekcube"
    if kind == _A_CRITICAL:
        t = arg & 15
        if t >= _ACTIVE_TARGET:
            return "critical catch on player {}'s active Geekmon by player {}".format(
                t - _ACTIVE_TARGET + 1, (arg >> 4) + 1)
        return "critical catch on card {} by player {}".format(t + 1, (arg >> 4) + 1)
    if kind == _A_ELEMENTAL:
        return ("player {}'s hypercube lands in an elemental zone" if arg >> 2 else
                "player {}'s geekcube lands in an elemental zone").format((arg & 3) + 1)
    if kind == _A_ECUBE:
        return "an elemental cube goes back into a zone" if arg else "an elemental cube is cleared"
    if kind == _A_POINTS:
        return "player {} has {} points".format((arg & 3) + 1, arg >> 2)
    if kind == _A_RESOLVE:
        return "check the card"
    if kind == _A_BULLSEYE:
        return "bull's eye: player {}".format(arg + 1)
    if kind == _A_TAKE:
        return "take collection card {}".format(arg) if arg else "take nothing"
    return "?"

