"""`geekout hil`: skipped cleanly without a board; on the MicroPython stand-in board
(fake pins), the unattended steps run and pass."""

import sys

import pytest
from mpy_harness import FAKES

sys.path.insert(0, str(FAKES))

from geekout_tools.cli import main


def test_no_board_skips_with_exit_0(capsys, monkeypatch):
    from geekout_tools.deploy import boards

    monkeypatch.setattr(boards, "list_boards", lambda comports=None: [])
    monkeypatch.setattr(boards, "bootsel_drives", lambda globs=(): [])
    assert main(["hil"]) == 0
    assert "no Pico attached" in capsys.readouterr().out


def test_port_that_does_not_exist_is_said(capsys, private_build):
    """mpremote's "failed to access ... (it may be in use)" made this "in use by another
    program"; the port is not there at all."""
    for argv in (["--no-deploy"], []):
        assert main(["hil", "--no-prompts", "--port", "/dev/ttyGEEKOUT-NONE"] + argv) == 2
        out, err = capsys.readouterr()
        assert out == "" and "Traceback" not in err and err.count("\n") == 1
        assert err.startswith("geekout: error: no serial port /dev/ttyGEEKOUT-NONE: it does "
                              "not exist")
    assert not private_build.exists()  # refused before any build


def saved_game():
    from flash import FakeFlash
    from geekout import journal as jn

    j = jn.Journal(FakeFlash())
    j.start("masters", b"\x01\x02")
    j.append(b"\x00\x04")
    return j.storage.read(j.name)


@pytest.mark.micropython
def test_unattended_smoke_on_stand_in_board(pico, private_build, capsys):
    link, root = pico
    (root / "game.goj").write_bytes(saved_game())
    assert main(["hil", "--port", str(link), "--no-prompts"]) == 0
    out = capsys.readouterr().out
    assert "PASS display on I2C at 0x3C" in out
    assert "PASS journal write/read" in out
    assert "0 failed" in out
    assert (root / "game.goj").read_bytes() == saved_game()
    assert not (root / "hil-test.goj").exists()
