"""The firmware's display adapters (hal/display.py) on datasheet models of both OLED
controllers (host/geekout_tools/pico/panels.py), through an I2C bus that hands every
write transaction to the model: after every update the glass shows the frame buffer
when the display setting matches the panel, and the frame buffer shifted by two columns
when it does not (never a dark or scrambled panel), whatever is drawn, with the power,
contrast and setting changed in between, and on the firmware's own screens."""

import json

import pytest
from boards.sim import CountingI2C, SimBoard
from drive import Driver
from flash import FakeFlash
from geekout import keys
from geekout.hal.display import find_address, make_display
from geekout.settings import NAME
from geekout_tools.pico import panels
from hypothesis import given, settings
from hypothesis import strategies as hs

MODELS = {"ssd1306": panels.SSD1306, "sh1106": panels.SH1106}
CASES = [(setting, kind) for setting in MODELS for kind in MODELS]  # setting, panel


def expected(frame, setting, panel, edge=None):
    """The glass for the frame last sent, `setting` the adapter's, on `panel`:
    - the right setting: the frame;
    - the SSD1306 setting on an SH1106: glass column x shows RAM column x + 2, which the
      adapter filled with frame column x + 2; the last two glass columns show RAM 128
      and 129, which it never writes (`edge`: what they held, page by page);
    - the SH1106 setting on an SSD1306: frame column c goes to RAM column c + 2, and
      126, 127 wrap to 0, 1 (the SSD1306's column counter has 7 bits and wraps at the
      end of the page), so glass column x shows frame column (x - 2) % 128."""
    kind = "sh1106" if isinstance(panel, panels.SH1106) else "ssd1306"
    if setting == kind:
        return bytes(frame)
    out = bytearray(1024)
    for page in range(8):
        b = page * 128
        for x in range(128):
            if kind == "sh1106":
                out[b + x] = frame[b + x + 2] if x < 126 else edge[page * 2 + x - 126]
            else:
                out[b + x] = frame[b + (x - 2) % 128]
    return bytes(out)


def edge_columns(panel):
    """An SH1106's RAM columns 128 and 129, page by page."""
    return bytes(panel.ram[p * 132 + c] for p in range(8) for c in (128, 129))


class Rig:
    """A panel model, its bus, and the adapter of a display setting driving it."""

    def __init__(self, setting, kind, garbage=None):
        self.panel = MODELS[kind]()
        if garbage is not None:  # RAM content at power-up is undefined
            self.panel.ram[:] = garbage[:len(self.panel.ram)]
        self.bus = CountingI2C(panel=self.panel)  # the panel at 0x3C, nothing elsewhere
        self.addr = find_address(self.bus)
        self.d = None
        self.switch(setting)

    def switch(self, setting):
        """Make (or change to) the adapter of `setting`: its init and a full frame."""
        start = self.bus.bytes
        self.take_over(lambda: make_display(setting, self.bus, self.addr, self.d))
        assert self.d.bytes_sent == self.bus.bytes - start

    def take_over(self, make):
        """`make()` returns the adapter that now drives the panel (which sends its init
        and a full frame); the SH1106's columns 128, 129 as they were before it."""
        self.edge = edge_columns(self.panel) if isinstance(self.panel, panels.SH1106) else None
        self.d = make()
        self.setting = self.d.KIND
        self.on = True
        self.check()

    def check(self):
        d = self.d
        if self.edge is not None and self.setting == "ssd1306":
            assert edge_columns(self.panel) == self.edge  # columns 128, 129 untouched
        want = expected(d.sent, self.setting, self.panel, self.edge) if self.on else bytes(1024)
        assert self.panel.render() == want

    def show(self):
        before = self.d.bytes_sent
        start = self.bus.bytes
        self.d.show()
        assert self.d.bytes_sent - before == self.bus.bytes - start
        assert self.d.sent == self.d.buffer
        self.check()


def draw(d, op):
    name = op[0]
    if name == "pixel":
        d.pixel(*op[1:])
    elif name == "rect":
        d.fill_rect(*op[1:])
    elif name == "text":
        d.text(*op[1:])
    elif name == "hline":
        d.hline(*op[1:])
    elif name == "fill":
        d.fill(op[1])
    elif name == "bytes":  # raw frame bytes, anywhere
        off, raw = op[1], op[2][:1024 - op[1]]
        d.buffer[off:off + len(raw)] = raw


coord_x = hs.integers(-8, 135)
coord_y = hs.integers(-8, 71)
colour = hs.integers(0, 1)
DRAW = hs.one_of(
    hs.tuples(hs.just("pixel"), hs.integers(0, 127), hs.integers(0, 63), colour),
    hs.tuples(hs.just("rect"), coord_x, coord_y, hs.integers(0, 140), hs.integers(0, 70), colour),
    hs.tuples(hs.just("text"), hs.text("Geek Out! 0123", max_size=12), coord_x, coord_y, colour),
    hs.tuples(hs.just("hline"), coord_x, coord_y, hs.integers(0, 140), colour),
    hs.tuples(hs.just("fill"), colour),
    hs.tuples(hs.just("bytes"), hs.integers(0, 1023), hs.binary(min_size=1, max_size=300)),
)
STEP = hs.one_of(
    hs.lists(DRAW, min_size=1, max_size=6),  # draw, then show()
    hs.tuples(hs.just("power"), hs.booleans()),
    hs.tuples(hs.just("contrast"), hs.integers(0, 255)),
    hs.just(("switch",)),  # the display setting changed (Settings, or the other type)
)


