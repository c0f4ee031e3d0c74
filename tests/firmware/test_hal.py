"""HAL adapters on CPython with fakes: buttons, display dirty spans, LEDs, buzzer, storage."""

from boards.sim import CountingI2C, Pixels, Tone
from geekout import keys
from geekout.hal import pins
from geekout.hal.buttons import Buttons, Pushbutton
from geekout.hal.buzzer import Buzzer
from geekout.hal.display import (
    SH1106,
    SH1106_INIT,
    SSD1306,
    SSD1306_INIT,
    find_address,
)
from geekout.hal.leds import FLASH_BUST, FLASH_SCORE, SEAT_RGB, SeatLeds
from geekout.hal.storage import Storage
from hypothesis import given, settings
from hypothesis import strategies as st
from keypad import Level


def run(buttons, levels, timeline, until, step=10):
    """timeline: {ms: (button index, down)}; returns [(ms, key)]."""
    out = []
    for t in range(0, until, step):
        if t in timeline:
            i, down = timeline[t]
            levels[i].down = down
        for k in buttons.poll(t):
            out.append((t, k))
    return out


def make():
    levels = [Level() for _ in range(4)]
    return Buttons(*levels), levels


def test_short_ok_fires_on_release_only():
    b, lv = make()
    got = run(b, lv, {100: (2, True), 300: (2, False)}, 600)
    assert got == [(300, keys.OK)]


def test_long_ok_fires_once_and_no_short_press():
    b, lv = make()
    got = run(b, lv, {100: (2, True), 2000: (2, False)}, 2500)
    assert got == [(100 + Pushbutton.LONG_MS, keys.LONG_OK)]


def test_long_back_is_home():
    b, lv = make()
    got = run(b, lv, {0: (3, False), 100: (3, True), 1000: (3, False)}, 1200)
    assert [k for _, k in got] == [keys.LONG_BACK]


def test_up_fires_on_press_and_repeats_while_held():
    b, lv = make()
    got = run(b, lv, {100: (0, True), 1000: (0, False)}, 1500)
    times = [t for t, k in got if k == keys.UP]
    assert times[0] == 110  # read down at 100 and 110: a press (CONFIRM_MS apart)
    assert len(times) == 1 + len(range(100 + Pushbutton.REPEAT_DELAY_MS, 1000, Pushbutton.REPEAT_MS))
    assert all(k == keys.UP for _, k in got)


def test_bounces_are_ignored():
    b, lv = make()
    # contact bounce: 4 edges within 20 ms, then a clean release later
    timeline = {100: (2, True), 110: (2, False), 120: (2, True), 400: (2, False),
                410: (2, True), 420: (2, False)}
    got = run(b, lv, timeline, 800, step=10)
    assert [k for _, k in got] == [keys.OK]


def test_button_held_at_start_does_not_fire():
    b, lv = make()
    lv[2].down = True
    got = run(b, lv, {1500: (2, False)}, 1600)
    assert got == []


def test_ticks_wrap_around():
    b, lv = make()
    base = 0x3FFFFFFF - 50
    out = []
    for i in range(0, 400, 10):
        t = (base + i) & 0x3FFFFFFF
        lv[2].down = 20 <= i < 200
        out += list(b.poll(t))
    assert out == [keys.OK]


def test_ssd1306_sends_only_changed_spans():
    bus = CountingI2C(keep=True)
    d = SSD1306(bus)
    boot = bus.bytes
    assert boot > 1024  # init commands and one full frame
    d.show()
    assert bus.bytes == boot  # nothing changed: nothing sent
    bus.writes.clear()
    d.pixel(10, 20, 1)  # page 2, column 10
    d.show()
    # page addressing, which both controllers have: page 2, column 10 (0x0A, 0x10)
    assert bus.writes == [bytes((0x00, 0xB2, 0x0A, 0x10)), b"\x40\x10"]
    assert bus.bytes == d.bytes_sent == boot + 4 + 2


def test_full_frame_costs_the_same_on_both_adapters():
    for cls, init in ((SSD1306, SSD1306_INIT), (SH1106, SH1106_INIT)):
        bus = CountingI2C(keep=True)
        d = cls(bus)
        # init in one transaction, then per page a 4-byte address and 129 bytes of data
        assert bus.writes[0] == b"\x00" + init
        assert bus.bytes == d.bytes_sent == 1 + len(init) + 8 * (4 + 1 + 128)
        assert [w[1] for w in bus.writes[1::2]] == list(range(0xB0, 0xB8))


