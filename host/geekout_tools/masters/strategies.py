"""Playing strategies for Geek Out! Masters, used by `geekout masters simulate`.

A strategy is an object with `choose(state) -> action`, called only at a player's
decision (resolution order/target or PASS/CONTINUE) with the full game state, so a
strategy may look at the round and the other seats' totals. STRATEGIES maps each name
accepted on the command line to a factory taking the optional parameter after the dash
(`reach-5` -> 5).
"""

from functools import cache
from math import comb

from geekout.masters import consts as mc
from geekout.masters import rules as m

# The simple strategies resolve their dice by looking ahead to the end of the roll in
# hand (every order, target and die face, exactly) and valuing where it ends: a bust is
# 0, a forced pass its points, a PASS/CONTINUE point the points banked plus
# USED_DIE_POINTS per used die, since used dice are what a CONTINUE rolls again. Of 0, 1
# and 3, 3 played best in seeded trials (a fixed rule of thumb, not the solver).
USED_DIE_POINTS = 3


def _roll_end(s):
    """The look-ahead's value of `s` if the roll has ended there, else None."""
    if s.turns:  # bust (0) or forced pass (its points)
        return float(s.turns[-1][1])
    if s.phase_name() == "decide":
        return float(m.points_for(s.scored) + USED_DIE_POINTS * s.used)
    return None


@cache
def _roll_value(active, inactive, used, scored):
    s = m.position(active, inactive, used, scored)
    end = _roll_end(s)
    if end is not None:
        return end
    return max(_action_value(active, inactive, used, scored, a) for a in s.legal_actions())


@cache
def _action_value(active, inactive, used, scored, action):
    s = m.position(active, inactive, used, scored)
    s.apply_action(action)
    end = _roll_end(s)
    if end is not None:
        return end
    if s.is_chance():  # a MEEPLE or HEART rolls one die: average its six faces
        total = 0.0
        for face in range(mc.FACES):
            nxt = bytearray(s.active)
            nxt[face] += 1
            total += _roll_value(tuple(nxt), s.inactive, s.used, s.scored)
        return total / mc.FACES
    return _roll_value(tuple(s.active), s.inactive, s.used, s.scored)


def heuristic_resolution(state):
    """The simple strategies' pick among the legal resolution actions of `state`."""
    key = (tuple(state.active), state.inactive, state.used, state.scored)
    return max(state.legal_actions(), key=lambda a: _action_value(*key, a))


def _is_decide(state):
    return state.legal_actions() == [mc.PASS, mc.CONTINUE]


class PassFirst:
    """pass: take the points at the first chance to pass."""

    name = "pass"

    def choose(self, state):
        if _is_decide(state):
            return mc.PASS
        return heuristic_resolution(state)


class Reach:
    """reach-K: continue while fewer than K dice are scored this turn (default K = 4)."""

    def __init__(self, k=4):
        if not 1 <= k <= mc.DICE:
            raise ValueError("reach-K needs 1 <= K <= 10")
        self.k = k
        self.name = "reach-{}".format(k)

    def choose(self, state):
        if _is_decide(state):
            return mc.CONTINUE if state.scored < self.k else mc.PASS
        return heuristic_resolution(state)


def _turn_result(s):
    """Points of the turn if it has ended in `s` (bust: 0), else None."""
    return s.turns[-1][1] if s.turns else None


@cache
def _one_more_roll(active, inactive, used, scored):
    """Expected points of resolving (with the heuristic) until the next PASS/CONTINUE
    point and passing there; 0 on a bust. Exact over every die outcome. `active` is a
    6-tuple of counts of dice showing."""
    s = m.position(active, inactive, used, scored)
    while True:
        ended = _turn_result(s)
        if ended is not None:
            return float(ended)
        if s.phase_name() == "decide":
            return float(m.points_for(s.scored))
        if s.is_chance():  # one die to roll (MEEPLE or HEART): average its six faces
            total = 0.0
            for face in range(mc.FACES):
                nxt = bytearray(s.active)
                nxt[face] += 1
                total += _one_more_roll(tuple(nxt), s.inactive, s.used, s.scored)
            return total / mc.FACES
        s.apply_action(heuristic_resolution(s))


@cache
def continue_value(used, inactive, scored):
    """Expected points of CONTINUE now and passing at the very next chance (the odds
    strategy's one-step look-ahead): an exact sum over the faces `used` dice can show."""
    total = 0.0
    counts = [0] * mc.FACES

    def spread(face, left, ways):
        nonlocal total
        if face == mc.FACES - 1:
            counts[face] = left
            total += ways * _one_more_roll(tuple(counts), inactive, 0, scored)
            return
        for k in range(left + 1):
            counts[face] = k
            spread(face + 1, left - k, ways * comb(left, k))

    spread(0, used, 1)
    return total / mc.FACES**used


class Odds:
    """odds: weigh the odds of busting: CONTINUE when one more roll (resolved by the
    look-ahead rule of thumb, then passing) is worth more on average than the points banked."""

    name = "odds"

    def choose(self, state):
        if _is_decide(state):
            gain = continue_value(state.used, state.inactive, state.scored)
            return mc.CONTINUE if gain > m.points_for(state.scored) else mc.PASS
        return heuristic_resolution(state)


