"""The buttons on the gadget (hal/buttons.py, hal/debouncer.py): a PIO state machine
reads the pins, also while a flash erase has interrupts off, and queues each debounced
state; the main loop's polls take them. A press counts only when read down over 5 ms,
so a glitch is never a key; a tap made wholly while the loop is busy (an erase, a
redraw) is still one key; two taps, two keys; bounce never makes one. Each check runs
on CPython and again, unchanged, on the MicroPython unix port (test_buttons_latch_mpy.py).

A rig plays a timeline on the fakes (tests/fakes: machine.Pin levels, and rp2 running
the real PIO program on a test clock): level changes of the four buttons, the main
loop's polls, and between them nothing (the CPU busy, or its interrupts off).
"""

import machine
import rp2
from geekout import keys
from geekout.hal import debouncer
from geekout.hal.buttons import Buttons, Pushbutton, gpio_buttons
from keypad import Level

UP, DOWN, OK, BACK = 0, 1, 2, 3  # button indexes, in Buttons' order
GPIO = (10, 11, 12, 13)
GLITCH = 2


class Rig:
    """The four buttons on GPIO 10-13 with the PIO debouncer, on a test clock (ms; the
    ticks read base + t, 30-bit); pio=False: the same callables polled alone, as the
    buttons were read before the debouncer (to show what it changes)."""

    def __init__(self, pio=True, held=(), base=0, pins=GPIO):
        rp2.reset(0)
        self.t = 0
        self.base = base
        self.levels = [Level() for _ in range(4)]
        if pio:
            machine.Pin.held_low = {pins[i] for i in held}
            try:
                self.b = gpio_buttons(pins)
            finally:
                machine.Pin.held_low = set()
        else:
            for i in held:
                self.levels[i].down = True
            self.b = Buttons(self.levels[0], self.levels[1], self.levels[2], self.levels[3])
        self.pio = pio
        self.got = []

    def clock(self):
        return (self.base + int(self.t)) & 0x3FFFFFFF

    def set(self, i, down):
        if self.pio:
            self.b.pins[i]._drive(0 if down else 1)
        else:
            self.levels[i].down = down

    def play(self, changes, polls):
        """changes: [(ms, button, down)], down: True, False or GLITCH (1 us low); polls:
        the poll times. A change and a poll at the same ms: the change first. Returns
        [(ms, key)] of every key produced."""
        events = [(t, 0, i, d) for t, i, d in changes] + [(t, 1, 0, 0) for t in polls]
        events.sort()
        for t, kind, i, d in events:
            rp2.advance(t)
            self.t = t
            if kind == 1:
                for k in self.b.poll(self.clock()):
                    self.got.append((t, k))
            elif d == GLITCH:
                self.set(i, True)
                rp2.advance(t + 0.001)
                self.set(i, False)
            else:
                self.set(i, d)
        return self.got


def glitch(i, at, ms=0):
    """A spike on button i's line at `at`: ms=0: 1 us low, else low for `ms`."""
    if ms == 0:
        return [(at, i, GLITCH)]
    return [(at, i, True), (at + ms, i, False)]


def every(start, stop, step=10):
    return list(range(start, stop, step))


def stalled(start, stop, until, resume=10):
    """Polls every 10 ms from `start`, none from `stop` to `until` (the loop busy, or its
    interrupts off: a flash erase), then every 10 ms again."""
    return every(start, stop) + every(until, until + 1500, resume)


def tap(i, at, hold):
    return [(at, i, True), (at + hold, i, False)]


def bouncy(i, at, hold, n=2):
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
    for i in (UP, DOWN, OK, BACK):
        assert Rig().play(glitch(i, 155), polls) == [], i
        assert Rig().play(glitch(i, 155), stalled(0, 100, 400)) == [], i
        assert Rig().play(glitch(i, 155, 0.2), stalled(0, 100, 400)) == [], i  # 200 us
    # 1 ms and 4 ms low, at rest and in a stall: never read down over 5 ms
    assert Rig().play(glitch(OK, 150, 1), polls) == []
    assert Rig().play(glitch(UP, 150, 4), polls) == []
    assert Rig().play(glitch(OK, 150, 4), stalled(0, 100, 400)) == []
    assert Rig().play(glitch(UP, 151, 4), stalled(0, 100, 400)) == []
    # Glitches every 3 ms for half a second (1 ms low, 2 ms up)
    spikes = []
    for t in range(150, 650, 3):
        spikes += glitch(DOWN, t, 1)
    assert Rig().play(spikes, stalled(0, 100, 700)) == []