@pytest.mark.parametrize("setting, kind", CASES)
@settings(max_examples=25, deadline=None)
@given(steps=hs.lists(STEP, max_size=12), garbage=hs.binary(min_size=1056, max_size=1056))
def test_any_drawing_shows_right_or_shifted_by_two(setting, kind, steps, garbage):
    rig = Rig(setting, kind, garbage)
    for step in steps:
        if isinstance(step, list):
            for op in step:
                draw(rig.d, op)
            rig.show()
        elif step[0] == "power":
            rig.d.power(step[1])
            rig.on = step[1]
            rig.check()
        elif step[0] == "contrast":
            rig.d.contrast(step[1])
            assert rig.panel.state.contrast == step[1]
            rig.check()  # contrast 0 is dim, not dark
        else:
            rig.switch("sh1106" if rig.setting == "ssd1306" else "ssd1306")


@pytest.mark.parametrize("setting, kind", CASES)
def test_power_up_lights_either_panel(setting, kind):
    rig = Rig(setting, kind)
    assert rig.panel.lit and rig.panel.state.display_on
    assert rig.panel.state.segment_remap and rig.panel.state.com_remap
    assert rig.panel.state.start_line == 0 and rig.panel.state.display_offset == 0
    if kind == "ssd1306":
        assert rig.panel.state.charge_pump and rig.panel.state.addressing == panels.PAGE
    rig.d.text("Geek Out!", 0, 0, 1)
    rig.d.fill_rect(120, 56, 8, 8, 1)  # the bottom right corner
    rig.show()
    # the bytes a controller does not know: the SSD1306 knows every command of both
    # adapters but the SH1106's 0xAD 0x8B; the SH1106 has no 0x20, 0x21, 0x22 nor 0x8D
    unknown = {("ssd1306", "ssd1306"): 0, ("sh1106", "ssd1306"): 2,
               ("ssd1306", "sh1106"): 4, ("sh1106", "sh1106"): 4}
    assert rig.panel.unknown == unknown[setting, kind]


def test_wrong_setting_is_a_two_column_shift_on_a_hand_picture():
    """One lit column at x = 10 on every page: on the wrong panel it is seen at x = 8
    (SSD1306 setting, SH1106 panel) or x = 12 (the other way round)."""
    for setting, kind, seen in (("ssd1306", "sh1106", 8), ("sh1106", "ssd1306", 12),
                                ("ssd1306", "ssd1306", 10), ("sh1106", "sh1106", 10)):
        rig = Rig(setting, kind)
        rig.d.vline(10, 0, 64, 1)
        rig.show()
        glass = rig.panel.render()
        assert [x for x in range(128) if glass[x]] == [seen]
        assert all(glass[p * 128 + seen] == 0xFF for p in range(8))


def test_bytes_per_update():
    """Page addressing: 4 address bytes per run (the SSD1306 window commands took 7)."""
    for setting in MODELS:
        rig = Rig(setting, "ssd1306")
        init = len(rig.d.INIT) + 1
        assert rig.d.bytes_sent == init + 8 * (4 + 1 + 128)  # 1,064 per full frame
        before = rig.d.bytes_sent
        rig.d.pixel(64, 32, 1)
        rig.show()
        assert rig.d.bytes_sent - before == 4 + 1 + 1


@pytest.mark.parametrize("setting, kind", CASES)
def test_the_firmware_screens_on_both_panels(setting, kind):
    """A 2-player Masters game played by keys on the simulated board with `setting`
    saved, the panel checked against the frame after every press; then the setting is
    changed in Settings (by keys) and the next game's screens are checked the same way."""
    files = {NAME: json.dumps({"v": 1, "display": setting, "brightness": 3,
                               "sound": True}).encode()}
    board = SimBoard(storage=FakeFlash(files), seed=4, display_kind=setting)
    rig = Rig(setting, kind)
    board.i2c.panel = rig.panel
    rig.take_over(lambda: (board.set_display(setting), board.display)[1])  # the board's adapter
    seen = []

    def look(driver):
        assert board.display is rig.d  # no switch but the one below
        rig.check()
        seen.append(driver.top().name)

    d = Driver(board)
    d.after_press = look
    d.boot()
    rig.check()
    d.start(0, 2)
    assert d.play_out().name == "masters.end"
    d.press(keys.OK)
    assert d.top().name == "home" and len(seen) > 50
    # Settings > Display > the other type (home.apply_settings: board.set_display)
    home = d.top()
    while home.items[home.index] != "Settings":
        d.press(keys.DOWN)
    d.press(keys.OK)
    d.press(keys.OK)  # Display
    d.press(keys.UP)
    d.after_press = None
    rig.edge = edge_columns(rig.panel) if kind == "sh1106" else None
    d.press(keys.OK)
    other = "sh1106" if setting == "ssd1306" else "ssd1306"
    assert board.display.KIND == other and d.ui.fb is board.display
    rig.d = board.display
    rig.setting = other
    rig.check()
    d.after_press = look
    d.press(keys.LONG_BACK)
    d.start(1, 3)  # table dice, 3 players
    for _ in range(30):
        d.step()
    assert len(set(seen)) >= 5
