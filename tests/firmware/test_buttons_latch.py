"""The buttons' readings (hal/buttons.py): a press counts only when read down twice
CONFIRM_MS apart, so a glitch is never a key; a tap made wholly while the main loop is
busy is read by the sampler and is still one key; bounce never makes one. Each check
runs on CPython and again, unchanged, on the MicroPython unix port
(test_buttons_latch_mpy.py).

A rig plays a timeline: level changes of the four buttons (a press calls the pin's
falling-edge IRQ handler, Buttons.wake, at that time), the sampler's ticks while its
timer runs, and the main loop's polls.
"""

from geekout import keys
from geekout.hal.buttons import Buttons, Pushbutton, gpio_buttons
from keypad import Level

UP, DOWN, OK, BACK = 0, 1, 2, 3  # button indexes, in Buttons' order
DEB = Pushbutton.DEBOUNCE_MS


class Timer:
    """machine.Timer as the sampler uses it; the rig calls its callback."""

    def __init__(self):
        self.running = False
        self.period = 0
        self.callback = None
        self.start = 0
        self.now = 0

    def init(self, period, callback):
        self.running = True
        self.period = period
        self.callback = callback
        self.start = self.now

    def deinit(self):
        self.running = False


class Rig:
    """Four buttons on a test clock; sampler=False plays the same with polling alone (no
    timer), so a check can show the sampler is what made the difference."""

    def __init__(self, sampler=True, held=(), base=0):
        self.t = 0
        self.base = base  # the clock reads base + t (30-bit ticks)
        self.timer = Timer() if sampler else None
        self.levels = [Level() for _ in range(4)]
        for i in held:
            self.levels[i].down = True
        self.b = Buttons(self.levels[0], self.levels[1], self.levels[2], self.levels[3],
                         self.clock, self.timer)
        self.got = []

    def clock(self):
        return (self.base + self.t) & 0x3FFFFFFF

    def set(self, i, down):
        """down: True, False, or GLITCH (down and back up before anything reads it)."""
        lv = self.levels[i]
        fell = down and not lv.down
        lv.down = down is True
        if fell:
            self.b.wake(None)  # the IRQ handler, called with the pin

    def at(self, t):
        """Move the clock to t (ms), the sampler ticking on the way."""
        tm = self.timer
        while self.t < t:
            self.t += 1
            if tm is not None and tm.running and (self.t - tm.start) % tm.period == 0:
                tm.callback(tm)
        if tm is not None:
            tm.now = self.t

    def play(self, changes, polls):
        """changes: [(ms, button, down)]; polls: the poll times. A change and a poll at the
        same ms: the change first. Returns [(ms, key)] of every key produced."""
        events = [(t, 0, i, d) for t, i, d in changes] + [(t, 1, 0, 0) for t in polls]
        events.sort()
        for t, kind, i, d in events:
            self.at(t)
            if kind == 0:
                self.set(i, d)
            else:
                for k in self.b.poll(self.clock()):
                    self.got.append((t, k))
        return self.got


GLITCH = 2


def glitch(i, at, ms=0):
    """A spike on button i's line at `at`: its IRQ fires; ms=0: back up before anything
    reads it (a 1 us spike), else down for `ms`."""
    if ms == 0:
        return [(at, i, GLITCH)]
    return [(at, i, True), (at + ms, i, False)]


def every(start, stop, step=10):
    return list(range(start, stop, step))


def stalled(start, stop, until, resume=10):
    """Polls every 10 ms from `start`, none from `stop` to `until` (the loop is busy),
    then every 10 ms again."""
    return every(start, stop) + every(until, until + 1500, resume)


def tap(i, at, hold):
    return [(at, i, True), (at + hold, i, False)]


def bouncy(i, at, hold, n=3):
    """A tap whose contacts chatter n times (1 ms apart) on the way down and up."""
    out = []
    for j in range(n):
        out += [(at + 2 * j, i, True), (at + 2 * j + 1, i, False)]
    out.append((at + 2 * n, i, True))
    end = at + hold
    for j in range(n):
        out += [(end + 2 * j, i, False), (end + 2 * j + 1, i, True)]
    out.append((end + 2 * n, i, False))
    return out


