"""Exact optimal play of one Geek Out! Masters turn (ruling M9), on numpy.

A state of a turn is (active dice as a multiset of faces, inactive, used, scored), ten
dice in all (M2): 43,758 states. Two kinds of decision points (M3, M6):
  - resolution: active holds an action die; the player picks actor and target;
  - pass/continue: active is empty after a resolution and used >= 1.
A state whose active dice are only 42s and DRAGONs is settled at once (M4, M5, M6):
bust, forced pass, or a pass/continue point with the 42s moved to scored.

Structure the solver exploits (see docs/masters-strategy.md, "How the solver works"):
  - every resolution moves its actor to used (M3), so within one roll `used` grows by
    one per action: the resolution graph is acyclic, layered by `used`;
  - `scored` never falls within a turn, so the turn's graph is a chain of "levels"
    (one per scored count) visited in increasing order; only CONTINUE can come back to
    the same level (a roll that scores no 42 and does not bust).
So the levels are solved from 10 scored down to 0. Inside a level the unknowns are the
at most ten pass/continue values x[I] (I = inactive, used = 10 - scored - I); each level
is solved by policy iteration: evaluate a fixed policy exactly (a linear system in x,
built by one backward pass over the acyclic resolution layers with affine values), then
improve greedily, until the policy is stable. The error bound is computed, not assumed:
with r = the largest Bellman residual |max(pass, continue(x)) - x| of the final x and
rho = the largest probability, over every policy, that a CONTINUE comes back to the same
level, |x - x*| <= r / (1 - rho) at that level, and the bounds add up over the levels.

The same machinery solves any pass reward g(scored): points (M7) for expected points,
or 1 when the scored dice reach `need` points for the "need N" problems.
"""

import time
from itertools import combinations

import numpy as np
from geekout.masters import consts as mc
from geekout.masters import rules as m

DICE = mc.DICE
PARTS = 9  # faces 0-5, inactive, used, scored
COL_I, COL_U, COL_S = 6, 7, 8
ACTION_FACES = (mc.HEART, mc.MEEPLE, mc.SPACESHIP, mc.SUPERHERO)

_BIN = np.zeros((32, 12), dtype=np.int64)
for _n in range(32):
    for _k in range(12):
        _c = 1
        for _j in range(_k):
            _c = _c * (_n - _j) // (_j + 1)
        _BIN[_n, _k] = _c if _k <= _n else 0


def comb_rank(counts):
    """Colex rank of 9-part compositions (rows of `counts`) among those of the same total:
    the bar positions p_j = c_0 + ... + c_j + j form an 8-subset ranked sum C(p_j, j + 1).
    The device table (geekout/masters/hint.py) uses the same rank."""
    pref = np.cumsum(counts[:, :8], axis=1) + np.arange(8)
    return _BIN[pref, np.arange(1, 9)].sum(axis=1)


def compositions(total, parts):
    """Every way to put `total` dice into `parts` zones, rows in colex rank order."""
    bars = np.array(list(combinations(range(total + parts - 1), parts - 1)), dtype=np.int64)
    n = len(bars)
    ext = np.concatenate([np.full((n, 1), -1), bars, np.full((n, 1), total + parts - 1)], axis=1)
    rows = np.diff(ext, axis=1) - 1
    order = np.argsort(comb_rank(rows)) if parts == PARTS else np.arange(n)
    return rows[order]


def points(scored):
    return scored * (scored + 1) // 2


def need_dice(need):
    """The fewest scored dice worth at least `need` points (M7), 1 <= need <= 55."""
    k = 0
    while points(k) < need:
        k += 1
    return k


# Resolution slots: 7 chance slots (one die is rolled next), then 16 deterministic ones.
# Column c of a state's slot values is the value of the action SLOT_ACTION[c].
CHANCE_SLOTS = 7  # HEART with inactive dice, MEEPLE on each face
SLOT_ACTION = (
    [mc.HEART_ACT] + [mc.MEEPLE_ON + t for t in range(6)]
    + [mc.HEART_ACT]  # M3d: HEART with an empty inactive zone, no effect
    + [mc.SPACESHIP_ON + t for t in range(6)]
    + [mc.SUPERHERO_ON + t for t in range(6)]
    + [mc.MEEPLE_ON + mc.NO_TARGET, mc.SPACESHIP_ON + mc.NO_TARGET, mc.SUPERHERO_ON + mc.NO_TARGET]
)
SLOTS = len(SLOT_ACTION)  # 23
_LONE_SHIP_SLOT = SLOTS - 2


