"""A CPython stand-in for MicroPython's built-in `framebuf`, for the simulator's CPython
runtime (MicroPython itself always uses its own built-in).

Covers what the firmware draws with: MONO_VLSB canvases (the SSD1306 memory layout) and
MONO_HLSB sprites; pixel, fill, fill_rect, rect, hline, vline, line, text, blit. The 8x8
glyphs of text() are read once from the MicroPython unix port's own framebuf (so text
looks exactly as on the gadget); without it, characters are drawn as outlined boxes.
"""

import os
import shutil
import subprocess
import sys

MONO_VLSB = 0
MONO_HLSB = 3
MONO_HMSB = 4

_font = None

_FONT_DUMP = (
    "import framebuf\n"
    "b=bytearray(8)\n"
    "f=framebuf.FrameBuffer(b,8,8,framebuf.MONO_VLSB)\n"
    "out=[]\n"
    "for c in range(32,128):\n"
    "    f.fill(0)\n"
    "    f.text(chr(c),0,0,1)\n"
    "    out.append(bytes(b).hex())\n"
    "print(''.join(out))\n"
)


def _load_font():
    global _font
    if _font is not None:
        return _font
    exe = os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(exe):
        exe = shutil.which("micropython")
    glyphs = {}
    if exe:
        try:
            out = subprocess.run([exe, "-c", _FONT_DUMP], capture_output=True, text=True,
                                 timeout=20, env=dict(os.environ, MICROPYPATH=".frozen")).stdout
            data = bytes.fromhex(out.strip())
            for i in range(96):
                glyphs[32 + i] = data[i * 8:i * 8 + 8]
        except (OSError, ValueError, subprocess.SubprocessError):
            glyphs = {}
    _font = glyphs
    return glyphs


class FrameBuffer:
    def __init__(self, buf, width, height, fmt, stride=None):
        self.buf = buf
        self.width = width
        self.height = height
        self.format = fmt
        self.stride = stride or width

    def _set(self, x, y, c):
        if self.format == MONO_VLSB:
            i = (y >> 3) * self.stride + x
            bit = 1 << (y & 7)
        else:
            i = (y * self.stride + x) >> 3
            bit = (0x80 >> (x & 7)) if self.format == MONO_HLSB else 1 << (x & 7)
        if c:
            self.buf[i] |= bit
        else:
            self.buf[i] &= ~bit & 0xFF

    def _get(self, x, y):
        if self.format == MONO_VLSB:
            return (self.buf[(y >> 3) * self.stride + x] >> (y & 7)) & 1
        byte = self.buf[(y * self.stride + x) >> 3]
        if self.format == MONO_HLSB:
            return (byte >> (7 - (x & 7))) & 1
        return (byte >> (x & 7)) & 1

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        if c is None:
            return self._get(x, y)
        self._set(x, y, c)
        return None

    def fill(self, c):
        self.buf[:] = (b"\xff" if c else b"\x00") * len(self.buf)

    def fill_rect(self, x, y, w, h, c):
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = min(self.width, x + w), min(self.height, y + h)
        for yy in range(y0, y1):
            for xx in range(x0, x1):
                self._set(xx, yy, c)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x0, y0, x1, y1, c):
        dx, dy = abs(x1 - x0), -abs(y1 - y0)
        sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
        err = dx + dy
        while True:
            self.pixel(x0, y0, c)
            if x0 == x1 and y0 == y1:
                break
            e2 = 2 * err
            if e2 >= dy:
                err += dy
                x0 += sx
            if e2 <= dx:
                err += dx
                y0 += sy

    def text(self, s, x, y, c=1):
        font = _load_font()
        for ch in s:
            code = ord(ch)
            if code < 32 or code > 127:
                code = 127
            glyph = font.get(code)
            for col in range(8):
                bits = glyph[col] if glyph else (0xFF if col in (0, 6) else 0x81 if col < 6 else 0)
                for row in range(8):
                    if (bits >> row) & 1:
                        self.pixel(x + col, y + row, c)
            x += 8

    def blit(self, src, x, y, key=-1, palette=None):
        for yy in range(src.height):
            for xx in range(src.width):
                v = src._get(xx, yy)
                if v != key:
                    self.pixel(x + xx, y + yy, v)

    def scroll(self, dx, dy):
        raise NotImplementedError("scroll is not used by the firmware")
