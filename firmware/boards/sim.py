"""A gadget with no hardware, for the simulator and the tests.

Runs under CPython and under the MicroPython unix port (so it keeps to the device
subset): the real display adapters (hal/display.py) on an I2C bus that counts bytes,
the real seat-LED and buzzer adapters on stand-ins that keep what they were told, a
clock the caller advances, and a seeded dice source that gives the same rolls in both
interpreters.
"""

from geekout.board import Board
from geekout.hal.buzzer import Buzzer
from geekout.hal.display import make_display
from geekout.hal.leds import SeatLeds
from geekout.hal.storage import Storage


class CountingI2C:
    """An I2C bus with an OLED at 0x3C: counts bytes and transactions; a write to any
    other address raises OSError (ENODEV), as machine.I2C does when nothing acknowledges
    (so hal/display.find_address's NOP probe finds 0x3C). `panel`: anything with an
    i2c_write(bytes) method (a datasheet model from host/geekout_tools/pico/panels.py,
    for tests that look at the glass), handed every transaction."""

    def __init__(self, keep=False, panel=None):
        self.bytes = 0
        self.transactions = 0
        self.keep = keep
        self.writes = []
        self.panel = panel

    def scan(self):
        return []  # as the rp2 port under emulation: find_address probes instead

    def writeto(self, addr, buf, stop=True):
        if addr != 0x3C:
            raise OSError(19)
        self.bytes += len(buf)
        self.transactions += 1
        if self.keep:
            self.writes.append(bytes(buf))
        if self.panel is not None:
            self.panel.i2c_write(bytes(buf))
        return len(buf)

    def writevto(self, addr, bufs, stop=True):
        if addr != 0x3C:
            raise OSError(19)
        n = 0
        for b in bufs:
            n += len(b)
        self.bytes += n
        self.transactions += 1
        if self.keep or self.panel is not None:
            data = b"".join(bytes(b) for b in bufs)
            if self.keep:
                self.writes.append(data)
            if self.panel is not None:
                self.panel.i2c_write(data)


class Pixels:
    """A NeoPixel stand-in: RGB per LED and a count of write() calls."""

    def __init__(self, n):
        self.n = n
        self.rgb = [(0, 0, 0)] * n
        self.writes = 0

    def __len__(self):
        return self.n

    def __setitem__(self, i, v):
        self.rgb[i] = (v[0], v[1], v[2])

    def __getitem__(self, i):
        return self.rgb[i]

    def write(self):
        self.writes += 1


class Tone:
    """A PWM stand-in for the piezo."""

    def __init__(self):
        self.f = 0
        self.d = 0

    def freq(self, f=None):
        if f is None:
            return self.f
        self.f = f

    def duty_u16(self, d=None):
        if d is None:
            return self.d
        self.d = d


class Clock:
    """Milliseconds on MicroPython's 30-bit tick counter; tests move it forward."""

    def __init__(self, start=0):
        self.now = start

    def __call__(self):
        return self.now

    def advance(self, ms):
        self.now = (self.now + ms) & 0x3FFFFFFF


class Dice:
    """xorshift32: the same sequence on every interpreter (seeded)."""

    def __init__(self, seed=1):
        self.s = (seed * 2654435761 + 1) & 0xFFFFFFFF or 1

    def next(self):
        s = self.s
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        self.s = s
        return s

    def __call__(self, n):
        return (self.next() >> 8) % n


class Keys:
    """The buttons' stand-in: keys the caller queues (push), handed over by the next
    poll. The simulator and the tests mostly hand keys to the UI directly
    (app.ui.handle); the main loop (app.run, app.Loop) polls these."""

    def __init__(self):
        self.queued = []

    def push(self, k):
        self.queued.append(k)

    def poll(self, now):
        out = self.queued
        self.queued = []
        return out


class SimBoard(Board):
    """The gadget with no hardware (module docstring); geekout/board.py's members, plus
    i2c (CountingI2C), pixels (Pixels), tone (Tone), slept (ms asked of sleep_ms) and,
    with events=True, event_lines and last_event (the live event lines, counted)."""

    def __init__(self, storage=None, data=None, seed=1, display_kind="ssd1306", root="simflash",
                 events=False):
        self.i2c = CountingI2C()
        self.display = make_display(display_kind, self.i2c)
        self.pixels = Pixels(4)
        self.leds = SeatLeds(self.pixels, 4)
        self.tone = Tone()
        self.buzzer = Buzzer(self.tone)
        self.storage = storage if storage is not None else Storage(root)
        self.data = data if data is not None else Storage("")
        self.clock = Clock()
        self.rand = Dice(seed)
        self.buttons = Keys()
        self.games = None  # None: every game; else the names offered under New game
        self.visited = None  # a list: the UI keeps the names of the screens shown in it
        self.slept = 0
        self.event_lines = 0
        self.last_event = ""
        if events:  # live event lines, counted (the last one kept)
            from geekout.events import Events

            self.events = Events(self._event)

    def _event(self, line):
        self.event_lines += 1
        self.last_event = line

    def sleep_ms(self, ms):
        self.clock.advance(ms)
        self.slept += ms

    def set_display(self, kind):
        # The simulated panel is on I2C: a setting made for the SPI module (hal/display.py)
        # picks its controller.
        kind = kind[:-4] if kind.endswith("-spi") else kind
        self.display = make_display(kind, self.i2c, 0x3C, self.display)

    def back_held(self):
        return False


def half_blocks(buf, width=128, height=64):
    """The MONO_VLSB frame as text: two pixel rows per character (Unicode half blocks)."""
    chars = (" ", "\u2584", "\u2580", "\u2588")
    lines = []
    for y in range(0, height, 2):
        row = []
        shift_t = y & 7
        base = (y >> 3) * width
        for x in range(width):
            b = buf[base + x]
            top = (b >> shift_t) & 1
            bot = (b >> (shift_t + 1)) & 1
            row.append(chars[top << 1 | bot])
        lines.append("".join(row))
    return "\n".join(lines)
