"""Random presses through the firmware: the headless simulator (and the fuzz tests).

Runs under the MicroPython unix port (the .mpy firmware, fakes for the hardware) and
under CPython. Each press is one key code with a random pause (toasts expire, LED
flashes end); now and then the gadget is power-cycled (the app rebuilt on the same
flash) so the resume path is fuzzed too. Any exception counts as an error, is printed
to stderr, and the app is rebooted as the device would be.
"""

import gc
import sys

from boards.sim import Dice, SimBoard, half_blocks
from geekout import keys
from geekout.app import App, unload_games

# Cumulative percentages: UP, DOWN, OK, BACK, long OK, long BACK.
_WEIGHTS = (22, 44, 80, 93, 98, 100)
_REBOOT_EVERY = 2500


def heap_now():
    """Live heap after a collection (MicroPython), or traced bytes on CPython."""
    gc.collect()
    if hasattr(gc, "mem_alloc"):
        return gc.mem_alloc()
    try:
        import tracemalloc

        return tracemalloc.get_traced_memory()[0]
    except ImportError:
        return 0


def pick(r):
    for k in range(len(_WEIGHTS)):
        if r < _WEIGHTS[k]:
            return k
    return keys.OK


def _print_exc(e):
    try:
        sys.print_exception(e, sys.stderr)  # MicroPython
    except AttributeError:
        import traceback

        traceback.print_exception(type(e), e, e.__traceback__, file=sys.stderr)


def run(presses, seed, root="simflash", script=(), heap=True, data_root="", games=None):
    """Press `script` keys, then `presses` random keys (only `games` offered, if given).
    Returns (report dict, board)."""
    from geekout.hal.storage import Storage

    board = SimBoard(Storage(root), Storage(data_root), seed, events=True)
    visited = board.visited = []  # the screens shown, kept by every app built on it
    if games:
        board.games = tuple(games)
    app = App(board)
    errors = 0
    peak = heap_now() if heap else 0
    rng = Dice(seed * 7 + 3)

    def boot(app):
        try:
            app.boot()
        except Exception as e:  # noqa: BLE001 - every exception is an error to report
            _print_exc(e)
            return 1
        return 0

    def fresh():
        """A new app on the same board (a power cycle); (app, errors on the way)."""
        n = 0
        unload_games()  # as the gadget does: the failed game's modules leave RAM first
        while True:
            gc.collect()
            try:
                a = App(board)
            except Exception as e:  # noqa: BLE001
                _print_exc(e)
                n += 1
                if n > 3:
                    raise
                continue
            return a, n + boot(a)

    errors += boot(app)
    todo = list(script)
    total = len(todo) + presses
    for i in range(total):
        if i < len(todo):
            k = todo[i]
            board.clock.advance(80)
        else:
            k = pick(rng(100))
            board.clock.advance(rng(600))
            if (i + 1) % _REBOOT_EVERY == 0:
                app = None  # a power cycle: nothing of the old app survives it
                app, n = fresh()
                errors += n
        try:
            app.ui.handle(k)
            app.ui.tick(board.clock())
        except Exception as e:  # noqa: BLE001
            errors += 1
            _print_exc(e)
            app = None
            app, n = fresh()
            errors += n
        if heap:
            h = heap_now()
            if h > peak:
                peak = h
    report = {"presses": total, "screens": visited, "errors": errors, "peak_heap_bytes": peak,
              "i2c_bytes": board.i2c.bytes}
    return report, board


def main(presses, seed, root, script, heap, data_root, frame, games=None):
    """Entry for the MicroPython runtime: the report as JSON on stdout, then (if asked)
    the final frame as hex and the LED colours."""
    import json

    report, board = run(presses, seed, root, script, heap, data_root, games)
    gc.collect()
    print(json.dumps(report))
    if frame:
        print(bytes(board.display.buffer).hex())
        print(json.dumps([list(c) for c in board.pixels.rgb]))


__all__ = ["run", "main", "half_blocks"]
