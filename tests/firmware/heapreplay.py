"""Heap figures of whole games with the firmware alone, for bench/bench_heap.py and the
tests: a game is played by its test driver (it reads the screen to choose keys) on a
large heap, its keys recorded; then tests/firmware/keyreplay.py replays the keys on a
fresh MicroPython unix-port interpreter with a chosen heap, nothing of the tests in RAM
but itself and the simulated board. Runs on CPython; `tmp` is a folder made by
build(tmp) (the firmware and the helpers as .mpy).
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for _p in (ROOT / "tests", ROOT / "host"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

from mpy_harness import micropython_exe  # noqa: E402

HELPERS = [ROOT / "tests" / "fakes" / "flash.py"] + [
    ROOT / "tests" / "firmware" / (n + ".py")
    for n in ("keydriver", "drive", "capture_drive", "battle_drive", "keyreplay")]
LIMIT = 96 * 1024

# (game, label, seed, driver import, driver construction, setup, start)
GAMES = (
    ("masters", "4 players, virtual dice", 5, "from drive import Driver as D", "D(board)", "",
     "d.start(0, 4)\nd.press(2)\nd.game_menu('Hint')\nd.press(3)"),
    ("masters", "4 players, virtual dice", 21, "from drive import Driver as D", "D(board)", "",
     "d.start(0, 4)"),
    ("masters", "4 players, table dice", 6, "from drive import Driver as D", "D(board)", "",
     "d.start(1, 4)"),
    ("masters", "4 players, virtual dice, undo every 9th", 7, "from drive import Driver as D",
     "D(board)", "d.undo_every = 9", "d.start(0, 4)"),
    ("capture", "2 players", 1, "from capture_drive import CaptureDriver as D", "D(board, 1)", "",
     "d.start_capture(2, False, 0)"),
    ("capture", "4 players, Team Wicked, arena plant", 2,
     "from capture_drive import CaptureDriver as D", "D(board, 2)", "",
     "d.start_capture(4, True, 3)"),
    ("capture", "3 players, arena mystical", 3, "from capture_drive import CaptureDriver as D",
     "D(board, 3)", "", "d.start_capture(3, False, 5)"),
    ("capture", "solo Arena Trials", 8, "from capture_drive import CaptureDriver as D",
     "D(board, 8)", "", "d.start_capture(1, False, 4)"),
    ("battle", "3 players, undo every 9th", 2, "from battle_drive import BattleDriver as D",
     "D(board, seed=2)", "d.undo_every = 9", "d.start_battle(3)"),
    ("battle", "4 players, undo every 9th", 5, "from battle_drive import BattleDriver as D",
     "D(board, seed=5)", "d.undo_every = 9", "d.start_battle(4)"),
    ("battle", "3 players", 8, "from battle_drive import BattleDriver as D",
     "D(board, seed=8)", "", "d.start_battle(3)"),
    ("battle", "4 players", 11, "from battle_drive import BattleDriver as D",
     "D(board, seed=11)", "", "d.start_battle(4)"),
)

RECORD = """
import json
{imp}
from boards.sim import SimBoard
from geekout.hal.storage import Storage
board = SimBoard(Storage({root!r}), Storage(""), {seed}, events=True)
d = {make}
{setup}
d.log = bytearray()
d.boot()
{start}
d.play_out()
f = open({keys!r}, "wb")
f.write(d.log)
f.close()
print(json.dumps({{"keys": len(d.log), "screen": d.top().name,
                  "journal_bytes": len(d.app.journal.actions)}}))
"""

REPLAY = """
import gc
gc.collect()
b = gc.mem_alloc()
import keyreplay
keyreplay.replay({keys!r}, {seed}, {root!r}, b, frames={frames!r})
"""


def mpy(out, code, heap):
    env = dict(os.environ, MICROPYPATH=":.frozen:" + str(out))
    return subprocess.run([micropython_exe(), "-X", "heapsize=" + heap, "-c", code],
                          capture_output=True, text=True, env=env, cwd=out, timeout=600)


def record(tmp, entry):
    """Play one GAMES entry by its driver on a 2M heap, keys saved in tmp; returns (keys
    path, {"keys", "screen", "journal_bytes"} of the driver's game)."""
    game, label, seed, imp, make, setup, start = entry
    keys = str(Path(tmp) / "{}{}.keys".format(game, seed))
    rec = mpy(tmp, RECORD.format(imp=imp, make=make, setup=setup, start=start, seed=seed,
                                 keys=keys, root=str(Path(tmp) / "rec{}{}".format(game, seed))),
              "2M")
    if rec.returncode:
        why = (rec.stderr.strip() or rec.stdout.strip() or "exit status {}".format(
            rec.returncode)).splitlines()[-1]
        raise RuntimeError("{} {}: the driver's game failed: {}".format(game, label, why))
    return keys, json.loads(rec.stdout.strip().splitlines()[-1])


def replay(tmp, keys, seed, kb, frames=None, root=None):
    """Replay the keys on a fresh interpreter with a `kb` KB heap: (report, "") or (None,
    the last line of the error). `frames`: a file for the screen after each key; `root`:
    the folder of the saved game (default tmp/replay, emptied first)."""
    root = root or str(Path(tmp) / "replay")
    shutil.rmtree(root, ignore_errors=True)
    res = mpy(tmp, REPLAY.format(keys=keys, seed=seed, root=root, frames=frames),
              "{}K".format(kb))
    if res.returncode:
        return None, (res.stderr.strip().splitlines() or ["?"])[-1]
    lines = res.stdout.strip().splitlines()
    out = json.loads(lines[-1])
    pools = [x for x in lines if x.startswith("qstr pool:")]
    out["names"] = int(pools[-1].split("n_qstr=")[1].split(",")[0]) if pools else 0
    return out, ""


def smallest_heap(tmp, keys, seed, lo, hi=256):
    """The smallest heap (KB, 4K steps) on which the whole replay runs (None: not even hi)."""
    if replay(tmp, keys, seed, hi)[0] is None:
        return None
    lo = (lo // 4) * 4
    while hi - lo > 4:
        mid = (lo + hi) // 8 * 4
        if replay(tmp, keys, seed, mid)[0] is None:
            lo = mid
        else:
            hi = mid
    return hi


def build(tmp):
    """The firmware as deployed and the drivers and replay module, as .mpy, into tmp."""
    from geekout_tools.sim import host

    host.build_deployed(tmp, HELPERS)
