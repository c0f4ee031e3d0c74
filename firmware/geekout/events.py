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

VERSION = 1
KINDS = ("start", "resume", "action", "turn", "round", "undo", "end")


class Events:
    def __init__(self, write=print, enabled=True):
        self.write = write
        self.enabled = enabled

    def emit(self, game, event, round_no, rounds, seat, players, scores, text, winners=None):
        """round_no and seat count from 0 here and from 1 on the wire (as players say them)."""
        if not self.enabled:
            return
        obj = {"geekout": VERSION, "game": game, "event": event, "round": round_no + 1,
               "rounds": rounds, "seat": seat + 1, "players": players,
               "scores": list(scores), "text": text}
        if winners is not None:
            obj["winners"] = [w + 1 for w in winners]
        self.write(json.dumps(obj))
