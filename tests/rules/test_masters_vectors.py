"""The Masters worked examples (M1-M8) under CPython and under MicroPython."""

import masters_check
import pytest
from geekout.masters import consts as mc
from geekout.masters import rules as m
from masters_vectors import VECTORS
from mpy_harness import ROOT, run_micropython


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector_cpython(vector):
    assert masters_check.check(vector) is None


@pytest.mark.micropython
def test_vectors_micropython():
    """The same vectors on the real MicroPython unix port, on a small heap."""
    # Heap: passes down to 92K at a short checkout path (bisection, 2026-12-07: the
    # rules core with the scorepad's traces and the one-byte resolution check, compiled
    # from source; a long path costs about 2K more): 128K leaves a 36% margin or more.
    res = run_micropython(ROOT / "tests" / "vectors" / "run_vectors.py", "masters",
                          heap="128K", path=[ROOT / "tests" / "vectors"])
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout.strip().splitlines()[-1] == "{} passed, 0 failed".format(len(VECTORS))


def test_m7_scoring_table():
    # The rulebook's table: 1, 3, 6, 10, 15, 21, 28, 36, 45, 55.
    assert [m.points_for(n) for n in range(11)] == [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55]


def test_m1_opposites():
    names = mc.FACE_NAMES
    pairs = {names[f]: names[f ^ 1] for f in range(mc.FACES)}
    assert pairs == {"42": "HEART", "HEART": "42", "MEEPLE": "SPACESHIP",
                     "SPACESHIP": "MEEPLE", "SUPERHERO": "DRAGON", "DRAGON": "SUPERHERO"}


def test_player_count_checked():
    for bad in (0, 5):
        with pytest.raises(ValueError):
            m.new_initial_state(bad)


def test_replay_names_bad_entry():
    with pytest.raises(ValueError, match="entry 2"):
        m.replay(1, bytes([0, 0, 9]))


def test_action_text():
    assert m.action_text(m.resolve_action(mc.SPACESHIP, mc.DRAGON)) == "SPACESHIP removes the DRAGON"
    assert m.action_text(m.resolve_action(mc.SPACESHIP, mc.NO_TARGET)) == "SPACESHIP destroys itself"
    assert m.action_text(mc.PASS) == "PASS"


def test_undo_takes_back_decision_and_its_roll():
    s = m.new_initial_state(1)
    for a in [0, 0, 0, 0, 0, 0, 2, 5]:  # first seat; 42 x5, MEEPLE, DRAGON
        s.apply_action(a)
    before = s.clone()
    s.apply_action(m.resolve_action(mc.MEEPLE, mc.DRAGON))
    s.apply_action(mc.F42)
    prev, removed = m.undo(s)
    assert bytes(prev.journal) == bytes(before.journal)
    assert bytes(prev.active) == bytes(before.active)
    assert list(removed) == [m.resolve_action(mc.MEEPLE, mc.DRAGON), mc.F42]
    assert m.undo(m.replay(1, bytes([0]))) is None
