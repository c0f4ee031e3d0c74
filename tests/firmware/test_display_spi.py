"""The SPI panel option (hal/display.py SPIOLED, hal/wiring.py, hal/board.py) on CPython:
the adapters drive datasheet models of both controllers (host/geekout_tools/pico/panels.py)
through a recording SPI bus and DC/CS/RES lines; the board picks the bus at power-up
and keeps it when the display setting changes."""

import time

import pytest
from flash import FakeFlash
from geekout.hal import pins
from geekout.hal.display import (
    SH1106SPI,
    SSD1306_INIT,
    SSD1306SPI,
    make_display,
    on_spi,
    panel_kind,
)
from geekout.settings import DISPLAYS, Settings
from geekout_tools.pico import panels


class Line:
    """A GPIO output the adapter drives: keeps its level and every change."""

    def __init__(self, name, log, level=1):
        self.name = name
        self.log = log
        self.level = level

    def __call__(self, v=None):
        if v is None:
            return self.level
        if (1 if v else 0) != self.level:
            self.level = 1 if v else 0
            self.log.append((self.name, self.level))


class Wire:
    """The SPI bus, DC, CS and RES of one module, feeding a panel model: a byte reaches
    the controller only while CS is low, as command or data by DC; RES low resets it."""

    def __init__(self, panel):
        self.panel = panel
        self.log = []  # ("dc"|"cs"|"res", level) and ("spi", bytes) in order
        self.dc = Line("dc", self.log, 0)
        self.cs = Line("cs", self.log, 1)
        self.res = Line("res", self.log, 1)
        self.bytes = 0

    def write(self, buf):
        data = bytes(buf)
        self.log.append(("spi", data))
        self.bytes += len(data)
        if self.res.level == 0:
            return
        if self.cs.level == 0:
            self.panel.spi_write(data, self.dc.level)

    @property
    def bus(self):
        return (self, self.dc, self.cs, self.res)


@pytest.fixture(autouse=True)
def _ticks(monkeypatch):
    monkeypatch.setattr(time, "sleep_ms", lambda ms: None, raising=False)


MODELS = {"ssd1306-spi": panels.SSD1306, "sh1106-spi": panels.SH1106}


