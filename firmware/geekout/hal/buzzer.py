"""Piezo cues on a PWM pin: short, non-blocking (tick() advances them), mutable.

Takes a PWM-like object (freq(), duty_u16()); none at all is fine (no piezo fitted).
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


class Buzzer:
    def __init__(self, pwm=None):
        self.pwm = pwm
        self.muted = False
        self.notes = ()
        self.index = 0
        self.until = 0
        self.played = 0  # cues started (tests, simulator)
        self.last = ""

    def cue(self, name, now):
        if self.muted or self.pwm is None:
            return
        notes = CUES.get(name)
        if not notes:
            return
        self.notes = notes
        self.index = 0
        self.played += 1
        self.last = name
        self._start(now)

    def _start(self, now):
        i = self.index * 2
        f = self.notes[i]
        ms = self.notes[i + 1]
        pwm = self.pwm
        if pwm is None:
            return
        if f:
            pwm.freq(f)
            pwm.duty_u16(_DUTY)
        else:
            pwm.duty_u16(0)
        self.until = now + ms

    def tick(self, now):
        if not self.notes:
            return
        if ticks_diff(now, self.until) >= 0:
            self.index += 1
            if self.index * 2 < len(self.notes):
                self._start(now)
            else:
                self.notes = ()
                if self.pwm is not None:
                    self.pwm.duty_u16(0)

    def set_muted(self, muted):
        self.muted = muted
        if muted and self.pwm is not None:
            self.notes = ()
            self.pwm.duty_u16(0)
