"""The Masters turn solver (ruling M9) against the rules core and against hand work.

- every transition of every resolution state agrees with masters.position(...) and
  apply_action (so each of M3a-M3e, M4, M5, M6 shows in the solver as in the core);
- an independent solver written directly on the rules core (value iteration, every die
  outcome enumerated by apply_action) gives the same values on the small positions;
- positions worked by hand.
"""

import numpy as np
import pytest
from geekout.masters import consts as mc
from geekout.masters import rules as m
from geekout_tools.masters import solver as sv
from hypothesis import given, settings
from hypothesis import strategies as st

F42, HEART, MEEPLE, SHIP, HERO, DRAGON = range(6)


def dice(*faces):
    a = [0] * 6
    for f in faces:
        a[f] += 1
    return a


@pytest.fixture(scope="module")
def best():
    return sv.solve()


@pytest.mark.slow
def test_every_transition_matches_rules_core():
    # All 42,757 resolution states, every legal action, every face a rolled die can show.
    assert sv.crosscheck() == []


def test_continue_rolls_match_rules_core():
    """M6: CONTINUE rolls every used die; the solver's roll weights are the core's."""
    mdl = sv.model()
    for S, inact, U in [(0, 7, 3), (5, 2, 3), (8, 0, 2), (9, 0, 1), (6, 3, 1)]:
        lv = mdl.levels[sv.DICE - S]
        want = {}
        for seq in np.ndindex(*([6] * U)):
            p = m.position([0] * 6, inact, U, S)
            p.apply_action(mc.CONTINUE)
            for f in seq:
                p.apply_action(int(f))
            a = [0] * 6
            for f in seq:
                a[f] += 1
            j = mdl.index(a, inact, 0, S)
            assert sv._core_matches(mdl, p, j) is None
            want[j] = want.get(j, 0.0) + 6.0 ** -U
        row = lv.W[inact]
        got = {int(lv.layer0[c]): row[c] for c in np.nonzero(row)[0]}
        assert got.keys() == want.keys()
        assert all(abs(got[j] - want[j]) < 1e-15 for j in got)


def test_v_star_and_bound(best):
    assert best.error_bound() < 1e-9
    assert 18 < best.start_value() < 20
    # every level settled by policy iteration with a Bellman residual at rounding level
    assert max(best.residual) < 1e-12
    assert max(best.rho) < 1


def test_distribution_sums_and_mean(best):
    dist = best.outcome_distribution()
    assert dist.sum() == pytest.approx(1.0, abs=1e-12)
    mean = sum(sv.points(s) * dist[s] for s in range(11))
    assert mean == pytest.approx(best.start_value(), abs=1e-10)
    assert dist[0] == pytest.approx(0.0, abs=1e-15)  # passing with nothing is never best


# -- positions worked by hand ---------------------------------------------------------
def test_lone_dragon_is_worth_zero(best):
    # M4: a DRAGON left in active busts the turn, whatever is scored (M5).
    for scored in (0, 3, 9):
        assert best.value(dice(DRAGON), 9 - scored, 0, scored) == 0.0
        assert best.action_values(dice(DRAGON), 9 - scored, 0, scored) == []


def test_only_42s_with_nothing_used_must_pass(best):
    # M4 then M6: the 42s move to scored; used is empty so the pass is forced (M7: 28).
    assert best.value(dice(F42, F42), 3, 0, 5) == 28.0


def test_spaceship_must_remove_the_dragon(best):
    # M3c: only sending the DRAGON away leaves 42s alone; hitting a 42 leaves the DRAGON.
    vals = dict(best.action_values(dice(SHIP, DRAGON, F42, F42), 0, 3, 3))
    win = m.resolve_action(mc.SPACESHIP, mc.DRAGON)
    lose = m.resolve_action(mc.SPACESHIP, mc.F42)
    assert set(vals) == {win, lose}
    assert vals[lose] == 0.0
    assert vals[win] >= sv.points(5)
    assert best.best_action(dice(SHIP, DRAGON, F42, F42), 0, 3, 3) == win
    assert m.action_text(win) == "SPACESHIP removes the DRAGON"


def test_lone_spaceship_destroys_itself(best):
    # M3e: the lone SPACESHIP busts the turn and takes the scored dice with it.
    assert best.action_values(dice(SHIP), 0, 1, 8) == [(mc.SPACESHIP_ON + mc.NO_TARGET, 0.0)]


