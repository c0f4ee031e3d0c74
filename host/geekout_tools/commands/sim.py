"""`geekout sim`: the gadget's firmware in the terminal, keys as buttons.

Interactive (default): the 128x64 screen in Unicode half blocks, the seat LEDs as
coloured marks. Keys: Up/w/k = UP, Down/s/j = DOWN, Enter/space/o = OK, Backspace/b =
BACK, m = long OK (game menu), h = long BACK (home), p = screenshot, q = quit.
`--headless --random-presses N --seed S [--runtime micropython --heap 240K] --json`
reports {"presses", "screens", "errors", "peak_heap_bytes"} (docs/design.md).
`--runtime pico [--uf2 FILE --bootrom FILE --panel ssd1306|sh1106|ssd1306-spi|sh1106-spi|none]` runs the
deployed build on an emulated RP2040 with the real MicroPython rp2 firmware (node,
rp2040js), headless or interactive; its JSON adds "free_heap_at_boot", "press_ms",
"ready_ms", "flash_erases", "flash_programs", --flash names a flash image file and
--flash-timing typical|max the flash chip's busy times.

Numbers are ASCII digits within stated limits (docs/limits.md): --random-presses
0-1,000,000, --seed 0-4294967295 (the xorshift's 32-bit state), --heap 96K-64M, --keys
at most 10,000. --screenshot's folder and --flash (a folder, or with --runtime pico an
image file) are checked before the run: a bad one is one line, exit status 2.
"""

import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

from .. import outputs
from ..errors import UsageError
from ..inputs import plain_int, printable

MAX_PRESSES = 1000000  # ~1 h on CPython, longer on the unix port; the fuzz runs use 100,000
MAX_KEYS = 10000
MAX_SEED = 2 ** 32 - 1  # boards/sim.py Dice keeps 32 bits: larger seeds only repeat these
# The firmware on the unix port does not boot in 64K (MemoryError) and boots in 72K;
# 96K leaves a margin for the import path. A game needs more (docs/gadget.md, Simulator).
MIN_HEAP = 96 * 1024
# The default: the Pico's free heap at boot. The emulated Pico has 241,824 B free at the
# top of main.py (docs/gadget.md, Figures); `micropython -X heapsize=240K` starts with
# 241,824 B free (gc.mem_free() after gc.collect(); within 96 B, as the launcher's
# path varies). The unix port is 64-bit, its objects up to twice the Pico's, so the
# same bytes hold less: the firmware's peak is about 1.5x the Pico's, and a run that fits
# here fits the Pico with room to spare (docs/gadget.md, Simulator: the heap).
DEFAULT_HEAP = "240K"
FLASH_TIMINGS = ("typical", "max")  # --flash-timing: the W25Q16JV's busy times (docs/pico.md)
MAX_HEAP = 64 * 1024 * 1024  # 270 times the Pico's 241K; the unix port allocates it whole


def register(sub):
    p = sub.add_parser("sim", help="run the gadget's firmware in the terminal (no hardware)",
                       description=__doc__.split("\n\n")[0],
                       epilog="examples:\n"
                              "  geekout sim --headless --random-presses 300 --seed 3 --json\n"
                              "  geekout sim --headless --keys OK,OK,OK,OK,OK --screenshot dice.png\n"
                              "  geekout sim --headless --runtime micropython --random-presses 500 "
                              "--game capture --json\n"
                              "  geekout sim --flash my-flash --game masters")
    p.add_argument("--headless", action="store_true", help="no terminal UI: scripted/random presses")
    p.add_argument("--random-presses", default="0", help="random presses to make (headless), "
                   "0-{:,}".format(MAX_PRESSES))
    p.add_argument("--seed", default="1", help="seed for the dice and the presses, "
                   "0-{} (default 1)".format(MAX_SEED))
    p.add_argument("--keys", default="", help="comma-separated keys pressed first: "
                   "UP,DOWN,OK,BACK,LONG_OK,LONG_BACK (or U,D,O,B,LO,LB), at most "
                   "{:,}".format(MAX_KEYS))
    p.add_argument("--runtime", default="cpython", help="cpython (default), micropython "
                   "(the .mpy firmware on the MicroPython unix port; headless only) or pico "
                   "(the .mpy firmware on an emulated RP2040 with the real rp2 MicroPython)")
    p.add_argument("--heap", default=None, help="MicroPython heap size, 96K-64M (default "
                   "{}: the Pico's free heap at boot, 241,824 B; not with --runtime pico, "
                   "whose heap is the rp2 port's)".format(DEFAULT_HEAP))
    p.add_argument("--flash", default=None, help="directory standing for the gadget's flash, "
                   "with --runtime pico a flash image file (kept between runs; default: a "
                   "fresh temporary one headless)")
    p.add_argument("--uf2", default=None, help="--runtime pico: the MicroPython RPI_PICO UF2 "
                   "(default $GEEKOUT_PICO_UF2)")
    p.add_argument("--bootrom", default=None, help="--runtime pico: the RP2040 boot ROM, "
                   "revision B1 (default $GEEKOUT_PICO_BOOTROM)")
    p.add_argument("--panel", default="ssd1306", help="--runtime pico: the display "
                   "controller emulated, ssd1306 (default), sh1106 (I2C), ssd1306-spi, "
                   "sh1106-spi (the SPI module; the gadget's display setting is set to it) "
                   "or none (no panel)")
    p.add_argument("--flash-timing", default=None, help="--runtime pico: the flash chip's "
                   "busy times, typical (default) or max (the datasheet's maximum)")
    p.add_argument("--screenshot", default=None, help="save the final screen to FILE.png")
    p.add_argument("--game", default=None, help="offer only these games under New game "
                   "(comma-separated, e.g. masters; default: every game)")
    p.add_argument("--json", action="store_true", help="print one JSON object (headless)")
    p.set_defaults(func=run_sim)
    return p


