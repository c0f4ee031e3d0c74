"""What goes wrong at a table, on the emulated Pico: no panel or a panel that comes
later, safe mode, a loose I2C wire mid-game, damaged settings, a full flash, a USB host
that holds the port open without reading. Each is shown to the player (the screen or the
seat LEDs) and survived: no restart loop, no lost game."""

import picoplay
import pytest
from test_pico_board import home_frame

pytestmark = pytest.mark.pico

MASTERS = ("masters", 5)


def blinks_red(frames, t_from):
    """The seat LEDs' frames since t_from alternate all-red and all-off."""
    seen = [tuple(map(tuple, rgb)) for t, rgb in frames if t >= t_from]
    reds = [f for f in seen if all(c[0] > 0 and c[1] == 0 and c[2] == 0 for c in f)]
    offs = [f for f in seen if all(c == (0, 0, 0) for c in f)]
    return bool(reds) and bool(offs)


def test_no_panel_the_leds_blink_red_and_a_panel_plugged_later_shows_home(tmp_path, image):
    want = home_frame(tmp_path)
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        pico.set_panel_present(False)  # nothing answers on I2C at power-up
        pico.run(4500)
        assert b"no display" in pico.serial
        assert b"Traceback" not in pico.serial
        assert blinks_red(pico.led_frames, 0)
        assert not pico.panel.lit
        pico.set_panel_present(True)  # the wire is fixed: looked for every 2 s
        pico.run(3000)
        assert b"display back" in pico.serial
        assert pico.frame() == want
        assert pico.leds[0] != [255, 0, 0] or not blinks_red(pico.led_frames, pico.now)


def test_safe_mode_lights_every_seat_blue(image):
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        pico.power_cycle(hold=("BACK",))
        pico.run(1500)
        assert pico.leds and all(c[2] > 0 and c[0] == 0 and c[1] == 0 for c in pico.leds)
        assert pico.panel.lit and any(pico.frame())  # "Safe mode" on the screen too


def test_damaged_settings_are_said_on_the_screen(tmp_path):
    files = {"settings.json": b'{"v": 1, "display": "ssd13'}
    image = picoplay.deployed_image(tmp_path, files)
    want = home_frame(tmp_path, files)  # home with the "Settings damaged" toast
    assert want != home_frame(tmp_path / "clean")
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        pico.run(1500)
        assert pico.frame() == want


@pytest.fixture(scope="module")
def masters(refs):
    return refs(*MASTERS)


def test_a_loose_wire_mid_game_is_survived(image, masters):
    """I2C transactions fail (NACK) from key 40: the screens go on drawing on a
    stand-in, the LEDs blink red, the panel is found again and shows the game as the unix
    port does; no restart, the journal goes on."""
    ref = masters
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        g = picoplay.Gadget(pico, seed=MASTERS[1])
        for i, k in enumerate(ref["keys"][:40]):
            g.key(k)
            assert pico.frame() == ref["frames"][i]
        pico.fail_i2c(3)  # the next three transactions are not acknowledged
        t = pico.now
        i = 40
        while b"no display" not in pico.serial and i < 60:
            g.key(ref["keys"][i])
            i += 1
        assert b"no display" in pico.serial
        pico.run(9000)  # looked for every 2 s (the first look meets the last failures)
        assert b"display back" in pico.serial
        assert blinks_red(pico.led_frames, t)
        for n in range(i, i + 40):
            g.key(ref["keys"][n])
            assert pico.frame() == ref["frames"][n], "key {}".format(n)
        assert g.errors == 0
        assert b"Restarted after an error" not in pico.serial


def test_a_host_holding_usb_without_reading_does_not_slow_presses(image, masters):
    """Event lines are dropped, not waited on, when the USB host does not read (a
    monitor holding the port open): the same keys take no longer than with a reading
    host (a blocked line waited up to 500 ms a write), and show the same screens.
    The probe is quiet here (its own lines would wait too); a key is done when the bus
    has been quiet for 15 ms, at least 250 ms after the press."""
    keys = masters["keys"][:80]
    runs = {}
    for reading in (True, False):
        with picoplay.Pico(flash=image, panel="ssd1306") as pico:
            picoplay.Gadget(pico, seed=MASTERS[1], quiet=True)
            pico.host_reading(reading)
            times, frames = [], []
            for k in keys:
                times.append(pico.key(k, min_ms=250) or 0.0)
                frames.append(pico.frame())
            runs[reading] = (times, frames, bytes(pico.serial))
    assert runs[True][1] == runs[False][1]  # the same game, screen for screen
    assert runs[True][2].count(b'"geekout": 1') > 10  # a reading host got event lines
    assert max(runs[False][0]) < max(runs[True][0]) + 50, (max(runs[False][0]), max(runs[True][0]))


def _filled_image(folder, extra=None):
    """The deployed build (and `extra` files) plus the biggest filler file that fits:
    the flash is full."""
    from geekout_tools.pico import fsimage

    build = picoplay.deployed_image(folder, extra)
    files = fsimage.read_files(build)
    lo, hi = 0, fsimage.IMAGE_SIZE
    while hi - lo > 64:  # the biggest filler that fits
        mid = (lo + hi) // 2
        try:
            fsimage.make_image(dict(files, filler=bytes(mid)), folder / "try.img")
            lo = mid
        except Exception:  # littlefs: no space
            hi = mid
    return fsimage.make_image(dict(files, filler=bytes(lo)), folder / "full.img")


