"""The interface the three rules cores share (masters, capture, battle rules.py):
legal_steps, apply_step, is_over, scores. Random games played through those four only
reach their end; every listed step is accepted; a refused step names its ruling and
leaves the state as it was; scores has one number per seat. The legality tables
(_STEPS, _EVENTS) hold one check per kind, named for it."""

import random
import re

import pytest
from geekout.battle import consts as bc
from geekout.battle import events as be
from geekout.battle import rules as B
from geekout.capture import consts as kc
from geekout.capture import rules as C
from geekout.masters import rules as M
from hypothesis import given, settings
from hypothesis import strategies as hs

CORES = {"masters": M, "table": M, "capture": C, "battle": B}
RULING = {"masters": "M", "table": "M", "capture": "C", "battle": "B"}


def new_game(name, rng):
    """A new game of that core, its seats and config chosen by rng."""
    if name == "masters":
        return M.new_initial_state(rng.randrange(1, 5))
    if name == "table":
        return M.Scorepad(rng.randrange(1, 5))
    if name == "capture":
        players = rng.randrange(1, 5)
        arena = rng.randrange(1, 9) if players == 1 else rng.randrange(9)
        wicked = players > 1 and rng.random() < 0.5
        stages = tuple(rng.choice((2, 3)) for _ in range(players))
        starters = tuple(rng.randrange(1 << 13) for _ in range(players))
        return C.new_initial_state(players, stages, rng.randrange(players), wicked, arena,
                                   starters)
    return B.new_initial_state(rng.choice((3, 4)))


def copy(state):
    if isinstance(state, M.Scorepad):
        return M.replay_table(state.players, state.journal)
    return state.clone()


def snapshot(state):
    """Everything a state holds, comparable."""
    return repr(sorted((k, repr(v)) for k, v in vars(state).items()))


def other_steps(name, state, rng):
    """Steps of the right shape, mostly ones the rules refuse now."""
    if name in ("masters", "table"):
        return [rng.randrange(64) for _ in range(4)]
    if name == "capture":
        return [rng.randrange(32) | rng.randrange(1 << rng.choice((1, 3, 6, 9))) << 5
                for _ in range(4)]
    out = []
    for _ in range(4):
        kind = rng.randrange(bc.DONE + 1)
        ev = [kind, rng.randrange(state.players)]
        for _field, hi in be._FIELDS[kind][1:]:
            ev.append(rng.randrange(hi + 1))
        try:
            out.append(be.validate(tuple(ev)))
        except be.BadEvent:
            pass
    return out


def play(name, rng, pick, every=1, limit=30000):
    """A game through the interface, pick(legal steps) choosing; every `every`-th state
    each legal step is tried on a copy. Returns (state, steps, refusals seen)."""
    core = CORES[name]
    st = new_game(name, rng)
    refused = 0
    for n in range(limit):
        if core.is_over(st):
            break
        legal = core.legal_steps(st)
        assert legal, str(st)
        if n % every == 0:
            for step in legal:
                core.apply_step(copy(st), step)  # raises if a listed step is refused
            before = snapshot(st)
            for step in other_steps(name, st, rng):
                tried = copy(st)
                try:
                    core.apply_step(tried, step)
                except ValueError as e:
                    refused += 1
                    assert re.match(RULING[name] + r"\d+: ", str(e)), str(e)
                    assert snapshot(tried) == before, step
        step = pick(legal)
        if step is None:
            break
        core.apply_step(st, step)
    scores = core.scores(st)
    assert len(scores) == st.players
    assert all(isinstance(s, int) and s >= 0 for s in scores)
    return st, n, refused


def plain(rng):
    """A pick among the legal steps that leaves the rare ones rare: in Capture a critical
    catch or an elemental zone now and then only, so checks, ties and bull's eyes come."""
    def pick(legal):
        common = [s for s in legal if type(s) is not int or s & 31 not in (kc.A_CRITICAL, kc.A_ELEMENTAL)]
        return rng.choice(common if common and rng.random() < 0.97 else legal)
    return pick


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("name,every", [("masters", 1), ("table", 1), ("capture", 9), ("battle", 3)])
def test_random_games_end_through_the_interface(name, every, seed):
    rng = random.Random(seed)
    st, _n, refused = play(name, rng, rng.choice if seed % 2 else plain(rng), every)
    core = CORES[name]
    assert core.is_over(st) and core.legal_steps(st) == []
    assert refused > 0
    try:
        core.apply_step(st, core.legal_steps(copy(new_game(name, random.Random(seed))))[0])
    except ValueError as e:
        assert re.match(RULING[name] + r"\d+: ", str(e))
    else:
        raise AssertionError("a step after the end was taken")


def test_scores_are_each_core_s_own():
    rng = random.Random(3)
    st, _n, _r = play("masters", rng, rng.choice)
    assert M.scores(st) == st.totals and st.winners()
    st, _n, _r = play("battle", rng, rng.choice, 50)
    assert B.scores(st) == [st.star_value(p) for p in range(st.players)]
    assert st.winner >= 0
    st, _n, _r = play("capture", rng, rng.choice, 200)
    assert C.scores(st) == [len(c) for c in st.collections] and sum(C.scores(st)) > st.players


