"""Datasheet models of the two OLED controllers found on 128x64 I2C modules: the Solomon
Systech SSD1306 and the Sino Wealth SH1106.

Each model is fed the I2C write transactions addressed to the module (`i2c_write`: the
bytes after the address byte), keeps the controller's registers (`state`) and display
RAM (`ram`, byte page * RAM width + column, bit = row & 7), and `render()` gives what a
viewer sees on the 128x64 glass, as MONO_VLSB bytes (the firmware's frame buffer layout:
byte page * 128 + x, bit y & 7; all zero while the panel is dark).

Written from the datasheets' command tables and functional descriptions (SSD1306 Rev 1.1,
SH1106 V2.3), not from any driver. Where a datasheet leaves a case open, the comment at
that spot says how the model reads it.

SPI framing (both, 4-wire): no address, no control bytes; the D/C# pin, read with each
byte's eighth clock, says command (low) or display data (high) (`spi_write`). RES# low
resets the registers (`reset`).

I2C framing (both): after the address, a control byte: bit 7 Co, bit 6 D/C#. Co = 0: every
byte that follows in the transaction is a command (D/C# = 0, 0x00) or display data
(D/C# = 1, 0x40). Co = 1: one byte follows (0x80 command, 0xC0 data), then another
control byte. A command's argument bytes are simply the next command bytes, wherever
the control bytes and transactions fall (the command decoder has no notion of I2C stop).

The module around the controller ("standard mounting"), the same for both:
  - segments: glass column x (left = 0) is wired to SEG(f + 127 - x), f = the first
    segment behind the glass (SSD1306 0: SEG0..127; SH1106 2: its 132 segments with the
    128-pixel glass centred on SEG2..129). With segment remap 0xA1 that is RAM column
    f + x (upright); with 0xA0 RAM column f + 127 - x (mirrored left-right).
  - commons: glass row y (top = 0) is the line the COM scan reaches at step y with the
    scan remapped (0xC8) and the alternative COM pin configuration (0xDA 0x12, the reset
    value), so 0xC8 shows RAM row (y + start line + display offset) % 64 at row y
    (upright) and 0xC0 shows the picture upside down.
So the firmware's power-up (A1, C8, start line 0, no offset) shows its frame buffer as
drawn, and the SH1106 shows RAM columns 2..129 (0, 1, 130 and 131 are never seen).

Dark: display off (0xAE, the reset state), or no panel supply: SSD1306 charge pump off
(its reset state) until 0x8D 0x14; SH1106 DC-DC off (0xAD 0x8A), though it is on at reset
(0xAD 0x8B) so 0xAF alone lights an SH1106. Contrast is only stored (0 still lights).

Command bytes a controller does not have are counted in `unknown` and do nothing (one
byte each: their would-be arguments are decoded as commands in their own right).
"""

from types import SimpleNamespace

HORIZONTAL = 0  # SSD1306 memory addressing modes (0x20 argument)
VERTICAL = 1
PAGE = 2

_PAGES = 8
_ROWS = 64
_GLASS_W = 128


