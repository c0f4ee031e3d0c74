"""Geek Out! Masters: the numbers the rules core, the screens and the host tools share.

The journal's byte values are defined here once, one byte a step (journal.py 'A'
records): with virtual and auto dice (config modes VIRTUAL, AUTO) the rules core's
actions (chance 0-5, PASS, CONTINUE, HEART_ACT, MEEPLE_ON/SPACESHIP_ON/SUPERHERO_ON plus
the face); with table dice (TABLE) the first seat, then each turn's dice scored or BUST,
after the turn's own steps when the hint followed it (TRACE).
Config bytes: (mode, players). A changed value changes what saved games mean. Rulings
cited as M1..M8 (docs/rules.md); the byte table: docs/gadget.md, Saved game.
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
# Before a turn's entry, the turn as the hint followed it (docs/gadget.md, Saved game):
# each rules-core byte b (a die face, a decision) saved as TRACE + b, below TRACE_END.
# A trace is kept only when it is the whole turn and ends in the entry; MAX_TRACE bytes
# at most (a turn of 10 continues is about 100).
TRACE = const(0x40)
TRACE_END = const(0x80)
MAX_TRACE = const(400)

# The hint table (hint.py reads it; geekout_tools.masters.hint_table writes it), on the
# board's data storage.
HINT_FILE = "geekout/masters/hint.bin"
