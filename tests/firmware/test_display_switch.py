"""Switching the display type (Settings) reuses the frame buffers: nothing to allocate,
so a fragmented heap cannot leave the gadget without a display."""

from mpy_harness import run_micropython

CODE = """
import gc, machine
from geekout.hal.display import make_display
i2c = machine.I2C(0)
d = make_display('ssd1306', i2c)
d.fill(1)
buf = d.buffer
def cost(old):
    global keep
    i2c.writes.clear()
    gc.collect()
    before = gc.mem_alloc()
    keep = make_display('sh1106', i2c, 0x3C, old)
    gc.collect()
    return gc.mem_alloc() - before
fresh = cost(None)
keep = None
reused = cost(d)
print(keep.KIND, keep.buffer is buf, keep.sent is d.sent, fresh - reused >= 2048)
"""


def test_switch_keeps_buffers_under_micropython():
    res = run_micropython(code=CODE, heap="64K")
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["sh1106", "True", "True", "True"]
