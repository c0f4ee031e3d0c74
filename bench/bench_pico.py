"""The gadget's figures on the emulated Pico (the real MicroPython rp2 firmware on an
emulated RP2040 at 125 MHz, the deployed .mpy firmware on littlefs, the real
hal/board.py, a panel model: by default an SSD1306 on the I2C bus clocked as the RP2040
clocks it at the gadget's 425 kHz setting, 357 kHz; --panel sh1106 on I2C, or
ssd1306-spi, sh1106-spi on the SPI module at 8 MHz, the flash's settings.json naming
the kind as a gadget wired for it has it: docs/gadget.md, The SPI module).

Each game of bench_heap.py's 4-player set is played whole, key for key as the unix port
played it (tests/pico/picoplay.py), the gadget's own garbage collections falling where
they fall (the probe does not collect), and per game it prints, over all keys and over
the keys that saved a step:
  press_ms  from the moment the key is due to the last panel byte of its redraw (I2C,
            or SPI for an SPI panel);
  ready_ms  from the same moment until the main loop sleeps again: screen, LEDs, sound
            started and the save written, the gadget can take the next key;
  +XIP      ready_ms plus the estimated cost of the key's XIP cache misses (counted by
            the emulator's cache model, XIP_MISS_CYCLES each: docs/pico.md);
  taken     from the key's moment to the poll that took it (the debouncer and the main
            loop's sleep between polls);
the slowest keys and kinds of step (the Masters hint, an undo, end-of-game scoring); the
bytes sent to the panel per key on its bus (median, p95); flash erases and page programs
per saved step; the panel agreeing with the unix port after every key; the wall time.

--build frozen plays the same games on the gadget's own UF2 (`make uf2`: the firmware
frozen into flash, its bytecode run from XIP flash, so the +XIP column counts its misses
too; the littlefs holds only settings.json for a panel other than the default).
--heap adds a second pass of each game with the probe's collection after every key: the
peak heap (the live heap after a collection, its largest), which the timed pass cannot
see since it leaves the collections to the gadget.

Run: .venv/bin/python bench/bench_pico.py [--game masters|capture|battle]
     [--panel ssd1306|sh1106|ssd1306-spi|sh1106-spi] [--flash-timing typical|max] [--no-xip]
     [--build mpy|frozen] [--heap]
Needs GEEKOUT_PICO_UF2 and GEEKOUT_PICO_BOOTROM (README: the emulated Pico); --build
frozen needs the built UF2 (make uf2).
"""

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "pico"))

import picoplay  # noqa: E402
from geekout_tools import uf2  # noqa: E402
from geekout_tools.pico.gadget import summary  # noqa: E402

# (game, seed, what it is): bench_heap's 4-player games.
GAMES = (("masters", 5, "Masters, 4 players, virtual dice, a hint"),
         ("masters", 7, "Masters, 4 players, virtual dice, an undo every 9th decision"),
         ("capture", 2, "Capture, 4 players, Team Wicked, arena plant"),
         ("battle", 5, "battle, 4 players, an undo every 9th decision"))


# An XIP cache miss, in clk_sys cycles: the cache fills an 8-byte line from the QSPI flash
# in continuous-read mode at clk_sys / 2 (MicroPython's RPI_PICO boot stage 2): 24 address
# bits and 8 mode bits on 4 lines (8 clocks), 4 dummy clocks, 64 data bits on 4 lines (16
# clocks): 28 flash clocks, 56 cycles, plus the SSI's and the bus's few (docs/pico.md).
XIP_MISS_CYCLES = 60
CLK_SYS = 125e6


PANELS = ("ssd1306", "sh1106", "ssd1306-spi", "sh1106-spi")


def settings_for(panel):
    """{path: bytes} to add to the image for `panel`: nothing for the default SSD1306 on
    I2C (the figures before --panel were taken without a settings.json); for any other
    kind a settings.json whose display names it (defaults otherwise), as on a gadget
    wired for it: an SPI kind makes the gadget drive SPI (hal/display.panel_kind), and an
    SH1106 is drawn with its column offset, so its glass equals the unix port's frame."""
    if panel == "ssd1306":
        return {}
    return {"settings.json": json.dumps(
        {"v": 1, "display": panel, "brightness": 3, "sound": True}).encode()}


