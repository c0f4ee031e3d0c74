"""The solved two-player game (docs/masters-win.md, host/geekout_tools/masters/winsolve.py).

- the last turn of the game is the one-turn problem with terminal value 1 / 1/2 / 0 for
  ending ahead / level / behind (M8), solved independently by solver.py (and by its
  `need` problems where a tie cannot happen);
- a fresh vectorised solve of earlier turns agrees lead by lead with solver.py's scalar
  policy iteration given the same terminal values;
- values lie in [0, 1], are monotone in the lead, and P(shared win) fits them;
- hand-worked last-round decisions; the gadget's compact table against the solver;
- the gadget's file win.bin (win_table.py): every byte is what the solver gives, and
  every stored pass/continue departure, read back by the device reader, is the solver's
  at every (turn, pass/continue point, reachable lead).

The solved game comes from winsolve.game(): solved once (about 2-4 minutes on 2 cores),
then read from the disk cache in this and later sessions (docs/masters-win.md).
"""

import numpy as np
import pytest
from geekout.masters import consts as mc
from geekout.masters import winchance as wc
from geekout_tools.masters import solver as sv
from geekout_tools.masters import win_table as wt
from geekout_tools.masters import winsolve as ws

pytestmark = pytest.mark.slow

P = np.array([sv.points(s) for s in range(sv.DICE + 1)])


@pytest.fixture(scope="module", autouse=True)
def game(win_game):
    """The solved game, before any test of the module asks winsolve for it: solved once
    per run, whatever the number of workers (tests/conftest.py)."""
    return win_game


def end_value(lead):
    """M8 after the last turn, for the player who just played."""
    return 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0


def single_turn(g, bust):
    """solver.py's own policy iteration with pass values g[s] and bust value `bust`: the
    pass reward shifted by the bust value (every turn ends in exactly one of the two)."""
    return sv.Solution(sv.model(), np.asarray(g, dtype=float) - bust, 0).solve().start_value() + bust


def test_every_turn_result_is_reachable():
    """A pass with each of 0-10 scored dice (M7) can happen: the tables' reachable leads
    use all eleven point values. Search of the turn graph from its start (M2: 7 rolled,
    3 inactive)."""
    mdl = sv.model()
    X = mdl.X
    layer0 = {}
    for j in np.nonzero(X[:, sv.COL_U] == 0)[0]:  # where a roll lands: (inactive, rolled, scored)
        key = (int(X[j, sv.COL_I]), int(X[j, :6].sum()), int(X[j, sv.COL_S]))
        layer0.setdefault(key, []).append(int(j))
    seen = np.zeros(mdl.n + 2, dtype=bool)
    todo = list(layer0[(mc.START_INACTIVE, mc.START_ACTIVE, 0)])
    passes, decides = set(), set()
    while todo:
        j = todo.pop()
        if seen[j] or j >= mdl.n:
            continue
        seen[j] = True
        if mdl.has_action[j]:
            succ = np.concatenate([mdl.cs[j].ravel(), mdl.ds[j]])
            todo.extend(int(k) for k in succ if k < mdl.n and not seen[k])
            continue
        A, inact, used, scored = X[j, :6], int(X[j, sv.COL_I]), int(X[j, sv.COL_U]), int(X[j, sv.COL_S])
        if A[mc.DRAGON]:  # M4 bust
            continue
        s2 = scored + int(A[mc.F42])
        passes.add(s2)  # a forced pass (M6) or a pass/continue point
        if used and (inact, used, s2) not in decides:
            decides.add((inact, used, s2))
            todo.extend(layer0.get((inact, used, s2), []))
    assert passes == set(range(sv.DICE + 1))
    assert sorted({sv.points(s) for s in passes}) == ws.turn_points()


def test_reachable_leads_by_hand():
    # round 1, second player: the first scored one of 0,1,3,...,55 (M7)
    assert list(ws.reachable_leads(1)) == sorted(-p for p in ws.turn_points())
    # round 2, first player: a difference of two turn results; 2 = 3 - 1, 53 is none
    lead = set(ws.reachable_leads(2).tolist())
    assert 2 in lead and 53 not in lead and -53 not in lead and 55 in lead
    assert ws.lead_hull(9) == (-275, 220) and ws.solved_leads(9) == (-55, 0)


def test_last_turn_is_the_single_turn_solve(game):
    """Turn 10 (round 5, second seat): value = the one-turn problem with 1 / 1/2 / 0 for
    ending ahead / level / behind. Where the deficit is not an M7 value no tie can
    happen, and the value is solver.py's `need` problem (at least -lead + 1 points)."""
    t = ws.TURNS - 1
    triangular = set(ws.turn_points())
    for lead in range(-55, 1):
        if -lead not in triangular:
            assert game.at(t, lead) == pytest.approx(sv.solve(need=-lead + 1).start_value(),
                                                     abs=1e-12)
            assert game.tie[t, lead + ws.MAX_LEAD] == pytest.approx(0.0, abs=1e-15)
    for lead in (-55, -45, -36, -28, -21, -10, -6, -1, 0):  # a tie is possible here
        g = [end_value(lead + p) for p in P]
        assert game.at(t, lead) == pytest.approx(single_turn(g, end_value(lead)), abs=1e-12)
    # decided before the turn: ahead wins whatever happens, 56 behind cannot catch up
    assert game.at(t, 1) == game.at(t, 220) == 1.0
    assert game.at(t, -56) == game.at(t, -275) == 0.0


