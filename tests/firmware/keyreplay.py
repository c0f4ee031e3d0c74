"""The firmware's own peak heap over a whole game: replays a recorded key sequence with
nothing else of the tests in RAM (MicroPython unix port, the deployed .mpy firmware).

The game drivers (drive.py, capture_drive.py, battle_drive.py) read the screen to choose
each key, so their code and plans sit in the heap beside the firmware's. A driver run
records its keys (`driver.log`, one byte a key); this module plays the same keys on a
board with the same seed and clock steps, so the firmware goes through the same game, and
samples gc.mem_alloc() after gc.collect() after every key. What the replay itself holds
(this module, the open key file and the simulated board's classes) is measured before the
firmware is imported and printed apart, so the report gives the total and the firmware's
share (the interpreter's own start counts as the firmware's: the gadget has it too).
"""

import gc
import json
import sys


def _alloc():
    gc.collect()
    return gc.mem_alloc()


def replay(keys_path, seed, root, base=0, step_ms=60, data_root="", events=True, frames=None):
    """Play the keys in `keys_path` on a fresh board (saved game under `root`); print one
    JSON line: keys, peak total heap and the screen it was on, the harness's own share
    (`base`: the heap before this module was imported), the last screen, the journal's
    length and the geekout modules loaded at the peak. `frames`: a file to write the
    screen after each key into (the 1024-byte frame buffer, then the journal's actions
    after a 2-byte length), for the emulated Pico's key-for-key comparison."""
    f = open(keys_path, "rb")  # read a key at a time: the keys are not held in RAM
    out = open(frames, "wb") if frames else None
    key = bytearray(1)
    own = _alloc() - base  # this module, the open file, the key buffer
    # The simulated board's own classes count as the harness's, the HAL as the firmware's:
    # the HAL first (with the device's board and buttons modules, which the gadget keeps
    # and the simulated board does not use), then the board module.
    import geekout.hal.board  # noqa: F401
    import geekout.hal.buttons  # noqa: F401
    import geekout.hal.buzzer  # noqa: F401
    import geekout.hal.display  # noqa: F401
    import geekout.hal.leds  # noqa: F401
    import geekout.hal.storage  # noqa: F401

    hal = _alloc()
    from boards import sim as simboard

    own += _alloc() - hal
    from geekout.hal.storage import Storage

    board = simboard.SimBoard(Storage(root), Storage(data_root), seed, events=events)
    from geekout.app import App

    app = App(board)
    ui = app.ui
    app.boot()
    peak = _alloc()
    at = ui.stack[-1].name
    mods = None
    n = 0
    while f.readinto(key):
        k = key[0]
        n += 1
        ui.handle(k)
        board.clock.advance(step_ms)
        ui.tick(board.clock())
        if out:
            # The screen, then the journal's actions (2-byte length first) after the key.
            out.write(board.display.buffer)
            acts = app.journal.actions
            out.write(bytes((len(acts) >> 8, len(acts) & 255)))
            out.write(acts)
        h = _alloc()
        if h > peak:
            peak = h
            at = ui.stack[-1].name
            mods = None  # the old list goes first; the new one (~200 B) counts in later
            mods = [m for m in sys.modules if m.startswith("geekout")]
    f.close()
    if out:
        out.close()
    j = app.journal
    import micropython

    micropython.qstr_info()  # a line "qstr pool: n_pool=..., n_qstr=...": names interned
    print(json.dumps({
        "keys": n, "peak_heap": peak, "peak_at": at,
        "harness": own,
        "screen": ui.stack[-1].name, "game": j.game, "journal_bytes": len(j.actions),
        "modules": sorted(mods or [])}))

