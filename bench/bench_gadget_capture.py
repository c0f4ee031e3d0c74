"""Geekmon Capture on the gadget: figures on the MicroPython unix port, firmware as
deployed (.mpy by mpy-cross), fakes for the hardware (docs/gadget-capture.md, Memory
and speed):

- peak heap over full Capture games (gc.mem_alloc() after gc.collect() after every
  press), with the geekout modules loaded at the end listed (no other game's module);
  the figure includes the test driver (the firmware alone: bench/bench_heap.py);
- median time to handle one press including the redraw (a separate run per game);
- 100,000 random presses through the gadget starting in a Capture game
  (headless simulator, heap 128K), counting exceptions;
- 100,000 random presses with every game offered (`geekout sim --headless --runtime
  micropython --heap 128K --json`), one run a seed (--seeds), counting exceptions: the
  requirement is none at heap 128K;
- with a 150-card catalog (the importer's limit; generated with names as long as the
  rulebook's, tests/firmware/test_capture_catalog_size.py, and imported): the peak heap
  of the same full games, and random presses from a Capture game at heaps 128K and 136K
  (--presses a seed, seeds 1-4), counting exceptions (docs/capture.md, Catalog).

Run: .venv/bin/python bench/bench_gadget_capture.py [--presses N] [--seeds 1,2,3]
"""

import argparse
import json
import os
import shutil
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
           ROOT / "tests" / "firmware" / "capture_drive.py",
           ROOT / "tests" / "firmware" / "capture_checks.py"]
GAMES = ((2, False, 0, 1, "2 players"), (4, True, 3, 2, "4 players, Team Wicked, arena plant"),
         (3, False, 5, 3, "3 players, arena mystical"), (1, False, 4, 8, "solo Arena Trials"))
# Start a Capture game from home with the default choices (New game, the second game,
# 2 players, the first starter each, Next, the first seat, start).
START = [2, 1, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2]


FUZZ = """
import headless, json
rep, board = headless.run({n}, {seed}, {root!r}, {script}, True, "")
print(json.dumps(rep))
"""


def mpy(out, code, heap):
    env = dict(os.environ, MICROPYPATH=":.frozen:" + str(out))
    res = subprocess.run([micropython_exe(), "-X", "heapsize=" + heap, "-c", code],
                         capture_output=True, text=True, env=env, cwd=out, timeout=7200)
    if res.returncode:
        raise SystemExit(res.stderr[-2000:])
    return res.stdout.strip().splitlines()[-1], res.stderr


