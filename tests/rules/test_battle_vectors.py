"""The galaxy battle worked examples (B1-B11) under CPython and under MicroPython."""

import battle_check
import pytest
from battle_vectors import VECTORS
from mpy_harness import ROOT, run_micropython


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector_cpython(vector):
    assert battle_check.check(vector) is None


@pytest.mark.micropython
def test_vectors_micropython():
    """The same vectors on the real MicroPython unix port. Compiling the core and the
    vectors from source takes most of the heap (bench/)."""
    # Heap: passes down to 145K (bisection, checkout at a 139-character path; 143K at a
    # short one; the B11 examples are a module of their own, else 162K): 192K leaves a
    # 32% margin.
    res = run_micropython(ROOT / "tests" / "vectors" / "run_vectors.py", "battle",
                          heap="192K", path=[ROOT / "tests" / "vectors"])
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout.strip().splitlines()[-1] == "{} passed, 0 failed".format(len(VECTORS))


def test_every_ruling_has_a_vector():
    shown = {v["id"].split("-")[0] for v in VECTORS}
    assert shown == {"B{}".format(i) for i in range(1, 12)}


def test_every_b11_vector_names_the_manuals_line():
    """B11's examples rest on the Spanish manual: each quotes the line it shows."""
    b11 = [v for v in VECTORS if v["id"].startswith("B11-")]
    assert len(b11) >= 15
    for v in b11:
        assert len(v.get("manual", "")) > 20, v["id"]


def test_a_wrong_expectation_fails():
    """The checker can fail: a vector with a false claim is reported."""
    bad = {"id": "x", "steps": "first:0", "expect": {"seat": 1}}
    assert battle_check.check(bad) == "seat 0 != 1"
    bad = {"id": "y", "steps": "first:0", "expect": {"illegal": [["cell", "B1"]]}}
    assert battle_check.check(bad) == "illegal cell was accepted"
