"""Geekmon Capture checks run inside the MicroPython unix port on the deployed (.mpy)
firmware (and on CPython): a scripted full game, a power cut at every flash write, the
bench figures. Each function prints JSON or "ok"/"FAIL" lines; pytest and bench read them."""

import gc
import json
import sys

from boards.sim import SimBoard
from capture_drive import CaptureDriver
from flash import FakeFlash, PowerCut
from geekout import journal as jn
from geekout import keys
from geekout.hal.storage import Storage
from keydriver import saved_at_cut


def _heap(d):
    gc.collect()
    h = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    if h > d.peak:
        d.peak = h
        d.peak_at = d.top().name


def new_driver(seed, flash=None, data_root="", events=False):
    board = SimBoard(storage=flash if flash is not None else FakeFlash(), data=Storage(data_root),
                     seed=seed, events=events)
    d = CaptureDriver(board, seed)
    d.peak = 0
    d.peak_at = ""
    d.events_seen = []
    if events:  # the kinds of live event lines seen (docs/events.md)
        write = board.events.write

        def seen(line):
            kind = json.loads(line)["event"]
            if kind not in d.events_seen:
                d.events_seen.append(kind)
            write(line)

        board.events.write = seen
    return d


def game(players, wicked, arena, seed, undo_every=0, data_root="", heap=False, root="",
         quick=False):
    """A full game by key presses (saved to files under `root` when given, as on the
    device's flash, else to a fake flash in RAM; quick: quick rounds); returns the
    driver."""
    d = new_driver(seed, Storage(root) if root else None, data_root, True)
    d.undo_every = undo_every
    if heap:
        d.after_press = _heap
    d.boot()
    d.start_capture(players, wicked, arena, quick=quick)
    d.play_out()
    return d


def scripted(players, wicked, arena, seed, undo_every=0, data_root="", root="", quick=False):
    """A full game by key presses; prints what the end shows and what was saved."""
    d = game(players, wicked, arena, seed, undo_every, data_root, True, root, quick)
    end = d.ui.stack[1]  # the end screen under the scores page
    fin = end.state  # the finished game (the end screen's, geekout/capture/end.py)
    lines = d.top().lines
    j = jn.Journal(d.board.storage)
    status = j.load()
    from geekout.capture import steps as F

    again = F.replay(end.cfg, j.actions)
    print(json.dumps({
        "screen": d.top().name, "under": end.name, "lines": lines, "presses": d.presses,
        "players": fin.players, "rounds": again.state.round + 1, "cfg_rounds": end.cfg.rounds(),
        "cards": [len(c) for c in fin.collections], "fled": fin.fled, "lost": fin.lost,
        "saved_ok": status == jn.OK, "game": j.game,
        "replay_matches": [list(c) for c in again.state.collections] == fin.collections
        and again.state.is_terminal() and again.notes == end.game.notes,
        "scored": list(end.scored[0]) if end.scored else None,
        "winners": list(end.scored[1]) if end.scored else None,
        "last_event": d.board.last_event, "events": d.board.event_lines,
        "flash_writes": d.board.storage.writes, "i2c_bytes": d.board.i2c.bytes,
        "events_seen": d.events_seen,
        "peak_heap": d.peak, "undo_every": undo_every}))


def _run_until_cut(players, wicked, arena, seed, cut, data_root):
    flash = FakeFlash(cut_at=cut)
    d = new_driver(seed, flash, data_root)
    d.undo_every = 7
    d.settled = b""
    try:
        d.boot()
        d.start_capture(players, wicked, arena)
        d.play_out()
        d.press(keys.BACK)  # leave the scores
        d._menu_to(d.top().menu, players + 1)  # Done: the saved game is cleared
        d.press(keys.OK)
    except PowerCut:
        return d, flash, True
    return d, flash, False


def power_cuts(players, wicked, arena, seed, data_root="", every_resume=9, stride=1):
    """Cut the power at write k for every k of a full game (every `stride`-th), reboot on
    what the flash kept, check the game resumes at the last complete step, and now and
    then play the resumed game to its end."""
    _d, ref, _cut = _run_until_cut(players, wicked, arena, seed, 0, data_root)
    total = ref.writes
    fails = 0
    tried = 0
    for k in range(1, total + 1, stride):
        gc.collect()
        tried += 1
        d, flash, cut = _run_until_cut(players, wicked, arena, seed, k, data_root)
        why = None
        j = d.app.journal
        expected = saved_at_cut(d, flash) if j.game == "capture" else None
        if not cut:
            why = "no cut happened"
        else:
            e = new_driver(seed + k, FakeFlash(flash.snapshot()), data_root)
            why = e.boot_after_cut(expected is not None)
            if not why and expected is not None:
                g = e.top()
                got = bytes(e.app.journal.actions)
                if not g.name.startswith("capture.") or got != expected:
                    why = "resumed on {} with {} bytes, expected {}".format(
                        g.name, len(got), len(expected))
                elif (k // stride) % every_resume == 0:
                    e.play_out()
        if why:
            fails += 1
            print("FAIL {} {}".format(k, why))
    print("{} cuts, {} failed".format(tried, fails))


def bench(players, wicked, arena, seed, root="benchflash", data_root="", timed=False):
    """Figures: the peak heap after gc.collect() after every press (timed=False), or the
    press+redraw times (timed=True: a separate run, so the list of times is not counted
    in the heap), and which geekout modules are loaded at the end. The game is saved to
    files under `root` (hal.storage, as on the device), not to a fake flash in RAM."""
    board = SimBoard(storage=Storage(root), data=Storage(data_root), seed=seed, events=True)
    d = CaptureDriver(board, seed)
    d.peak = 0
    d.peak_at = ""
    gc.collect()
    rest = gc.mem_alloc()
    d.boot()
    if timed:
        d.times = []
    else:
        d.after_press = _heap
    d.start_capture(players, wicked, arena)
    d.play_out()
    out = {"players": players, "wicked": wicked, "arena": arena, "presses": d.presses,
           "rest_heap": rest, "flash_writes": board.storage.writes,
           "modules": sorted(m for m in sys.modules if m.startswith("geekout")),
           "screen": d.top().name}
    if timed:
        t = sorted(d.times)
        out.update({"timed": len(t), "median_us": t[len(t) // 2], "p90_us": t[len(t) * 9 // 10],
                    "max_us": t[-1], "i2c_per_press": board.i2c.bytes / d.presses})
    else:
        out.update({"peak_heap": d.peak, "peak_at": d.peak_at})
    print(json.dumps(out))
