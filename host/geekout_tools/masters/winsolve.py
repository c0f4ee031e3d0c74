"""The two-player game of Geek Out! Masters solved for the chance to win, on numpy
(docs/masters-win.md).

The model is Neller and Presser's Pig ("Optimal Play of the Dice Game Pig", The UMAP
Journal 25(1), 2004): a player's value is P(win) + 1/2 P(shared win) (M8: a tie shares
the victory), both players maximise their own value, so the game is zero-sum and the
value of the player to move is 1 - the opponent's value after the turn. Masters is
simpler than Pig in one way: the game has a fixed length (M8: 5 rounds, one turn each),
so no value iteration over the whole game is needed: backward induction over the ten
turns (round 1-5 x first/second seat) is exact.

A turn-start state is (turn t = 0..9, lead d = the mover's total minus the other's). Its
value T_t(d) is the value of one turn MDP, the existing solver's (solver.py: M1-M7,
43,758 states, levels by scored dice), with the points of a pass replaced by a terminal
value taken from the next turn's table:
  - pass with s scored dice: F_t(d + points(s)), a bust: F_t(d) (M5, M7);
  - F_t(L) = 1 - T_{t+1}(-L) (the opponent moves next with lead -L), and after the last
    turn F_9(L) = 1, 1/2, 0 for L > 0, = 0, < 0 (M8).
The pass reward differs per lead, so the policy does too: every lead of a turn is solved
at once, with arrays of shape (states, leads), level by level and by policy iteration as
in solver.py (exact evaluation of a fixed policy by a linear solve per lead, then greedy
improvement, until no lead's policy changes). The resolution actions are kept sparse
(only the legal ones: 256,135 of 42,757 x 23), so a greedy pass gathers about 16 rows
per state instead of 58.

Only the leads not decided before the turn starts are solved: the mover needs
at most 55 per turn to catch up (M7), so with m turns left to the mover (this one
included) and o to the opponent, T_t(d) = 1 for d > 55 o and 0 for d < -55 m. That
leaves 1,385 (turn, lead) pairs to solve of the 2,391 reachable ones, each a 43,758-state
MDP: 60.6 million states, 59.3 million of them decision points. (`states` in the JSON
counts every reachable turn-start state times the turn's 42,812 decision points:
102,363,492; the decided ones need no solve.)

The bound, computed and not assumed: each level's policy iteration leaves a Bellman
residual r per lead; rho (the largest chance, over every policy, that a CONTINUE comes
back to the same level: solver.py, the same for every reward) makes the level's Bellman
operator a rho-contraction, so its values are within r / (1 - rho) of exact, and the
levels' bounds add up. A turn's values are averages of its terminal values, so errors
of later turns pass through without growth: the bound of the game is the sum of the ten
turns' bounds plus float rounding (about 1e-13 in all; `WinGame.error_bound`).

The probability of a shared win under that play is evaluated alongside (one more reward
column: 1 for a final tie), with ties between equally good actions broken toward the
points-optimal action of solver.py (so win-optimal play departs from points-optimal
play only where that gains win value; `TIE` below), then toward the action kept from the
previous round, then the first in the rules core's order.

What is kept (`WinGame`): the turn-start tables T and the tie tables, and for every solved
(turn, lead) the states where the win-optimal action differs from the points-optimal one
(the `win2` strategy and the tournament read them). A position inside a turn is valued
by re-solving that one lead (`turn_solution`). The solved game is cached on disk
(`cache_path`): under $GEEKOUT_CACHE, or $XDG_CACHE_HOME/geekout, or ~/.cache/geekout,
named by a version key hashed from the solver's sources, so a changed solver never reads
an old cache.
"""

import ast
import hashlib
import os
import time
import zipfile
from pathlib import Path

import numpy as np
from geekout.masters import consts as mc

from . import solver as sv

ROUNDS = mc.ROUNDS
TURNS = 2 * ROUNDS  # t = 2 * (round - 1) + seat, seat 0 = first, 1 = second
MAX_TURN = sv.points(sv.DICE)  # 55 (M7)
MAX_LEAD = ROUNDS * MAX_TURN  # 275
SPAN = 2 * MAX_LEAD + 1  # table columns: lead -275..275
SEATS = ("first", "second")
# Two actions whose win values differ by at most this much are taken as equal (values are
# probabilities; one solve's rounding is about 1e-15).
TIE = 1e-12
BLOCK = 48  # leads solved together: memory grows with it (268 MB peak traced at 48)
FORMAT = 1  # the cache's layout; the version key also hashes the solver's sources


