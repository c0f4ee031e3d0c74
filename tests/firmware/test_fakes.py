"""The fakes directory shadows machine/neopixel under MicroPython, keeping built-ins."""

import pytest
from mpy_harness import run_micropython

pytestmark = pytest.mark.micropython

CODE = """
import machine, neopixel, framebuf
p = machine.Pin(5, machine.Pin.IN, machine.Pin.PULL_UP)
hits = []
p.irq(lambda pin: hits.append(pin.value()), machine.Pin.IRQ_FALLING)
p._drive(0)
np = neopixel.NeoPixel(machine.Pin(2), 4)
np[1] = (10, 20, 30)
np.write()
fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
print(hits, np[1], bytes(np.buf[3:6]), np.writes, hasattr(machine, 'mem32'))
"""


def test_fakes_under_micropython():
    # Heap: passes down to 26K (bisection, checkout at a 150-character path): 64K leaves a
    # 146% margin.
    res = run_micropython(code=CODE, heap="64K")
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["[0]", "(10,", "20,", "30)", "b'\\x14\\n\\x1e'", "1", "True"]
