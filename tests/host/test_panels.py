"""The datasheet models of the OLED controllers (host/geekout_tools/pico/panels.py), on
vectors worked by hand from the SSD1306 and SH1106 datasheets.

Pictures are compared as sets of lit (x, y) glass pixels. "Upright" is the module's
standard mounting: segment remap 0xA1 and COM scan 0xC8 show RAM as drawn.
"""

import pytest
from geekout_tools.pico.panels import HORIZONTAL, PAGE, SH1106, SSD1306, VERTICAL


def cmd(panel, *codes):
    panel.i2c_write(bytes((0x00,) + codes))


def data(panel, *values):
    panel.i2c_write(bytes((0x40,) + values))


def lit(panel):
    frame = panel.render()
    assert len(frame) == 1024
    return {(x, y) for y in range(64) for x in range(128)
            if frame[(y >> 3) * 128 + x] >> (y & 7) & 1}


def upright(panel):
    """Powered, on, upright; nothing else changed."""
    if isinstance(panel, SSD1306):
        cmd(panel, 0x8D, 0x14)
    cmd(panel, 0xA1, 0xC8, 0xAF)


# --- power -----------------------------------------------------------------------------

def test_reset_state_is_dark_in_page_mode():
    p = SSD1306()
    s = p.state
    assert (s.display_on, s.charge_pump, s.contrast, s.addressing) == (False, False, 0x7F, PAGE)
    assert (s.start_line, s.segment_remap, s.com_remap, s.inverse, s.entire_on) == (
        0, False, False, False, False)
    assert (s.multiplex, s.display_offset, s.column, s.page) == (64, 0, 0, 0)
    assert (s.column_start, s.column_end, s.page_start, s.page_end) == (0, 127, 0, 7)
    q = SH1106()
    assert (q.state.display_on, q.state.dcdc, q.state.contrast) == (False, True, 0x80)
    for panel in (p, q):
        panel.ram[:] = b"\xff" * len(panel.ram)
        assert panel.render() == bytes(1024) and panel.unknown == 0


def test_ssd1306_needs_its_charge_pump():
    p = SSD1306()
    p.ram[:] = b"\xff" * 1024
    cmd(p, 0xAF)
    assert p.state.display_on and p.render() == bytes(1024)  # no panel supply: dark
    cmd(p, 0x8D, 0x14)
    assert p.state.charge_pump and p.render() == b"\xff" * 1024
    cmd(p, 0x8D, 0x10)  # pump off again
    assert p.render() == bytes(1024)
    cmd(p, 0x8D, 0x14, 0xAE)  # pump on, display off
    assert p.render() == bytes(1024)


def test_sh1106_lights_with_display_on_alone():
    q = SH1106()
    q.ram[:] = b"\xff" * len(q.ram)
    cmd(q, 0xAF)  # DC-DC on from reset (0xAD 0x8B)
    assert q.render() == b"\xff" * 1024
    cmd(q, 0xAD, 0x8A)  # DC-DC off: no VPP
    assert not q.state.dcdc and q.render() == bytes(1024)
    cmd(q, 0xAD, 0x8B)
    assert q.render() == b"\xff" * 1024
    cmd(q, 0xAE)
    assert q.render() == bytes(1024)


def test_contrast_zero_still_lights():
    p = SSD1306()
    upright(p)
    p.ram[0] = 0x01
    cmd(p, 0x81, 0x00)
    assert p.state.contrast == 0 and lit(p) == {(0, 0)}


@pytest.mark.parametrize("cls", [SSD1306, SH1106])
def test_a_datasheet_style_init_lights_the_panel(cls):
    p = cls()
    # the power-up flow of the datasheets, then one byte at page 0, glass column 0
    cmd(p, 0xAE, 0xA8, 0x3F, 0xD3, 0x00, 0x40, 0xA1, 0xC8, 0xDA, 0x12, 0x81, 0x7F,
        0xA4, 0xA6, 0xD5, 0x80, 0x8D, 0x14, 0xAF)
    col = 2 if cls is SH1106 else 0
    cmd(p, 0xB0, col & 0x0F, 0x10 | col >> 4)
    data(p, 0x81)  # rows 0 and 7
    assert lit(p) == {(0, 0), (0, 7)}
    # 0x8D is an SSD1306 command; on the SH1106 it is unknown and 0x14 a column nibble
    assert p.unknown == (1 if cls is SH1106 else 0)