# -- the game's shape ------------------------------------------------------------------
def turn_index(round_no, seat):
    """round 1-5, seat 0 (first) or 1 (second) -> t = 0..9."""
    return 2 * (round_no - 1) + seat


def turns_left(t):
    """(m, o): turns left to the mover (this one included) and to the opponent after it."""
    k, seat = divmod(t, 2)
    return ROUNDS - k, ROUNDS - k - seat


def lead_hull(t):
    """(low, high): the leads the mover can have at the start of turn t."""
    k, seat = divmod(t, 2)
    return -MAX_TURN * (k + seat), MAX_TURN * k


def solved_leads(t):
    """(low, high): the leads of turn t not decided before it starts."""
    lo, hi = lead_hull(t)
    m, o = turns_left(t)
    return max(lo, -MAX_TURN * m), min(hi, MAX_TURN * o)


def turn_points():
    """The points one turn can end with: every M7 value of 0-10 scored dice, and a bust (0).
    All eleven occur (a search of the turn's states from its start reaches a pass with
    each; tests/rules/test_win_solve.py)."""
    return sorted({sv.points(s) for s in range(sv.DICE + 1)})


def _sums(k):
    """The set of totals k turns can add up to, as a bool array over 0..55k."""
    have = np.zeros(MAX_TURN * k + 1, dtype=bool)
    have[0] = True
    for _ in range(k):
        nxt = np.zeros_like(have)
        for p in turn_points():
            nxt[p:] |= have[: len(have) - p]
        have = nxt
    return have


def reachable_leads(t):
    """The leads the mover can really have at the start of turn t, ascending."""
    k, seat = divmod(t, 2)
    mine, theirs = np.nonzero(_sums(k))[0], np.nonzero(_sums(k + seat))[0]
    return np.unique(mine[:, None] - theirs[None, :])


# -- the turn, vectorised over leads ---------------------------------------------------
class _Group:
    """One `used` layer of a level: its settling rows and its resolution rows with their
    legal actions, local indices (state index - level start; the bust is the level's size)."""


class _Roll:
    """A level's CONTINUE rolls: the used = 0 states by inactive count and their chance."""

    def cont(self, V):
        """(N, ...) continue values from the level's values V (nloc + 1, ...)."""
        rolled = np.take(V, self.rows, axis=0)
        rolled *= self.prob.reshape((-1,) + (1,) * (V.ndim - 1))
        return np.add.reduceat(rolled, self.starts, axis=0)


class _Structure:
    """The solver's Model rearranged for many leads at once: per level, local indices and
    sparse legal actions; per resolution state, where its points-optimal action sits."""

    def __init__(self, mdl, pts):
        self.model = mdl
        self.levels = []
        for lv in mdl.levels:
            nloc = lv.hi - lv.lo
            groups = []
            for _u, arows, cs, ds, srows, sref in lv.groups:
                g = _Group()
                g.srows = srows - lv.lo
                g.sref = sref
                g.arows = arows - lv.lo
                g.garows = arows
                legal = np.concatenate([cs[:, :, 0] != mdl.ILLEGAL, ds != mdl.ILLEGAL], axis=1)
                row, slot = np.nonzero(legal)
                k = len(row)
                g.k = k
                counts = legal.sum(axis=1)
                g.counts = counts
                g.starts = np.cumsum(counts) - counts
                g.slot = slot
                chance = slot < sv.CHANCE_SLOTS
                g.chance = chance
                g.cidx = np.nonzero(chance)[0]
                g.didx = np.nonzero(~chance)[0]
                succ_c = cs[row[chance], slot[chance]].astype(np.int64)
                succ_d = ds[row[~chance], slot[~chance] - sv.CHANCE_SLOTS].astype(np.int64)
                succ_c = succ_c - lv.lo
                succ_d = np.where(succ_d == mdl.BUST, nloc, succ_d - lv.lo)
                for s in (succ_c, succ_d):  # a resolution keeps the scored count
                    assert len(s) == 0 or (s.min() >= 0 and s.max() <= nloc)
                g.succ_c, g.succ_d = succ_c, succ_d
                where = np.empty(k, dtype=np.int64)  # action position -> its chance / det row
                where[g.cidx] = np.arange(len(g.cidx))
                where[g.didx] = np.arange(len(g.didx))
                g.where = where
                posmat = np.full(legal.shape, -1, dtype=np.int64)
                posmat[row, slot] = np.arange(k)
                pref = posmat[np.arange(len(arows)), pts.slot[arows]] if len(arows) else row
                assert len(arows) == 0 or pref.min() >= 0
                g.pref = pref
                # the points-optimal action's successors, for evaluating a policy that
                # mostly keeps it: whole rows (every lead) at once
                pc = g.chance[pref] if len(arows) else np.zeros(0, dtype=bool)
                g.pref_c = np.nonzero(pc)[0]
                g.pref_d = np.nonzero(~pc)[0]
                g.pref_succ_c = succ_c[where[pref[g.pref_c]]]
                g.pref_succ_d = succ_d[where[pref[g.pref_d]]]
                groups.append(g)
            # CONTINUE from (I, N - I) (M6): lv.W's rows, each a sum over the level's
            # used = 0 states with I inactive; done as a segment sum (no BLAS call: its
            # threads wait for each other on a busy machine, 2x the time here)
            Iz = mdl.X[lv.layer0, sv.COL_I]
            order = np.argsort(Iz, kind="stable")
            order = order[Iz[order] < lv.N]
            roll = _Roll()
            roll.rows = lv.layer0[order] - lv.lo
            roll.prob = lv.W[Iz[order], order] if lv.N else np.zeros(0)
            roll.starts = np.searchsorted(Iz[order], np.arange(lv.N))
            self.levels.append((lv, nloc, groups, roll))
        # the points-optimal pass/continue choice at each (inactive, used, scored)
        self.pts_cont = pts.cont
        self.rho = list(pts.rho)


