"""`geekout masters solve` (contract in docs/design.md) and the optimal/win strategies."""

import json
import random

import pytest
from geekout.masters import consts as mc
from geekout.masters import rules as m
from geekout_tools.cli import main
from geekout_tools.masters import solver as sv
from geekout_tools.masters.strategies import Optimal, Win, make_strategy


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_json_contract(capsys):
    code, out, _ = run(capsys, "masters", "solve", "--json")
    assert code == 0
    result = json.loads(out)
    assert set(result) == {"expected_points", "states", "seconds"}
    assert result["expected_points"] == pytest.approx(sv.solve().start_value(), abs=1e-12)
    assert result["states"] == sv.model().decision_states()
    assert result["seconds"] > 0


def test_solve_details_and_text(capsys):
    code, out, _ = run(capsys, "masters", "solve", "--json", "--details")
    result = json.loads(out)
    assert result["error_bound"] < 1e-9
    assert sum(result["points_distribution"].values()) + result["bust_probability"] == \
        pytest.approx(1.0)
    code, out, _ = run(capsys, "masters", "solve")
    assert code == 0 and "V* = 19.05" in out and "P(bust)" in out


def test_solve_need(capsys):
    code, out, _ = run(capsys, "masters", "solve", "--need", "21", "--json")
    result = json.loads(out)
    assert code == 0 and set(result) == {"need", "probability"} and result["need"] == 21
    code, out, _ = run(capsys, "masters", "solve", "--need", "all", "--json")
    probs = json.loads(out)["probabilities"]
    assert list(probs) == [str(n) for n in range(1, 56)]
    assert probs["21"] == result["probability"]
    values = [probs[str(n)] for n in range(1, 56)]
    assert all(a >= b for a, b in zip(values, values[1:]))  # monotone in N
    # N = 16..21 all need six scored dice (M7)
    assert len({probs[str(n)] for n in range(16, 22)}) == 1


@pytest.mark.parametrize("need", ["0", "56", "-3", "many", "2.5"])
def test_solve_bad_need(capsys, need):
    code, out, err = run(capsys, "masters", "solve", "--need", need, "--json")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "need" in err


# -- the solver's policy played on the rules core --------------------------------------
def play_turns(strategy, turns, seed):
    """Monte Carlo: whole turns on the rules core, decisions from `strategy`."""
    rng = random.Random(seed)
    results = []
    state = m.new_initial_state(1)
    state.apply_action(0)
    for _ in range(turns):
        while True:
            if state.is_chance():
                m.play_chance(state, rng.randrange)
                continue
            before = len(state.turns)
            state.apply_action(strategy.choose(state))
            if state.is_chance():
                m.play_chance(state, rng.randrange)
            if len(state.turns) > before:
                break
        results.append(state.turns[-1][1])
        if state.is_terminal():
            state = m.new_initial_state(1)
            state.apply_action(0)
    return results


def test_optimal_policy_simulated_mean_matches_v_star():
    pts = play_turns(Optimal(), 4000, seed=5)
    mean = sum(pts) / len(pts)
    sd = (sum((p - mean) ** 2 for p in pts) / (len(pts) - 1)) ** 0.5
    assert abs(mean - sv.solve().start_value()) < 4 * sd / len(pts) ** 0.5


def test_need_policy_simulated_probability():
    strat = Optimal(need=28)
    pts = play_turns(strat, 3000, seed=9)
    hit = sum(p >= 28 for p in pts) / len(pts)
    p = sv.solve(need=28).start_value()
    assert abs(hit - p) < 4 * (p * (1 - p) / len(pts)) ** 0.5


def test_win_strategy_needs_the_lead():
    s = m.new_initial_state(2)
    s.apply_action(0)
    w = Win()
    assert w.need_for(s) == 0  # not the last round: optimal
    s.round = mc.ROUNDS - 1
    s.totals = [40, 60]
    assert w.need_for(s) == sv.points(sv.need_dice(21))  # 21 points = six dice
    s.totals = [70, 60]
    assert w.need_for(s) == 0  # already ahead
    s.totals = [0, 60]
    assert w.need_for(s) == 0  # 61 is out of reach in one turn


def test_strategies_registered(capsys):
    assert make_strategy("optimal").name == "optimal"
    assert make_strategy("win").name == "win"
    with pytest.raises(ValueError):
        make_strategy("optimal-3")
    code, out, _ = run(capsys, "masters", "simulate", "--players", "2", "--games", "30",
                       "--seed", "3", "--strategies", "optimal,win", "--json")
    result = json.loads(out)
    assert code == 0 and [s["strategy"] for s in result["seats"]] == ["optimal", "win"]
    assert sum(s["wins"] for s in result["seats"]) == pytest.approx(30)
