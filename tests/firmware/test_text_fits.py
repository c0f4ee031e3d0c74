"""Every word on the screen: whole games of each title by key scripts
(every mode, 1-4 players) and random presses (300 after each game, 2,000 from the home
screen) draw every screen, and no string runs past the panel's edge (textfit.Watch).
Before the fix it found 48 texts (179 strings) on 13 screens, the old silent cuts
taken out; e.g. "Geekmon Capture" in a menu, "R1/6 Green throw", the scorepad's "Y134"."""

from pathlib import Path

import capture_checks as cc
import pytest
import textfit
from battle_drive import BattleDriver
from boards.sim import SimBoard
from drive import Driver
from flash import FakeFlash
from geekout.capture import cards as cat
from geekout.hal.storage import Storage

DATA = str(Path(__file__).resolve().parents[2] / "firmware")


def masters(mode, players, seed, table=False):
    """`table`: with the hint table installed (the hint pages, auto mode's advice)."""
    d = Driver(SimBoard(storage=FakeFlash(), data=Storage(DATA) if table else None, seed=seed))
    d.undo_every = 7
    w = textfit.Watch(d)
    d.boot()
    d.start(mode, players)
    d.play_out()
    textfit.wander(d, seed, 300)
    return w


def capture(players, wicked, arena, seed):
    cat.forget()
    d = cc.new_driver(seed, None, DATA, True)
    d.undo_every = 11
    w = textfit.Watch(d)
    d.boot()
    d.start_capture(players, wicked, arena)
    d.play_out()
    textfit.wander(d, seed, 300)
    return w


def battle(players, seed):
    d = BattleDriver(SimBoard(storage=FakeFlash(), seed=seed), seed=seed)
    w = textfit.Watch(d)
    d.boot()
    d.start_battle(players)
    d.play_out()
    textfit.wander(d, seed, 300)
    return w


def wandering(seed):
    cat.forget()
    d = cc.new_driver(seed, FakeFlash(), DATA, True)
    w = textfit.Watch(d)
    d.boot()
    textfit.wander(d, seed, 2000)
    return w


CASES = ([("masters", mode, p, 10 * p + mode) for mode in (0, 1) for p in (1, 2, 3, 4)]
         # auto dice (docs/gadget.md, Masters, auto dice), with the hint table and without
         # (the rule of thumb), and table dice with the hint (the dice entry and the guide,
         # reached by random presses)
         + [("masters", 2, p, 10 * p + 2, p % 2 == 0) for p in (1, 2, 3, 4)]
         + [("masters", 1, 2, 41, True), ("masters", 0, 3, 42, True)]
         + [("capture", p, wicked, arena, p + arena) for p in (1, 2, 3, 4) for wicked, arena in ((False, 0), (True, 3))]
         + [("battle", p, p) for p in (3, 4)]
         # 2,000 random presses from home each: a sweep, in the slow tier
         + [pytest.param(("wander", seed), marks=pytest.mark.slow) for seed in range(1, 5)])
RUN = {"masters": masters, "capture": capture, "battle": battle, "wander": wandering}


def case_id(case):
    return "-".join(str(x) for x in case)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_no_text_runs_past_the_panel(case):
    w = RUN[case[0]](*case[1:])
    assert not w.over, "\n".join(w.report())
