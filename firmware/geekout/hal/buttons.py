"""Debounced push buttons, polled (after micropython-async's Pushbutton, own code), with
an edge latch so that a tap made while the main loop is busy is still seen.

Each button reads a callable returning True while pressed, so a fake pin, a simulator
key or a GPIO all work the same. Polling decides every key: after an accepted edge the
pin is ignored for DEBOUNCE_MS; long presses and auto-repeat are timed by the polls.
Set the timing class attributes before building buttons.

The latch: on the gadget each pin has a falling-edge IRQ (gpio_buttons) whose handler,
Pushbutton.fell, only notes that the button went down and when; it decides nothing
and allocates nothing. It is there for taps shorter than a stall of the main loop (a
flash write runs with interrupts off, an undo replays the game, gc.collect): such a
tap goes down and up between two polls, and polling alone never sees it. A poll that
finds the latch set while the pin reads up and its debounced state is up, the last fall
DEBOUNCE_MS or more after the last accepted edge and DEBOUNCE_MS or more ago, counts one
whole tap: the short key (UP/DOWN: one key, no repeat; OK/BACK: OK or BACK, never the
long key: a hold longer than the stall is seen by polling).

Why contact bounce (an edge IRQ fires at every bounce) cannot make extra keys:
  - a latch is one flag, not a count: any number of falls before a poll is one tap;
  - every edge polling accepts clears it: the falls of a press polling sees, and the
    bounce of a release before polling accepts it, are that press;
  - while the debounced state is down it counts nothing (bounce on a held button);
  - a fall less than DEBOUNCE_MS before the poll waits: chatter at the start of a press
    reads up now and then, and the press polling then sees clears the latch;
  - a fall less than DEBOUNCE_MS after an accepted edge is bounce of that edge, and a
    counted tap is an accepted edge too (its own release bounce counts nothing).
The fall's time is the handler's (a soft IRQ runs at the next bytecode, or after the
flash operation that held it: the rp2 port runs pending handlers after each), so it
can only be later than the fall itself: a bounce held back past DEBOUNCE_MS by a flash
operation that began within a few ms of an accepted release would count. The journal
saves after the screen update: its writes begin 14 ms or more after the key's poll (the
emulated Pico, whole games), while contact bounce lasts a few ms.
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
    with its falling-edge latch (the module's docstring). clock: the ms ticks the latch
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
