"""Live event lines on USB serial: one JSON object per line for `geekout monitor`.

Each game step the gadget takes is printed as
  {"geekout": 1, "game": "masters", "event": "turn", "round": 2, "rounds": 5,
   "seat": 1, "players": 3, "scores": [10, 3, 0], "text": "Seat 2 passes: 6"}
(format in docs/events.md). The line goes to the `write` function given, so this module
does no I/O of its own: on the device hal/usbserial.LineWriter, which writes to the USB
serial port only when it can take the line at once and otherwise drops it (a host that
holds the port open without reading must not hold up a press); a list in tests.
Nothing is printed unless a monitor could be listening: callers check `enabled` (a
setting).
"""

import json

from micropython import const

VERSION = 1
# Lines held for flush() at most: past it the oldest goes out at once. A step makes a
# few lines; an auto-dice Masters turn makes dozens, which held together took some
# 10 KB of a 272 KB unix-port heap and failed an allocation (a random-press test with
# the 150-card Capture catalog).
HELD = const(4)
KINDS = ("start", "resume", "action", "turn", "round", "undo", "end")


class Events:
    def __init__(self, write=print, enabled=True):
        self.write = write
        self.enabled = enabled
        self.waiting = None  # the lines held for flush(), once hold() was called

    def hold(self):
        """From now on a line waits for flush() (HELD at most), which the app calls once
        a key's screen is out (ui.after): made into JSON and written to USB, a step's
        lines took 1.7-3.6 ms of the slowest battle keys on the emulated Pico, before
        their screen."""
        if self.waiting is None:
            self.waiting = []

    def flush(self):
        """Write the lines held, in the order they came."""
        waiting = self.waiting
        while waiting:
            self.write(json.dumps(waiting.pop(0)))

    def emit(self, game, event, round_no, rounds, seat, players, scores, text, winners=None):
        """round_no and seat count from 0 here and from 1 on the wire (as players say them)."""
        if not self.enabled:
            return
        obj = {"geekout": VERSION, "game": game, "event": event, "round": round_no + 1,
               "rounds": rounds, "seat": seat + 1, "players": players,
               "scores": list(scores), "text": text}
        if winners is not None:
            obj["winners"] = [w + 1 for w in winners]
        waiting = self.waiting
        if waiting is None:
            self.write(json.dumps(obj))
            return
        waiting.append(obj)
        if len(waiting) > HELD:
            self.write(json.dumps(waiting.pop(0)))
