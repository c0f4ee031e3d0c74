"""The main loop's sleep between polls, cut short by a key (hal/buttons.py napper): with
the PIO debouncer it wakes as soon as a state is queued, so a key waits at most 1 ms for
its poll instead of up to 10, and it ends when a held button's long key or next repeat
is due; the wait after repeated errors still sleeps whole."""

from geekout import keys
from geekout.hal.buttons import Buttons, Pushbutton


class _Fifo:
    """A debouncer whose FIFO gets a state after `after` ms of sleep."""

    def __init__(self, after):
        self.after = after
        self.slept = 0

    def rx_fifo(self):
        return 1 if self.slept >= self.after else 0

    def sleep_ms(self, ms):
        self.slept += ms


def _buttons(sm):
    up = lambda: False  # noqa: E731
    return Buttons(up, up, up, up, sm)


def test_the_loop_sleep_ends_at_the_first_ms_a_state_is_queued():
    sm = _Fifo(after=3)
    nap = _buttons(sm).napper(sm.sleep_ms)
    nap(10)
    assert sm.slept == 3


def test_with_nothing_queued_it_sleeps_the_whole_pace():
    sm = _Fifo(after=99)
    nap = _buttons(sm).napper(sm.sleep_ms)
    nap(10)
    assert sm.slept == 10


def test_a_state_already_queued_wakes_at_once():
    sm = _Fifo(after=0)
    nap = _buttons(sm).napper(sm.sleep_ms)
    nap(10)
    assert sm.slept == 0


def test_the_wait_after_errors_sleeps_whole_even_with_a_key_queued():
    sm = _Fifo(after=0)
    nap = _buttons(sm).napper(sm.sleep_ms)
    nap(1500)
    assert sm.slept == 1500


def test_polled_buttons_sleep_as_before():
    slept = []
    assert _buttons(None).napper(slept.append) == slept.append


def _held(buttons, i, since):
    """Button i (0 UP, 1 DOWN, 2 OK, 3 BACK) accepted down at `since`, after the first
    poll (a button down at the first poll makes no key)."""
    buttons.poll(since)
    out = []
    buttons.buttons[i].press(since, out)
    return out


def test_the_sleep_ends_when_a_held_ok_makes_its_long_key():
    sm = _Fifo(after=99)
    b = _buttons(sm)
    _held(b, 2, 1000)
    now = 1000 + Pushbutton.LONG_MS - 4  # the long OK is due in 4 ms
    nap = b.napper(sm.sleep_ms, lambda: now + sm.slept)
    nap(10)
    assert sm.slept == 4
    assert b.poll(now + sm.slept) == [keys.LONG_OK]
    sm.slept = 0
    nap(10)  # its long key made: the press makes no more keys, the sleep is whole
    assert sm.slept == 10


def test_the_sleep_ends_at_a_held_downs_next_repeat_and_never_goes_negative():
    sm = _Fifo(after=99)
    b = _buttons(sm)
    _held(b, 1, 500)  # DOWN: its first repeat at 500 + REPEAT_DELAY_MS
    due = 500 + Pushbutton.REPEAT_DELAY_MS
    nap = b.napper(sm.sleep_ms, lambda: due - 6)
    nap(10)
    assert sm.slept == 6
    sm.slept = 0
    late = b.napper(sm.sleep_ms, lambda: due + 3)  # overdue: the poll comes at once
    late(10)
    assert sm.slept == 0


def test_with_no_button_held_the_clock_changes_nothing():
    sm = _Fifo(after=99)
    nap = _buttons(sm).napper(sm.sleep_ms, lambda: 0)
    nap(10)
    assert sm.slept == 10