class Optimal:
    """optimal: play every turn for the largest expected points (the exact solver, M9)."""

    name = "optimal"

    def __init__(self, need=0):
        self.need = need
        self._tables = {}

    def _table(self, need):
        if need not in self._tables:
            from . import solver

            self._tables[need] = solver.solve(need).policy_table()
        return self._tables[need]

    def need_for(self, state):
        """The `need` problem to play: 0 means expected points."""
        return self.need

    def choose(self, state):
        table, cont = self._table(self.need_for(state))
        active = state.active
        if not (active[mc.HEART] or active[mc.MEEPLE] or active[mc.SPACESHIP]
                or active[mc.SUPERHERO]):
            return mc.CONTINUE if cont[state.inactive][state.used][state.scored] else mc.PASS
        return table[bytes(active) + bytes((state.inactive, state.used, state.scored))]


class Win(Optimal):
    """win: in the last round, maximise the chance to take the lead (the --need policy,
    N = the points that put this seat strictly ahead of every other); earlier rounds, or
    when the lead is out of reach or already safe, play as optimal."""

    name = "win"

    def need_for(self, state):
        if state.players == 1 or state.round != mc.ROUNDS - 1:
            return 0
        mine = state.totals[state.seat]
        best_other = max(t for i, t in enumerate(state.totals) if i != state.seat)
        need = best_other - mine + 1
        if 1 <= need <= 55:
            from . import solver

            return solver.points(solver.need_dice(need))  # one table per dice count
        return 0


class Win2(Optimal):
    """win2: 2 players only: every step for the chance to win the game, both players
    playing to win (the exact solved game, winsolve.py)."""

    name = "win2"
    players = 2  # simulate refuses it in games of another size

    def __init__(self):
        super().__init__()
        self._game = None
        self._index = None
        self.stats = None  # a dict to count departures from optimal: see tournament.py

    def _load(self):
        from . import solver, winsolve

        self._game = winsolve.game()
        mdl = solver.model()
        self._index = {bytes(row): i for i, row in enumerate(mdl.X.tolist())}

    def choose(self, state):
        if state.players != 2:
            raise ValueError("win2 plays 2-player games only")
        if self._game is None:
            self._load()
        table, cont = self._table(0)
        t = 2 * state.round + (state.seat != state.first)
        lead = state.totals[state.seat] - state.totals[1 - state.seat]
        deps = self._game.departures(t, lead)
        active = state.active
        if not (active[mc.HEART] or active[mc.MEEPLE] or active[mc.SPACESHIP]
                or active[mc.SUPERHERO]):
            points = mc.CONTINUE if cont[state.inactive][state.used][state.scored] else mc.PASS
            if deps is None:
                return points
            act = mc.CONTINUE if deps[1][state.inactive][state.used][state.scored] else mc.PASS
            self._count(state, t, lead, act != points)
            return act
        key = bytes(active) + bytes((state.inactive, state.used, state.scored))
        points = table[key]
        if deps is None:
            return points
        act = deps[0].get(self._index[key], points)
        self._count(state, t, lead, act != points)
        return act

    def _count(self, state, t, lead, departs):
        """Tallies for the tournament: per (turn, lead, phase) [decisions, departures],
        and per ("turn", t) [turns with a decision, turns with a departure]."""
        if self.stats is None:
            return
        k = (t, lead, state.phase_name())
        row = self.stats.setdefault(k, [0, 0])
        row[0] += 1
        row[1] += departs
        turn = (id(state), len(state.turns))
        trow = self.stats.setdefault(("turn", t), [0, 0])
        if turn != getattr(self, "_turn", None):
            self._turn, self._departed = turn, False
            trow[0] += 1
        if departs and not self._departed:
            self._departed = True
            trow[1] += 1


def _no_param(param, cls):
    if param is not None:
        raise ValueError("takes no parameter")
    return cls()


def _reach(param):
    if param is None:
        return Reach(4)
    if not (param.isascii() and param.isdigit()) or len(param) > 2:  # int() takes "٣"
        raise ValueError("reach-K needs K in digits, 1 <= K <= 10")
    return Reach(int(param))


STRATEGIES = {
    "pass": lambda param: PassFirst(),
    "reach": _reach,
    "odds": lambda param: Odds(),
    "optimal": lambda param: _no_param(param, Optimal),
    "win": lambda param: _no_param(param, Win),
    "win2": lambda param: _no_param(param, Win2),
}

DESCRIPTIONS = {
    "pass": PassFirst.__doc__.split(":", 1)[1].strip(),
    "reach": Reach.__doc__.split(":", 1)[1].strip(),
    "odds": " ".join(Odds.__doc__.split(":", 1)[1].split()),
    "optimal": Optimal.__doc__.split(":", 1)[1].strip(),
    "win": " ".join(Win.__doc__.split(":", 1)[1].split()),
    "win2": " ".join(Win2.__doc__.split(":", 1)[1].split()),
}


def make_strategy(spec):
    """'reach-5' -> Reach(5); raises ValueError naming the bad spec."""
    name, _, param = spec.partition("-")
    if name not in STRATEGIES:
        raise ValueError("unknown strategy '{}' (known: {})".format(spec, ", ".join(STRATEGIES)))
    try:
        return STRATEGIES[name](param or None)
    except (TypeError, ValueError) as e:
        raise ValueError("bad strategy '{}': {}".format(spec, e)) from None
