"""The real gadget: builds every adapter from the pin map (hal/pins.py).

The only place that wires machine/neopixel objects to the HAL classes. The display
is allocated first, while the heap is still unfragmented; the pin map is read once and
dropped from RAM.
"""

import gc
import random
import sys
import time

from geekout.hal.buttons import gpio_buttons
from geekout.hal.buzzer import Buzzer
from geekout.hal.display import find_address, make_display
from geekout.hal.leds import SeatLeds
from geekout.hal.storage import Storage


class Board:
    def __init__(self, display_kind=None, storage=None):
        import neopixel
        from machine import I2C, PWM, Pin

        from geekout.hal import pins

        display_kind = display_kind or pins.DISPLAY_DEFAULT
        gc.collect()
        self.i2c = I2C(pins.I2C_ID, sda=Pin(pins.I2C_SDA), scl=Pin(pins.I2C_SCL),
                       freq=pins.I2C_FREQ)
        self.addr = find_address(self.i2c, pins.OLED_ADDR)
        self.display = make_display(display_kind, self.i2c, self.addr)
        self.back_pin = Pin(pins.BUTTON_BACK, Pin.IN, Pin.PULL_UP)
        self.buttons = gpio_buttons((pins.BUTTON_UP, pins.BUTTON_DOWN, pins.BUTTON_OK,
                                     pins.BUTTON_BACK))
        # One preallocated pixel buffer, one write() per LED change.
        self.leds = SeatLeds(neopixel.NeoPixel(Pin(pins.NEOPIXEL_PIN), pins.NEOPIXEL_COUNT,
                                               timing=pins.NEOPIXEL_TIMING), pins.NEOPIXEL_COUNT)
        self.buzzer = Buzzer(PWM(Pin(pins.PIEZO_PIN)))
        self.storage = storage or Storage("")
        self.data = Storage("")  # read-only tables shipped with the firmware
        from geekout.events import Events

        self.events = Events(print)  # live event lines on USB serial (docs/events.md)
        self.clock = time.ticks_ms
        self.sleep_ms = time.sleep_ms
        # The pin map is only read here: it leaves RAM (the wiring tools read the source).
        sys.modules.pop("geekout.hal.pins", None)
        try:
            delattr(sys.modules["geekout.hal"], "pins")
        except (AttributeError, KeyError):  # MicroPython raises KeyError here
            pass
        try:
            import os

            random.seed(int.from_bytes(os.urandom(4), "little"))
        except (AttributeError, ImportError, NotImplementedError):
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