# --- I2C framing and command arguments --------------------------------------------------

def test_control_bytes_co_and_dc():
    p = SSD1306()
    # Co=1 command, Co=1 data, then Co=0 D/C=1: the rest is data
    p.i2c_write(bytes((0x80, 0xB2, 0xC0, 0x55, 0x40, 0x66, 0x77)))
    assert p.ram[2 * 128:2 * 128 + 3] == b"\x55\x66\x77" and p.state.column == 3
    # a two-byte command split over Co=1 pairs
    p.i2c_write(bytes((0x80, 0x81, 0x80, 0x10)))
    assert p.state.contrast == 0x10
    # an argument still owed at the end of a transaction is the next command byte
    cmd(p, 0x81)
    cmd(p, 0x40)
    assert p.state.contrast == 0x40 and p.state.start_line == 0


def test_ssd1306_commands_take_their_argument_bytes():
    p = SSD1306()
    cmd(p, 0xAF)
    # each argument would be a command of its own if left unconsumed
    cmd(p, 0x81, 0xAE)  # not display off
    cmd(p, 0xA8, 0x1F, 0xD3, 0xA7, 0xD5, 0xA5, 0xD9, 0xAE, 0xDA, 0x12, 0xDB, 0x7F)
    cmd(p, 0x20, 0xA6)  # mode 0xA6 & 3 = 2 (page), not "normal display"
    cmd(p, 0x21, 0x48, 0x4F, 0x22, 0xB3, 0xB5)
    cmd(p, 0x26, 0x00, 0x00, 0x07, 0x02, 0x00, 0xFF)
    cmd(p, 0x29, 0x00, 0x01, 0x00, 0x07, 0x3F)
    cmd(p, 0xA3, 0x10, 0x30, 0x2F, 0x2E, 0x8D, 0x14)
    s = p.state
    assert p.unknown == 0
    assert (s.display_on, s.contrast, s.multiplex, s.display_offset) == (True, 0xAE, 32, 0x27)
    assert (s.clock, s.precharge, s.com_pins, s.vcomh) == (0xA5, 0xAE, 0x12, 0x7F)
    assert (s.inverse, s.entire_on, s.start_line, s.addressing) == (False, False, 0, PAGE)
    assert (s.column_start, s.column_end, s.page_start, s.page_end) == (0x48, 0x4F, 3, 5)
    assert s.scroll_setup == (0xA3, (0x10, 0x30)) and not s.scrolling and s.charge_pump


def test_unknown_bytes_are_one_byte_no_ops():
    p = SSD1306()
    cmd(p, 0xAD, 0xAF)  # 0xAD: not an SSD1306 command, so 0xAF is a command: display on
    assert p.unknown == 1 and p.state.display_on
    cmd(p, 0xAD, 0x8B, 0x30, 0xE0, 0xEE, 0xE3)  # SH1106 commands; 0xE3 NOP is known
    assert p.unknown == 6
    q = SH1106()
    cmd(q, 0x20, 0x21, 0x22, 0x26, 0x2E, 0x2F, 0xA3, 0x8D, 0xE3)
    assert q.unknown == 8


# --- SSD1306 addressing -----------------------------------------------------------------

def test_page_mode_column_wraps_within_the_page():
    p = SSD1306()
    cmd(p, 0xB3, 0x0E, 0x17)  # page 3, column 0x7E
    assert (p.state.page, p.state.column) == (3, 126)
    data(p, 0xA1, 0xA2, 0xA3)
    assert p.ram[3 * 128 + 126] == 0xA1 and p.ram[3 * 128 + 127] == 0xA2
    assert p.ram[3 * 128 + 0] == 0xA3 and p.ram[4 * 128] == 0  # column 0 of page 3
    assert (p.state.page, p.state.column) == (3, 1)


def test_horizontal_mode_walks_the_window_by_columns_then_pages():
    p = SSD1306()
    cmd(p, 0x20, 0x00, 0x21, 126, 127, 0x22, 6, 7)
    assert (p.state.addressing, p.state.column, p.state.page) == (HORIZONTAL, 126, 6)
    data(p, 1, 2, 3, 4, 5)
    assert [p.ram[6 * 128 + 126], p.ram[6 * 128 + 127], p.ram[7 * 128 + 126],
            p.ram[7 * 128 + 127]] == [5, 2, 3, 4]  # the 5th byte wrapped to the start
    assert (p.state.column, p.state.page) == (127, 6)


