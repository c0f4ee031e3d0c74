"""The buttons' edge latch (hal/buttons.py): a tap made wholly between two polls (the main
loop busy) is still one key; bounce never makes one. Each check runs on CPython and
again, unchanged, on the MicroPython unix port (test_buttons_latch_mpy.py).

A rig plays a timeline: level changes of the four buttons (a press calls the button's
fell(), as the pin's falling-edge IRQ does, at that time) and the main loop's polls.
"""

from geekout import keys
from geekout.hal.buttons import Buttons, Pushbutton, gpio_buttons
from keypad import Level

UP, DOWN, OK, BACK = 0, 1, 2, 3  # button indexes, in Buttons' order
DEB = Pushbutton.DEBOUNCE_MS


class Rig:
    """Four buttons on a test clock; irq=False plays the same without the latch (polling
    alone, as before it), so a check can show the latch is what made the difference;
    skew: the falls are stamped that many ms ahead of the polls' clock."""

    def __init__(self, irq=True, held=(), skew=0):
        self.t = 0
        self.irq = irq
        self.skew = skew
        self.levels = [Level() for _ in range(4)]
        for i in held:
            self.levels[i].down = True
        self.b = Buttons(self.levels[0], self.levels[1], self.levels[2], self.levels[3],
                         self.clock)
        self.got = []

    def clock(self):
        return self.t + self.skew

    def set(self, i, down):
        lv = self.levels[i]
        if down and not lv.down and self.irq:
            self.b.buttons[i].fell(None)  # the IRQ handler, called with the pin
        lv.down = down

    def play(self, changes, polls):
        """changes: [(ms, button, down)]; polls: the poll times. A change and a poll at the
        same ms: the change first. Returns [(ms, key)] of every key produced."""
        events = [(t, 0, i, d) for t, i, d in changes] + [(t, 1, 0, 0) for t in polls]
        events.sort()
        for t, kind, i, d in events:
            self.t = t
            if kind == 0:
                self.set(i, d)
            else:
                for k in self.b.poll(t):
                    self.got.append((t, k))
        return self.got


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


def test_a_tap_wholly_between_two_polls_is_seen_once():
    # The loop is busy from 100 to 400 ms (a flash write); a 60 ms OK tap inside it.
    polls = stalled(0, 100, 400)
    assert Rig().play(tap(OK, 150, 60), polls) == [(400, keys.OK)]
    assert Rig(irq=False).play(tap(OK, 150, 60), polls) == []  # polling alone misses it
    # UP and DOWN: one key each, no auto-repeat however long the stall
    assert Rig().play(tap(UP, 150, 60), polls) == [(400, keys.UP)]
    assert Rig().play(tap(DOWN, 120, 40), stalled(0, 100, 2000)) == [(2000, keys.DOWN)]
    # BACK: the short key, never LONG_BACK
    assert Rig().play(tap(BACK, 150, 200), polls) == [(400, keys.BACK)]


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
    # OK: down at 105 (its IRQ latches), seen by the poll at 110, up at 205.
    assert Rig().play(tap(OK, 105, 100), every(0, 600)) == [(210, keys.OK)]
    assert Rig().play(bouncy(OK, 105, 100), every(0, 600)) == [(220, keys.OK)]
    # UP: its key at the press, none at the release
    assert Rig().play(tap(UP, 105, 100), every(0, 600)) == [(110, keys.UP)]
    # The press seen, then the loop busy until 400 while it is released
    assert Rig().play(tap(OK, 105, 100), stalled(0, 115, 400)) == [(400, keys.OK)]
    assert Rig().play(tap(UP, 105, 100), stalled(0, 115, 400)) == [(110, keys.UP)]


def test_an_irq_handled_after_the_poll_that_saw_the_press_adds_nothing():
    # A soft IRQ runs at the next bytecode: here after the poll that took the press.
    r = Rig(irq=False)
    r.play([(105, OK, True)], every(0, 111))
    r.t = 111
    r.b.buttons[OK].fell(None)
    got = r.play([(205, OK, False)], every(120, 600))
    assert got == [(210, keys.OK)]


def test_a_latch_never_outlives_the_press_polling_saw_whatever_its_stamp():
    # The falls stamped by a clock 300 ms ahead of the polls' (a test harness that swaps
    # the board's clock, as tests/firmware/test_board_mpy.py does): the accepted edge,
    # not the stamp, ends the latch of a press polling saw, and the start-up poll ends
    # one from before it.
    got = Rig(skew=300).play(tap(OK, 105, 100) + tap(UP, 700, 50), every(0, 1500))
    assert got == [(210, keys.OK), (700, keys.UP)]
    assert Rig(skew=300).play(tap(OK, 20, 60), every(200, 1500)) == []


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
    assert Rig().play(up, stalled(0, 211, 500)) == [(100, keys.UP)]


def test_a_counted_tap_s_own_late_bounce_is_no_second_key():
    # Tapped in a stall, counted at 400; a last chatter of its contacts at 405.
    changes = tap(OK, 150, 60) + [(405, OK, True), (406, OK, False)]
    assert Rig().play(changes, stalled(0, 100, 400)) == [(400, keys.OK)]