def test_fresh_vectorised_turns_match_scalar_solves(game):
    """A fresh solve of leads of turns 5 and 8 (vectorised, all leads at once) against
    solver.py solving each lead alone with the same terminal values."""
    for t, leads in ((4, [-80, -3, 0, 47]), (7, [-110, -20, 55])):
        leads = np.array(leads)
        G, B = ws._terminal_arrays(t, game, leads)
        res = ws.solve_turn(G, B)
        assert res.bound < 1e-11
        for j, d in enumerate(leads):
            want = single_turn(G[:, j, 0], B[j, 0])
            assert res.start[j] == pytest.approx(want, abs=1e-12)
            assert game.at(t, int(d)) == pytest.approx(want, abs=1e-12)


def test_values_are_probabilities_monotone_in_the_lead(game):
    for t in range(ws.TURNS):
        lo, hi = ws.lead_hull(t)
        v = game.value[t, lo + ws.MAX_LEAD:hi + ws.MAX_LEAD + 1]
        z = game.tie[t, lo + ws.MAX_LEAD:hi + ws.MAX_LEAD + 1]
        assert not np.isnan(v).any() and not np.isnan(z).any()
        assert v.min() >= -1e-12 and v.max() <= 1 + 1e-12
        assert np.all(np.diff(v) >= -1e-12), "turn {} not monotone".format(t)
        # v = P(win) + z / 2 and 1 - v = P(lose) + z / 2 (M8), so z <= 2 min(v, 1 - v)
        assert np.all(z >= -1e-12) and np.all(z <= 2 * np.minimum(v, 1 - v) + 1e-12)
        # strictly inside (0, 1) exactly on the leads the turn solves
        slo, shi = ws.solved_leads(t)
        inside = np.arange(lo, hi + 1)
        decided = (inside < slo) | (inside > shi)
        assert set(v[decided].tolist()) <= {0.0, 1.0}
    assert 0 < game.first_player < 1 and 0 < game.shared < 1
    assert game.error_bound() < 1e-9


def test_backward_induction_links_the_turns(game):
    """T_t(d) at the start of turn t is the start value of that turn solved with
    terminal values 1 - T_{t+1}(-(d + points)) (re-solved here for one lead)."""
    for t, d in ((0, 0), (3, -40), (6, 12)):
        sol = ws.turn_solution(t, d, game)
        assert sol.start == pytest.approx(game.at(t, d), abs=1e-12)
        k = ws.MAX_LEAD - (d + P)
        assert np.allclose(sol.g, 1 - game.value[t + 1, k], atol=0)
        assert sol.V[sv.model().BUST] == 1 - game.value[t + 1, ws.MAX_LEAD - d]


def test_last_round_pass_or_continue_by_hand(game):
    """Round 5, second player, 21 points banked (6 scored, M7) with 3 used and 1 inactive:
    points-optimal play passes (20.2 expected by continuing, M9). 12 behind, the pass
    wins outright (M8); 22 behind, the pass loses for sure, so continuing is right;
    exactly 21 behind the pass shares the win (worth 1/2)."""
    t = ws.TURNS - 1
    pts = sv.solve()
    assert not pts.cont[1, 3, 6]
    for lead, cont in ((-12, False), (-22, True), (-21, None)):
        deps = game.departures(t, lead)
        sol = ws.turn_solution(t, lead, game)
        assert sol.g[6] == end_value(lead + 21)
        if cont is None:  # not by hand: the stored choice is the better of 1/2 and C
            cont = bool(sol.C[1, 3, 6] > 0.5)
        assert deps[1][1][3][6] is cont
        assert bool(sol.C[1, 3, 6] > sol.g[6]) is cont
    # the first player of round 5, 40 ahead: the rest of the game is one turn of the
    # other (M8), who needs 41 or more (or 40 to tie)
    assert game.at(8 + 1, -40) == pytest.approx(sv.solve(need=41).start_value(), abs=1e-12)


