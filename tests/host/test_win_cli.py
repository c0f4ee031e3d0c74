"""`geekout masters solve --win`, `advise --win` and the `win2` strategy
(docs/masters-win.md; contracts in docs/design.md). The solved game is winsolve.game():
solved once, then cached."""

import csv
import json
import math
import random

import pytest
from geekout_tools.cli import main
from geekout_tools.masters import winsolve as ws
from geekout_tools.masters.simulate import play_game
from geekout_tools.masters.strategies import make_strategy

# The solved game takes minutes to solve cold (then comes from the disk cache): the
# command's tests are in the slow tier, with the solver's own cross-checks.
pytestmark = pytest.mark.slow

Z95 = 1.959963984540054


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module", autouse=True)
def game(win_game):
    """The solved game, before any test of the module asks winsolve for it: solved once
    per run, whatever the number of workers (tests/conftest.py)."""
    return win_game


def test_solve_win_json_contract(capsys, game):
    code, out, _ = run(capsys, "masters", "solve", "--win", "--json")
    assert code == 0
    r = json.loads(out)
    assert set(r) == {"players", "first_player", "shared", "states", "seconds"}
    assert r["players"] == 2
    assert r["first_player"] == game.first_player == game.at(0, 0)
    assert r["shared"] == game.shared
    # every reachable turn start (2,391) times the decision points of a turn (42,812)
    assert r["states"] == sum(len(ws.reachable_leads(t)) for t in range(10)) * 42812
    assert r["states"] == 102363492
    assert r["seconds"] > 0


def test_solve_win_table_csv(capsys, tmp_path, game):
    path = tmp_path / "win.csv"
    code, out, err = run(capsys, "masters", "solve", "--win", "--table", str(path))
    assert code == 0, err
    assert "first player's value" in out
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["round", "seat", "lead", "value"]
    body = rows[1:]
    assert len(body) == sum(len(ws.reachable_leads(t)) for t in range(10))
    assert body[0] == ["1", "first", "0", repr(game.first_player)]
    seen = {}
    for rnd, seat, lead, value in body:
        seen.setdefault((int(rnd), seat), []).append((int(lead), float(value)))
    assert sorted(seen) == [(r, s) for r in range(1, 6) for s in ("first", "second")]
    for (rnd, seat), vals in seen.items():
        t = ws.turn_index(rnd, ("first", "second").index(seat))
        assert [d for d, _ in vals] == ws.reachable_leads(t).tolist()
        assert all(float(v) == game.at(t, d) for d, v in vals)
        assert all(a[1] <= b[1] for a, b in zip(vals, vals[1:]))  # monotone in the lead
    # round 1, second player: 55 behind (the first scored 55) or level
    assert seen[(1, "second")][0][0] == -55 and seen[(1, "second")][-1] == (0, game.at(1, 0))


@pytest.mark.parametrize("argv", [
    ["--table", "x.csv"],  # --table without --win
    ["--no-cache"],
    ["--win", "--need", "21"],
    ["--win", "--details"],
    ["--win", "--table", "/no/such/folder/win.csv"],
    ["--win", "--table", "."],
])
def test_solve_win_bad_arguments(capsys, tmp_path, argv):
    code, out, err = run(capsys, "masters", "solve", *argv, "--json")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x.csv").exists()