def test_heart_on_empty_inactive_has_no_effect(best):
    # M3d: with nothing inactive the HEART just moves to used: the pass/continue point
    # (inactive 0, used 2, scored 8) follows, where passing banks 36.
    vals = dict(best.action_values(dice(HEART), 0, 1, 8))
    assert vals == {mc.HEART_ACT: pytest.approx(max(36.0, best.decide(0, 2, 8)[1]))}


def test_need_55_from_nine_scored_is_one_third():
    # Nine scored, one die used, nothing inactive. CONTINUE rolls it: 42 -> ten scored,
    # forced pass with 55 (1/6); HEART (empty inactive), lone MEEPLE, lone SUPERHERO ->
    # back here (3/6); SPACESHIP or DRAGON -> bust (2/6). p = 1/6 + p/2, so p = 1/3.
    sol = sv.solve(need=55)
    assert sol.decide(0, 1, 9)[1] == pytest.approx(1 / 3, abs=1e-14)
    # expected points: continuing is worth 55/6 + C/2 -> 55/3 < 45, so PASS.
    assert sv.solve().decide(0, 1, 9) == (45.0, pytest.approx(55 / 6 + 45 / 2, abs=1e-12))


def test_need_probabilities_monotone():
    """P(at least N points) cannot grow with N, at the start and at every state."""
    start = [sv.solve(need=n).start_value() for n in range(1, 56)]
    assert all(a >= b - 1e-15 for a, b in zip(start, start[1:]))
    prev = None
    for k in range(1, 11):
        V = sv.solve(need=sv.points(k)).V[:-2]
        assert V.min() >= 0 and V.max() <= 1 + 1e-12
        if prev is not None:
            assert (V <= prev + 1e-12).all()
        prev = V
    assert start[0] > 0.9 and start[-1] < 0.1


# -- an independent solver on the rules core -----------------------------------------
def reference(reward, max_free, sweeps=400):
    """Value iteration over the pass/continue points with at most `max_free` unscored
    dice, every resolution and roll played out by masters.position / apply_action."""
    conts = [(i, free - i, 10 - free) for free in range(1, max_free + 1)
             for i in range(free)]
    C = {k: 0.0 for k in conts}

    def value(s, memo):
        if s.turns:
            pts, how = s.turns[-1][1], s.turns[-1][2]
            return 0.0 if how == mc.ENDED_BUST else reward(pts)
        key = (bytes(s.active), s.inactive, s.used, s.scored, s.pending, s.phase_name())
        if key in memo:
            return memo[key]
        if s.is_chance():
            v = 0.0
            for f in range(6):
                c = s.clone()
                c.apply_action(f)
                v += value(c, memo) / 6
        elif s.phase_name() == "decide":
            v = max(reward(m.points_for(s.scored)), C[(s.inactive, s.used, s.scored)])
        else:
            v = -1.0
            for a in s.legal_actions():
                c = s.clone()
                c.apply_action(a)
                v = max(v, value(c, memo))
        memo[key] = v
        return v

    for _ in range(sweeps):
        memo = {}
        new = {}
        for k in conts:
            s = m.position([0] * 6, *k)
            s.apply_action(mc.CONTINUE)
            new[k] = value(s, memo)
        change = max(abs(new[k] - C[k]) for k in conts)
        C = new
        if change < 1e-15:
            break
    return C, value


@pytest.mark.parametrize("need", [0, 6, 10])
def test_matches_rules_core_solver_on_small_positions(need):
    reward = (lambda p: float(p)) if need == 0 else (lambda p: 1.0 if p >= need else 0.0)
    C, value = reference(reward, max_free=3)
    sol = sv.solve(need=need)
    for (i, u, s), c in C.items():
        assert sol.decide(i, u, s)[1] == pytest.approx(c, abs=1e-9), (i, u, s)
    # and a few resolution positions, valued by the same core-driven recursion
    memo = {}
    for active, i, u, s in [(dice(SHIP, DRAGON, F42), 0, 0, 7), (dice(MEEPLE, DRAGON), 1, 0, 7),
                            (dice(HERO, HEART, F42), 0, 0, 7), (dice(HEART, HEART), 1, 0, 7)]:
        want = value(m.position(active, i, u, s), memo)
        assert sol.value(active, i, u, s) == pytest.approx(want, abs=1e-9)


