"""`geekout sim`: the headless JSON contract (CPython and the MicroPython runtime),
scripted keys, screenshots, bad input."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from geekout_tools.cli import main

GEEKOUT = [sys.executable, "-m", "geekout_tools.cli"]


def run(*args):
    return subprocess.run(GEEKOUT + list(args), capture_output=True, text=True, timeout=600)


def test_headless_json_contract_cpython():
    res = run("sim", "--headless", "--random-presses", "400", "--seed", "3", "--json")
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert set(out) == {"presses", "screens", "errors", "peak_heap_bytes"}
    assert out["presses"] == 400 and out["errors"] == 0
    assert out["screens"][0] == "home" and len(out["screens"]) > 5
    assert isinstance(out["peak_heap_bytes"], int) and out["peak_heap_bytes"] > 0


@pytest.mark.micropython
def test_headless_micropython_fuzz_every_screen():
    """Random presses on the deployed .mpy firmware offering Masters, heap 192K: no
    exception at all, on every screen of the app and of Masters (auto dice included)."""
    # Heap: passes down to 144K, not at 141K (bisection, checkout at /work/main); before
    # auto dice (the walk now plays them too) it passed down to 110K. 192K leaves a 33% margin. The seed
    # is one whose walk reaches every screen below.
    res = run("sim", "--headless", "--random-presses", "4000", "--seed", "15",
              "--runtime", "micropython", "--heap", "192K", "--game", "masters", "--json")
    assert res.returncode == 0, res.stderr[-2000:]
    out = json.loads(res.stdout)
    assert out["errors"] == 0 and out["presses"] == 4000
    # Peak 143,392 B since the review's traces and the "Reviewing..." frame (142,784 B;
    # 132,736 B when the journal's parts came to check each other); 152K leaves 8% over it.
    assert 0 < out["peak_heap_bytes"] < 152 * 1024
    for screen in ("home", "masters.mode", "masters.players", "masters.dice", "masters.table",
                   "masters.auto", "masters.menu", "settings", "help", "resume?"):
        assert screen in out["screens"]


def test_scripted_keys_and_screenshot(tmp_path):
    png = tmp_path / "shot.png"
    res = run("sim", "--headless", "--keys", "OK,OK,OK,OK,OK", "--seed", "2",
              "--screenshot", str(png))
    assert res.returncode == 0, res.stderr
    assert "masters.dice" in res.stdout
    from PIL import Image

    img = Image.open(png)
    assert img.size[0] == 128 * 4 + 16
    assert len(img.getcolors(100000)) > 2  # the screen and at least one lit seat LED


@pytest.mark.parametrize("args,word", [
    (["--random-presses", "x"], "--random-presses"),
    (["--runtime", "java"], "--runtime"),
    (["--heap", "lots"], "--heap"),
    (["--keys", "OK,JUMP"], "JUMP"),
    (["--screenshot", "a.jpg"], ".png"),
    (["--game", "chess"], "--game"),
])
def test_bad_input_exit_2_one_line(args, word, capsys, tmp_path):
    shot = tmp_path / "x.png"
    code = main(["sim", "--headless"] + args + (["--screenshot", str(shot)] if "--screenshot" not in args else []))
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and word in err[0]
    assert not shot.exists() and not Path("a.jpg").exists()


@pytest.mark.parametrize("args, words", [
    (["--screenshot", "{tmp}/missing/shot.png"], "the folder {tmp}/missing does not exist"),
    (["--screenshot", "{tmp}/folder.png"], "is a folder, not a file"),
    (["--flash", "{tmp}/file"], "--flash {tmp}/file: not a folder"),
    (["--flash", "{tmp}/missing/flash"], "the folder {tmp}/missing does not exist"),
    (["--heap", "1"], "--heap 1: too small: the firmware needs at least 96K"),
    (["--runtime", "micropython", "--heap", "64K"], "needs at least 96K"),
    (["--heap", "100000M"], "too large: at most 64M"),
    (["--heap", "\u0663K"], "--heap must look like 128K"),
    (["--random-presses", "1" + "0" * 30], "--random-presses: 100000000000... is not in 0..1000000"),
    (["--random-presses", "1000001"], "1000001 is not in 0..1000000"),
    (["--random-presses", "\u0663"], "--random-presses: '\u0663' is not a whole number"),
    (["--seed", "-1"], "--seed: -1 is not in 0..4294967295"),
    (["--seed", "4294967296"], "--seed: 4294967296 is not in 0..4294967295"),
    (["--keys", ",".join(["OK"] * 10001)], "--keys names 10,001 keys, more than the most, 10,000"),
    (["--keys", "OK,\x1b[2J"], "unknown key '\\x1b[2J'"),
    (["--runtime", "x\ny"], "not 'x\\x0ay'"),
])
def test_hostile_input_exit_2_one_line(args, words, capsys, tmp_path):
    """Each refused before the run: one line, nothing written (no flash folder made)."""
    (tmp_path / "file").write_text("not a flash\n")
    (tmp_path / "folder.png").mkdir()
    before = sorted(p.name for p in tmp_path.iterdir())
    args = [a.format(tmp=tmp_path) for a in args]
    code = main(["sim", "--headless"] + args)
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.count("\n") == 1 and words.format(tmp=tmp_path) in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert (tmp_path / "file").read_text() == "not a flash\n"


def test_limits_in_help(capsys):
    with pytest.raises(SystemExit):
        main(["sim", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    for limit in ("0-1,000,000", "0-4294967295", "96K-64M", "at most 10,000"):
        assert limit in out


def test_flash_folder_made_in_a_folder_that_exists(tmp_path):
    res = run("sim", "--headless", "--random-presses", "5", "--flash", str(tmp_path / "flash"))
    assert res.returncode == 0, res.stderr
    assert (tmp_path / "flash").is_dir()


def test_screenshot_that_cannot_be_written_one_line(tmp_path, monkeypatch, capsys):
    """A full disk when the screenshot is written: one line, no report printed."""
    from geekout_tools.sim import host

    def full(*_a):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(host, "save_png", full)
    code = main(["sim", "--headless", "--keys", "OK", "--screenshot", str(tmp_path / "s.png")])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "Traceback" not in err
    assert err == "geekout: error: --screenshot {}: cannot write: No space left on device\n".format(
        tmp_path / "s.png")
    assert sorted(tmp_path.iterdir()) == []  # no screenshot, no temp file left


def test_interactive_needs_headless_for_json(capsys):
    assert main(["sim", "--json"]) == 2
    assert "--headless" in capsys.readouterr().err
