"""Fixtures shared by the host tests that talk to a board."""

import subprocess
import sys
import time

import pytest
from mpy_harness import ROOT


@pytest.fixture
def private_build(tmp_path, monkeypatch):
    """The deploy builds into this test's own folder (build/firmware may be rebuilt meanwhile)."""
    import geekout_tools.build as b

    monkeypatch.setattr(b, "BUILD", tmp_path / "build")
    return b.BUILD


@pytest.fixture
def pico(tmp_path):
    """A stand-in Pico (tests/fakepico.py): MicroPython's REPL on a pty. Yields (port, its
    filesystem folder)."""
    root = tmp_path / "board"
    root.mkdir()
    link = tmp_path / "ttyPico"
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "fakepico.py"), str(link), str(root)])
    for _ in range(200):
        if link.is_symlink():
            break
        time.sleep(0.05)
    yield link, root
    proc.terminate()
    proc.wait(timeout=10)