FROZEN_BLOCKS = uf2.STORAGE_BYTES // 4096  # the UF2 build's littlefs, in 4 KB blocks


def build_for(build, panel, tmp):
    """Keyword arguments for picoplay.Pico running `build` ("mpy": the stock MicroPython
    with the .mpy firmware on littlefs; "frozen": the gadget's UF2) wired for `panel`."""
    extra = settings_for(panel)
    if build == "mpy":
        return {"flash": picoplay.deployed_image(Path(tmp) / "img", extra)}
    image = picoplay.fsimage.make_image(extra, Path(tmp) / "frozen.img",
                                        block_count=FROZEN_BLOCKS)
    return {"uf2": str(uf2.uf2_path()), "flash": image,
            "fs_offset": uf2.STORAGE_BASE - uf2.XIP_BASE, "fs_size": uf2.STORAGE_BYTES}


def peak_heap(kw, ref, seed, panel):
    """The game played again with the probe's collection after every key: its peak heap."""
    with picoplay.Pico(panel=panel, **kw) as pico:
        g, _bad = picoplay.play(pico, ref, seed, collect=True)
        return g.peak_heap


def play(kw, ref, seed, folder, flash_timing, xip, panel="ssd1306"):
    """Play one reference game on picoplay.Pico(**kw): (gadget, keys whose panel
    differed, per key a dict (ms, ready, xip, taken, erases, programs, bytes, journal
    bytes after, screen after), the journal on flash at the end, and for Capture (ms,
    journal bytes) of an undo at the end)."""
    rows = []
    bus_bytes = "spi_bytes" if panel.endswith("-spi") else "i2c_bytes"
    blocks = FROZEN_BLOCKS if "fs_offset" in kw else picoplay.fsimage.BLOCK_COUNT
    with picoplay.Pico(panel=panel, flash_timing=flash_timing, **kw) as pico:
        last = pico.stats()

        def on_key(i, g):
            nonlocal last
            st = pico.stats()
            f, lf = st["flash"], last["flash"]
            miss = g.xip_misses[-1] if xip else 0
            rows.append({"ms": g.last_ms, "ready": g.last_ready_ms,
                         "xip": g.last_ready_ms + miss * XIP_MISS_CYCLES / CLK_SYS * 1e3,
                         "taken": g.took_ms[-1], "erases": f["erases"] - lf["erases"],
                         "programs": f["programs"] - lf["programs"],
                         "bytes": st[bus_bytes] - last[bus_bytes],
                         "journal": g.journal_bytes, "screen": g.screen})
            last = st

        g, bad = picoplay.play(pico, ref, seed, on_key, collect=False, xip=xip)
        journal = picoplay.journal_of(picoplay.saved_files(pico, folder, block_count=blocks))
        undo = None
        if ref["report"]["screen"] == "capture.scores":
            # Undo at the end of the game: BACK to the end screen, long OK for its menu,
            # OK on "Undo" (the first item): the last entry goes.
            g.key(3)
            g.key(4)
            g.key(2)
            undo = (g.last_ms, g.last_ready_ms, g.journal_bytes)
    return g, bad, rows, journal, undo


