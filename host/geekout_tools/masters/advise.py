"""Advice at the table: the value of a Masters position and of every next step, in words.

Built on the exact solver (solver.py). A position is the dice showing in active (still
to be resolved, M3), and the counts of inactive, used and scored dice (M2: 10 in all).
With `need` (1-55) the numbers are probabilities of ending the turn with at least that
many points instead of expected points. With `win` (advise_win) they are the chance to
win the two-player game (P(win) + 1/2 P(shared win), M8), from the solved game of
winsolve.py, at a given round, seat and lead.
"""

from geekout.masters import consts as mc
from geekout.masters import rules as m

from ..errors import UsageError
from ..inputs import ascii_int, is_ascii_int, printable
from . import solver as sv


def parse_faces(text):
    """'42,dragon,MEEPLE' -> 6 counts; '' -> no active dice. Raises UsageError."""
    counts = [0] * mc.FACES
    if text is None or not text.strip():
        return counts
    for word in text.split(","):
        name = word.strip().upper()
        if name not in mc.FACE_NAMES:
            raise UsageError("unknown face '{}' (faces: {})".format(
                word.strip(), ", ".join(mc.FACE_NAMES)))
        counts[mc.FACE_NAMES.index(name)] += 1
    return counts


def parse_count(text, what):
    """A zone's dice count in ASCII digits. Raises UsageError."""
    if not is_ascii_int(text):
        raise UsageError("--{} must be a whole number, not '{}'".format(what, printable(text, 40)))
    if text.strip().startswith("-"):
        raise UsageError("--{} cannot be negative ({})".format(what, printable(text.strip(), 12)))
    return ascii_int(text, "--" + what, 0)  # the total of 10 is check_position's


def parse_need(text, allow_all=False):
    """--need: 1-55 in ASCII digits (or 'all' where allowed)."""
    if allow_all and str(text).strip().lower() == "all":
        return "all"
    if not is_ascii_int(text):
        raise UsageError("--need must be a whole number from 1 to 55{}, not '{}'".format(
            " or 'all'" if allow_all else "", printable(text, 40)))
    t = text.strip()
    if len(t) > 30 or not 1 <= int(t) <= 55:
        raise UsageError("--need must be from 1 to 55 (the most one turn can score), "
                         "not {}".format(printable(t, 12)))
    return int(t)


def check_position(active, inactive, used, scored):
    total = sum(active) + inactive + used + scored
    if total != mc.DICE:
        raise UsageError("the zones hold {} dice ({} active + {} inactive + {} used + {} "
                         "scored); they must hold 10".format(
                             total, sum(active), inactive, used, scored))


def _fmt(v, need):
    return "{:.1%}".format(v) if need else "{:.2f}".format(v)


def parse_round(text):
    """--round: 1-5 (M8)."""
    return ascii_int(text, "--round", 1, mc.ROUNDS)


def parse_seat(text):
    """--seat: first or second (the player about to play, in a 2-player game)."""
    word = str(text).strip().lower()
    if word not in ("first", "second"):
        raise UsageError("--seat must be 'first' or 'second', not '{}'".format(printable(text, 20)))
    return ("first", "second").index(word)


def parse_lead(text, round_no, seat):
    """--lead: the mover's total minus the other's, within what that turn can have."""
    from . import winsolve as ws

    t = ws.turn_index(round_no, seat)
    lo, hi = ws.lead_hull(t)
    return ascii_int(text, "--lead (round {}, {} player)".format(
        round_no, ws.SEATS[seat]), lo, hi)


def advise(active, inactive, used, scored, need=0):
    """{"value" or "probability": v, "advice": [{"action", "id", "value"|"probability"}],
    best first, "say": one sentence, "note": what happened before the decision (M4)}.
    `active` = 6 counts. The position is checked (UsageError on bad counts)."""
    check_position(active, inactive, used, scored)
    return _advise(sv.solve(need), active, inactive, used, scored, need)


