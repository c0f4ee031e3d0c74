"""The review of a Masters game (host/geekout_tools/masters/review.py, docs/masters.md):
per turn, points scored = V* + sum of luck - sum of points lost, on games of every kind
of player written as the gadget writes its journal; the review's values are the
solver's (M9); turns worked by hand; table dice counted, not reviewed; a damaged
journal reviewed as far as it reads."""

import itertools
from math import factorial

import pytest
from geekout import journal as jn
from geekout.masters import consts as mc
from geekout.masters import rules as m
from geekout_tools.logs import reader
from geekout_tools.masters import review as rv
from geekout_tools.masters import review_games as rg
from geekout_tools.masters import solver as sv
from hypothesis import given, settings
from hypothesis import strategies as st
from mpy_harness import ROOT

F42, HEART, MEEPLE, SHIP, HERO, DRAGON = range(6)
H, CONT, PASS = mc.HEART_ACT, mc.CONTINUE, mc.PASS
JOURNALS = ROOT / "tests" / "data" / "journals"
VSTAR = 19.056559944982  # docs/masters-strategy.md (M9)


@pytest.fixture(scope="module")
def points():
    return rv.points_valuer()


def reviewed(data, points):
    """The review of a journal's bytes (.goj), as the command reads it."""
    log = reader.parse(data)
    mode = {mc.VIRTUAL: "virtual", mc.TABLE: "table", mc.AUTO: "auto"}[log.config[0]]
    return rv.review(log.config[1], log.actions, points, mode), log


def check_identity(game, tol=1e-9):
    """Every finished reviewed turn: score = V* + luck - points lost; each seat's sums too."""
    n = 0
    for t in game["turns"]:
        if not (t["reviewed"] and t["finished"]):
            continue
        assert abs(t["start_value"] + t["luck"] - t["points_lost"] - t["score"]) < tol, t["turn"]
        assert all(d["points_lost"] >= 0 for d in t["decisions"])
        n += 1
    for p in game["players"]:
        if p["reviewed"] == p["turns"]:
            assert abs(p["turns"] * game["start_value"] + p["luck"] - p["points_lost"]
                       - p["score"]) < tol * max(1, p["turns"])
    return n


# -- worked by hand ----------------------------------------------------------------------
# Red: 6 42s and a HEART; the HEART brings a die back: a 42 (7 scored, 2 inactive, 1 used).
# Three times CONTINUE with the one used die: a HEART that brings back a 42 (8, then 9
# scored), then a 42 (10 scored: the pass is forced, 55 points, M6, M7).
RED = [0, 0, 0, 0, 0, 0, 1, H, 0, CONT, 1, H, 0, CONT, 1, H, 0, CONT, 0]
# Green: 3 42s and 4 HEARTs; three HEARTs bring back a HEART each (M3d), the other four
# find inactive empty: 3 scored, 7 used, none inactive. Green passes: 6 points.
GREEN = [0, 0, 0, 1, 1, 1, 1, H, 1, H, 1, H, 1, H, H, H, H, PASS]
HAND = bytes([0] + RED + GREEN)  # red draws the first seat (M8)


def test_the_start_of_a_turn_is_vstar(points):
    assert abs(points.start() - VSTAR) < 1e-9


