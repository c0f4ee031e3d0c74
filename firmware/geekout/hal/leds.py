"""Seat LEDs: one WS2812 per seat. Whose turn it is, a flash on bust and on scoring,
and the gadget's faults when the screen cannot say them.

Takes a NeoPixel-like object (the real driver, or a fake with the same buffer and
write()); one write() per change, never per poll. Brightness is the 1-5 setting.
A fault (show_fault) takes every seat LED over until clear_fault(): safe mode is a
steady blue, no display a slow red blink (hal/board.py sets them).
"""

from micropython import const

from geekout.keys import ticks_diff

# Seat colours at full brightness, in seat order (names in ui.widgets.SEAT_NAMES).
SEAT_RGB = ((255, 0, 0), (0, 200, 0), (0, 60, 255), (255, 170, 0))
_LEVELS = (0, 4, 12, 32, 80, 255)  # brightness 1-5 -> scale out of 255
_DIM = const(8)  # the other seats glow at 1/8 of the turn's LED
_FLASH_MS = const(400)

FLASH_BUST = const(1)
FLASH_SCORE = const(2)

FAULT_SAFE = const(1)  # safe mode (BACK held at power-up): all seats steady blue
FAULT_DISPLAY = const(2)  # no OLED answers on I2C: all seats blink red, 1 s on, 1 s off
_BLINK_MS = const(1000)


class SeatLeds:
    def __init__(self, np, count=4):
        self.np = np
        self.count = min(count, len(np))
        self.brightness = 3
        self.players = 0
        self.seat = -1
        self.flash_kind = 0
        self.flash_until = 0
        self.flashing = False
        self.fault = 0  # FAULT_SAFE, FAULT_DISPLAY or 0
        self.blink_on = False

    def _scale(self, rgb, div=1):
        k = _LEVELS[self.brightness]
        return (rgb[0] * k // 255 // div, rgb[1] * k // 255 // div, rgb[2] * k // 255 // div)

    def set_brightness(self, level):
        self.brightness = max(1, min(5, level))
        self._paint()

    def show_turn(self, seat, players):
        """Light the seat whose turn it is; the other seats in play glow dim. Nothing is
        written when that is what the LEDs show already: a step asks for its seat's LEDs
        at every entry, and the colours and the write took 0.8 ms of each battle entry
        on the emulated Pico."""
        if seat == self.seat and players == self.players and not self.flashing:
            return
        self.seat = seat
        self.players = players
        self.flashing = False
        self._paint()

    def show_seats(self, players):
        """Seats in play all lit (choosing the number of players)."""
        self.seat = -1
        self.players = players
        self.flashing = False
        self._paint()

    def off(self):
        self.players = 0
        self.seat = -1
        self.flashing = False
        self._paint()

    def flash(self, kind, now, seat=-1):
        """Bust: every seat in play red, `seat` white; score: `seat` white. Ends by
        tick(), then the turn's LEDs come back."""
        if self.fault:
            return  # the fault keeps the LEDs (it is what the players need to see)
        if seat < 0:
            seat = self.seat
        self.flash_kind = kind
        self.flash_until = now + _FLASH_MS
        self.flashing = True
        np = self.np
        white = self._scale((255, 255, 255))
        for i in range(self.count):
            if kind == FLASH_BUST and i < self.players:
                np[i] = self._scale((255, 0, 0)) if i != seat else white
            elif kind == FLASH_SCORE and i == seat:
                np[i] = white
        np.write()

    def show_fault(self, kind, now):
        """Every seat LED tells the fault (FAULT_SAFE, FAULT_DISPLAY) until clear_fault();
        the turn shown meanwhile comes back then."""
        self.fault = kind
        self.flashing = False
        self.blink_on = (now // _BLINK_MS) & 1 == 0
        self._paint()

    def clear_fault(self):
        if self.fault:
            self.fault = 0
            self._paint()

    def tick(self, now):
        """End a flash when its time is up, blink a fault. True if the LEDs changed."""
        if self.fault == FAULT_DISPLAY:
            # The phase comes from the clock itself: nothing to remember, nothing allocated
            # unless the LEDs change (twice a second at most).
            on = (now // _BLINK_MS) & 1 == 0
            if on != self.blink_on:
                self.blink_on = on
                self._paint()
                return True
            return False
        if self.flashing and ticks_diff(now, self.flash_until) >= 0:
            self.flashing = False
            self._paint()
            return True
        return False

    def _paint(self):
        np = self.np
        if self.fault:
            if self.fault == FAULT_SAFE:
                rgb = self._scale((0, 0, 255))
            else:
                rgb = self._scale((255, 0, 0)) if self.blink_on else (0, 0, 0)
            for i in range(self.count):
                np[i] = rgb
            np.write()
            return
        for i in range(self.count):
            if i >= self.players:
                np[i] = (0, 0, 0)
            elif self.seat < 0 or i == self.seat:
                np[i] = self._scale(SEAT_RGB[i])
            else:
                np[i] = self._scale(SEAT_RGB[i], _DIM)
        np.write()
