"""`geekout sim --runtime pico`: bad input (no emulator needed), then the deployed build
on the emulated RP2040 (skipped without the UF2, the boot ROM, node or rp2040js): the
JSON contract, a screenshot, no panel, a kept flash image, power cycles."""

import json
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from geekout_tools.cli import main
from mpy_harness import ROOT

GEEKOUT = [sys.executable, "-m", "geekout_tools.cli"]
SHARED = ROOT.parent / "shared" / "pico"
CONTRACT = {"presses", "screens", "errors", "peak_heap_bytes", "free_heap_at_boot", "press_ms",
            "ready_ms", "flash_erases", "flash_programs"}


def _pico_files():
    """(uf2, bootrom, None) or (None, None, what is missing)."""
    uf2 = os.environ.get("GEEKOUT_PICO_UF2") or (
        str(SHARED / "micropython-v1.28.0-RPI_PICO.uf2") if SHARED.is_dir() else None)
    bootrom = os.environ.get("GEEKOUT_PICO_BOOTROM") or (
        str(SHARED / "rp2040-bootrom-b1.bin") if SHARED.is_dir() else None)
    for what, path in (("GEEKOUT_PICO_UF2 (MicroPython UF2)", uf2),
                       ("GEEKOUT_PICO_BOOTROM (RP2040 boot ROM)", bootrom)):
        if not path:
            return None, None, "no emulated Pico: {} not set".format(what)
        if not Path(path).is_file():
            return None, None, "no emulated Pico: {} {} does not exist".format(what, path)
    from geekout_tools.pico.emulator import PicoUnavailable, node_ready

    try:
        node_ready()
    except PicoUnavailable as e:
        return None, None, "no emulated Pico: " + str(e)
    return uf2, bootrom, None


UF2, BOOTROM, MISSING = _pico_files()
# The tier (tests/tiers.py) skips these, saying what is missing, or stops the run in CI.
needs_pico = pytest.mark.pico


def run(*args):
    env = dict(os.environ, GEEKOUT_PICO_UF2=UF2 or "", GEEKOUT_PICO_BOOTROM=BOOTROM or "")
    return subprocess.run(GEEKOUT + ["sim", "--runtime", "pico"] + list(args), capture_output=True,
                          text=True, timeout=300, env=env)


# -- bad input: one line on stderr, exit status 2, nothing written ----------------------


@pytest.fixture
def fake_files(tmp_path, monkeypatch):
    """A UF2 and a boot ROM that pass the checks made before the emulator starts."""
    block = struct.pack("<8I", 0x0A324655, 0x9E5D5157, 0x2000, 0x10000000, 256, 0, 1,
                        0xE48BFF56) + bytes(476) + struct.pack("<I", 0x0AB16F30)
    uf2 = tmp_path / "fw.uf2"
    uf2.write_bytes(block)
    rom = tmp_path / "rom.bin"
    rom.write_bytes(bytes(16384))
    monkeypatch.setenv("GEEKOUT_PICO_UF2", str(uf2))
    monkeypatch.setenv("GEEKOUT_PICO_BOOTROM", str(rom))
    return uf2, rom


def _rp2350_uf2(path):
    block = struct.pack("<8I", 0x0A324655, 0x9E5D5157, 0x2000, 0x10000000, 256, 0, 1,
                        0xE48BFF59) + bytes(476) + struct.pack("<I", 0x0AB16F30)
    path.write_bytes(block)
    return str(path)


@pytest.mark.parametrize("args,word", [
    (["--heap", "128K"], "--heap"),
    (["--panel", "lcd"], "--panel"),
    (["--uf2", "/nonexistent/fw.uf2"], "/nonexistent/fw.uf2"),
    (["--uf2", "{tmp}/text.uf2"], "not a UF2"),
    (["--uf2", "{rp2350}"], "another chip"),
    (["--bootrom", "{tmp}/text.uf2"], "boot ROM"),
    (["--flash", "{tmp}/text.uf2"], "flash image"),
    (["--flash", "{tmp}"], "flash image file"),
    (["--game", "masters"], "--game"),
    (["--panel", "none", "--screenshot", "{tmp}/shot.png"], "panel"),
    (["--flash-timing", "slow"], "--flash-timing"),
    (["--flash-timing", ""], "--flash-timing"),
    (["--flash-timing", "MAX"], "--flash-timing"),
])
def test_bad_input_exit_2_one_line(args, word, fake_files, tmp_path, capsys):
    (tmp_path / "text.uf2").write_text("not firmware\n")
    before = sorted(p.name for p in tmp_path.iterdir())
    rp2350 = _rp2350_uf2(tmp_path / "rp2350.uf2")
    args = [a.format(tmp=tmp_path, rp2350=rp2350) for a in args]
    code = main(["sim", "--runtime", "pico", "--headless", "--json"] + args)
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and word in err[0], err
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(before + ["rp2350.uf2"])
    assert (tmp_path / "text.uf2").read_text() == "not firmware\n"


