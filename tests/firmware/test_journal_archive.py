"""Finished games move to logs/ for `geekout logs pull`; old logs are dropped."""

import pytest
from flash import FakeFlash
from geekout import journal as jn
from mpy_harness import run_micropython


def finished(storage, n):
    for i in range(n):
        j = jn.Journal(storage)
        j.start("masters", b"\x01\x01")
        j.append(bytes([i % 10]))
        j.archive()


def test_archive_numbers_and_keeps_the_newest():
    fl = FakeFlash({"settings.json": b"{}"})
    finished(fl, 3)
    assert sorted(fl.files) == ["logs/0001.goj", "logs/0002.goj", "logs/0003.goj", "settings.json"]
    finished(fl, jn.KEEP_LOGS)
    logs = sorted(k for k in fl.files if k.startswith("logs/"))
    assert len(logs) == jn.KEEP_LOGS
    assert logs[0] == "logs/{:04d}.goj".format(3 + jn.KEEP_LOGS - jn.KEEP_LOGS + 1)
    assert logs[-1] == "logs/{:04d}.goj".format(3 + jn.KEEP_LOGS)
    k = jn.Journal(FakeFlash({"game.goj": fl.files[logs[-1]]}))
    assert k.load() == jn.OK and k.game == "masters"


def test_archive_without_a_game_does_nothing():
    fl = FakeFlash()
    jn.Journal(fl).archive()
    assert fl.files == {}


@pytest.mark.micropython
def test_archive_on_the_device_storage_under_micropython(tmp_path):
    code = (
        "from geekout.hal.storage import Storage\n"
        "from geekout import journal as jn\n"
        "st = Storage('{}')\n"
        "for i in range(2):\n"
        "    j = jn.Journal(st)\n"
        "    j.start('masters', b'\\x01\\x01')\n"
        "    j.append(b'\\x00')\n"
        "    j.archive()\n"
        "import os\n"
        "print(sorted(os.listdir('{}/logs')), st.exists('game.goj'))\n"
    ).format(tmp_path, tmp_path)
    # Heap: passes down to 72K (bisection; the journal compiled from source, which the
    # gadget never does: it runs the .mpy): 112K leaves a 55% margin.
    res = run_micropython(code=code, heap="112K")
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "['0001.goj', '0002.goj'] False"


def test_numbering_past_9999_never_reuses_a_live_name():
    # Item 3 of the hostile-input sweep: after logs/9999.goj the next game went to
    # 0000.goj, and pruning then deleted it as the oldest.
    fl = FakeFlash({"logs/9998.goj": b"old", "logs/9999.goj": b"newest"})
    finished(fl, 1)
    assert sorted(fl.files) == ["logs/0001.goj", "logs/0002.goj", "logs/0003.goj"]
    assert fl.files["logs/0001.goj"] == b"old" and fl.files["logs/0002.goj"] == b"newest"
    k = jn.Journal(FakeFlash({"game.goj": fl.files["logs/0003.goj"]}))
    assert k.load() == jn.OK and bytes(k.actions) == b"\x00"


def test_renumbering_keeps_the_order_of_scattered_logs():
    names = [5, 17, 400, 9000, 9999]
    fl = FakeFlash({"logs/{:04d}.goj".format(n): str(n).encode() for n in names})
    finished(fl, 1)
    logs = sorted(k for k in fl.files if k.startswith("logs/"))
    assert logs == ["logs/{:04d}.goj".format(i + 1) for i in range(6)]
    assert [fl.files[k] for k in logs[:5]] == [str(n).encode() for n in names]