def _unit(col):
    e = np.zeros(PARTS, dtype=np.int64)
    e[col] = 1
    return e


def _slot_moves(X):
    """For each slot: (legal mask, count delta applied to every row, rolls a die?)."""
    A = X[:, :6]
    a = A.sum(axis=1)
    inactive = X[:, COL_I]
    eU = _unit(COL_U)
    moves = []
    heart = A[:, mc.HEART] >= 1
    moves.append((heart & (inactive >= 1), eU - _unit(mc.HEART) - _unit(COL_I), True))  # M3d
    for t in range(6):  # M3a: another die (any face) is rerolled, it stays active
        ok = (A[:, mc.MEEPLE] >= 1) & (a >= 2) & (A[:, t] - (t == mc.MEEPLE) >= 1)
        moves.append((ok, eU - _unit(mc.MEEPLE) - _unit(t), True))
    moves.append((heart & (inactive == 0), eU - _unit(mc.HEART), False))  # M3d, no effect
    for t in range(6):  # M3c: another die goes to inactive
        ok = (A[:, mc.SPACESHIP] >= 1) & (a >= 2) & (A[:, t] - (t == mc.SPACESHIP) >= 1)
        moves.append((ok, eU - _unit(mc.SPACESHIP) - _unit(t) + _unit(COL_I), False))
    for t in range(6):  # M3b: another die turns to its opposite face (f ^ 1, M1)
        ok = (A[:, mc.SUPERHERO] >= 1) & (a >= 2) & (A[:, t] - (t == mc.SUPERHERO) >= 1)
        moves.append((ok, eU - _unit(mc.SUPERHERO) - _unit(t) + _unit(t ^ 1), False))
    for actor in (mc.MEEPLE, mc.SPACESHIP, mc.SUPERHERO):  # M3e: the lone die
        ok = (a == 1) & (A[:, actor] == 1)
        moves.append((ok, eU - _unit(actor), False))
    return moves


class _Level:
    """The states with one `scored` count, in processing order (used from high to low)."""


