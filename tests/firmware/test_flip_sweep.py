"""The byte-flip sweep (tests/firmware/flip_sweep.py) over a small saved journal of each
game: every byte with three masks, booted by the app on CPython and on the deployed
(.mpy) firmware under the MicroPython unix port. Every flip resumes the game its records
before the damage make, or sets the file aside and says so; boot never fails."""

import flip_sweep
import pytest
from battle_drive import BattleDriver
from boards.sim import SimBoard
from capture_drive import CaptureDriver
from drive import Driver
from flash import FakeFlash
from geekout import journal as jn
from geekout.hal.storage import Storage
from geekout_tools.sim import host
from mpy_harness import ROOT, run_deployed

DATA = str(ROOT / "firmware")
HELPERS = [ROOT / "tests" / "fakes" / "flash.py", ROOT / "tests" / "firmware" / "keydriver.py",
           ROOT / "tests" / "firmware" / "flip_sweep.py"]


def journals():
    """A small saved game of each game (8-16 records), as the gadget wrote it."""
    data = Storage(DATA)
    masters = Driver(SimBoard(storage=FakeFlash(), seed=1))
    masters.boot()
    masters.start(0, 2)
    capture = CaptureDriver(SimBoard(storage=FakeFlash(), data=data, seed=1), 1)
    capture.boot()
    capture.start_capture(2)
    battle = BattleDriver(SimBoard(storage=FakeFlash(), seed=1), seed=1)
    battle.boot()
    battle.start_battle(3)
    out = {}
    for name, d, presses in (("masters", masters, 40), ("capture", capture, 40), ("battle", battle, 40)):
        for _ in range(presses):
            d.step()
        out[name] = d.board.storage.read("game.goj")
    return out


@pytest.fixture(scope="module")
def saved():
    games = journals()
    for name, data in games.items():
        recs = flip_sweep.records(data)
        assert data[:4] == b"GOJ\x03" and len(recs) >= 8, name
        assert jn.parse(data)[4] is None  # sound before the flips
    return games


@pytest.mark.parametrize("game", ["masters", "capture", "battle"])
def test_every_flip_resumes_before_the_damage_or_is_set_aside(saved, game):
    flips, failed = flip_sweep.sweep(saved[game], Storage(DATA))
    assert flips == 3 * len(saved[game]) and failed == 0


@pytest.mark.micropython
def test_every_flip_on_the_unix_port(saved, tmp_path):
    host.build_deployed(tmp_path, HELPERS)
    (tmp_path / "geekout" / "data").mkdir(parents=True, exist_ok=True)
    lines = []
    for game in ("masters", "capture", "battle"):
        code = ("import flip_sweep\nfrom geekout.hal.storage import Storage\n"
                "flip_sweep.sweep(bytes.fromhex({!r}), Storage({!r}))\n").format(
                    saved[game].hex(), DATA)
        # Heap: Capture's resume is the largest; 208K is the Capture tests' heap, which
        # leaves it a third free (tests/firmware/test_capture_gadget_mpy.py).
        out, _err = run_deployed(tmp_path, code, "208K")
        lines.append(out[-1])
        assert out[-1] == "{} bytes, {} flips, 0 failed".format(len(saved[game]), 3 * len(saved[game])), out[-5:]
    assert len(lines) == 3