def test_a_press_counts_once_read_down_over_5_ms():
    # Polled every 10 ms: down at 100, confirmed by 107.6 (four readings over 5.2 ms),
    # taken at 110 (UP's key at the press)
    assert Rig().play(tap(UP, 100, 300), every(0, 600))[0] == (110, keys.UP)
    assert Rig().play(tap(OK, 100, 30), every(0, 600)) == [(140, keys.OK)]  # a 30 ms tap
    # During a stall: 8 ms down is a key, 4 ms is not, wherever the readings fall
    for at in range(150, 152):
        assert Rig().play(tap(OK, at, 8), stalled(0, 100, 400)) == [(400, keys.OK)], at
        assert Rig().play(tap(OK, at, 4), stalled(0, 100, 400)) == [], at


def test_a_tap_wholly_inside_a_flash_erase_is_one_key():
    """The loop polls until 100, then a save's erase runs with interrupts off until 145
    (45 ms, typical): nothing on the CPU reads the pins. A 30 ms tap inside it is one
    key, taken at the first poll after it; polling alone (pio=False) misses it."""
    polls = stalled(0, 100, 145)
    assert Rig().play(tap(OK, 105, 30), polls) == [(145, keys.OK)]
    assert Rig(pio=False).play(tap(OK, 105, 30), polls) == []
    assert Rig().play(tap(UP, 105, 30), polls) == [(145, keys.UP)]
    assert Rig().play(tap(BACK, 105, 30), polls) == [(145, keys.BACK)]  # never LONG_BACK


def test_taps_inside_a_long_erase_stall_are_each_seen():
    # An erase at the datasheet's maximum, 400 ms with interrupts off: three 60 ms taps
    # of OK, then DOWN and BACK: every one is a key, in order, at the next poll.
    changes = tap(OK, 120, 60) + tap(OK, 240, 60) + tap(DOWN, 360, 60) + tap(BACK, 440, 50)
    got = Rig().play(changes, stalled(0, 100, 500))
    assert got == [(500, keys.OK), (500, keys.OK), (500, keys.DOWN), (500, keys.BACK)]


def test_two_taps_of_one_button_in_one_stall_are_two_keys():
    # Each press and each release held 5 ms or more is a state the PIO queued: two taps
    # (polling saw one flag before: one key)
    assert Rig().play(tap(UP, 120, 30) + tap(UP, 200, 30), stalled(0, 100, 400)) == [
        (400, keys.UP), (400, keys.UP)]
    assert Rig().play(tap(OK, 120, 12) + tap(OK, 145, 12), stalled(0, 100, 400)) == [
        (400, keys.OK), (400, keys.OK)]


def test_taps_of_two_buttons_in_one_stall_are_both_seen():
    got = Rig().play(tap(UP, 120, 60) + tap(OK, 250, 60), stalled(0, 100, 400))
    assert got == [(400, keys.UP), (400, keys.OK)]
    # at the same time, released apart
    got = Rig().play(tap(UP, 120, 60) + tap(OK, 121, 100), stalled(0, 100, 400))
    assert sorted(k for _t, k in got) == [keys.UP, keys.OK]


def test_a_tap_with_bounce_counts_once():
    # Contacts chattering for up to 4 ms at the press and at the release
    for n in (1, 2):
        for at in (150, 151):
            got = Rig().play(bouncy(OK, at, 60, n), stalled(0, 100, 400))
            assert got == [(400, keys.OK)], (n, at, got)
            got = Rig().play(bouncy(UP, at, 60, n), stalled(0, 100, 400))
            assert got == [(400, keys.UP)], (n, at, got)
            got = Rig().play(bouncy(OK, at, 100, n), every(0, 600))
            assert [k for _t, k in got] == [keys.OK], (n, at, got)


