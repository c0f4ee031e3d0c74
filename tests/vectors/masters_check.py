"""Runs a Masters test vector against the rules core; shared by CPython and MicroPython.

A vector is a dict: "id" (the ruling it shows), "players", "steps" (a script in the
notation below, read left to right) and "expect" (fields of the state afterwards).
  first:N          chance picks seat N to start
  roll:F,F,...     chance: dice show these faces (42, HEART, MEEPLE, ...)
  MEEPLE>DRAGON    resolve MEEPLE on a DRAGON (target "none" for a lone die)
  HEART PASS CONTINUE
"expect" may hold: active (face names, any order), inactive, used, scored, phase,
totals, turns ([seat, points, how]), legal (steps that must be exactly the legal set),
winners, illegal (a step that must be refused, leaving the state unchanged).
"""

from geekout.masters import consts as mc
from geekout.masters import rules as m

HOW = {"pass": mc.ENDED_PASS, "forced": mc.ENDED_FORCED, "bust": mc.ENDED_BUST}


def face(name):
    return mc.FACE_NAMES.index(name.upper())


def parse_step(token):
    """One script token -> list of actions."""
    if token.startswith("first:"):
        return [int(token[6:])]
    if token.startswith("roll:"):
        return [face(f) for f in token[5:].split(",")]
    if token == "PASS":
        return [mc.PASS]
    if token == "CONTINUE":
        return [mc.CONTINUE]
    if token == "HEART":
        return [mc.HEART_ACT]
    actor, target = token.split(">")
    t = mc.NO_TARGET if target == "none" else face(target)
    return [m.resolve_action(face(actor), t)]


def snapshot(s):
    return (bytes(s.active), s.inactive, s.used, s.scored, s.pending, s.phase,
            list(s.totals), bytes(s.journal), s.seat, s.round)


def check(vector):
    """Returns None when the vector holds, else a one-line reason."""
    s = m.new_initial_state(vector.get("players", 1))
    for token in vector["steps"].split():
        for a in parse_step(token):
            try:
                s.apply_action(a)
            except ValueError as e:
                return "step " + token + " refused: " + str(e)
    exp = vector["expect"]
    if "active" in exp:
        want = bytearray(mc.FACES)
        for name in exp["active"]:
            want[face(name)] += 1
        if bytes(want) != bytes(s.active):
            return "active " + str(list(s.active)) + " != " + str(list(want))
    for key in ("inactive", "used", "scored", "pending", "round", "seat"):
        if key in exp and getattr(s, key) != exp[key]:
            return key + " " + str(getattr(s, key)) + " != " + str(exp[key])
    if "phase" in exp and s.phase_name() != exp["phase"]:
        return "phase " + s.phase_name() + " != " + exp["phase"]
    if "totals" in exp and s.totals != exp["totals"]:
        return "totals " + str(s.totals) + " != " + str(exp["totals"])
    if "turns" in exp:
        want = [(t[0], t[1], HOW[t[2]]) for t in exp["turns"]]
        if s.turns != want:
            return "turns " + str(s.turns) + " != " + str(want)
    if "winners" in exp and s.winners() != exp["winners"]:
        return "winners " + str(s.winners()) + " != " + str(exp["winners"])
    if "legal" in exp:
        want = sorted(a for t in exp["legal"] for a in parse_step(t))
        if sorted(s.legal_actions()) != want:
            return "legal " + str(sorted(s.legal_actions())) + " != " + str(want)
    if "illegal" in exp:
        before = snapshot(s)
        for a in parse_step(exp["illegal"]):
            try:
                s.apply_action(a)
            except ValueError:
                continue
            return "illegal step " + exp["illegal"] + " was accepted"
        if snapshot(s) != before:
            return "a refused step changed the state"
    if not s.is_terminal() and s.phase_name() != "first" and s.dice_in_play() != mc.DICE:
        return "dice not conserved: " + str(s.dice_in_play())
    return None
