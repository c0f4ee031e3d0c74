"""Fake `machine` for running the firmware on the MicroPython unix port (and CPython).

Only what the HAL uses, with test hooks: Pin._drive(v) sets an input level (firing its
IRQ; the fake rp2's PIO reads it too), I2C records every write, SPI every write with the
output pins' levels, PWM keeps its frequency and duty. I2C.DEVICES are the addresses a new bus answers (set it to () before building a board: no panel); a bus's
`devices` list can change later (a panel unplugged, plugged back). I2C.FAIL, or a bus's
`fail`, an errno (EIO 5: a flaky wire, a bus held low), makes every transaction raise
OSError(fail) whatever answers.
"""

try:  # keep the unix port's own built-ins (mem32, idle...) where they exist
    import sys

    _path = sys.path
    sys.path = []
    from machine import *  # noqa: F401,F403
except ImportError:
    pass
finally:
    sys.path = _path


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    ALT_I2C = 3
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8
    made = {}  # GPIO number -> the last Pin made for it (what the fake rp2's PIO reads)
    held_low = set()  # GPIOs a test holds low from power-up on (a button held): read 0

    def __init__(self, id, mode=-1, pull=-1, value=None, alt=-1):
        self.id = id
        Pin.made[id] = self
        self.mode = mode
        self.pull = pull
        self._value = 1 if pull == 1 and id not in Pin.held_low else 0
        if value is not None:
            self._value = value
        self._handler = None
        self._trigger = 0

    def init(self, mode=-1, pull=-1, value=None):
        self.mode = mode
        self.pull = pull
        if value is not None:
            self._value = value

    def value(self, v=None):
        if v is None:
            return self._value
        self._value = 1 if v else 0
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self._value = 1

    def off(self):
        self._value = 0

    def irq(self, handler=None, trigger=12):
        self._handler = handler
        self._trigger = trigger

    def _drive(self, v):
        """Test hook: set the level seen on the pin, firing the IRQ on an edge."""
        old = self._value
        self._value = 1 if v else 0
        if self._handler and old != self._value:
            edge = self.IRQ_RISING if self._value else self.IRQ_FALLING
            if self._trigger & edge:
                self._handler(self)


class Timer:
    """A soft timer that only keeps its settings: a test calls `callback` itself at
    `period` steps while `running`."""

    def __init__(self, id=-1):
        self.running = False
        self.period = 0
        self.callback = None

    def init(self, mode=1, period=0, callback=None):
        self.running = True
        self.period = period
        self.callback = callback

    def deinit(self):
        self.running = False


class I2C:
    DEVICES = (0x3C,)
    FAIL = 0

    def __init__(self, id=0, scl=None, sda=None, freq=400000, devices=None):
        self.id = id
        self.freq = freq
        self.devices = list(self.DEVICES if devices is None else devices)
        self.fail = I2C.FAIL
        self.writes = []
        self.keep = True  # False: count bytes only (long runs)
        self.bytes_sent = 0

    def scan(self):
        # Nothing, as the rp2 port under the emulated RP2040 (its zero-length probes are
        # not acknowledged): the firmware finds the OLED by a NOP write instead
        # (hal/display.find_address), and this keeps it from relying on scan().
        return []

    def _check(self, addr):
        if self.fail:
            raise OSError(self.fail)
        if addr not in self.devices:
            raise OSError(19)  # ENODEV, as a real bus with nothing at that address

    def writeto(self, addr, buf, stop=True):
        self._check(addr)
        self.bytes_sent += len(buf)
        if self.keep:
            self.writes.append((addr, bytes(buf)))
        return len(buf)

    def writevto(self, addr, bufs, stop=True):
        self._check(addr)
        data = b"".join(bytes(b) for b in bufs)
        self.bytes_sent += len(data)
        if self.keep:
            self.writes.append((addr, data))

    def readfrom(self, addr, n, stop=True):
        self._check(addr)
        return bytes(n)


SoftI2C = I2C


class SPI:
    """A write-only SPI bus: each write() is kept with the level of every output Pin at
    that moment (`writes`: (bytes, {gpio: level})), so a test reads the DC and CS lines
    of each transfer. Nothing ever answers or fails (no acknowledge on SPI)."""

    MSB = 0

    def __init__(self, id=0, baudrate=1000000, polarity=0, phase=0, bits=8, firstbit=0,
                 sck=None, mosi=None, miso=-1):
        self.id = id
        self.baudrate = baudrate
        self.polarity = polarity
        self.phase = phase
        self.sck = sck
        self.mosi = mosi
        self.miso = miso
        self.writes = []
        self.keep = True  # False: count bytes only (long runs)
        self.bytes_sent = 0

    def init(self, baudrate=None, **_kw):
        if baudrate is not None:
            self.baudrate = baudrate

    def write(self, buf):
        data = bytes(buf)
        self.bytes_sent += len(data)
        if self.keep:
            levels = {}
            for gpio, pin in Pin.made.items():
                if pin.mode == Pin.OUT:
                    levels[gpio] = pin._value
            self.writes.append((data, levels))

    def deinit(self):
        pass


class PWM:
    def __init__(self, pin, freq=0, duty_u16=0):
        self.pin = pin
        self._freq = freq
        self._duty = duty_u16

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = f

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        self._duty = d

    def deinit(self):
        self._duty = 0


class WDT:
    """The watchdog: started with its timeout, fed by the main loop; `feeds` counts."""

    started = []  # the timeouts of every WDT made (the tests look)

    def __init__(self, timeout=5000):
        WDT.started.append(timeout)
        self.timeout = timeout
        self.feeds = 0

    def feed(self):
        self.feeds += 1


def unique_id():
    return b"\xe6\x61\x38\x52\x83\x45\x2a\x2f"


def freq(*_args):
    return 125000000


def reset():
    raise SystemExit("machine.reset()")
