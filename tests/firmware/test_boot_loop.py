"""A crash at boot is not a loop (docs/gadget.md, When something goes wrong): after
three boots in a row that failed, across power cuts or within one power-up, the gadget
starts safe (home screen, the save set aside unread, a message); a boot that works (a
key went through, or 30 s up) starts the count again; the main loop feeds the watchdog
before each pass, the boot's too. Faults are injected at boot."""

import pytest
from boards.sim import SimBoard
from flash import FakeFlash
from geekout import app as appmod
from geekout import journal as jn
from geekout import keys
from keypad import Polls, Stop

SAFE = "Start failed 3 times: save set aside"


def a_saved_game():
    j = jn.Journal(FakeFlash())
    j.start("masters", b"\x00\x02")
    j.append(b"\x00\x10")
    return j.storage.snapshot()


def crashing_load(monkeypatch):
    """A save whose reading crashes the boot (what no check caught), every time."""

    def load(self):
        raise RuntimeError("crash while reading the save")

    monkeypatch.setattr(jn.Journal, "load", load)


def power_up(flash, script=lambda n: Stop(), passes=100000):
    """One power-up: the main loop from the start until the script stops it, or the
    power is cut after `passes` passes."""
    board = SimBoard(storage=flash, seed=1)
    board.buttons = Polls(script)
    loop = appmod.Loop(board)
    try:
        for _ in range(passes):
            loop.step()
            board.clock.advance(10)
    except Stop:
        pass
    return loop


def test_three_crashed_boots_across_power_cuts_then_a_safe_start(monkeypatch):
    files = a_saved_game()
    flash = FakeFlash(files)
    crashing_load(monkeypatch)
    for n in range(1, 4):
        # Each power-up crashes at boot; the power is cut before it tries again.
        loop = power_up(flash, passes=1)
        assert loop.app is None and loop.errors == 1
        assert flash.size(appmod.BOOTS) == n
    loop = power_up(flash, lambda n: Stop())
    ui = loop.app.ui
    assert ui.top().name == "home" and ui.toast_text == SAFE
    assert flash.files["bad/0001.goj"] == files["game.goj"]  # set aside, every byte
    assert "game.goj" not in flash.files


def test_boots_failing_in_one_power_up_end_in_a_safe_start(monkeypatch):
    flash = FakeFlash(a_saved_game())
    crashing_load(monkeypatch)
    loop = power_up(flash, lambda n: Stop() if n > 1 else [])
    assert loop.app is not None and loop.app.ui.top().name == "home"
    assert loop.app.ui.toast_text == SAFE
    assert "bad/0001.goj" in flash.files


def test_a_key_that_works_confirms_the_boot():
    flash = FakeFlash(a_saved_game())
    flash.files[appmod.BOOTS] = b"bb"  # two boots before failed
    loop = power_up(flash, lambda n: [keys.DOWN] if n == 1 else Stop())
    assert loop.app.ui.top().name == "resume?"  # a normal boot: 2 failures are not 3
    assert appmod.BOOTS not in flash.files


def test_a_boot_left_alone_is_confirmed_after_30_s():
    flash = FakeFlash(a_saved_game())
    stop_at = appmod.CONFIRM_MS // 10 + 5

    def script(n):
        if n == stop_at - 10:
            assert appmod.BOOTS in flash.files  # not yet
        return Stop() if n >= stop_at else []

    power_up(flash, script)
    assert appmod.BOOTS not in flash.files


def test_power_cuts_before_any_key_are_not_failures_once_30_s_passed():
    """The players switch the gadget on and off without a key, three times: their save
    must not be set aside by the fourth boot."""
    flash = FakeFlash(a_saved_game())
    for _ in range(4):
        power_up(flash, lambda n: Stop() if n > appmod.CONFIRM_MS // 10 + 5 else [])
    loop = power_up(flash, lambda n: Stop())
    assert loop.app.ui.top().name == "resume?" and "game.goj" in flash.files


def test_the_watchdog_is_fed_before_each_pass_from_the_first():
    board = SimBoard(storage=FakeFlash(), seed=1)
    passes = []
    board.feed = lambda: passes.append(("feed", len(boots)))
    boots = []
    real = appmod._boot

    def boot(b, errors):
        boots.append(1)
        return real(b, errors)

    board.buttons = Polls(lambda n: Stop() if n >= 3 else [])
    pytest.MonkeyPatch().setattr(appmod, "_boot", boot)
    with pytest.raises(Stop):
        appmod.run(board)
    assert passes[:3] == [("feed", 0), ("feed", 1), ("feed", 1)]
