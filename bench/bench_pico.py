"""The gadget's figures on the emulated Pico (the real MicroPython rp2 firmware on an
emulated RP2040 at 125 MHz, the deployed .mpy firmware on littlefs, the real
hal/board.py, an SSD1306 panel model on the I2C bus at 400 kHz).

Each game of bench_heap.py's 4-player set is played whole, key for key as the unix port
played it (tests/pico/picoplay.py), and per game it prints: free heap at boot; peak heap
(gc.mem_alloc() after gc.collect() after each key); press-to-screen time (emulated, from
the key being due to the last I2C byte of its redraw) median, p95 and max over all keys
and over the keys that saved a step; the slowest kinds of step (the Masters hint, an
undo, end-of-game scoring); flash erases and page programs per saved step; the panel
agreeing with the unix port after every key; and the wall time the game took.

Run: .venv/bin/python bench/bench_pico.py [--game masters|capture|battle]
Needs GEEKOUT_PICO_UF2 and GEEKOUT_PICO_BOOTROM (README: the emulated Pico).
"""

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "pico"))

import picoplay  # noqa: E402
from geekout_tools.pico.gadget import summary  # noqa: E402

# (game, seed, what it is): bench_heap's 4-player games.
GAMES = (("masters", 5, "Masters, 4 players, virtual dice, a hint"),
         ("masters", 7, "Masters, 4 players, virtual dice, an undo every 9th decision"),
         ("capture", 2, "Capture, 4 players, Team Wicked, arena plant"),
         ("battle", 5, "battle, 4 players, an undo every 9th decision"))


def play(image, ref, seed, folder):
    """Play one reference game: (gadget, keys whose panel differed, per key (ms, erases,
    programs, journal bytes after, screen after), the journal on flash at the end, and
    for Capture (ms, journal bytes) of an undo at the end)."""
    rows = []
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        last = pico.stats()["flash"]

        def on_key(i, g):
            nonlocal last
            f = pico.stats()["flash"]
            ms = g.last_ms
            rows.append((ms, f["erases"] - last["erases"], f["programs"] - last["programs"],
                         g.journal_bytes, g.screen))
            last = f

        g, bad = picoplay.play(pico, ref, seed, on_key)
        journal = picoplay.journal_of(picoplay.saved_files(pico, folder))
        undo = None
        if ref["report"]["screen"] == "capture.scores":
            # Undo at the end of the game: BACK to the end screen, long OK for its menu,
            # OK on "Undo" (the first item): the last entry goes.
            g.key(3)
            g.key(4)
            undo = (g.key(2), g.journal_bytes)
    return g, bad, rows, journal, undo


def fmt(s):
    return "median {median} / p95 {p95} / max {max} ms".format(**s)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=("masters", "capture", "battle"))
    args = ap.parse_args()
    why = picoplay.missing()
    if why:
        print("emulated Pico not available: " + why)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        image = picoplay.deployed_image(Path(tmp) / "img")
        for game, seed, label in GAMES:
            if args.game and game != args.game:
                continue
            ref = picoplay.reference(Path(tmp) / "ref", game, seed)
            t0 = time.time()
            g, bad, rows, journal, undo = play(image, ref, seed, tmp)
            wall = time.time() - t0
            saves = [r for i, r in enumerate(rows)
                     if r[3] != (rows[i - 1][3] if i else 0)]
            erases = sum(r[1] for r in rows)
            programs = sum(r[2] for r in rows)
            steps = [r for r in saves if r[3] > (rows[rows.index(r) - 1][3] if rows.index(r) else 0)]
            undos = [r for r in saves if r not in steps]
            print("{} ({} keys, journal {} B):".format(label, len(ref["keys"]), len(ref["journal"])))
            print("  free heap at boot {} B; peak heap {} B ({:.0f}% of the free heap); "
                  "unix port, same keys: {} B".format(
                      g.free_at_boot, g.peak_heap, 100.0 * g.peak_heap / g.free_at_boot,
                      ref["report"]["peak_heap"]))
            print("  press to screen, every key: " + fmt(summary([r[0] for r in rows if r[0] is not None])))
            print("  press to screen, keys that saved a step: " + fmt(summary(
                [r[0] for r in steps if r[0] is not None])))
            timed = sorted((r[0], i) for i, r in enumerate(rows) if r[0] is not None)
            print("  slowest keys: " + "; ".join("{:.1f} ms (key {}, {} -> {})".format(
                ms, i, rows[i - 1][4] if i else "boot", rows[i][4]) for ms, i in reversed(timed[-3:])))
            slow = {}
            for i, r in enumerate(rows):
                prev = rows[i - 1][4] if i else ""
                kind = None
                if r[4] == "masters.hint" and prev != "masters.hint":
                    kind = "the Masters hint"
                elif r[4] != prev and (r[4].endswith(".end") or r[4] == "capture.scores"):
                    kind = "end-of-game scoring"
                elif r in undos:
                    kind = "undo (journal {} B after)".format(r[3])
                if kind and r[0] is not None:
                    key = kind if not kind.startswith("undo") else "undo"
                    if key not in slow or r[0] > slow[key][1]:
                        slow[key] = (kind, r[0])
            for kind, ms in slow.values():
                print("  {}: {:.1f} ms".format(kind, ms))
            if undo is not None and undo[0] is not None:
                print("  undo at the end of the game (journal {} B of actions after): "
                      "{:.1f} ms".format(undo[1], undo[0]))
            if undos and undos[-1][0] is not None:
                print("  last undo of the game (journal {} B after): {:.1f} ms".format(
                    undos[-1][3], undos[-1][0]))
            n = max(len(steps), 1)
            per = [r[1] + r[2] for r in steps]
            print("  flash: {} erases, {} page programs over {} saved steps: {:.0f} erases per 100"
                  " steps, {:.1f} programs a step (median {} operations, max {})".format(
                      erases, programs, len(steps), 100.0 * erases / n, programs / n,
                      statistics.median(per) if per else 0, max(per) if per else 0))
            print("  panel equal to the unix port after {} of {} keys; journal equal: {}; "
                  "errors {}; wall time {:.0f} s".format(
                      len(ref["keys"]) - len(bad), len(ref["keys"]),
                      "yes" if journal == ref["journal"] else "NO",
                      g.errors, wall), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
