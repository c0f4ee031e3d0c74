"""The SPI panel option on the emulated Pico (host/geekout_tools/pico/spi_panel.mjs): the
deployed gadget set for the 7-pin SSD1306 or SH1106 module drives it on SPI0 from
main.py with the real hal/board.py; the glass shows what the firmware draws, key after
key, and a whole frame takes about a millisecond at the clock the firmware programs."""

import json

import picoplay
import pytest
from geekout import keys
from geekout.hal import pins

pytestmark = pytest.mark.pico


def frames_after(tmp_path, files, script):
    """The frame the firmware draws (CPython, simulated board) on these files after the
    keys of `script`."""
    from geekout_tools.sim import host

    flash = tmp_path / "cpython-flash-{}".format(len(script))
    flash.mkdir(parents=True)
    for p, d in files.items():
        (flash / p).write_bytes(d)
    _report, frame, _leds = host.run_cpython(0, 1, str(flash), script, heap=False)
    return bytes(frame)


def full_frames(spi):
    """[(t0, t1)] of each whole frame in the SPI transfers: eight page address commands
    (3 bytes, DC low), each followed by 128 bytes of data (DC high)."""
    out = []
    for i in range(len(spi) - 15):
        run = spi[i:i + 16]
        if all(len(run[2 * p][3]) == 3 and run[2 * p][2] == 0 and run[2 * p][3][0] == 0xB0 + p
               and len(run[2 * p + 1][3]) == 128 and run[2 * p + 1][2] == 1 for p in range(8)):
            out.append((run[0][0], run[-1][1]))
    return out


@pytest.mark.parametrize("panel", ["ssd1306-spi", "sh1106-spi"])
def test_the_spi_panel_shows_the_gadget_key_after_key(tmp_path, panel):
    settings = {"v": 1, "display": panel, "brightness": 3, "sound": True}
    files = {"settings.json": json.dumps(settings).encode()}
    image = picoplay.deployed_image(tmp_path, files)
    with picoplay.Pico(flash=image, panel=panel) as pico:
        pico.run(1500)
        assert b"Traceback" not in pico.serial
        assert pico.panel.lit
        # The SSD1306 knows every power-up byte; the SH1106 skips the four SSD1306-only
        # commands its power-up carries (0x20, 0x21, 0x22, 0x8D: hal/display.py).
        assert pico.panel.unknown == (0 if panel == "ssd1306-spi" else 4)
        assert pico.panel_resets  # RES pulsed before the power-up commands
        assert pico.i2c == []  # nothing on the I2C bus: the panel is on SPI
        assert pico.frame() == frames_after(tmp_path, files, [])
        script = []
        for k in (keys.DOWN, keys.OK):  # Settings (or New game), then into it
            script.append(k)
            assert pico.key(k) is not None  # a redraw went over SPI
            assert pico.frame() == frames_after(tmp_path, files, script)
        stats = pico.stats()
        # 10 MHz asked (hal/pins.py): clk_peri 48 MHz / 6, the nearest at or under it.
        assert stats["clk_peri"] == 48e6 and stats["spi_hz"] == 8e6
        assert stats["spi_hz"] <= pins.SPI_FREQ
        assert stats["spi_bytes"] > 1024


def test_a_full_frame_over_spi_takes_about_a_millisecond(tmp_path):
    settings = {"v": 1, "display": "ssd1306-spi", "brightness": 3, "sound": True}
    image = picoplay.deployed_image(tmp_path, {"settings.json": json.dumps(settings).encode()})
    with picoplay.Pico(flash=image, panel="ssd1306-spi") as pico:
        pico.run(1500)
        hz = pico.stats()["spi_hz"]
        frames = full_frames(pico.spi)
        assert frames, "no whole frame sent at power-up"
        wire_ms = (1024 + 8 * 3) * 8 / hz * 1e3  # the bits alone: 1.05 ms at 8 MHz
        for t0, t1 in frames:
            ms = (t1 - t0) / 1e6
            # The bits plus the firmware's own time between the 16 transfers: a wide margin
            # (the same frame on the 400 kHz I2C bus takes over 25 ms).
            assert wire_ms <= ms < 3 * wire_ms, (ms, wire_ms)
        # Each 128-byte run is shifted out at the programmed clock.
        run = next(t for t in pico.spi if len(t[3]) == 128)
        assert (run[1] - run[0]) == pytest.approx(128 * 8 / hz * 1e9, rel=0.05)


def test_a_lost_spi_panel_goes_unnoticed_and_the_gadget_runs_on(tmp_path):
    """SPI has no acknowledge: with the module gone (a loose wire) the firmware cannot
    tell, and must not need to: the keys go on working and the frames go on out, with
    no error, no stand-in display and no red blink (docs/gadget.md, The SPI module)."""
    settings = {"v": 1, "display": "ssd1306-spi", "brightness": 3, "sound": True}
    image = picoplay.deployed_image(tmp_path, {"settings.json": json.dumps(settings).encode()})
    with picoplay.Pico(flash=image, panel="ssd1306-spi") as pico:
        pico.run(1500)
        leds = list(pico.leds)
        ram = bytes(pico.panel.ram)
        pico.set_panel_present(False)
        before = pico.stats()["spi_bytes"]
        for k in (keys.DOWN, keys.OK, keys.BACK):
            pico.key(k, min_ms=300)
        assert pico.stats()["spi_bytes"] > before  # drawn, to nobody
        assert bytes(pico.panel.ram) == ram  # nothing reached a panel
        assert b"Traceback" not in pico.serial and b"no display" not in pico.serial
        assert pico.leds == leds  # no fault shown on the seat LEDs
        pico.set_panel_present(True)
        assert pico.key(keys.DOWN) is not None  # wired again: the next redraw reaches it
        assert bytes(pico.panel.ram) != ram
