"""Properties of the buttons read by the PIO debouncer (hal/debouncer.py, run by the fake
rp2 on a test clock; the rig of test_buttons_latch.py), over random pin traces and
random stalls of the main loop (up to 400 ms: a flash erase at the datasheet's maximum,
interrupts off):

- a trace whose low runs are all shorter than 5 ms never makes a key, as long as the
  line is up 2 ms or more between them (the debouncer's readings are at most 2 ms apart
  while it confirms; spikes closer than that are a held button chattering, to any
  sampler);
- every low run of 10 ms or more, with 10 ms or more up between runs, is exactly one
  key, whenever the polls come (while the queue holds what a stall brings: 4 taps).
"""

from geekout import keys
from hypothesis import assume, given, settings
from hypothesis import strategies as hs
from test_buttons_latch import BACK, DOWN, OK, UP, Rig

SHORT = {UP: keys.UP, DOWN: keys.DOWN, OK: keys.OK, BACK: keys.BACK}
START = 30  # the first poll is at 0; the traces begin after it


def polls_with(stalls, end):
    """Polls every 10 ms from 0 (the first poll, before any trace) to `end`, none inside
    the stalls [(start, length)]; then 200 ms of polls."""
    out = [0]
    for t in range(10, end, 10):
        if not any(s <= t < s + n for s, n in stalls):
            out.append(t)
    return out + [end + 10 * i for i in range(1, 20)]


def trace(button, runs):
    """[(ms, button, down)] of low runs [(start, length)]."""
    out = []
    for at, n in runs:
        out += [(at, button, True), (at + n, button, False)]
    return out


def runs_of(pairs):
    """Low runs from (high gap before, low length) pairs, from START on."""
    t, out = START, []
    for gap, n in pairs:
        t += gap
        out.append((t, n))
        t += n
    return out, t


stalls_st = hs.lists(hs.tuples(hs.integers(10, 2000), hs.integers(10, 400)), max_size=3)


@settings(max_examples=60, deadline=None)
@given(button=hs.sampled_from((UP, DOWN, OK, BACK)),
       pairs=hs.lists(hs.tuples(hs.integers(2000, 40000), hs.integers(1, 4999)),
                      min_size=1, max_size=30),
       stalls=stalls_st)
def test_low_runs_shorter_than_5_ms_never_make_a_key(button, pairs, stalls):
    # times in us: a run 1 us to 4.999 ms low, the line up 2 ms to 40 ms before it
    runs, end = runs_of([(g / 1000, n / 1000) for g, n in pairs])
    got = Rig().play(trace(button, runs), polls_with(stalls, int(end) + 10))
    assert got == []


@settings(max_examples=60, deadline=None)
@given(button=hs.sampled_from((UP, DOWN, OK, BACK)),
       pairs=hs.lists(hs.tuples(hs.integers(10, 300), hs.integers(10, 400)),
                      min_size=1, max_size=12),
       shift=hs.integers(0, 999),
       stalls=stalls_st)
def test_each_low_run_of_10_ms_or_more_is_one_key(button, pairs, shift, stalls):
    # runs 10-400 ms (short of the repeat delay and the long press), 10-300 ms apart,
    # starting at any us of the debouncer's sampling
    runs, end = runs_of([(g + shift / 1000 if i == 0 else g, n) for i, (g, n) in enumerate(pairs)])
    polls = polls_with(stalls, int(end) + 10)
    # At most 8 states (4 taps) queued between two polls: each edge is queued within
    # 8 ms of it (read, then confirmed over 5.2 ms)
    edges = [t for at, n in runs for t in (at, at + n)]
    for a, b in zip(polls, polls[1:]):
        assume(sum(1 for t in edges if a - 8 < t <= b) <= 8)
    got = Rig().play(trace(button, runs), polls)
    assert [k for _t, k in got] == [SHORT[button]] * len(runs)