def test_far_apart_changes_become_two_runs():
    bus = CountingI2C(keep=True)
    d = SSD1306(bus)
    bus.writes.clear()
    d.pixel(0, 0, 1)
    d.pixel(127, 0, 1)
    d.show()
    assert len(bus.writes) == 4  # two (address, data) pairs instead of 128 columns


def test_changes_in_a_stretch_of_changed_chunks_share_a_run():
    bus = CountingI2C(keep=True)
    d = SSD1306(bus)
    bus.writes.clear()
    d.pixel(3, 0, 1)
    d.pixel(20, 0, 1)  # the next 16-byte chunk changed too: one run, 3 to 20
    d.pixel(50, 0, 1)  # chunk 2 unchanged, so chunk 3 starts a run of its own
    d.show()
    assert bus.writes == [b"\x00\xb0\x03\x10", b"\x40\x01" + bytes(16) + b"\x01",
                          b"\x00\xb0\x02\x13", b"\x40\x01"]


def test_sh1106_column_offset_is_two():
    bus = CountingI2C(keep=True)
    d = SH1106(bus)
    bus.writes.clear()
    d.pixel(0, 9, 1)  # page 1, column 0 -> RAM column 2
    d.show()
    assert bus.writes[0] == bytes((0x00, 0xB1, 0x02, 0x10))
    assert bus.writes[1] == b"\x40\x02"
    bus.writes.clear()
    d.pixel(127, 9, 1)  # column 127 -> RAM column 129 = 0x81
    d.show()
    assert bus.writes[0] == bytes((0x00, 0xB1, 0x01, 0x18))


class ProbeBus:
    """Answers writes at `devices` only (OSError(19) elsewhere, as machine.I2C on a NACK);
    scan() finds nothing, as the rp2 port under emulation."""

    def __init__(self, *devices):
        self.devices = devices
        self.probes = []

    def scan(self):
        return []

    def writeto(self, addr, buf, stop=True):
        self.probes.append((addr, bytes(buf)))
        if addr not in self.devices:
            raise OSError(19)
        return len(buf)


def test_find_address_names_the_problem():
    try:
        find_address(ProbeBus(0x50))
    except OSError as e:
        assert "SDA/SCL" in str(e) and "0x3c/0x3d" in str(e)
    else:
        raise AssertionError("no OLED should raise")


def test_find_address_probes_with_a_nop_write_not_scan():
    bus = ProbeBus(0x3D)
    assert find_address(bus) == 0x3D
    # 0x3C first (no answer), then 0x3D: control byte 0x00 + NOP 0xE3 on both
    assert bus.probes == [(0x3C, b"\x00\xe3"), (0x3D, b"\x00\xe3")]
    bus = ProbeBus(0x3C, 0x3D)
    assert find_address(bus, 0x3D) == 0x3D and bus.probes == [(0x3D, b"\x00\xe3")]
    assert find_address(ProbeBus(0x3C), 0x3D) == 0x3C  # the setting's address is wrong


def test_seat_leds_turn_flash_and_brightness():
    px = Pixels(4)
    leds = SeatLeds(px, 4)
    leds.set_brightness(5)
    leds.show_turn(1, 3)
    assert px.rgb[1] == SEAT_RGB[1]
    assert px.rgb[0] != (0, 0, 0) and px.rgb[0][0] < SEAT_RGB[0][0]  # dim
    assert px.rgb[3] == (0, 0, 0)  # no fourth player
    writes = px.writes
    leds.flash(FLASH_BUST, 1000, 1)
    assert px.rgb[1] == (255, 255, 255) and px.rgb[0] == (255, 0, 0)
    assert px.writes == writes + 1  # one write per frame
    assert leds.tick(1100) is False
    assert leds.tick(1400) is True
    assert px.rgb[1] == SEAT_RGB[1]
    leds.flash(FLASH_SCORE, 2000, 2)
    assert px.rgb[2] == (255, 255, 255)
    leds.set_brightness(1)
    leds.tick(3000)
    assert max(px.rgb[1]) < 10


