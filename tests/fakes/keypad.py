"""Fake buttons for the tests (CPython and the MicroPython unix port).

Level: one button's level, read through a call as hal/buttons.py reads a pin.
Polls: a board's `buttons` (geekout/board.py) whose n-th poll, from 1, is script(n): the
keys to hand over, or an exception to raise (Stop ends app.run's endless loop).
"""


class Level:
    """A button level the test sets (down: pressed), read through a call like a pin."""

    def __init__(self):
        self.down = False

    def __call__(self):
        return self.down


class Stop(BaseException):  # like KeyboardInterrupt: the main loop lets it through
    pass


class Polls:
    def __init__(self, script):
        self.script = script
        self.n = 0  # polls so far

    def poll(self, now):
        self.n += 1
        out = self.script(self.n)
        if isinstance(out, BaseException):
            raise out
        return out
