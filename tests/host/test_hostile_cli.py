"""The `geekout` command when its standard output cannot be written: a closed pipe
(`geekout ... | head -1`) ends it quietly with status 141, /dev/full (a full disk) is one
line "cannot write output: ..." and status 1; never a traceback (docs/limits.md,
Everywhere)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from geekout_tools.cli import EXIT_CLOSED_PIPE, main

GEEKOUT = [sys.executable, "-m", "geekout_tools.cli"]
BATTLE = Path(__file__).resolve().parent.parent / "data" / "battle" / "supremacy.json"
MASTERS = Path(__file__).resolve().parent.parent / "data" / "journals" / "masters-virtual-4p-undo.goj"

COMMANDS = [
    ["--help"],
    ["--version"],
    ["masters", "--help"],
    ["masters", "simulate", "--help"],
    ["sim", "--help"],
    ["monitor", "--help"],
    ["masters", "simulate", "--games", "3", "--players", "4"],
    ["masters", "simulate", "--games", "3", "--json"],
    ["battle", "replay", str(BATTLE)],
    ["battle", "replay", str(BATTLE), "--json"],
    ["masters", "review", str(MASTERS)],
    ["masters", "review", str(MASTERS), "--json"],
]


def _id(argv):
    return " ".join(Path(a).name if "/" in a else a for a in argv)


def run_into(stdout, argv):
    return subprocess.run(GEEKOUT + argv, stdout=stdout, stderr=subprocess.PIPE, text=True,
                          timeout=300)


@pytest.mark.parametrize("argv", COMMANDS, ids=_id)
def test_closed_pipe_ends_quietly(argv):
    """No reader at all (the read end closed before the command starts)."""
    read, write = os.pipe()
    os.close(read)
    try:
        res = run_into(write, argv)
    finally:
        os.close(write)
    assert res.stderr == "" and res.returncode == EXIT_CLOSED_PIPE == 141


@pytest.mark.parametrize("argv", COMMANDS, ids=_id)
def test_full_disk_is_one_line(argv):
    with open("/dev/full", "w") as full:
        res = run_into(full, argv)
    assert res.returncode == 1
    assert res.stderr == "geekout: error: cannot write output: No space left on device\n"


def test_head_reads_one_line_of_long_output():
    """`geekout sim --headless --keys OK | head -1`: the screen is ~40 lines."""
    res = subprocess.run(" ".join(GEEKOUT + ["sim", "--headless", "--keys", "OK"])
                         + " | head -1; echo status ${PIPESTATUS[0]}", shell=True,
                         executable="/bin/bash", capture_output=True, text=True, timeout=300)
    assert res.stderr == ""
    lines = res.stdout.splitlines()
    assert len(lines) == 2 and lines[1] in ("status 0", "status 141")


def test_bad_input_to_a_full_disk_is_still_exit_2():
    """A bad option writes nothing on stdout: its one line and status 2 stay."""
    with open("/dev/full", "w") as full:
        res = run_into(full, ["masters", "simulate", "--players", "0"])
    assert res.returncode == 2
    assert res.stderr == "geekout: error: --players: 0 is not in 1..4\n"


def test_other_oserrors_are_not_taken_for_output(monkeypatch):
    """An OSError of the command's own (not a write to stdout) is not 'cannot write
    output': it goes up as it is, for the command to be fixed."""
    from geekout_tools.commands import battle

    def broken(_args):
        raise PermissionError(13, "Permission denied", "/some/file")

    monkeypatch.setattr(battle, "run_replay", broken)
    with pytest.raises(PermissionError):
        main(["battle", "replay", "x.json"])


def test_stdout_restored_after_main(capsys):
    before = sys.stdout
    main(["battle", "replay", str(BATTLE)])
    assert sys.stdout is before
    assert "winner: P0 by supremacy" in capsys.readouterr().out
