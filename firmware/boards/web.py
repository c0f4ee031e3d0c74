"""The web page's board: the gadget's parts as a browser page provides them, for the
firmware running unchanged on MicroPython's WebAssembly port (docs/web.md).

A third board beside the real one (firmware/geekout/hal/board.py) and the simulator's
(boards/sim.py), with the members firmware/geekout/board.py declares. It runs in the
browser (and under node in the tests): the page's side of each part is a function of the
JS module `webhost` that gadget.js registers. Bytes cross to the page by address
(uctypes.addressof), not through the port's JS proxies or its Python base64 (too slow).
Each part, and the figures behind the addresses: docs/web.md, The board.
"""

import time

import framebuf
import uctypes
import webhost  # pyright: ignore[reportMissingImports] - the page's functions (page/gadget.js)
from geekout import keys
from geekout.app import Loop
from geekout.board import Board
from geekout.events import Events
from geekout.hal.buttons import Buttons
from geekout.hal.buzzer import Buzzer
from geekout.hal.leds import SeatLeds
from geekout.hal.storage import Storage
from geekout.settings import Settings
from micropython import const

from boards.sim import Clock, Dice, Pixels, Tone

_W = const(128)
_H = const(64)
# What the page's storage answers when it refuses a write (as errno values, so that
# journal.py and settings.py word them as they do for the gadget's flash).
ENOSPC = const(28)  # the browser's quota is used up
EIO = const(5)  # the browser keeps no site data (storage off)
ENOENT = const(2)