_STRUCTURE = None


def structure():
    global _STRUCTURE
    if _STRUCTURE is None:
        _STRUCTURE = _Structure(sv.model(), sv.solve())
    return _STRUCTURE


def _settle_table(G, B, D, x):
    """The settle references of solver.Model.settle_ref, one column per lead (and per
    reward column if the arrays have a third axis): bust | pass values | decide values |
    this level's pass/continue values."""
    rest = G.shape[1:]
    R = np.zeros((12 + 1331 + sv.DICE,) + rest)
    R[0] = B
    R[1:12] = G
    R[12:1343] = D.reshape((1331,) + rest)
    R[1343:1343 + len(x)] = x
    return R.reshape(len(R), -1) if R.ndim > 2 else R


def _mean6(src, succ):
    """out[i] = the mean of src[succ[i, f]] over the six faces f of a rolled die, in
    chunks small enough to stay in the processor's cache (2x faster than whole arrays)."""
    out = np.empty((len(succ),) + src.shape[1:])
    step = max(1, (1 << 18) // max(1, src[0].nbytes))
    for a in range(0, len(succ), step):
        rows = succ[a:a + step]
        acc = np.take(src, rows[:, 0], axis=0)
        for f in range(1, 6):
            acc += np.take(src, rows[:, f], axis=0)
        acc /= 6.0
        out[a:a + step] = acc
    return out


def _first_best(Q, g, rows, best):
    """For the resolution rows `rows` of group g: the position of the first action whose
    value equals the row's best, per lead (len(rows), L)."""
    counts = g.counts[rows]
    pos = np.repeat(g.starts[rows] - np.cumsum(counts) + counts, counts) + np.arange(counts.sum())
    sub = np.take(Q, pos, axis=0)
    first = np.where(sub >= np.repeat(best[rows], counts, axis=0), pos[:, None], g.k)
    return np.minimum.reduceat(first, np.cumsum(counts) - counts, axis=0)


def _greedy(S, nloc, groups, G, B, D, x, prev=None, keep=None):
    """One backward pass over a level for L leads, given the level's pass/continue values
    x (N, L): the policy (per group: the chosen action's position, (rows, L)) and the
    level's values V (nloc + 1, L; stored in `keep` if given)."""
    L = G.shape[1]
    V = np.empty((nloc + 1, L)) if keep is None else keep
    V[nloc] = B
    R = _settle_table(G, B, D, x)
    policy = []
    lanes = np.arange(L)
    for j, g in enumerate(groups):
        if len(g.srows):
            V[g.srows] = np.take(R, g.sref, axis=0)
        if not len(g.arows):
            policy.append(None)
            continue
        Q = np.empty((g.k, L))
        if len(g.cidx):
            Q[g.cidx] = _mean6(V, g.succ_c)
        if len(g.didx):
            Q[g.didx] = np.take(V, g.succ_d, axis=0)
        best = np.maximum.reduceat(Q, g.starts, axis=0)
        V[g.arows] = best
        # ties: the points-optimal action, else the previous round's, else the first best
        floor = best - TIE
        pick = np.broadcast_to(g.pref[:, None], best.shape).copy()
        ok = np.take(Q, g.pref, axis=0) >= floor
        if prev is not None and prev[j] is not None:
            old = prev[j]
            use_old = ~ok & (Q[old, lanes] >= floor)
            pick[use_old] = old[use_old]
            ok |= use_old
        todo = np.nonzero(~ok.all(axis=1))[0]
        if len(todo):
            first = _first_best(Q, g, todo, best)
            sub = pick[todo]
            sub_ok = ok[todo]
            sub[~sub_ok] = first[~sub_ok]
            pick[todo] = sub
        policy.append(pick)
    return policy, V


def _evaluate(lv, nloc, groups, roll, policy, cont, G, B, D):
    """Exact values of a fixed policy at one level, for L leads and r reward columns
    (G (11, L, r), B (L, r), D (11, 11, 11, L, r)): x (N, L, r) and the continue values'
    affine form Ca (N, L, N + r) in x."""
    N = lv.N
    L, r = B.shape
    ncol = N + r
    Va = np.zeros(((nloc + 1) * L, ncol))  # row = state * L + lead
    Va[nloc * L:, N:] = B
    Ra = np.zeros(((12 + 1331 + sv.DICE) * L, ncol))
    Ra3 = Ra.reshape(-1, L, ncol)
    Ra3[0, :, N:] = B
    Ra3[1:12, :, N:] = G
    Ra3[12:1343, :, N:] = D.reshape(1331, L, r)
    Ra3[1343 + np.arange(N), :, np.arange(N)] = 1.0
    Va3 = Va.reshape(nloc + 1, L, ncol)
    for g, pick in zip(groups, policy):
        if len(g.srows):
            Va3[g.srows] = np.take(Ra3, g.sref, axis=0)
        if pick is None:
            continue
        out = np.empty((len(g.arows), L, ncol))
        if len(g.pref_c):
            out[g.pref_c] = _mean6(Va3, g.pref_succ_c)
        if len(g.pref_d):
            out[g.pref_d] = np.take(Va3, g.pref_succ_d, axis=0)
        rr, ll = np.nonzero(pick != g.pref[:, None])  # departures from the points action
        if len(rr):
            a = pick[rr, ll]
            is_c = g.chance[a]
            c = np.nonzero(is_c)[0]
            if len(c):
                out[rr[c], ll[c]] = _mean6(Va, g.succ_c[g.where[a[c]]] * L + ll[c][:, None])
            d = np.nonzero(~is_c)[0]
            if len(d):
                out[rr[d], ll[d]] = np.take(Va, g.succ_d[g.where[a[d]]] * L + ll[d], axis=0)
        Va3[g.arows] = out
    Ca = roll.cont(Va.reshape(nloc + 1, L, ncol))
    # x_I = Ca[I] . [x, 1] where continuing, else the pass value G[S]
    M = np.where(cont.T[:, :, None], Ca[:, :, :N].transpose(1, 0, 2), 0.0)  # (L, N, N)
    c = np.where(cont.T[:, :, None], Ca[:, :, N:].transpose(1, 0, 2),
                 G[lv.S][:, None, :])  # (L, N, r)
    x = np.linalg.solve(np.eye(N)[None] - M, c)  # (L, N, r)
    return x.transpose(1, 0, 2), Ca


class TurnResult:
    """What solve_turn() returns for L leads: start values (win, tie), per-lead policy
    departures from points-optimal play, the bound, and (keep=True) the full arrays."""


def solve_turn(G, B, keep=False, warm=None):
    """The turn MDP for L leads at once: G (11, L, 2) the terminal values of a pass with
    0-10 scored dice and B (L, 2) of a bust, for the value (column 0, maximised) and for
    a shared win (column 1, evaluated under the same play). `warm`: the pass/continue
    values of a nearby problem per level ((N, L) arrays, res.x of an earlier solve), the
    first guess of policy iteration (fewer rounds; the result does not depend on it)."""
    st = structure()
    mdl = st.model
    L = B.shape[0]
    Gw, Bw = G[:, :, 0], B[:, 0]
    D = np.zeros((11, 11, 11, L, 2))
    res = TurnResult()
    res.residual = [0.0] * (sv.DICE + 1)
    res.rounds = [0] * (sv.DICE + 1)
    res.depart_states = []  # per level: (global rows, lanes, action ids)
    res.cont = np.zeros((11, 11, 11, L), dtype=bool)
    res.x = [None] * (sv.DICE + 1)
    res.C = np.full((11, 11, 11, L), np.nan)
    if keep:
        res.V = np.zeros((mdl.n + 2, L))
        res.V[mdl.ILLEGAL] = -np.inf
        res.V[mdl.BUST] = Bw
        res.slot = np.full((mdl.n, L), -1, dtype=np.int64)
    for lv, nloc, groups, roll in st.levels:
        S, N = lv.S, lv.N
        keepV = res.V[lv.lo:lv.hi + 1] if keep else None  # row nloc is lv.hi: rewritten below
        if N == 0:
            _greedy(S, nloc, groups, Gw, Bw, D[..., 0], np.zeros((0, L)), keep=keepV)
            continue
        Iv = np.arange(N)
        Us = N - Iv
        gS = Gw[S][None, :]
        pts_cont = st.pts_cont[Iv, Us, S][:, None]
        x = np.repeat(gS, N, axis=0) if warm is None else np.maximum(warm[S], gS)
        policy, V = _greedy(S, nloc, groups, Gw, Bw, D[..., 0], x)
        C = roll.cont(V)
        cont = np.where(np.abs(C - gS) <= TIE, pts_cont, C > gS)
        rounds = 0
        while True:
            rounds += 1
            xv, Ca = _evaluate(lv, nloc, groups, roll, policy, cont, G, B, D)
            x = xv[:, :, 0]
            new_policy, V = _greedy(S, nloc, groups, Gw, Bw, D[..., 0], x, prev=policy,
                                    keep=keepV)
            C = roll.cont(V)
            new_cont = np.where(np.abs(C - gS) <= TIE, pts_cont, C > gS)
            same = np.array_equal(new_cont, cont) and all(
                a is None or np.array_equal(a, b) for a, b in zip(policy, new_policy))
            policy, cont = new_policy, new_cont
            if same:
                break
            if rounds > 60:
                raise RuntimeError("policy iteration did not settle at level {}".format(S))
        res.rounds[S] = rounds
        res.x[S] = x
        newx = np.maximum(gS, C)
        res.residual[S] = float(np.abs(newx - x).max())
        D[Iv, Us, S, :, 0] = newx
        D[Iv, Us, S, :, 1] = xv[:, :, 1]
        res.C[Iv, Us, S] = C
        res.cont[Iv, Us, S] = cont
        if keep:
            res.D = D[..., 0]
        if S == 0:  # the turn's start: 7 dice rolled, 3 inactive (M2): a CONTINUE from (3, 7)
            # (Ca is the affine form under the final policy: the last round changed nothing)
            i0 = mc.START_INACTIVE
            res.start_tie = np.einsum("ln,ln->l", Ca[i0, :, :N], xv[:, :, 1].T) + Ca[i0, :, N + 1]
            res.start = C[i0]
        # departures from the points-optimal resolution actions
        deps = []
        for g, pick in zip(groups, policy):
            if pick is None:
                continue
            rows, lanes = np.nonzero(pick != g.pref[:, None])
            ids = np.array(sv.SLOT_ACTION)[g.slot[pick[rows, lanes]]]
            deps.append((g.garows[rows], lanes, ids))
            if keep:
                res.slot[g.garows] = g.slot[pick]
        res.depart_states.append(deps)
    if keep:
        res.V[mdl.BUST] = Bw
    res.bound = sum(res.residual[S] / (1.0 - st.rho[S]) for S in range(sv.DICE))
    return res


# -- the whole game ----------------------------------------------------------------------
def _terminal(t, value, tie, after):
    """(win value, shared-win probability) for the mover of turn t whose lead becomes
    `after` when the turn ends: from the next turn's tables, or the end of the game (M8)."""
    if t == TURNS - 1:
        return np.where(after > 0, 1.0, np.where(after == 0, 0.5, 0.0)), (after == 0) * 1.0
    col = MAX_LEAD - after  # the opponent moves next with lead -after
    return 1.0 - value[t + 1, col], tie[t + 1, col]


class WinGame:
    """The solved two-player game (see the module docstring).

    value[t, d + 275], tie[t, d + 275]: the mover's win value and P(shared win) at the
    start of turn t with lead d (NaN for a lead the turn cannot have). For each turn, the
    solved leads lo..hi and, per lead, where win-optimal play departs from the
    points-optimal play of solver.py: the resolution states (host state index) and their
    win-optimal action, and the whole pass/continue choice cont[I, U, S]."""

    def __init__(self):
        self.value = np.full((TURNS, SPAN), np.nan)
        self.tie = np.full((TURNS, SPAN), np.nan)
        self.lo = np.zeros(TURNS, dtype=np.int64)
        self.hi = np.zeros(TURNS, dtype=np.int64)
        self.dep_offsets = [None] * TURNS  # (leads + 1,) into dep_states / dep_actions
        self.dep_states = [None] * TURNS
        self.dep_actions = [None] * TURNS
        self.cont = [None] * TURNS  # (leads, 11, 11, 11) bool
        self.bound = 0.0
        self.seconds = 0.0  # of the solve that made it (a cached game keeps its own)
        self.rounds = np.zeros((TURNS, sv.DICE + 1), dtype=np.int64)
        self._deps = {}

    # -- figures -------------------------------------------------------------------------
    def at(self, t, lead):
        return float(self.value[t, lead + MAX_LEAD])

    @property
    def first_player(self):
        """The first player's value at the start of the game, both playing to win."""
        return self.at(0, 0)

    @property
    def shared(self):
        """P(shared win) at the start of the game under that play."""
        return float(self.tie[0, MAX_LEAD])

    def states(self):
        """Turn-start states the game can reach times the decision points of a turn."""
        starts = sum(len(reachable_leads(t)) for t in range(TURNS))
        return starts * sv.model().decision_states()

    def error_bound(self):
        return self.bound + 1e-13  # plus float rounding: sums of ~30 terms per turn

    def table_rows(self):
        """[(round, 'first'|'second', lead, value)] for every reachable lead."""
        rows = []
        for t in range(TURNS):
            k, seat = divmod(t, 2)
            for d in reachable_leads(t):
                rows.append((k + 1, SEATS[seat], int(d), self.at(t, int(d))))
        return rows

    # -- play ----------------------------------------------------------------------------
    def solved(self, t, lead):
        return bool(self.lo[t] <= lead <= self.hi[t])

    def departures(self, t, lead):
        """{host state index: win-optimal action} where it differs from solver.solve()'s
        action, and cont[I][U][S] (nested lists); None when the lead decides the game
        before the turn (every action is then as good: play for points)."""
        if not self.solved(t, lead):
            return None
        key = (t, lead)
        got = self._deps.get(key)
        if got is None:
            j = lead - int(self.lo[t])
            a, b = self.dep_offsets[t][j], self.dep_offsets[t][j + 1]
            got = (dict(zip(self.dep_states[t][a:b].tolist(), self.dep_actions[t][a:b].tolist())),
                   self.cont[t][j].tolist())
            if len(self._deps) > 256:  # a simulation visits ~1,400 (turn, lead) pairs
                self._deps.clear()
            self._deps[key] = got
        return got

    # -- storage -------------------------------------------------------------------------
    def arrays(self):
        out = {"value": self.value, "tie": self.tie, "lo": self.lo, "hi": self.hi,
               "bound": np.array(self.bound), "seconds": np.array(self.seconds),
               "rounds": self.rounds}
        for t in range(TURNS):
            out["dep_offsets{}".format(t)] = self.dep_offsets[t]
            out["dep_states{}".format(t)] = self.dep_states[t]
            out["dep_actions{}".format(t)] = self.dep_actions[t]
            out["cont{}".format(t)] = np.packbits(self.cont[t].reshape(len(self.cont[t]), -1),
                                                  axis=1)
        return out

    @classmethod
    def from_arrays(cls, z):
        g = cls()
        g.value, g.tie, g.lo, g.hi = z["value"], z["tie"], z["lo"], z["hi"]
        g.bound, g.seconds = float(z["bound"]), float(z["seconds"])
        g.rounds = z["rounds"]
        for t in range(TURNS):
            g.dep_offsets[t] = z["dep_offsets{}".format(t)]
            g.dep_states[t] = z["dep_states{}".format(t)]
            g.dep_actions[t] = z["dep_actions{}".format(t)]
            packed = z["cont{}".format(t)]
            g.cont[t] = np.unpackbits(packed, axis=1, count=1331).astype(bool).reshape(
                len(packed), 11, 11, 11)
        return g


def _terminal_arrays(t, game, leads):
    P = np.array([sv.points(s) for s in range(sv.DICE + 1)])
    after = leads[None, :] + P[:, None]
    gw, gz = _terminal(t, game.value, game.tie, after)
    bw, bz = _terminal(t, game.value, game.tie, leads)
    G = np.stack([gw, gz], axis=2)
    B = np.stack([bw, bz], axis=1)
    assert not (np.isnan(G).any() or np.isnan(B).any()), "a lead outside the next table"
    return G, B


def solve_game(block=BLOCK, progress=None):
    """Backward induction over the ten turns; returns a WinGame."""
    t0 = time.perf_counter()
    game = WinGame()
    structure()
    for t in reversed(range(TURNS)):
        hlo, hhi = lead_hull(t)
        lo, hi = solved_leads(t)
        _m, o = turns_left(t)
        cols = np.arange(hlo, hhi + 1)
        game.value[t, cols + MAX_LEAD] = np.where(cols > MAX_TURN * o, 1.0, 0.0)
        game.tie[t, cols + MAX_LEAD] = 0.0
        game.lo[t], game.hi[t] = lo, hi
        leads = np.arange(lo, hi + 1)
        G, B = _terminal_arrays(t, game, leads)
        states, actions, lanes_all, conts = [], [], [], []
        bound = 0.0
        for a in range(0, len(leads), block):
            res = solve_turn(G[:, a:a + block], B[a:a + block])
            game.value[t, leads[a:a + block] + MAX_LEAD] = res.start
            game.tie[t, leads[a:a + block] + MAX_LEAD] = res.start_tie
            bound = max(bound, res.bound)
            game.rounds[t] = np.maximum(game.rounds[t], res.rounds)
            for level in res.depart_states:
                for rows, lanes, ids in level:
                    states.append(rows)
                    lanes_all.append(lanes + a)
                    actions.append(ids)
            conts.append(np.moveaxis(res.cont, 3, 0))
            if progress is not None:
                progress(t, min(a + block, len(leads)), len(leads))
        rows, lanes, ids = (np.concatenate(v) for v in (states, lanes_all, actions))
        order = np.lexsort((rows, lanes))
        game.dep_states[t] = rows[order].astype(np.int32)
        game.dep_actions[t] = ids[order].astype(np.uint8)
        game.dep_offsets[t] = np.searchsorted(lanes[order], np.arange(len(leads) + 1))
        game.cont[t] = np.concatenate(conts)
        game.bound += bound
    game.seconds = time.perf_counter() - t0
    return game


def turn_solution(t, lead, g=None):
    """One lead of turn t solved with every array kept: a solver.Solution whose values
    are win values (its g[s] = the value of passing with s scored dice, V[BUST] = the
    value of a bust), for valuing any position inside that turn."""
    g = game() if g is None else g
    G, B = _terminal_arrays(t, g, np.array([lead]))
    res = solve_turn(G, B, keep=True)
    mdl = sv.model()
    sol = sv.Solution(mdl, G[:, 0, 0].copy(), 0)
    sol.V = res.V[:, 0].copy()
    sol.slot = res.slot[:, 0].copy()
    sol.C = res.C[..., 0].copy()
    sol.D = res.D[..., 0].copy()
    sol.cont = res.cont[..., 0].copy()
    sol.residual = res.residual
    sol.start = float(res.start[0])
    return sol


# -- the gadget's table ------------------------------------------------------------------
GADGET_MAGIC = b"GOW2"  # Geek Out! win values, 2 players
GADGET_VERSION = 1
GADGET_HEADER = 12


def gadget_table(g=None):
    """The turn-start table for the gadget (docs/masters-win.md, "The gadget's table"):
    a 12-byte header (magic "GOW2", version 1, turns 10, lead_min as int16 LE, width as
    uint16 LE, 2 zero bytes), then for t = 0..9 (round-major, first seat then second) one
    byte per lead lead_min .. lead_min + width - 1: round(255 * value). A lead outside the
    range reads the nearest end (clamp): the range is the smallest for which that gives
    the same byte at every reachable lead (the values are monotone in the lead, and beyond
    it every turn's byte is 0 below and 255 above). Leads outside what a turn can have
    hold 0 below and 255 above."""
    g = game() if g is None else g
    rows = []
    for t in range(TURNS):
        hlo, hhi = lead_hull(t)
        row = np.round(255.0 * g.value[t]).astype(np.float64)
        row[: hlo + MAX_LEAD] = 0  # a lead the turn cannot have: read as decided
        row[hhi + MAX_LEAD + 1:] = 255
        rows.append(row.astype(np.uint8))
    rows = np.array(rows)
    inner = np.nonzero(((rows > 0) & (rows < 255)).any(axis=0))[0]
    lo = max(0, int(inner[0]) - 1)
    hi = min(SPAN - 1, int(inner[-1]) + 1)
    width = hi - lo + 1
    header = GADGET_MAGIC + bytes((GADGET_VERSION, TURNS)) + \
        int(lo - MAX_LEAD).to_bytes(2, "little", signed=True) + width.to_bytes(2, "little") + b"\0\0"
    return header + rows[:, lo:hi + 1].tobytes()


def gadget_value(data, round_no, seat, lead):
    """What the gadget reads (a reference for the device code): the byte for the player
    about to play at round 1-5, seat 0/1, with `lead`; value = byte / 255."""
    if data[:4] != GADGET_MAGIC or data[4] != GADGET_VERSION:
        raise ValueError("not a version-1 win table")
    turns = data[5]
    lead_min = int.from_bytes(data[6:8], "little", signed=True)
    width = int.from_bytes(data[8:10], "little")
    t = turn_index(round_no, seat)
    if not 0 <= t < turns:
        raise ValueError("no such turn")
    j = min(max(lead - lead_min, 0), width - 1)
    return data[GADGET_HEADER + t * width + j]


# -- the cache ---------------------------------------------------------------------------
def _code_of(path):
    """A module's code without its docstrings and comments (editing prose keeps the cache)."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(body, list) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)):
            body[0] = ast.Pass()
    return ast.dump(tree).encode()


def version_key():
    """The key of the code this process runs (computed once, at import: a source file
    edited later must not lend its key to a game solved by the old code)."""
    return _VERSION_KEY


def _version_key():
    """Changes whenever solver.py or this module change, or any rule constant they read
    (consts.py: dice, zones, rounds, faces, action ids). Not the rest of consts.py or
    rules.py, which the gadget's code changes often: the solver builds its transitions
    from these constants itself (and tests/rules/test_masters_solver.py checks them
    against the rules core)."""
    h = hashlib.sha256("format {} numpy {}".format(FORMAT, np.__version__.split(".")[0]).encode())
    h.update(_code_of(sv.__file__))
    h.update(_code_of(__file__))
    rules = [getattr(mc, name) for name in (
        "DICE", "START_ACTIVE", "START_INACTIVE", "ROUNDS", "FACES", "FACE_NAMES", "F42",
        "HEART", "MEEPLE", "SPACESHIP", "SUPERHERO", "DRAGON", "PASS", "CONTINUE",
        "HEART_ACT", "MEEPLE_ON", "SPACESHIP_ON", "SUPERHERO_ON", "NO_TARGET")]
    h.update(repr(rules).encode())
    return h.hexdigest()[:16]


_VERSION_KEY = _version_key()


def cache_dir():
    """$GEEKOUT_CACHE, else $XDG_CACHE_HOME/geekout, else ~/.cache/geekout."""
    if os.environ.get("GEEKOUT_CACHE"):
        return Path(os.environ["GEEKOUT_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "geekout"


def cache_path():
    return cache_dir() / "masters-win2-{}.npz".format(version_key())


_GAME = None


def game(use_cache=True, progress=None):
    """The solved game: from memory, else from the disk cache, else solved (then cached).
    An unreadable or foreign cache file is solved over; a cache that cannot be written
    is skipped (the result is the same)."""
    global _GAME
    if _GAME is not None and use_cache:
        return _GAME
    path = cache_path()
    got = read_cache(path) if use_cache else None
    if got is None:
        got = solve_game(progress=progress)
        if use_cache:
            _write_cache(path, got)
    if use_cache:
        _GAME = got
    return got


def read_cache(path):
    """The WinGame stored at `path`, or None if it is missing, unreadable or of another
    version key."""
    if not path.is_file():
        return None
    try:
        with np.load(path, allow_pickle=False) as z:
            if str(z["key"]) != version_key():
                return None
            return WinGame.from_arrays(z)
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return None


def _write_cache(path, g):
    from .. import outputs
    from ..errors import UsageError

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with outputs.replacing(path, "cache") as (f, _tmp):  # never a link's target
            np.savez_compressed(f, key=np.array(version_key()), **g.arrays())
        for old in path.parent.glob("masters-win2-*.npz"):  # other versions: stale
            if old != path:
                old.unlink(missing_ok=True)
    except (OSError, UsageError):
        pass


def _main(argv=None):
    import argparse

    parser = argparse.ArgumentParser(description="the solved 2-player game (docs/masters-win.md)")
    parser.add_argument("--gadget-table", metavar="FILE",
                        help="write the gadget's turn-start table (docs/masters-win.md)")
    args = parser.parse_args(argv)
    from .. import outputs
    from ..errors import UsageError

    if args.gadget_table:
        try:
            outputs.check_output(args.gadget_table, "--gadget-table")
        except UsageError as e:
            parser.exit(2, "winsolve: error: {}\n".format(e))
    g = game()
    print("first player {:.9f}, shared {:.9f}, bound {:.1e}; cache {}".format(
        g.first_player, g.shared, g.error_bound(), cache_path()))
    if args.gadget_table:
        data = gadget_table(g)
        try:
            outputs.write_file(args.gadget_table, data, "--gadget-table")
        except UsageError as e:
            parser.exit(2, "winsolve: error: {}\n".format(e))
        print("wrote {} ({} bytes)".format(args.gadget_table, len(data)))
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
