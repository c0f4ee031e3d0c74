"""The real gadget: its adapters (display, buttons, seat LEDs, piezo, storage, events),
made at power-up by hal/wiring.py from the pin map (hal/pins.py); both modules leave
RAM once it is built. What stays: the fair dice, safe mode's BACK check, the display
switch.
"""

import random
import sys

from geekout.hal.display import make_display


class Board:
    def __init__(self, display_kind=None, storage=None):
        from geekout.hal import wiring

        (self.i2c, self.addr, self.display, self.back_pin, self.buttons, self.leds, self.buzzer,
         self.storage, self.data, self.events, self.clock, self.sleep_ms) = wiring.wire(
            display_kind, storage)
        # The wiring code and the pin map are only needed once: they leave RAM (the
        # wiring tools read the pin map's source).
        for name in ("wiring", "pins"):
            sys.modules.pop("geekout.hal." + name, None)
            try:
                delattr(sys.modules["geekout.hal"], name)
            except (AttributeError, KeyError):  # MicroPython raises KeyError here
                pass

    def back_held(self):
        """BACK held at power-up: safe mode (the app does not start, tools can connect)."""
        return not self.back_pin.value()

    def rand(self, n):
        """A fair draw in 0..n-1 (n <= 256)."""
        limit = 256 - 256 % n
        while True:
            v = random.getrandbits(8)
            if v < limit:
                return v % n

    def set_display(self, kind):
        self.display = make_display(kind, self.i2c, self.addr, self.display)