class Model:
    """The turn's state space and transitions (independent of the pass reward)."""

    def __init__(self):
        t0 = time.perf_counter()
        X = compositions(DICE, PARTS)  # index = colex rank
        # Processing order: scored high to low, then used high to low.
        order = np.lexsort((-X[:, COL_U], -X[:, COL_S]))
        X = X[order]
        n = len(X)
        self.n = n
        self.X = X
        rank_to_idx = np.empty(n, dtype=np.int64)
        rank_to_idx[order] = np.arange(n)
        self.rank_to_idx = rank_to_idx
        A = X[:, :6]
        self.has_action = A[:, ACTION_FACES].sum(axis=1) > 0
        BUST, ILLEGAL = n, n + 1
        self.BUST, self.ILLEGAL = BUST, ILLEGAL

        cs = np.full((n, CHANCE_SLOTS, 6), ILLEGAL, dtype=np.int64)
        ds = np.full((n, SLOTS - CHANCE_SLOTS), ILLEGAL, dtype=np.int64)
        act = self.has_action
        for slot, (ok, delta, rolls) in enumerate(_slot_moves(X)):
            ok = ok & act
            rows = np.nonzero(ok)[0]
            if slot == _LONE_SHIP_SLOT:  # M3e: a lone SPACESHIP destroys itself, bust
                ds[rows, slot - CHANCE_SLOTS] = BUST
                continue
            base = X[rows] + delta
            if rolls:
                for f in range(6):
                    cs[rows, slot, f] = rank_to_idx[comb_rank(base + _unit(f))]
            else:
                ds[rows, slot - CHANCE_SLOTS] = rank_to_idx[comb_rank(base)]
        cs, ds = cs.astype(np.int32), ds.astype(np.int32)  # half the memory
        self.cs, self.ds = cs, ds

        # Settling (M4-M6) of states without action dice: a reference into the table
        # [bust 0 | pass rewards g[0..10] | decide values D[I,U,S] | same-level x[I]].
        dragon = A[:, mc.DRAGON] > 0
        s2 = X[:, COL_S] + A[:, mc.F42]
        inact, used = X[:, COL_I], X[:, COL_U]
        ref = np.where(used == 0, 1 + s2, 12 + (inact * 11 + used) * 11 + s2)
        same = (used > 0) & (A[:, mc.F42] == 0)  # an empty active zone: back to this level
        ref = np.where(same, 12 + 1331 + inact, ref)
        ref = np.where(dragon, 0, ref)
        self.settle_ref = ref

        fact = np.array([1.0] + [float(np.prod(np.arange(1, k + 1))) for k in range(1, 11)])
        self.levels = []
        for S in range(DICE, -1, -1):
            lv = _Level()
            lv.S, lv.N = S, DICE - S
            idx = np.nonzero(X[:, COL_S] == S)[0]
            lv.lo, lv.hi = int(idx[0]), int(idx[-1]) + 1
            lv.groups = []
            for u in range(lv.N, -1, -1):
                rows = np.nonzero((X[:, COL_S] == S) & (X[:, COL_U] == u))[0]
                arows = rows[act[rows]]
                srows = rows[~act[rows]]
                lv.groups.append((u, arows, cs[arows], ds[arows], srows, ref[srows]))
            # CONTINUE from (I, U = N - I): roll U dice into active (M6): a multinomial.
            layer0 = np.nonzero((X[:, COL_S] == S) & (X[:, COL_U] == 0))[0]
            Iz = X[layer0, COL_I]
            Az = X[layer0, :6]
            Uz = Az.sum(axis=1)
            prob = fact[Uz] / np.prod(fact[Az], axis=1) / 6.0 ** Uz
            W = np.zeros((max(lv.N, 1), len(layer0)))
            keep = Iz < lv.N
            W[Iz[keep], np.nonzero(keep)[0]] = prob[keep]
            lv.layer0, lv.W = layer0, W[: lv.N]
            self.levels.append(lv)
        self.build_seconds = time.perf_counter() - t0
        self._key_index = None

    def index(self, active, inactive, used, scored):
        """Host index of a state (active = 6 counts)."""
        row = np.array([list(active) + [inactive, used, scored]], dtype=np.int64)
        return int(self.rank_to_idx[comb_rank(row)[0]])

    def decision_states(self):
        """Resolution states plus pass/continue points (used >= 1, nothing active)."""
        A = self.X[:, :6]
        empty = A.sum(axis=1) == 0
        return int(self.has_action.sum() + (empty & (self.X[:, COL_U] > 0)).sum())


_MODEL = None


def model():
    global _MODEL
    if _MODEL is None:
        _MODEL = Model()
    return _MODEL


def pass_rewards(need=0):
    """g[s] for s = 0..10 scored dice: points (M7), or 1.0 once `need` points are reached."""
    if need == 0:
        return np.array([float(points(s)) for s in range(DICE + 1)])
    k = need_dice(need)
    return np.array([1.0 if s >= k else 0.0 for s in range(DICE + 1)])