def fmt(values):
    return "{median} / {p95} / {max}".format(**summary(values))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=("masters", "capture", "battle"))
    ap.add_argument("--panel", choices=PANELS, default="ssd1306",
                    help="the panel emulated and its bus (default ssd1306, I2C)")
    ap.add_argument("--flash-timing", choices=("typical", "max"), default="typical")
    ap.add_argument("--no-xip", action="store_true", help="no XIP cache model (faster)")
    ap.add_argument("--build", choices=("mpy", "frozen"), default="mpy",
                    help="mpy: the .mpy firmware on the stock MicroPython (make deploy); "
                         "frozen: the gadget's UF2 (make uf2)")
    ap.add_argument("--heap", action="store_true",
                    help="a second pass of each game for its peak heap")
    args = ap.parse_args()
    why = picoplay.missing()
    if why:
        print("emulated Pico not available: " + why)
        return 0
    if args.build == "frozen" and not uf2.uf2_path().is_file():
        print("bench_pico: no UF2 at {}: run `make uf2` first".format(uf2.uf2_path()))
        return 2
    xip = not args.no_xip
    print("{} build; panel {} on {}; flash timing {}; ms as median / p95 / max".format(
        args.build, args.panel, "SPI" if args.panel.endswith("-spi") else "I2C",
        args.flash_timing))
    with tempfile.TemporaryDirectory() as tmp:
        kw = build_for(args.build, args.panel, tmp)
        for game, seed, label in GAMES:
            if args.game and game != args.game:
                continue
            ref = picoplay.reference(Path(tmp) / "ref", game, seed)
            t0 = time.time()
            g, bad, rows, journal, undo = play(kw, ref, seed, tmp, args.flash_timing, xip,
                                               args.panel)
            wall = time.time() - t0
            for i, r in enumerate(rows):
                r["step"] = r["journal"] > (rows[i - 1]["journal"] if i else 0)
                r["undo"] = r["journal"] < (rows[i - 1]["journal"] if i else 0)
            steps = [r for r in rows if r["step"]]
            print("{} ({} keys, journal {} B), free heap at boot {} B:".format(
                label, len(ref["keys"]), len(ref["journal"]), g.free_at_boot))
            for name, keep in (("every key", rows), ("keys that saved a step", steps)):
                drawn = [r["ms"] for r in keep if r["ms"] is not None]
                print("  {}: press_ms {}; ready_ms {}{}; taken {}".format(
                    name, fmt(drawn), fmt([r["ready"] for r in keep]),
                    "; ready_ms +XIP {}".format(fmt([r["xip"] for r in keep])) if xip else "",
                    fmt([r["taken"] for r in keep])))
            by_ready = sorted(range(len(rows)), key=lambda i: rows[i]["ready"])
            print("  slowest keys (ready_ms): " + "; ".join("{:.1f} ms (key {}, {} -> {})".format(
                rows[i]["ready"], i, rows[i - 1]["screen"] if i else "boot", rows[i]["screen"])
                for i in reversed(by_ready[-3:])))
            slow = {}
            for i, r in enumerate(rows):
                prev = rows[i - 1]["screen"] if i else ""
                kind = None
                if r["screen"] == "masters.hint" and prev != "masters.hint":
                    kind = "the Masters hint"
                elif r["screen"] != prev and (r["screen"].endswith(".end")
                                              or r["screen"] == "capture.scores"):
                    kind = "end-of-game scoring"
                elif r["undo"]:
                    kind = "undo"
                if kind and (kind not in slow or r["ready"] > slow[kind]["ready"]):
                    slow[kind] = r
            for kind, r in slow.items():
                print("  {}: press_ms {}, ready_ms {:.1f}".format(
                    kind, "-" if r["ms"] is None else "{:.1f}".format(r["ms"]), r["ready"]))
            if undo is not None and undo[0] is not None:
                print("  undo at the end of the game (journal {} B of actions after): "
                      "press_ms {:.1f}, ready_ms {:.1f}".format(undo[2], undo[0], undo[1]))
            sent = [r["bytes"] for r in rows]
            bus = "SPI" if args.panel.endswith("-spi") else "I2C"
            print("  bytes to the panel per key ({}): median {} / p95 {} / max {}".format(
                bus, *(summary(sent)[k] for k in ("median", "p95", "max"))))
            n = max(len(steps), 1)
            erases = sum(r["erases"] for r in rows)
            programs = sum(r["programs"] for r in rows)
            print("  flash: {} erases, {} page programs over {} saved steps: {:.0f} erases per"
                  " 100 steps, {:.1f} programs a step".format(
                      erases, programs, len(steps), 100.0 * erases / n, programs / n))
            print("  panel equal to the unix port after {} of {} keys; journal equal: {}; "
                  "errors {}; wall time {:.0f} s".format(
                      len(ref["keys"]) - len(bad), len(ref["keys"]),
                      "yes" if journal == ref["journal"] else "NO",
                      g.errors, wall), flush=True)
            if args.heap:
                peak = peak_heap(kw, ref, seed, args.panel)
                print("  peak heap {} B ({:.1f}% of the free heap at boot)".format(
                    peak, 100.0 * peak / g.free_at_boot), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
