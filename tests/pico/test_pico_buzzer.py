"""The piezo's cues on the emulated Pico (hal/buzzer.py on the real rp2 firmware, the
PWM on GPIO 15 watched by the harness): ticked as the main loop ticks it (every pass, a
10 ms sleep), each note sounds its designed length within 10 ms, and a cue asked for
while another sounds follows it, both whole."""

import picoplay
import pytest
from geekout.hal.buzzer import CUES

pytestmark = pytest.mark.pico

# The main loop's way: a tick every pass, then a 10 ms sleep; "score" asked for 30 ms
# into "win" (a key in the middle of the cue).
LOOP = """
import time
from machine import PWM, Pin
from geekout.hal.buzzer import Buzzer
from geekout.hal import pins
b = Buzzer(PWM(Pin(pins.PIEZO_PIN)))
t0 = time.ticks_ms()
b.cue("win", t0)
asked = False
while time.ticks_diff(time.ticks_ms(), t0) < 900:
    now = time.ticks_ms()
    if not asked and time.ticks_diff(now, t0) >= 30:
        b.cue("score", now)
        asked = True
    b.tick(now)
    time.sleep_ms(10)
print("done")
"""


def test_cues_sound_whole_and_in_turn(image):
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        pico.run(1500)
        pico.raw_repl()
        start = len(pico.tones)
        out, err = pico.exec_raw(LOOP)
        assert err == "" and "done" in out
        tones = [(t, hz) for t, hz in pico.tones[start:]]
    # From the first note on: (start ms, hz) of each change, the last one silence.
    first = next(i for i, (_t, hz) in enumerate(tones) if hz > 0)
    # A change of note writes the PWM's divider and its top one after the other: the
    # tone between the two writes lasts some 40 ns, not a note.
    tones = [(t, hz) for i, (t, hz) in enumerate(tones)
             if i >= first and (i + 1 == len(tones) or tones[i + 1][0] - t > 1e5)]
    assert tones[-1][1] == 0
    got = [((tones[i + 1][0] - t) / 1e6, hz) for i, (t, hz) in enumerate(tones[:-1])]
    want = [(CUES[name][i + 1], CUES[name][i]) for name in ("win", "score")
            for i in range(0, len(CUES[name]), 2)]
    assert len(got) == len(want), (got, want)
    for (ms, hz), (ms0, hz0) in zip(got, want):
        assert hz == pytest.approx(hz0, rel=0.01), (got, want)  # the PWM's own rounding
        assert abs(ms - ms0) <= 10, (got, want)
    # The whole: the six notes back to back, 640 ms, not stretched by the loop's passes.
    total = (tones[-1][0] - tones[0][0]) / 1e6
    assert abs(total - sum(ms0 for ms0, _hz in want)) <= 10
