"""Galaxy battle checks that run under the MicroPython unix port (the deployed .mpy
firmware) and under CPython: a full game by buttons, a power cut at every flash write,
battle-focused random presses, and the bench figures. Each prints JSON or
"FAIL"/summary lines; the pytest side and bench/bench_gadget_battle.py read them."""

import gc
import json
import sys

from battle_drive import BattleDriver
from flash import FakeFlash, PowerCut
from geekout import journal as jn
from geekout.app import App
from geekout.ui import keys
from simboard import Dice, SimBoard

# Random presses, cumulative percentages: UP, DOWN, OK, BACK, long OK, long BACK.
_WEIGHTS = (22, 44, 80, 93, 98, 100)
_REBOOT_EVERY = 2500
# Screens of the app outside the battle: the fuzz goes back to its battle from these.
_AWAY = ("home", "games", "settings", "display", "brightness", "about", "replace?")


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


def scripted(players, seed, undo_every):
    d = full_game(players, seed, undo_every, True)
    end = d.top()
    st = end.game.state
    j = jn.Journal(d.board.storage)
    status = j.load()
    print(json.dumps({"screen": end.name, "winner": st.winner, "condition": st.condition,
                      "values": [st.star_value(p) for p in range(players)],
                      "kills": list(st.kills), "events": st.count, "presses": d.presses,
                      "undone": d.undone, "saved_ok": status == jn.OK,
                      "saved_matches": bytes(j.actions) == bytes(st.journal),
                      "config": list(j.config), "game": j.game, "peak_heap": d.peak,
                      "event_lines": d.board.event_lines, "last_event": d.board.last_event,
                      "flash_writes": d.board.storage.writes}))


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
        expected = bytes(j.actions) if j.game == "battle" else None
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
    e.boot()
    msg = e.ui.toast_text
    if msg and "damaged" in msg:
        return "boot said " + msg
    if expected is None:
        if e.top().name == "resume?":
            return "resume offered before the game was saved"
        return None
    if e.top().name != "resume?":
        return "no resume offered"
    e.press(keys.OK)
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


def _pick(r):
    for k in range(len(_WEIGHTS)):
        if r < _WEIGHTS[k]:
            return k
    return keys.OK


def _print_exc(e):
    if hasattr(sys, "print_exception"):
        sys.print_exception(e)  # type: ignore
    else:
        import traceback

        traceback.print_exception(type(e), e, e.__traceback__)


def _back_to_battle(d, players):
    """From a screen outside the battle: resume the saved battle or start a new one."""
    top = d.top()
    if top.name != "home":
        d.press(keys.LONG_BACK)
        return 0
    if d.app.saved and d.app.journal.game == "battle":
        while top.items[top.index] != "Resume game":
            d.press(keys.DOWN)
        d.press(keys.OK)
        return 0
    d.start_battle(players)
    return 1


def fuzz(presses, seed, draw=True):
    """Random presses in the battle (a long BACK or the end of a game leads back into a
    battle); a power cycle every 2500 presses. Every exception is an error, and so is a
    journal on flash that differs from the state on screen. Prints one JSON line."""
    rng = Dice(seed * 7 + 3)
    flash = FakeFlash()
    b = board(flash, seed, True, draw)
    d = BattleDriver(b, 10, seed)
    d.boot()
    errors = 0
    mismatches = 0
    games = 0
    ended = 0
    refused = 0
    visited = []
    players = 3 + seed % 2
    d.start_battle(players)
    games += 1
    i = 0
    while i < presses:
        try:
            top = d.top()
            if top.name in _AWAY:
                games += _back_to_battle(d, players)
            else:
                k = _pick(rng(100))
                d.board.clock.advance(rng(600))
                d.press(k)
                t = d.ui.toast_text
                if t and len(t) > 2 and t[0] == "B" and t[1] in "0123456789":
                    refused += 1
                if d.top().name == "battle.end" and k == keys.OK:
                    ended += 1
            g = d.game()
            if g is not None and d.app.journal.game == "battle" and \
                    bytes(d.app.journal.actions) != bytes(g.state.journal):
                mismatches += 1
            i += 1
            if i % _REBOOT_EVERY == 0:
                for n in d.ui.visited:
                    if n not in visited:
                        visited.append(n)
                d.app = App(b)
                d.ui = d.app.ui
                d.app.boot()
        except Exception as e:  # noqa: BLE001 - every exception is an error to report
            errors += 1
            i += 1
            _print_exc(e)
            d.app = App(b)
            d.ui = d.app.ui
            d.app.boot()
    for n in d.ui.visited:
        if n not in visited:
            visited.append(n)
    print(json.dumps({"presses": presses, "errors": errors, "mismatches": mismatches,
                      "games": games, "victories": ended, "refused": refused,
                      "screens": visited, "flash_writes": flash.writes}))


def bench(players, seed, root="benchflash"):
    """Figures: peak heap after gc.collect() at every press over a full game, press to
    redraw times, the geekout modules loaded. The saved game goes to files (hal.storage)."""
    from geekout.hal.storage import Storage

    try:
        from time import ticks_diff, ticks_us  # noqa: F401 - drive.py times presses
    except ImportError:
        pass
    b = SimBoard(storage=Storage(root), seed=seed, events=True)
    d = BattleDriver(b, seed=seed)
    d.peak = 0
    d.after_press = _heap
    gc.collect()
    rest = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    d.boot()
    d.start_battle(players)
    d.times = []
    d.undo_every = 9
    d.play_out()
    t = sorted(d.times) or [0]
    st = d.game().state
    mods = sorted(k for k in sys.modules if k.startswith("geekout"))
    print(json.dumps({"players": players, "seed": seed, "presses": d.presses, "events": st.count,
                      "condition": st.condition, "timed": len(t), "median_us": t[len(t) // 2],
                      "p90_us": t[len(t) * 9 // 10], "max_us": t[-1], "peak_heap": d.peak,
                      "rest_heap": rest, "modules": mods,
                      "i2c_per_press": b.i2c.bytes / max(1, d.presses),
                      "flash_writes": b.storage.writes}))