def advise_win(active, inactive, used, scored, round_no, seat, lead):
    """advise() for the chance to win the two-player game: "value" is the mover's win
    value (M8) at round 1-5, seat 0 (first) / 1 (second), with `lead` = the mover's total
    minus the other's. The result adds "points_action": the points-optimal step (M9)."""
    from . import winsolve as ws

    check_position(active, inactive, used, scored)
    sol = ws.turn_solution(ws.turn_index(round_no, seat), lead)
    result = _advise(sol, active, inactive, used, scored, 0, win=True)
    points = _advise(sv.solve(), active, inactive, used, scored, 0)
    result["points_action"] = points["advice"][0]["action"] if points["advice"] else None
    if result["advice"] and result["points_action"] is not None:
        best = result["advice"][0]
        pts = [a for a in result["advice"] if a["action"] == result["points_action"]][0]
        if pts["value"] < best["value"] - ws.TIE:
            result["say"] += "; points-optimal play would {} ({})".format(
                pts["action"], _pct(pts["value"]))
    return result


def _pct(v):
    return "{:.1%} to win".format(v)


def _advise(sol, active, inactive, used, scored, need, win=False):
    key = "probability" if need else "value"
    note = ""
    active = list(active)
    if sum(active) and not any(active[f] for f in sv.ACTION_FACES):
        # M4: nothing to resolve; the position settles before any decision.
        if active[mc.DRAGON]:
            bust = float(sol.V[sol.model.BUST])  # 0 points; for a win value, the lead stays
            return {key: bust, "advice": [], "note": "a DRAGON is left with nothing to "
                    "resolve: the turn is a bust (M4, M5)",
                    "say": "bust: no points" + (" ({})".format(_pct(bust)) if win else "")}
        note = "the {} 42s move to scored (M4)".format(active[mc.F42])
        scored += active[mc.F42]
        active = [0] * mc.FACES
    if sum(active) == 0:
        banked = float(sol.g[scored])
        if used == 0:  # M6
            what = "{} points".format(sv.points(scored)) if not need else _fmt(banked, need)
            if win:
                what += " ({})".format(_pct(banked))
            return {key: banked,
                    "advice": [{"action": "PASS", "id": mc.PASS, key: banked}],
                    "note": (note + "; " if note else "") + "used is empty: the pass is "
                    "forced (M6)", "say": "PASS (forced): " + what}
        cont = float(sol.C[inactive, used, scored])
        options = [(mc.PASS, banked), (mc.CONTINUE, cont)]
        if (sol.cont[inactive, used, scored] if win else cont > banked):  # win: ties as M9
            options.reverse()
        if win:
            passing = "passing with {} points banked".format(sv.points(scored))
            if options[0][0] == mc.CONTINUE:
                say = "CONTINUE: {} by continuing vs {:.1%} by {}".format(
                    _pct(cont), banked, passing)
            else:
                say = "PASS: {} by {} vs {:.1%} by continuing".format(_pct(banked), passing, cont)
        elif need:
            say = "{}: {} to reach {} points by passing vs {} by continuing".format(
                m.action_text(options[0][0]), _fmt(banked, need), need, _fmt(cont, need))
        else:
            say = "{}: {} points banked vs {} expected by continuing".format(
                m.action_text(options[0][0]), sv.points(scored), _fmt(cont, need))
        return {key: max(banked, cont),
                "advice": [{"action": m.action_text(a), "id": a, key: v} for a, v in options],
                "note": note, "say": say}
    vals = sol.action_values(active, inactive, used, scored)
    vals.sort(key=lambda av: -av[1])  # stable: the rules core's order on ties
    best, value = vals[0]
    unit = "" if need else " expected points"
    show = _pct if win else (lambda v: _fmt(v, need))
    say = "{}: {}{}".format(m.action_text(best), show(value), "" if win else unit)
    if len(vals) > 1:
        say += " (next best {}: {})".format(m.action_text(vals[1][0]), show(vals[1][1]))
    return {key: value,
            "advice": [{"action": m.action_text(a), "id": a, key: v} for a, v in vals],
            "note": note, "say": say}