def test_continues_worked_by_hand_from_the_dice_faces(points):
    """With one die to roll and nothing inactive, each face is 1/6 (M1): a 42 scores, a
    lone SPACESHIP or a DRAGON busts (M3e, M4), a lone MEEPLE or SUPERHERO does nothing
    (M3e), a HEART with inactive empty does nothing (M3d), so the die is back in used.
    At 9 scored (45 points) and 1 used, passing is right (docs/masters-strategy.md: P), so
    a die back in used is worth 45: CONTINUE = 55/6 + 3/6 * 45 = 95/3, and it loses
    45 - 95/3 = 40/3 points. The same at 8 scored, 1 used, 1 inactive (the HEART brings
    the last inactive die back: then a 42 scores 9, 45 points, anything else leaves 2
    used at 8 scored, worth its pass, 36, or busts): CONTINUE = (45 + 25.5 + 36 + 36)/6
    = 95/4, losing 36 - 95/4 = 49/4; at 7 scored, 1 used, 2 inactive: CONTINUE = 166/9,
    losing 28 - 166/9 = 86/9."""
    game = rv.review(2, HAND, points)
    red, green = game["turns"]
    assert (red["seat"], red["score"], red["result"]) == (1, 55, "forced pass")
    lost = [d["points_lost"] for d in red["decisions"]]
    assert [d["chosen"] for d in red["decisions"]] == ["CONTINUE"] * 3
    assert [d["best"] for d in red["decisions"]] == ["PASS"] * 3
    assert [d["position"]["scored"] for d in red["decisions"]] == [7, 8, 9]
    for got, want in zip(lost, (86 / 9, 49 / 4, 40 / 3)):
        assert abs(got - want) < 1e-12
    # the rolls: the last CONTINUE (worth 95/3) rolls a 42: 55, luck 70/3; the HEART's die
    # at 8 scored (worth 25.5 before it lands) is a 42: 45, luck 19.5
    assert abs(red["rolls"][-1]["before"] - 95 / 3) < 1e-12
    assert abs(red["rolls"][-1]["luck"] - 70 / 3) < 1e-12
    assert abs(red["rolls"][-2]["before"] - 25.5) < 1e-12
    assert abs(red["rolls"][-2]["luck"] - 19.5) < 1e-12
    assert abs(red["luck"] - (55 - VSTAR + 86 / 9 + 49 / 4 + 40 / 3)) < 1e-9
    assert len(red["decisions"]) == 3  # a lone HEART to resolve is no choice


def test_a_pass_with_seven_dice_to_roll_loses_the_documented_amount(points):
    """Green passes with 3 scored (6 points), 7 used, none inactive: the "when to
    continue" table of docs/masters-strategy.md gives CONTINUE 21.3 there, so the pass
    loses 21.3 - 6 = 15.3 points (to the table's 0.1)."""
    game = rv.review(2, HAND, points)
    green = game["turns"][1]
    (d,) = green["decisions"]
    assert d["position"] == {"active": [0] * 6, "inactive": 0, "used": 7, "scored": 3}
    assert (d["chosen"], d["best"]) == ("PASS", "CONTINUE")
    assert 15.25 <= d["points_lost"] <= 15.35
    assert abs(d["points_lost"] - (sv.solve().decide(0, 7, 3)[1] - 6)) < 1e-12
    assert green["score"] == 6
    assert check_identity(game) == 2


def test_the_mean_of_a_roll_is_the_value_before_it(points):
    """Luck averages to nothing: over the 6^7 ways the turn's first 7 dice land (M2), the
    mean of V(after the roll) is V* (M9)."""
    total = 0.0
    for counts in itertools.product(range(8), repeat=5):
        if sum(counts) > 7:
            continue
        active = list(counts) + [7 - sum(counts)]
        ways = factorial(7)
        for c in active:
            ways //= factorial(c)
        pos = m.position(active, 3, 0, 0)
        if pos.turns:
            after = points.ended(pos.last[8], pos.turns[-1][2] == mc.ENDED_BUST)
        else:
            a, i, u, s = rv.position(pos)
            after = points.steps(list(a), i, u, s)[0][1]
        total += ways * after
    assert abs(total / 6 ** 7 - points.start()) < 1e-12


# -- the identity on games of every kind of player ----------------------------------------
PLAYERS = ["random", "pass", "reach-2", "reach-4", "reach-6", "optimal", "hint"]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2 ** 31), seats=st.integers(1, 4),
       names=st.lists(st.sampled_from(PLAYERS), min_size=1, max_size=4))
def test_identity_on_random_games(points, seed, seats, names):
    names = (names * seats)[:seats]
    actions = rg.play(seats, names, seed)
    game, log = reviewed(rg.journal(actions, seats), points)
    assert log.actions == actions and log.damage is None
    assert game["finished"] and game["refused"] is None
    assert check_identity(game) == 5 * seats
    for p, name in zip(game["players"], names):
        if name in ("optimal", "hint"):
            assert p["points_lost"] < 0.01 * p["turns"]


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2 ** 31), seats=st.integers(1, 4),
       names=st.lists(st.sampled_from(PLAYERS + ["odds", "win"]), min_size=1, max_size=4))
