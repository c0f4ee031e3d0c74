"""Fake `rp2` for the unix port and CPython: asm_pio assembles a program as MicroPython's
rp2 module does (the same 16-bit words), and StateMachine runs it, instruction by
instruction, on a test clock: advance(ms) moves every active machine to that time,
each instruction and its delay taking (1 + delay) x divider / machine.freq() (whole
ns), the divider computed from `freq` as the rp2 port does. Only what hal/debouncer.py uses:
jmp (always, x!=y), in from pins (left shift), push (block, noblock; the RX FIFO 4
deep, 8 with JOIN_RX), mov, set; exec of set and mov. `in pins` reads the levels of
machine.Pin's pins (the last Pin made for each GPIO number: machine.Pin.made); or
set rp2.clock to a test's clock.
"""

import machine

_SRC = {"pins": 0, "x": 1, "y": 2, "null": 3, "isr": 6, "osr": 7}
_COND = {"x_not_y": 5}
_now = [0]  # the test clock (integer ns: a sample and a pin change never blur)
_active = []  # the running machines
# Or a test's own ms clock (a callable): rx_fifo() first runs the machines up to it, with
# the pins as they are now (for a main loop whose pins change only between its polls).
clock = None


class PIO:
    SHIFT_LEFT = 0
    SHIFT_RIGHT = 1
    JOIN_NONE = 0
    JOIN_TX = 1
    JOIN_RX = 2

    def __init__(self, id):
        self.id = id


class _Emit:
    """MicroPython's asm_pio emitter, reduced: two passes (labels, then words)."""

    def __init__(self, fifo_join=0, in_shiftdir=0):
        self.words = []
        self.labels = {}
        self.wrap_target_at = 0
        self.wrap_at = -1
        self.join = fifo_join
        self.in_shiftdir = in_shiftdir
        self.pass_ = 0

    def _word(self, w):
        self.words.append(w)
        return self

    def __getitem__(self, delay):  # instr[delay]
        if not 0 <= delay <= 31:
            raise ValueError("delay too large")
        self.words[-1] |= delay << 8
        return self

    def label(self, name):
        if self.pass_ == 0:
            self.labels[name] = len(self.words)

    def wrap_target(self):
        self.wrap_target_at = len(self.words)

    def wrap(self):
        self.wrap_at = len(self.words) - 1

    def jmp(self, cond, label=None):
        if label is None:
            cond, label = 0, cond
        return self._word(cond << 5 | self.labels.get(label, 0))

    def in_(self, src, n):
        return self._word(0x4000 | src << 5 | (n & 0x1F))

    def push(self, how=0x21):  # block by default, as MicroPython's
        return self._word(0x8000 | (how & 0x60))

    def mov(self, dest, src):
        return self._word(0xA000 | dest << 5 | src)

    def set(self, dest, data):
        return self._word(0xE000 | dest << 5 | data)

    def names(self):
        g = {"noblock": 0x01, "block": 0x21}
        g.update(_SRC)
        g.update(_COND)
        for n in ("label", "wrap_target", "wrap", "jmp", "in_", "push", "mov", "set"):
            g[n] = getattr(self, n)
        return g


def asm_pio(fifo_join=0, in_shiftdir=0, **_kw):
    def assemble(f):
        emit = _Emit(fifo_join, in_shiftdir)
        gl = f.__globals__
        old = dict(gl)
        try:
            for pass_ in (0, 1):
                emit.pass_ = pass_
                emit.words = []
                gl.clear()
                gl.update(emit.names())
                f()
        finally:
            gl.clear()
            gl.update(old)
        if emit.wrap_at < 0:
            emit.wrap_at = len(emit.words) - 1
        return emit

    return assemble


def advance(ms):
    """Run every active state machine up to time `ms` of the test clock (an instruction
    due at exactly `ms` runs: it reads the pins as they were before a change at `ms`)."""
    ns = round(ms * 1e6)
    while True:
        due = [sm for sm in _active if sm.due <= ns]
        if not due:
            break
        first = due[0]
        for sm in due:
            if sm.due < first.due:
                first = sm
        first._step()
    _now[0] = ns


