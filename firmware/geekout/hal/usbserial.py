"""Event lines out on USB serial without ever waiting for the host (events.py's writer).

On the rp2 port a write to sys.stdout waits up to 500 ms while a host holds the port
open without reading. So a line is written only when a select.poll on sys.stdout with
timeout 0 says POLLOUT now; else it is dropped and counted. POLLOUT means one free byte,
so every line is padded with spaces to a multiple of 16 bytes and written 16 bytes at a
time, each piece after a poll (the TX FIFO fills and drains in multiples of 16); a line
cut short is ended before the next one. Other output on USB can break the alignment.
The rp2 code path, the alignment and the figures: docs/gadget.md, Live event lines.
"""

import select
import sys

from micropython import const

_PIECE = const(16)
_RESYNC = b"               \n"  # ends a line cut short: 15 spaces and a newline


class LineWriter:
    def __init__(self, stream=None):
        self.stream = sys.stdout if stream is None else stream
        poller = select.poll()
        poller.register(self.stream, select.POLLOUT)
        # ipoll (MicroPython) yields from one reused tuple: no list made per piece.
        self.ready = getattr(poller, "ipoll", poller.poll)
        self.poller = poller
        out = getattr(self.stream, "buffer", self.stream)  # bytes go to the port as they are
        self.write = out.write
        self.written = 0
        self.dropped = 0  # lines the host was not ready for (whole or in part)
        self.owed = False  # a line was cut short: it is ended before the next one

    def _ready(self):
        for _obj, event in self.ready(0):
            if event & select.POLLOUT:
                return True
        return False

    def __call__(self, line):
        """Write one line if the port takes it now, in 16-byte pieces; True if whole."""
        if self.owed:
            if not self._ready():
                self.dropped += 1
                return False
            self.write(_RESYNC)
            self.owed = False
        data = line.encode()
        pad = -(len(data) + 1) % _PIECE
        unit = data + b" " * pad + b"\n"
        for at in range(0, len(unit), _PIECE):
            if not self._ready():
                self.dropped += 1
                self.owed = at > 0
                return False
            self.write(unit[at:at + _PIECE])
        self.written += 1
        return True