def test_identity_on_many_random_games(points, seed, seats, names):
    names = (names * seats)[:seats]
    game, _log = reviewed(rg.journal(rg.play(seats, names, seed), seats), points)
    assert check_identity(game) == 5 * seats


@pytest.mark.parametrize("seed", range(4))
def test_optimal_players_lose_nothing(points, seed):
    """Optimal play (M9) loses 0 points on every decision: the step taken is the best."""
    game, _ = reviewed(rg.journal(rg.play(3, ["optimal"], seed), 3), points)
    decisions = [d for t in game["turns"] for d in t["decisions"]]
    assert len(decisions) > 30
    assert all(d["points_lost"] == 0 and d["best"] == d["chosen"] for d in decisions)
    assert all(p["points_lost"] == 0 and p["blunders"] == 0 for p in game["players"])
    assert check_identity(game) == 15


def test_random_players_lose_points_and_blunder(points):
    game, _ = reviewed(rg.journal(rg.play(2, ["random"], 3), 2), points)
    assert all(p["points_lost"] > 10 and p["blunders"] > 0 for p in game["players"])
    for p in game["players"]:
        costs = [d["points_lost"] for d in p["costliest"]]
        assert len(costs) == 5 and costs == sorted(costs, reverse=True)
        mine = [d["points_lost"] for t in game["turns"] if t["seat"] == p["seat"]
                for d in t["decisions"]]
        assert costs[0] == max(mine)
        assert p["blunders"] == sum(1 for c in mine if c > 1)


def test_the_values_are_the_solvers(points):
    """At every decision V(position) and the step's value are solver.py's; every roll
    goes from the value of the step that rolled it (V* at a turn's start) to the value of
    where it landed: the next decision's, or the turn's end (M5, M7)."""
    sol = sv.solve()
    game, _ = reviewed(rg.journal(rg.play(2, ["random", "reach-4"], 11), 2), points)
    for t in game["turns"]:
        events = sorted(t["decisions"] + t["rolls"], key=lambda e: e["step"])
        value = t["start_value"]
        for e in events:
            if "dice" in e:  # a roll
                assert e["before"] == value
                pos = e["position"]
                if pos is None:  # the roll ended the turn
                    want = float(t["score"])
                else:
                    want = sol.value(pos["active"], pos["inactive"], pos["used"], pos["scored"])
                assert abs(e["after"] - want) < 1e-12
                value = e["after"]
            else:
                pos = e["position"]
                args = (pos["active"], pos["inactive"], pos["used"], pos["scored"])
                assert abs(e["value"] - sol.value(*args)) < 1e-12
                if sum(pos["active"]):
                    step = dict(sol.action_values(*args))[e["chosen_id"]]
                else:
                    step = dict(zip((PASS, CONT), sol.decide(*args[1:])))[e["chosen_id"]]
                assert e["chosen_value"] == step
                value = step
        if t["finished"]:
            assert abs(value - t["score"]) < 1e-9


