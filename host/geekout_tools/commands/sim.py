"""`geekout sim`: the gadget's firmware in the terminal, keys as buttons.

Interactive (default): the 128x64 screen in Unicode half blocks, the seat LEDs as
coloured marks. Keys: Up/w/k = UP, Down/s/j = DOWN, Enter/space/o = OK, Backspace/b =
BACK, m = long OK (game menu), h = long BACK (home), p = screenshot, q = quit.
`--headless --random-presses N --seed S [--runtime micropython --heap 128K] --json`
reports {"presses", "screens", "errors", "peak_heap_bytes"} (DESIGN.md).
"""

import json
import re
import shutil
import sys
import tempfile
from pathlib import Path

from ..errors import UsageError


def register(sub):
    p = sub.add_parser("sim", help="run the gadget's firmware in the terminal (no hardware)",
                       description=__doc__.split("\n\n")[0])
    p.add_argument("--headless", action="store_true", help="no terminal UI: scripted/random presses")
    p.add_argument("--random-presses", default="0", help="random presses to make (headless)")
    p.add_argument("--seed", default="1", help="seed for the dice and the presses (default 1)")
    p.add_argument("--keys", default="", help="comma-separated keys pressed first: "
                   "UP,DOWN,OK,BACK,LONG_OK,LONG_BACK (or U,D,O,B,LO,LB)")
    p.add_argument("--runtime", default="cpython", help="cpython (default) or micropython "
                   "(the .mpy firmware on the MicroPython unix port; headless only)")
    p.add_argument("--heap", default="128K", help="MicroPython heap size (default 128K)")
    p.add_argument("--flash", default=None, help="directory standing for the gadget's flash "
                   "(kept between runs; default: a fresh temporary one)")
    p.add_argument("--screenshot", default=None, help="save the final screen to FILE.png")
    p.add_argument("--game", default=None, help="offer only these games under New game "
                   "(comma-separated, e.g. masters; default: every game)")
    p.add_argument("--json", action="store_true", help="print one JSON object (headless)")
    p.set_defaults(func=run_sim)
    return p


def _int(name, text, lo=0):
    try:
        v = int(text)
    except ValueError:
        raise UsageError("{} must be a whole number, not '{}'".format(name, text)) from None
    if v < lo:
        raise UsageError("{} must be at least {}".format(name, lo))
    return v


def run_sim(args):
    from ..sim import host

    presses = _int("--random-presses", args.random_presses)
    seed = _int("--seed", args.seed)
    if args.runtime not in ("cpython", "micropython"):
        raise UsageError("--runtime must be cpython or micropython, not '{}'".format(args.runtime))
    if not re.fullmatch(r"[1-9][0-9]*[KkMm]?", args.heap):
        raise UsageError("--heap must look like 128K, not '{}'".format(args.heap))
    try:
        script = host.parse_keys(args.keys)
    except ValueError as e:
        raise UsageError(str(e)) from None
    if args.screenshot and not args.screenshot.lower().endswith(".png"):
        raise UsageError("--screenshot must name a .png file")
    games = None
    if args.game is not None:
        known = host.firmware_games()
        games = [g.strip().lower() for g in args.game.split(",") if g.strip()]
        bad = [g for g in games if g not in known]
        if bad or not games:
            raise UsageError("--game must name games among {}, not '{}'".format(
                ", ".join(known), args.game))
    if not args.headless:
        if args.runtime != "cpython" or args.json:
            raise UsageError("--runtime micropython and --json need --headless")
        return _interactive(args, seed, script, games)

    tmp = None
    flash = args.flash
    if flash is None:
        tmp = tempfile.mkdtemp(prefix="geekout-flash-")
        flash = tmp
    try:
        if args.runtime == "micropython":
            report, frame, leds = host.run_micropython(presses, seed, flash, script, args.heap,
                                                       games=games)
        else:
            report, frame, leds = host.run_cpython(presses, seed, flash, script, games=games)
    except RuntimeError as e:
        print("geekout: " + str(e), file=sys.stderr)
        return 1
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    out = {k: report[k] for k in ("presses", "screens", "errors", "peak_heap_bytes")}
    if args.screenshot:
        host.save_png(frame, leds, args.screenshot)
    if args.json:
        print(json.dumps(out))
    else:
        print(host.terminal_frame(frame, leds))
        print("{} presses, {} errors, {} screens: {}".format(
            out["presses"], out["errors"], len(out["screens"]), " ".join(out["screens"])))
        print("peak heap {} bytes ({})".format(out["peak_heap_bytes"], args.runtime))
    return 1 if out["errors"] else 0


_KEYMAP = {"w": 0, "k": 0, "s": 1, "j": 1, "\r": 2, "\n": 2, " ": 2, "o": 2,
           "\x7f": 3, "\x08": 3, "b": 3, "m": 4, "h": 5}
_HELP = ("Up/w/k UP   Down/s/j DOWN   Enter/space OK   Backspace/b BACK   "
         "m game menu (long OK)   h home (long BACK)   p screenshot   q quit")


def _interactive(args, seed, script, games):
    import os
    import select
    import termios
    import time
    import tty

    from ..sim import host

    if not sys.stdin.isatty():
        raise UsageError("the interactive simulator needs a terminal (or use --headless)")
    host.cpython_paths()
    from geekout.app import App
    from geekout.hal.storage import Storage
    from simboard import SimBoard

    flash = args.flash or str(Path.home() / ".cache" / "geekout-sim-flash")
    Path(flash).mkdir(parents=True, exist_ok=True)
    board = SimBoard(Storage(flash), Storage(str(host.FIRMWARE)), seed)
    board.games = games
    start = time.monotonic()

    def now():
        return int((time.monotonic() - start) * 1000) & 0x3FFFFFFF

    app = App(board)
    app.boot()
    for k in script:
        app.ui.handle(k)

    shown = [""]

    def draw():
        frame = host.terminal_frame(board.display.buffer, board.pixels.rgb)
        if frame != shown[0]:  # only when the screen or the LEDs changed
            shown[0] = frame
            sys.stdout.write("\x1b[H" + frame + "\n" + _HELP + "\x1b[K\n")
            sys.stdout.flush()

    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    shots = 0
    try:
        tty.setcbreak(fd)
        sys.stdout.write("\x1b[2J")
        draw()
        while True:
            board.clock.now = now()
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                data = os.read(fd, 64).decode("utf-8", "replace")
                quit_now = False
                while data:  # several keys may arrive in one read
                    k = None
                    if data.startswith("\x1b[A"):
                        k, data = 0, data[3:]
                    elif data.startswith("\x1b[B"):
                        k, data = 1, data[3:]
                    elif data.startswith("\x1b"):
                        data = data[3:] if data.startswith("\x1b[") else data[1:]
                    else:
                        ch, data = data[0], data[1:]
                        if ch == "q":
                            quit_now = True
                            break
                        if ch == "p":
                            shots += 1
                            name = args.screenshot or "sim-{}.png".format(shots)
                            host.save_png(board.display.buffer, board.pixels.rgb, name)
                        k = _KEYMAP.get(ch)
                    if k is not None:
                        app.ui.handle(k)
                if quit_now:
                    break
            app.ui.tick(board.clock())
            draw()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
    if args.screenshot:
        host.save_png(board.display.buffer, board.pixels.rgb, args.screenshot)
    print()
    return 0
