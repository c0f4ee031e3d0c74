"""Debounced push buttons (after micropython-async's Pushbutton, own code): a press counts
only when the pin reads down on readings 5 ms or more apart, so a spike on the line (a
cable, a static discharge) is never a key.

On the gadget a PIO state machine (hal/debouncer.py) reads the pins, also while a flash
erase has interrupts off, and queues each debounced state; poll() takes them, so a tap
made while the main loop is busy is still a key. Buttons read through callables (the
web page, tests) are polled. Long presses and auto-repeat are timed by the polls; set
the timing class attributes before building buttons. The rules: docs/gadget.md, Buttons.
"""

from geekout import keys


class Pushbutton:
    DEBOUNCE_MS = 20  # polled: an accepted edge locks the pin out this long (contact bounce)
    CONFIRM_MS = 5  # polled: a press is read down twice at least this far apart
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
        # This press makes no more keys: its long key fired, or it was held at start-up.
        self.quiet = False
        self.fresh = True
        # Polled: the run of down readings not yet a press, first at low_since, last at low_at.
        self.low = False
        self.low_since = 0
        self.low_at = 0
        # A whole press the board vouches for (click): the next poll counts it.
        self.tapped = False

    def click(self):
        """A whole press the board vouches for, down and up maybe between two polls: the
        web page's click (a page has no glitches). The gadget's pins never call it."""
        self.tapped = True

    fell = click  # the web page's name for it (boards/web.py)

    def start(self, down, now):
        """The first poll: a button down now (held at start-up) makes no key until it has
        been released, and nothing before now is a key."""
        self.fresh = False
        self.down = down
        self.quiet = down
        self.edge_at = now
        self.low = self.tapped = False

    def poll(self, now, out):
        """Read the pin at time `now` (ms ticks); append any key codes to `out`."""
        raw = bool(self.pressed())
        if self.fresh:
            self.start(raw, now)
            return
        if self.down:
            if not raw and keys.ticks_diff(now, self.edge_at) >= self.DEBOUNCE_MS:
                self.release(now, out)
            else:
                self.held(now, out)
            return
        if raw:
            if keys.ticks_diff(now, self.edge_at) < self.DEBOUNCE_MS:
                return  # bounce of the last accepted edge
            if not self.low:
                self.low = True
                self.low_since = now
            self.low_at = now
            if keys.ticks_diff(self.low_at, self.low_since) >= self.CONFIRM_MS:
                # The press began at its first down reading: the debounce, long press and
                # repeat are timed from there.
                self.press(self.low_since, out)
            return
        if self.tapped:
            # Down and up again between two polls: one whole tap, the short key (UP/DOWN:
            # one, no repeat; OK/BACK: never the long key).
            self.edge_at = now  # an edge: the tap's own release bounce is ignored
            out.append(self.key)
        self.low = self.tapped = False

    def press(self, since, out):
        """An accepted press, from `since` (ms ticks): UP/DOWN's key comes now."""
        self.down = True
        self.low = self.tapped = False
        self.edge_at = since
        self.down_at = since
        self.quiet = False
        if self.repeat:
            out.append(self.key)
            self.next_repeat = since + self.REPEAT_DELAY_MS

    def release(self, now, out):
        """An accepted release: OK/BACK's key comes now, unless the long key fired."""
        self.down = False
        self.edge_at = now
        if not self.repeat and not self.quiet:
            out.append(self.key)
        self.quiet = False

    def held(self, now, out):
        """Down at a poll: the auto-repeat, or the long key."""
        if self.quiet:
            return
        diff = keys.ticks_diff
        if self.repeat:
            if diff(now, self.next_repeat) >= 0:
                out.append(self.key)
                self.next_repeat = now + self.REPEAT_MS
        elif self.long_key >= 0 and diff(now, self.down_at) >= self.LONG_MS:
            self.quiet = True
            out.append(self.long_key)