class Solution:
    """Optimal values and policy for one pass reward (see solve())."""

    def __init__(self, mdl, g, need):
        self.model = mdl
        self.g = g
        self.need = need
        self.V = np.zeros(mdl.n + 2)
        self.V[mdl.ILLEGAL] = -np.inf
        self.slot = np.full(mdl.n, -1, dtype=np.int64)
        self.C = np.full((11, 11, 11), np.nan)  # continue value at (I, U, S)
        self.D = np.zeros((11, 11, 11))  # pass/continue value at (I, U, S)
        self.cont = np.zeros((11, 11, 11), dtype=bool)
        self.residual = [0.0] * (DICE + 1)
        self.rho = [0.0] * (DICE + 1)
        self.pi_rounds = [0] * (DICE + 1)

    # -- solving ---------------------------------------------------------------------
    def _ref_table(self, S, x):
        return np.concatenate([[0.0], self.g, self.D.ravel(), x, [0.0] * (DICE - len(x))])

    def _greedy(self, lv, x, V=None, slot=None, prev=None):
        """One backward pass over the level given same-level pass/continue values x:
        V (in place), the best slot per resolution state, and C[I] for I < N."""
        V = self.V if V is None else V
        R = self._ref_table(lv.S, x)
        for _u, arows, cs, ds, srows, sref in lv.groups:
            if len(srows):
                V[srows] = R[sref]
            if len(arows):
                Q = np.concatenate([V[cs].mean(axis=2), V[ds]], axis=1)
                best = Q.argmax(axis=1)
                if prev is not None:  # keep the current action on (near-)ties
                    old = prev[arows]
                    qold = Q[np.arange(len(arows)), old]
                    best = np.where(qold >= Q.max(axis=1) - 1e-13, old, best)
                V[arows] = Q.max(axis=1)
                if slot is not None:
                    slot[arows] = best
        return lv.W @ V[lv.layer0]

    def _evaluate(self, lv, slot, cont, Dv, gv, bustv):
        """Exact value of a fixed policy at one level, for r reward columns at once:
        returns x (N, r) and the affine values of every state of the level."""
        N, r = lv.N, gv.shape[1]
        mcols = N + r
        mdl = self.model
        Va = np.zeros((mdl.n + 2, mcols))
        Va[mdl.BUST, N:] = bustv
        # the settle table, affine: bust | g | D | same-level unit vectors
        R = np.zeros((12 + 1331 + DICE, mcols))
        R[0, N:] = bustv
        R[1:12, N:] = gv
        R[12:1343, N:] = Dv.reshape(1331, r)
        R[1343 + np.arange(N), np.arange(N)] = 1.0
        for _u, arows, cs, ds, srows, sref in lv.groups:
            if len(srows):
                Va[srows] = R[sref]
            if len(arows):
                k = slot[arows]
                chance = k < CHANCE_SLOTS
                rows = np.arange(len(arows))
                out = np.empty((len(arows), mcols))
                if chance.any():
                    cr = rows[chance]
                    out[chance] = Va[cs[cr, k[chance]]].mean(axis=1)
                if (~chance).any():
                    dr = rows[~chance]
                    out[~chance] = Va[ds[dr, k[~chance] - CHANCE_SLOTS]]
                Va[arows] = out
        Ca = lv.W @ Va[lv.layer0]  # (N, mcols)
        # x_I = Ca[I] . [x, 1] where continuing, else g[S]
        M = np.zeros((N, N))
        c = np.empty((N, r))
        for i in range(N):
            if cont[i]:
                M[i] = Ca[i, :N]
                c[i] = Ca[i, N:]
            else:
                c[i] = gv[lv.S]
        x = np.linalg.solve(np.eye(N) - M, c) if N else np.zeros((0, r))
        return x, Va

    def solve(self):
        mdl = self.model
        g = self.g
        for lv in mdl.levels:
            S, N = lv.S, lv.N
            if N == 0:
                self._greedy(lv, np.zeros(0))
                continue
            Us = N - np.arange(N)
            x = np.full(N, g[S])
            C = self._greedy(lv, x, slot=self.slot)
            cont = C > g[S]
            rounds = 0
            while True:
                rounds += 1
                xv, _ = self._evaluate(lv, self.slot, cont, self.D[..., None], g[:, None],
                                       np.zeros(1))
                x = xv[:, 0]
                old_slot = self.slot.copy()
                C = self._greedy(lv, x, slot=self.slot, prev=old_slot)
                new_cont = np.where(np.abs(C - g[S]) <= 1e-13, cont, C > g[S])
                if np.array_equal(new_cont, cont) and np.array_equal(old_slot, self.slot):
                    break
                cont = new_cont
                if rounds > 50:
                    raise RuntimeError("policy iteration did not settle")
            self.pi_rounds[S] = rounds
            # V now holds the greedy values for x; the residual of the Bellman equation:
            newx = np.maximum(g[S], C)
            self.residual[S] = float(np.abs(newx - x).max())
            Iv = np.arange(N)
            self.C[Iv, Us, S] = C
            self.D[Iv, Us, S] = newx
            self.cont[Iv, Us, S] = C > g[S]
            # rho: the largest chance, over every policy, that a CONTINUE at this level
            # comes back to a pass/continue point of the same level.
            saved_g, saved_D = self.g, self.D
            self.g, self.D = np.zeros(DICE + 1), np.zeros_like(self.D)
            Vr = np.zeros(mdl.n + 2)
            Vr[mdl.ILLEGAL] = -np.inf
            rho = self._greedy(lv, np.ones(N), V=Vr)
            self.g, self.D = saved_g, saved_D
            self.rho[S] = float(rho.max())
        # settle the whole level 0 again with the final x (V for the last level is final)
        return self

    # -- results ---------------------------------------------------------------------
    def error_bound(self):
        """Bound on |V - V*| from the residuals and return probabilities, plus a margin for
        the float rounding of one pass (values are sums of at most 30 rounded terms)."""
        total = 0.0
        for S in range(DICE + 1):
            if DICE - S:
                total += self.residual[S] / (1.0 - self.rho[S])
        return total + 64 * np.finfo(float).eps * 55

    def start_value(self):
        """From the start of a turn: 7 dice rolled into active, 3 inactive (M2)."""
        return float(self.C[mc.START_INACTIVE, mc.START_ACTIVE, 0])

    def decide(self, inactive, used, scored):
        """(pass value, continue value) at a pass/continue point (used >= 1)."""
        return float(self.g[scored]), float(self.C[inactive, used, scored])

    def action_values(self, active, inactive, used, scored):
        """[(action id, value)] for every legal resolution of the position, in the rules
        core's legal-action order; [] when active holds no action die."""
        mdl = self.model
        i = mdl.index(active, inactive, used, scored)
        if not mdl.has_action[i]:
            return []
        V = self.V
        q = np.concatenate([V[mdl.cs[i]].mean(axis=1), V[mdl.ds[i]]])
        vals = {}
        for c in range(SLOTS):
            if np.isfinite(q[c]):
                vals[SLOT_ACTION[c]] = float(q[c])
        legal = m.position(list(active), inactive, used, scored).legal_actions()
        return [(a, vals[a]) for a in legal]

    def value(self, active, inactive, used, scored):
        """Optimal value of a position (settled at once if it has no action die)."""
        mdl = self.model
        i = mdl.index(active, inactive, used, scored)
        if sum(active) == 0:
            if used == 0:
                return float(self.g[scored])
            return float(self.D[inactive, used, scored])
        return float(self.V[i])

    def best_action(self, active, inactive, used, scored):
        """The optimal action of a decision state (PASS/CONTINUE when nothing is active)."""
        if sum(active) == 0:
            return mc.CONTINUE if self.cont[inactive, used, scored] else mc.PASS
        i = self.model.index(active, inactive, used, scored)
        return SLOT_ACTION[int(self.slot[i])]

    def policy_table(self):
        """(resolution dict, continue flags): bytes(active) + bytes((inactive, used,
        scored)) -> the optimal action id, and cont[inactive][used][scored] -> True when
        CONTINUE is optimal. For fast play in simulations."""
        if getattr(self, "_table", None) is None:
            mdl = self.model
            rows = np.nonzero(mdl.has_action)[0]
            keys = mdl.X[rows].astype(np.uint8)
            acts = np.array(SLOT_ACTION)[self.slot[rows]].tolist()
            table = {keys[j].tobytes(): acts[j] for j in range(len(rows))}
            self._table = (table, self.cont.tolist())
        return self._table

    def outcome_distribution(self):
        """Under this solution's policy, from the start of a turn: P(the turn passes with
        s scored dice) for s = 0..10 and P(bust), by exact policy evaluation (12 reward
        columns at once, level by level)."""
        mdl = self.model
        r = DICE + 2
        gv = np.eye(r)[: DICE + 1]  # passing with s dice -> column s
        bustv = np.eye(r)[DICE + 1]
        Dv = np.zeros((11, 11, 11, r))
        for lv in mdl.levels:
            S, N = lv.S, lv.N
            if N == 0:
                continue
            Iv = np.arange(N)
            cont = self.cont[Iv, N - Iv, S]
            x, Va = self._evaluate(lv, self.slot, cont, Dv, gv, bustv)
            Dv[Iv, N - Iv, S] = x
            if S == 0:
                Ca = lv.W @ Va[lv.layer0]
                start = Ca[mc.START_INACTIVE]
                return start[:N] @ x + start[N:]
        raise AssertionError("level 0 missing")


