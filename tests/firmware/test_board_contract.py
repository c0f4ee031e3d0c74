"""The board declared once (firmware/geekout/board.py): every board provides every member
the declaration lists, and the firmware reads no board attribute it does not list.

The boards: the real one (hal/board.py, built on the tests' machine and neopixel fakes),
the simulator's (firmware/boards/sim.py, which every firmware test plays on) and the web
page's (firmware/boards/web.py, on stand-ins for the page's `webhost` and `uctypes`).
"""

import ast
import inspect
import sys
import time
import types
from pathlib import Path

import pytest
from flash import FakeFlash
from geekout import board as declared

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
# A board read is `board.X`, `self.board.X`, `app.board.X`, `self.app.board.X`, ...
BOARD_NAMES = ("board",)


def test_the_declaration_lists_each_member_once():
    members = [n for n in vars(declared.Board) if not n.startswith("_")]
    assert sorted(members) == sorted(declared.REQUIRED + declared.OPTIONAL)
    assert not set(declared.REQUIRED) & set(declared.OPTIONAL)
    assert all(getattr(declared.Board, n) is None for n in members)  # optional: None
    doc = inspect.cleandoc(declared.Board.__doc__ or "")
    for name in members:  # each member says what it is in the class's docstring
        assert "\n  " + name in doc, name


def sim_board():
    from boards.sim import SimBoard

    return SimBoard(storage=FakeFlash(), seed=1)


def pico_board(monkeypatch):
    """hal/board.py's Board on the machine/neopixel fakes (tests/fakes), with MicroPython's
    ticks functions added to CPython's time module."""
    monkeypatch.setattr(time, "ticks_ms", lambda: 0, raising=False)
    monkeypatch.setattr(time, "sleep_ms", lambda ms: None, raising=False)
    monkeypatch.setattr(time, "ticks_add", lambda a, b: a + b, raising=False)
    monkeypatch.setattr(time, "ticks_diff", lambda a, b: a - b, raising=False)
    from geekout.hal.board import Board

    return Board(storage=FakeFlash())


def web_board(monkeypatch):
    """boards/web.py's WebBoard with stand-ins for the page (gadget.js's `webhost`) and
    for `uctypes` (the port's; addresses only matter to the page)."""
    host = types.ModuleType("webhost")
    for name in ("show", "leds", "tone", "event", "store_read", "store_remove"):
        setattr(host, name, lambda *a: None)
    host.random_byte = lambda: 7
    host.store_size = lambda name: -1
    host.store_write = host.store_rename = lambda *a: 0
    host.store_list = lambda folder: ""
    uctypes = types.ModuleType("uctypes")
    uctypes.addressof = id
    monkeypatch.setitem(sys.modules, "webhost", host)
    monkeypatch.setitem(sys.modules, "uctypes", uctypes)
    monkeypatch.delitem(sys.modules, "boards.web", raising=False)
    from boards.sim import Clock
    from boards.web import WebBoard, WebStorage

    return WebBoard(WebStorage(), None, Clock())


@pytest.mark.parametrize("make", ["sim", "pico", "web"])
def test_every_board_provides_every_member(make, monkeypatch):
    if make == "sim":
        board = sim_board()
    elif make == "pico":
        board = pico_board(monkeypatch)
    else:
        board = web_board(monkeypatch)
    assert isinstance(board, declared.Board)
    missing = [n for n in declared.REQUIRED if getattr(board, n, None) is None]
    assert not missing, "{} does not set {}".format(type(board).__name__, missing)
    for name in declared.REQUIRED:
        if name in ("clock", "rand", "sleep_ms", "set_display", "back_held"):
            assert callable(getattr(board, name)), name
    assert callable(board.buttons.poll) and board.buttons.poll(board.clock()) is not None
    for name in declared.OPTIONAL:
        getattr(board, name)  # present (None or the part)


def test_the_real_board_has_its_display_watch():
    """The gadget's own optional parts: a stand-in display and the settings it was given."""
    from geekout.hal.board import Board

    for name in ("display_lost", "watch_display", "safe_mode"):
        assert getattr(Board, name) is not None, name


def firmware_sources():
    """The firmware's own code (geekout/ and main.py); not firmware/boards/, whose boards
    read their own parts beside the declared ones."""
    return sorted((FIRMWARE / "geekout").rglob("*.py")) + [FIRMWARE / "main.py"]


def _is_board(node):
    """`board`, or `<anything>.board` (self.board, app.board, self.app.board)."""
    if isinstance(node, ast.Name):
        return node.id in BOARD_NAMES
    return isinstance(node, ast.Attribute) and node.attr in BOARD_NAMES


def board_reads(path):
    """[(line, member)] of every board attribute read in a source file, and of every
    getattr/hasattr on a board (probing: not allowed)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Attribute) and _is_board(node.value):
            out.append((node.lineno, node.attr))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "hasattr", "setattr") and node.args
              and _is_board(node.args[0])):
            out.append((node.lineno, node.func.id + "()"))
    return out


def test_the_firmware_reads_only_declared_board_members():
    listed = set(declared.REQUIRED + declared.OPTIONAL)
    bad = []
    seen = set()
    for path in firmware_sources():
        for line, name in board_reads(path):
            seen.add(name)
            if name not in listed:
                bad.append("{}:{}: board.{}".format(path.relative_to(ROOT), line, name))
    assert not bad, "board attributes not in firmware/geekout/board.py:\n" + "\n".join(bad)
    assert {"display", "leds", "clock", "storage"} <= seen  # the scan finds the reads


def test_the_scan_sees_every_way_of_reaching_the_board(tmp_path):
    src = tmp_path / "x.py"
    src.write_text("board.a\nself.board.b\napp.board.c\nself.app.board.d\n"
                   "getattr(board, 'e', None)\nself.boardx.f\n# board.g\n'board.h'\n")
    assert board_reads(src) == [(1, "a"), (2, "b"), (3, "c"), (4, "d"), (5, "getattr()")]


def test_the_other_boards_are_compiled_never_deployed():
    """firmware/boards/ is mpy-cross'ed by `build --check` but left out of what `geekout
    deploy` copies to the Pico (and the UF2 freezes only boards/uf2/:
    tests/host/test_freeze_manifest.py)."""
    from geekout_tools import build

    deployed = [rel.as_posix() for rel in build.firmware_sources() + build.data_files()]
    assert deployed and not [r for r in deployed if r.startswith("boards/")]
    checked = [rel.as_posix() for rel in build.firmware_sources(boards=True)]
    assert {"boards/sim.py", "boards/web.py", "boards/uf2/boot.py"} <= set(checked)
    assert set(checked) - set(deployed) == {r.as_posix() for r in build.board_sources()}
