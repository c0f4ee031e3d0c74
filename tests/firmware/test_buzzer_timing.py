"""The piezo's cues on a fake clock and PWM: every note sounds for its designed length
and starts on its planned time (within 10 ms, the main loop's poll), and a cue asked for
while another sounds waits for it instead of cutting it short (hal/buzzer.py)."""

from geekout.hal.buzzer import CUES, Buzzer


class RecordingPWM:
    """A PWM that keeps (ms, frequency or 0) at each change of what sounds."""

    def __init__(self, clock):
        self.clock = clock
        self.f = 0
        self.duty = 0
        self.changes = []

    def freq(self, f):
        self.f = f
        self._note()

    def duty_u16(self, d):
        self.duty = d
        self._note()

    def _note(self):
        hz = self.f if self.duty else 0
        if self.changes and self.changes[-1][0] == self.clock[0]:
            self.changes[-1] = (self.clock[0], hz)
        elif not self.changes or self.changes[-1][1] != hz:
            self.changes.append((self.clock[0], hz))


def play(cues, period, until=1500):
    """Tick a Buzzer every `period` ms (the main loop: a 10 ms sleep plus the pass's own
    time); cues: {ms: name}, asked for at the first tick at or after ms. Returns the
    PWM's changes."""
    clock = [0]
    pwm = RecordingPWM(clock)
    bz = Buzzer(pwm)
    pending = sorted(cues.items())
    while clock[0] < until:
        now = clock[0]
        while pending and pending[0][0] <= now:
            bz.cue(pending.pop(0)[1], now)
        bz.tick(now)
        clock[0] += period
    return pwm.changes


def sounded(changes):
    """[(start ms, hz, ms)] of each stretch of one tone (0 = silence) between changes."""
    return [(t, hz, changes[i + 1][0] - t) for i, (t, hz) in enumerate(changes[:-1])]


def planned(name, start):
    """[(start ms, hz, ms)] of a cue's notes as designed."""
    notes = CUES[name]
    out = []
    for i in range(0, len(notes), 2):
        out.append((start, notes[i], notes[i + 1]))
        start += notes[i + 1]
    return out


def assert_close(changes, want):
    """The changes sounded `want` and then fell silent."""
    assert changes[-1][1] == 0  # silent at the end
    got = sounded(changes)
    assert [hz for _t, hz, _ms in got] == [hz for _t, hz, _ms in want], (got, want)
    for (t, _hz, ms), (t0, _hz0, ms0) in zip(got, want):
        assert abs(t - t0) <= 10, (got, want)  # starts on plan
        assert abs(ms - ms0) <= 10, (got, want)  # lasts as designed


def test_each_note_lasts_as_designed_and_starts_on_plan():
    # An 11 ms pass (10 ms sleep + 1 ms of work): a timer counted from the tick that saw
    # the note end adds up to 11 ms a note; the win cue's last note came 27 ms late.
    for period in (10, 11):
        for name in CUES:
            assert_close(play({0: name}, period), planned(name, 0))


def test_a_cue_during_another_waits_for_it_to_end():
    # "score" asked for 30 ms into "win": the win sounds whole, then the score, whole.
    want = planned("win", 0) + planned("score", 490)
    assert_close(play({0: "win", 30: "score"}, 10), want)


def test_back_to_back_cues_each_sound_whole():
    # Three cues in one pass (a key that scores and ends the game): in order, each whole.
    clock = [0]
    pwm = RecordingPWM(clock)
    bz = Buzzer(pwm)
    for name in ("turn", "score", "win"):
        bz.cue(name, 0)
    while clock[0] < 1200:
        bz.tick(clock[0])
        clock[0] += 10
    want = planned("turn", 0) + planned("score", 40) + planned("win", 190)
    assert_close(pwm.changes, want)


def test_a_held_up_loop_starts_the_next_note_late_not_short():
    # A 200 ms pass (a module load) in the middle of a note: the next note starts when
    # the loop is back and still sounds its whole length.
    clock = [0]
    pwm = RecordingPWM(clock)
    bz = Buzzer(pwm)
    bz.cue("score", 0)
    for now in (0, 10, 200, 210, 220, 230, 240, 250, 260, 270, 280, 290, 300, 310):
        clock[0] = now
        bz.tick(now)
    got = sounded(pwm.changes)
    assert got[1][:2] == (200, 1320) and abs(got[1][2] - 90) <= 10


def test_mute_drops_the_queue():
    clock = [0]
    pwm = RecordingPWM(clock)
    bz = Buzzer(pwm)
    bz.cue("win", 0)
    bz.cue("score", 0)
    bz.set_muted(True)
    bz.tick(1000)
    assert pwm.duty == 0 and not bz.queue and not bz.notes