class Buttons:
    """The four buttons: UP/DOWN auto-repeat, OK/BACK with long presses. sm: the PIO
    debouncer reading their pins (gpio_buttons), or None: the callables are polled."""

    POLL_MS = 10

    def __init__(self, up, down, ok, back, sm=None):
        self.buttons = (
            Pushbutton(up, keys.UP, repeat=True),
            Pushbutton(down, keys.DOWN, repeat=True),
            Pushbutton(ok, keys.OK, keys.LONG_OK),
            Pushbutton(back, keys.BACK, keys.LONG_BACK),
        )
        self.sm = sm
        self.state = 15  # the debouncer's last state: bit i is button i, 1 = up
        self.fresh = True
        self.out = []
        self.pins = []  # the Pin objects, when built by gpio_buttons

    def poll(self, now):
        """Key codes produced since the last poll (the same list object, refilled)."""
        out = self.out
        while out:
            out.pop()  # not del out[:]: its slice would allocate, every 10 ms
        sm = self.sm
        if sm is None:
            for b in self.buttons:
                b.poll(now, out)
            return out
        self._take(sm, now, out)
        for b in self.buttons:
            if b.down:
                b.held(now, out)
        return out

    def napper(self, sleep_ms, clock=None):
        """The main loop's sleep between polls (app.run: POLL_MS), cut short by a key:
        with the PIO debouncer it sleeps 1 ms at a time and returns as soon as the
        debouncer has queued a state, so a key waits at most 1 ms for its poll, not up
        to 10 (docs/gadget.md, Buttons). With the `clock` the presses are timed by, it
        also ends when a held button's long key or next repeat is due (due_in): a long
        OK waited up to 10 ms more for its poll (taken 12-17 ms on the emulated Pico).
        Longer sleeps (the wait after repeated errors) sleep whole. Polled buttons:
        `sleep_ms` itself."""
        sm = self.sm
        if sm is None:
            return sleep_ms
        limit = self.POLL_MS

        def nap(ms):
            if ms > limit:
                sleep_ms(ms)
                return
            if clock is not None:
                ms = self.due_in(clock(), ms)
            for _ in range(ms):
                if sm.rx_fifo():
                    return
                sleep_ms(1)

        return nap

    def due_in(self, now, most):
        """Ms from `now` until a held button's next timed key (its long key, its next
        repeat), `most` at the most, 0 when one is due already."""
        diff = keys.ticks_diff
        for b in self.buttons:
            if not b.down or b.quiet:
                continue
            if b.repeat:
                left = diff(b.next_repeat, now)
            elif b.long_key >= 0:
                left = diff(b.down_at, now) + b.LONG_MS
            else:
                continue
            if left < most:
                most = left if left > 0 else 0
        return most

    def _take(self, sm, now, out):
        """The debouncer's states queued since the last poll, in order: each bit that went
        to 0 is an accepted press, back to 1 an accepted release. A press and its release
        taken at one poll are a whole tap, the short key; two taps, two keys."""
        state = self.state
        fresh = self.fresh
        while sm.rx_fifo():
            new = sm.get()
            changed = state ^ new
            state = new
            if fresh:
                continue  # nothing before the first poll is a key
            bit = 1
            for b in self.buttons:
                if changed & bit:
                    if new & bit:
                        b.release(now, out)
                    else:
                        b.press(now, out)  # timed from this poll
                bit <<= 1
        self.state = state
        if fresh:
            self.fresh = False
            bit = 1
            for b in self.buttons:
                b.start(not state & bit, now)
                bit <<= 1


def gpio_buttons(pin_numbers):
    """Buttons on GPIOs wired to ground with internal pull-ups (pressed reads 0). Four
    contiguous pins (hal/pins.py) are read by the PIO debouncer; others are polled (a
    tap made wholly while the loop is busy is then lost: docs/gadget.md, Buttons)."""
    from machine import Pin

    pins = [Pin(n, Pin.IN, Pin.PULL_UP) for n in pin_numbers]
    first = pin_numbers[0]
    sm = None
    state = 15
    if list(pin_numbers) == list(range(first, first + 4)):
        from geekout.hal import debouncer

        state = 0
        for i, p in enumerate(pins):
            state |= p.value() << i
        sm = debouncer.start(pins[0], state)  # its first state: the pins as read now
    b = Buttons(_low(pins[0]), _low(pins[1]), _low(pins[2]), _low(pins[3]), sm)
    b.state = state
    b.pins = pins
    return b


def _low(pin):
    return lambda: not pin.value()
