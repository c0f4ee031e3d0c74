"""The buttons' checks of test_buttons_latch.py, unchanged, on the MicroPython
unix port (that module is imported there, so it holds no pytest marker itself)."""

from pathlib import Path

import pytest
from mpy_harness import run_micropython
from test_buttons_latch import HEAP, MPY_RUN, checks

pytestmark = pytest.mark.micropython


def test_the_same_checks_on_the_unix_port():
    here = Path(__file__).resolve().parent
    res = run_micropython(code=MPY_RUN, heap=HEAP, path=[here])
    assert res.returncode == 0, res.stdout[-2000:] + res.stderr
    lines = res.stdout.split("\n")
    assert [x.split()[1] for x in lines if x.startswith("ok ")] == checks()
    # the lock held (an allocation under it raised); 40 taps were taken without one
    assert "locked True 40" in lines
