"""Live event lines never hold a press up: the device's writer (hal/usbserial.py) writes
a line only when USB serial can take it now, else drops and counts it. On a model of
the rp2 port's USB CDC stdout (tests/fakes/usbcdc.py) and on a real pipe that nobody
reads (the unix port's stdout write blocks there, as the rp2's waits)."""

import fcntl
import json
import os
import subprocess

import pytest
from mpy_harness import micropython_exe, micropython_path

pytestmark = pytest.mark.micropython

CDC = """
import json
from usbcdc import UsbCdc
from geekout.events import Events
from geekout.hal.usbserial import LineWriter
out = {{}}
for name, connected, reading in (("host reading", True, True), ("no host", False, False),
                                 ("host not reading", True, False)):
    cdc = UsbCdc(connected, reading)
    if {blocking}:
        def write(line, cdc=cdc):  # what print does: write, whatever the port says
            cdc.write(line)
            cdc.write("\\n")
        w = None
    else:
        w = write = LineWriter(cdc)
    ev = Events(write)
    for i in range(20):
        ev.emit("masters", "turn", 1, 5, i % 4, 4, [10, 20, 30, 40], "Seat {{}} passes: 10".format(i % 4 + 1))
    out[name] = {{"waited_ms": cdc.waited_ms, "lines": cdc.lines,
                 "dropped": w.dropped if w else 0}}
print(json.dumps(out))
"""


def cdc_run(blocking):
    # Heap: passes down to 15K (bisection, checkout at a 150-character path): 64K leaves a
    # 327% margin.
    res = subprocess.run([micropython_exe(), "-X", "heapsize=64K", "-c", CDC.format(blocking=blocking)],
                         capture_output=True, text=True, timeout=60,
                         env=dict(os.environ, MICROPYPATH=micropython_path()))
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout.strip().splitlines()[-1])


def test_event_lines_never_wait_for_a_host_that_does_not_read():
    got = cdc_run(False)
    # a host reading, or none at all: every line goes, nothing waits
    assert got["host reading"] == {"waited_ms": 0, "lines": 20, "dropped": 0}
    assert got["no host"] == {"waited_ms": 0, "lines": 20, "dropped": 0}
    # a host holding the port without reading: the FIFO fills in 16-byte pieces, then
    # lines are dropped at once; no piece ever waits (POLLOUT means one free byte, and
    # the FIFO's room is always a multiple of 16)
    stalled = got["host not reading"]
    assert stalled["waited_ms"] == 0 and stalled["dropped"] >= 17
    assert stalled["lines"] + stalled["dropped"] <= 20
    # what print did: every line after the FIFO filled waited 500 ms
    assert cdc_run(True)["host not reading"]["waited_ms"] >= 17 * 500


BOARD = """
import sys
from geekout.hal.board import Board
b = Board()
for i in range(5):
    b.events.emit("masters", "turn", 1, 5, 0, 2, [1, 2], "Seat 1 passes: 1")
w = b.events.write
sys.stderr.write("dropped {} written {}\\n".format(w.dropped, w.written))
"""


def test_the_boards_event_lines_never_block_on_a_full_serial_port(tmp_path):
    r, w = os.pipe()
    try:
        # Fill the pipe: a host that holds the port open and reads nothing.
        flags = fcntl.fcntl(w, fcntl.F_GETFL)
        fcntl.fcntl(w, fcntl.F_SETFL, flags | os.O_NONBLOCK)
        try:
            while True:
                os.write(w, b"x" * 4096)
        except BlockingIOError:
            pass
        fcntl.fcntl(w, fcntl.F_SETFL, flags)  # the board's writes would block now
        try:
            # Heap: passes down to 58K (bisection, checkout at a 150-character path):
            # 256K leaves a 341% margin.
            res = subprocess.run([micropython_exe(), "-X", "heapsize=256K", "-c", BOARD],
                                 stdout=w, stderr=subprocess.PIPE, text=True, timeout=20,
                                 cwd=tmp_path, env=dict(os.environ, MICROPYPATH=micropython_path()))
        except subprocess.TimeoutExpired:
            raise AssertionError("an event line blocked on the full port") from None
    finally:
        os.close(w)
        os.close(r)
    assert res.returncode == 0, res.stderr
    assert res.stderr.strip().splitlines()[-1] == "dropped 5 written 0"