@pytest.mark.parametrize("unset,word", [("GEEKOUT_PICO_UF2", "GEEKOUT_PICO_UF2"),
                                        ("GEEKOUT_PICO_BOOTROM", "GEEKOUT_PICO_BOOTROM")])
def test_files_not_given(unset, word, fake_files, monkeypatch, capsys):
    monkeypatch.delenv(unset)
    assert main(["sim", "--runtime", "pico", "--headless"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and word in err[0]


def test_node_or_rp2040js_missing(fake_files, monkeypatch, tmp_path, capsys):
    import geekout_tools.pico.emulator as emulator

    monkeypatch.setattr(emulator, "ROOT", tmp_path)  # no node_modules there
    assert main(["sim", "--runtime", "pico", "--headless"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "rp2040js" in err[0]
    monkeypatch.setattr(emulator.shutil, "which", lambda name: None)
    assert main(["sim", "--runtime", "pico", "--headless"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "node" in err[0]


@pytest.mark.parametrize("args,word", [
    (["--uf2", "fw.uf2"], "--runtime pico"),
    (["--bootrom", "rom.bin"], "--runtime pico"),
    (["--panel", "sh1106"], "--runtime pico"),
    (["--flash-timing", "max"], "--runtime pico"),
])
def test_pico_options_need_pico(args, word, capsys):
    assert main(["sim", "--headless"] + args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and word in err[0]


def test_interactive_pico_needs_terminal(fake_files, capsys):
    assert main(["sim", "--runtime", "pico", "--json"]) == 2  # --json: headless only
    assert "--headless" in capsys.readouterr().err
    assert main(["sim", "--runtime", "pico"]) == 2  # pytest's stdin is no terminal
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "terminal" in err[0]


# -- on the emulated Pico ---------------------------------------------------------------


@needs_pico
def test_headless_json_contract():
    res = run("--headless", "--random-presses", "30", "--seed", "3", "--json")
    assert res.returncode == 0, res.stderr[-2000:]
    out = json.loads(res.stdout)
    assert set(out) == CONTRACT
    assert out["presses"] == 30 and out["errors"] == 0
    assert out["screens"][0] == "home" and len(out["screens"]) >= 3
    assert out["free_heap_at_boot"] > 200000
    assert 0 < out["peak_heap_bytes"] < out["free_heap_at_boot"]
    pm = out["press_ms"]
    assert 0 < pm["median"] <= pm["p95"] <= pm["max"] < 5000
    rm = out["ready_ms"]
    assert 0 < rm["median"] <= rm["p95"] <= rm["max"] < 5000
    # A key is ready only after its screen's last byte: the slowest screen's key is at
    # least as slow to be ready.
    assert rm["max"] >= pm["max"]
    assert out["flash_erases"] >= 0 and out["flash_programs"] >= 0


@needs_pico
def test_flash_timing_max_makes_saves_slower():
    """The same presses with the flash chip's maximum busy times: the keys that save wait
    longer before the gadget can take the next one; the screens come the same."""
    outs = {}
    for timing in ("typical", "max"):
        res = run("--headless", "--random-presses", "12", "--seed", "3", "--json",
                  "--flash-timing", timing)
        assert res.returncode == 0, res.stderr[-2000:]
        outs[timing] = json.loads(res.stdout)
    typ, mx = outs["typical"], outs["max"]
    assert typ["screens"] == mx["screens"]
    assert typ["flash_programs"] > 0  # the presses saved something: the test shows a change
    assert mx["ready_ms"]["max"] > typ["ready_ms"]["max"]


@needs_pico
def test_keys_and_screenshot_match_the_cpython_simulator(tmp_path):
    """The emulated panel shows, pixel for pixel, what the in-process simulator draws."""
    from PIL import Image, ImageChops

    png, ref = tmp_path / "pico.png", tmp_path / "cpython.png"
    res = run("--headless", "--keys", "OK,OK", "--screenshot", str(png))
    assert res.returncode == 0, res.stderr[-2000:]
    assert "masters.mode" in res.stdout and "press to screen" in res.stdout
    cp = subprocess.run(GEEKOUT + ["sim", "--headless", "--keys", "OK,OK", "--screenshot",
                                   str(ref)], capture_output=True, text=True, timeout=120)
    assert cp.returncode == 0, cp.stderr
    a, b = Image.open(png).convert("RGB"), Image.open(ref).convert("RGB")
    assert a.size == (128 * 4 + 16, 64 * 4 + 16 + 12 * 4)
    assert len(a.getcolors(100000) or []) >= 2
    assert ImageChops.difference(a, b).getbbox() is None


@needs_pico
def test_the_spi_module_shows_what_the_cpython_simulator_draws(tmp_path):
    """--panel sh1106-spi: the gadget set for the SPI module (its settings.json names the
    kind) drives the emulated module on SPI0; the picture is the simulator's."""
    from geekout_tools.pico import fsimage
    from PIL import Image, ImageChops

    png, ref, img = tmp_path / "pico.png", tmp_path / "cpython.png", tmp_path / "g.img"
    res = run("--headless", "--panel", "sh1106-spi", "--keys", "OK,OK", "--screenshot",
              str(png), "--flash", str(img))
    assert res.returncode == 0, res.stderr[-2000:]
    assert "press to screen" in res.stdout
    cp = subprocess.run(GEEKOUT + ["sim", "--headless", "--keys", "OK,OK", "--screenshot",
                                   str(ref)], capture_output=True, text=True, timeout=120)
    assert cp.returncode == 0, cp.stderr
    a, b = Image.open(png).convert("RGB"), Image.open(ref).convert("RGB")
    assert ImageChops.difference(a, b).getbbox() is None
    settings = json.loads(fsimage.read_files(img)["settings.json"])
    assert settings["display"] == "sh1106-spi"


@needs_pico
def test_no_panel_headless():
    res = run("--headless", "--panel", "none", "--random-presses", "5", "--seed", "2", "--json")
    assert res.returncode == 0, res.stderr[-2000:]
    out = json.loads(res.stdout)
    assert set(out) == CONTRACT and out["presses"] == 5 and out["errors"] == 0
    assert out["screens"][0] == "home"


@needs_pico
def test_flash_image_kept_between_runs(tmp_path):
    img = tmp_path / "gadget.img"
    res = run("--headless", "--keys", "OK,OK,OK,OK,OK", "--flash", str(img), "--json")
    assert res.returncode == 0, res.stderr[-2000:]
    assert json.loads(res.stdout)["screens"][-1] == "masters.dice"
    from geekout_tools.pico import fsimage

    assert img.stat().st_size == fsimage.IMAGE_SIZE
    res = run("--headless", "--flash", str(img), "--json")  # powered up again: the game is offered
    assert res.returncode == 0, res.stderr[-2000:]
    assert json.loads(res.stdout)["screens"][0] == "resume?"


@needs_pico
def test_power_cycles(monkeypatch):
    """Every _REBOOT_EVERY presses the Pico is power-cycled and the gadget started again;
    the figures add up over the gadgets."""
    from geekout_tools.sim import host, pico

    host.cpython_paths()
    import headless

    monkeypatch.setattr(headless, "_REBOOT_EVERY", 8)
    cycles = []
    real = pico.Session.power_cycle

    def counted(self):
        cycles.append(self.pico.stats()["t"])
        real(self)

    monkeypatch.setattr(pico.Session, "power_cycle", counted)
    report, frame, leds = pico.run_headless(17, 4, [2], UF2, BOOTROM)
    assert len(cycles) == 2
    assert report["presses"] == 18 and report["errors"] == 0
    assert report["free_heap_at_boot"] > 200000 and report["screens"][0] == "home"
    assert frame is not None and len(frame) == 1024 and len(leds) == 4


@needs_pico
def test_interactive_on_a_terminal(tmp_path):
    """The terminal UI on the emulated Pico: keys from a pty, q quits, the flash image and
    the final screenshot are written."""
    import pty
    import select
    import time

    img, png = tmp_path / "gadget.img", tmp_path / "last.png"
    env = dict(os.environ, GEEKOUT_PICO_UF2=UF2 or "", GEEKOUT_PICO_BOOTROM=BOOTROM or "")
    argv = GEEKOUT + ["sim", "--runtime", "pico", "--flash", str(img), "--screenshot", str(png)]
    pid, fd = pty.fork()
    if pid == 0:  # the child: the simulator on the pty
        os.chdir(str(tmp_path))
        os.execve(argv[0], argv, env)
    out = bytearray()

    def read_until(text, seconds):
        end = time.time() + seconds
        while time.time() < end and text not in out:
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                try:
                    out.extend(os.read(fd, 65536))
                except OSError:
                    break
        return text in out

    try:
        assert read_until(b"q quit", 60), bytes(out[-500:])
        for key in (b"\r", b"\r"):
            os.write(fd, key)
        del out[:]
        assert read_until(b"q quit", 20)  # redrawn after the keys
        os.write(fd, b"q")
        read_until(b"never", 20)  # until the pty closes
        status = None
        for _ in range(100):
            done, st = os.waitpid(pid, os.WNOHANG)
            if done:
                status = st
                break
            time.sleep(0.1)
    finally:
        os.close(fd)
    if status is None:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        pytest.fail("the simulator did not quit on q")
    assert os.waitstatus_to_exitcode(status) == 0, bytes(out[-500:])
    from geekout_tools.pico import fsimage

    assert img.stat().st_size == fsimage.IMAGE_SIZE
    assert png.stat().st_size > 0
