"""128x64 OLED adapters: SSD1306 and SH1106, on I2C or on 4-wire SPI, each a
framebuf.FrameBuffer.

The UI draws on the adapter itself (it *is* the canvas) and calls show(), which sends
only the columns that changed on each 8-pixel page. The bus is passed in (a machine.I2C;
for SPI a machine.SPI and its DC, CS and RES pins; or fakes that count bytes). Both adapters speak only what both controllers understand
(page addressing, a power-up that powers either panel), so a wrong display setting only
shifts the picture by two columns, never leaves the panel dark or scrambled: keep it so
(models of both controllers: host/geekout_tools/pico/panels.py).
The commands, the two panels and why: docs/gadget.md, The display adapters.
"""

import framebuf
from micropython import const

_W = const(128)
_H = const(64)
_PAGES = const(8)
# A page's changed runs are found 16 bytes at a time: an aligned chunk of the frame is
# compared with what the panel holds in C, and a run is a stretch of changed chunks,
# trimmed to its first and last changed byte. Measured on the emulated Pico: XOR-ing a
# page as two big integers and splitting the result at gaps of 7 unchanged bytes took
# some 900 us a changed page (int.from_bytes alone 270 us), 16-byte chunks some 250;
# their runs send 1-2% more bytes over the reference games (p95 a key 823 -> 840 in
# Masters), each 27 us on the I2C bus, far less than the 5 ms saved on a new screen.
_CHUNK = const(16)
# A blank page, copied over each page of the frame to clear it (fill(0)).
_BLANK = bytes(_W)

# Power-up command sequences (bytes constants: no tuple of ints in RAM). Each is
# harmless to the other controller, as annotated ("SH1106:" / "SSD1306:"): a byte that
# controller does not know is a no-op there, and an argument byte after it is decoded
# as a command of its own.
SSD1306_INIT = (
    b"\xae"  # display off while configuring
    b"\x20\x02"  # page addressing (SH1106: 0x20 unknown, 0x02 a column nibble)
    # Column and page windows back to the whole RAM, in case a driver that used them
    # ran since power-up: the page-mode column wraps at the window's end. (SH1106: 0x21
    # and 0x22 unknown; 0x00, 0x07 column nibbles; 0x7F start line 63, set to 0 next.)
    b"\x21\x00\x7f"
    b"\x22\x00\x07"
    b"\x40"  # start line 0
    b"\xa1"  # segment remap (column 127 -> SEG0)
    b"\xa8\x3f"  # multiplex 64
    b"\xc8"  # COM scan descending
    b"\xd3\x00"  # no vertical offset
    b"\xda\x12"  # COM pins alternative
    b"\xd5\x80"  # clock divide
    b"\xd9\xf1"  # pre-charge
    b"\xdb\x30"  # VCOMH level
    b"\x81\xcf"  # contrast
    b"\xa4"  # follow RAM
    b"\xa6"  # not inverted
    b"\x8d\x14"  # charge pump on (SH1106: 0x8D unknown, 0x14 a column nibble)
    b"\xaf"  # display on (SH1106: lit, its DC-DC is on from reset)
)

SH1106_INIT = (
    b"\xae"
    b"\xd5\x80"
    b"\xa8\x3f"
    b"\xd3\x00"
    b"\x20\x02"  # SSD1306: page addressing (SH1106: 0x20 unknown, 0x02 a column nibble)
    b"\x21\x00\x7f"  # SSD1306: whole-RAM windows, as in SSD1306_INIT
    b"\x22\x00\x07"
    b"\x40"
    b"\xad\x8b"  # DC-DC on (SSD1306: 0xAD and 0x8B are not commands; on the SSD1306B,
    # 0xAD 0x8B selects the external IREF, its reset value)
    b"\x8d\x14"  # SSD1306: charge pump on (SH1106: 0x8D unknown, 0x14 a column nibble)
    b"\xa1"
    b"\xc8"
    b"\xda\x12"
    b"\x81\xcf"
    b"\xd9\x22"
    b"\xdb\x35"
    b"\xa4"
    b"\xa6"
    b"\xaf"
)


