"""main.py as the device runs it (MicroPython unix port, fake machine/neopixel): the
board built from main.py's settings, then app.run, with the test's clock and sleep.
An I2C error at power-up or mid-game (no panel, a flaky wire), safe mode and a damaged
settings file must each be told to the player (screen, seat LEDs, USB serial) and
never stop the gadget; the display comes back when the panel answers again."""

import json

import pytest
from mpy_harness import FIRMWARE, run_micropython

pytestmark = pytest.mark.micropython

# The harness around main.py: {setup} runs before main.py (fakes set up), {script}
# is the body of step(board, n) run at every 10 ms loop iteration n, {report} adds to
# the JSON printed at the end. The loop ends after {limit} iterations.
HARNESS = """
import json, sys, machine
import geekout.app, geekout.hal.board
from geekout.ui.core import UI
{setup}
toasts = []
apps = [0, None]  # Apps made (more than one is a restart), the last one
_app_init = geekout.app.App.__init__
def app_init(self, board):
    _app_init(self, board)
    apps[0] += 1
    apps[1] = self
geekout.app.App.__init__ = app_init
_refresh = UI.refresh
def refresh(self):
    # what the screen shows: every toast drawn by a redraw
    if self.toast_text is not None and self.toast_text not in toasts:
        toasts.append(self.toast_text)
    _refresh(self)
UI.refresh = refresh
class Stop(Exception):
    pass
t = [0]
n = [0]
leds = []
B = {{}}
def press(board, i, at, hold=3):
    # button i (UP, DOWN, OK, BACK) down at iteration `at`, up `hold` iterations later
    if n[0] == at:
        board.buttons.pins[i]._drive(0)
    elif n[0] == at + hold:
        board.buttons.pins[i]._drive(1)
def step(board, i):
{script}
real_run = geekout.app.run
def run(board):
    B['b'] = board
    # the fake bus counts bytes only: a list of every write grew with each frame and
    # took the heap of long runs at random (the flash test, about 2 runs in 100)
    if hasattr(board, 'i2c'):
        board.i2c.keep = False
    board.visited = []
    board.clock = lambda: t[0]
    import rp2
    rp2.clock = board.clock  # the fake PIO debouncer reads the pins on the test's clock
    board.probe_at = 0
    def sleep(ms):
        t[0] += ms
        n[0] += 1
        step(board, n[0])
        buf = bytes(board.leds.np.buf)
        if buf not in leds:
            leds.append(buf)
        if n[0] > {limit}:
            raise Stop()
    board.sleep_ms = sleep
    real_run(board)
geekout.app.run = run
try:
    exec(open({main!r}).read())
except Stop:
    pass
b = B.get('b')
out = {{'toasts': toasts, 'leds': [list(x) for x in leds], 'apps': apps[0]}}
if b is not None:
    out.update({{'kind': b.display.KIND, 'fault': getattr(b, 'fault', None) is not None,
                'visited': b.visited, 'frame_sent': b.display.sent == b.display.buffer,
                'np': list(b.leds.np.buf), 'led_fault': getattr(b.leds, 'fault', None)}})
{report}
print('RESULT ' + json.dumps(out))
"""


def run_main(tmp_path, setup="", script="    pass", report="", limit=100, files=None):
    for name, data in (files or {}).items():
        (tmp_path / name).write_bytes(data)
    code = HARNESS.format(setup=setup, script=script, report=report, limit=limit,
                          main=str(FIRMWARE / "main.py"))
    # Heap: passes down to 184K (bisection, checkout at a 150-character path; the flash
    # test's game on the device path is the largest): 256K leaves a 39% margin.
    res = run_micropython(code=code, heap="256K", cwd=tmp_path, timeout=120)
    lines = res.stdout.strip().splitlines()
    assert res.returncode == 0 and lines and lines[-1].startswith("RESULT "), \
        (res.stdout[-3000:], res.stderr[-3000:])
    # (lines from the board's non-waiting writer are padded with spaces: hal/usbserial.py)
    return json.loads(lines[-1][7:]), [x.rstrip() for x in lines[:-1]]


def test_damaged_settings_message_reaches_the_screen_on_the_device_path(tmp_path):
    out, _ = run_main(tmp_path, files={"settings.json": b'{"v": 1, "display": "lcd"}'})
    assert "Settings damaged: defaults" in out["toasts"]
    assert out["kind"] == "ssd1306" and not (tmp_path / "settings.json").exists()


def test_good_settings_say_nothing_and_apply(tmp_path):
    good = b'{"v": 1, "display": "sh1106", "brightness": 2, "sound": false}'
    out, _ = run_main(tmp_path, files={"settings.json": good})
    assert out["toasts"] == [] and out["kind"] == "sh1106"


# Start a 4-player virtual-dice Masters game (as test_board_mpy): New game, Masters,
# virtual, 2 -> 3 -> 4 players, OK; then roll.
START_GAME = """    for k, at in ((2, 5), (2, 13), (2, 21), (0, 29), (0, 37), (2, 45), (2, 53)):
        press(board, k, at)
"""

