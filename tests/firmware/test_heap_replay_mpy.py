"""Each game, played whole by its test driver, plays again key for key on the MicroPython
unix port with a heap of 192K to 240K by game (HEAP) and nothing of the tests in RAM but the
replay module and the simulated board (tests/firmware/heapreplay.py, keyreplay.py): the same last screen and
journal, and no other game's module loaded at the peak. The figures themselves (peak
heap, smallest heap) are bench/bench_heap.py's."""

import pytest
from heapreplay import GAMES, build, record, replay

pytestmark = pytest.mark.micropython

# One game of each title: the bench's 4-player ones (Capture with Team Wicked and an arena;
# the battle with an undo every 9th decision).
CASES = [g for g in GAMES if (g[0], g[2]) in (("masters", 5), ("capture", 2), ("battle", 5))]


# Heap (KB) per game, each game's modules loaded whole for the whole game (bisection):
# Masters passes down to 164K (its hint reader comes with the game; short path; the
# review's traces and show()'s 128-byte temporaries took it up from 124K): 192K leaves
# a 17% margin; Capture down to 216K (4K steps; 208K before the end's count of the
# "?" cards, bench/bench_heap.py): 240K leaves 11%; the battle down to 164K (1K steps, short path; 152K before B11's checks and the
# named refusals): 220K leaves 34%.
HEAP = {"masters": 192, "capture": 240, "battle": 220}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("heapreplay")
    build(str(tmp))
    return str(tmp)


@pytest.mark.parametrize("entry", CASES, ids=[g[0] for g in CASES])
def test_whole_game_replays_with_a_heap_margin(built, entry):
    game, _label, seed = entry[:3]
    keys, want = record(built, entry)
    got, err = replay(built, keys, seed, HEAP[game])
    assert got is not None, err
    assert got["keys"] == want["keys"] > 100
    assert (got["screen"], got["game"], got["journal_bytes"]) == (
        want["screen"], game, want["journal_bytes"])
    assert got["harness"] > 0 and got["peak_heap"] > got["harness"]
    others = [m for m in got["modules"] if game not in m and (
        m.startswith(("geekout.masters", "geekout.capture", "geekout.battle")))]
    assert others == []