def test_a_glitch_is_not_a_key():
    polls = every(0, 1000)
    # A spike (1 us: back up before anything reads it) on each button: its IRQ starts the
    # sampler, which reads the pin up.
    for i in (UP, DOWN, OK, BACK):
        assert Rig().play(glitch(i, 155), polls) == [], i
        assert Rig().play(glitch(i, 155), stalled(0, 100, 400)) == [], i
    # Down for 1 ms across a poll, or for 4 ms across two sampler readings during a
    # stall (the loop busy: a save): read down, but never twice CONFIRM_MS apart.
    assert Rig().play(glitch(OK, 150, 1), polls) == []
    assert Rig().play(glitch(UP, 150, 1), polls) == []
    assert Rig().play(glitch(OK, 150, 4), stalled(0, 100, 400)) == []
    assert Rig().play(glitch(UP, 150, 4), stalled(0, 100, 400)) == []
    # Glitches every 3 ms for half a second: each read down once at most
    spikes = []
    for t in range(150, 650, 3):
        spikes += glitch(DOWN, t, 1)
    assert Rig().play(spikes, stalled(0, 100, 700)) == []


def test_a_press_counts_once_read_down_twice_confirm_ms_apart():
    # Polled every 10 ms: read down at 100, pressed at 110 (UP's key then, not at 100)
    assert Rig().play(tap(UP, 100, 300), every(0, 600))[0] == (110, keys.UP)
    assert Rig().play(tap(OK, 100, 30), every(0, 600)) == [(130, keys.OK)]  # a 30 ms tap
    # In a stall, read by the sampler every SAMPLE_MS: 8 ms down is read 6 ms apart (a
    # key), 6 ms down only 4 ms apart (none)
    assert Rig().play(tap(OK, 150, 8), stalled(0, 100, 400)) == [(400, keys.OK)]
    assert Rig().play(tap(OK, 150, 6), stalled(0, 100, 400)) == []


def test_a_tap_wholly_between_two_polls_is_seen_once():
    # The loop is busy from 100 to 400 ms (a flash write); a 60 ms OK tap inside it.
    polls = stalled(0, 100, 400)
    assert Rig().play(tap(OK, 150, 60), polls) == [(400, keys.OK)]
    assert Rig(sampler=False).play(tap(OK, 150, 60), polls) == []  # polling alone misses it
    assert Rig().play(tap(OK, 150, 30), polls) == [(400, keys.OK)]  # a 30 ms tap too
    # UP and DOWN: one key each, no auto-repeat however long the stall
    assert Rig().play(tap(UP, 150, 60), polls) == [(400, keys.UP)]
    assert Rig().play(tap(DOWN, 120, 40), stalled(0, 100, 2000)) == [(2000, keys.DOWN)]
    # BACK: the short key, never LONG_BACK
    assert Rig().play(tap(BACK, 150, 200), polls) == [(400, keys.BACK)]
    # A tap starting just after the last poll: the sampler keeps watching until the
    # loop has been busy STALL_MS, then reads
    assert Rig().play(tap(OK, 92, 30), stalled(0, 100, 400)) == [(400, keys.OK)]


def test_taps_of_two_buttons_in_one_stall_are_both_seen():
    changes = tap(UP, 120, 60) + tap(OK, 250, 60)
    got = Rig().play(changes, stalled(0, 100, 400))
    assert sorted(k for _t, k in got) == [keys.UP, keys.OK]


def test_a_tap_with_bounce_counts_once():
    for n in (1, 3, 8):
        got = Rig().play(bouncy(OK, 150, 60, n), stalled(0, 100, 400))
        assert got == [(400, keys.OK)], (n, got)
        got = Rig().play(bouncy(UP, 150, 60, n), stalled(0, 100, 400))
        assert got == [(400, keys.UP)], (n, got)


