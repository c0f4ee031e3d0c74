"""The watchdog on the emulated Pico (the real rp2 MicroPython, the deployed firmware,
hal/board.py's machine.WDT): a main loop that hangs is restarted by the chip, and a start
that hangs every time ends, after three, in the safe start (docs/gadget.md, "A start that
fails"). The harness resets the emulated chip when its watchdog fires (rp2040js only logs
it: docs/pico.md).

The hangs are injected by test code around the deployed firmware, never in it: a key
handler patched from the raw REPL (gone at the reset, as on a real chip), or a boot.py on
the flash that makes every start hang until the start is a safe one.
"""

from pathlib import Path

import picoplay
import pytest
from geekout_tools.pico import fsimage
from geekout_tools.pico.emulator import BUTTON_GPIO
from test_pico_board import home_frame

pytestmark = pytest.mark.pico

ROOT = Path(__file__).resolve().parents[2]
WATCHDOG_MS = 8000  # hal/board.py _WATCHDOG_MS
SAVE = (ROOT / "tests" / "data" / "journals" / "battle-4p-unfinished.goj").read_bytes()

# Runs in the raw REPL after a soft reset: the first key the UI is handed never returns
# (a loop that waits for something that never comes), then main.py starts as at power-up.
HANG_ON_A_KEY = """
import time
from geekout.ui import core
def _hang(self, k):
    print('#hang')
    while True:
        time.sleep_ms(100)
core.UI.handle = _hang
import main
"""

# boot.py (run before main.py at every start): each start hangs in the app's boot, unless
# it is the safe start that comes after three failed ones.
HANG_AT_EVERY_START = b"""
import time
from geekout import app
_boot = app.App.boot
def _hang(self, safe=False):
    if not safe:
        print('#hang')
        while True:
            time.sleep_ms(100)
    _boot(self, safe)
app.App.boot = _hang
"""


def tap(pico, key, ms=40):
    pico.set_pin(BUTTON_GPIO[key], 0)
    pico.run(ms)
    pico.set_pin(BUTTON_GPIO[key], 1)


def flash_files(pico, folder):
    path = Path(folder) / "now.img"
    pico.save_flash(path)
    return fsimage.read_files(path)


def test_machine_reset_restarts_the_emulated_chip(image):
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        pico.run(400)
        pico.raw_repl()
        pico.exec_raw("import machine\nmachine.reset()", wait=False)
        pico.run(50)
        assert [r["by"] for r in pico.resets] == ["force"]
        pico.run(1500)  # main.py again: the home screen
        assert pico.panel.lit and any(pico.frame())


def test_a_hung_main_loop_is_restarted_by_the_watchdog(tmp_path, image):
    want = home_frame(tmp_path)
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        pico.run(400)
        pico.raw_repl()
        pico.soft_reset()
        pico.exec_raw(HANG_ON_A_KEY, wait=False)
        pico.run(2000)
        assert pico.frame() == want
        before = flash_files(pico, tmp_path).get("boots", b"")
        assert before  # this start: counted, not yet confirmed
        tap(pico, "DOWN")
        pico.run(200)
        assert b"#hang" in pico.serial
        pico.run(WATCHDOG_MS - 1500)
        assert pico.resets == [], "reset before the watchdog's time was up"
        pico.run(2000)
        assert [r["by"] for r in pico.resets] == ["watchdog"]
        pico.run(2000)  # main.py at the restart: the home screen, no patch any more
        assert pico.frame() == want
        assert b"Traceback" not in pico.serial
        # The hung start was never confirmed (its key never worked): the restart is one
        # more failed start in a row. A key that works confirms this one.
        assert flash_files(pico, tmp_path).get("boots") == before + b"b"
        tap(pico, "DOWN")
        pico.run(300)
        assert "boots" not in flash_files(pico, tmp_path)
        assert len(pico.resets) == 1


def test_a_start_that_hangs_three_times_starts_safe_with_the_save_set_aside(tmp_path):
    files = {"game.goj": SAVE, "boot.py": HANG_AT_EVERY_START}
    image = picoplay.deployed_image(tmp_path, files)
    resume = home_frame(tmp_path / "resume", {"game.goj": SAVE})  # "Resume the saved..."
    home = home_frame(tmp_path / "home")  # the home menu with no save to resume
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        for n in range(1, 4):
            pico.run(WATCHDOG_MS + 1500)
            assert [r["by"] for r in pico.resets] == ["watchdog"] * n
        pico.run(1500)  # the fourth start: safe, "Start failed 3 times: save set aside"
        assert len(pico.resets) == 3
        assert pico.serial.count(b"#hang") == 3
        shown = pico.frame()
        assert shown not in (resume, home)  # the alert covers the home menu
        pico.run(4000)  # the alert's time is up
        assert pico.frame() == home
        kept = flash_files(pico, tmp_path)
    assert kept.get("boots") == b"bbbb"  # not confirmed yet: no key, not 30 s up
    assert "game.goj" not in kept
    aside = [name for name in kept if name.startswith("bad/")]
    assert aside and kept[aside[0]] == SAVE  # every byte kept, unread
