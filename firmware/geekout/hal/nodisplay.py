"""The display's stand-in while no OLED answers on I2C (none fitted, a loose wire).

A 128x64 frame buffer like the real adapters (hal/display.py), so the screens keep
drawing and the buttons keep working, but show() sends nothing. It holds the buffers
the real adapter takes over (make_display(..., old=this)) when hal/board.py finds the
panel again: no 2 KB allocation then, and the panel gets the latest frame at once.
"""

import framebuf
from micropython import const

_W = const(128)
_H = const(64)


class NoDisplay(framebuf.FrameBuffer):
    KIND = "none"

    def __init__(self, old=None):
        if old is not None:  # the adapter that stopped answering lends its buffers
            self.buffer = old.buffer
            self.sent = old.sent
            self.cmd = old.cmd
        else:
            self.buffer = bytearray(_W * _H // 8)
            self.sent = bytearray(_W * _H // 8)
            self.cmd = bytearray(8)
        self.bytes_sent = 0
        super().__init__(self.buffer, _W, _H, framebuf.MONO_VLSB)

    def show(self, full=False):
        pass

    def command(self, codes):
        pass

    def contrast(self, level):
        pass

    def power(self, on):
        pass
