"""The real board (hal/board.py) and main loop (app.run) under MicroPython on the fake
machine/neopixel modules: the buttons are driven through their fake pins, the clock and
sleep are the test's, and the fake I2C bus counts the bytes sent."""

import pytest
from mpy_harness import run_micropython

pytestmark = pytest.mark.micropython

CODE = """
import os
from geekout.hal.board import Board
from geekout.app import run
from geekout.hal.buttons import Pushbutton
b = Board()
t = [0]
b.clock = lambda: t[0]
import rp2
rp2.clock = b.clock  # the fake PIO debouncer reads the pins on the test's clock
pins = b.buttons.pins
i2c = b.i2c
boot_bytes = i2c.bytes_sent
class Stop(Exception):
    pass
# loop iteration -> (button, level): 0 = pressed (to ground). UP, DOWN, OK, BACK.
script = {}
at = 5
def tap(i, hold=3):
    global at
    script[at] = (i, 0)
    script[at + hold] = (i, 1)
    at += hold + 5
tap(2); tap(2); tap(2); tap(0); tap(0); tap(2)   # New game, Masters, virtual, 2->3->4 players, OK
tap(2)                                          # OK: roll
tap(3, 90)                                      # hold BACK: home
n = [0]
def sleep(ms):
    t[0] += ms
    n[0] += 1
    if n[0] in script:
        i, v = script[n[0]]
        pins[i]._drive(v)
    if n[0] > at + 10:
        raise Stop()
b.sleep_ms = sleep
try:
    run(b)
except Stop:
    pass
np = b.leds.np
print(b.display.KIND, hex(b.addr), boot_bytes > 1024, i2c.bytes_sent > boot_bytes,
      'game.goj' in os.listdir(), np.writes > 0, sum(np.buf) == 0)
"""


def test_board_main_loop_with_fake_pins(tmp_path):
    # Heap: passes down to 176K (bisection, checkout at a 150-character path): 256K leaves a
    # 45% margin.
    res = run_micropython(code=CODE, heap="256K", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.strip().splitlines()
    # the live event lines on stdout (USB serial on the device), then the summary
    assert '"event": "start"' in lines[0]
    # ssd1306 at 0x3c; frames sent; a game saved; LEDs written, then off at home
    assert lines[-1].split() == ["ssd1306", "0x3c", "True", "True", "True", "True", "True"]
    assert (tmp_path / "game.goj").read_bytes()[:4] == b"GOJ\x03"


MAIN = """
import geekout.app
import geekout.hal.board
geekout.app.run = lambda board: print("run", board.display.KIND, board.leds.count)
exec(open({main!r}).read())
geekout.hal.board.Board.back_held = lambda self: True
exec(open({main!r}).read())
"""


def test_main_builds_the_board_and_runs_or_stays_in_safe_mode(tmp_path):
    from mpy_harness import FIRMWARE

    (tmp_path / "settings.json").write_text('{"v": 1, "display": "sh1106", "brightness": 2, "sound": false}')
    # Heap: passes down to 94K (bisection, checkout at a 150-character path): 256K leaves a
    # 172% margin.
    res = run_micropython(code=MAIN.format(main=str(FIRMWARE / "main.py")), heap="256K", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.strip().splitlines()
    assert lines == ["run sh1106 4", "safe mode: BACK held at power-up, app not started"]


def test_board_main_loop_on_the_spi_panel(tmp_path):
    # The same game on the SPI panel option (hal/display.SPIOLED): the frames go to the
    # SPI bus, the I2C bus is never made; the app then applies the settings' controller
    # (the defaults': SSD1306) on the bus the board started with.
    code = CODE.replace("b = Board()", "b = Board(display_kind='sh1106-spi')").replace(
        "i2c = b.i2c", "i2c = b.spi[0]")
    res = run_micropython(code=code, heap="256K", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip().splitlines()[-1].split() == [
        "ssd1306-spi", "0x3c", "True", "True", "True", "True", "True"]