def parse_heap(text):
    """--heap: bytes from '128K', '2M' or a plain byte count, within MIN_HEAP..MAX_HEAP."""
    m = re.fullmatch(r"([1-9][0-9]{0,9})([KkMm]?)", text.strip())
    if not m:
        raise UsageError("--heap must look like 128K, not '{}'".format(printable(text, 40)))
    size = int(m.group(1)) * {"": 1, "k": 1024, "m": 1024 * 1024}[m.group(2).lower()]
    if size < MIN_HEAP:
        raise UsageError("--heap {}: too small: the firmware needs at least {}K on the "
                         "MicroPython unix port (it does not boot in 64K)".format(
                             text.strip(), MIN_HEAP // 1024))
    if size > MAX_HEAP:
        raise UsageError("--heap {}: too large: at most {}M".format(
            text.strip(), MAX_HEAP // (1024 * 1024)))
    return size


def check_screenshot(path, option="--screenshot"):
    """--screenshot: a FILE.png (a name before the .png) that outputs.check_output takes:
    in a folder that exists and can be written, no folder, link or device there."""
    text = str(path)
    name = Path(text).name
    if not text.lower().endswith(".png") or name[:-4].strip(" .") == "" or text.endswith("/"):
        raise UsageError("{} {}: must name a .png file (FILE.png)".format(option, printable(text)))
    outputs.check_output(text, option)


def save_screenshot(buf, leds, path, option="--screenshot"):
    """host.save_png through outputs.replacing: whole or not at all; a failure (a full
    disk, a link put there meanwhile) as one line."""
    from ..sim import host

    check_screenshot(path, option)
    with outputs.replacing(path, option) as (f, _tmp):
        host.save_png(buf, leds, f)


def _shot_name(shots):
    """The next free sim-N.png in the current folder (the interactive screenshot key
    without --screenshot): a name taken by anything is skipped, never replaced."""
    while True:
        name = "sim-{}.png".format(shots)
        if not os.path.lexists(name):
            return name
        shots += 1


def check_flash_folder(path):
    """--flash of the cpython and micropython runtimes: sim/flash.py's rules (an empty,
    new, marked or gadget-only folder; else one line, exit status 2)."""
    from ..sim import flash

    return flash.prepare(path)


def run_sim(args):
    from ..sim import host

    presses = plain_int(args.random_presses, "--random-presses", 0, MAX_PRESSES)
    seed = plain_int(args.seed, "--seed", 0, MAX_SEED)
    if args.runtime not in ("cpython", "micropython", "pico"):
        raise UsageError("--runtime must be cpython, micropython or pico, not '{}'".format(
            printable(args.runtime, 40)))
    heap = DEFAULT_HEAP if args.heap is None else args.heap.strip()
    parse_heap(heap)
    if args.runtime == "pico" and args.heap is not None:
        raise UsageError("--heap does not apply to --runtime pico (the heap is the rp2 port's)")
    if args.runtime != "pico":
        for opt in ("uf2", "bootrom", "flash_timing"):
            if getattr(args, opt) is not None:
                raise UsageError("--{} needs --runtime pico".format(opt.replace("_", "-")))
        if args.panel != "ssd1306":
            raise UsageError("--panel needs --runtime pico")
    try:
        script = host.parse_keys(args.keys)
    except ValueError as e:
        raise UsageError(printable(e)) from None
    if len(script) > MAX_KEYS:
        raise UsageError("--keys names {:,} keys, more than the most, {:,}".format(
            len(script), MAX_KEYS))
    if args.screenshot is not None:
        check_screenshot(args.screenshot)
    games = None
    if args.game is not None:
        known = host.firmware_games()
        games = [g.strip().lower() for g in args.game.split(",") if g.strip()]
        bad = [g for g in games if g not in known]
        if bad or not games:
            raise UsageError("--game must name games among {}, not '{}'".format(
                ", ".join(known), printable(args.game, 40)))
    if args.flash_timing is not None and args.flash_timing not in FLASH_TIMINGS:
        raise UsageError("--flash-timing must be typical or max, not '{}'".format(
            printable(args.flash_timing, 40)))
    if args.runtime == "pico":
        return _run_pico(args, presses, seed, script, games)
    if not args.headless:
        if args.runtime != "cpython" or args.json:
            raise UsageError("--runtime micropython and --json need --headless")
        return _interactive(args, seed, script, games)

    tmp = None
    flash = args.flash
    if flash is not None:
        check_flash_folder(flash)
    else:
        tmp = tempfile.mkdtemp(prefix="geekout-flash-")
        flash = check_flash_folder(tmp)
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

    if args.screenshot is not None and frame is not None:
        save_screenshot(frame, leds, args.screenshot)
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
            rm = out["ready_ms"]
            print("free heap at boot {} bytes; press to screen {} / {} / {} ms, press to "
                  "ready {} / {} / {} ms (median / p95 / max); flash: {} erases, {} page "
                  "programs".format(out["free_heap_at_boot"], pm["median"], pm["p95"],
                                    pm["max"], rm["median"], rm["p95"], rm["max"],
                                    out["flash_erases"], out["flash_programs"]))
    return 1 if out["errors"] else 0


def _run_pico(args, presses, seed, script, games):
    """--runtime pico: headless (random presses, the JSON) or interactive."""
    from ..sim import pico

    if args.panel not in pico.PANELS:
        raise UsageError("--panel must be {}, not '{}'".format(pico.PANEL_CHOICES,
                                                                printable(args.panel, 40)))
    if games is not None:
        raise UsageError("--game does not apply to --runtime pico (the board offers every game)")
    if args.panel == "none" and args.screenshot is not None:
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
                                                flash, args.flash_timing or "typical")
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
    from boards.sim import SimBoard
    from geekout.app import App
    from geekout.hal.storage import Storage

    flash = args.flash
    if flash is None:
        flash = str(Path.home() / ".cache" / "geekout-sim-flash")
        Path(flash).parent.mkdir(parents=True, exist_ok=True)
    check_flash_folder(flash)
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
                        name = _shot_name(shots) if args.screenshot is None else args.screenshot
                        save_screenshot(board.display.buffer, board.pixels.rgb, name)
                    else:
                        app.ui.handle(k)
                if quit_now:
                    break
            app.ui.tick(board.clock())
            draw()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
    if args.screenshot is not None:
        save_screenshot(board.display.buffer, board.pixels.rgb, args.screenshot)
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
        session = pico.Session(uf2, bootrom, args.panel, seed, flash,
                               args.flash_timing or "typical")
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
                                name = _shot_name(shots) if args.screenshot is None else args.screenshot
                                save_screenshot(session.frame() or blank, session.leds(), name)
                            else:
                                session.key(k)  # pressed, held and released on its GPIO
                                draw()
                    if quit_now:
                        break
                    session.run(20)
                    draw()
            finally:
                termios.tcsetattr(fd, termios.TCSADRAIN, old)
            if args.screenshot is not None:
                save_screenshot(session.frame() or blank, session.leds(), args.screenshot)
            errors = session.report()["errors"]
    except RuntimeError as e:  # the emulated Pico stopped, or the gadget stopped taking keys
        print("\ngeekout: " + " ".join(str(e).split()), file=sys.stderr)
        return 1
    print()
    if errors:
        print("{} tracebacks on the gadget's USB serial".format(errors))
    return 0
