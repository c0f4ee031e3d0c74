"""What the seat LEDs say, named for the screens: the kinds of a seat's flash that
board.leds.flash(kind, now, seat) shows (hal/leds.py draws them: a bust every seat in
play red and the seat white, a score the seat white). The screens reach the LEDs through the board and import
nothing of hal/; tests/firmware/test_layout.py checks the two agree."""

from micropython import const

FLASH_BUST = const(1)  # a bust or a loss: every seat red, the seat white
FLASH_SCORE = const(2)  # points scored, a catch, a win: the seat white
