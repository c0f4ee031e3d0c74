"""Galaxy battle: the numbers and names shared by the rules core, its events and the
gadget's screens, each defined once here.

The event type ids, payments, ship numbers and player count below are the journal's
bytes (events.encode): journals saved on the gadget and on the laptop depend on them,
so they never change. The rest (phases, star kinds, ship slots, unique-action bits,
limits of the rules) are the state's values, read by the screens. Pure: imports
nothing of the gadget.
"""

from micropython import const

# -- the journal's bytes ---------------------------------------------------------------
# Event types (events.py): byte 0 of an event is type << 2 | player.
FIRST = const(0)
CELL = const(1)
STARS = const(2)
MOVE = const(3)
TURN = const(4)
DRONE = const(5)
UPGRADE = const(6)
ATTACK = const(7)
WORMHOLE = const(8)
DONE = const(9)
TYPE_NAMES = ("first", "cell", "stars", "move", "turn", "drone", "upgrade", "attack",
              "wormhole", "done")

# How a drone or an upgrade is paid (B4).
PAY_SMALL = const(0)
PAY_NOVA = const(1)
PAY_NAMES = ("small", "supernova")

# Ships per player: 0 is the mothership, 1-3 the drones.
SHIPS = const(4)
MOTHERSHIP = const(0)
SHIP_NAMES = ("M", "D1", "D2", "D3")

# -- the state's values ----------------------------------------------------------------
# current_player() besides a seat (OpenSpiel's chance and terminal nodes).
CHANCE = const(-1)
TERMINAL = const(-4)

# Phases of a game and of a turn.
PH_FIRST = const(0)  # the chance draw of the first player (B1)
PH_OPEN_CELLS = const(1)  # opening: 2 cells each (B2)
PH_OPEN_STARS = const(2)  # opening: 2 stars each (B2)
PH_EXPLORE = const(3)  # a turn: exploration, drone moves, attacks, tactical (B3)
PH_DRONES = const(4)
PH_ATTACKS = const(5)
PH_TACTICAL = const(6)
PH_OVER = const(7)  # someone has won (B8)
PHASE_NAMES = ("first player", "opening cells", "opening stars", "exploration",
               "drone moves", "attacks", "tactical", "over")

# Star kinds and the game's whole stock of each (manual: pieces).
SMALL = const(0)
BOMB = const(1)
NOVA = const(2)
KIND_NAMES = ("small", "bomb", "supernova")
TOTALS = (31, 16, 10)
NOVA_VALUE = const(3)  # B5: a collected supernova counts 3, a small star 1

# Where a ship is (a player's ship slots).
SUPPLY = const(0)
PLAY = const(1)
GONE = const(2)

# Unique actions (B9): bits of a player's `unique` mask; each unused one holds a small star.
TELEPORT = const(1)
WORMHOLE_UA = const(2)
SHIELD = const(4)
UNIQUE_NAMES = ("teleport", "wormhole", "shield")  # bit 1 << i is UNIQUE_NAMES[i]

# Limits of the rules.
CELLS = const(30)  # B2: star cells in supply
ACTION_POINTS = const(3)  # B3: tactical action points a turn
MAX_LEVEL = const(3)  # B4: levels a ship may hold
OPENING_CELLS = const(2)  # B2: each player places 2 cells in the opening
START_RESERVE = const(4)  # B2: 4 bomb stars and 4 small stars each

# Victory conditions (B8), in the order they are checked for one player.
SUPREMACY = const(1)
OVERLOAD = const(2)
DESTROYER = const(3)
CONDITION_NAMES = ("", "supremacy", "overload", "destroyer")
WIN_LEAD = const(2)  # supremacy: ships in play more than every other player
WIN_VALUE = const(9)  # overload: collected star value
WIN_KILLS = const(3)  # destroyer: enemy ships destroyed