_SOLUTIONS = {}


def solve(need=0):
    """The optimal policy for expected points (need = 0) or for the probability of ending
    the turn with at least `need` points (1-55). Cached per distinct problem."""
    key = 0 if need == 0 else need_dice(need)
    if key not in _SOLUTIONS:
        rewards = pass_rewards(need)
        _SOLUTIONS[key] = Solution(model(), rewards, need).solve()
    return _SOLUTIONS[key]


def solve_report():
    """A cold solve from nothing (the model is rebuilt): the figures of `solve`."""
    t0 = time.perf_counter()
    mdl = Model()
    sol = Solution(mdl, pass_rewards(0), 0).solve()
    seconds = time.perf_counter() - t0
    return sol, seconds


def _core_matches(mdl, core, j, g_points=True):
    """Does the rules-core state `core` (after one action or roll) agree with the solver's
    successor j? Returns None or a reason."""
    if j == mdl.BUST:
        ok = bool(core.turns) and core.turns[-1][2] == mc.ENDED_BUST
        return None if ok else "expected a bust (M3e)"
    X = mdl.X[j]
    A, inact, U, S = [int(v) for v in X[:6]], int(X[COL_I]), int(X[COL_U]), int(X[COL_S])
    if mdl.has_action[j]:
        if core.turns or core.phase_name() != "resolve":
            return "expected more to resolve (M3)"
        got = (list(core.active), core.inactive, core.used, core.scored)
        want = (A, inact, U, S)
        return None if got == want else "zones {} != {}".format(got, want)
    if A[mc.DRAGON]:  # M4 -> M5
        ok = bool(core.turns) and core.turns[-1][2] == mc.ENDED_BUST
        return None if ok else "expected a DRAGON bust (M4)"
    s2 = S + A[mc.F42]
    if U == 0:  # M6 forced pass, M7 points
        ok = bool(core.turns) and core.turns[-1][1:] == (points(s2), mc.ENDED_FORCED)
        return None if ok else "expected a forced pass with {} scored (M6)".format(s2)
    got = (core.phase_name(), sum(core.active), core.inactive, core.used, core.scored)
    want = ("decide", 0, inact, U, s2)
    return None if got == want and not core.turns else "decide {} != {}".format(got, want)


