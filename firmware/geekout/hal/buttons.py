"""Debounced push buttons, polled (after micropython-async's Pushbutton, own code).

Each button reads a callable returning True while pressed, so a fake pin, a simulator
key or a GPIO all work the same. Polled, never interrupt driven: an edge IRQ latches
contact bounce. Debounce: after an accepted edge the pin is ignored for DEBOUNCE_MS.
Set the timing class attributes before building buttons.
"""

from geekout import keys


class Pushbutton:
    DEBOUNCE_MS = 20
    LONG_MS = 700
    REPEAT_DELAY_MS = 450
    REPEAT_MS = 120

    def __init__(self, pressed, key, long_key=-1, repeat=False):
        self.pressed = pressed  # callable: True while the button is down
        self.key = key
        self.long_key = long_key
        self.repeat = repeat
        self.down = False
        self.edge_at = 0
        self.down_at = 0
        self.next_repeat = 0
        self.long_fired = False
        self.fresh = True

    def poll(self, now, out):
        """Sample the pin at time `now` (ms ticks); append any key codes to `out`."""
        diff = keys.ticks_diff
        if self.fresh:  # a button held at start-up never fires until released
            self.fresh = False
            self.down = bool(self.pressed())
            self.long_fired = self.down
            self.edge_at = now
            return
        raw = bool(self.pressed())
        if raw != self.down and diff(now, self.edge_at) >= self.DEBOUNCE_MS:
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
    """The four buttons: UP/DOWN auto-repeat, OK/BACK with long presses."""

    POLL_MS = 10

    def __init__(self, up, down, ok, back):
        self.buttons = (
            Pushbutton(up, keys.UP, repeat=True),
            Pushbutton(down, keys.DOWN, repeat=True),
            Pushbutton(ok, keys.OK, keys.LONG_OK),
            Pushbutton(back, keys.BACK, keys.LONG_BACK),
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


def gpio_buttons(pin_numbers):
    """Buttons on GPIOs wired to ground with internal pull-ups (pressed reads 0)."""
    from machine import Pin

    pins = []
    fns = []
    for n in pin_numbers:
        p = Pin(n, Pin.IN, Pin.PULL_UP)
        pins.append(p)
        fns.append(_low(p))
    b = Buttons(fns[0], fns[1], fns[2], fns[3])
    b.pins = pins
    return b


def _low(pin):
    return lambda: not pin.value()
