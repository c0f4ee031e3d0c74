"""The gadget at power-up on the emulated Pico, as a user meets it: deployed with stock
mpremote over the emulated USB, started from main.py with the real hal/board.py, with
each panel (SSD1306 at 0x3C or 0x3D, SH1106) and the display setting right or wrong."""

import json
import socket
import subprocess
import sys
from pathlib import Path

import picoplay
import pytest

pytestmark = pytest.mark.pico

ROOT = Path(__file__).resolve().parents[2]
GEEKOUT = Path(sys.executable).parent / "geekout"


def home_frame(tmp_path, files=None):
    """The home screen the firmware draws (CPython, simulated board) on these files."""
    from geekout_tools.sim import host

    flash = tmp_path / "cpython-flash"
    flash.mkdir(parents=True)
    for p, d in (files or {}).items():
        (flash / p).write_bytes(d)
    _report, frame, _leds = host.run_cpython(0, 1, str(flash), [], heap=False)
    return bytes(frame)


def shifted(frame, by):
    """The frame moved `by` columns right (negative: left), blank where nothing is."""
    out = bytearray(1024)
    for page in range(8):
        for x in range(128):
            src = x - by
            if 0 <= src < 128:
                out[page * 128 + x] = frame[page * 128 + src]
    return bytes(out)


def middle(frame, margin=3):
    """The columns away from the edges (where a shifted picture wraps or is blank)."""
    return bytes(b for i, b in enumerate(frame) if margin <= i % 128 < 128 - margin)


def power_up(image, ms=1500, **kw):
    pico = picoplay.Pico(flash=image, **kw)
    pico.run(ms)
    return pico


@pytest.mark.parametrize("panel,addr", [("ssd1306", 0x3C), ("ssd1306", 0x3D), ("sh1106", 0x3C)])
def test_power_up_shows_home_on_the_right_setting(tmp_path, panel, addr):
    settings = {"v": 1, "display": panel, "brightness": 3, "sound": True}
    files = {"settings.json": json.dumps(settings).encode()}
    image = picoplay.deployed_image(tmp_path, files)
    want = home_frame(tmp_path, files)
    with power_up(image, panel=panel, addr=addr) as pico:
        assert pico.frame() == want
        assert b"Traceback" not in pico.serial
        assert pico.panel.lit


@pytest.mark.parametrize("panel,setting,by", [("sh1106", "ssd1306", -2), ("ssd1306", "sh1106", 2)])
def test_a_wrong_setting_shifts_the_picture_by_two_columns(tmp_path, panel, setting, by):
    settings = {"v": 1, "display": setting, "brightness": 3, "sound": True}
    files = {"settings.json": json.dumps(settings).encode()}
    image = picoplay.deployed_image(tmp_path, files)
    want = home_frame(tmp_path, files)
    with power_up(image, panel=panel) as pico:
        got = pico.frame()
        assert pico.panel.lit  # lit, not dark
        assert middle(got) == middle(shifted(want, by))  # shifted, not scrambled


def test_safe_mode_keeps_the_app_out_and_the_repl_free(image):
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        pico.hold("BACK")  # held while the board powers up
        pico.power_cycle(hold=("BACK",))
        pico.run(1500)
        pico.hold("BACK", down=False)
        assert b"safe mode" in pico.serial
        pico.raw_repl()
        out, err = pico.exec_raw("import sys\nprint('geekout.app' in sys.modules)")
        assert (out.strip(), err) == ("False", "")


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_deploy_with_mpremote_then_the_gadget_starts(tmp_path):
    """`geekout deploy --port socket://...` with stock mpremote onto the stock firmware's
    blank littlefs: every file, then only what changed; the gadget restarts into home."""
    want = home_frame(tmp_path)
    with picoplay.Pico(panel="ssd1306", serial_port=0) as pico:
        pico.run(300)  # MicroPython formats its blank littlefs and reaches the REPL
        port = "socket://127.0.0.1:{}".format(pico.serial_port)
        pico.free()
        first = subprocess.run([str(GEEKOUT), "deploy", "--port", port], capture_output=True,
                               text=True, timeout=1200, cwd=ROOT)
        assert first.returncode == 0, first.stderr
        assert "deployed:" in first.stdout and " 0 unchanged" in first.stdout
        again = subprocess.run([str(GEEKOUT), "deploy", "--port", port], capture_output=True,
                               text=True, timeout=600, cwd=ROOT)
        assert again.returncode == 0, again.stderr
        assert "0 copied" in again.stdout or "up to date" in again.stdout, again.stdout
        pico.pause()
        pico.run(2000)
        assert pico.frame() == want
        files = picoplay.fsimage.read_files(_saved(pico, tmp_path))
        assert "main.py" in files and "geekout/app.mpy" in files
        assert "geekout/masters/hint.bin" in files
        # The logs come back with the same tool chain.
        pico.free()
        pulled = subprocess.run([str(GEEKOUT), "logs", "pull", "--port", port, "--dest",
                                 str(tmp_path / "logs")], capture_output=True, text=True,
                                timeout=600, cwd=ROOT)
        pico.pause()
        assert pulled.returncode == 0, pulled.stderr


def _saved(pico, tmp_path):
    path = tmp_path / "deployed.img"
    pico.save_flash(path)
    return path
