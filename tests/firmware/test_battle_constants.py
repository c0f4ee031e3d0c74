"""The battle's numbers are defined once, in geekout/battle/consts.py: the journal's byte
values keep the values journals were saved with, no other module of the game defines a
constant of its own under one of those names, and the test driver's copies (kept so a
driver holds no module of the game) agree with them."""

import ast
import importlib
from pathlib import Path

import battle_drive
from geekout.battle import consts as C
from geekout.battle import entry

PKG = Path(C.__file__).resolve().parent


def test_journal_byte_values_are_those_journals_were_saved_with():
    types = ("FIRST", "CELL", "STARS", "MOVE", "TURN", "DRONE", "UPGRADE", "ATTACK", "WORMHOLE",
             "DONE")
    assert [getattr(C, t) for t in types] == list(range(10))
    assert C.TYPE_NAMES == tuple(t.lower() for t in types)
    assert (C.PAY_SMALL, C.PAY_NOVA, C.SHIPS, C.MOTHERSHIP) == (0, 1, 4, 0)


def _module_names(path):
    """Names a module assigns at its top level."""
    out = set()
    for node in ast.parse(path.read_text()).body:
        targets = node.targets if isinstance(node, ast.Assign) else (
            [node.target] if isinstance(node, ast.AnnAssign) else [])
        out.update(t.id for t in targets if isinstance(t, ast.Name))
    return out


def test_constants_are_defined_once():
    shared = {k for k in vars(C) if k.isupper()}
    checked = 0
    for path in sorted(PKG.glob("*.py")):
        if path.name == "consts.py":
            continue
        copies = {n for n in _module_names(path) if n.lstrip("_") in shared}
        assert not copies, "{} defines {} again (consts.py has them)".format(path.name,
                                                                           sorted(copies))
        importlib.import_module("geekout.battle." + path.stem)  # and it imports alone
        checked += 1
    assert checked >= 10


def test_the_drivers_copies_agree():
    got = {k[1:]: v for k, v in vars(battle_drive).items()
           if k[:1] == "_" and k[1:].isupper() and isinstance(v, int)}
    assert len(got) >= 18
    for k, v in got.items():
        home = C if hasattr(C, k) else entry  # the screens' own: the entries and answers
        assert getattr(home, k) == v, "battle_drive._{} = {}, {} says {}".format(
            k, v, home.__name__, getattr(home, k))
    entries = {C.CELL: entry.CELL_ENTRY, C.STARS: entry.STARS_ENTRY, C.MOVE: entry.MOVE_ENTRY,
               C.TURN: entry.TURN_ENTRY, C.DRONE: entry.DRONE_ENTRY,
               C.UPGRADE: entry.UPGRADE_ENTRY, C.ATTACK: entry.ATTACK_ENTRY,
               C.WORMHOLE: entry.WORMHOLE_ENTRY, C.DONE: entry.DONE_ENTRY}
    assert battle_drive._ACTION == entries
