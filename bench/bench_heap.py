"""Peak MicroPython heap over whole games of each title, the firmware alone (issues 6
and 7): the unix port, the firmware as deployed (.mpy by mpy-cross).

Each game is first played by its test driver (tests/firmware/drive.py, capture_drive.py,
battle_drive.py: they read the screen to choose keys) on a large heap, recording the
keys; then tests/firmware/keyreplay.py plays the same keys on a fresh interpreter with
nothing of the tests loaded but itself and the simulated board, sampling gc.mem_alloc()
after gc.collect() after every key. Printed per game: the total peak, the harness's share
(replay module, key bytes, simulated board's classes) and the firmware's, the screen it
was on, the geekout modules loaded then (another game's module is reported), the names
(qstrs) interned by the end (past 626 the unix port allocates a 6th name table, about
7.4 KB in one block), and the smallest -X heapsize (4K steps) on which the whole game
replays without a MemoryError.

Run: .venv/bin/python bench/bench_heap.py [--game masters|capture|battle] [--no-fit]
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "host"))

from geekout_tools.sim import host  # noqa: E402
from mpy_harness import micropython_exe  # noqa: E402

HELPERS = [ROOT / "tests" / "fakes" / "flash.py"] + [
    ROOT / "tests" / "firmware" / (n + ".py")
    for n in ("drive", "capture_drive", "battle_drive", "keyreplay")]
LIMIT = 96 * 1024

# (game, label, seed, driver import, driver construction, setup, start)
GAMES = (
    ("masters", "4 players, virtual dice", 5, "from drive import Driver as D", "D(board)", "",
     "d.start(0, 4)\nd.press(2)\nd.game_menu('Hint')\nd.press(3)"),
    ("masters", "4 players, virtual dice", 21, "from drive import Driver as D", "D(board)", "",
     "d.start(0, 4)"),
    ("masters", "4 players, table dice", 6, "from drive import Driver as D", "D(board)", "",
     "d.start(1, 4)"),
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
from simboard import SimBoard
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
keyreplay.replay({keys!r}, {seed}, {root!r}, b)
"""


def mpy(out, code, heap):
    env = dict(os.environ, MICROPYPATH=":.frozen:" + str(out))
    return subprocess.run([micropython_exe(), "-X", "heapsize=" + heap, "-c", code],
                          capture_output=True, text=True, env=env, cwd=out, timeout=600)


def replay(tmp, keys, seed, kb):
    root = str(Path(tmp) / "replay")
    shutil.rmtree(root, ignore_errors=True)
    res = mpy(tmp, REPLAY.format(keys=keys, seed=seed, root=root), "{}K".format(kb))
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


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=("masters", "capture", "battle"))
    ap.add_argument("--no-fit", action="store_true", help="skip the smallest-heap search")
    args = ap.parse_args()
    worst = {}
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        host.build_deployed(tmp, HELPERS)
        print("peak heap over whole games, keys replayed with the firmware alone (.mpy, unix "
              "port; limit 96 KB = {} B):".format(LIMIT))
        for game, label, seed, imp, make, setup, start in GAMES:
            if args.game and game != args.game:
                continue
            keys = str(Path(tmp) / "{}{}.keys".format(game, seed))
            rec = mpy(tmp, RECORD.format(imp=imp, make=make, setup=setup, start=start, seed=seed,
                                         keys=keys, root=str(Path(tmp) / "rec{}{}".format(game, seed))),
                      "2M")
            if rec.returncode:
                why = (rec.stderr.strip() or rec.stdout.strip() or "exit status {}".format(
                    rec.returncode)).splitlines()[-1]
                raise SystemExit("{} {}: the driver's game failed: {}".format(game, label, why))
            want = json.loads(rec.stdout.strip().splitlines()[-1])
            got, err = replay(tmp, keys, seed, 1024)
            if got is None:
                raise SystemExit("{} {}: the replay failed: {}".format(game, label, err))
            same = got["screen"] == want["screen"] and got["journal_bytes"] == want["journal_bytes"]
            others = [m for m in got["modules"] if ".games." in m and game not in m]
            fw = got["peak_heap"] - got["harness"]
            fit = None if args.no_fit else smallest_heap(tmp, keys, seed, got["peak_heap"] // 1024)
            print("  {:<8} {:<36} {:>4} keys  peak {:>6} B total, harness {:>5} B, firmware {:>6} B"
                  " ({:.1f} KB) on {}; {} names interned; replays in {}{}{}".format(
                      game, label + " s" + str(seed), got["keys"], got["peak_heap"], got["harness"],
                      fw, fw / 1024, got["peak_at"], got["names"],
                      "-" if args.no_fit else ("over 256K" if fit is None else "{}K".format(fit)),
                      "" if same else "  REPLAY DIFFERS from the driver's game",
                      "  OTHER GAME'S MODULES: " + " ".join(others) if others else ""))
            if not same or others:
                failed += 1
            if game not in worst or got["peak_heap"] > worst[game]["peak_heap"]:
                worst[game] = got
        for game, got in worst.items():
            fw = got["peak_heap"] - got["harness"]
            print("  {} worst: total {:.1f} KB, firmware {:.1f} KB ({}); modules at the peak: {}"
                  .format(game, got["peak_heap"] / 1024, fw / 1024,
                          "within 96 KB" if got["peak_heap"] <= LIMIT else
                          "firmware within 96 KB" if fw <= LIMIT else "OVER 96 KB",
                          " ".join(m[8:] for m in got["modules"] if m.count(".") > 1)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