class OLED(framebuf.FrameBuffer):
    """Shared part: frame buffer, last-sent copy, dirty spans, page addressing."""

    KIND = "oled"
    INIT = b""
    COLUMN_OFFSET = 0  # RAM column of the glass's left column
    RUNS = True  # a changed page sends its changed runs; False: the page whole (SPIOLED)

    def __init__(self, i2c, addr=0x3C, old=None):
        self.i2c = i2c
        self.addr = addr
        if old is not None:
            # Switching the display type keeps the buffers: no 2 KB allocation that could
            # fail on a fragmented heap and leave the gadget with no display at all.
            self.buffer = old.buffer
            self.sent = old.sent
            self.cmd = old.cmd
        else:
            # Allocated once, first thing (a late frame buffer fragments the heap).
            self.buffer = bytearray(_W * _PAGES)
            self.sent = bytearray(_W * _PAGES)
            self.cmd = bytearray(8)
        self.bytes_sent = 0
        # A view of each page of both buffers, made once: show() compares them in C
        # without the two 128-byte copies a slice of each would make per page per draw.
        mv = memoryview(self.buffer)
        sent = memoryview(self.sent)
        self.pages = [mv[p * _W:(p + 1) * _W] for p in range(_PAGES)]
        self.sent_pages = [sent[p * _W:(p + 1) * _W] for p in range(_PAGES)]
        if self.RUNS:  # the same for each 16-byte chunk (_CHUNK): 64 views each, 2.5 KB
            self.chunks = [mv[i:i + _CHUNK] for i in range(0, _W * _PAGES, _CHUNK)]
            self.sent_chunks = [sent[i:i + _CHUNK] for i in range(0, _W * _PAGES, _CHUNK)]
        self.mv = mv
        self.cmd4 = memoryview(self.cmd)[:4]  # an I2C run's address (SPI's: cmd3)
        self.cmd3 = memoryview(self.cmd)[:3]
        super().__init__(self.buffer, _W, _H, framebuf.MONO_VLSB)
        self.command(self.INIT)
        self.show(True)

    def fill(self, c):
        """The whole frame one colour. Every redraw starts with a blank frame: it is
        cleared by copying a blank page over each page, 100 us on the emulated Pico where
        framebuf's fill (bit by bit) took 820 us, every key."""
        if c:
            super().fill(c)
            return
        for p in self.pages:
            p[:] = _BLANK

    def command(self, codes):
        """Send command bytes in one transaction (control byte 0x00: all commands)."""
        buf = bytearray(1 + len(codes))
        for i in range(len(codes)):
            buf[i + 1] = codes[i]
        self.i2c.writeto(self.addr, buf)
        self.bytes_sent += len(buf)

    def contrast(self, level):
        self.command((0x81, level & 0xFF))

    def power(self, on):
        self.command((0xAF if on else 0xAE,))

    def show(self, full=False):
        """Send what changed: per changed page, each run of changed 16-byte chunks
        trimmed to its changed bytes (_CHUNK), or the page whole (RUNS False)."""
        buf = self.buffer
        if not full and buf == self.sent:  # compared in C: a redraw that changed nothing
            return
        mv = self.mv
        pages = self.pages
        sent_pages = self.sent_pages
        runs = self.RUNS
        for page in range(_PAGES):
            base = page * _W
            if not full and pages[page] == sent_pages[page]:  # compared in C
                continue
            if full or not runs:
                self._send(mv, page, base, base + _W - 1)
            else:
                self._send_changes(mv, page, base)

    def _send_changes(self, mv, page, base):
        """Send the runs of one changed page: each stretch of changed chunks, from its
        first changed byte to its last."""
        new = self.chunks
        old = self.sent_chunks
        buf = self.buffer
        sent = self.sent
        c = base // _CHUNK
        end = c + _W // _CHUNK
        while c < end:
            if new[c] == old[c]:
                c += 1
                continue
            lo = c * _CHUNK
            c += 1
            while c < end and new[c] != old[c]:
                c += 1
            hi = c * _CHUNK - 1
            while buf[lo] == sent[lo]:
                lo += 1
            while buf[hi] == sent[hi]:
                hi -= 1
            self._send(mv, page, lo, hi)

    def _send(self, mv, page, lo, hi):
        """Frame bytes lo..hi (all in `page`): the RAM address in one transaction
        (0x00, page, column low nibble, column high nibble: 4 bytes), then the data
        (0x40 and hi - lo + 1 bytes)."""
        c = lo - page * _W + self.COLUMN_OFFSET
        cmd = self.cmd
        cmd[0] = 0x00
        cmd[1] = 0xB0 | page
        cmd[2] = c & 0x0F
        cmd[3] = 0x10 | (c >> 4)
        self.i2c.writeto(self.addr, self.cmd4)
        run = mv[lo:hi + 1]
        self.i2c.writevto(self.addr, (b"\x40", run))
        self.bytes_sent += hi - lo + 6
        self.sent[lo:hi + 1] = run