RED_ON = [32, 0, 0]  # brightness 3 of 5 (the default): red 255 -> 32


def grb(rgb):
    return [rgb[1], rgb[0], rgb[2]]


@pytest.mark.parametrize("setup,plug", [
    ("machine.I2C.DEVICES = ()", "board.i2c.devices.append(0x3C)"),  # no panel fitted
    ("machine.I2C.FAIL = 5", "board.i2c.fail = 0"),  # EIO on every transaction
], ids=["no-panel", "eio"])
def test_no_display_at_power_up_blinks_red_keeps_going_and_recovers(tmp_path, setup, plug):
    script = START_GAME + "    if i == 400:\n        " + plug + "\n"
    report = ("out['fault_leds'] = [list(x) for x in leds[:]]\n"
              "out['journal'] = len(open('game.goj', 'rb').read())")
    out, serial = run_main(tmp_path, setup=setup, script=script, report=report, limit=700)
    # the reason on USB serial, then the panel found again
    assert any(line.startswith("no display: ") for line in serial), serial
    assert "display back: ssd1306 0x3c" in serial
    # while there was no panel: every seat LED blinked red (1 s on, 1 s off)
    assert grb(RED_ON) * 4 in out["leds"] and [0] * 12 in out["leds"]
    # the buttons worked meanwhile: a game started and its first roll was saved
    assert "masters.dice" in out["visited"] and out["journal"] > 12
    # the panel shows the latest frame; the seat LEDs show the turn again
    assert out["kind"] == "ssd1306" and not out["fault"] and out["frame_sent"]
    assert out["led_fault"] == 0 and len(set(map(tuple, zip(*[iter(out["np"])] * 3)))) > 1


def test_panel_lost_mid_game_is_survived_and_comes_back(tmp_path):
    # EIO from iteration 100 (after the game started) to 500: keys pressed meanwhile act.
    script = START_GAME + """    if i == 100:
        board.i2c.fail = 5
    press(board, 2, 150)
    press(board, 2, 200)
    if i == 500:
        board.i2c.fail = 0
"""
    out, serial = run_main(tmp_path, script=script, limit=800)
    assert "no display: [Errno 5] EIO" in serial
    assert "display back: ssd1306 0x3c" in serial
    assert "Traceback" not in "\n".join(serial) and out["apps"] == 1  # no restart
    assert grb(RED_ON) * 4 in out["leds"]
    assert out["kind"] == "ssd1306" and out["frame_sent"] and out["led_fault"] == 0


SAFE = """
import machine, json
machine.I2C.DEVICES = {devices}
import geekout.hal.board as hb
import neopixel
hb.Board.back_held = lambda self: True  # BACK held at power-up
made = []
_init = neopixel.NeoPixel.__init__
def init(self, *a, **k):
    _init(self, *a, **k)
    made.append(self)
neopixel.NeoPixel.__init__ = init
exec(open({main!r}).read())  # returns at once in safe mode: no loop
print('RESULT ' + json.dumps(list(made[0].buf)))
"""


@pytest.mark.parametrize("devices", ["(0x3C,)", "()"], ids=["panel", "no-panel"])
def test_safe_mode_lights_every_seat_blue(tmp_path, devices):
    code = SAFE.format(devices=devices, main=str(FIRMWARE / "main.py"))
    # Heap: passes down to 74K (bisection, checkout at a 150-character path): 256K leaves a
    # 246% margin.
    res = run_micropython(code=code, heap="256K", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.strip().splitlines()
    assert "safe mode: BACK held at power-up, app not started" in lines
    assert json.loads(lines[-1][7:]) == grb([0, 0, 32]) * 4  # steady blue, brightness 3 of 5
    assert (devices == "()") == any(line.startswith("no display: ") for line in lines)


def test_flash_error_at_boot_is_told_and_the_game_goes_on(tmp_path):
    # A saved game whose last record is damaged: boot sets the file aside and writes the
    # good records back, and that write fails (a failing flash). Before, the boot died.
    from flash import FakeFlash
    from geekout import journal as jn

    j = jn.Journal(FakeFlash())
    j.start("masters", b"\x00\x02")
    j.append(b"\x00")
    torn = bytes(j.storage.read(j.name))[:-2]
    setup = """import geekout.hal.storage as hs
def refuse(self, name, data):
    raise OSError(5)
hs.Storage.write = refuse
hs.Storage.append = refuse
"""
    script = "    press(board, 2, 5)\n    press(board, 2, 13)\n"  # OK: resume; OK: roll
    out, serial = run_main(tmp_path, setup=setup, script=script, limit=60,
                           files={"game.goj": torn})
    assert "Save damaged: 1 step lost, copy kept" in out["toasts"]
    assert "Flash error: game not saved" in out["toasts"]
    assert "masters.dice" in out["visited"] and "Traceback" not in "\n".join(serial)
    assert out["apps"] == 1
    assert (tmp_path / "bad" / "0001.goj").read_bytes() == torn  # kept whole
    assert not (tmp_path / "game.goj").exists()
