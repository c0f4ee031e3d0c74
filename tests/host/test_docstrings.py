"""Every firmware module opens with a short docstring: what the module's job is, what a
reader must know before touching it, and where the docs explain the rest. The long
explanations (formats, reasons, measured figures) live in docs/, not in the code."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
MAX_LINES = 12
# The freezer's script, run by MicroPython's build (its functions are the freezer's).
NOT_MODULES = {"manifest.py"}


def modules():
    return [p for p in sorted(FIRMWARE.rglob("*.py"))
            if p.relative_to(FIRMWARE).as_posix() not in NOT_MODULES]


def test_the_firmware_has_modules():
    names = {p.relative_to(FIRMWARE).as_posix() for p in modules()}
    assert {"main.py", "geekout/journal.py", "boards/web.py"} <= names


@pytest.mark.parametrize("path", modules(), ids=lambda p: p.relative_to(FIRMWARE).as_posix())
def test_module_docstring_is_short(path):
    name = path.relative_to(ROOT).as_posix()
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"), name))
    assert doc, "{} has no module docstring".format(name)
    lines = len(doc.splitlines())
    assert lines <= MAX_LINES, (
        "{}: module docstring of {} lines (at most {}): move the explanation to docs/ "
        "and leave a pointer".format(name, lines, MAX_LINES))
