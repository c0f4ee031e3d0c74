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

Left over: POLLOUT means at least one free byte, not a whole line's worth, so the one
line written as the FIFO fills up can still wait once; after it the FIFO is full and
every line is dropped at once until the host reads again.
"""

import select
import sys


class LineWriter:
    def __init__(self, stream=None):
        self.stream = sys.stdout if stream is None else stream
        poller = select.poll()
        poller.register(self.stream, select.POLLOUT)
        # ipoll (MicroPython) yields from one reused tuple: no list made per line.
        self.ready = getattr(poller, "ipoll", poller.poll)
        self.poller = poller
        self.written = 0
        self.dropped = 0  # lines the host was not ready for
        self.owed = False  # the last line's "\n" is still to be written

    def _ready(self):
        for _obj, event in self.ready(0):
            if event & select.POLLOUT:
                return True
        return False

    def __call__(self, line):
        """Write one line if the port can take it now; True if written."""
        if not self._ready():
            self.dropped += 1
            return False
        write = self.stream.write
        if self.owed:  # ends a line the port cut short, so the next one stands alone
            write("\n")
            self.owed = False
        write(line)
        # The line's end is asked for again: if the line just filled the FIFO, a wait
        # for room for "\n" would be a second 500 ms.
        if self._ready():
            write("\n")
        else:
            self.owed = True
        self.written += 1
        return True
