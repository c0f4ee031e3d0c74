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


def test_headless_micropython_fuzz_every_screen():
    """Random presses on the deployed .mpy firmware offering Masters, heap 144K: no
    exception at all, on every screen of the app and of Masters."""
    # Heap: passes down to 110K (bisection, checkout at a 150-character path): 144K leaves
    # a 31% margin.
    res = run("sim", "--headless", "--random-presses", "4000", "--seed", "11",
              "--runtime", "micropython", "--heap", "144K", "--game", "masters", "--json")
    assert res.returncode == 0, res.stderr[-2000:]
    out = json.loads(res.stdout)
    assert out["errors"] == 0 and out["presses"] == 4000
    assert 0 < out["peak_heap_bytes"] < 128 * 1024
    for screen in ("home", "masters.mode", "masters.players", "masters.dice", "masters.table",
                   "masters.menu", "settings", "help", "resume?"):
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


def test_interactive_needs_headless_for_json(capsys):
    assert main(["sim", "--json"]) == 2
    assert "--headless" in capsys.readouterr().err