def test_horizontal_mode_whole_ram_wraps_to_the_top():
    p = SSD1306()
    cmd(p, 0x20, 0x00)
    data(p, *range(128), 200)
    assert p.ram[128] == 200 and (p.state.column, p.state.page) == (1, 1)
    p.i2c_write(b"\x40" + bytes(1024 - 130) + b"\x07")  # the last byte of RAM
    assert (p.state.column, p.state.page) == (0, 0) and p.ram[1023] == 7


def test_vertical_mode_walks_the_window_by_pages_then_columns():
    p = SSD1306()
    cmd(p, 0x20, 0x01, 0x21, 10, 11, 0x22, 2, 3)
    assert p.state.addressing == VERTICAL
    data(p, 1, 2, 3, 4, 5)
    assert [p.ram[2 * 128 + 10], p.ram[3 * 128 + 10], p.ram[2 * 128 + 11],
            p.ram[3 * 128 + 11]] == [5, 2, 3, 4]
    assert (p.state.column, p.state.page) == (10, 3)


def test_page_commands_only_in_page_mode_and_windows_move_no_pointer_there():
    p = SSD1306()
    cmd(p, 0x20, 0x00, 0xB5, 0x03, 0x12)  # horizontal: page-mode pointer commands do nothing
    assert (p.state.column, p.state.page) == (0, 0)
    cmd(p, 0x20, 0x02, 0xB5, 0x03, 0x12)
    assert (p.state.column, p.state.page) == (0x23, 5)
    cmd(p, 0x21, 0x00, 0x7F, 0x22, 0x00, 0x07)  # page mode: the window is kept, no move
    assert (p.state.column, p.state.page) == (0x23, 5)


def test_page_mode_column_wraps_at_the_window_end():
    p = SSD1306()
    cmd(p, 0x20, 0x00, 0x21, 10, 20, 0x20, 0x02, 0xB0, 0x04, 0x11)  # a left-over window
    data(p, *range(1, 6))  # columns 20, then 10..13
    assert p.ram[20] == 1 and list(p.ram[10:14]) == [2, 3, 4, 5]


# --- what the glass shows ----------------------------------------------------------------

def test_start_line_and_display_offset_scroll_the_picture():
    p = SSD1306()
    upright(p)
    p.ram[128 + 5] = 0x01  # RAM row 8, column 5
    assert lit(p) == {(5, 8)}
    cmd(p, 0x48)  # start line 8: glass row 0 shows RAM row 8
    assert lit(p) == {(5, 0)}
    cmd(p, 0x40 | 60)  # row y shows RAM row (y + 60) % 64: y = 12
    assert lit(p) == {(5, 12)}
    cmd(p, 0x40, 0xD3, 8)  # the display offset likewise
    assert lit(p) == {(5, 0)}
    cmd(p, 0x44, 0xD3, 4)  # both add up
    assert lit(p) == {(5, 0)}


@pytest.mark.parametrize("cls, first", [(SSD1306, 0), (SH1106, 2)])
def test_segment_remap_and_com_direction(cls, first):
    p = cls()
    upright(p)
    w = p.RAM_WIDTH
    p.ram[first] = 0x01  # RAM row 0 at the glass's first column: top left when upright
    p.ram[w + first + 127] = 0x80  # RAM row 15 at the glass's last column
    assert lit(p) == {(0, 0), (127, 15)}
    cmd(p, 0xA0)  # mirrored left-right
    assert lit(p) == {(127, 0), (0, 15)}
    cmd(p, 0xA1, 0xC0)  # upside down
    assert lit(p) == {(0, 63), (127, 48)}
    cmd(p, 0xA0)  # both: turned half round
    assert lit(p) == {(127, 63), (0, 48)}


def test_inverse_and_entire_on():
    p = SSD1306()
    upright(p)
    p.ram[0] = 0x01
    cmd(p, 0xA7)
    assert len(lit(p)) == 128 * 64 - 1 and (0, 0) not in lit(p)
    cmd(p, 0xA6, 0xA5)  # entire display on, whatever RAM holds
    assert p.render() == b"\xff" * 1024
    cmd(p, 0xA7)  # and inverse does not undo it
    assert p.render() == b"\xff" * 1024
    cmd(p, 0xA4, 0xA6)
    assert lit(p) == {(0, 0)}


