"""Gadget firmware figures on the MicroPython unix port, as deployed (.mpy by mpy-cross),
with fakes for the hardware (figures in docs/gadget.md, Figures, on the unix port):

- peak heap over a full 4-player Masters game (gc.mem_alloc() after gc.collect() after
  every press) with the test driver in RAM, heap limit 128K, both modes (the firmware
  alone: bench/bench_heap.py);
- median time to handle one press including the redraw and the display update;
- average I2C bytes sent per press (power-up frame excluded, printed apart);
- 100,000 random presses (geekout sim --headless --runtime micropython --heap 128K),
  with Masters the only game offered and with every game: any error fails the bench.

Run: .venv/bin/python bench/bench_firmware.py [--presses N]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "host"))

from geekout_tools.sim import host  # noqa: E402
from mpy_harness import micropython_exe  # noqa: E402

HELPERS = [ROOT / "tests" / "fakes" / "flash.py", ROOT / "tests" / "firmware" / "keydriver.py",
           ROOT / "tests" / "firmware" / "drive.py",
           ROOT / "tests" / "firmware" / "mpy_checks.py"]


def mpy(out, code, heap="128K"):
    env = dict(os.environ, MICROPYPATH=":.frozen:" + str(out))
    res = subprocess.run([micropython_exe(), "-X", "heapsize=" + heap, "-c", code],
                         capture_output=True, text=True, env=env, cwd=out, timeout=3600)
    if res.returncode:
        raise SystemExit(res.stderr[-2000:])
    return res.stdout.strip().splitlines()[-1]




def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--presses", type=int, default=100000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        host.build_deployed(tmp, HELPERS)
        print("full 4-player Masters games by button presses (heap 128K, .mpy firmware):")
        worst = 0
        for mode, seed in ((0, 5), (0, 21), (1, 6)):
            code = "import mpy_checks\nmpy_checks.bench({}, 4, {}, {!r})".format(
                mode, seed, "flash{}{}".format(mode, seed))
            r = json.loads(mpy(tmp, code))
            worst = max(worst, r["peak_heap"])
            print("  {:<13} seed {:>2}: {:>4} presses  peak heap {:>6} B  press+redraw median {} us "
                  "(p90 {}, max {})  I2C {:.0f} B/press ({:.1%} of a 1024-byte frame; power-up {} B)"
                  "  flash writes {}".format(
                      "virtual dice" if mode == 0 else "table dice", seed, r["presses"],
                      r["peak_heap"], r["median_us"], r["p90_us"], r["max_us"],
                      r["i2c_per_press"], r["i2c_per_press"] / 1024, r["boot_i2c"],
                      r["flash_writes"]))
        print("  peak heap with the test driver in RAM, worst game: {} B ({:.1f} KB); the "
              "firmware alone: bench/bench_heap.py".format(worst, worst / 1024))
    errors = 0
    for games, presses in (("masters", args.presses), (None, args.presses)):
        cmd = [sys.executable, "-m", "geekout_tools.cli", "sim", "--headless",
               "--random-presses", str(presses), "--seed", "1", "--runtime", "micropython",
               "--heap", "128K", "--json"]
        if games:
            cmd += ["--game", games]
        t0 = time.time()
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=7200)
        try:
            out = json.loads(res.stdout)
        except ValueError:
            print("random presses ({}): the run failed: {}".format(
                games or "every game", (res.stderr.strip().splitlines() or ["?"])[-1]))
            errors += 1
            continue
        print("random presses ({}): {} {}: {} presses, {} errors, {} screens, peak heap {} B, "
              "{:.0f} s".format(games or "every game", "geekout " + " ".join(cmd[3:]),
                                "", out["presses"], out["errors"], len(out["screens"]),
                                out["peak_heap_bytes"], time.time() - t0))
        print("  screens: " + " ".join(out["screens"]))
        errors += out["errors"]
        if out["errors"]:
            kinds = {}
            for line in res.stderr.splitlines():
                if "Error" in line:
                    kinds[line.split(":")[0]] = kinds.get(line.split(":")[0], 0) + 1
            print("  errors by kind: {}".format(kinds))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