def shows_text(frame, text, x=4):
    """The frame holds `text` in the firmware's 8x8 font at column x, on any row, light
    on dark or dark on light (a toast's bar)."""
    import sys

    sys.path.insert(0, str(picoplay.ROOT / "host" / "geekout_tools" / "sim" / "pyfb"))
    import framebuf

    w = len(text) * 8
    buf = bytearray(w)  # one 8-pixel page, MONO_VLSB
    framebuf.FrameBuffer(buf, w, 8, framebuf.MONO_VLSB).text(text, 0, 0, 1)

    def pixel(fr, width, px, py):
        return (fr[(py >> 3) * width + px] >> (py & 7)) & 1

    want = [[pixel(buf, w, i, j) for i in range(w)] for j in range(8)]
    dark = [[1 - v for v in row] for row in want]  # a toast's text: dark on its bar
    for y in range(0, 64 - 6):  # a toast's last line keeps 7 of its 8 rows (ui/core.py)
        rows = [[pixel(frame, 128, x + i, y + j) for i in range(w)] for j in range(min(8, 64 - y))]
        if rows == want[:len(rows)] or rows == dark[:len(rows)]:
            return True
    return False


def test_a_full_flash_says_so_and_the_game_goes_on(tmp_path, masters):
    # The saved game's parts are inline in the root folder's metadata block, which takes
    # them without a free block until it must split: notes beside them fill it first.
    notes = {"note{:02d}.txt".format(i): bytes(200) for i in range(14)}
    image = _filled_image(tmp_path, notes)
    ref = masters
    told = False
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        g = picoplay.Gadget(pico, seed=MASTERS[1])
        for k in ref["keys"]:  # the journal's parts fill the metadata and then ask a block
            g.key(k)
            if shows_text(pico.frame(), "Flash full:"):
                told = True
                break
        for k in ref["keys"][g.keys:g.keys + 20]:  # and the game goes on
            g.key(k)
        g.settle()
        assert told  # the toast "Flash full: game not saved" was on the screen
        assert g.errors == 0
        assert b"Restarted after an error" not in pico.serial
        assert g.screen.startswith("masters.")  # still playing
        files = picoplay.saved_files(pico, tmp_path)
        saved = picoplay.journal_of(files)
        # What was saved is a readable prefix of the game (or nothing at all).
        if saved:
            from geekout_tools.logs import reader

            assert ref["journal"].startswith(saved[:8])
            assert reader.parse(saved).damage is None  # littlefs lands nothing of a refused write
        assert len(saved) < len(ref["journal"])


def _flip(data, pos, mask):
    out = bytearray(data)
    out[pos] ^= mask
    return bytes(out)


def test_flipped_bytes_of_a_save_on_littlefs_resume_before_the_damage(tmp_path, image, masters):
    """The byte-flip sweep's cases on the real firmware and littlefs: a saved game written
    by the gadget itself, one byte changed, booted. A damaged record: the records before
    it resume and the whole file is in bad/; a damaged start or header: the file is set
    aside and home says so. The full sweep runs on the unix port (tests/firmware)."""
    from geekout import journal as jn

    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        g = picoplay.Gadget(pico, seed=MASTERS[1])
        for k in masters["keys"][:40]:
            g.key(k)
        g.settle()
        saved = picoplay.journal_of(picoplay.saved_files(pico, tmp_path))
    starts = []
    pos = 4
    while pos < len(saved):
        starts.append(pos)
        pos += saved[pos] + 4
    assert len(starts) >= 4 and jn.parse(saved)[4] is None
    header, second, last = starts[0], starts[2], starts[-1]
    cases = [(1, 0x01, None), (header + 2 + len("masters"), 0xFF, None),  # magic; the name's end
             (second, 0x80, second), (second + 2, 0x01, second),  # a length; a payload byte
             (len(saved) - 1, 0xFF, last)]  # the last record's check
    for i, (pos, mask, keep) in enumerate(cases):
        bad = _flip(saved, pos, mask)
        folder = tmp_path / "flip{}".format(i)
        flash = picoplay.deployed_image(folder, {"game.goj": bad})
        where = "byte {} mask 0x{:02x}".format(pos, mask)
        # The unix port's boot screen on the same file: home or "resume?", with the toast.
        want = home_frame(folder, {"game.goj": bad})
        with picoplay.Pico(flash=flash, panel="ssd1306") as pico:
            pico.run(1500)  # main.py boots on its own; the toast is up for 4 s
            assert pico.frame() == want, where
            g = picoplay.Gadget(pico, seed=MASTERS[1])  # the app again, under the probe
            files = picoplay.saved_files(pico, folder)
            assert files.get("bad/0001.goj") == bad, where
            if keep is None:
                assert g.screen == "home" and "game.goj" not in files, where
                continue
            assert g.screen == "resume?" and files["game.goj"] == saved[:keep], where
            g.key(2)  # OK: resume
            g.settle()
            assert g.errors == 0 and g.screen.startswith("masters."), where
            assert g.journal_bytes == len(jn.parse(saved[:keep])[2]), where
        assert b"Traceback" not in pico.serial, where

    # A full flash as well: littlefs has no block for the bad/ folder, so the damaged file
    # stays whole where it is, and the records before the damage resume unsaved.
    bad = _flip(saved, second + 2, 0x01)
    folder = tmp_path / "full"
    folder.mkdir()
    with picoplay.Pico(flash=_filled_image(folder, {"game.goj": bad}), panel="ssd1306") as pico:
        g = picoplay.Gadget(pico, seed=MASTERS[1])
        assert g.screen == "resume?"
        files = picoplay.saved_files(pico, folder)
        assert files["game.goj"] == bad and "bad/0001.goj" not in files
        g.key(2)  # OK: resume
        for k in masters["keys"][40:60]:
            g.key(k)
        g.settle()
        assert g.errors == 0 and g.screen.startswith("masters.")
        assert b"Traceback" not in pico.serial and b"Restarted after an error" not in pico.serial
