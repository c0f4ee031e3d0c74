"""The gadget's review of a Masters game on the emulated Pico (docs/gadget.md, Review).

A 4-player, 5-round auto-dice game is played on CPython by the test driver (simulator
dice, seed 7), its keys are played again on the emulated Pico (the same dice, the
deployed .mpy firmware, the hint table on its littlefs), then hold OK and Review. It
prints:
- the Review key's press-to-screen time (emulated, 125 MHz: the walk of the journal
  on the hint table and the first page drawn), when the "Reviewing..." frame shown
  before the walk was on the panel, and the gadget's peak heap with its probe
  (gc.mem_alloc() after gc.collect() after every key, the game's keys included);
- on a fresh heap, the walk alone timed, and its working set at its largest: the live
  heap (after gc.collect()) sampled at every table lookup, above the heap before it;
- that the Pico's review equals the CPython one (the same sums, integers).
Budgets (docs/gadget.md): under 1 s; the peak under half the free heap at boot.

Run: .venv/bin/python bench/bench_review_pico.py   (needs GEEKOUT_PICO_UF2, _BOOTROM)
"""

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for sub in ("tests/pico", "host/geekout_tools/sim/pyfb", "host/geekout_tools/sim", "tests/fakes",
            "tests/firmware", "firmware"):  # as tests/firmware/conftest.py orders them
    sys.path.insert(0, str(ROOT / sub))

import picoplay  # noqa: E402
from boards.sim import SimBoard  # noqa: E402
from drive import Driver  # noqa: E402
from flash import FakeFlash  # noqa: E402
from geekout import keys  # noqa: E402
from geekout.hal.storage import Storage  # noqa: E402
from geekout.masters import consts as mc  # noqa: E402
from geekout.masters import hint as mh  # noqa: E402
from geekout.masters import review as gr  # noqa: E402

SEED = 7
PLAYERS = 4

WALK = """
import gc, time
from geekout.masters import hint, review
f = open('geekout/masters/hint.bin', 'rb')
acts = bytes.fromhex('{hex}')
values = review.TableValues(hint, hint.open_table(f))
peak = [0]
class Probed(review.TableValues):
    def value(self, pos):
        gc.collect()
        m = gc.mem_alloc()
        if m > peak[0]:
            peak[0] = m
        return review.TableValues.value(self, pos)
gc.collect()
base = gc.mem_alloc()
t0 = time.ticks_us()
r = review.review(values, {players}, acts)
dt = time.ticks_diff(time.ticks_us(), t0)
del r
gc.collect()
r = review.review(Probed(hint, values.table), {players}, acts)
gc.collect()
print('#walk', dt, peak[0] - base, gc.mem_free() + gc.mem_alloc())
print('#sums', r.start, r.seats, r.worst[0])
"""


def recorded():
    """(keys to the Review, the journal's actions, the CPython review) of the game."""
    board = SimBoard(storage=FakeFlash(), data=Storage(str(ROOT / "firmware")), seed=SEED)
    d = Driver(board)
    d.log = bytearray()
    d.boot()
    d.start(mc.AUTO, PLAYERS)
    assert d.play_out().name == "masters.end"
    actions = bytes(d.app.journal.actions)
    d.press(keys.LONG_OK)
    menu = d.top()
    while menu.items[menu.index] != "Review":
        d.press(keys.DOWN)
    d.press(keys.OK)
    assert d.top().name == "masters.review"
    with open(ROOT / "firmware" / mc.HINT_FILE, "rb") as f:
        r = gr.review(gr.TableValues(mh, mh.open_table(f)), PLAYERS, actions)
    return bytes(d.log), actions, r


def main():
    why = picoplay.missing()
    if why:
        print("emulated Pico not available: " + why)
        return 0
    keys_, actions, r = recorded()
    decisions = sum(row[gr.DECISIONS] for row in r.seats)
    print("game: {} players, auto dice, seed {}: {} keys, journal {} B, {} turns, "
          "{} decisions".format(PLAYERS, SEED, len(keys_), len(actions), len(r.turns),
                                decisions))
    wall = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        image = picoplay.deployed_image(Path(tmp) / "img")
        with picoplay.Pico(flash=image, panel="ssd1306") as pico:
            g = picoplay.Gadget(pico, seed=SEED)
            for k in keys_:
                ms = g.key(k)
            g.settle()
            assert g.screen == "masters.review", g.screen
            assert g.errors == 0
            print("Review key: {} ms (emulated, press to the page on the panel)".format(ms))
            # the "Reviewing..." frame (end.py): the panel's writes before the longest
            # quiet of the key (the modules loaded and the walk)
            due = pico.last_due
            at = [w[1] for w in pico.panel_writes if w[1] >= due]
            gaps = [at[j + 1] - at[j] for j in range(len(at) - 1)]
            if gaps:
                first = at[gaps.index(max(gaps))]
                print("the Reviewing... frame on the panel: {:.1f} ms after the press".format(
                    (first - due) / 1e6))
            print("peak heap with the probe, whole game and review: {:,} B of {:,} B free "
                  "at boot ({:.1f}%)".format(g.peak_heap, g.free_at_boot,
                                             100 * g.peak_heap / g.free_at_boot))
            pico.raw_repl()
            pico.soft_reset()
            out, err = pico.exec_raw(WALK.format(hex=actions.hex(), players=PLAYERS),
                                     max_ms=120000)
            assert not err, err
            walk = next(ln for ln in out.splitlines() if ln.startswith("#walk")).split()
            sums = next(ln for ln in out.splitlines() if ln.startswith("#sums"))
            print("the walk alone: {:.1f} ms (emulated); its working set at its largest "
                  "{:,} B".format(int(walk[1]) / 1000, int(walk[2])))
            want = "#sums {} {} {}".format(r.start, r.seats, r.worst[0])
            print("Pico review == CPython review:", sums.strip() == want)
    print("wall time: {:.0f} s".format(time.time() - wall))
    return 0


if __name__ == "__main__":
    sys.exit(main())
