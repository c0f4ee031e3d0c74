"""Peak MicroPython heap over whole games of each title, the firmware alone (docs/gadget.md,
docs/gadget-capture.md and docs/gadget-battle.md quote it): the unix port, the firmware
as deployed (.mpy by mpy-cross).

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
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "firmware"))

from heapreplay import GAMES, build, record, replay, smallest_heap  # noqa: E402

LIMIT = 96 * 1024


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=("masters", "capture", "battle"))
    ap.add_argument("--no-fit", action="store_true", help="skip the smallest-heap search")
    args = ap.parse_args()
    worst = {}
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        build(tmp)
        print("peak heap over whole games, keys replayed with the firmware alone (.mpy, unix "
              "port; limit 96 KB = {} B):".format(LIMIT))
        for game, label, seed, imp, make, setup, start in GAMES:
            if args.game and game != args.game:
                continue
            try:
                keys, want = record(tmp, (game, label, seed, imp, make, setup, start))
            except RuntimeError as e:
                raise SystemExit(str(e)) from None
            got, err = replay(tmp, keys, seed, 1024)
            if got is None:
                raise SystemExit("{} {}: the replay failed: {}".format(game, label, err))
            same = got["screen"] == want["screen"] and got["journal_bytes"] == want["journal_bytes"]
            others = [m for m in got["modules"] if game not in m and (
                m.startswith(("geekout.masters", "geekout.capture", "geekout.battle")))]
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
