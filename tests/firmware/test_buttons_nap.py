"""The main loop's sleep between polls, cut short by a key (hal/buttons.py napper): with
the PIO debouncer it wakes as soon as a state is queued, so a key waits at most 1 ms for
its poll instead of up to 10; the wait after repeated errors still sleeps whole."""

from geekout.hal.buttons import Buttons


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