def test_a_press_is_one_key_whenever_the_polls_come():
    # OK: down at 105 for 100 ms: one key at the release, however the polls fall
    for polls in (every(0, 600), stalled(0, 115, 400), stalled(0, 125, 400)):
        assert [k for _t, k in Rig().play(tap(OK, 105, 100), polls)] == [keys.OK]
        assert [k for _t, k in Rig().play(tap(UP, 105, 100), polls)] == [keys.UP]
    # UP: its key at the press, none at the release
    assert Rig().play(tap(UP, 105, 100), every(0, 600)) == [(120, keys.UP)]
    # OK: up at 205, queued by 208.1 (a release of the last button held), taken at 210
    assert Rig().play(tap(OK, 105, 100), every(0, 600)) == [(210, keys.OK)]


def test_a_release_of_the_last_button_held_counts_read_up_over_2_ms():
    """While a button is held its closed contacts tie the line to ground: only their
    opening lifts it. So the release of the last button held counts on two readings up
    2.0 ms apart, a press (or a release with another button still down) on four over
    5.2 ms; the contacts opening for less than 2 ms release nothing."""
    ms = every(0, 600, 1)  # a poll every ms: a key is taken within 1 ms of its queueing
    for at in (105, 105.2, 105.4):  # the release anywhere in the 0.5 ms rest sampling
        got = Rig().play(tap(OK, at, 100), ms)
        assert [k for _t, k in got] == [keys.OK] and at + 102 < got[0][0] <= at + 104, got
        # UP held meanwhile: OK's release waits for the whole window
        got = Rig().play([(100, UP, True)] + tap(OK, at, 100) + [(400, UP, False)], ms)
        assert [k for _t, k in got] == [keys.UP, keys.OK], got
        assert at + 105 < got[1][0] <= at + 107, got
    # OK held from 105 to 300, its contacts opening for 1 ms and 1.9 ms on the way
    changes = [(105, OK, True), (150, OK, False), (151, OK, True), (180, OK, False),
               (181.9, OK, True), (300, OK, False)]
    got = Rig().play(changes, ms)
    assert [k for _t, k in got] == [keys.OK] and 302 < got[0][0] <= 304, got


def test_a_button_down_at_the_poll_after_a_stall_is_a_press():
    # Pressed during the stall and still held at 400: a press (OK on release, UP at once)
    assert Rig().play(tap(OK, 300, 250), stalled(0, 100, 400)) == [(560, keys.OK)]
    assert Rig().play(tap(UP, 300, 120), stalled(0, 100, 400)) == [(400, keys.UP)]
    # Held on: the long key, LONG_MS after the poll that took the press
    got = Rig().play(tap(OK, 300, 1200), stalled(0, 100, 400))
    assert got == [(400 + Pushbutton.LONG_MS, keys.LONG_OK)]


def test_held_at_start_up_is_still_ignored():
    for i, pio in ((OK, True), (OK, False), (UP, True), (UP, False)):
        # Held at power-up, released at 1500: nothing (UP: no auto-repeat either)
        assert Rig(held=(i,), pio=pio).play([(1500, i, False)], every(0, 1600)) == [], (i, pio)
    # Pressed while the gadget boots (before the first poll), released at 1500: nothing
    assert Rig().play(tap(OK, 0, 1500), every(200, 1600)) == []
    # A tap wholly during the boot, before the first poll: not a key either
    assert Rig().play(tap(OK, 20, 60), every(200, 600)) == []
    # ...but once polling has begun, the same tap in a stall is one
    assert Rig().play(tap(OK, 220, 60), stalled(200, 210, 600)) == [(600, keys.OK)]


def test_long_press_and_auto_repeat_are_timed_from_the_poll_that_took_the_press():
    polls = every(0, 2500)
    assert Rig().play(tap(OK, 100, 1900), polls) == [(110 + Pushbutton.LONG_MS, keys.LONG_OK)]
    assert Rig().play(tap(BACK, 100, 900), polls) == [(110 + Pushbutton.LONG_MS, keys.LONG_BACK)]
    ups = [t for t, k in Rig().play(tap(UP, 100, 900), polls) if k == keys.UP]
    assert ups == [110] + list(range(110 + Pushbutton.REPEAT_DELAY_MS, 1010, Pushbutton.REPEAT_MS))
    # One DOWN, released before the repeat delay; bounce changes nothing
    assert Rig().play(tap(DOWN, 100, 300), polls) == [(110, keys.DOWN)]
    assert [k for _t, k in Rig().play(bouncy(OK, 100, 1000), polls)] == [keys.LONG_OK]
    got = Rig().play(tap(OK, 100, 200) + tap(OK, 400, 200) + tap(UP, 700, 50), polls)
    assert [k for _t, k in got] == [keys.OK, keys.OK, keys.UP]


