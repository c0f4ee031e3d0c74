"""Key codes: what the buttons hand to the UI (the button grammar, docs/gadget.md), and
the tick arithmetic the buttons, LEDs and buzzer time themselves with. Shared by hal/
and the screens, so that neither imports the other.

UP/DOWN repeat while held; OK and BACK fire on release unless held long, in which case
only the long code fires (never both, a known complaint about button libraries).
"""

from micropython import const

UP = const(0)
DOWN = const(1)
OK = const(2)
BACK = const(3)
LONG_OK = const(4)  # the game menu (undo, scoreboard, hint, help)
LONG_BACK = const(5)  # home
COUNT = const(6)


def ticks_diff(a, b):
    """a - b on MicroPython's 30-bit tick counter (wraps every ~12 days)."""
    return ((a - b + 0x20000000) & 0x3FFFFFFF) - 0x20000000