def test_seat_leds_write_a_turn_only_when_it_changes_what_they_show():
    px = Pixels(4)
    leds = SeatLeds(px, 4)
    leds.show_turn(1, 3)
    writes = px.writes
    leds.show_turn(1, 3)  # the same turn again: nothing to write
    assert px.writes == writes
    leds.show_turn(2, 3)
    assert px.writes == writes + 1 and px.rgb[2] != (0, 0, 0)
    leds.show_turn(2, 4)  # a fourth seat in play
    assert px.writes == writes + 2 and px.rgb[3] != (0, 0, 0)
    leds.flash(FLASH_SCORE, 1000, 2)
    leds.show_turn(2, 4)  # the same turn ends the flash, as before
    assert px.writes == writes + 4 and px.rgb[2] != (255, 255, 255)


def test_buzzer_plays_and_mutes():
    tone = Tone()
    bz = Buzzer(tone)
    bz.cue("score", 0)
    assert tone.f == 880 and tone.d > 0
    bz.tick(70)
    assert tone.f == 1320
    bz.tick(200)
    assert tone.d == 0
    bz.cue("bust", 1000)  # 330 Hz 90 ms, a 30 ms rest, 220 Hz 160 ms
    assert tone.f == 330 and tone.d > 0
    bz.tick(1090)
    assert tone.d == 0
    bz.tick(1120)
    assert tone.f == 220 and tone.d > 0
    bz.tick(1280)
    assert tone.d == 0 and not bz.notes
    bz.set_muted(True)
    bz.cue("bust", 300)
    assert tone.d == 0 and bz.played == 2


def test_storage_write_is_temp_then_rename(tmp_path):
    st = Storage(str(tmp_path / "flash"))
    assert st.read("x") is None
    st.write("x", b"one")
    st.write("x", b"two")
    assert st.read("x") == b"two"
    assert not st.exists("x.tmp")
    st.append("j", b"ab")
    st.append("j", b"cd")
    assert st.read("j") == b"abcd"
    st.rename("j", "k")
    assert st.read("k") == b"abcd" and not st.exists("j")
    st.remove("k")
    assert not st.exists("k")
    with st.open("x") as f:
        assert f.read() == b"two"


def test_pin_map_is_plain_data():
    assert pins.PINS["NEOPIXEL_COUNT"] == 4
    used = [pins.I2C_SDA, pins.I2C_SCL, pins.BUTTON_UP, pins.BUTTON_DOWN, pins.BUTTON_OK,
            pins.BUTTON_BACK, pins.NEOPIXEL_PIN, pins.PIEZO_PIN]
    assert len(set(used)) == len(used)
    assert all(isinstance(v, (int, str)) for v in pins.PINS.values())


def _runs_by_bytes(new, old):
    """The changed runs of one 128-byte page worked out byte by byte: the changed
    columns, a run going on across unchanged ones until a whole aligned 16-byte chunk
    is unchanged."""
    changed = [i for i in range(128) if new[i] != old[i]]
    runs = []
    for i in changed:
        if runs and i // 16 - runs[-1][1] // 16 <= 1:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    return [tuple(r) for r in runs]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 127), st.integers(0, 63), st.integers(1, 12)),
                max_size=12),
       st.integers(0, 7))
def test_changed_runs_match_a_byte_by_byte_walk(marks, page):
    """show() finds a page's changed runs with C-level work (16-byte chunks compared);
    the runs must be the ones a walk over every column finds."""
    bus = CountingI2C(keep=True)
    d = SSD1306(bus)
    old = bytes(d.sent)
    for x, y, w in marks:
        d.fill_rect(x, page * 8 + y % 8, w, 1, 1)
    new = bytes(d.buffer)
    bus.writes.clear()
    d.show()
    base = page * 128
    want = _runs_by_bytes(new[base:base + 128], old[base:base + 128])
    got = [(w[2] | (w[3] & 0x0F) << 4, len(bus.writes[k + 1]) - 2)
           for k, w in enumerate(bus.writes) if k % 2 == 0]
    assert [(lo, hi - lo) for lo, hi in want] == got
    assert bytes(d.sent) == new
