"""A full (or failing) flash never turns a move into a restart: the player is told once,
the game goes on in RAM, and what was saved before stays readable (a prefix of the
game). Fake flash with a size (tests/fakes/flash.py: OSError(28) past `space` bytes),
on CPython, on the MicroPython unix port, and through main.py as the device runs it."""

import json

import pytest
from boards.sim import SimBoard
from drive import Driver
from flash import FakeFlash
from geekout import journal as jn
from geekout import keys
from mpy_harness import ROOT, run_micropython
from test_robust_boot import START_GAME, run_main

HEADER = 4 + 4 + len(b"masters\x00") + 2  # magic, header record, 2 config bytes


def play(flash, mode=0, players=2, seed=3):
    """A whole Masters game by keys; every toast seen after a press, the driver."""
    d = Driver(SimBoard(storage=flash, seed=seed))
    seen = []

    def note(dr):
        t = dr.ui.toast_text
        if t is not None and (not seen or seen[-1] != t):
            seen.append(t)

    d.after_press = note
    d.boot()
    d.start(mode, players)
    d.play_out()
    return d, seen


def played(d):
    g = d.top().game
    return bytes(g.state.journal)


@pytest.mark.parametrize("mode", [0, 1], ids=["virtual", "table"])
def test_full_flash_mid_game_is_told_once_and_the_game_goes_on(mode):
    flash = FakeFlash(space=HEADER + 30)
    d, seen = play(flash, mode)
    assert d.top().name == "masters.end"
    assert seen.count("Flash full: game not saved") == 1
    assert flash.refused == 1  # nothing more was tried on this game: no record after it
    saved = jn.Journal(FakeFlash(flash.snapshot()))
    assert saved.load() == jn.OK  # littlefs lands nothing of a refused write
    assert 0 < len(saved.actions) < len(played(d)) and played(d).startswith(bytes(saved.actions))
    d.press(keys.OK)  # done: an unsaved game leaves no half log, and no stale save
    assert d.top().name == "home" and d.board.storage.read("game.goj") is None
    assert not [n for n in d.board.storage.files if n.startswith("logs/")]


def test_a_refused_append_cut_short_is_read_as_damage_and_set_aside():
    flash = FakeFlash(space=HEADER + 30, torn=True)
    d, seen = play(flash)
    assert "Flash full: game not saved" in seen and flash.refused == 1
    left = flash.snapshot()
    saved = jn.Journal(FakeFlash(left))
    assert saved.load() == jn.DAMAGED
    assert played(d).startswith(bytes(saved.actions))
    assert saved.storage.read("bad/0001.goj") == left["game.goj"]


def test_a_failing_flash_says_flash_error():
    d, seen = play(FakeFlash(space=HEADER + 30, errno=5))
    assert "Flash error: game not saved" in seen and d.top().name == "masters.end"


def test_a_game_on_a_full_flash_from_its_start_is_played_unsaved():
    flash = FakeFlash(space=HEADER - 1)
    d, seen = play(flash)
    assert "Flash full: game not saved" in seen and d.top().name == "masters.end"
    assert flash.read("game.goj") is None


def test_a_new_game_takes_the_space_of_the_one_it_replaces():
    flash = FakeFlash(space=HEADER + 30)
    d, _ = play(flash)
    assert d.app.journal.unsaved
    d.press(keys.LONG_BACK)
    d.new_game("Masters")  # replaces the saved (unfinished) one
    d.press(keys.OK)
    d.press(keys.OK)
    j = d.app.journal
    assert not j.unsaved and flash.read("game.goj")[:4] == b"GOJ\x03"


def test_a_setting_the_flash_refuses_holds_in_ram_and_is_told():
    flash = FakeFlash(space=10)
    d = Driver(SimBoard(storage=flash, seed=1))
    d.boot()
    home = d.top()
    home.index = home.items.index("Settings")
    d.press(keys.OK)
    d.press(keys.DOWN)
    d.press(keys.DOWN)
    d.press(keys.OK)  # Sound -> off
    assert d.ui.toast_text == "Flash full: setting not saved"
    assert d.board.buzzer.muted and flash.read("settings.json") is None
    assert d.top().items[2] == "Sound off"


MPY = """
import json
from drive import Driver
from flash import FakeFlash
from geekout import journal as jn
from boards.sim import SimBoard
flash = FakeFlash(space={space})
d = Driver(SimBoard(storage=flash, seed=3))
seen = []
def note(dr):
    t = dr.ui.toast_text
    if t is not None and t not in seen:
        seen.append(t)
d.after_press = note
d.boot()
d.start(0, 2)
d.play_out()
saved = jn.Journal(FakeFlash(flash.snapshot()))
status = saved.load()
game = bytes(d.top().game.state.journal)
print(json.dumps({{"screen": d.top().name, "seen": seen, "refused": flash.refused,
                  "ok": status == jn.OK, "prefix": game[:len(saved.actions)] == bytes(saved.actions),
                  "saved": len(saved.actions), "played": len(game)}}))
"""


@pytest.mark.micropython
def test_full_flash_under_micropython():
    # Heap: passes down to 177K (bisection, checkout at a 150-character path; 172K at a
    # short one: compiled from source, drivers and all): 232K leaves a 31% margin.
    res = run_micropython(code=MPY.format(space=HEADER + 30), heap="232K",
                          path=[ROOT / "tests" / "firmware"])
    assert res.returncode == 0, res.stderr[-2000:] + res.stdout[-2000:]
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert out["screen"] == "masters.end" and out["refused"] == 1
    assert "Flash full: game not saved" in out["seen"]
    assert out["ok"] and out["prefix"] and 0 < out["saved"] < out["played"]


@pytest.mark.micropython
def test_full_flash_on_the_device_path(tmp_path):
    # main.py and app.run with the flash replaced by a small fake one
    setup = """import geekout.hal.storage as hs
from flash import FakeFlash
made = []
def storage(root=""):
    made.append(FakeFlash(space={}))
    return made[-1]
hs.Storage = storage
""".format(HEADER + 6)
    script = START_GAME + "".join("    press(board, 2, {})\n".format(at) for at in range(70, 400, 10))
    report = ("out['refused'] = made[0].refused\nout['files'] = sorted(made[0].files)\n"
              "j = apps[1].journal\n"
              "out['ram'] = len(j.actions)\nout['unsaved'] = getattr(j, 'unsaved', None)\n")
    out, serial = run_main(tmp_path, setup=setup, script=script, report=report, limit=450)
    assert "Flash full: game not saved" in out["toasts"]
    assert "Traceback" not in "\n".join(serial) and out["apps"] == 1  # no restart
    assert out["refused"] == 1
    assert out["files"] == ["game.goj"]
    # the game went on in RAM after the flash was full
    assert out["unsaved"] and out["ram"] > 5, out
