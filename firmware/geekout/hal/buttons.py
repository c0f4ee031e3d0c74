"""Debounced push buttons, polled (after micropython-async's Pushbutton, own code), with
an edge latch so that a tap made while the main loop is busy is still seen.

Polling decides every key: each button reads a callable (a fake pin, a simulator key or
a GPIO), an accepted edge locks the pin out for DEBOUNCE_MS, and long presses and
auto-repeat are timed by the polls; set the timing class attributes before building
buttons. The falling-edge IRQ handler (Pushbutton.fell) only notes the fall and its
time: it decides nothing and allocates nothing (a soft IRQ may run it mid-anything).
The latch's rules, and why contact bounce cannot make extra keys: docs/gadget.md, Buttons.
"""

from geekout import keys


class Pushbutton:
    DEBOUNCE_MS = 20
    LONG_MS = 700
    REPEAT_DELAY_MS = 450
    REPEAT_MS = 120

    def __init__(self, pressed, key, long_key=-1, repeat=False, clock=None):
        self.pressed = pressed  # callable: True while the button is down
        self.key = key
        self.long_key = long_key
        self.repeat = repeat
        # ms ticks the latch stamps a fall with (the board's clock); none given: no IRQ
        # calls fell() (the simulator, the tests that poll only)
        self.clock = clock or _no_clock
        self.down = False
        self.edge_at = 0
        self.down_at = 0
        self.next_repeat = 0
        self.long_fired = False
        self.fresh = True
        # Set by fell() (the pin's IRQ), cleared by poll(): both made here, so the IRQ
        # handler only stores into existing attributes (no allocation).
        self.latched = False
        self.fell_at = 0

    def fell(self, _pin=None):
        """The pin's falling-edge IRQ handler: a fall happened now. Allocates nothing (a
        soft IRQ may run it in the middle of anything); poll() decides what it means."""
        self.fell_at = self.clock()
        self.latched = True

    def poll(self, now, out):
        """Sample the pin at time `now` (ms ticks); append any key codes to `out`."""
        diff = keys.ticks_diff
        if self.fresh:  # a button held at start-up never fires until released
            self.fresh = False
            self.down = bool(self.pressed())
            self.long_fired = self.down
            self.edge_at = now
            self.latched = False  # a fall before the first poll belongs to start-up
            return
        raw = bool(self.pressed())
        if raw != self.down and diff(now, self.edge_at) >= self.DEBOUNCE_MS:
            self.latched = False  # this edge is the fall the IRQ saw (or its bounce)
            self.down = raw
            self.edge_at = now
            if raw:
                self.down_at = now
                self.long_fired = False
                if self.repeat:
                    out.append(self.key)
                    self.next_repeat = now + self.REPEAT_DELAY_MS
            else:
                if not self.repeat and not self.long_fired:
                    out.append(self.key)
                self.long_fired = False
            return
        if not self.down:
            # Down and up again between two polls (the loop was busy): one whole tap,
            # unless the fall was bounce of the last accepted edge. A pin reading down
            # is left to polling (its edge, accepted, clears the latch), and so is one
            # that fell less than DEBOUNCE_MS ago: it may be chattering at the start of
            # a press the next polls see.
            if self.latched and not raw:
                if diff(self.fell_at, self.edge_at) < self.DEBOUNCE_MS:
                    self.latched = False
                elif diff(now, self.fell_at) >= self.DEBOUNCE_MS:
                    self.latched = False
                    self.edge_at = now  # an edge: the tap's own release bounce is ignored
                    out.append(self.key)
            return
        if self.repeat:
            if diff(now, self.next_repeat) >= 0:
                out.append(self.key)
                self.next_repeat = now + self.REPEAT_MS
        elif self.long_key >= 0 and not self.long_fired:
            if diff(now, self.down_at) >= self.LONG_MS:
                self.long_fired = True
                out.append(self.long_key)


class Buttons:
    """The four buttons: UP/DOWN auto-repeat, OK/BACK with long presses. clock: the ms
    ticks the pins' IRQs stamp a fall with (the clock poll() is given)."""

    POLL_MS = 10

    def __init__(self, up, down, ok, back, clock=None):
        self.buttons = (
            Pushbutton(up, keys.UP, repeat=True, clock=clock),
            Pushbutton(down, keys.DOWN, repeat=True, clock=clock),
            Pushbutton(ok, keys.OK, keys.LONG_OK, clock=clock),
            Pushbutton(back, keys.BACK, keys.LONG_BACK, clock=clock),
        )
        self.out = []
        self.pins = []  # the Pin objects, when built by gpio_buttons

    def poll(self, now):
        """Key codes produced since the last poll (the same list object, refilled)."""
        out = self.out
        del out[:]
        for b in self.buttons:
            b.poll(now, out)
        return out


def gpio_buttons(pin_numbers, clock=None):
    """Buttons on GPIOs wired to ground with internal pull-ups (pressed reads 0), each
    with its falling-edge latch (docs/gadget.md, Buttons). clock: the ms ticks the latch
    stamps a fall with, the clock poll() is given (time.ticks_ms, as hal/wiring.py
    hands the board)."""
    from machine import Pin

    if clock is None:
        import time

        clock = time.ticks_ms
    pins = []
    fns = []
    for n in pin_numbers:
        p = Pin(n, Pin.IN, Pin.PULL_UP)
        pins.append(p)
        fns.append(_low(p))
    b = Buttons(fns[0], fns[1], fns[2], fns[3], clock)
    for p, button in zip(pins, b.buttons):
        # A soft IRQ (scheduled, run between bytecodes): the bound method is made once
        # here and kept by the IRQ, so a fall allocates nothing.
        p.irq(button.fell, Pin.IRQ_FALLING)
    b.pins = pins
    return b


def _no_clock():
    return 0


def _low(pin):
    return lambda: not pin.value()