class SSD1306(OLED):
    KIND = "ssd1306"
    INIT = SSD1306_INIT


class SH1106(OLED):
    KIND = "sh1106"
    INIT = SH1106_INIT
    COLUMN_OFFSET = 2  # 132-column RAM, glass centred on columns 2..129


class SPIOLED(OLED):
    """The same adapter on the 4-wire SPI bus of the 7-pin modules (GND VCC D0 D1 RES DC
    CS): no control bytes and no address, the DC pin says command (low) or data (high)
    instead, sampled by the controller with each byte's last bit; CS low around each
    transfer. The controller's RES pin is pulsed low first (its registers to their reset
    values: a Pico reset alone leaves them as the last driver set them).
    A panel on SPI never answers: a loose wire or no panel at all goes unnoticed (the
    writes succeed), so this adapter never raises OSError and never needs the board's
    stand-in display (docs/gadget.md, The display adapters)."""

    # A changed page goes whole: on the emulated Pico finding a page's changed runs
    # (the XOR, strip and find) took some 460 us of the chip's time, and sending the
    # whole page 300 us (128 bytes at 10 MHz, 155 us, and the calls around them), where
    # a run of a few bytes still took 200 us. A battle key changes 5-8 pages.
    RUNS = False

    def __init__(self, spi, dc, cs, res=None, old=None):
        import time

        self.spi = spi
        self.dc = dc
        self.cs = cs
        cs(1)
        if res is not None:
            # RES low for at least 3 us (SSD1306 datasheet 8.9; SH1106 10 us), then high.
            res(1)
            time.sleep_ms(1)
            res(0)
            time.sleep_ms(1)
            res(1)
            time.sleep_ms(1)
        super().__init__(None, 0, old)

    def command(self, codes):
        """Send command bytes with DC low."""
        self.dc(0)
        self.cs(0)
        self.spi.write(bytes(codes))
        self.cs(1)
        self.bytes_sent += len(codes)

    def _send(self, mv, page, lo, hi):
        """Frame bytes lo..hi (all in `page`): the RAM address (page, column low and
        high nibbles: 3 command bytes), then the data, in one CS low."""
        c = lo - page * _W + self.COLUMN_OFFSET
        cmd = self.cmd
        cmd[0] = 0xB0 | page
        cmd[1] = c & 0x0F
        cmd[2] = 0x10 | (c >> 4)
        dc = self.dc
        run = mv[lo:hi + 1]
        dc(0)
        self.cs(0)
        self.spi.write(self.cmd3)
        dc(1)
        self.spi.write(run)
        self.cs(1)
        self.bytes_sent += hi - lo + 4
        self.sent[lo:hi + 1] = run