class _Controller:
    """What both controllers share: I2C framing, the command decoder's argument
    collection, the COM side of the module and render()."""

    RAM_WIDTH = 128  # columns of display RAM
    FIRST_SEGMENT = 0  # the segment behind glass column 127 (see the module docstring)
    ARGS = {}  # opcode -> number of argument bytes it takes

    def __init__(self, width=128, height=64):
        if (width, height) != (_GLASS_W, _ROWS):
            raise ValueError("only the 128x64 modules are modelled, not {}x{}".format(
                width, height))
        self.width = width
        self.height = height
        # RAM content at power-up is undefined; the model starts it blank (tests may fill
        # it with anything to stand for the garbage a real panel shows).
        self.ram = bytearray(_PAGES * self.RAM_WIDTH)
        self.unknown = 0
        self.state = self._reset_state()
        self._pending = None  # (opcode, arguments so far, arguments needed)

    def reset(self):
        """The RES# pin: registers back to their reset values; RAM is kept."""
        self.state = self._reset_state()
        self._pending = None

    # --- I2C ---------------------------------------------------------------------------

    def i2c_write(self, data):
        """One I2C write transaction: the bytes after the address byte."""
        data = bytes(data)
        i = 0
        n = len(data)
        while i < n:
            control = data[i]
            i += 1
            is_data = control & 0x40
            if control & 0x80:  # Co = 1: one byte, then another control byte
                if i < n:
                    self._byte(data[i], is_data)
                    i += 1
                continue
            if is_data:  # Co = 0: the rest of the transaction
                for b in data[i:]:
                    self._write(b)
            else:
                for b in data[i:]:
                    self._command_byte(b)
            return

    # --- 4-wire SPI ---------------------------------------------------------------------

    def spi_write(self, data, dc):
        """Bytes clocked in while CS was low, all with the D/C# pin at `dc` (sampled with
        each byte's eighth bit: 0 command, 1 display data). No control bytes on SPI: the
        same command decoder and RAM writes as I2C's."""
        for b in bytes(data):
            self._byte(b, dc)

    def _byte(self, b, is_data):
        if is_data:
            self._write(b)
        else:
            self._command_byte(b)

    def _command_byte(self, b):
        pending = self._pending
        if pending is not None:
            op, args, need = pending
            args.append(b)
            if len(args) == need:
                self._pending = None
                self._command(op, args)
            return
        need = self.ARGS.get(b, 0)
        if need:
            self._pending = (b, [], need)
        elif not self._command(b, ()):
            self.unknown += 1

    # --- subclass parts -----------------------------------------------------------------

    def _reset_state(self):
        raise NotImplementedError

    def _command(self, op, args):
        """Carry out one command; False when the controller has no such command."""
        raise NotImplementedError

    def _write(self, b):
        """One display data byte at the RAM pointer, then the pointer moves on."""
        raise NotImplementedError

    @property
    def lit(self):
        """Whether the glass shows anything (display on and the panel supply running)."""
        raise NotImplementedError

    # --- the picture --------------------------------------------------------------------

    def _ram_column(self, x):
        """RAM column behind glass column x."""
        seg = self.FIRST_SEGMENT + _GLASS_W - 1 - x
        if self.state.segment_remap:  # 0xA1: column address (RAM width - 1) -> SEG0
            return self.RAM_WIDTH - 1 - seg
        return seg  # 0xA0: column address 0 -> SEG0

    def _ram_row(self, y):
        """RAM row behind glass row y, or None when that line is not driven."""
        s = self.state
        n = s.multiplex
        pos = _ROWS - 1 - y  # the line's place among the module's 64 COM lines
        pins = s.com_pins
        if pins & 0x10:  # alternative configuration: the module's wiring, line = COM
            com = pos ^ 1 if pins & 0x20 else pos
        else:
            # Sequential configuration on a module wired for the alternative one: COM0-31
            # drive every other line, COM32-63 the lines in between (bit 5 swaps them).
            odd = pos & 1
            if pins & 0x20:
                odd ^= 1
            com = (32 if odd else 0) + (pos >> 1)
        # COM scan direction: 0xC0 scans COM0 to COM[N-1], 0xC8 COM[N-1] to COM0.
        step = (n - 1 - com) % _ROWS if s.com_remap else com
        # The display offset moves the scan by that many COMs; the row counter runs
        # 0..N-1 from the start line (lines past the multiplex ratio stay dark).
        counter = (step + s.display_offset) % _ROWS
        if counter >= n:
            return None
        return (s.start_line + counter) % _ROWS

    def render(self):
        """What the viewer sees: 128x64 MONO_VLSB bytes (1024), all zero when dark."""
        out = bytearray(_GLASS_W * _ROWS // 8)
        if not self.lit:
            return bytes(out)
        s = self.state
        ram = self.ram
        rw = self.RAM_WIDTH
        cols = [self._ram_column(x) for x in range(_GLASS_W)]
        inverse = 1 if s.inverse else 0
        for y in range(_ROWS):
            row = self._ram_row(y)
            if row is None:
                continue
            base = (row >> 3) * rw
            shift = row & 7
            obase = (y >> 3) * _GLASS_W
            bit = 1 << (y & 7)
            for x, c in enumerate(cols):
                if s.entire_on:  # 0xA5: every driven pixel on, whatever RAM and 0xA7 say
                    on = 1
                else:
                    on = ((ram[base + c] >> shift) & 1) ^ inverse
                if on:
                    out[obase + x] |= bit
        return bytes(out)

    def __repr__(self):
        return "<{} {}, {} unknown>".format(type(self).__name__, self.state, self.unknown)


class SSD1306(_Controller):
    """SSD1306: 128x64 GDDRAM in 8 pages; page, horizontal and vertical addressing."""

    RAM_WIDTH = 128
    FIRST_SEGMENT = 0
    ARGS = {
        0x20: 1,  # memory addressing mode
        0x21: 2,  # column address window (start, end)
        0x22: 2,  # page address window (start, end)
        0x26: 6, 0x27: 6,  # horizontal scroll setup: dummy, start page, interval, end page, 2 dummies
        0x29: 5, 0x2A: 5,  # vertical + horizontal scroll: dummy, start, interval, end, offset
        0xA3: 2,  # vertical scroll area: fixed rows, scrolled rows
        0x81: 1,  # contrast
        0x8D: 1,  # charge pump
        0xA8: 1,  # multiplex ratio
        0xD3: 1,  # display offset
        0xD5: 1,  # clock divide / oscillator
        0xD9: 1,  # pre-charge period
        0xDA: 1,  # COM pins configuration
        0xDB: 1,  # VCOMH deselect level
    }

    def _reset_state(self):
        return SimpleNamespace(
            display_on=False, charge_pump=False, contrast=0x7F, start_line=0,
            addressing=PAGE, segment_remap=False, com_remap=False, inverse=False,
            entire_on=False, multiplex=64, display_offset=0,
            column=0, page=0,  # the RAM pointer
            column_start=0, column_end=127, page_start=0, page_end=7,  # 0x21 / 0x22 window
            com_pins=0x12, clock=0x80, precharge=0x22, vcomh=0x20,
            scrolling=False, scroll_setup=None)

    @property
    def lit(self):
        return self.state.display_on and self.state.charge_pump

    def _command(self, op, args):
        s = self.state
        if op <= 0x1F:
            # Page-addressing pointer commands: "only for page addressing mode"; the model
            # takes them to do nothing in the other two modes. The column counter is 7 bits
            # (an upper nibble of 8 or more wraps).
            if s.addressing == PAGE:
                if op <= 0x0F:
                    s.column = (s.column & 0x70) | op
                else:
                    s.column = (((op & 0x0F) << 4) | (s.column & 0x0F)) & 0x7F
        elif op == 0x20:
            if args[0] & 3 != 3:  # 3 is an invalid mode: ignored
                s.addressing = args[0] & 3
        elif op == 0x21:
            s.column_start = args[0] & 0x7F
            s.column_end = args[1] & 0x7F
            if s.addressing != PAGE:  # "also sets the column pointer to the start"
                s.column = s.column_start
        elif op == 0x22:
            s.page_start = args[0] & 7
            s.page_end = args[1] & 7
            if s.addressing != PAGE:
                s.page = s.page_start
        elif op in (0x26, 0x27, 0x29, 0x2A, 0xA3):
            # Scrolling runs on the frame clock; the model keeps the setup only and
            # render() shows RAM unscrolled.
            s.scroll_setup = (op, tuple(args))
        elif op == 0x2E:
            s.scrolling = False
        elif op == 0x2F:
            s.scrolling = True
        elif 0x40 <= op <= 0x7F:
            s.start_line = op & 0x3F
        elif op == 0x81:
            s.contrast = args[0]
        elif op == 0x8D:
            s.charge_pump = bool(args[0] & 0x04)  # 0x14 on, 0x10 off
        elif op in (0xA0, 0xA1):
            s.segment_remap = bool(op & 1)
        elif op in (0xA4, 0xA5):
            s.entire_on = bool(op & 1)
        elif op in (0xA6, 0xA7):
            s.inverse = bool(op & 1)
        elif op == 0xA8:
            if args[0] & 0x3F >= 15:  # 16MUX..64MUX; 0..14 are invalid entries
                s.multiplex = (args[0] & 0x3F) + 1
        elif op in (0xAE, 0xAF):
            s.display_on = bool(op & 1)
        elif 0xB0 <= op <= 0xB7:
            if s.addressing == PAGE:
                s.page = op & 7
        elif op in (0xC0, 0xC8):
            s.com_remap = bool(op & 0x08)
        elif op == 0xD3:
            s.display_offset = args[0] & 0x3F
        elif op == 0xD5:
            s.clock = args[0]
        elif op == 0xD9:
            s.precharge = args[0]
        elif op == 0xDA:
            s.com_pins = args[0] & 0x32
        elif op == 0xDB:
            s.vcomh = args[0]
        elif op == 0xE3:
            pass  # NOP
        else:
            return False
        return True

    def _write(self, b):
        s = self.state
        self.ram[s.page * 128 + s.column] = b
        if s.addressing == HORIZONTAL:
            if s.column == s.column_end:
                s.column = s.column_start
                s.page = s.page_start if s.page == s.page_end else (s.page + 1) & 7
            else:
                s.column = (s.column + 1) & 0x7F
        elif s.addressing == VERTICAL:
            if s.page == s.page_end:
                s.page = s.page_start
                if s.column == s.column_end:
                    s.column = s.column_start
                else:
                    s.column = (s.column + 1) & 0x7F
            else:
                s.page = (s.page + 1) & 7
        else:
            # Page mode: "if the column address pointer reaches column end address, [it] is
            # reset to column start address and page address pointer is not changed". The
            # model takes these to be the 0x21 window's (0..127 unless set: column 127 wraps
            # to column 0 of the same page, the datasheet's page-mode figure).
            if s.column == s.column_end:
                s.column = s.column_start
            else:
                s.column = (s.column + 1) & 0x7F


class SH1106(_Controller):
    """SH1106: 132x64 RAM in 8 pages, page addressing only; the glass shows columns
    2..129."""

    RAM_WIDTH = 132
    FIRST_SEGMENT = 2
    ARGS = {
        0x81: 1,  # contrast
        0xA8: 1,  # multiplex ratio
        0xAD: 1,  # DC-DC control: 0x8B on, 0x8A off
        0xD3: 1,  # display offset
        0xD5: 1,  # clock divide / oscillator
        0xD9: 1,  # discharge / pre-charge period
        0xDA: 1,  # common pads configuration
        0xDB: 1,  # VCOM deselect level
    }
    # Not SH1106 commands (unknown one-byte no-ops here): 0x20-0x22 (the SSD1306's
    # addressing mode and windows), 0x26-0x2F and 0xA3 (its scrolling), 0x8D (its charge
    # pump). What an SSD1306 driver sends as their arguments is decoded as commands: a
    # column 0x40-0x7F becomes a start line, 0x00-0x1F a column nibble, 0x30-0x33 a pump
    # voltage, and so on.

    def _reset_state(self):
        return SimpleNamespace(
            display_on=False, dcdc=True, contrast=0x80, start_line=0,
            addressing=PAGE, segment_remap=False, com_remap=False, inverse=False,
            entire_on=False, multiplex=64, display_offset=0,
            column=0, page=0,
            com_pins=0x12, clock=0x50, precharge=0x22, vcomh=0x35,
            pump_voltage=2,  # 0x30-0x33: 6.4, 7.4, 8.0 (reset), 9.0 V
            read_modify_write=False, rmw_column=0)

    @property
    def lit(self):
        return self.state.display_on and self.state.dcdc

    def _command(self, op, args):
        s = self.state
        if op <= 0x0F:
            s.column = (s.column & 0xF0) | op
        elif op <= 0x1F:
            s.column = ((op & 0x0F) << 4) | (s.column & 0x0F)
        elif 0x30 <= op <= 0x33:
            s.pump_voltage = op & 3
        elif 0x40 <= op <= 0x7F:
            s.start_line = op & 0x3F
        elif op == 0x81:
            s.contrast = args[0]
        elif op in (0xA0, 0xA1):
            s.segment_remap = bool(op & 1)
        elif op in (0xA4, 0xA5):
            s.entire_on = bool(op & 1)
        elif op in (0xA6, 0xA7):
            s.inverse = bool(op & 1)
        elif op == 0xA8:
            s.multiplex = (args[0] & 0x3F) + 1  # 1..64
        elif op == 0xAD:
            s.dcdc = bool(args[0] & 1)  # 1000101D
        elif op in (0xAE, 0xAF):
            s.display_on = bool(op & 1)
        elif 0xB0 <= op <= 0xB7:
            s.page = op & 7
        elif op in (0xC0, 0xC8):
            s.com_remap = bool(op & 0x08)
        elif op == 0xD3:
            s.display_offset = args[0] & 0x3F
        elif op == 0xD5:
            s.clock = args[0]
        elif op == 0xD9:
            s.precharge = args[0]
        elif op == 0xDA:
            s.com_pins = args[0] & 0x10  # sequential 0x02 / alternative 0x12
        elif op == 0xDB:
            s.vcomh = args[0]
        elif op == 0xE0:  # read-modify-write: the column comes back at End
            s.read_modify_write = True
            s.rmw_column = s.column
        elif op == 0xEE:
            if s.read_modify_write:
                s.column = s.rmw_column
            s.read_modify_write = False
        elif op == 0xE3:
            pass  # NOP
        else:
            return False
        return True

    def _write(self, b):
        s = self.state
        # The column counter goes up by one per data byte and stops at 131 (the last
        # column: it does not wrap or move to the next page); a column set past 131 has
        # no RAM, so the byte goes nowhere.
        if s.column <= 131:
            self.ram[s.page * 132 + s.column] = b
            if s.column < 131:
                s.column += 1
