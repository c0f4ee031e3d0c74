"""Checks run inside the MicroPython unix port on the deployed (.mpy) firmware:
scripted full games, a power cut at every flash write, the hint on the real table.
Each function prints JSON or "ok"/"FAIL" lines; the pytest side reads them."""

import gc
import json

from boards.sim import SimBoard
from drive import Driver
from flash import FakeFlash, PowerCut
from geekout import journal as jn
from geekout import keys
from keydriver import saved_at_cut


def _heap(dr):
    gc.collect()
    h = gc.mem_alloc()
    if h > dr.peak:
        dr.peak = h


def game(mode, players, seed, undo_every=0, heap=False, flash=None):
    """A full game by key presses; returns the driver (end screen on top)."""
    board = SimBoard(storage=flash if flash is not None else FakeFlash(), seed=seed)
    d = Driver(board)
    d.peak = 0
    d.undo_every = undo_every
    if heap:
        d.after_press = _heap
    d.boot()
    d.start(mode, players)
    d.play_out()
    return d


def scripted(mode, players, seed, undo_every):
    d = game(mode, players, seed, undo_every, True)
    end = d.top()
    j = jn.Journal(d.board.storage)
    status = j.load()
    g = end.game
    played = g.state.journal
    print(json.dumps({"screen": end.name, "totals": list(g.state.totals), "winners": end.winners,
                      "presses": d.presses, "saved_ok": status == jn.OK,
                      "saved_matches": bytes(j.actions) == bytes(played),
                      "i2c_bytes": d.board.i2c.bytes, "peak_heap": d.peak,
                      "flash_writes": d.board.storage.writes}))


def toggle_sound(d):
    home = d.top()
    while home.items[home.index] != "Settings":
        d.press(keys.DOWN)
    d.press(keys.OK)
    d.press(keys.DOWN)
    d.press(keys.DOWN)
    d.press(keys.OK)
    d.press(keys.LONG_BACK)


def _run_until_cut(mode, players, seed, cut):
    flash = FakeFlash(cut_at=cut)
    d = Driver(SimBoard(storage=flash, seed=seed))
    d.undo_every = 6
    d.settled = b""
    try:
        d.boot()
        toggle_sound(d)
        d.start(mode, players)
        d.play_out()
        d.press(keys.OK)
    except PowerCut:
        return d, flash, True
    return d, flash, False


def power_cuts(mode, players, seed, every_resume=5):
    """Cut the power at write k for every k of a full game; reboot on what is left on
    the flash and check the game resumes at the last complete action."""
    _d, ref, _cut = _run_until_cut(mode, players, seed, 0)
    total = ref.writes
    fails = 0
    for k in range(1, total + 1):
        gc.collect()
        d, flash, cut = _run_until_cut(mode, players, seed, k)
        why = None
        if not cut:
            why = "no cut happened"
        else:
            expected = saved_at_cut(d, flash)
            e = Driver(SimBoard(storage=FakeFlash(flash.snapshot()), seed=seed + k))
            why = e.boot_after_cut(expected is not None)
            if not why and expected is not None:
                g = e.top()
                if g.name in ("masters.dice", "masters.table"):
                    got = bytes(g.state.journal)
                elif g.name == "masters.end":  # cut while the finished game was logged
                    got = bytes(e.app.journal.actions)
                else:
                    got = None
                # a new game draws its first seat again at once: compare what was saved
                if got is None or got[:len(expected)] != expected or \
                        len(got) - len(expected) > (1 if not expected else 0):
                    why = "resumed {} expected {}".format(got, expected)
                elif k % every_resume == 0:
                    e.play_out()
        if why:
            fails += 1
            print("FAIL {} {}".format(k, why))
    print("{} cuts, {} failed".format(total, fails))


def hint_lines(seed):
    """A virtual game up to its first decision, then Hint from the game menu."""
    d = Driver(SimBoard(storage=FakeFlash(), seed=seed))
    d.boot()
    d.start(0, 2)
    d.press(keys.OK)  # roll
    d.game_menu("Hint")
    print(json.dumps({"screen": d.top().name, "lines": d.top().lines}))


def bench(mode, players, seed, root="benchflash"):
    """Figures for bench/: peak heap (gc.collect() then gc.mem_alloc() after every press),
    then, in a second game with the same seed, press times and I2C bytes (kept apart: the
    list of times would count in the heap). The saved game goes to files under `root`
    (hal.storage, as on the device's flash), not to a fake flash held in RAM."""
    from geekout.hal.storage import Storage

    out = {"mode": mode, "players": players}
    times = ()
    for timed in (False, True):
        board = SimBoard(storage=Storage(root + str(timed)), seed=seed, events=True)  # as on the device
        d = Driver(board)
        d.peak = 0
        if not timed:
            d.after_press = _heap
        d.boot()
        boot_bytes = board.i2c.bytes
        d.start(mode, players)
        if timed:
            from array import array

            d.times = array("H")  # 2 bytes a press (a list would take 8)
        if mode == 0:  # ask for the hint once, as a player would (its RAM counts too)
            d.press(keys.OK)
            d.game_menu("Hint")
            d.press(keys.BACK)
        d.play_out()
        if timed:
            times = d.times
            out.update({"boot_i2c": boot_bytes, "flash_writes": board.storage.writes,
                        "i2c_per_press": (board.i2c.bytes - boot_bytes) / d.presses})
        else:
            out.update({"presses": d.presses, "peak_heap": d.peak})
        d = board = None
        gc.collect()
    t = sorted(times)  # after the game is gone: the sort needs a list
    out.update({"timed": len(t), "median_us": t[len(t) // 2], "p90_us": t[len(t) * 9 // 10],
                "max_us": t[-1]})
    print(json.dumps(out))
