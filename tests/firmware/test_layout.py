"""The firmware's rooms and who may import whom: read from the sources (every import,
at module level or inside a function, and every `__import__` of a literal name).

- hal/ touches the hardware and imports nothing of the screens (ui/), the app or a game;
- a game's rules (its rules core, constants and other modules the host tools import
  alone) import nothing of ui/, hal/, the app or the home screens;
- no module imports, through any chain, a module that imports it back.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "firmware" / "geekout"
GAMES = ("masters", "capture", "battle")
# Each game's modules that the host tools import alone (the rules core and what it needs).
RULES = {
    "masters": ("consts", "rules", "hint"),
    "capture": ("consts", "rules", "actions", "catalog", "score", "steps"),
    "battle": ("consts", "rules", "events", "legal"),
}
SCREEN_SIDE = ("geekout.ui", "geekout.hal", "geekout.app", "geekout.home")
# Key codes and ticks; the event line format; what a board provides; unloading modules.
NEUTRAL = ("geekout.keys", "geekout.events", "geekout.board", "geekout.modules")


def module_name(path):
    rel = path.relative_to(PKG.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules():
    return {module_name(p): p for p in sorted(PKG.rglob("*.py"))}


def imports(path, name):
    """The geekout modules a source file imports (a `from pkg import x` counts as
    pkg.x when that is a module, else pkg)."""
    known = modules()
    out = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                pkg = name.split(".")[:len(name.split(".")) - node.level + (1 if path.name == "__init__.py" else 0)]
                base = ".".join(pkg + ([base] if base else []))
            for a in node.names:
                full = base + "." + a.name
                out.add(full if full in known else base)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            arg = node.args[0] if node.args else None
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                out.add(arg.value)
    return {m for m in out if m.startswith("geekout")}


def graph():
    return {name: imports(path, name) for name, path in modules().items()}


def test_hal_imports_nothing_of_the_screens_or_the_games():
    for name, deps in graph().items():
        if name.startswith("geekout.hal"):
            bad = {d for d in deps if not d.startswith("geekout.hal") and d not in NEUTRAL}
            assert not bad, "{} imports {}".format(name, sorted(bad))


def rules_modules():
    known = modules()
    out = ["geekout.{}.{}".format(game, n) for game, names in RULES.items() for n in names]
    missing = [m for m in out if m not in known]
    assert not missing, "RULES names modules that do not exist: {}".format(missing)
    return out


@pytest.mark.parametrize("name", rules_modules())
def test_rules_import_nothing_of_the_screens(name):
    deps = graph()[name]
    bad = {d for d in deps if d.startswith(SCREEN_SIDE) or d == "geekout.keys"}
    assert not bad, "{} imports {}".format(name, sorted(bad))


def cycles(g):
    """Every import cycle, each once, as a list of module names."""
    found = set()
    out = []

    def visit(node, path, on_path):
        for nxt in sorted(g.get(node, ())):
            if nxt in on_path:
                cyc = path[path.index(nxt):]
                key = frozenset(cyc)
                if key not in found:
                    found.add(key)
                    out.append(cyc + [nxt])
            elif len(path) < 12:
                visit(nxt, path + [nxt], on_path | {nxt})

    for start in sorted(g):
        visit(start, [start], {start})
    return out


def test_no_import_cycles():
    g = graph()
    # A package's __init__ imported on the way to its modules is not a cycle of ideas.
    g = {k: {d for d in v if not k.startswith(d + ".")} for k, v in g.items()}
    assert cycles(g) == []


def test_the_seat_flash_kinds_agree_with_the_leds():
    """ui/core.py names the kinds hal/leds.py draws: the numbers must be the same."""
    from geekout.hal import leds
    from geekout.ui import core

    assert (core.FLASH_BUST, core.FLASH_SCORE) == (leds.FLASH_BUST, leds.FLASH_SCORE)
    assert core.FLASH_BUST != core.FLASH_SCORE


def test_the_rules_modules_touch_no_storage():
    """The rules cores are pure functions of (state, step): no rules module imports the
    journal, storage, the step pipeline or hal/ (docs/developing.md)."""
    import ast

    pure = ["replay.py"] + ["{}/{}".format(g, m) for g in ("masters", "capture", "battle")
                            for m in ("rules.py", "consts.py")] + ["capture/steps.py",
                                                                  "battle/events.py",
                                                                  "battle/legal.py"]
    banned = ("geekout.journal", "geekout.hal", "geekout.game", "geekout.app", "geekout.ui")
    pkg = Path(__file__).resolve().parents[2] / "firmware" / "geekout"
    for name in pure:
        tree = ast.parse((pkg / name).read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                mods = [node.module or ""] + ["{}.{}".format(node.module, a.name)
                                              for a in node.names]
            else:
                continue
            for mod in mods:
                assert not mod.startswith(banned), (name, mod)
