"""Event lines out on USB serial without ever waiting for the host (events.py's writer).

Why: on the rp2 port (MicroPython v1.28) a write to sys.stdout waits while a host holds
the port open (DTR set) without reading: shared/tinyusb/mp_usbd_cdc.c
mp_usbd_cdc_tx_strn copies into the 256-byte CDC TX FIFO and, when it is full, waits
up to MICROPY_HW_USB_CDC_TX_TIMEOUT (500 ms, ports/rp2/mphalport.h) for room, in the
middle of a button press. With no host attached it never waits (the FIFO keeps the
latest bytes).

How: select.poll on sys.stdout reaches mp_hal_stdio_poll (ports/rp2/mphalport.c) ->
mp_usbd_cdc_poll_interfaces, which sets POLLOUT when no host is connected or the TX
FIFO has room. A line is written only when a poll with timeout 0 says POLLOUT now;
else it is dropped and counted (the monitor misses a line, the press is not held up).

Whole lines in 16-byte pieces: POLLOUT means one free byte, not a line's worth, so a
line written whole when the FIFO is nearly full would still wait. Every line is padded
with spaces to a multiple of 16 bytes (JSON readers skip them) and written 16 bytes at a
time, each piece after a poll: the FIFO (256 bytes) fills and is drained (by USB packets
of 64) in multiples of 16, so when the poll says there is room there are 16 bytes of it
and a piece never waits. A line cut short for want of room is ended before the next
one (a piece of spaces and a newline); the monitor skips the cut line. Measured on the
emulated Pico (rp2 v1.28): a 150-byte line costs 0.77 ms in pieces against 0.13 ms
whole, and no press waits for a host that does not read (tests/pico/test_pico_faults.py);
written whole, the line that filled the FIFO held its press up for 500 ms. Other output
on USB (a traceback) can break the alignment until the host reads again.
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
