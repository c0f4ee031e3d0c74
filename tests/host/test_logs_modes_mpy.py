"""Every journal replays, from the gadget as deployed: the games of test_logs_modes.py
played by key presses on the MicroPython unix port (the .mpy firmware, fakes for the
hardware), then `geekout logs replay` and `logs export` on each save file."""

import json

import pytest
from geekout_tools.sim import host
from mpy_harness import ROOT, run_deployed
from test_logs_modes import GAMES, PLAY, round_trip

pytestmark = pytest.mark.micropython

HELPERS = [ROOT / "tests" / "fakes" / "flash.py"] + [
    ROOT / "tests" / "firmware" / (n + ".py") for n in (
        "keydriver", "drive", "capture_drive", "capture_checks", "battle_drive", "battle_checks")]


@pytest.fixture(scope="module")
def deployed(tmp_path_factory):
    out = tmp_path_factory.mktemp("deployed")
    host.build_deployed(out, HELPERS)
    (out / "logs_modes_play.py").write_text(PLAY)
    return out


# Heap: 512K is far above what these games take (the heaviest, auto dice without the
# hint table, passes at 180K in test_masters_gadget_mpy.py); heap limits are tested there.
@pytest.mark.parametrize("name,kind,args", GAMES, ids=[g[0] for g in GAMES])
def test_every_mode_played_on_the_unix_port_replays(deployed, tmp_path, capsys, name, kind, args):
    code = "import logs_modes_play\nlogs_modes_play.play({!r}, {!r})".format(kind, args)
    lines, _ = run_deployed(deployed, code, "512K")
    round_trip(tmp_path, capsys, name, kind, json.loads(lines[-1]))