def test_a_press_seen_by_polling_is_not_counted_twice():
    # OK: down at 105, read at 110 and 120 (pressed), up at 205.
    assert Rig().play(tap(OK, 105, 100), every(0, 600)) == [(210, keys.OK)]
    assert Rig().play(bouncy(OK, 105, 100), every(0, 600)) == [(220, keys.OK)]
    # UP: its key at the press, none at the release
    assert Rig().play(tap(UP, 105, 100), every(0, 600)) == [(120, keys.UP)]
    # Read down once by a poll, then the loop busy until 400 while it is released: the
    # sampler reads the rest of the press, one key
    assert Rig().play(tap(OK, 105, 100), stalled(0, 115, 400)) == [(400, keys.OK)]
    assert Rig().play(tap(UP, 105, 100), stalled(0, 115, 400)) == [(400, keys.UP)]
    # Pressed by polling, released in the stall: the release is polling's
    assert Rig().play(tap(OK, 105, 100), stalled(0, 125, 400)) == [(400, keys.OK)]
    assert Rig().play(tap(UP, 105, 100), stalled(0, 125, 400)) == [(120, keys.UP)]


def test_bounce_after_a_release_makes_no_key():
    # Released at 203, accepted by the poll at 210; the contacts chatter at 212-216.
    chatter = [(212, OK, True), (213, OK, False), (215, OK, True), (216, OK, False)]
    changes = tap(OK, 100, 103) + chatter
    assert Rig().play(changes, every(0, 600)) == [(210, keys.OK)]
    # ... and when the loop is busy from the release on (the key's redraw and save)
    assert Rig().play(changes, stalled(0, 211, 500)) == [(210, keys.OK)]
    # Chatter before the poll took the release: the same release
    early = tap(OK, 100, 101) + [(203, OK, True), (204, OK, False)]
    assert Rig().play(early, every(0, 600)) == [(210, keys.OK)]
    # UP: one key at the press, none from its release bounce
    up = tap(UP, 100, 103) + [(212, UP, True), (213, UP, False)]
    assert Rig().play(up, stalled(0, 211, 500)) == [(110, keys.UP)]


def test_a_counted_tap_s_own_late_bounce_is_no_second_key():
    # Tapped in a stall, counted at 400; a last chatter of its contacts at 405.
    changes = tap(OK, 150, 60) + [(405, OK, True), (406, OK, False)]
    assert Rig().play(changes, stalled(0, 100, 400)) == [(400, keys.OK)]


def test_the_same_button_again_during_the_stall_its_key_began():
    # OK released at 203 (accepted at 210), the loop then busy until 500; OK tapped
    # again at 300: two keys (down DEBOUNCE_MS after the release is no bounce).
    changes = tap(OK, 100, 103) + tap(OK, 300, 60)
    assert Rig().play(changes, stalled(0, 211, 500)) == [(210, keys.OK), (500, keys.OK)]
    # ...readings less than DEBOUNCE_MS after that release are its bounce
    changes = tap(OK, 100, 103) + tap(OK, 212, 2 + DEB - 4)
    assert Rig().play(changes, stalled(0, 211, 500)) == [(210, keys.OK)]
    # ...but a press begun then and held on is a press
    changes = tap(OK, 100, 103) + tap(OK, 210 + DEB - 1, 60)
    assert Rig().play(changes, stalled(0, 211, 500)) == [(210, keys.OK), (500, keys.OK)]


def test_a_button_down_at_the_poll_after_a_stall_is_left_to_polling():
    # Pressed during the stall and still held at 400: polling takes it (OK on release,
    # UP at once), as one key.
    assert Rig().play(tap(OK, 300, 250), stalled(0, 100, 400)) == [(550, keys.OK)]
    assert Rig().play(tap(UP, 300, 120), stalled(0, 100, 400)) == [(400, keys.UP)]
    # Held past LONG_MS from its first reading (the sampler's, at 302): the long key only
    got = Rig().play(tap(OK, 300, 1200), stalled(0, 100, 400))
    assert got == [(1010, keys.LONG_OK)]


def test_held_at_start_up_is_still_ignored():
    # Held at power-up, released at 1500: nothing
    assert Rig(held=(OK,)).play([(1500, OK, False)], every(0, 1600)) == []
    # Pressed while the gadget boots (before the first poll), released at 1500: the
    # start-up rule holds
    assert Rig().play(tap(OK, 0, 1500), every(200, 1600)) == []
    # A tap wholly during the boot, before the first poll: not a key either
    assert Rig().play(tap(OK, 20, 60), every(200, 600)) == []
    # ...but once polling has begun, the same tap in a stall is one
    assert Rig().play(tap(OK, 220, 60), stalled(200, 210, 600)) == [(600, keys.OK)]