def reset(ms=0):
    """A fresh chip: no machine runs, the clock at `ms`."""
    del _active[:]
    _now[0] = round(ms * 1e6)


class StateMachine:
    def __init__(self, id, prog=None, freq=-1, in_base=None, **_kw):
        self.id = id
        self.prog = prog
        div = machine.freq() * 256 // freq if freq > 0 else 256
        if not 256 <= div <= 65536 * 256:
            raise ValueError("freq out of range")
        self.cycle_ns = round(div * 1e9 / 256 / machine.freq())  # 100,000 at 10 kHz
        self.base = in_base.id if in_base is not None else 0
        self.x = self.y = self.isr = self.osr = 0
        self.pc = 0
        self.rx = []
        self.depth = 8 if prog is not None and prog.join == PIO.JOIN_RX else 4
        self.stalled = False  # a blocking push waits for room (due: never)
        self.due = 0
        self.pushes = 0  # states pushed (tests look)
        if self in _active:
            _active.remove(self)
        for sm in [sm for sm in _active if sm.id == id]:
            _active.remove(sm)

    def active(self, on=None):
        if on is None:
            return self in _active
        if on and self not in _active:
            self.due = _now[0]
            _active.append(self)
        elif not on and self in _active:
            _active.remove(self)
        return None

    def exec(self, instr):
        name, _, args = instr.partition("(")
        dest, _, src = args.rstrip(")").partition(",")
        dest, src = dest.strip(), src.strip()
        if name == "set":
            self._put(_SRC[dest], int(src))
        elif name == "mov":
            self._put(_SRC[dest], self._get(_SRC[src]))
        else:
            raise ValueError("the fake runs set and mov only: " + instr)

    def rx_fifo(self):
        if clock is not None:
            advance(clock())
        return len(self.rx)

    def get(self):
        value = self.rx.pop(0)
        if self.stalled:  # room again: the waiting push goes in at the next cycle
            self.stalled = False
            self.due = _now[0] + self.cycle_ns
        return value

    # -- the machine --------------------------------------------------------------------
    def _pins(self):
        made = machine.Pin.made
        v = 0
        for i in range(32):
            p = made.get((self.base + i) % 32)
            if p is not None and p.value():
                v |= 1 << i
        return v

    def _get(self, src):
        return (self._pins(), self.x, self.y, 0, 0, 0, self.isr, self.osr)[src]

    def _put(self, dest, v):
        v &= 0xFFFFFFFF
        if dest == 1:
            self.x = v
        elif dest == 2:
            self.y = v
        elif dest == 6:
            self.isr = v
        elif dest == 7:
            self.osr = v

    def _step(self):
        w = self.prog.words[self.pc]
        delay = (w >> 8) & 0x1F
        op = w >> 13
        nxt = self.prog.wrap_target_at if self.pc == self.prog.wrap_at else self.pc + 1
        if op == 0:  # jmp
            cond = (w >> 5) & 7
            if cond == 0 or (cond == 5 and self.x != self.y):
                nxt = w & 0x1F
        elif op == 2:  # in
            n = (w & 0x1F) or 32
            mask = (1 << n) - 1 if n < 32 else 0xFFFFFFFF
            self.isr = ((self.isr << n) | (self._get((w >> 5) & 7) & mask)) & 0xFFFFFFFF
        elif op == 4:  # push
            if len(self.rx) < self.depth:
                self.rx.append(self.isr)
                self.pushes += 1
            elif w & 0x20:  # block: wait here (pc, isr kept) until a get() makes room
                self.stalled = True
                self.due = 1 << 60  # never, until a get()
                return
            self.isr = 0
        elif op == 5:  # mov
            self._put((w >> 5) & 7, self._get(w & 7))
        elif op == 7:  # set
            self._put((w >> 5) & 7, w & 0x1F)
        else:
            raise ValueError("the fake does not run opcode {:04x}".format(w))
        self.pc = nxt
        self.due += (1 + delay) * self.cycle_ns