def test_gadget_table_matches_the_solver(game):
    data = ws.gadget_table(game)
    assert data[:4] == ws.GADGET_MAGIC and data[4] == ws.GADGET_VERSION and data[5] == 10
    lead_min = int.from_bytes(data[6:8], "little", signed=True)
    width = int.from_bytes(data[8:10], "little")
    assert len(data) == ws.GADGET_HEADER + 10 * width
    assert len(data) < 4096  # a few KB of flash
    for t in range(ws.TURNS):
        k, seat = divmod(t, 2)
        for lead in ws.reachable_leads(t):
            byte = ws.gadget_value(data, k + 1, seat, int(lead))
            assert abs(byte / 255 - game.at(t, int(lead))) <= 0.5 / 255 + 1e-12
    assert lead_min <= 0 < lead_min + width
    with pytest.raises(ValueError):
        ws.gadget_value(b"XXXX" + data[4:], 1, 0, 0)


def test_cache_of_another_version_or_broken_is_not_read(game, tmp_path):
    good = tmp_path / "good.npz"
    ws._write_cache(good, game)
    back = ws.read_cache(good)
    assert back is not None and back.first_player == game.first_player
    assert np.array_equal(back.cont[5], game.cont[5])
    assert back.departures(5, -20)[0] == game.departures(5, -20)[0]
    old = tmp_path / "old.npz"  # written by another version of the solver
    with open(old, "wb") as f:
        np.savez_compressed(f, key=np.array("0123456789abcdef"), **game.arrays())
    assert ws.read_cache(old) is None
    broken = tmp_path / "broken.npz"
    broken.write_bytes(good.read_bytes()[:1000])
    assert ws.read_cache(broken) is None
    assert ws.read_cache(tmp_path / "missing.npz") is None


# -- the gadget's file, win.bin (win_table.py, read by geekout/masters/winchance.py) --------
def test_win_file_is_what_the_solver_gives(game):
    data = wt.TABLE.read_bytes()
    assert data == wt.table_bytes(game)
    assert data.startswith(ws.gadget_table(game))  # the turn-start table, then the block
    assert wt.main(["--check"]) == 0


def test_win_file_check_fails_on_a_stale_file(game, tmp_path):
    stale = tmp_path / "win.bin"
    data = bytearray(wt.table_bytes(game))
    data[-3] ^= 1
    stale.write_bytes(bytes(data))
    assert wt.main(["--check", "--out", str(stale)]) == 1
    assert wt.main(["--check", "--out", str(tmp_path / "missing.bin")]) == 1


def test_win_file_departures_are_exact(game):
    """The device reader on the file against winsolve's departures(): the win-optimal
    and the points-optimal choice at each of the 55 pass/continue points, for every
    reachable lead of every turn (2,391 turn starts x 55), and the turn-start bytes."""
    win = wc.find_win(wt.MemoryData(wt.TABLE.read_bytes()))
    assert win is not None
    bad, n = wt.check_departures(win, game)
    assert bad == [] and n == 2391 * 55
    assert wt.check_values(win, game) == []


def test_win_file_bits_by_hand(game):
    """The points-optimal bits are solver.py's (M9: continue below 7 scored with every
    die used, pass at 7); the tie bits of the last turn are the solver's better of 1/2
    and continuing."""
    raw = wt.TABLE.read_bytes()
    win = wc.find_win(wt.MemoryData(raw))
    pts = sv.solve().cont
    for (i, u, s) in wt.decide_points():
        k = wc.decide_rank(i, u)
        bit = (win.head[wc.POINTS_BITS + (k >> 3)] >> (k & 7)) & 1
        assert bit == pts[i, u, s]
        tie = (win.head[wc.TIE_BITS + (k >> 3)] >> (k & 7)) & 1
        assert bool(tie) == game.departures(ws.TURNS - 1, -sv.points(s))[1][i][u][s]
    assert pts[0, 4, 6] and not pts[0, 3, 7]


def test_last_turn_rule_at_every_lead(game):
    """The second player's last turn (M8) needs no intervals: at every lead -55..0 (the
    lead a pass leaves: lead + points(S), M7) passing is win-optimal when it takes the
    lead and continuing when it loses; outside -55..0 the game is decided before the
    turn and the solver plays for points. Checked at every integer lead, reachable or
    not, and every pass/continue point."""
    t = ws.TURNS - 1
    for lead in range(-60, 6):
        deps = game.departures(t, lead)
        if lead > 0 or lead < -55:
            assert deps is None
            continue
        for i, u, s in wt.decide_points():
            after = lead + sv.points(s)
            if after:
                assert deps[1][i][u][s] is (after < 0), (lead, i, u, s)


def test_intervals_by_hand():
    """Leads a turn cannot have are free: round 2, first player, 53 is no difference of
    two M7 values, so 52 and 54 make one interval; an interval is at most 256 leads."""
    reach = set(ws.reachable_leads(2).tolist())
    assert 52 in reach and 54 in reach and 53 not in reach and 51 not in reach
    assert wt.intervals(2, [52, 54]) == [(52, 54)]
    assert wt.intervals(2, [1, 3]) == [(1, 1), (3, 3)]  # 2 = 3 - 1 can happen: two
    every = [d for d in ws.reachable_leads(5).tolist() if -165 <= d <= 110]
    assert wt.intervals(5, every) == [(-165, 90), (91, 110)]
