"""The review of a Masters game: what each decision cost and what each roll brought
(docs/masters.md).

V(s) is the value of a position under optimal play: the expected points of the rest of
the turn (solver.py, ruling M9), or with two players the mover's chance to win
(winsolve.py). A decision loses V(best step) - V(step taken) >= 0; a roll brings
V(after) - V(before) (its luck). Walking a turn's journal bytes on the rules core and
adding these up gives, for every finished turn,
    points scored = V* + sum of luck - sum of points lost
(and the same in win chance: the value at the turn's end, its start value, luck, lost).

The walk is plain data in, plain data out, so it could run on the gadget too: the
journal's action bytes and a valuer in, lists and dicts of numbers and words out. A
valuer answers three questions (the host's are solver solutions, the gadget's would be
its hint table, hint.py's advise()):
    start()                      the value of a turn's start, before its 7 dice roll (M2)
    steps(active, inactive, used, scored)
                                 [(action, value)] of the legal steps, best first: the
                                 resolutions (M3), or CONTINUE and PASS (no active die, M6)
    ended(scored, bust)          the value of the turn ending: a pass with `scored` dice
                                 (M7), or a bust (M5)
Table-dice games journal what each turn scored, after the turn itself when the hint
followed it from the first roll to that score (its trace, docs/gadget.md, Saved game):
those turns are walked as above; the others are counted as not reviewed, never guessed.
"""

from geekout.masters import consts as mc
from geekout.masters import rules as m

# Two values this close are one (float rounding of the solvers is about 1e-14): a step
# within TIE of the best loses nothing.
TIE = 1e-12
BLUNDER = 1.0  # a decision losing more points than this is a blunder
COSTLIEST = 5  # the costliest decisions listed per player
SEATS = ("red", "green", "blue", "yellow")  # the gadget's seat colours, as logs export
HOW = {mc.ENDED_PASS: "pass", mc.ENDED_FORCED: "forced pass", mc.ENDED_BUST: "bust"}


# -- the walk of one game ----------------------------------------------------------------
def review(players, actions, points, mode="virtual", win=None):
    """The review of a game from its journal's action bytes (the rules core's, docs/
    gadget.md, Saved game). `points` is the expected-points valuer; `win(t, lead)`, with
    2 players, the win-chance valuer of turn t (0-9: 2 * round + 1 for the player who
    did not start) at that lead. mode "virtual", "auto" (the gadget's own steps marked
    "by": "gadget") or "table" (turns entered as totals: not reviewed). Returns
    {"mode", "seats", "start_value", "finished", "refused", "totals", "turns",
    "players"}; the walk stops at the first entry the rules refuse ("refused" says it)."""
    if mode == "table":
        state, turns, refused = _walk_table(players, actions, points)
    else:
        state, turns, refused = _walk(players, actions, points, mode == "auto", win)
    over = state.is_terminal()
    return {"mode": mode, "seats": players, "start_value": points.start(),
            "finished": over, "refused": refused, "totals": list(state.totals),
            "winners": [s + 1 for s in range(players)
                        if over and state.totals[s] == max(state.totals)],  # M8
            "turns": turns, "players": summary(players, turns, win is not None)}


def _apply(state, b, at):
    """Apply one journal byte; the refusal as the logs commands word it, or None."""
    try:
        m.apply_step(state, b)
    except ValueError as e:
        return "entry {}: {}".format(at, e)
    return None


def _walk(players, actions, points, auto, win):
    state = m.new_initial_state(players)
    turns = []
    turn = None
    for i, b in enumerate(actions):
        if state.phase_name() == "first":  # the first seat's draw (M8): no turn yet
            why = _apply(state, b, i)
            if why:
                return state, turns, why
            continue
        if turn is None:
            valuers = [points]
            if win is not None:
                t = 2 * state.round + (state.seat != state.first)
                valuers.append(win(t, state.totals[state.seat] - state.totals[1 - state.seat]))
            turn = _Turn(state, valuers, auto)
        why = turn.step(state, b, i)
        if why:
            if turn.path[1:] or turn.faces:  # the refused entry was not the turn's first
                turns.append(turn.result(state))
            return state, turns, why
        if turn.over(state):
            turns.append(turn.result(state))
            turn = None
    if turn is not None:  # a turn in play (or cut short by damage)
        turns.append(turn.result(state))
    return state, turns, None