def test_across_the_tick_wrap():
    # A stall across the 30-bit tick counter's wrap: the tap is still one key.
    base = 0x3FFFFFFF - 250
    assert Rig(base=base).play(tap(OK, 150, 60), stalled(0, 100, 400)) == [(400, keys.OK)]
    assert (base + 400) & 0x3FFFFFFF < base  # the counter wrapped during the stall
    ups = [t for t, k in Rig(base=base).play(tap(UP, 100, 900), every(0, 1500))]
    assert ups == [110] + list(range(110 + Pushbutton.REPEAT_DELAY_MS, 1010, Pushbutton.REPEAT_MS))


def test_a_full_queue_waits_for_the_poll_and_no_button_sticks():
    """Eight states fill the queue (four taps); the PIO then waits with the ninth (the
    fifth tap's press) for a poll to make room, reading nothing meanwhile: the taps
    after it in that stall are lost, never a key made up, and every button is up once
    the stall is over."""
    changes = []
    for n in range(8):
        changes += tap(OK if n % 2 else UP, 120 + 60 * n, 30)
    r = Rig()
    got = r.play(changes, stalled(0, 100, 720))
    assert got == [(720, keys.UP), (720, keys.OK), (720, keys.UP), (720, keys.OK),
                   (730, keys.UP)]
    assert r.b.sm.rx_fifo() == 0 and not any(b.down for b in r.b.buttons)
    assert r.play(tap(DOWN, 2300, 30), every(2300, 2400))[5:] == [(2310, keys.DOWN)]


def test_gpio_buttons_start_the_debouncer_on_contiguous_pins():
    """gpio_buttons: GPIO 10-13 (hal/pins.py) are read by StateMachine 0 running
    hal/debouncer.py at 10 kHz (0.1 ms a cycle at 125 MHz), its RX FIFO joined (8 deep),
    its first state the pins as read at start; other pins are polled."""
    r = Rig()
    sm = r.b.sm
    assert sm.active() and sm.id == 0 and sm.base == 10 and sm.depth == 8
    assert sm.cycle_ns == 100000 and debouncer.HZ == 10000 and debouncer.DEPTH == 8
    assert len(debouncer._program.words) <= 32  # the PIO's instruction memory
    assert r.b.state == 15 and sm.osr == 15
    assert Rig(held=(OK, BACK)).b.state == 0b0011
    polled = gpio_buttons((10, 11, 13, 12))  # OK on GPIO 13, BACK on 12
    assert polled.sm is None
    polled.poll(0)
    polled.pins[3]._drive(0)
    assert polled.poll(30) == [] and polled.poll(40) == []  # down twice 10 ms apart
    polled.pins[3]._drive(1)
    assert polled.poll(70) == [keys.BACK]


def checks():
    """The check functions above, by name (what the unix-port run calls)."""
    g = globals()
    return sorted(n for n in g if n.startswith("test_"))


MPY_RUN = """
import gc
import test_buttons_latch as t
for name in t.checks():
    gc.collect()
    getattr(t, name)()
    print('ok', name)
# A poll taking the debouncer's states allocates nothing (it runs every 10 ms): with the
# heap locked any allocation raises MemoryError. In a function: a new global would grow
# the globals.
import micropython, rp2
def taps(r, n):
    r.b.poll(0)
    got = 0
    for i in range(n):
        for t, down in ((i * 100 + 10, True), (i * 100 + 50, False)):
            r.set(t % 4, down)
            rp2.advance(t + 20)
            micropython.heap_lock()
            try:
                got += len(r.b.poll(t + 20))
            finally:
                micropython.heap_unlock()
    micropython.heap_lock()
    try:
        x = [n]
        locked = False
    except MemoryError:
        locked = True
    finally:
        micropython.heap_unlock()
    return locked, got
print('locked', *taps(t.Rig(), 40))
"""
HEAP = "256K"  # the fake PIO runs its program instruction by instruction
