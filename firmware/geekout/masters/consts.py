"""Geek Out! Masters: the numbers the rules core, the screens and the host tools share.

The journal's byte values are defined here once. A game's journal (journal.py 'A'
records) holds one byte per step:

  virtual dice (config modes VIRTUAL and AUTO), the rules core's actions:
    0-5     chance: a die shows that face (or, at game start, the first seat)
    16      PASS            17  CONTINUE          18  HEART resolves
    24+t    MEEPLE rerolls an active die showing face t (t = 6: lone MEEPLE, no target)
    32+t    SPACESHIP sends face t to inactive     (t = 6: lone SPACESHIP destroys itself)
    40+t    SUPERHERO flips face t                 (t = 6: lone SUPERHERO, no target)
  table dice (config mode TABLE): the first seat (the gadget draws it, M8), then one
    byte per turn: 0-10 dice scored, BUST (11).

  Auto dice (AUTO) journals the same bytes: the steps the gadget takes are the rules
  core's actions, written as a player's would be.

Config bytes: (mode, players): mode VIRTUAL 0, TABLE 1, AUTO 2; players 1-4. Rulings
cited as M1..M8 (docs/rules.md).
"""

from micropython import const

# Faces (ruling M1). The opposite of face f is f ^ 1: 42<->HEART, MEEPLE<->SPACESHIP,
# SUPERHERO<->DRAGON.
F42 = const(0)
HEART = const(1)
MEEPLE = const(2)
SPACESHIP = const(3)
SUPERHERO = const(4)
DRAGON = const(5)
FACES = const(6)
FACE_NAMES = ("42", "HEART", "MEEPLE", "SPACESHIP", "SUPERHERO", "DRAGON")

DICE = const(10)
START_ACTIVE = const(7)
START_INACTIVE = const(3)
ROUNDS = const(5)
MAX_PLAYERS = const(4)

# Players (OpenSpiel ids).
CHANCE = const(-1)
TERMINAL = const(-4)

# Decisions (journal bytes of a virtual-dice game).
PASS = const(16)
CONTINUE = const(17)
HEART_ACT = const(18)
MEEPLE_ON = const(24)
SPACESHIP_ON = const(32)
SUPERHERO_ON = const(40)
NO_TARGET = const(6)

# What ended a turn.
ENDED_PASS = const(1)
ENDED_FORCED = const(2)  # M6: used zone empty, the pass is forced
ENDED_BUST = const(3)  # M4 dragon or M3e lone spaceship

# The game's config: its first byte, the mode.
VIRTUAL = const(0)  # the gadget rolls
TABLE = const(1)  # real dice, the gadget keeps score
AUTO = const(2)  # the gadget rolls and resolves; the players continue or pass

# A table-dice turn entry: 0-10 dice scored, or this.
BUST = const(11)

# The hint table (hint.py reads it; geekout_tools.masters.hint_table writes it), on the
# board's data storage.
HINT_FILE = "geekout/masters/hint.bin"