@pytest.mark.parametrize("kind", sorted(MODELS))
def test_the_glass_shows_the_frame_buffer(kind):
    panel = MODELS[kind]()
    panel.ram[:] = bytes(range(256)) * (len(panel.ram) // 256) + bytes(len(panel.ram) % 256)
    w = Wire(panel)
    d = make_display(kind, w.bus)
    assert d.KIND == kind and panel.lit
    assert panel.render() == bytes(1024)  # the blank frame sent whole at power-up
    d.text("Geek Out!", 10, 20, 1)
    d.fill_rect(0, 0, 128, 3, 1)
    d.show()
    assert panel.render() == bytes(d.buffer)
    d.pixel(127, 63, 1)  # the glass's last column: RAM 127 or 129 (SH1106 offset 2)
    d.show()
    assert panel.render() == bytes(d.buffer)
    d.fill(0)
    d.show()
    assert panel.render() == bytes(1024)


def test_commands_with_dc_low_data_with_dc_high_in_one_cs_low():
    panel = panels.SSD1306()
    w = Wire(panel)
    d = SSD1306SPI(*w.bus)
    # RES pulsed low then high before anything is sent; CS high between transfers.
    first_spi = next(i for i, e in enumerate(w.log) if e[0] == "spi")
    assert w.log[:first_spi] == [("res", 0), ("res", 1), ("cs", 0)]  # DC was low
    assert w.log[first_spi] == ("spi", SSD1306_INIT)
    assert w.cs.level == 1
    del w.log[:]
    d.pixel(5, 9, 1)  # page 1, column 5: the page goes whole (SPIOLED.RUNS)
    d.show()
    page = bytearray(128)
    page[5] = 2
    assert w.log == [("dc", 0), ("cs", 0), ("spi", b"\xb1\x00\x10"), ("dc", 1),
                     ("spi", bytes(page)), ("cs", 1)]
    assert panel.unknown == 0


def test_a_changed_page_goes_whole_and_an_unchanged_one_not_at_all():
    w = Wire(panels.SSD1306())
    d = SSD1306SPI(*w.bus)
    w.bytes = 0
    d.text(">", 0, 32, 1)  # page 4
    d.hline(100, 63, 3, 1)  # page 7
    d.show()
    assert w.bytes == 2 * (128 + 3)
    assert w.panel.render() == bytes(d.buffer)


def test_sh1106_columns_start_at_ram_column_2():
    panel = panels.SH1106()
    w = Wire(panel)
    d = SH1106SPI(*w.bus)
    del w.log[:]
    d.pixel(0, 0, 1)
    d.show()
    assert ("spi", b"\xb0\x02\x10") in w.log
    assert panel.ram[2] == 1 and panel.render()[0] == 1


def test_a_full_frame_is_the_frame_and_three_bytes_a_page():
    w = Wire(panels.SSD1306())
    d = SSD1306SPI(*w.bus)
    w.bytes = 0
    d.fill(1)
    d.show()
    assert w.bytes == 1024 + 8 * 3
    d.show()  # nothing changed: nothing sent
    assert w.bytes == 1024 + 8 * 3


def test_switching_controllers_keeps_the_buffers():
    w = Wire(panels.SH1106())
    d = make_display("ssd1306-spi", w.bus)
    d.text("x", 0, 0, 1)
    e = make_display("sh1106-spi", w.bus, old=d)
    assert e.buffer is d.buffer and e.KIND == "sh1106-spi"
    assert w.panel.render() == bytes(e.buffer)


def test_panel_kind_bus_from_the_build_or_the_setting():
    assert panel_kind(None, "ssd1306") == "ssd1306"
    assert panel_kind("sh1106", "ssd1306") == "sh1106"
    assert panel_kind(None, "sh1106-spi") == "sh1106-spi"
    assert panel_kind("sh1106", "ssd1306-spi") == "sh1106-spi"  # the build wired SPI
    assert panel_kind("ssd1306-spi", "ssd1306") == "ssd1306-spi"  # a setting for SPI
    assert on_spi("sh1106-spi") and not on_spi("sh1106")


def test_settings_take_the_spi_kinds():
    st = FakeFlash()
    s = Settings(st)
    for kind in DISPLAYS:
        s.load()
        s.set("display", kind)
        s2 = Settings(st)
        assert s2.load() is None and s2.get("display") == kind


def test_spi_pins_are_spi0s_and_free():
    # RP2040 SPI0: SCK on GP2/6/18/22, TX (MOSI) on GP3/7/19; CS, DC, RES plain GPIOs.
    assert pins.SPI_ID == 0 and pins.SPI_SCK in (2, 6, 18, 22) and pins.SPI_MOSI in (3, 7, 19)
    used = [pins.I2C_SDA, pins.I2C_SCL, pins.BUTTON_UP, pins.BUTTON_DOWN, pins.BUTTON_OK,
            pins.BUTTON_BACK, pins.NEOPIXEL_PIN, pins.PIEZO_PIN]
    spi = [pins.SPI_SCK, pins.SPI_MOSI, pins.SPI_CS, pins.SPI_DC, pins.SPI_RES]
    assert len(set(used + spi)) == len(used) + len(spi)
    # 10 MHz asked: the SSD1306's fastest (datasheet 13.4); 48 MHz / 6 = 8 MHz given.
    assert pins.SPI_FREQ == 10000000


def pico_board(monkeypatch, **kw):
    """hal/board.py's Board on the machine/neopixel fakes (tests/fakes)."""
    monkeypatch.setattr(time, "ticks_ms", lambda: 0, raising=False)
    monkeypatch.setattr(time, "ticks_add", lambda a, b: a + b, raising=False)
    monkeypatch.setattr(time, "ticks_diff", lambda a, b: a - b, raising=False)
    from geekout.hal.board import Board

    return Board(storage=FakeFlash(), **kw)


def test_board_on_spi_sends_the_frame_there_and_keeps_the_bus(monkeypatch):
    import machine

    monkeypatch.setattr(machine.I2C, "DEVICES", ())  # no I2C panel at all
    b = pico_board(monkeypatch, display_kind="ssd1306-spi", lenient=True)
    assert b.fault is None and b.i2c is None and b.display.KIND == "ssd1306-spi"
    spi, dc, cs, res = b.spi
    assert spi.baudrate == pins.SPI_FREQ and spi.miso is None  # GP16 is the LEDs'
    assert (spi.sck.id, spi.mosi.id) == (pins.SPI_SCK, pins.SPI_MOSI)
    assert (dc.id, cs.id, res.id) == (pins.SPI_DC, pins.SPI_CS, pins.SPI_RES)
    panel = panels.SSD1306()
    for data, levels in spi.writes:
        if levels[pins.SPI_CS] == 0:
            panel.spi_write(data, levels[pins.SPI_DC])
    assert panel.lit and panel.unknown == 0
    b.set_display("sh1106")  # the menu's controller: still on SPI
    assert b.display.KIND == "sh1106-spi" and b.kind == "sh1106-spi"
    assert not b.watch_display(10 ** 6)  # nothing to look for on SPI


def test_the_settings_menu_keeps_the_spi_bus():
    """On a gadget driving the SPI module the Display setting offers its two controllers
    on SPI: choosing SH1106 saves "sh1106-spi"; the menu line names the controller only
    (a line of the 128-pixel menu holds no "SSD1306-SPI" after "Display ")."""
    import json

    from boards.sim import SimBoard
    from drive import Driver
    from geekout import keys
    from geekout.settings import NAME

    files = {NAME: json.dumps({"v": 1, "display": "ssd1306-spi", "brightness": 3,
                               "sound": True}).encode()}
    board = SimBoard(storage=FakeFlash(files), seed=2)
    made = []

    def set_display(kind):  # the board's switch, recorded (the simulator's panel is I2C)
        made.append(kind)
        board.display.KIND = kind

    board.set_display = set_display
    board.display.KIND = "ssd1306-spi"
    d = Driver(board)
    d.boot()
    assert made == []  # the setting and the panel agree
    home = d.top()
    home.index = home.items.index("Settings")
    d.press(keys.OK)
    assert d.top().items[0] == "Display SSD1306"
    d.press(keys.OK)  # Display
    d.press(keys.UP)
    d.press(keys.OK)
    assert d.app.settings.get("display") == "sh1106-spi" and made == ["sh1106-spi"]
    assert d.top().items[0] == "Display SH1106"