# -- the gadget's journals: every mode ---------------------------------------------------
@pytest.mark.parametrize("name", sorted(p.name for p in JOURNALS.glob("masters-*.goj")))
def test_the_gadgets_journals(points, name):
    """The journals of tests/data/journals (played on the gadget by key presses, undos
    among them): every virtual and auto turn reviewed and adding up; table dice counted."""
    game, log = reviewed((JOURNALS / name).read_bytes(), points)
    assert game["refused"] is None
    assert [p["score"] for p in game["players"]] == game["totals"]
    if "table" in name:
        assert all(not t["reviewed"] and t["luck"] is None and t["points_lost"] is None
                   for t in game["turns"])
        assert all(p["reviewed"] == 0 and p["points_lost_per_turn"] is None
                   for p in game["players"])
        assert len(game["turns"]) == len(m.replay_table(log.config[1], log.actions).turns)
        return
    assert check_identity(game) == sum(1 for t in game["turns"] if t["finished"])
    for t in game["turns"]:
        for d in t["decisions"]:
            gadget = d["by"] == "gadget"
            assert gadget == ("auto" in name and (sum(d["position"]["active"]) > 0
                                                  or d["position"]["scored"] == 0))
    if "auto" in name:  # the gadget resolves every roll: most decisions are its own
        assert all(p["gadget_decisions"] > p["decisions"] // 2 for p in game["players"])


def test_a_table_dice_game_with_the_hint_is_counted_not_reviewed(points):
    """Table dice journal only what each turn scored (0-10 or BUST, consts.py); the
    positions the hint followed are not saved (docs/gadget.md, Hint), so nothing of the
    turn is there to review: its score counts, its luck and points lost are None."""
    actions = bytes([1, 6, mc.BUST, 7, 0, 10])
    game = rv.review(2, actions, points, mode="table")
    assert [t["score"] for t in game["turns"]] == [21, 0, 28, 0, 55]
    assert [t["seat"] for t in game["turns"]] == [2, 1, 2, 1, 2]
    assert not any(t["reviewed"] for t in game["turns"])
    assert [p["turns"] for p in game["players"]] == [2, 3]
    assert [p["reviewed"] for p in game["players"]] == [0, 0]
    assert [p["score"] for p in game["players"]] == [0, 104]


# -- damage --------------------------------------------------------------------------------
def record_starts(data):
    pos, starts = 4, []
    while pos < len(data):
        starts.append(pos)
        pos += data[pos] + 4
    return starts


@pytest.mark.parametrize("how", ["cut", "flipped"])
def test_a_damaged_journal_is_reviewed_as_far_as_it_reads(points, how):
    """A record cut short or failing its check: the records before it are the game
    (journal.parse), reviewed as they are, and the damage is said."""
    actions = rg.play(2, ["random"], 21)
    data = rg.journal(actions, 2)
    at = record_starts(data)[len(record_starts(data)) // 2]
    bad = data[:at + 3] if how == "cut" else data[:at + 2] + bytes((data[at + 2] ^ 0x20,)) + data[at + 3:]
    game, log = reviewed(bad, points)
    assert log.damage is not None and log.good == at
    whole, _ = reviewed(data, points)
    done = [t for t in game["turns"] if t["finished"]]
    assert 0 < len(done) < len(whole["turns"])
    assert done == whole["turns"][:len(done)]
    assert not game["finished"]
    check_identity(game)


def test_a_refused_entry_stops_the_review_there(points):
    """A part lost from the middle leaves sound records that the rules refuse: the
    review stops at the first refused entry and says which (as `logs replay`)."""
    actions = bytearray(rg.play(2, ["reach-4"], 5))
    cut = len(actions) // 2
    while actions[cut] < mc.PASS:  # a decision byte
        cut += 1
    actions[cut] = mc.PASS if actions[cut] != mc.PASS else mc.HEART_ACT + 6  # not legal here
    state = m.new_initial_state(2)
    for b in actions[:cut]:
        state.apply_action(b)
    if actions[cut] in state.legal_actions():  # pragma: no cover - the seed's position
        pytest.skip("the changed byte is legal there")
    game = rv.review(2, bytes(actions), points)
    assert game["refused"].startswith("entry {}: M".format(cut))
    finished = [t for t in game["turns"] if t["finished"]]
    assert len(finished) == len(state.turns)
    assert check_identity(game) == len(finished)


def test_journals_split_in_parts_read_back_whole(points):
    """The writer cuts one record a press into parts of SEGMENT_BYTES, as the gadget."""
    actions = rg.play(4, ["reach-6"], 2)
    store = rg.MemoryStorage()
    rg.save(store, actions, 4)
    assert len(jn.present_parts(store, "game.goj")) > 3
    game, log = reviewed(jn.read_parts(store, "game.goj"), points)
    assert log.actions == actions and check_identity(game) == 20