def crosscheck(indices=None):
    """Compare the solver's transitions with the rules core for the given state indices
    (default: every resolution state): the legal actions of masters.position(...) and,
    for each action and each die face it may roll, the state apply_action reaches.
    Returns a list of disagreements (empty when all agree)."""
    mdl = model()
    if indices is None:
        indices = np.nonzero(mdl.has_action)[0]
    bad = []
    for i in indices:
        i = int(i)
        if not mdl.has_action[i]:
            continue
        X = mdl.X[i]
        A = [int(v) for v in X[:6]]
        pos = m.position(A, int(X[COL_I]), int(X[COL_U]), int(X[COL_S]))
        legal = pos.legal_actions()
        mine = {}
        for c in range(SLOTS):
            chance = c < CHANCE_SLOTS
            succ = mdl.cs[i, c] if chance else [mdl.ds[i, c - CHANCE_SLOTS]]
            if succ[0] != mdl.ILLEGAL:
                mine[SLOT_ACTION[c]] = (chance, succ)
        if sorted(mine) != sorted(legal):
            bad.append((i, "legal {} != core {}".format(sorted(mine), sorted(legal))))
            continue
        for a, (chance, succ) in mine.items():
            after = pos.clone()
            after.apply_action(a)
            if chance:
                if not after.is_chance() or after.pending != 1:
                    bad.append((i, "{}: expected one die to roll".format(m.action_text(a))))
                    continue
                for f in range(mc.FACES):
                    rolled = after.clone()
                    rolled.apply_action(f)
                    why = _core_matches(mdl, rolled, int(succ[f]))
                    if why:
                        bad.append((i, "{} then {}: {}".format(m.action_text(a),
                                                               mc.FACE_NAMES[f], why)))
            else:
                why = _core_matches(mdl, after, int(succ[0]))
                if why:
                    bad.append((i, "{}: {}".format(m.action_text(a), why)))
    return bad


def _main(argv=None):
    import argparse

    parser = argparse.ArgumentParser(description="solver checks")
    parser.add_argument("--crosscheck", action="store_true",
                        help="compare every resolution state's transitions with the rules core")
    args = parser.parse_args(argv)
    if args.crosscheck:
        t0 = time.perf_counter()
        bad = crosscheck()
        n = int(model().has_action.sum())
        print("{} resolution states checked against the rules core in {:.1f} s: {} "
              "disagreements".format(n, time.perf_counter() - t0, len(bad)))
        for i, why in bad[:20]:
            print(i, why)
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
