"""The galaxy battle on the deployed (.mpy) firmware under the MicroPython unix port:
full games by button presses at heap 224K, a power cut at every flash write of a game,
random presses at heap 224K (the 100,000-press run is in bench/bench_gadget_battle.py)."""

import json

import pytest
from geekout_tools.sim import host
from mpy_harness import ROOT, run_deployed

pytestmark = pytest.mark.micropython

HELPERS = [ROOT / "tests" / "fakes" / "flash.py", ROOT / "tests" / "firmware" / "keydriver.py",
           ROOT / "tests" / "firmware" / "battle_drive.py",
           ROOT / "tests" / "firmware" / "battle_checks.py",
           ROOT / "tests" / "firmware" / "battle_fuzz.py"]


@pytest.fixture(scope="module")
def deployed(tmp_path_factory):
    out = tmp_path_factory.mktemp("battle_deployed")
    host.build_deployed(out, HELPERS)
    return out


# Heap: the full games pass down to 171K (bisection, 1K steps, checkout at a short path),
# the random presses to 164K: 224K leaves a 31% margin. The whole game is in RAM from its
# setup on (geekout/battle/play.py); before ruling B11 and the screens' rework (implied
# phase ends, whole-entry undo, the hidden screen, the labelled victory: 4.2 KB more
# bytecode) they passed down to 154K and 150K; with one screen module at a time, 116K.
def mpy(deployed, code, heap="224K"):
    return run_deployed(deployed, code, heap)


# A whole game with only the driver and the board besides the firmware; the saved game
# goes to files (hal.storage, as on the device), not to a fake flash in the heap.
GAME = """
import json, battle_fuzz
battle_fuzz.warm_names()
import battle_drive
from boards import sim as simboard
from geekout import journal as jn
from geekout.hal.storage import Storage
s = Storage("flash{P}{S}")
for n in ("game.goj", "settings.json"):
    s.remove(n)
b = simboard.SimBoard(storage=s, seed={S}, events=True)
d = battle_drive.BattleDriver(b, seed={S})
d.undo_every = {U}
d.boot()
d.start_battle({P})
d.play_out()
st = d.game().state
j = jn.Journal(b.storage)
ok = j.load() == jn.OK
print(json.dumps({{"screen": d.top().name, "winner": st.winner, "condition": st.condition,
    "values": [st.star_value(p) for p in range({P})], "undone": d.undone, "saved_ok": ok,
    "saved_matches": bytes(j.actions) == bytes(st.journal), "game": j.game,
    "config": list(j.config), "last_event": b.last_event}}))
"""


# The 3-player game is `make check`'s smoke game of the battle on the unix port.
@pytest.mark.parametrize("players,seed,undo_every", [
    pytest.param(3, 2, 5, marks=pytest.mark.smoke), (4, 11, 0)])
def test_full_game_by_buttons(deployed, players, seed, undo_every):
    lines, _err = mpy(deployed, GAME.format(P=players, S=seed, U=undo_every))
    out = json.loads(lines[-1])
    assert out["screen"] == "battle.end" and 1 <= out["condition"] <= 3
    w = out["winner"]
    assert 0 <= w < players
    assert out["saved_ok"] and out["saved_matches"]
    assert out["game"] == "battle" and out["config"] == [players]
    if undo_every:
        assert out["undone"] > 0
    last = json.loads(out["last_event"])
    assert last["event"] == "end" and last["winners"] == [w + 1]
    assert last["scores"] == out["values"]


def test_power_cut_at_every_write(deployed):
    # A big heap: each cut keeps two whole games' fakes alive (the game itself runs in
    # 224K in the tests above). Passes down to 292K (bisection, 4K steps, checkout at a
    # short path): 1M leaves a 250% margin.
    lines, _err = mpy(deployed, "import battle_checks\nbattle_checks.power_cuts(3, 2)", "1M")
    assert lines[-1].endswith(", 0 failed"), "\n".join(lines[-10:])
    assert int(lines[-1].split()[0]) > 50


def test_random_presses_with_a_heap_margin(deployed):
    lines, err = mpy(deployed, "import battle_fuzz\nbattle_fuzz.fuzz(6000, 3)")
    out = json.loads(lines[-1])
    assert out["errors"] == 0 and out["mismatches"] == 0, err[-2000:]
    assert out["games"] >= 1 and out["refused"] > 0
    for screen in ("battle.players", "battle.first", "battle.turn", "battle.menu", "battle.status"):
        assert screen in out["screens"]
