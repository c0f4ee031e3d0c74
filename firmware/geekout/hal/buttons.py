"""Debounced push buttons, polled (after micropython-async's Pushbutton, own code): a press
counts only when the pin reads down on two readings CONFIRM_MS or more apart, so a spike
on the line (a cable, a static discharge) is never a key.

The readings are the main loop's polls and, while the loop is busy (a redraw, a save, a
game's start), a sampler's on a timer, so a tap made during the stall is still read.
A pin's falling-edge IRQ only starts the sampler: it reads nothing and decides nothing.
Long presses and auto-repeat are timed by the polls; set the timing class attributes
before building buttons. The rules, and what no reading can see: docs/gadget.md, Buttons.
"""

from geekout import keys


class Pushbutton:
    DEBOUNCE_MS = 20  # an accepted edge locks the pin out this long (contact bounce)
    CONFIRM_MS = 5  # a press: read down twice at least this far apart
    LONG_MS = 700
    REPEAT_DELAY_MS = 450
    REPEAT_MS = 120

    def __init__(self, pressed, key, long_key=-1, repeat=False):
        self.pressed = pressed  # callable: True while the button is down
        self.key = key
        self.long_key = long_key
        self.repeat = repeat
        self.down = False  # the accepted state
        self.edge_at = 0
        self.down_at = 0
        self.next_repeat = 0
        self.long_fired = False
        self.fresh = True
        # The run of down readings not yet a press: first at low_since, last at low_at.
        self.low = False
        self.low_since = 0
        self.low_at = 0
        # A whole press read while the loop did not poll (down on two readings CONFIRM_MS
        # apart, then up), or one the board vouches for (click): the next poll counts it.
        # A flag, not a count: two taps of one button in one stall are one key.
        self.tapped = False

    def click(self):
        """A whole press the board vouches for, down and up maybe between two polls: the
        web page's click (a page has no glitches). The gadget's pins never call it."""
        self.tapped = True

    fell = click  # the web page's name for it (boards/web.py)

    def _read_down(self, now):
        """A reading of the pin down at `now`: extends the run (unless it is bounce of
        the last accepted edge)."""
        if keys.ticks_diff(now, self.edge_at) < self.DEBOUNCE_MS:
            return
        if not self.low:
            self.low = True
            self.low_since = now
        self.low_at = now

    def _confirmed(self):
        return self.low and keys.ticks_diff(self.low_at, self.low_since) >= self.CONFIRM_MS

    def watched(self):
        """A press may be under way that polling has not taken: down, or a run open."""
        return not self.fresh and not self.down and (self.low or bool(self.pressed()))

    def sample(self, now):
        """The sampler's reading, while the loop does not poll: notes the run of down
        readings, and a whole press when the pin reads up after a confirmed run. Makes no
        key and allocates nothing. True while the button needs watching."""
        if self.fresh or self.down:
            return False  # polling has it
        if self.pressed():
            self._read_down(now)
            return True
        if self._confirmed():
            self.tapped = True
        self.low = False
        return False

    def poll(self, now, out):
        """Read the pin at time `now` (ms ticks); append any key codes to `out`."""
        diff = keys.ticks_diff
        raw = bool(self.pressed())
        if self.fresh:  # a button held at start-up never fires until released
            self.fresh = False
            self.down = raw
            self.long_fired = raw
            self.edge_at = now
            self.low = self.tapped = False  # nothing before the first poll is a key
            return
        if self.down:
            if not raw and diff(now, self.edge_at) >= self.DEBOUNCE_MS:
                self.down = False
                self.edge_at = now
                if not self.repeat and not self.long_fired:
                    out.append(self.key)
                self.long_fired = False
            else:
                self._held(now, out)
            return
        if raw:
            self._read_down(now)
            if self._confirmed():
                self._press(out)
            return
        if self.tapped or self._confirmed():
            # Down and up again while the loop was busy: one whole tap, the short key
            # (UP/DOWN: one, no repeat; OK/BACK: never the long key).
            self.edge_at = now  # an edge: the tap's own release bounce is ignored
            out.append(self.key)
        self.low = self.tapped = False

    def _press(self, out):
        """The run is a press: it began at its first down reading (the debounce, long
        press and repeat are timed from there)."""
        since = self.low_since
        self.down = True
        self.low = self.tapped = False
        self.edge_at = since
        self.down_at = since
        self.long_fired = False
        if self.repeat:
            out.append(self.key)
            self.next_repeat = since + self.REPEAT_DELAY_MS

    def _held(self, now, out):
        diff = keys.ticks_diff
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
    ticks the sampler reads at (the clock poll() is given); timer: a machine.Timer for
    the sampler (gpio_buttons), or None: polling only (the web page, tests)."""

    POLL_MS = 10
    SAMPLE_MS = 2  # the sampler's period while a button is watched
    # No poll for this long: the loop is busy and the sampler reads (the loop polls
    # every 10 ms plus its pass; a poll may not be interrupted by a reading of its own).
    STALL_MS = 15

    def __init__(self, up, down, ok, back, clock=None, timer=None):
        self.buttons = (
            Pushbutton(up, keys.UP, repeat=True),
            Pushbutton(down, keys.DOWN, repeat=True),
            Pushbutton(ok, keys.OK, keys.LONG_OK),
            Pushbutton(back, keys.BACK, keys.LONG_BACK),
        )
        self.clock = clock or _no_clock
        self.timer = timer
        self.sampling = False
        self.polled_at = 0
        self.tick = self.sample  # bound once: the IRQ hands it to the timer, allocating nothing
        self.out = []
        self.pins = []  # the Pin objects, when built by gpio_buttons

    def wake(self, _pin=None):
        """A pin fell (its IRQ handler), or a run of down readings is open: the sampler
        runs until nothing needs watching. Allocates nothing."""
        if self.timer is not None and not self.sampling:
            self.sampling = True
            self.timer.init(period=self.SAMPLE_MS, callback=self.tick)

    def sample(self, _timer=None):
        """The sampler's tick (a soft timer callback): reads the pins while the loop is
        busy; stops itself when no button needs watching. Allocates nothing."""
        now = self.clock()
        watch = False
        if keys.ticks_diff(now, self.polled_at) < self.STALL_MS:
            # The loop polls and reads the pins itself; watch on while a press may be
            # under way, in case the loop stalls before it has taken it.
            for b in self.buttons:
                if b.watched():
                    watch = True
        else:
            for b in self.buttons:
                if b.sample(now):
                    watch = True
        if not watch:
            self.sampling = False
            if self.timer is not None:
                self.timer.deinit()

    def poll(self, now):
        """Key codes produced since the last poll (the same list object, refilled)."""
        out = self.out
        del out[:]
        self.polled_at = now
        watch = False
        for b in self.buttons:
            b.poll(now, out)
            if b.low:
                watch = True
        if watch:
            self.wake()  # a press is being confirmed: read it should the loop stall now
        return out


def gpio_buttons(pin_numbers, clock=None):
    """Buttons on GPIOs wired to ground with internal pull-ups (pressed reads 0), each pin's
    falling edge starting the sampler (docs/gadget.md, Buttons). clock: the ms ticks the
    sampler reads at, the clock poll() is given (time.ticks_ms, as hal/wiring.py hands
    the board)."""
    from machine import Pin, Timer

    if clock is None:
        import time

        clock = time.ticks_ms
    pins = []
    fns = []
    for n in pin_numbers:
        p = Pin(n, Pin.IN, Pin.PULL_UP)
        pins.append(p)
        fns.append(_low(p))
    # A soft timer (its callback scheduled, run between bytecodes), not started yet.
    b = Buttons(fns[0], fns[1], fns[2], fns[3], clock, Timer(-1))
    wake = b.wake  # made once and kept by the IRQs: a fall allocates nothing
    for p in pins:
        p.irq(wake, Pin.IRQ_FALLING)
    b.pins = pins
    return b


def _no_clock():
    return 0


def _low(pin):
    return lambda: not pin.value()
