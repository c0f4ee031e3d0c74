"""A game's start on the .mpy deploy loads its modules (a few hundred ms on the Pico):
the "Loading..." frame goes to the panel first, before the imports, so the player sees
the press took (app.py loading()); in the UF2 build (frozen modules) it is not shown."""

import sys

from boards.sim import SimBoard
from drive import Driver
from flash import FakeFlash
from geekout.ui.core import center


def _watched(monkeypatch):
    """A booted Masters driver whose panel notes, at each show, the frame and whether
    the game's setup and rules modules were loaded yet. The Masters modules other tests
    of this process imported are set aside (put back after the test), as on the gadget,
    where nothing of a game is in RAM at home."""
    for name in [n for n in sys.modules if n.startswith("geekout.masters.")]:
        monkeypatch.delitem(sys.modules, name)
    board = SimBoard(storage=FakeFlash(), seed=2)
    d = Driver(board)
    d.boot()
    shown = []
    fb = board.display
    show = fb.show

    def noted(full=False):
        shown.append((bytes(fb.buffer), "geekout.masters.play" in sys.modules,
                      "geekout.masters.rules" in sys.modules))
        return show(full)

    fb.show = noted
    return d, shown


def _loading_frame(d):
    fb = d.board.display
    keep = bytes(fb.buffer)
    fb.fill(0)
    center(fb, "Loading...", 28)
    frame = bytes(fb.buffer)
    fb.buffer[:] = keep
    return frame


def test_the_setup_and_the_game_start_show_the_loading_frame_before_the_imports(monkeypatch):
    d, shown = _watched(monkeypatch)
    loading = _loading_frame(d)
    assert "geekout.masters.play" not in sys.modules  # unloaded at home (app.unload_games)
    d.start(0, 4)  # New game, Masters, virtual dice, 4 players: the game starts
    assert d.top().name.startswith("masters."), d.top().name
    frames = [i for i, s in enumerate(shown) if s[0] == loading]
    # Twice: at the setup's load (neither module in yet) and at the start (setup in,
    # the rules not yet), each before the modules came.
    assert [shown[i][1:] for i in frames] == [(False, False), (True, False)]
    assert shown[-1][0] != loading  # the game's own screen came after it


def test_no_loading_frame_in_the_uf2_build(monkeypatch):
    monkeypatch.setitem(sys.modules, "geekout_uf2", type(sys)("geekout_uf2"))
    d, shown = _watched(monkeypatch)
    loading = _loading_frame(d)
    d.start(0, 4)
    assert d.top().name.startswith("masters.")
    assert not [s for s in shown if s[0] == loading]