def test_capture_refusal_keeps_the_screens_words():
    """apply_action's text is the screens' (no ruling); apply_step puts the ruling first."""
    st = C.new_initial_state(2)
    with pytest.raises(ValueError) as e:
        st.apply_action(kc.RESOLVE)
    assert str(e.value) == "a draw is a Geekmon or an encounter card left in the deck"
    with pytest.raises(ValueError) as e:
        C.apply_step(st, kc.RESOLVE)
    assert str(e.value) == "C1: a draw is a Geekmon or an encounter card left in the deck"


@pytest.mark.parametrize("core,table,kinds", [
    (C, "_STEPS", [(v, k) for k, v in vars(kc).items() if k.startswith("A_") and k != "A_NOTE"]),
    (B, "_EVENTS", [(v, k) for k, v in vars(bc).items() if k in bc.TYPE_NAMES or k in (
        "FIRST", "CELL", "STARS", "MOVE", "TURN", "DRONE", "UPGRADE", "ATTACK", "WORMHOLE", "DONE")]),
])
def test_one_named_check_per_kind(core, table, kinds):
    checks = getattr(core, table)
    assert len(checks) == len(kinds)
    for value, name in kinds:
        want = "_check_" + name.lower().replace("a_", "", 1) if core is C else "_check_" + name.lower()
        assert checks[value].__name__ == want
        assert re.search(r"\b[CB]\d+", checks[value].__doc__ or ""), want  # cites its ruling


picks = hs.lists(hs.integers(0, 1 << 16), min_size=20, max_size=400)


@settings(max_examples=60, deadline=None)
@given(name=hs.sampled_from(sorted(CORES)), seed=hs.integers(0, 1 << 30), chosen=picks)
def test_any_choices_through_the_interface(name, seed, chosen):
    """Whatever is chosen among legal_steps is accepted, refusals change nothing."""
    it = iter(chosen)

    def pick(legal):
        c = next(it, None)
        return None if c is None else legal[c % len(legal)]

    st, _n, _r = play(name, random.Random(seed), pick, 5, len(chosen) + 1)
    assert CORES[name].is_over(st) == (CORES[name].legal_steps(st) == [])


# Under MicroPython: a game of each core through the four functions (an LCG for the
# choices: the same on both ports), its step count and scores printed.
MPY_GAMES = """
from geekout.masters import rules as M
from geekout.capture import rules as C
from geekout.battle import rules as B
seed = [12345]
def r(n):
    seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (seed[0] >> 8) % n
for name, core, st in (("masters", M, M.new_initial_state(3)), ("table", M, M.Scorepad(2)),
                       ("capture", C, C.new_initial_state(2, None, 0, True, 3)),
                       ("battle", B, B.new_initial_state(4))):
    n = 0
    refused = ""
    while not core.is_over(st) and n < 20000:
        legal = core.legal_steps(st)
        core.apply_step(st, legal[r(len(legal))])
        n += 1
    try:
        core.apply_step(st, 0 if name != "battle" else (9, 0))
    except ValueError as e:
        refused = str(e).split(":")[0]
    print(name, n, core.scores(st), refused)
"""


def _games_here():
    def r(n):
        seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
        return (seed[0] >> 8) % n
    seed = [12345]
    out = []
    for name, core, st in (("masters", M, M.new_initial_state(3)), ("table", M, M.Scorepad(2)),
                           ("capture", C, C.new_initial_state(2, None, 0, True, 3)),
                           ("battle", B, B.new_initial_state(4))):
        n = 0
        while not core.is_over(st) and n < 20000:
            legal = core.legal_steps(st)
            core.apply_step(st, legal[r(len(legal))])
            n += 1
        with pytest.raises(ValueError) as e:
            core.apply_step(st, 0 if name != "battle" else (9, 0))
        out.append("{} {} {} {}".format(name, n, core.scores(st), str(e.value).split(":")[0]))
    return out


@pytest.mark.micropython
def test_the_interface_on_micropython():
    from mpy_harness import run_micropython

    res = run_micropython(code=MPY_GAMES, heap="256K")
    assert res.returncode == 0, res.stdout + res.stderr
    got = res.stdout.strip().splitlines()
    assert got == _games_here()
    assert [line.split()[-1] for line in got] == ["M8", "M8", "C1", "B8"]


@pytest.mark.parametrize("name", ["masters", "capture", "battle"])
def test_clone_copies_every_field_and_shares_no_list(name):
    """clone() (replay.copy_fields) is what the undo marks keep: a field left out of its
    lists would be lost by an undo, a list shared would change the kept copy."""
    rng = random.Random(11)
    st, _n, _r = play(name, rng, rng.choice, limit=40)
    twin = st.clone()
    assert type(twin) is type(st) and set(vars(twin)) == set(vars(st))
    assert snapshot(twin) == snapshot(st)
    for field, value in vars(st).items():
        if isinstance(value, (list, bytearray)):
            assert getattr(twin, field) is not value, field
