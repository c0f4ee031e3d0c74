"""Fair undo (docs/gadget.md, Undo) on the deployed (.mpy) firmware under the MicroPython
unix port: the same checks as test_fair_undo.py (fair_undo_check.py) on a few games."""

import json

import pytest
from geekout_tools.sim import host
from mpy_harness import ROOT, run_deployed

pytestmark = pytest.mark.micropython

HELPERS = [ROOT / "tests" / "fakes" / "flash.py", ROOT / "tests" / "firmware" / "keydriver.py",
           ROOT / "tests" / "firmware" / "drive.py", ROOT / "tests" / "firmware" / "fair_undo_check.py"]

CODE = """import json, fair_undo_check as fu
for seed, steps in {}:
    print(json.dumps(fu.check(seed, steps)))
"""


@pytest.fixture(scope="module")
def deployed(tmp_path_factory):
    out = tmp_path_factory.mktemp("deployed")
    host.build_deployed(out, HELPERS)
    return out


def test_an_undo_never_rerolls_on_micropython(deployed):
    # Two games' fakes alive at once (the cut's reboot): 1M is roomy, the point here is
    # the behaviour (heap figures are the heap tests' and bench's).
    games = [(3, 12), (8, 60), (21, 150), (34, 400), (55, 10_000)]
    lines = run_deployed(deployed, CODE.format(games), "1M")[0]
    outs = [json.loads(line) for line in lines if line.startswith("{")]
    assert len(outs) == len(games)
    for out in outs:
        assert out["undoable"], out
        assert out["same"] and out["same_after_other"] and out["same_after_cut"], out
        assert out["replays"], out
