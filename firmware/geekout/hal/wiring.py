"""The real gadget's wiring: machine/neopixel objects made from the pin map (hal/pins.py)
and handed to the HAL adapters. Run once by hal/board.py at power-up, then dropped from
RAM with the pin map (only the adapters it made stay). The display is allocated first,
while the heap is still unfragmented.
"""

import gc
import random
import time

import neopixel
from machine import I2C, PWM, SPI, Pin

from geekout.hal import pins
from geekout.hal.buttons import gpio_buttons
from geekout.hal.buzzer import Buzzer
from geekout.hal.display import find_address, make_display, on_spi, panel_kind
from geekout.hal.leds import SeatLeds
from geekout.hal.nodisplay import NoDisplay
from geekout.hal.storage import Storage


def spi_bus():
    """The SPI panel's bus: (machine.SPI, DC, CS, RES). No MISO: the panel sends nothing
    back, and SPI0's default MISO pin is the LEDs' GP16."""
    spi = SPI(pins.SPI_ID, baudrate=pins.SPI_FREQ, polarity=0, phase=0,
              sck=Pin(pins.SPI_SCK), mosi=Pin(pins.SPI_MOSI), miso=None)
    return (spi, Pin(pins.SPI_DC, Pin.OUT, value=0), Pin(pins.SPI_CS, Pin.OUT, value=1),
            Pin(pins.SPI_RES, Pin.OUT, value=1))


def wire(display_kind=None, storage=None, lenient=False):
    """The board's parts, in hal/board.py's order (display_kind: the display setting, or
    the pin map's default: hal/display.panel_kind; storage: the saved games' Storage, or
    the flash root). The panel's bus is a machine.I2C, or for the SPI kinds (spi, dc, cs,
    res). With no OLED answering on I2C, find_address raises OSError (what to check);
    lenient: the board gets a stand-in display instead and that OSError as its last part.
    A panel on SPI cannot answer, so it is never missed (hal/display.SPIOLED)."""
    display_kind = panel_kind(display_kind, pins.DISPLAY_DEFAULT)
    gc.collect()
    if on_spi(display_kind):
        bus = spi_bus()
    else:
        bus = I2C(pins.I2C_ID, sda=Pin(pins.I2C_SDA), scl=Pin(pins.I2C_SCL), freq=pins.I2C_FREQ)
    fault = None
    addr = pins.OLED_ADDR
    try:
        if not on_spi(display_kind):
            addr = find_address(bus, pins.OLED_ADDR)
        display = make_display(display_kind, bus, addr)
    except OSError as e:
        if not lenient:
            raise
        # No panel (or one that failed its power-up commands): the app runs on a stand-in
        # and the board looks for the panel again now and then (Board.watch_display).
        fault = e
        addr = pins.OLED_ADDR
        gc.collect()  # a half-made adapter's buffers go before the stand-in's
        display = NoDisplay()
    back_pin = Pin(pins.BUTTON_BACK, Pin.IN, Pin.PULL_UP)
    buttons = gpio_buttons((pins.BUTTON_UP, pins.BUTTON_DOWN, pins.BUTTON_OK, pins.BUTTON_BACK))
    # One preallocated pixel buffer, one write() per LED change.
    leds = SeatLeds(neopixel.NeoPixel(Pin(pins.NEOPIXEL_PIN), pins.NEOPIXEL_COUNT,
                                      timing=pins.NEOPIXEL_TIMING), pins.NEOPIXEL_COUNT)
    buzzer = Buzzer(PWM(Pin(pins.PIEZO_PIN)))
    storage = storage or Storage("")
    data = Storage("")  # read-only tables shipped with the firmware
    from geekout.events import Events
    from geekout.hal.usbserial import LineWriter

    # Live event lines on USB serial (docs/events.md), dropped rather than waited for
    # while a host holds the port open without reading (hal/usbserial.py).
    events = Events(LineWriter())
    try:
        import os

        random.seed(int.from_bytes(os.urandom(4), "little"))
    except (AttributeError, ImportError, NotImplementedError):
        pass
    return (display_kind, bus, addr, display, back_pin, buttons, leds, buzzer, storage, data,
            events, time.ticks_ms, buttons.napper(time.sleep_ms, time.ticks_ms), fault)
