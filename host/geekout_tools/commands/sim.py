"""`geekout sim`: the gadget's firmware in the terminal, keys as buttons.

Interactive (default): the 128x64 screen in Unicode half blocks, the seat LEDs as
coloured marks. Keys: Up/w/k = UP, Down/s/j = DOWN, Enter/space/o = OK, Backspace/b =
BACK, m = long OK (game menu), h = long BACK (home), p = screenshot, q = quit.
`--headless --random-presses N --seed S [--runtime micropython --heap 128K] --json`
reports {"presses", "screens", "errors", "peak_heap_bytes"} (DESIGN.md).
`--runtime pico [--uf2 FILE --bootrom FILE --panel ssd1306|sh1106|none]` runs the
deployed build on an emulated RP2040 with the real MicroPython rp2 firmware (node,
rp2040js), headless or interactive; its JSON adds "free_heap_at_boot", "press_ms",
"flash_erases", "flash_programs", and --flash names a flash image file.
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
    p.add_argument("--runtime", default="cpython", help="cpython (default), micropython "
                   "(the .mpy firmware on the MicroPython unix port; headless only) or pico "
                   "(the .mpy firmware on an emulated RP2040 with the real rp2 MicroPython)")
    p.add_argument("--heap", default=None, help="MicroPython heap size (default 128K; "
                   "not with --runtime pico, whose heap is the rp2 port's)")
    p.add_argument("--flash", default=None, help="directory standing for the gadget's flash, "
                   "with --runtime pico a flash image file (kept between runs; default: a "
                   "fresh temporary one headless)")
    p.add_argument("--uf2", default=None, help="--runtime pico: the MicroPython RPI_PICO UF2 "
                   "(default $GEEKOUT_PICO_UF2)")
    p.add_argument("--bootrom", default=None, help="--runtime pico: the RP2040 boot ROM, "
                   "revision B1 (default $GEEKOUT_PICO_BOOTROM)")
    p.add_argument("--panel", default="ssd1306", help="--runtime pico: the display "
                   "controller emulated, ssd1306 (default), sh1106 or none (no panel)")
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
    if args.runtime not in ("cpython", "micropython", "pico"):
        raise UsageError("--runtime must be cpython, micropython or pico, not '{}'".format(
            args.runtime))
    heap = "128K" if args.heap is None else args.heap
    if not re.fullmatch(r"[1-9][0-9]*[KkMm]?", heap):
        raise UsageError("--heap must look like 128K, not '{}'".format(heap))
    if args.runtime == "pico" and args.heap is not None:
        raise UsageError("--heap does not apply to --runtime pico (the heap is the rp2 port's)")
    if args.runtime != "pico":
        for opt in ("uf2", "bootrom"):
            if getattr(args, opt) is not None:
                raise UsageError("--{} needs --runtime pico".format(opt))
        if args.panel != "ssd1306":
            raise UsageError("--panel needs --runtime pico")
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
    if args.runtime == "pico":
        return _run_pico(args, presses, seed, script, games)
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
            report, frame, leds = host.run_micropython(presses, seed, flash, script, heap,
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
    return _print_report(args, out, frame, leds)


def _print_report(args, out, frame, leds):
    """The screenshot, then the report as JSON or text; the exit status (1: errors)."""
    from ..sim import host

    if args.screenshot and frame is not None:
        host.save_png(frame, leds, args.screenshot)
    if args.json:
        print(json.dumps(out))
    else:
        if frame is not None:
            print(host.terminal_frame(frame, leds))
        print("{} presses, {} errors, {} screens: {}".format(
            out["presses"], out["errors"], len(out["screens"]), " ".join(out["screens"])))
        print("peak heap {} bytes ({})".format(out["peak_heap_bytes"], args.runtime))
        if "press_ms" in out:
            pm = out["press_ms"]
            print("free heap at boot {} bytes; press to screen {} / {} / {} ms (median / p95 "
                  "/ max); flash: {} erases, {} page programs".format(
                      out["free_heap_at_boot"], pm["median"], pm["p95"], pm["max"],
                      out["flash_erases"], out["flash_programs"]))
    return 1 if out["errors"] else 0


def _run_pico(args, presses, seed, script, games):
    """--runtime pico: headless (random presses, the JSON) or interactive."""
    from ..sim import pico

    if args.panel not in pico.PANELS:
        raise UsageError("--panel must be ssd1306, sh1106 or none, not '{}'".format(args.panel))
    if games is not None:
        raise UsageError("--game does not apply to --runtime pico (the board offers every game)")
    if args.panel == "none" and args.screenshot:
        raise UsageError("--screenshot needs a panel (not --panel none)")
    if not args.headless:
        if args.json:
            raise UsageError("--json needs --headless")
        if args.panel == "none":
            raise UsageError("--panel none needs --headless (nothing to show)")
        if not sys.stdin.isatty():
            raise UsageError("the interactive simulator needs a terminal (or use --headless)")
    flash = args.flash
    if flash is not None:
        pico.check_flash(flash)
    uf2, bootrom = pico.check_setup(args.uf2, args.bootrom, args.panel)
    if flash is None and not args.headless:
        flash = str(Path.home() / ".cache" / "geekout-sim-pico-flash.img")
        Path(flash).parent.mkdir(parents=True, exist_ok=True)
        pico.check_flash(flash)
    if not args.headless:
        return _interactive_pico(args, seed, script, uf2, bootrom, flash)
    try:
        report, frame, leds = pico.run_headless(presses, seed, script, uf2, bootrom, args.panel,
                                                flash)
    except RuntimeError as e:
        print("geekout: " + " ".join(str(e).split()), file=sys.stderr)
        return 1
    return _print_report(args, report, frame, leds)


_KEYMAP = {"w": 0, "k": 0, "s": 1, "j": 1, "\r": 2, "\n": 2, " ": 2, "o": 2,
           "\x7f": 3, "\x08": 3, "b": 3, "m": 4, "h": 5}
def _draw(shown, frame):
    """Redraw the terminal only when the screen or the LEDs changed (shown: [last frame])."""
    if frame != shown[0]:
        shown[0] = frame
        sys.stdout.write("\x1b[H" + frame + "\n" + _HELP + "\x1b[K\n")
        sys.stdout.flush()


_HELP = ("Up/w/k UP   Down/s/j DOWN   Enter/space OK   Backspace/b BACK   "
         "m game menu (long OK)   h home (long BACK)   p screenshot   q quit")


def _decode(data):
    """Terminal input -> key codes, "p" (screenshot) and "q" (quit), in order; several
    keys may arrive in one read, unknown ones are dropped."""
    out = []
    while data:
        if data.startswith("\x1b[A"):
            out.append(0)
            data = data[3:]
        elif data.startswith("\x1b[B"):
            out.append(1)
            data = data[3:]
        elif data.startswith("\x1b"):
            data = data[3:] if data.startswith("\x1b[") else data[1:]
        else:
            ch, data = data[0], data[1:]
            k = ch if ch in "pq" else _KEYMAP.get(ch)
            if k is not None:
                out.append(k)
    return out


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
        _draw(shown, host.terminal_frame(board.display.buffer, board.pixels.rgb))

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
                quit_now = False
                for k in _decode(os.read(fd, 64).decode("utf-8", "replace")):
                    if k == "q":
                        quit_now = True
                        break
                    if k == "p":
                        shots += 1
                        name = args.screenshot or "sim-{}.png".format(shots)
                        host.save_png(board.display.buffer, board.pixels.rgb, name)
                    else:
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


def _interactive_pico(args, seed, script, uf2, bootrom, flash):
    """The terminal UI on the emulated Pico: keys pressed on its GPIOs, the panel's picture
    and the LEDs drawn after each key and every 20 ms of emulated time."""
    import os
    import select
    import termios
    import tty

    from ..sim import host, pico

    print("starting the emulated Pico...", flush=True)
    try:
        session = pico.Session(uf2, bootrom, args.panel, seed, flash)
    except RuntimeError as e:
        print("geekout: " + " ".join(str(e).split()), file=sys.stderr)
        return 1
    try:
        with session:
            for k in script:
                session.key(k)
            shown = [""]
            blank = bytes(1024)

            def draw():
                _draw(shown, host.terminal_frame(session.frame() or blank, session.leds()))

            fd = sys.stdin.fileno()
            old = termios.tcgetattr(fd)
            shots = 0
            try:
                tty.setcbreak(fd)
                sys.stdout.write("\x1b[2J")
                draw()
                while True:
                    ready, _, _ = select.select([fd], [], [], 0)
                    quit_now = False
                    if ready:
                        for k in _decode(os.read(fd, 64).decode("utf-8", "replace")):
                            if k == "q":
                                quit_now = True
                                break
                            if k == "p":
                                shots += 1
                                name = args.screenshot or "sim-{}.png".format(shots)
                                host.save_png(session.frame() or blank, session.leds(), name)
                            else:
                                session.key(k)  # pressed, held and released on its GPIO
                                draw()
                    if quit_now:
                        break
                    session.run(20)
                    draw()
            finally:
                termios.tcsetattr(fd, termios.TCSADRAIN, old)
            if args.screenshot:
                host.save_png(session.frame() or blank, session.leds(), args.screenshot)
            errors = session.report()["errors"]
    except RuntimeError as e:  # the emulated Pico stopped, or the gadget stopped taking keys
        print("\ngeekout: " + " ".join(str(e).split()), file=sys.stderr)
        return 1
    print()
    if errors:
        print("{} tracebacks on the gadget's USB serial".format(errors))
    return 0