class _Turn:
    """One turn walked step by step, with one running value per valuer (points first)."""

    def __init__(self, state, valuers, auto):
        self.seat = state.seat
        self.round = state.round
        self.number = len(state.turns)
        self.valuers = valuers
        self.auto = auto
        self.start = [v.start() for v in valuers]
        self.value = list(self.start)  # V of where the turn stands
        self.before = None  # V before the roll under way (None: no roll under way)
        self.faces = []
        self.rolls = []
        self.decisions = []
        self.path = [list(self.start)]  # V after each roll and decision
        self.cached = None  # (position, steps per valuer) of the position in hand

    def over(self, state):
        return len(state.turns) > self.number

    def _steps(self, state):
        pos = position(state)
        if self.cached is None or self.cached[0] != pos:
            active, inactive, used, scored = pos
            self.cached = (pos, [v.steps(list(active), inactive, used, scored)
                                 for v in self.valuers])
        return self.cached[1]

    def _now(self, state):
        """V of where the turn stands after a roll: its end, or its next decision's best."""
        if self.over(state):
            _seat, _points, how = state.turns[-1]
            return [v.ended(state.last[8], how == mc.ENDED_BUST) for v in self.valuers]
        return [steps[0][1] for steps in self._steps(state)]

    def step(self, state, b, at):
        if state.is_chance():
            if self.before is None:
                self.before = self.value
            why = _apply(state, b, at)
            if why:
                return why
            self.faces.append(b)
            if self.over(state) or not state.is_chance():  # the roll is complete
                after = self._now(state)
                self.path.append(list(after))
                roll = {"step": len(self.path) - 1, "dice": len(self.faces),
                        "faces": self.faces, "before": self.before[0], "after": after[0],
                        "luck": after[0] - self.before[0],
                        "position": None if self.over(state) else _plain(position(state))}
                if len(after) > 1:
                    roll["win_luck"] = after[1] - self.before[1]
                self.rolls.append(roll)
                self.value, self.before, self.faces = after, None, []
            return None
        all_steps = self._steps(state)
        pos = self.cached[0]
        chosen, best = [], []
        for steps in all_steps:
            values = dict(steps)
            if b not in values:  # not a legal step: the rules core says why
                break
            v = values[b]
            top_action, top = steps[0]
            if top - v <= TIE:  # as good as the best: nothing lost
                top_action, top = b, v
            chosen.append(v)
            best.append((top_action, top))
        by = "player"
        if self.auto and (state.phase_name() == "resolve" or not state.scored):
            by = "gadget"  # auto dice: the gadget resolves, and continues with 0 scored
        why = _apply(state, b, at)
        if why:
            return why
        self.value = chosen
        self.path.append(list(chosen))
        if len(all_steps[0]) >= 2:  # a choice among two or more steps
            d = {"step": len(self.path) - 1, "position": _plain(pos),
                 "chosen": m.action_text(b), "best": m.action_text(best[0][0]),
                 "chosen_id": b, "best_id": best[0][0],
                 "value": best[0][1], "chosen_value": chosen[0],
                 "points_lost": best[0][1] - chosen[0], "by": by}
            if len(chosen) > 1:
                d["win_best"] = m.action_text(best[1][0])
                d["win_value"] = best[1][1]
                d["win_chosen_value"] = chosen[1]
                d["win_lost"] = best[1][1] - chosen[1]
            self.decisions.append(d)
        return None

    def result(self, state):
        done = self.over(state)
        _seat, score, how = state.turns[self.number] if done else (None, None, None)
        out = {"turn": self.number + 1, "round": self.round + 1, "seat": self.seat + 1,
               "colour": SEATS[self.seat], "finished": done, "score": score,
               "result": HOW[how] if done else None, "reviewed": True,
               "start_value": self.start[0],
               "luck": sum(r["luck"] for r in self.rolls),
               "points_lost": sum(d["points_lost"] for d in self.decisions),
               "decisions": self.decisions, "rolls": self.rolls}
        if len(self.valuers) > 1:
            out["win"] = {"start": self.start[1], "end": self.path[-1][1],
                          "luck": sum(r["win_luck"] for r in self.rolls),
                          "lost": sum(d["win_lost"] for d in self.decisions),
                          "path": [v[1] for v in self.path]}
        return out


