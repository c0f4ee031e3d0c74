"""Frozen vs .mpy on the emulated Pico: the gadget's UF2 (`make uf2`: firmware frozen in,
data in the ROMFS partition, nothing on littlefs) against the stock MicroPython UF2 with
the .mpy build deployed on littlefs (`make deploy`).

For each: the UF2's size; the free heap at boot (gc.mem_free() after a soft reset, before
main.py); boot to the home screen (emulated ms from power-up to the end of the home
screen's last I2C write); flash left for saved games (littlefs free blocks after boot);
then whole games played key for key as the unix port played them (tests/pico/picoplay.py):
peak heap and press-to-screen median / p95 / max per game.

Run: .venv/bin/python bench/bench_uf2.py [--game masters|capture|battle|all]
Needs GEEKOUT_PICO_UF2, GEEKOUT_PICO_BOOTROM and a built UF2 (make uf2).
"""

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "pico"))

import os  # noqa: E402

import picoplay  # noqa: E402
from geekout_tools import uf2  # noqa: E402
from geekout_tools.pico.gadget import summary  # noqa: E402

GAMES = (("masters", 5), ("capture", 1), ("battle", 5))


def variants(tmp):
    """(name, UF2 path, Pico keyword arguments) of the two builds."""
    image = picoplay.deployed_image(Path(tmp) / "img")
    built = uf2.uf2_path()
    return (("mpy", os.environ["GEEKOUT_PICO_UF2"], {"flash": image}),
            ("frozen", str(built), {"fs_offset": uf2.STORAGE_BASE - uf2.XIP_BASE,
                                    "fs_size": uf2.STORAGE_BYTES}))


def boot_figures(uf2_file, kw):
    """(boot to home ms, littlefs bytes free, free heap at boot)."""
    with picoplay.Pico(uf2=uf2_file, panel="ssd1306", **kw) as pico:
        t = 0
        while t < 5000:
            pico.run(20)
            t += 20
            if pico.i2c and pico.now - pico.last_i2c >= 300e6:
                break
        boot_ms = pico.last_i2c / 1e6
        g = picoplay.Gadget(pico)
        pico.raw_repl()
        out, _ = pico.exec_raw("import os\ns=os.statvfs('/')\nprint(s[0]*s[3], s[0]*s[2])")
        free, total = (int(v) for v in out.split())
        return boot_ms, free, total, g.free_at_boot


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=("masters", "capture", "battle", "all"), default="masters")
    args = ap.parse_args()
    why = picoplay.missing()
    if why:
        print("emulated Pico not available: " + why)
        return 0
    if not uf2.uf2_path().is_file():
        print("no {}: run make uf2 first".format(uf2.uf2_path()))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, uf2_file, kw in variants(tmp):
            size = Path(uf2_file).stat().st_size
            boot_ms, free, total, heap = boot_figures(uf2_file, kw)
            print("{}: UF2 {:,} B; free heap at boot {:,} B; boot to home {:.1f} ms; littlefs "
                  "{:,} of {:,} B free for saved games".format(name, size, heap, boot_ms, free,
                                                               total), flush=True)
            for game, seed in GAMES:
                if args.game not in ("all", game):
                    continue
                ref = picoplay.reference(Path(tmp) / "ref", game, seed)
                t0 = time.time()
                with picoplay.Pico(uf2=uf2_file, panel="ssd1306", **kw) as pico:
                    g, bad = picoplay.play(pico, ref, seed)
                s = summary(g.press_ms)
                print("  {} seed {} ({} keys): peak heap {:,} B; press to screen median {} / "
                      "p95 {} / max {} ms; panel differed after {} keys; errors {}; wall {:.0f} s"
                      .format(game, seed, len(ref["keys"]), g.peak_heap, s["median"], s["p95"],
                              s["max"], len(bad), g.errors, time.time() - t0), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