def catalog_150(tmp, presses):
    """The figures with a 150-card catalog in a data root of its own."""
    for sub in ("host/geekout_tools/sim/pyfb", "host/geekout_tools/sim", "tests/fakes",
                "firmware", "tests/firmware"):  # as tests/firmware/conftest.py
        sys.path.insert(0, str(ROOT / sub))
    from test_capture_catalog_size import imported, realistic_csv

    (Path(tmp) / "cat150").mkdir()
    imported(Path(tmp) / "cat150", realistic_csv())
    data = str(Path(tmp) / "cat150" / "data")
    print("with a 150-card catalog (generated, names as long as the rulebook's):")
    for players, wicked, arena, seed, label in GAMES:
        root = str(Path(tmp) / "flash150_{}".format(seed))
        code = "import capture_checks\ncapture_checks.bench({}, {}, {}, {}, {!r}, {!r})".format(
            players, wicked, arena, seed, root, data)
        r = json.loads(mpy(tmp, code, "512K")[0])
        shutil.rmtree(root, ignore_errors=True)
        print("  {:<36} {:>4} presses  peak heap {:>6} B (at {})".format(
            label, r["presses"], r["peak_heap"], r["peak_at"]))
    for heap in ("128K", "136K"):
        errors = 0
        for seed in (1, 2, 3, 4):
            root = str(Path(tmp) / "fuzz150_{}_{}".format(heap, seed))
            code = FUZZ.format(n=presses, seed=seed, root=root, script=START).replace(
                'True, "")', "True, {!r})".format(data))
            errors += json.loads(mpy(tmp, code, heap)[0])["errors"]
        print("  random presses from a Capture game, heap {}, seeds 1-4, {} presses each: "
              "{} errors".format(heap, presses, errors))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--presses", type=int, default=100000)
    ap.add_argument("--seeds", default="1,2,3", help="seeds of the all-games runs")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        host.build_deployed(tmp, HELPERS)
        print("full Geekmon Capture games by button presses (.mpy firmware, unix port):")
        worst = 0
        mods = None
        for players, wicked, arena, seed, label in GAMES:
            root = str(Path(tmp) / "flash{}".format(seed))
            code = "import capture_checks\ncapture_checks.bench({}, {}, {}, {}, {!r})".format(
                players, wicked, arena, seed, root)
            r = json.loads(mpy(tmp, code, "512K")[0])
            shutil.rmtree(root, ignore_errors=True)
            t = json.loads(mpy(tmp, code[:-1] + ", '', True)", "512K")[0])
            shutil.rmtree(root, ignore_errors=True)
            worst = max(worst, r["peak_heap"])
            mods = r["modules"]
            print("  {:<36} {:>4} presses  peak heap {:>6} B (at {})  press+redraw median {} us "
                  "(p90 {}, max {})  I2C {:.0f} B/press  flash writes {}".format(
                      label, r["presses"], r["peak_heap"], r["peak_at"], t["median_us"],
                      t["p90_us"], t["max_us"], t["i2c_per_press"], r["flash_writes"]))
        print("  peak heap with the test driver in RAM, worst game: {} B ({:.1f} KB); the "
              "firmware alone: bench/bench_heap.py".format(worst, worst / 1024))
        print("  geekout modules loaded at the end of a game: " + " ".join(mods or []))
        others = [m for m in mods or [] if "masters" in m or "battle" in m]
        print("  other games' modules loaded: {}".format(" ".join(others) if others else "none"))
        errors = 0
        for heap in ("192K", "128K"):
            t0 = time.time()
            root = str(Path(tmp) / ("fuzzflash" + heap))
            line, err = mpy(tmp, FUZZ.format(n=args.presses, seed=1, root=root, script=START), heap)
            out = json.loads(line)
            print("random presses from a Capture game (headless simulator, .mpy firmware, heap {}, "
                  "seed 1): {} presses, {} errors, {} screens, peak heap {} B, {:.0f} s".format(
                      heap, out["presses"], out["errors"], len(out["screens"]),
                      out["peak_heap_bytes"], time.time() - t0))
            print("  Capture screens visited: " + " ".join(s for s in out["screens"]
                                                           if s.startswith("capture.")))
            if out["errors"]:
                last = [x for x in err.strip().splitlines() if "Error" in x]
                print("  errors seen: " + (last[-1] if last else "?"))
            if heap == "192K":
                errors = out["errors"]
        catalog_150(tmp, args.presses)
    for seed in [int(x) for x in args.seeds.split(",") if x]:
        cmd = [sys.executable, "-m", "geekout_tools.cli", "sim", "--headless",
               "--random-presses", str(args.presses), "--seed", str(seed), "--runtime",
               "micropython", "--heap", "128K", "--json"]
        t0 = time.time()
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=7200)
        try:
            out = json.loads(res.stdout)
        except ValueError:
            print("random presses, every game, heap 128K, seed {}: the run failed: {}".format(
                seed, (res.stderr.strip().splitlines() or ["?"])[-1]))
            errors += 1
            continue
        kinds = {}
        for line in res.stderr.splitlines():
            if "Error" in line and not line.startswith(" "):
                kinds[line.split(":")[0]] = kinds.get(line.split(":")[0], 0) + 1
        print("random presses, every game (geekout {}): {} presses, {} errors{}, {} screens, "
              "peak heap {} B, {:.0f} s".format(
                  " ".join(cmd[3:]), out["presses"], out["errors"],
                  " " + str(kinds) if kinds else "", len(out["screens"]),
                  out["peak_heap_bytes"], time.time() - t0))
        errors += out["errors"]
    return 0 if errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
