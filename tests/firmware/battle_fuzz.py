"""Random presses in the galaxy battle (MicroPython and CPython), with as little test
code as possible in RAM (no driver policy: the heap at 128K is the gadget's).

Keys are drawn with the simulator's weights; a long BACK, leaving the victory or ending
the game leads back into a battle (Resume game, or a new one). The gadget is power
cycled every 2500 presses (the app rebuilt on the same flash). Every exception is an
error, and so is a saved journal that differs from the state on screen. Prints one
JSON line: presses, errors, mismatches, games started and won, entries refused by a
ruling (toasts starting "B<n>:"), screens visited.
"""

import gc  # noqa: I001 - the sim board before the app, below
import json
import sys

# The board's modules (hal) first, as on the device: the app counts what is loaded when
# it is imported as its own, and drops the rest when a game is left (app.unload_games).
from boards.sim import Dice, SimBoard

from geekout.app import App
from geekout.hal.storage import Storage
from geekout import keys

# Cumulative percentages: UP, DOWN, OK, BACK, long OK, long BACK (as headless.py).
_WEIGHTS = (22, 44, 80, 93, 98, 100)


def _key(r):
    for k in range(6):
        if r < _WEIGHTS[k]:
            return k
    return keys.OK


def _exc(e):
    if hasattr(sys, "print_exception"):
        sys.print_exception(e, sys.stderr)  # type: ignore
    else:
        import traceback

        traceback.print_exception(type(e), e, e.__traceback__, file=sys.stderr)


def _into_battle(app, players, press):
    """From home: Resume game when one is saved, else New game -> Galaxy battle."""
    ui = app.ui
    top = ui.stack[-1]
    if top.name != "home":
        press(keys.LONG_BACK)
        return 0
    if app.saved:
        press(keys.OK)  # Resume game comes first
        return 0
    while top.items[top.index] != "New game":
        press(keys.DOWN)
    press(keys.OK)
    menu = ui.stack[-1]
    while menu.items[menu.index] != "Galaxy battle":
        press(keys.DOWN)
    press(keys.OK)
    while ui.stack[-1].value != players:
        press(keys.UP)
    press(keys.OK)
    return 1


def warm_names():
    """For runs that load the test driver (battle_drive.py) beside the firmware: intern
    names before the game fragments the heap. Names (qstrs) are never freed; past 620
    of them the unix port adds a 6th table, one block of about 7 KB. The driver's names
    push the count over it at some point of a game, when no 7 KB block may be left. So:
    the battle's modules (all of them, as the game loads them) and the events module are
    imported once, and 48 throwaway names make the 6th table now, on a clean heap. Its
    RAM is the harness's."""
    import geekout.battle.play  # noqa: F401 - the whole game, as the app loads it
    import geekout.events  # noqa: F401 - the board imports it when it prints event lines

    o = _Names()
    for i in range(48):
        setattr(o, "warm{}".format(i), i)


class _Names:
    pass


def fuzz(presses, seed, display=None, root="fuzzflash"):
    """The saved game goes to files under `root` (hal.storage, as on the device's
    flash): a fake flash would hold the growing journal in the heap being tested. No
    warm_names(): the firmware and this harness stay under the 6th name table."""
    rng = Dice(seed * 7 + 3)
    storage = Storage(root)
    for name in ("game.goj", "game.bad", "settings.json"):
        storage.remove(name)
    board = SimBoard(storage=storage, seed=seed, events=True)
    board.visited = []  # the screens shown, kept by the UI
    if display is not None:
        board.display = display
    app = App(board)
    app.boot()
    players = 3 + seed % 2
    state = {"app": app}

    def press(k):
        a = state["app"]
        board.clock.advance(rng(600))
        a.ui.handle(k)
        a.ui.tick(board.clock())

    errors = mismatches = games = won = refused = 0
    seen = []
    last = ""
    i = 0
    while i < presses:
        i += 1
        try:
            app = state["app"]
            name = app.ui.stack[-1].name
            if not name.startswith("battle.") and name not in ("help", "text", "scoreboard",
                                                             "resume?"):
                games += _into_battle(app, players, press)
            else:
                press(_key(rng(100)))
            name = app.ui.stack[-1].name
            if name == "battle.end" and last != name:
                won += 1
            last = name
            t = app.ui.toast_text
            if t and len(t) > 2 and t[0] == "B" and t[1] in "0123456789":
                refused += 1
            for s in app.ui.stack:
                # compared in place: copies of both journals would be the harness's
                # allocations in the heap under test
                if s.name == "battle.turn" and app.journal.game == "battle" and \
                        app.journal.actions != s.state.journal:
                    mismatches += 1
            if i % 2500 == 0:
                for n in app.ui.visited:
                    if n not in seen:
                        seen.append(n)
                app = None
                state["app"] = None
                gc.collect()
                state["app"] = App(board)
                state["app"].boot()
        except Exception as e:  # noqa: BLE001 - every exception is an error to report
            errors += 1
            _exc(e)
            state["app"] = None
            app = None
            gc.collect()
            state["app"] = App(board)
            state["app"].boot()
    for n in state["app"].ui.visited:
        if n not in seen:
            seen.append(n)
    print(json.dumps({"presses": presses, "errors": errors, "mismatches": mismatches,
                      "games": games, "victories": won, "refused": refused, "screens": seen,
                      "flash_writes": board.storage.writes}))