class SSD1306SPI(SPIOLED):
    KIND = "ssd1306-spi"
    INIT = SSD1306_INIT


class SH1106SPI(SPIOLED):
    KIND = "sh1106-spi"
    INIT = SH1106_INIT
    COLUMN_OFFSET = 2


def on_spi(kind):
    """True for the display kinds of the SPI module ("ssd1306-spi", "sh1106-spi")."""
    return kind.endswith("-spi")


def panel_kind(setting, default):
    """The kind to drive at power-up: the display setting (None: the build's default),
    on SPI when either names SPI (a build for the SPI module, or a setting written for
    it), else on I2C. The settings menu offers only the bus the gadget started with, so
    a menu choice never leaves a working panel dark."""
    kind = setting or default
    if on_spi(default) and not on_spi(kind):
        kind += "-spi"
    return kind


def make_display(kind, bus, addr=0x3C, old=None):
    """The adapter named by the display kind ("ssd1306", "sh1106", "ssd1306-spi",
    "sh1106-spi"); `bus`: a machine.I2C, or for the SPI kinds (spi, dc, cs, res);
    `old`, the adapter it replaces, lends its buffers."""
    if on_spi(kind):
        cls = SH1106SPI if kind == "sh1106-spi" else SSD1306SPI
        spi, dc, cs, res = bus
        return cls(spi, dc, cs, res, old)
    if kind == "sh1106":
        return SH1106(bus, addr, old)
    return SSD1306(bus, addr, old)


def find_address(i2c, preferred=0x3C):
    """The OLED's I2C address (`preferred`, else 0x3C or 0x3D), or raise OSError with what
    to check. Each address is probed with a real write, a NOP command (control byte 0x00,
    then 0xE3: a no-op on both controllers), not with i2c.scan(): the rp2 port's scan()
    sends zero-length writes, which some modules (and the emulated RP2040) do not
    acknowledge, so scan() can come back empty with a working panel on the bus."""
    tried = []
    for a in (preferred, 0x3C, 0x3D):
        if a in tried:
            continue
        tried.append(a)
        try:
            i2c.writeto(a, b"\x00\xe3")
            return a
        except OSError:
            pass
    raise OSError("no OLED answers at {}: check SDA/SCL wiring, 3V3/GND and "
                  "pull-ups".format("/".join([hex(a) for a in tried])))


def free_bus(i2c, i2c_id, scl, sda, freq):
    """Before the panel is looked for again after an I2C error: a slave cut off mid-byte
    (a glitch on SCL, the Pico reset alone) can hold SDA low for good, and every
    transaction then fails. SDA is read as a GPIO; if low, the bus clear of the I2C
    specification (NXP UM10204, 3.1.16): SCL clocked as a GPIO until SDA is let go (nine
    clocks at most), a stop condition, the I2C controller set up again. Returns (the bus
    to use, the clocks sent): the same bus, 0, when SDA was high."""
    import time

    from machine import I2C, Pin

    d = Pin(sda, Pin.OPEN_DRAIN, Pin.PULL_UP, value=1)
    if d.value():
        Pin(sda, Pin.ALT, Pin.PULL_UP, alt=Pin.ALT_I2C)  # back to the I2C controller
        return i2c, 0
    c = Pin(scl, Pin.OPEN_DRAIN, Pin.PULL_UP, value=1)
    clocks = 0
    while clocks < 9 and not d.value():
        c(0)
        time.sleep_us(5)  # 100 kHz: slow enough for any slave
        c(1)
        time.sleep_us(5)
        clocks += 1
    # A stop condition: SDA goes high while SCL is high.
    c(0)
    d(0)
    time.sleep_us(5)
    c(1)
    time.sleep_us(5)
    d(1)
    time.sleep_us(5)
    return I2C(i2c_id, scl=Pin(scl), sda=Pin(sda), freq=freq), clocks
