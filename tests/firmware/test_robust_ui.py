"""The app and the UI when I/O fails, on CPython with the simulator's board: a display
that stops answering is tried again (never the end of the app), an OSError the screens
did not catch is told without a restart, a boot that keeps failing is waited out and
shown, alerts are not covered by later toasts, and the seat LEDs' fault patterns."""

import pytest
from boards.sim import Pixels, SimBoard
from drive import Driver
from flash import FakeFlash
from geekout import app as appmod
from geekout import keys
from geekout.hal.leds import FAULT_DISPLAY, FAULT_SAFE, FLASH_BUST, SeatLeds
from geekout.settings import NAME
from keypad import Polls, Stop


def test_failed_show_is_retried_at_the_next_redraw(monkeypatch):
    board = SimBoard(storage=FakeFlash(), seed=1)
    d = Driver(board)
    d.boot()
    i2c = board.i2c
    broken = {"on": True}
    real_writeto, real_writevto = i2c.writeto, i2c.writevto

    def writeto(addr, buf, stop=True):
        if broken["on"]:
            raise OSError(5)
        return real_writeto(addr, buf, stop)

    def writevto(addr, bufs, stop=True):
        if broken["on"]:
            raise OSError(5)
        return real_writevto(addr, bufs, stop)

    monkeypatch.setattr(i2c, "writeto", writeto)
    monkeypatch.setattr(i2c, "writevto", writevto)
    d.press(keys.OK)  # New game: the redraw fails, the key still acted
    assert d.top().name == "games" and d.ui.dirty
    broken["on"] = False
    d.ui.tick(board.clock())  # the next redraw goes through
    assert not d.ui.dirty and board.display.sent == board.display.buffer


def test_an_uncaught_oserror_is_told_and_the_game_goes_on(monkeypatch):
    board = SimBoard(storage=FakeFlash(), seed=1)
    boots = []
    real_boot = appmod.App.boot
    monkeypatch.setattr(appmod.App, "boot", lambda self, safe=False: (boots.append(self), real_boot(self, safe)))
    shown = []

    def script(n):
        if n == 3:
            return OSError(5)
        if n == 4:
            shown.append(boots[-1].ui.toast_text)
        if n > 6:
            return Stop()
        return [keys.OK] if n == 5 else []

    board.buttons = Polls(script)
    with pytest.raises(Stop):
        appmod.run(board)
    assert len(boots) == 1  # no restart
    assert shown == ["Flash/I2C error 5: game goes on"]
    assert boots[0].ui.top().name == "games"  # the key after it worked


def test_a_boot_that_keeps_failing_is_waited_out_and_shown(monkeypatch):
    board = SimBoard(storage=FakeFlash(), seed=1)
    real_boot = appmod.App.boot
    tries = []

    def boot(self, safe=False):
        tries.append(board.clock())
        if len(tries) <= 3:
            raise RuntimeError("boot failed")
        real_boot(self, safe)
        booted.append(self)

    monkeypatch.setattr(appmod.App, "boot", boot)
    booted = []
    board.buttons = Polls(lambda n: Stop() if booted else [])
    with pytest.raises(Stop):
        appmod.run(board)
    gaps = [b - a for a, b in zip(tries, tries[1:])]
    assert gaps[0] < gaps[1] < gaps[2]  # waited longer each time, never a tight loop
    assert gaps[1] >= 1000
    assert booted[0].ui.toast_text == "Start failed 3 times"  # then safe (no save here)
    booted[0].ui.tick(board.clock() + 5000)
    assert booted[0].ui.toast_text == "Restarted after an error"


def test_alerts_at_boot_each_show_in_turn():
    from geekout import journal as jn

    j = jn.Journal(FakeFlash())
    j.start("masters", b"\x00\x02")
    j.append(b"\x00")
    files = j.storage.snapshot()
    files["game.goj"] = files["game.goj"][:-2]  # its last record damaged
    files[NAME] = b"{oops"
    d = Driver(SimBoard(storage=FakeFlash(files), seed=1))
    d.boot()
    assert d.ui.toast_text == "Save damaged: 1 step lost, copy kept"
    d.ui.toast("a plain toast")  # waits behind the alert
    assert d.ui.toast_text == "Save damaged: 1 step lost, copy kept"
    d.board.clock.advance(4000)
    d.ui.tick(d.board.clock())
    assert d.ui.toast_text == "Settings damaged: defaults"
    d.press(keys.UP)  # a key ends an alert too: the next one shows
    assert d.ui.toast_text == "a plain toast"


def test_seat_leds_fault_patterns():
    px = Pixels(4)
    leds = SeatLeds(px, 4)
    leds.show_turn(1, 3)
    turn = list(px.rgb)
    leds.show_fault(FAULT_SAFE, 0)
    assert px.rgb == [(0, 0, 32)] * 4  # steady blue at brightness 3
    writes = px.writes
    assert not leds.tick(5000) and px.writes == writes  # steady: nothing to do
    leds.show_fault(FAULT_DISPLAY, 0)
    assert px.rgb == [(32, 0, 0)] * 4
    assert not leds.tick(999) and leds.tick(1000) and px.rgb == [(0, 0, 0)] * 4
    assert leds.tick(2000) and px.rgb == [(32, 0, 0)] * 4
    leds.flash(FLASH_BUST, 2100)  # the fault keeps the LEDs
    assert px.rgb == [(32, 0, 0)] * 4
    leds.show_turn(2, 3)  # a turn meanwhile: remembered, shown once the fault clears
    leds.clear_fault()
    ref = Pixels(4)
    SeatLeds(ref, 4).show_turn(2, 3)
    assert px.rgb == ref.rgb != turn
