"""Firmware tests on CPython: the simulator's framebuf stand-in (host/geekout_tools/sim/pyfb),
its headless runner, the fakes (flash with power cuts) and the firmware (with its boards,
firmware/boards/) on the import path."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for sub in (ROOT / "host" / "geekout_tools" / "sim" / "pyfb", ROOT / "host" / "geekout_tools" / "sim",
            ROOT / "tests" / "fakes", ROOT / "tests" / "firmware", ROOT / "firmware"):
    if str(sub) not in sys.path:
        sys.path.insert(0, str(sub))