def position(state):
    """(active counts, inactive, used, scored) of a rules-core state: at a pass/continue
    point (M6) no die is active."""
    active = tuple(state.active) if state.phase_name() == "resolve" else (0,) * mc.FACES
    return active, state.inactive, state.used, state.scored


def _plain(pos):
    active, inactive, used, scored = pos
    return {"active": list(active), "inactive": inactive, "used": used, "scored": scored}


def _walk_table(players, actions, points):
    """A table-dice game: the scorepad's turns; each one with a trace that ends in its
    entry walked as a one-seat turn (the same valuer), the others counted and not
    reviewed."""
    pad = m.Scorepad(players)
    refused = None
    for i, b in enumerate(actions):
        refused = _apply(pad, b, i)
        if refused:
            break
    turns = []
    for i, (seat, score, how) in enumerate(pad.turns):
        where = {"turn": i + 1, "round": i // players + 1, "seat": seat + 1,
                 "colour": SEATS[seat]}
        trace = pad.traces[i]
        if trace and m.trace_entry(trace) == pad.entries[i]:
            _state, walked, _why = _walk(1, b"\0" + trace, points, False, None)
            turns.append(dict(walked[0], **where))
            continue
        turns.append(dict(where, finished=True, score=score, result=HOW[how], reviewed=False,
                          start_value=points.start(), luck=None, points_lost=None,
                          decisions=[], rolls=[]))
    return pad, turns, refused


# -- per player --------------------------------------------------------------------------
def summary(players, turns, win=False):
    """Per seat, over its finished turns: turns, those reviewed, decisions, points lost
    (total, per reviewed turn, by the gadget), blunders (> BLUNDER points), luck, score,
    and the COSTLIEST decisions (with their turn and round); with `win`, win chance lost
    and luck. A turn still in play is listed in `turns` but left out of these sums."""
    out = []
    for s in range(players):
        mine = [t for t in turns if t["seat"] == s + 1 and t["finished"]]
        seen = [t for t in mine if t["reviewed"]]
        decisions = [dict(d, turn=t["turn"], round=t["round"]) for t in seen
                     for d in t["decisions"]]
        lost = sum(t["points_lost"] for t in seen)
        gadget = [d for d in decisions if d["by"] == "gadget"]
        costly = sorted((d for d in decisions if d["points_lost"] > 0),
                        key=lambda d: -d["points_lost"])[:COSTLIEST]
        row = {"seat": s + 1, "colour": SEATS[s], "turns": len(mine), "reviewed": len(seen),
               "decisions": len(decisions), "points_lost": lost,
               "points_lost_per_turn": lost / len(seen) if seen else None,
               "blunders": sum(1 for d in decisions if d["points_lost"] > BLUNDER),
               "luck": sum(t["luck"] for t in seen),
               "score": sum(t["score"] for t in mine),
               "gadget_decisions": len(gadget),
               "gadget_points_lost": sum(d["points_lost"] for d in gadget),
               "costliest": costly}
        if win:
            row["win_lost"] = sum(t["win"]["lost"] for t in seen)
            row["win_luck"] = sum(t["win"]["luck"] for t in seen)
            row["win_costliest"] = sorted(
                (d for d in decisions if d["win_lost"] > 0),
                key=lambda d: -d["win_lost"])[:COSTLIEST]
        out.append(row)
    return out


