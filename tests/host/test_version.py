"""One version for the project: firmware/geekout/__init__.py's `__version__`. The package
metadata (pyproject.toml), the host tools, `geekout --version` and the freeze manifest's
metadata all show it, and no other tracked file writes it out."""

import ast
import importlib.metadata
import re
import subprocess
import sys
from pathlib import Path

import geekout_tools
import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "firmware" / "geekout" / "__init__.py"


def firmware_version():
    """The literal assigned in the source file, read without importing it."""
    tree = ast.parse(SOURCE.read_text())
    values = [node.value.value for node in tree.body if isinstance(node, ast.Assign)
              and [getattr(t, "id", None) for t in node.targets] == ["__version__"]]
    assert len(values) == 1 and isinstance(values[0], str), values
    return values[0]


def test_version_looks_like_one():
    assert re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+", firmware_version())


def test_host_tools_and_cli_show_the_firmware_version():
    assert geekout_tools.__version__ == firmware_version()
    out = subprocess.run([sys.executable, "-m", "geekout_tools.cli", "--version"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "geekout " + firmware_version()


def test_package_metadata_is_the_firmware_version():
    # pyproject.toml reads it at install time; `make setup` reinstalls when the file changes.
    assert importlib.metadata.version("geekout-companion") == firmware_version()


def test_freeze_manifest_is_the_firmware_version(monkeypatch):
    monkeypatch.chdir(ROOT / "firmware")  # where MicroPython's freezer runs the manifest
    seen = {}
    env = {name: (lambda *a, **k: None) for name in ("include", "package", "module")}
    env["metadata"] = lambda **k: seen.update(k)
    exec(compile((ROOT / "firmware" / "manifest.py").read_text(), "manifest.py", "exec"), env)
    assert seen["version"] == firmware_version()


def test_no_other_file_writes_the_version_out():
    try:
        files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                               check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: no list of tracked files")
    literal = re.compile(r"(?<![0-9.])" + re.escape(firmware_version()) + r"(?![0-9])")
    holders = []
    for name in files:
        path = ROOT / name
        if path.suffix in {".bin", ".png", ".uf2", ".mpy"} or not path.is_file():
            continue
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        if literal.search(text):
            holders.append(name)
    assert holders == ["firmware/geekout/__init__.py"]
