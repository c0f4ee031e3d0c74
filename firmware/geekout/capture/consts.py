"""Geekmon Capture's numbers, defined once: the journal's action ids and card traits,
the rules core's phases and results, the gadget's line-entry kinds, the catalog's
specials and limits. The rules core, the tools and the screens all read them here.

An action is one int: its low 5 bits say what happened (A_*), the rest is its argument
(actions.py builds and words them). A card in play or in a collection is one int too,
its traits:
  bits 0-3 weakness type id (0 unknown)   bits 4-11 types mask   bit 12 legendary
  bit 13 Munchkey/Munchkong (C11)         bit 14 luminous        bits 15-24 card number
"""

from micropython import const

# Types (docs/rules.md C3): ids 1-8 (0: none or unknown); a set of types is a bit mask (bit id-1).
TYPE_NAMES = ("fire", "water", "plant", "magnetic", "mystical", "twilight", "earth", "beast")

# Players as OpenSpiel names them; TABLE: the players together tell a fact.
CHANCE = const(-1)
TABLE = const(-2)
TERMINAL = const(-4)

# The game (C1, C2, C13).
MAX_PLAYERS = const(4)
SLOTS = const(6)  # C1: wild Geekmons per round
WILD_PER_PLAYER = const(10)  # C1: one set of 10 per player
SOLO_WILD = const(34)  # C13 (rulebook solo set-up): 3 sets plus 4 more cards
ENCOUNTERS = const(2)  # C1: luminous encounter cards in the deck
CUBES = ((4, 2), (8, 4))  # C2 (geek, hyper) per round; C13 solo
ELEMENTAL_CUBES = const(3)  # C13
NO_CARD = const(-1)  # an empty place on the table
NO_PLACE = const(255)  # where a collection card was caught (steps.Game.origin): none, the starter

# Cube kinds.
GEEK = const(0)
HYPER = const(1)
ACTIVE_TARGET = const(8)  # target ids: 0-5 the wild cards' places, 8 + p player p's active (C11)

# Card traits.
W_MASK = const(15)
T_SHIFT = const(4)
LEGENDARY = const(4096)
MUNCHKEY = const(8192)
LUMINOUS = const(16384)
N_SHIFT = const(15)

# Action kinds (the journal's format: fixed).
A_DRAW = const(0)  # chance: arg 0 a Geekmon, 1 a luminous encounter card
A_CARD = const(1)  # describe a wild card: slot | weakness<<3 | types<<7 | legendary<<15 | munchkey<<16
A_NUMBER = const(2)  # slot | number<<3 (the card's catalog number)
A_ACTIVE = const(3)  # player | collection index<<2
A_GO = const(4)  # actives chosen: throwing starts
A_THROW = const(5)  # the thrower throws: arg GEEK or HYPER
A_CRITICAL = const(6)  # target | catcher<<4 | cube<<6: a cube on the critical catch icon (C3);
# cube 1 a geekcube, 2 a hypercube (it leaves the round's cubes), 0 not said (journals
# made before the cube was asked, and quick rounds)
A_ELEMENTAL = const(7)  # player | kind<<2: that cube landed in an elemental zone (C12 arena)
A_ECUBE = const(8)  # solo: arg 0 an elemental cube left the zones, 1 one went back (C13)
A_POINTS = const(9)  # player | points<<2 on the card being checked
A_RESOLVE = const(10)  # every player's points entered: settle the card (C3)
A_BULLSEYE = const(11)  # arg player: whose cube is closest to the target centre (C3)
A_TAKE = const(12)  # arg collection index (0 = take nothing): C11 starter substitute
A_ADVANTAGE = const(13)  # a tie: arg the mask of the tied players the table says have type
# advantage (C3: exactly one captures; several go to bull's eye, none: all the tied)
A_QUICK = const(14)  # a quick round: the throws are not entered, the check starts; arg
# (solo, C13) the elemental cubes still in the zones
A_NOTE = const(31)  # the gadget's end-of-game line entry (steps.py): player | card<<2 |
# kind<<9 | line<<13 | arena<<17

# Whole actions.
DRAW_GEEKMON = const(0)  # A_DRAW | 0 << 5
DRAW_ENCOUNTER = const(32)  # A_DRAW | 1 << 5
GO = const(4)  # A_GO
RESOLVE = const(10)  # A_RESOLVE
QUICK = const(14)  # A_QUICK | 0 << 5

# Phases of the rules core (its .phase; PHASE_NAMES[phase] is phase_name()).
DRAW = const(0)
SETUP = const(1)
THROW = const(2)
CHECK = const(3)
BULLSEYE = const(4)
TAKE = const(5)
OVER = const(6)
PHASE_NAMES = ("draw", "setup", "throw", "check", "bullseye", "take", "over")

# How a target ended: the third item of each entry of the core's .results.
H_CRITICAL = const(1)
H_POINTS = const(2)  # the highest sum, alone
H_TYPE = const(3)  # tie won by type advantage
H_BULLSEYE = const(4)
H_FLED = const(5)  # no cubes (or, solo, too few points): the wild card flees
H_KEPT = const(6)  # C11: the owner keeps their active Geekmon
H_MUNCHKEY = const(7)  # C11: tie won by an active Munchkey or Munchkong
H_TAKEN = const(8)  # C11: another card taken in place of a starter
H_SOLO = const(9)  # C13: the threshold is met
HOW_NAMES = ("", "critical", "points", "type", "bullseye", "fled", "kept", "munchkey",
             "taken", "solo")

# A collection card's line structure, the kind of a line entry (A_NOTE, C4-C9).
K_UNKNOWN = const(0)
K_SINGLE = const(1)
K_TWO = const(2)
K_THREE = const(3)
K_HYRO = const(4)
K_LEGEND = const(5)
K_MILEMOON = const(6)
K_MOUSELET = const(7)
K_MALE = const(8)
K_FEMALE = const(9)
LINES = "ABCDEFGHIJKLMNOP"  # line letters a player gives the cards of one line (4 bits
# in A_NOTE; journals before the count of the ? cards used A-L only)

# The catalog (catalog.py): specials bits, and what the gadget can hold (cards.py).
SPECIALS = ("starter", "legendary", "milemoon", "hyro", "mouselet", "male", "female", "munchkey")
SP_STARTER = const(1)
SP_LEGENDARY = const(2)
SP_MILEMOON = const(4)
SP_HYRO = const(8)
SP_MOUSELET = const(16)
SP_MALE = const(32)
SP_FEMALE = const(64)
SP_MUNCHKEY = const(128)
# A catalog card's special bits and the line kind each makes it, the first that
# applies (C5, C7, C9).
SPECIAL_KINDS = ((SP_MILEMOON, K_MILEMOON), (SP_LEGENDARY, K_LEGEND), (SP_MOUSELET, K_MOUSELET),
                 (SP_MALE, K_MALE), (SP_FEMALE, K_FEMALE))
MAX_CARDS = const(150)  # the real game's 78 cards plus the expansions
MAX_NAME = const(16)  # bytes of UTF-8: one line of the 128-pixel screen, which draws
# each byte as an 8-pixel glyph (framebuf's font has ASCII only)
MAX_KEY = const(24)  # characters of a line key ("044-045-046" is 11)
UNNUMBERED = const(900)  # cards without a number are 900 + their row index (below 1024)
ROW_NUMBERS = const(124)  # rows 0-123 may go without a number: 900 + 123 = 1023