def advise_json(capsys, *argv):
    code, out, err = run(capsys, "masters", "advise", "--win", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_advise_win_pass_or_continue(capsys, game):
    """Round 5, second player, 6 scored (21 points), 3 used, 1 inactive: points-optimal
    play passes (M9). 22 behind the pass loses (M8): continue; 12 behind it wins."""
    pos = ["--inactive", "1", "--used", "3", "--scored", "6", "--round", "5", "--seat", "second"]
    r = advise_json(capsys, *pos, "--lead", "-22")
    assert set(r) == {"value", "advice"}
    assert [a["action"] for a in r["advice"]] == ["CONTINUE", "PASS"]
    assert r["advice"][1]["value"] == 0.0 and r["value"] == r["advice"][0]["value"] > 0
    r = advise_json(capsys, *pos, "--lead", "-12")
    assert [a["action"] for a in r["advice"]] == ["PASS", "CONTINUE"] and r["value"] == 1.0
    code, out, _ = run(capsys, "masters", "advise", "--win", *pos, "--lead", "-22")
    assert code == 0
    assert out.startswith("CONTINUE: ") and "points-optimal play would PASS (0.0% to win)" in out


def test_advise_win_resolution_values(capsys, game):
    """Every alternative valued, best first; a SPACESHIP that leaves the DRAGON busts
    (M4, M5): its value is that of a bust, the lead unchanged."""
    r = advise_json(capsys, "--active", "spaceship,dragon,42", "--used", "3", "--scored", "4",
                    "--round", "3", "--seat", "first", "--lead", "30")
    assert [a["action"] for a in r["advice"]] == ["SPACESHIP removes the DRAGON",
                                                  "SPACESHIP removes the 42"]
    bust = 1 - game.at(5, -30)  # the second player moves next, 30 behind
    assert r["advice"][1]["value"] == pytest.approx(bust, abs=1e-12)
    assert r["value"] == r["advice"][0]["value"] > bust
    # at the start of the game, as in the table
    sol = ws.turn_solution(0, 0, game)
    assert sol.start_value() == pytest.approx(game.first_player, abs=1e-12)


@pytest.mark.parametrize("argv,word", [
    (["--win", "--round", "1", "--seat", "first"], "--lead"),
    (["--win", "--round", "6", "--seat", "first", "--lead", "0"], "--round"),
    (["--win", "--round", "1", "--seat", "third", "--lead", "0"], "--seat"),
    (["--win", "--round", "1", "--seat", "first", "--lead", "3"], "--lead"),  # must be 0
    (["--win", "--round", "5", "--seat", "second", "--lead", "221"], "--lead"),
    (["--win", "--round", "2", "--seat", "first", "--lead", "x"], "--lead"),
    (["--round", "2", "--seat", "first", "--lead", "0"], "--win"),
    (["--win", "--need", "5", "--round", "2", "--seat", "first", "--lead", "0"], "--need"),
    (["--win", "--round", "2", "--seat", "first", "--lead", "0", "--used", "4"], "10"),
])
def test_advise_win_bad_arguments(capsys, argv, word):
    code, out, err = run(capsys, "masters", "advise", *argv, "--json")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and word in err


def test_win2_is_for_two_players_only(capsys):
    code, out, err = run(capsys, "masters", "simulate", "--players", "3", "--strategies",
                         "win2", "--games", "1")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "2-player" in err
    code, out, _ = run(capsys, "masters", "simulate", "--players", "2", "--strategies",
                       "win2,optimal", "--games", "5", "--json")
    r = json.loads(out)
    assert code == 0 and [s["strategy"] for s in r["seats"]] == ["win2", "optimal"]


def shares(games, seed, specs, of):
    """Seeded games; the share (1, 1/2 for a shared win, 0) per game of seat `of(state)`."""
    strategies = [make_strategy(s) for s in specs]
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = play_game(2, strategies, rng)
        winners = state.winners()
        out.append(1.0 / len(winners) if of(state) in winners else 0.0)
    return out


def interval(xs):
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def test_win2_self_play_matches_first_player(game):
    """win2 against itself: the first seat's share over 1,500 seeded games holds the
    solved first_player within its 95% interval (half-width about 0.025)."""
    mean, lo, hi = interval(shares(1500, 18, ["win2", "win2"], lambda s: s.first))
    assert lo <= game.first_player <= hi, (mean, lo, hi)
    assert hi < 0.5  # and the second player's edge shows: 0.44 against 0.56


def test_win2_beats_optimal_head_to_head(game):
    """win2 against optimal (random first seat, M8) over 1,500 seeded games: its share's
    95% interval lies above one half (about 0.56 +- 0.025)."""
    mean, lo, hi = interval(shares(1500, 81, ["win2", "optimal"], lambda s: 0))
    assert lo > 0.5, (mean, lo, hi)