# -- the host's valuers --------------------------------------------------------------------
class SolutionValuer:
    """A valuer over a solver.Solution (solver.solve() for expected points, or one lead
    of winsolve.turn_solution() for the chance to win)."""

    def __init__(self, sol):
        self.sol = sol
        self.kept = {}  # position -> steps: games meet the same positions again and again

    def start(self):
        return self.sol.start_value()

    def steps(self, active, inactive, used, scored):
        key = (tuple(active), inactive, used, scored)
        got = self.kept.get(key)
        if got is None:
            got = self.kept[key] = self._steps(active, inactive, used, scored)
        return list(got)

    def _steps(self, active, inactive, used, scored):
        sol = self.sol
        if not sum(active):  # a pass/continue point (M6); ties as the solver plays them
            banked, cont = sol.decide(inactive, used, scored)
            if sol.cont[inactive, used, scored]:
                return [(mc.CONTINUE, cont), (mc.PASS, banked)]
            return [(mc.PASS, banked), (mc.CONTINUE, cont)]
        vals = sol.action_values(active, inactive, used, scored)
        vals.sort(key=lambda av: -av[1])  # stable: the rules core's order on ties
        return vals

    def ended(self, scored, bust):
        sol = self.sol
        return float(sol.V[sol.model.BUST]) if bust else float(sol.g[scored])


class ConstantValuer:
    """Every position worth `value`: a turn whose lead decides the game before it starts
    (winsolve.solved is false: 0 or 1 whatever happens)."""

    def __init__(self, value, legal):
        self.value = value
        self.legal = legal

    def start(self):
        return self.value

    def steps(self, active, inactive, used, scored):
        return [(a, self.value) for a in self.legal(active, inactive, used, scored)]

    def ended(self, scored, bust):
        return self.value


class HintValuer:
    """The gadget's hint table (firmware/geekout/masters/hint.bin, read by the device's
    own hint.py) as a valuer: the values the gadget's review
    (firmware/geekout/masters/review.py) walks with, stored x 1024. A position's V is
    its stored value (hint.value), not its best step's worked out: the two differ by
    the rounding (at most a table step)."""

    def __init__(self, path=None):
        import io

        from geekout.masters import hint

        from .review_games import HINT_BIN

        with open(path or HINT_BIN, "rb") as f:
            self.table = hint.open_table(io.BytesIO(f.read()))
        self.hint = hint

    def start(self):
        """V*: the continue value with 7 dice to roll and 3 inactive (M2)."""
        return self.steps([0] * mc.FACES, mc.START_INACTIVE, mc.START_ACTIVE, 0)[0][1]

    def steps(self, active, inactive, used, scored):
        """advise()'s steps, and first the best with the position's V as the gadget
        reads it (hint.value, x 1024 as stored): dict() of the list keeps each step's
        own value, the walk takes the first as the best."""
        active = bytearray(active)
        steps = self.hint.advise(self.table, active, inactive, used, scored)
        if len(steps) < 2:
            return steps
        v = self.hint.value(self.table, active, inactive, used, scored)
        return [(steps[0][0], v / (6 * self.hint.POINTS_SCALE))] + steps

    def ended(self, scored, bust):
        return 0.0 if bust else float(m.points_for(scored))


def _legal(active, inactive, used, scored):
    if not sum(active):
        return [mc.CONTINUE, mc.PASS]
    return m.position(list(active), inactive, used, scored).legal_actions()


def points_valuer():
    """Expected points under optimal play (solver.py, M9): V* at a turn's start."""
    from . import solver

    return SolutionValuer(solver.solve())


def win_valuers(game=None):
    """win(t, lead) -> the valuer of the mover's chance to win turn t at that lead, from
    the solved two-player game (winsolve.game(), solved or read from its cache); each
    (turn, lead) is solved once (0.1-0.5 s) and kept."""
    from . import winsolve

    g = winsolve.game() if game is None else game
    kept = {}

    def win(t, lead):
        key = (t, lead)
        if key not in kept:
            if g.solved(t, lead):
                kept[key] = SolutionValuer(winsolve.turn_solution(t, lead, g))
            else:
                kept[key] = ConstantValuer(g.at(t, lead), _legal)
        return kept[key]

    return win


def position_text(pos):
    """A decision's position in words: "42 42 DRAGON MEEPLE; inactive 3, used 2,
    scored 1", or the pass/continue point "pass or continue; inactive 1, used 3, scored
    6 (21 banked)"."""
    faces = []
    for f in range(mc.FACES):
        faces += [mc.FACE_NAMES[f]] * pos["active"][f]
    zones = "inactive {}, used {}, scored {}".format(pos["inactive"], pos["used"], pos["scored"])
    if faces:
        return "{}; {}".format(" ".join(faces), zones)
    return "pass or continue; {} ({} banked)".format(zones, m.points_for(pos["scored"]))