def test_multiplex_below_64_drives_fewer_lines():
    p = SSD1306()
    upright(p)
    p.ram[:] = b"\xff" * 1024
    cmd(p, 0xA8, 0x1F)  # 32 MUX
    assert len(lit(p)) == 128 * 32
    cmd(p, 0xA8, 0x0E)  # 15 MUX: an invalid entry, ignored
    assert p.state.multiplex == 32


def test_sequential_com_pins_interleave_a_64_row_module():
    p = SSD1306()
    upright(p)
    p.ram[0] = 0x02  # RAM row 1
    cmd(p, 0xDA, 0x02)  # sequential: glass rows alternate RAM rows 0, 32, 1, 33...
    assert lit(p) == {(0, 2)}
    p.ram[0] = 0x00
    p.ram[4 * 128] = 0x01  # RAM row 32
    assert lit(p) == {(0, 1)}


# --- SH1106 specifics -------------------------------------------------------------------

def test_sh1106_shows_ram_columns_2_to_129():
    q = SH1106()
    upright(q)
    cmd(q, 0xB0, 0x00, 0x10)
    data(q, *(1 if c in (0, 1, 2, 129, 130, 131) else 0 for c in range(132)))
    assert lit(q) == {(0, 0), (127, 0)}  # columns 2 and 129; 0, 1, 130, 131 unseen
    assert (q.state.column, q.state.page) == (131, 0)  # no move to the next page


def test_sh1106_column_stops_at_131():
    q = SH1106()
    cmd(q, 0xB2, 0x03, 0x18)  # page 2, column 0x83 = 131
    data(q, 1, 2, 3)
    assert q.ram[2 * 132 + 131] == 3 and q.ram[3 * 132] == 0
    assert (q.state.column, q.state.page) == (131, 2)
    cmd(q, 0x0F)  # column 0x8F: no RAM there, the byte goes nowhere
    data(q, 9)
    assert 9 not in q.ram


def test_sh1106_read_modify_write_returns_the_column():
    q = SH1106()
    cmd(q, 0xB1, 0x05, 0x10, 0xE0)
    data(q, 1, 2, 3)
    assert q.state.column == 8 and q.state.read_modify_write
    cmd(q, 0xEE)
    assert q.state.column == 5 and not q.state.read_modify_write
    assert list(q.ram[132 + 5:132 + 8]) == [1, 2, 3]


def test_sh1106_reads_ssd1306_commands_as_its_own():
    q = SH1106()
    cmd(q, 0x12, 0x8D, 0x14)  # charge pump: 0x8D unknown, 0x14 the column's upper nibble
    assert q.unknown == 1 and q.state.column == 0x40
    cmd(q, 0x20, 0x00)  # horizontal mode: 0x20 unknown, 0x00 the lower nibble
    assert q.unknown == 2 and q.state.column == 0x40
    cmd(q, 0x31, 0xD9, 0x22, 0xDB, 0x35)
    assert q.unknown == 2 and q.state.pump_voltage == 1


def test_an_ssd1306_window_update_scrambles_an_sh1106():
    """What the SSD1306 adapter used to send (horizontal mode, a column/page window,
    then the data): right on an SSD1306, scrambled on an SH1106, not merely shifted."""
    update = [b"\x00\x20\x00",  # horizontal addressing
              bytes((0x00, 0x21, 64, 79, 0x22, 2, 2)),  # columns 64..79, page 2
              b"\x40" + b"\xff" * 16]
    p = SSD1306()
    upright(p)
    for t in update:
        p.i2c_write(t)
    block = {(x, y) for x in range(64, 80) for y in range(16, 24)}
    assert lit(p) == block and p.unknown == 0
    q = SH1106()
    upright(q)
    for t in update:
        q.i2c_write(t)
    # 0x20, 0x21, 0x22 unknown; 0x00 column nibble 0; column 64 = 0x40 is start line 0,
    # column 79 = 0x4F start line 15; page 2 = 0x02 twice a column nibble: the data goes
    # to page 0 (unchanged) from column 2, and the whole picture moves up 15 rows.
    assert q.unknown == 3 and q.state.start_line == 15
    assert (q.state.page, q.state.column) == (0, 18)
    got = lit(q)
    assert got == {(x, y) for x in range(16) for y in range(49, 57)}
    assert got != {(x - 2, y) for x, y in block}  # not the 2-column shift


def test_only_128x64_modules():
    with pytest.raises(ValueError):
        SSD1306(128, 32)
