"""Piezo cues on a PWM pin: short, non-blocking (tick() advances them), mutable.

Takes a PWM-like object (freq(), duty_u16()); none at all is fine (no piezo fitted).
Notes are timed from their planned start (the cue's start plus the notes before), not
from the tick that saw the previous one end, so a cue keeps its length whatever the
main loop's pass takes; a cue asked for while another sounds waits for it to end
(docs/gadget.md, The piezo).
"""

from micropython import const

from geekout.keys import ticks_diff

# Cue name -> notes, flat: frequency Hz, milliseconds, frequency, milliseconds...
# (frequency 0 is a rest; one tuple a cue, not one a note: less RAM).
CUES = {
    "click": (2000, 15),
    "error": (220, 120),
    "score": (880, 60, 1320, 90),
    "bust": (330, 90, 0, 30, 220, 160),
    "turn": (1000, 40),
    "win": (784, 90, 988, 90, 1175, 90, 1568, 220),
}
_DUTY = const(20000)
# Cues waiting behind the one sounding; more are dropped (a burst of keys must not leave
# the piezo seconds behind the game).
_QUEUE = const(3)
# A tick later than this past a note's planned end (the loop was held up: a module
# load, a flash write) starts the next note at that tick instead, rather than cut it
# short to catch up.
_LATE = const(30)


class Buzzer:
    def __init__(self, pwm=None):
        self.pwm = pwm
        self.muted = False
        self.notes = ()
        self.index = 0
        self.until = 0  # planned end of the sounding note (ticks_ms)
        self.queue = []  # cues (their notes) waiting for the sounding one to end
        self.played = 0  # cues started or queued (tests, simulator)
        self.last = ""

    def cue(self, name, now):
        if self.muted or self.pwm is None:
            return
        notes = CUES.get(name)
        if not notes:
            return
        self.played += 1
        self.last = name
        if self.notes:
            if len(self.queue) < _QUEUE:
                self.queue.append(notes)
            return
        self._begin(notes, now)

    def _begin(self, notes, at):
        self.notes = notes
        self.index = 0
        self._start(at)

    def _start(self, at):
        """Sound note self.index, planned to start at `at` (now, or a moment ago)."""
        i = self.index * 2
        f = self.notes[i]
        pwm = self.pwm
        if pwm is None:  # (cue() checks it; this tells the type checker)
            return
        if f:
            pwm.freq(f)
            pwm.duty_u16(_DUTY)
        else:
            pwm.duty_u16(0)
        self.until = at + self.notes[i + 1]

    def tick(self, now):
        if not self.notes:
            return
        late = ticks_diff(now, self.until)
        if late < 0:
            return
        at = self.until if late < _LATE else now
        self.index += 1
        if self.index * 2 < len(self.notes):
            self._start(at)
        elif self.queue:
            self._begin(self.queue.pop(0), at)
        else:
            self.notes = ()
            if self.pwm is not None:
                self.pwm.duty_u16(0)

    def set_muted(self, muted):
        self.muted = muted
        if muted and self.pwm is not None:
            self.notes = ()
            self.queue = []
            self.pwm.duty_u16(0)