def test_the_same_button_again_during_the_stall_its_key_began():
    # OK released at 203 (accepted at 210), the loop then busy until 500; OK tapped
    # again at 300: two keys (a fall DEBOUNCE_MS after the release is no bounce).
    changes = tap(OK, 100, 103) + tap(OK, 300, 60)
    assert Rig().play(changes, stalled(0, 211, 500)) == [(210, keys.OK), (500, keys.OK)]
    # ...and a fall just inside DEBOUNCE_MS of that release is taken for its bounce
    changes = tap(OK, 100, 103) + tap(OK, 210 + DEB - 1, 60)
    assert Rig().play(changes, stalled(0, 211, 500)) == [(210, keys.OK)]
    changes = tap(OK, 100, 103) + tap(OK, 210 + DEB, 60)
    assert Rig().play(changes, stalled(0, 211, 500)) == [(210, keys.OK), (500, keys.OK)]


def test_a_button_down_at_the_poll_after_a_stall_is_left_to_polling():
    # Pressed during the stall and still held at 400: polling takes it (OK on release,
    # UP at once), the latch adds nothing.
    assert Rig().play(tap(OK, 300, 250), stalled(0, 100, 400)) == [(550, keys.OK)]
    assert Rig().play(tap(UP, 300, 120), stalled(0, 100, 400)) == [(400, keys.UP)]
    # Held past LONG_MS from the poll that saw it: the long key only
    got = Rig().play(tap(OK, 300, 1200), stalled(0, 100, 400))
    assert got == [(400 + Pushbutton.LONG_MS, keys.LONG_OK)]


def test_held_at_start_up_is_still_ignored():
    # Held at power-up (no fall to latch), released at 1500: nothing
    assert Rig(held=(OK,)).play([(1500, OK, False)], every(0, 1600)) == []
    # Pressed while the gadget boots (its IRQ latches before the first poll), released
    # at 1500: the start-up rule holds
    assert Rig().play(tap(OK, 0, 1500), every(200, 1600)) == []
    # A tap wholly during the boot, before the first poll: not a key either
    assert Rig().play(tap(OK, 20, 60), every(200, 600)) == []
    # ...but once polling has begun, the same tap in a stall is one
    assert Rig().play(tap(OK, 220, 60), stalled(200, 210, 600)) == [(600, keys.OK)]


def test_long_press_and_auto_repeat_are_unchanged():
    """Every timeline polling sees gives the same keys with the latch as without it."""
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
        want = Rig(irq=False).play(changes, every(0, 2500))
        assert Rig().play(changes, every(0, 2500)) == want, changes
    assert Rig().play(cases[0], every(0, 2500)) == [(100 + Pushbutton.LONG_MS, keys.LONG_OK)]
    assert Rig().play(cases[1], every(0, 2500)) == [(100 + Pushbutton.LONG_MS, keys.LONG_BACK)]
    ups = [t for t, k in Rig().play(cases[2], every(0, 2500)) if k == keys.UP]
    repeats = list(range(100 + Pushbutton.REPEAT_DELAY_MS, 1000, Pushbutton.REPEAT_MS))
    assert ups == [100] + repeats


def test_the_latch_across_the_tick_wrap():
    # A stall across the 30-bit tick counter's wrap: the tap is still one key.
    base = 0x3FFFFFFF - 250

    def at(ms):
        return (base + ms) & 0x3FFFFFFF

    r = Rig()
    for ms in (0, 10, 20):
        r.t = at(ms)
        assert list(r.b.poll(r.t)) == []
    r.t = at(150)
    r.set(OK, True)
    r.t = at(210)
    r.set(OK, False)
    assert at(400) < at(0)  # the counter wrapped during the stall
    assert list(r.b.poll(at(400))) == [keys.OK]
    assert list(r.b.poll(at(410))) == []


def test_gpio_buttons_wire_a_falling_edge_latch_on_each_pin():
    """gpio_buttons (the fake machine.Pin of tests/fakes) gives each pin a falling-edge
    IRQ whose handler is its button's fell, stamped with the given clock."""
    from machine import Pin

    now = [5000]
    b = gpio_buttons((10, 11, 12, 13), lambda: now[0])
    for p, button in zip(b.pins, b.buttons):
        assert p._trigger == Pin.IRQ_FALLING
        assert p._handler == button.fell
    b.poll(4000)
    ok = b.pins[2]
    ok._drive(0)
    assert b.buttons[2].latched and b.buttons[2].fell_at == 5000
    ok._drive(1)  # a rising edge: no IRQ on it
    now[0] = 5060
    assert list(b.poll(5060)) == [keys.OK]
    assert not b.buttons[2].latched


def checks():
    """The check functions above, by name (what the unix-port run calls)."""
    g = globals()
    return sorted(n for n in g if n.startswith("test_") and not n.endswith("_unix_port"))


MPY_RUN = """
import test_buttons_latch as t
for name in t.checks():
    getattr(t, name)()
    print('ok', name)
# The IRQ handler allocates nothing: with the heap locked (as in a hard IRQ) any
# allocation raises MemoryError. In a function: a new global would grow the globals.
import micropython
from test_buttons_latch import gpio_buttons
def falls(p, n):
    micropython.heap_lock()
    try:
        for _ in range(n):
            p._drive(0)
            p._drive(1)
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
print('locked', falls(b.pins[3], 50), b.buttons[3].latched)
"""
HEAP = "128K"  # passes down to 64K (bisection): 128K leaves a 100% margin
