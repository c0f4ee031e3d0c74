"""The deployed gadget on the emulated Pico, watched: keys pressed on its GPIOs, the
picture on its panel, and what it reports about itself.

At power-up the emulated Pico runs main.py as a real one does. For a measured run the
gadget is started again from a fresh heap with a small probe around the real board
(hal/board.py): main.py runs unchanged, but the probe notes when the main loop goes back
to sleep after a key (the key's work all done: screen, LEDs, sound started, the save
written: the gadget can take the next key), and at the next poll reports it, with, when
`collect` is on, the live heap after a collection when it is a new peak (docs/design.md's
peak_heap_bytes) and the time that collection took; the screen's name when it changes;
and, with a seed, the dice come from the simulator's xorshift (boards/sim.py Dice) so a
game can be compared key for key with the unix port. The probe prints only on change, a
few lines a game, and runs after the key's work and the loop's sleep.

Two times a key (ms, emulated): press_ms, from the moment the key is due to the last I2C
byte of its redraw; ready_ms, from the same moment to the main loop's next sleep. Without
`collect` the gadget's own collections fall where they fall (inside some keys' ready_ms);
with it the probe's collection after every key is timed and added to that key's
ready_ms (a collection every key: a pessimistic figure), as its garbage would otherwise
never reach the gadget's own collections.
"""

import re
import statistics

from .emulator import KEY_GPIO, Pico  # noqa: F401  (Pico: the type the helpers take)

# Runs in the raw REPL after a soft reset (fresh heap, main.py not yet run). Quiet: the
# probe prints nothing (for a USB host that does not read: its lines would wait).
RUNNER = """
if {quiet}:
    def print(*a):
        pass
import gc
gc.collect()
import sys
from geekout.hal import board as _board
from geekout.ui import core as _core
_uis = []
_ui_init = _core.UI.__init__
def _ui(self, *a, **k):
    _ui_init(self, *a, **k)
    _uis.append(self)
    if len(_uis) > 1:
        _uis.pop(0)
_core.UI.__init__ = _ui
from geekout import journal as _jn
_journals = []
_jn_init = _jn.Journal.__init__
def _journal(self, *a, **k):
    _jn_init(self, *a, **k)
    _journals[:] = [self]
_jn.Journal.__init__ = _journal
class _Dice:
    def __init__(self, seed):
        self.s = (seed * 2654435761 + 1) & 0xFFFFFFFF or 1
    def __call__(self, n):
        s = self.s
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        self.s = s
        return (s >> 8) % n
import time
from machine import mem32 as _mem32
class _Probe:
    def __init__(self, buttons):
        self.buttons = buttons
        self.busy = False
        self.ready = 0
        self.took = 0
        self.pins = getattr(buttons, 'pins', [])
        self.peak = 0
        self.due = True
        self.screen = ''
        self.keys = 0
        self.actions = -1
    def poll(self, now):
        if self.due:
            self.due = False
            g = 0
            if {collect}:
                t = time.ticks_us()
                gc.collect()
                g = time.ticks_diff(time.ticks_us(), t)
                a = gc.mem_alloc()
                if a > self.peak:
                    self.peak = a
                    print('#heap', a)
            # The screen and the journal first: the host stops reading at the '#k' line,
            # so a line after it could be taken for the next key's.
            top = _uis[-1].top() if _uis else None
            name = getattr(top, 'name', '') if top else ''
            if name != self.screen:
                self.screen = name
                print('#screen', name)
            n = len(_journals[0].actions) if _journals else 0
            if n != self.actions:
                self.actions = n
                print('#j', n)
            print('#k', self.keys, self.ready, g, self.took)
        out = self.buttons.poll(now)
        if out:
            if not self.busy:
                self.took = time.ticks_us()
            self.busy = True
            self.keys += len(out)
        return out
    def sleep(self, ms):
        if self.busy:
            self.busy = False
            self.ready = time.ticks_us()
            self.due = True
            _mem32[0x131ffffc]  # the emulator's XIP cache model notes its misses here
        self.sleep_ms(ms)
_board_init = _board.Board.__init__
def _init(self, *a, **k):
    _board_init(self, *a, **k)
    self.buttons = _Probe(self.buttons)
    self.buttons.sleep_ms = self.sleep_ms
    self.sleep_ms = self.buttons.sleep
    if {seed}:
        self.rand = _Dice({seed})
_board.Board.__init__ = _init
print('#start')
import main
"""

_LINE = re.compile(rb"#(heap|screen|start|j)([^\r\n]*)\r?\n")