def test_long_press_and_auto_repeat_are_unchanged():
    """Every timeline polling sees gives the same keys with the sampler as without it."""
    cases = (
        tap(OK, 100, 1900),  # long OK
        tap(BACK, 100, 900),  # long BACK
        tap(UP, 100, 900),  # auto-repeat
        tap(DOWN, 100, 300),  # one DOWN, released before the repeat delay
        bouncy(OK, 100, 1000),
        bouncy(UP, 100, 800),
        tap(OK, 100, 200) + tap(OK, 400, 200) + tap(UP, 700, 50),
    )
    for changes in cases:
        want = Rig(sampler=False).play(changes, every(0, 2500))
        assert Rig().play(changes, every(0, 2500)) == want, changes
    assert Rig().play(cases[0], every(0, 2500)) == [(100 + Pushbutton.LONG_MS, keys.LONG_OK)]
    assert Rig().play(cases[1], every(0, 2500)) == [(100 + Pushbutton.LONG_MS, keys.LONG_BACK)]
    ups = [t for t, k in Rig().play(cases[2], every(0, 2500)) if k == keys.UP]
    repeats = list(range(100 + Pushbutton.REPEAT_DELAY_MS, 1000, Pushbutton.REPEAT_MS))
    assert ups == [110] + repeats  # the first UP at its second reading


def test_across_the_tick_wrap():
    # A stall across the 30-bit tick counter's wrap: the tap is still one key.
    base = 0x3FFFFFFF - 250
    r = Rig(base=base)
    assert r.play(tap(OK, 150, 60), stalled(0, 100, 400)) == [(400, keys.OK)]
    assert (base + 400) & 0x3FFFFFFF < base  # the counter wrapped during the stall
    r = Rig(base=base)
    ups = [t for t, k in r.play(tap(UP, 100, 900), every(0, 1500))]
    repeats = list(range(100 + Pushbutton.REPEAT_DELAY_MS, 1000, Pushbutton.REPEAT_MS))
    assert ups == [110] + repeats


def test_gpio_buttons_start_the_sampler_on_each_pins_fall():
    """gpio_buttons (the fake machine.Pin and Timer of tests/fakes) gives each pin a
    falling-edge IRQ whose handler only starts the sampler's timer."""
    from machine import Pin

    now = [5000]
    b = gpio_buttons((10, 11, 12, 13), lambda: now[0])
    for p in b.pins:
        assert p._trigger == Pin.IRQ_FALLING
        assert p._handler == b.wake
    b.poll(4980)
    ok = b.pins[2]
    ok._drive(0)
    assert b.timer.running and b.timer.callback == b.tick and b.timer.period == b.SAMPLE_MS
    ok._drive(1)  # a spike: the sampler reads it up and stops
    b.tick(b.timer)
    assert not b.timer.running and not b.buttons[2].low
    assert list(b.poll(5010)) == []


def checks():
    """The check functions above, by name (what the unix-port run calls)."""
    g = globals()
    return sorted(n for n in g if n.startswith("test_") and not n.endswith("_unix_port"))


MPY_RUN = """
import test_buttons_latch as t
for name in t.checks():
    getattr(t, name)()
    print('ok', name)
# The IRQ handler and the sampler allocate nothing: with the heap locked (as in a hard
# IRQ) any allocation raises MemoryError. In a function: a new global would grow the
# globals.
import micropython
from test_buttons_latch import gpio_buttons
def falls(b, p, n):
    micropython.heap_lock()
    try:
        for _ in range(n):
            p._drive(0)
            b.polled_at -= 100  # the loop busy: the sampler reads
            b.tick(b.timer)
            p._drive(1)
            b.tick(b.timer)
        try:
            x = [n]
            locked = False
        except MemoryError:
            locked = True
    finally:
        micropython.heap_unlock()
    return locked
b = gpio_buttons((10, 11, 12, 13))
b.poll(0)
print('locked', falls(b, b.pins[3], 50), b.buttons[3].low or b.timer.running)
"""
HEAP = "128K"  # passes down to 64K (bisection): 128K leaves a 100% margin