# -- the whole solution checked by one Bellman sweep driven by the rules core --------------
def core_sweep(C, reward):
    """Every CONTINUE value recomputed from the solver's pass/continue values
    max(reward, C) with the rules core alone (position, legal_actions, apply_action, every
    die face), plus rho per scored level: the largest chance, over every way to play,
    that a CONTINUE comes back to a pass/continue point with the same scored count."""
    memo = {}

    def val(s, level):
        if s.turns:
            pts, how = s.turns[-1][1], s.turns[-1][2]
            return (0.0, 0.0) if how == mc.ENDED_BUST else (reward(pts), 0.0)
        key = (bytes(s.active), s.inactive, s.used, s.scored, s.pending, s.phase, level)
        v = memo.get(key)
        if v is not None:
            return v
        if s.phase_name() == "decide":
            v = (max(reward(m.points_for(s.scored)), C[(s.inactive, s.used, s.scored)]),
                 1.0 if s.scored == level else 0.0)
        elif s.is_chance():
            a = b = 0.0
            for f in range(6):
                c = s.clone()
                c.apply_action(f)
                x, y = val(c, level)
                a, b = a + x, b + y
            v = (a / 6, b / 6)
        else:
            a = b = -1.0
            for act in s.legal_actions():
                c = s.clone()
                c.apply_action(act)
                x, y = val(c, level)
                a, b = max(a, x), max(b, y)
            v = (a, b)
        memo[key] = v
        return v

    new, rho = {}, [0.0] * 11
    for i, u, sc in C:
        s = m.position([0] * 6, i, u, sc)
        s.apply_action(mc.CONTINUE)
        new[(i, u, sc)], r = val(s, sc)
        rho[sc] = max(rho[sc], r)
    return new, rho


@pytest.mark.parametrize("need", [0])  # one sweep is 1.5 s; the need problems share the code
def test_solution_is_the_rules_core_fixed_point(need):
    """|x - x*| <= residual / (1 - rho) per level (a contraction), with residual and rho
    both measured on the rules core: an independent bound on the solver's values."""
    sol = sv.solve(need)
    reward = (lambda p: float(p)) if need == 0 else (lambda p: 1.0 if p >= need else 0.0)
    C = {(i, u, 10 - i - u): float(sol.C[i, u, 10 - i - u])
         for i in range(10) for u in range(1, 11 - i)}
    new, rho = core_sweep(C, reward)
    bound = 0.0
    for s in range(10):
        res = max(abs(new[k] - C[k]) for k in C if k[2] == s)
        bound += res / (1 - rho[s])
        assert rho[s] == pytest.approx(sol.rho[s], abs=1e-12)
    assert bound < 1e-9
    assert new[(3, 7, 0)] == pytest.approx(sol.start_value(), abs=1e-12)


def test_first_roll_survival_exhaustive():
    """Pass reward 1 whatever is scored: the value of the turn's start is the best chance
    to survive the first roll; the rules core's own recursion over every die gives it."""
    sol = sv.Solution(sv.model(), np.ones(11), 0).solve()
    memo = {}

    def survive(s):
        if s.turns:
            return 0.0 if s.turns[-1][2] == mc.ENDED_BUST else 1.0
        if s.phase_name() == "decide":
            return 1.0
        key = (bytes(s.active), s.inactive, s.used, s.pending, s.phase)
        if key not in memo:
            outs = []
            for a in (range(6) if s.is_chance() else s.legal_actions()):
                c = s.clone()
                c.apply_action(a)
                outs.append(survive(c))
            memo[key] = sum(outs) / 6 if s.is_chance() else max(outs)
        return memo[key]

    start = m.new_initial_state(1)
    start.apply_action(0)
    assert survive(start) == pytest.approx(sol.start_value(), abs=1e-12)
    assert sol.start_value() > 0.96


# -- invariants over random positions ------------------------------------------------------


@st.composite
def positions(draw):
    """Any split of the 10 dice over active faces, inactive, used and scored (M2)."""
    cuts = sorted(draw(st.lists(st.integers(0, 10), min_size=8, max_size=8)))
    parts = [b - a for a, b in zip([0] + cuts, cuts + [10])]
    return parts[:6], parts[6], parts[7], parts[8]


@settings(max_examples=300, deadline=None)
@given(positions())
def test_value_is_the_best_alternative(pos):
    active, i, u, s = pos
    sol = sv.solve()
    vals = [v for _, v in sol.action_values(active, i, u, s)]
    value = sol.value(active, i, u, s)
    if vals:
        assert value == max(vals)
        assert sol.best_action(active, i, u, s) in dict(sol.action_values(active, i, u, s))
    assert 0.0 <= value <= 55.0
    # the probability of at least N points falls as N grows, for this position too
    probs = [sv.solve(sv.points(k)).value(active, i, u, s) for k in range(1, 11)]
    assert all(0.0 <= p <= 1.0 + 1e-12 for p in probs)
    assert all(a >= b - 1e-12 for a, b in zip(probs, probs[1:]))
