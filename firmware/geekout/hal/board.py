"""The real gadget: its adapters (display, buttons, seat LEDs, piezo, storage, events),
made at power-up by hal/wiring.py from the pin map (hal/pins.py); both modules leave
RAM once it is built. What stays: the fair dice, safe mode's BACK check and its signal,
the display switch, and the display's health: a panel that does not answer (none
fitted, a loose wire) is replaced by a stand-in (hal/nodisplay.py) so the gadget keeps
going, the seat LEDs blink red, the reason goes to USB serial, and the panel is looked
for again every few seconds. That is the I2C panel's: a panel on SPI cannot answer, so
a missing one goes unnoticed (the gadget runs on, drawing to nobody).
"""

import random
import time

from micropython import const

from geekout import board as declared
from geekout.hal.display import find_address, free_bus, make_display, on_spi
from geekout.hal.leds import FAULT_DISPLAY, FAULT_SAFE
from geekout.hal.nodisplay import NoDisplay
from geekout.modules import forget

_PROBE_MS = const(2000)  # how often a missing panel is looked for (an I2C scan: ~5 ms)
# The watchdog's time: near the RP2040's longest (8.3 s), far above the longest pass of
# the main loop (a module load or a game's end, under 0.5 s on the emulated Pico) and
# the wait between retries of a failing boot (5 s at most, app.Loop).
_WATCHDOG_MS = const(8000)
_WATCHDOG_CTRL = const(0x40058000)  # RP2040 datasheet 4.7.6: CTRL, bit 30 ENABLE


class Board(declared.Board):
    """The gadget's parts (geekout/board.py declares them), plus the wiring's own: kind
    (the display kind driven), i2c and addr (the I2C panel's bus and address; i2c None
    for the SPI panel), spi (the SPI panel's (spi, dc, cs, res), else None), back_pin,
    fault (the OSError that took the display away, or None)."""

    def __init__(self, display_kind=None, storage=None, lenient=False, settings=None):
        """display_kind: the display setting; storage: the saved games' Storage; or
        settings, read already (main.py), for both; the app takes them as they are (and
        their "damaged" message). lenient: no OLED answering is not an error (main.py):
        the app runs on a stand-in display until the panel answers; else OSError (tools,
        hil)."""
        from geekout.hal import wiring

        self.settings = settings
        if settings is not None:
            display_kind = display_kind or settings.get("display")
            storage = storage or settings.storage
        (self.kind, bus, self.addr, self.display, self.back_pin, self.buttons, self.leds,
         self.buzzer, self.storage, self.data, self.events, self.clock, self.sleep_ms,
         fault) = wiring.wire(display_kind, storage, lenient)
        # The panel's bus is fixed at power-up: the settings menu changes the controller.
        self.spi = bus if on_spi(self.kind) else None
        self.i2c = None if self.spi else bus
        p = wiring.pins
        self.bus = (p.I2C_ID, p.I2C_SCL, p.I2C_SDA, p.I2C_FREQ)  # to set the I2C up again
        # The wiring code and the pin map are only needed once: they leave RAM (the
        # wiring tools read the pin map's source).
        forget("geekout.hal.wiring")
        forget("geekout.hal.pins")
        self.fault = None  # the OSError that took the display away, or None
        self.probe_at = 0
        self.wdt = None  # machine.WDT once the main loop runs (feed)
        if fault is not None:
            self._no_display(fault)

    def back_held(self):
        """BACK held at power-up: safe mode (the app does not start, tools can connect)."""
        return not self.back_pin.value()

    def safe_mode(self):
        """Say safe mode: seat LEDs steady blue (the screen may be missing), the screen if
        it answers, USB serial."""
        self.leds.show_fault(FAULT_SAFE, self.clock())
        d = self.display
        try:
            d.fill(0)
            d.text("Safe mode", 28, 20, 1)
            d.text("app not started", 4, 36, 1)
            d.show()
        except OSError:
            pass
        print("safe mode: BACK held at power-up, app not started")

    def feed(self):
        """The watchdog: started by the main loop's first pass (so safe mode, which runs
        no loop, leaves the chip to the tools), fed by every pass after."""
        wdt = self.wdt
        if wdt is None:
            from machine import WDT

            wdt = self.wdt = WDT(timeout=_WATCHDOG_MS)
        wdt.feed()

    def stop_watchdog(self):
        """Ctrl-C from a tool (mpremote) ends the loop: the watchdog stops too, or it
        would restart the chip under the tool. MicroPython's WDT has no stop; the
        register does it (RP2040 datasheet 4.7.6, CTRL.ENABLE)."""
        if self.wdt is not None:
            from machine import mem32

            mem32[_WATCHDOG_CTRL] &= ~(1 << 30)
            self.wdt = None

    def rand(self, n):
        """A fair draw in 0..n-1 (n <= 256)."""
        limit = 256 - 256 % n
        while True:
            v = random.getrandbits(8)
            if v < limit:
                return v % n

    def set_display(self, kind):
        """The display setting changed: an adapter of that kind's controller on the bus the
        gadget started with (the panel is wired to one), on the same buffers."""
        if self.spi is not None:
            kind = kind if on_spi(kind) else kind + "-spi"
            bus = self.spi
        else:
            kind = kind[:-4] if on_spi(kind) else kind
            bus = self.i2c
        self.kind = kind
        if self.fault is not None:
            return  # no panel now: watch_display makes this kind when one answers
        try:
            self.display = make_display(kind, bus, self.addr, self.display)
        except OSError as e:
            self.display_lost(e)

    def display_lost(self, e):
        """The panel stopped answering (an OSError from I2C, caught by the UI or here):
        a stand-in on the same buffers takes its place; returns it, the canvas to draw
        on from now on."""
        self.display = NoDisplay(self.display)
        self._no_display(e)
        return self.display

    def _no_display(self, e):
        self.fault = e
        now = self.clock()
        self.probe_at = time.ticks_add(now, _PROBE_MS)
        self.leds.show_fault(FAULT_DISPLAY, now)
        self.say("no display: {}".format(e))  # what to check

    def say(self, text):
        """A line on USB serial that never waits for the host: the event lines' writer
        (hal/usbserial.py) drops it when a host holds the port without reading (a print
        would wait up to 500 ms, in the middle of a press)."""
        self.events.write(text)

    def watch_display(self, now):
        """While the panel is missing, look for it every _PROBE_MS (the bus cleared first
        if a slave holds SDA low); True when it answers again (self.display is then the
        real adapter, showing the latest frame)."""
        if self.fault is None or self.spi is not None or time.ticks_diff(now, self.probe_at) < 0:
            return False  # (an SPI panel never fails: hal/display.SPIOLED)
        self.probe_at = time.ticks_add(now, _PROBE_MS)
        try:
            self.i2c, clocks = free_bus(self.i2c, *self.bus)
            if clocks:
                self.say("I2C bus cleared: {} clocks".format(clocks))
            addr = find_address(self.i2c, self.addr)
            # Sends the power-up commands (a panel that lost power needs them) and the
            # whole frame drawn meanwhile.
            display = make_display(self.kind, self.i2c, addr, self.display)
        except OSError:
            return False
        self.addr = addr
        self.display = display
        self.fault = None
        self.leds.clear_fault()
        self.say("display back: {} {}".format(display.KIND, hex(addr)))
        return True
