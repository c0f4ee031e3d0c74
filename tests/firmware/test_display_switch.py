"""Switching the display type (Settings) reuses the frame buffers: nothing to allocate,
so a fragmented heap cannot leave the gadget without a display."""

import pytest
from mpy_harness import run_micropython

pytestmark = pytest.mark.micropython

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
    # Heap: passes down to 34K (bisection, checkout at a 150-character path): 64K leaves an
    # 88% margin.
    res = run_micropython(code=CODE, heap="64K")
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["sh1106", "True", "True", "True"]


CAPTURE = """
import binascii, machine
from geekout.hal.display import find_address, make_display
i2c = machine.I2C(0)
addr = find_address(i2c)
print('A', addr, len(i2c.writes))
s = [2463534242]
def rnd(n):
    x = s[0]
    x ^= (x << 13) & 0xFFFFFFFF
    x ^= x >> 17
    x ^= (x << 5) & 0xFFFFFFFF
    s[0] = x
    return x % n
d = None
def dump():
    print('W', ' '.join([binascii.hexlify(w).decode() for a, w in i2c.writes]))
    print('F', binascii.hexlify(d.sent).decode(), d.bytes_sent)
    i2c.writes.clear()
for kind in ('ssd1306', 'sh1106', 'ssd1306'):
    i2c.writes.clear()
    d = make_display(kind, i2c, addr, d)
    print('K', kind)
    dump()
    for frame in range(8):
        for _ in range(rnd(5) + 1):
            op = rnd(4)
            if op == 0:
                d.pixel(rnd(128), rnd(64), rnd(2))
            elif op == 1:
                d.fill_rect(rnd(150) - 10, rnd(80) - 8, rnd(40), rnd(24), rnd(2))
            elif op == 2:
                d.text('Geek Out!', rnd(150) - 10, rnd(80) - 8, rnd(2))
            else:
                d.hline(0, rnd(64), 128, rnd(2))
        d.show()
        dump()
"""


def test_adapters_under_micropython_on_both_panel_models():
    """The adapters run on the unix port (fake machine.I2C: scan() finds nothing, the
    OLED is found by its NOP write); every transaction they make is replayed into the
    datasheet models of both controllers: after each update the glass is the frame
    (right setting) or the frame shifted by two columns (wrong setting)."""
    from geekout_tools.pico import panels
    from test_display_panels import edge_columns, expected

    # Heap: passes down to 41K (bisection, checkout at a 150-character path): 64K leaves a
    # 56% margin.
    res = run_micropython(code=CAPTURE, heap="64K")
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == "A 60 1"  # 0x3C, one probe write
    for model in (panels.SSD1306, panels.SH1106):
        panel = model()
        kind = edge = None
        checked = 0
        for line in lines[1:]:
            tag, _, rest = line.partition(" ")
            if tag == "K":
                kind = rest
                edge = edge_columns(panel) if model is panels.SH1106 else None
                sent = 0
            elif tag == "W":
                for hexed in rest.split():
                    panel.i2c_write(bytes.fromhex(hexed))
                    sent += len(hexed) // 2
            elif tag == "F":
                frame, bytes_sent = rest.split()
                assert panel.render() == expected(bytes.fromhex(frame), kind, panel, edge)
                assert int(bytes_sent) == sent  # the adapter's count is the bus's
                checked += 1
        assert checked == 27