class WebDisplay(framebuf.FrameBuffer):
    """The OLED: a frame buffer the UI draws on; show() hands a changed frame to the page.
    KIND follows the display setting (the page's panel shows either controller's frame
    as it is)."""

    def __init__(self, kind="ssd1306"):
        self.KIND = kind
        self.buffer = bytearray(_W * _H // 8)
        self.sent = bytearray(_W * _H // 8)
        self.address = uctypes.addressof(self.buffer)  # a bytearray never moves
        self.frames = 0  # frames handed to the page
        super().__init__(self.buffer, _W, _H, framebuf.MONO_VLSB)

    def show(self, full=False):
        if not full and self.buffer == self.sent:  # compared in C: nothing changed
            return
        self.sent[:] = self.buffer
        self.frames += 1
        webhost.show(self.address)

    def contrast(self, level):
        pass

    def power(self, on):
        pass


class PagePixels(Pixels):
    """The seat LEDs' NeoPixel: each write() shows the colours on the page."""

    def write(self):
        super().write()
        flat = []
        for rgb in self.rgb:
            flat.extend(rgb)
        webhost.leds(*flat)


class PageTone(Tone):
    """The piezo's PWM: the page plays the tone (Web Audio) while the duty is not 0."""

    def duty_u16(self, d=None):
        if d is None:
            return self.d
        self.d = d
        webhost.tone(self.f, d)


class WebStorage:
    """hal/storage.py's methods on the browser's localStorage (the page keeps each file
    under "geekout/" + its name, base64). A write the browser refuses raises
    OSError(ENOSPC) when its quota is used up, OSError(EIO) when it keeps no site data;
    the files keep what they had (a localStorage write is whole or not at all)."""

    def __init__(self):
        self.writes = 0  # writes issued (as hal/storage.py counts them)

    def exists(self, name):
        return webhost.store_size(name) >= 0

    def read(self, name):
        """The file's bytes, or None if it does not exist."""
        n = webhost.store_size(name)
        if n < 0:
            return None
        buf = bytearray(n)
        if n:
            webhost.store_read(name, uctypes.addressof(buf))
        return bytes(buf)

    def size(self, name):
        return webhost.store_size(name)

    def write(self, name, data):
        """Replace the file (localStorage replaces a value whole: no temporary file)."""
        self._put(name, data, False)

    def drop_temp(self, name):
        self.remove(name + ".tmp")

    def append(self, name, data):
        self._put(name, data, True)

    def _put(self, name, data, append):
        err = webhost.store_write(name, _address(data), len(data), append)
        if err:
            raise OSError(err)
        self.writes += 1

    def rename(self, old, new):
        err = webhost.store_rename(old, new)
        if err:
            raise OSError(err)

    def remove(self, name):
        webhost.store_remove(name)

    def listdir(self, folder):
        """Names in a folder (a folder is a name prefix: nothing to make)."""
        names = webhost.store_list(folder)
        return names.split("\n") if names else []

    def open(self, name, mode="rb"):
        import io

        data = self.read(name)
        if data is None or mode != "rb":
            raise OSError(ENOENT)
        return io.BytesIO(data)


def _address(data):
    return uctypes.addressof(data) if len(data) else 0


class PageRand:
    """Fair draws in 0..n-1 (n <= 256) from crypto.getRandomValues, as the gadget draws
    from its hardware-seeded generator; or, with a seed, the simulator's dice."""

    def __init__(self):
        self.dice = None  # boards.sim.Dice while a seed is set

    def seed(self, seed):
        self.dice = None if seed is None else Dice(seed)

    def __call__(self, n):
        if self.dice is not None:
            return self.dice(n)
        limit = 256 - 256 % n
        while True:
            v = webhost.random_byte()
            if v < limit:
                return v % n


class WebBoard(Board):
    """The page's gadget (docs/web.md, The board; geekout/board.py's members, plus pressed,
    pixels, tone and wake_at). clock: time.ticks_ms, or the tests' Clock."""

    def __init__(self, storage, settings=None, clock=None):
        self.settings = settings
        kind = settings.get("display") if settings is not None else "ssd1306"
        self.display = WebDisplay(kind)
        self.clock = clock or time.ticks_ms
        self.pressed = [False, False, False, False]  # UP, DOWN, OK, BACK as the page holds them
        self.buttons = Buttons(self._pin(0), self._pin(1), self._pin(2), self._pin(3))
        self.pixels = PagePixels(4)
        self.leds = SeatLeds(self.pixels, 4)
        self.tone = PageTone()
        self.buzzer = Buzzer(self.tone)
        self.storage = storage
        self.data = Storage("")  # the firmware's own files: the page's working folder
        self.events = Events(webhost.event)  # live event lines: the page's scoreboard
        self.rand = PageRand()
        self.wake_at = self.clock()

    def _pin(self, i):
        pressed = self.pressed
        return lambda: pressed[i]

    def press(self, i, down):
        """The page's button i (UP, DOWN, OK, BACK) went down or up; going down is a whole
        click the next poll counts (Pushbutton.click), however short."""
        if down and not self.pressed[i]:
            self.buttons.buttons[i].fell()
        self.pressed[i] = bool(down)

    def sleep_ms(self, ms):
        """The main loop's wait after repeated errors: the page's timer skips steps until
        then (a page must never block)."""
        self.wake_at = self.clock() + ms

    def set_display(self, kind):
        self.display.KIND = kind[:-4] if kind.endswith("-spi") else kind  # an I2C panel

    def back_held(self):
        return False


class Gadget:
    """What the page runs: main.py's steps for this board (the settings read first, the
    board, the main loop), stepped by the page's timer. manual: the clock moves only by
    advance() (the tests' key scripts)."""

    def __init__(self, manual=False):
        storage = WebStorage()
        settings = Settings(storage)
        settings.load()
        self.board = WebBoard(storage, settings, Clock() if manual else None)
        self.loop = Loop(self.board)

    def step(self):
        """One pass of the main loop (app.Loop.step), unless it asked to wait."""
        board = self.board
        if keys.ticks_diff(board.clock(), board.wake_at) >= 0:
            self.loop.step()

    def press(self, i, down):
        self.board.press(i, down)

    def advance(self, ms):
        self.board.clock.advance(ms)

    def seed(self, seed):
        """The page's "new seed": the dice from the simulator's seeded generator (None:
        crypto.getRandomValues again)."""
        self.board.rand.seed(seed)

    def frame(self):
        """The address of the frame buffer the firmware draws on (the tests read it)."""
        return self.board.display.address
