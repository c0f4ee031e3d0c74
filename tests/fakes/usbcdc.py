"""Fake USB CDC stdout of the rp2 port (MicroPython v1.28), for the MicroPython unix port:
a stream select.poll can ask (io.IOBase with ioctl), modelled on
shared/tinyusb/mp_usbd_cdc.c:

  - poll: POLLOUT when no host holds the port open, or the 256-byte TX FIFO has at
    least one free byte (mp_usbd_cdc_poll_interfaces);
  - write: with no host, everything goes (the FIFO keeps the latest bytes); with a host,
    what fits goes into the FIFO and the rest waits for room, giving up after 500 ms
    without progress (mp_usbd_cdc_tx_strn, MICROPY_HW_USB_CDC_TX_TIMEOUT).

`reading`: the host empties the FIFO as fast as it fills. `waited_ms` adds up the time
writes would have blocked the caller.
"""

import io

_POLL = 3  # MP_STREAM_POLL
_POLLOUT = 4
FIFO = 256
TIMEOUT_MS = 500


class UsbCdc(io.IOBase):
    def __init__(self, connected=True, reading=True):
        self.connected = connected
        self.reading = reading
        self.queued = 0  # bytes in the TX FIFO
        self.waited_ms = 0
        self.lines = 0  # "\n" that reached the FIFO

    def _drain(self):
        if self.reading or not self.connected:
            self.queued = 0

    def ioctl(self, req, arg):
        if req == _POLL:
            self._drain()
            if not self.connected or self.queued < FIFO:
                return arg & _POLLOUT
            return 0
        return -1  # no file descriptor: poll asks ioctl, not the OS

    def write(self, s):
        n = len(s)
        i = 0
        while i < n:
            self._drain()
            take = n - i if not self.connected else min(n - i, FIFO - self.queued)
            if take == 0:
                self.waited_ms += TIMEOUT_MS  # no room and no progress: it gives up
                break
            if self.connected:
                self.queued += take
            i += take
        end = s[-1:]
        if not isinstance(end, str):  # a piece of bytes (hal/usbserial.py)
            end = bytes(end).decode()
        if i == n and end == "\n":
            self.lines += 1
        return n