class Gadget:
    """The gadget on `pico`, started with the probe (seed: simulator dice, or None for the
    board's own). Collects press times (ms), the peak heap, the screens and errors."""

    def __init__(self, pico, seed=None, boot_ms=400, quiet=False, collect=True):
        self.pico = pico
        self.seed = seed
        self.collect = collect
        self.press_ms = []
        self.ready_ms = []  # per key: due to the main loop's next sleep (module docstring)
        self.gc_ms = []  # per key: the probe's collection (0 without collect)
        self.took_ms = []  # per key: due to the poll that returned it
        self.xip_misses = []  # per key, with count_xip(): XIP cache misses, due to ready
        self._xip = False
        self.peak_heap = 0
        self.free_at_boot = None
        self.screens = []
        self.keys = 0  # keys pressed (the probe counts the keys it saw)
        self.screen = ""  # the screen on top now
        self.journal_bytes = 0  # the game's journal: bytes of actions
        self.last_ms = None  # the last key's press-to-screen time
        self.last_ready_ms = None  # the last key's press-to-ready time
        self._seen = 0
        pico.run(boot_ms)  # power-up: USB enumerates, main.py starts
        pico.raw_repl()
        pico.soft_reset()
        # The heap main.py starts with (a soft reset leaves the board as at power-up,
        # _boot.py's filesystem mount done); the probe's own ~3 KB are not in it.
        out, _ = pico.exec_raw("import gc\ngc.collect()\nprint(gc.mem_free())")
        self.free_at_boot = int(out.split()[0])
        pico.soft_reset()
        pico.exec_raw(RUNNER.format(seed=int(seed or 0), quiet=bool(quiet),
                                   collect=bool(collect)), wait=False)
        reply = pico.run(5000 if not quiet else 1500, until="#screen" if not quiet else None)
        if not quiet and not reply["found"]:
            raise RuntimeError("the gadget did not start on the emulated Pico: "
                               + pico.serial[-400:].decode("latin-1"))
        self.pico.run(200)
        self._scan()

    def _scan(self):
        data = bytes(self.pico.serial)
        for m in _LINE.finditer(data, self._seen):
            kind, rest = m.group(1).decode(), m.group(2).decode("latin-1").strip()
            if kind == "heap":
                self.peak_heap = max(self.peak_heap, int(rest))
            elif kind == "screen" and rest:
                self.screen = rest
                if rest not in self.screens:
                    self.screens.append(rest)
            elif kind == "j":
                self.journal_bytes = int(rest)
            self._seen = m.end()

    def count_xip(self):
        """From now on count each key's XIP cache misses (the emulator's model of the
        RP2040's flash cache, parts.mjs XipCache) from its due moment to ready."""
        self._xip = True
        self.pico.xip()
        self.pico.xip_at_due = True

    def _last_k(self):
        """(keys, ready ticks_us, collection us) of the probe's last "#k" line."""
        data = self.pico.serial
        at = data.rfind(b"#k ")
        end = data.find(b"\r", at) if at >= 0 else -1
        if end < 0:
            return 0, None, 0, None
        f = data[at + 3:end].split()
        return int(f[0]), int(f[1]), int(f[2]), int(f[3])

    def taken(self):
        """How many keys the gadget has handled (the last "#k" line of the probe)."""
        return self._last_k()[0]

    @property
    def errors(self):
        return bytes(self.pico.serial).count(b"Traceback (most recent call last)")

    def key(self, k, max_ms=5000, hold_ms=None):
        """Press one key (keys.py code; a short one held hold_ms) and wait until the gadget
        has handled it (the probe's "#k" line comes after the key's redraw); returns its
        press-to-screen time in ms (None if it drew nothing)."""
        self.keys += 1
        ms = self.pico.key(k, settle_ms=5, done=lambda: self.taken() >= self.keys,
                           max_ms=max_ms, hold_ms=hold_ms)
        if self.pico.cuts:
            self.last_ms = None
            return None  # the power was cut: the gadget took nothing more
        taken = self.taken()
        if taken != self.keys:
            raise RuntimeError("the gadget took {} keys, not {}, by key {} ({}): {}".format(
                taken, self.keys, self.keys, k, self.pico.serial[-300:].decode("latin-1")))
        self.last_ms = ms
        if ms is not None:
            self.press_ms.append(ms)
        _, ready_us, gc_us, took_us = self._last_k()
        # ticks_us counts the emulated clock's microseconds modulo 2**30 (MicroPython's
        # ticks period): the time after `due` it was.
        due_us = self.pico.last_due / 1000
        ready = ((ready_us - int(due_us)) % (1 << 30)) / 1000 + gc_us / 1000
        self.last_ready_ms = ready
        # From the key's moment to the poll that took it: the PIO debouncer's wait and
        # the main loop's sleep between polls.
        self.took_ms.append(((took_us - int(due_us)) % (1 << 30)) / 1000)
        self.ready_ms.append(ready)
        self.gc_ms.append(gc_us / 1000)
        if self._xip:
            self.xip_misses.append(self.pico.xip()["mark"] - self.pico.last_due_misses)
        self._scan()
        return ms

    def settle(self, ms=100):
        """Let the probe's report of the last key come out."""
        self.pico.run(ms)
        self._scan()

    def report(self):
        """press_ms and ready_ms median/p95/max, the peak heap, free heap at boot, screens."""
        return {"free_heap_at_boot": self.free_at_boot, "peak_heap_bytes": self.peak_heap,
                "press_ms": summary(self.press_ms), "ready_ms": summary(self.ready_ms), "screens": list(self.screens),
                "errors": self.errors}


def summary(values):
    """{"median", "p95", "max"} of press times (ms, 0.1 ms), or zeros when there are none."""
    if not values:
        return {"median": 0.0, "p95": 0.0, "max": 0.0}
    s = sorted(values)
    p95 = s[min(len(s) - 1, int(round(0.95 * (len(s) - 1))))]
    return {"median": round(statistics.median(s), 1), "p95": round(p95, 1),
            "max": round(s[-1], 1)}
