"""End to end: `geekout deploy` with stock mpremote to a MicroPython REPL on a pty."""

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from geekout_tools.cli import main
from geekout_tools.deploy.plan import MANIFEST_PATH

MPREMOTE = Path(sys.executable).parent / "mpremote"


def sha(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.micropython
def test_deploy_to_a_micropython_repl(pico, private_build, capsys):
    link, root = pico
    (root / "games").mkdir()
    (root / "games" / "current.jnl").write_bytes(b"a saved game")
    assert main(["deploy", "--port", str(link)]) == 0
    out = capsys.readouterr().out
    assert "deployed:" in out and "0 removed" in out
    build = private_build
    for p in build.rglob("*"):
        if p.is_file():
            assert sha(root / p.relative_to(build)) == sha(p), p
    assert (root / MANIFEST_PATH.lstrip("/")).exists()
    assert (root / "games" / "current.jnl").read_bytes() == b"a saved game"

    # Nothing changed: nothing is copied again (--no-build: the same build as above,
    # whatever happens to the source tree meanwhile). The app now runs on the board:
    # the deploy must interrupt it to get the REPL back.
    assert main(["deploy", "--port", str(link), "--no-build"]) == 0
    assert "firmware unchanged on the board" in capsys.readouterr().out

    # The board imports the deployed bytecode (not the source tree).
    res = subprocess.run([str(MPREMOTE), "connect", str(link), "exec",
                          "import geekout.masters.rules as m; print(m.__file__, m.points_for(4))"],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["geekout/masters/rules.mpy", "10"]


def test_deploy_to_a_silent_port_says_so(tmp_path, private_build, capsys):
    # A pty with nothing behind it: the raw REPL never answers.
    master, slave = os.openpty()
    link = tmp_path / "ttyDead"
    link.symlink_to(os.ttyname(slave))
    try:
        assert main(["deploy", "--port", str(link)]) == 2
    finally:
        os.close(master)
        os.close(slave)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "does not answer as MicroPython" in err[0]
