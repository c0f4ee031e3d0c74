"""`geekout hil`: skipped cleanly without a board; on the MicroPython stand-in board
(fake pins), the unattended steps run and pass."""

import subprocess
import sys
import time

import pytest
from mpy_harness import FAKES, ROOT

sys.path.insert(0, str(FAKES))

from geekout_tools.cli import main


def test_no_board_skips_with_exit_0(capsys, monkeypatch):
    from geekout_tools.deploy import boards

    monkeypatch.setattr(boards, "list_boards", lambda comports=None: [])
    monkeypatch.setattr(boards, "bootsel_drives", lambda globs=(): [])
    assert main(["hil"]) == 0
    assert "no Pico attached" in capsys.readouterr().out


@pytest.fixture(autouse=True)
def private_build(tmp_path, monkeypatch):
    """Each test builds into its own folder (build/firmware may be rebuilt meanwhile)."""
    import geekout_tools.build as b

    monkeypatch.setattr(b, "BUILD", tmp_path / "build")


@pytest.fixture
def pico(tmp_path):
    root = tmp_path / "board"
    root.mkdir()
    link = tmp_path / "ttyPico"
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "fakepico.py"), str(link), str(root)])
    for _ in range(100):
        if link.is_symlink():
            break
        time.sleep(0.05)
    yield link, root
    proc.terminate()
    proc.wait(timeout=10)


def saved_game():
    from flash import FakeFlash
    from geekout import journal as jn

    j = jn.Journal(FakeFlash())
    j.start("masters", b"\x01\x02")
    j.append(b"\x00\x04")
    return j.storage.read(j.name)


def test_unattended_smoke_on_stand_in_board(pico, capsys):
    link, root = pico
    (root / "game.goj").write_bytes(saved_game())
    assert main(["hil", "--port", str(link), "--no-prompts"]) == 0
    out = capsys.readouterr().out
    assert "PASS display on I2C at 0x3C" in out
    assert "PASS journal write/read" in out
    assert "0 failed" in out
    assert (root / "game.goj").read_bytes() == saved_game()
    assert not (root / "hil-test.goj").exists()
