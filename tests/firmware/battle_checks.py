"""Galaxy battle checks that run under the MicroPython unix port (the deployed .mpy
firmware) and under CPython: a full game by buttons, and a power cut at every flash write
of a game, which prints "FAIL" lines and a summary for the pytest side (random presses
are in battle_fuzz.py, the bench figures in bench/bench_gadget_battle.py)."""

import gc

from battle_drive import BattleDriver
from boards.sim import SimBoard
from flash import FakeFlash, PowerCut
from geekout import keys
from keydriver import saved_at_cut


class NullDisplay:
    """A display that draws nothing (CPython sweeps: the pure-Python framebuf is slow)."""

    KIND = "ssd1306"

    def fill(self, c):
        pass

    def text(self, s, x, y, c=1):
        pass

    def fill_rect(self, x, y, w, h, c):
        pass

    def rect(self, x, y, w, h, c):
        pass

    def hline(self, x, y, w, c):
        pass

    def pixel(self, x, y, c=None):
        return 0

    def show(self):
        pass


def board(flash=None, seed=1, events=False, draw=True):
    b = SimBoard(storage=flash if flash is not None else FakeFlash(), seed=seed, events=events)
    if not draw:
        b.display = NullDisplay()
    return b


def _heap(dr):
    gc.collect()
    h = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    if h > dr.peak:
        dr.peak = h


def full_game(players, seed, undo_every=0, heap=False, flash=None, draw=True):
    """A whole game by key presses; returns the driver (victory screen on top)."""
    d = BattleDriver(board(flash, seed, True, draw), seed=seed)
    d.peak = 0
    d.undo_every = undo_every
    if heap:
        d.after_press = _heap
    d.boot()
    d.start_battle(players)
    d.play_out()
    return d


def toggle_sound(d):
    """Settings -> Sound (one settings write before the game)."""
    home = d.top()
    while home.items[home.index] != "Settings":
        d.press(keys.DOWN)
    d.press(keys.OK)
    d.press(keys.DOWN)
    d.press(keys.DOWN)
    d.press(keys.OK)
    d.press(keys.LONG_BACK)


def _run_until_cut(players, seed, cut, draw):
    flash = FakeFlash(cut_at=cut)
    d = BattleDriver(board(flash, seed, False, draw), seed=seed)
    d.undo_every = 5
    d.settled = b""
    try:
        d.boot()
        toggle_sound(d)
        d.start_battle(players)
        d.play_out()
    except PowerCut:
        return d, flash, True
    return d, flash, False


def power_cuts(players, seed, step=1, every_play=10, draw=True):
    """Cut the power at write k (every `step`-th k) of a full game with undos; reboot on
    what is left on the flash: the game must resume at exactly the last complete entry
    (the journal bytes of the resumed state equal those saved before the cut)."""
    _d, ref, _cut = _run_until_cut(players, seed, 0, draw)
    total = ref.writes
    fails = 0
    checked = 0
    for k in range(1, total + 1, step):
        gc.collect()
        d, flash, cut = _run_until_cut(players, seed, k, draw)
        j = d.app.journal
        expected = saved_at_cut(d, flash) if j.game == "battle" else None
        why = _check_resume(flash, expected, seed + k, draw, k % every_play == 0)
        checked += 1
        if not cut:
            why = "no cut happened"
        if why:
            fails += 1
            print("FAIL {} {}".format(k, why))
    print("{} writes, {} cuts, {} failed".format(total, checked, fails))


def _check_resume(flash, expected, seed, draw, play_on):
    e = BattleDriver(board(FakeFlash(flash.snapshot()), seed, False, draw), seed=seed)
    why = e.boot_after_cut(expected is not None)
    if why or expected is None:
        return why
    g = e.game()
    if g is None:
        return "resumed to " + e.top().name
    got = bytes(g.state.journal)
    # a new game with nothing saved yet draws its first player again at once (B1)
    if got != expected and not (not expected and len(got) == 1):
        return "resumed {} expected {}".format(got.hex(), expected.hex())
    if play_on:
        e.play_out()
    return None
