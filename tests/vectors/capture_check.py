"""Runs a Geekmon Capture test vector; shared by CPython and MicroPython.

Two kinds of vector (dicts with an "id" naming the ruling shown):

Game vectors: config keys "players" (default 2), "stages" (starter line sizes, default
all 3), "first" (seat, 1-based), "wicked", "arena" (type name), "starters" (per player a
card spec, see below); "steps" (a script, tokens read left to right) and "expect".
  draw:GGEGG       chance: G a Geekmon, E a luminous encounter card
  card:S:spec      describe wild card S (1-6); spec parts joined by ":":
                   weak=TYPE  types=TYPE/TYPE  legendary  munchkey
  num:S:N          card S has catalog number N
  active:P:I       player P makes collection card I active (0 = starter)
  go               throwing starts
  t:gghg...        throws by whoever is to throw: g geekcube, h hypercube
  crit:T:P[:g|h]   critical catch on T (1-6, or aN = player N's active) by player P,
                   with a geekcube or hypercube on the icon (none said: the cube unknown)
  elem:P:g|h       player P's cube lands in an elemental zone
  ecube:out|back   solo: an elemental cube leaves the zones / goes back
  check:a,b,c      points of players 1, 2, 3... on the card being checked, then check it
  pts:P:V          player P has V points on the card being checked
  resolve          check the card     bull:P   bull's eye for P     take:I   take card I
  adv:P,Q | adv:-  the tied players P, Q have type advantage (adv:- no one)
  quick[:N]        a quick round: the throws are not entered (solo: N elemental cubes left)
"expect" keys: phase, round, first, thrower, deck, encounters, luminous (1-based
slots), present (1-based slots holding a card), cards (collection sizes), active,
cubes ([[geek, hyper]...]), ecubes, lost, results ([target, winner or 0, how]; target 1-6
or "aN"), rounds, legal (tokens that must be exactly the legal set, descriptions
aside), illegal (a token that must be refused, the state unchanged).

Score vectors: "score" (a score-file object) and "expect" with totals, points (per
player, per card), winners, ranks; or "bad" (words the error must contain).
"""

from geekout.capture import actions as ca
from geekout.capture import consts as kc
from geekout.capture import rules as c
from geekout.capture import score as cs


def _player(text):
    return int(text) - 1


def _target(text):
    if text[0] == "a":
        return kc.ACTIVE_TARGET + int(text[1:]) - 1
    return int(text) - 1


def spec_traits(spec):
    """'weak=magnetic:types=fire/water:legendary:munchkey' -> traits int."""
    w = t = 0
    leg = munch = False
    for part in spec.split(":") if spec else []:
        if part.startswith("weak="):
            w = cs.type_id(part[5:])
        elif part.startswith("types="):
            t = cs.types_mask(part[6:].split("/"))
        elif part == "legendary":
            leg = True
        elif part == "munchkey":
            munch = True
        else:
            raise ValueError("bad card spec " + part)
    return ca.traits(w, t, leg, munch)


def parse_step(token):
    """One script token -> list of actions."""
    head, _, rest = token.partition(":")
    if head == "draw":
        return [kc.DRAW_ENCOUNTER if ch == "E" else kc.DRAW_GEEKMON for ch in rest]
    if head == "card":
        slot, _, spec = rest.partition(":")
        t = spec_traits(spec)
        return [ca.card_action(int(slot) - 1, ca.weakness_of(t), ca.types_of(t),
                              bool(t & kc.LEGENDARY), bool(t & kc.MUNCHKEY))]
    if head == "num":
        slot, num = rest.split(":")
        return [ca.number_action(int(slot) - 1, int(num))]
    if head == "active":
        p, i = rest.split(":")
        return [ca.active_action(_player(p), int(i))]
    if head == "go":
        return [kc.GO]
    if head == "t":
        return [ca.throw_action(kc.HYPER if ch == "h" else kc.GEEK) for ch in rest]
    if head == "crit":
        parts = rest.split(":")
        cube = ("", "g", "h").index(parts[2]) if len(parts) > 2 else 0
        return [ca.critical_action(_target(parts[0]), _player(parts[1]), cube)]
    if head == "adv":
        return [ca.advantage_action([] if rest == "-" else [_player(x) for x in rest.split(",")])]
    if head == "quick":
        return [ca.quick_action(int(rest) if rest else 0)]
    if head == "elem":
        p, k = rest.split(":")
        return [ca.elemental_action(_player(p), kc.HYPER if k == "h" else kc.GEEK)]
    if head == "ecube":
        return [ca.ecube_action(rest == "back")]
    if head == "check":
        acts = []
        vals = rest.split(",")
        for p in range(len(vals)):
            if int(vals[p]):
                acts.append(ca.points_action(p, int(vals[p])))
        acts.append(kc.RESOLVE)
        return acts
    if head == "pts":
        p, v = rest.split(":")
        return [ca.points_action(_player(p), int(v))]
    if head == "resolve":
        return [kc.RESOLVE]
    if head == "bull":
        return [ca.bullseye_action(_player(rest))]
    if head == "take":
        return [ca.take_action(int(rest))]
    raise ValueError("bad token " + token)


def new_state(v):
    players = v.get("players", 2)
    stages = v.get("stages")
    starters = None
    if "starters" in v:
        starters = [spec_traits(s) for s in v["starters"]]
    arena = cs.type_id(v["arena"]) if "arena" in v else 0
    return c.new_initial_state(players, stages, v.get("first", 1) - 1, v.get("wicked", False),
                               arena, starters)


def snapshot(s):
    return (bytes(s.journal), list(s.slots), [list(x) for x in s.collections], bytes(s.active),
            bytes(s.geek), bytes(s.hyper), list(s.queue), s.phase, s.round, s.first, s.deck,
            s.encounters, s.tpos, bytes(s.points), s.ecubes, list(s.results), s.lost)


def _target_name(t):
    if t >= kc.ACTIVE_TARGET:
        return "a" + str(t - kc.ACTIVE_TARGET + 1)
    return t + 1


def _results(s):
    return [[_target_name(t), w + 1, kc.HOW_NAMES[h]] for t, w, h in s.results]


def check_game(v):
    try:
        s = new_state(v)
    except ValueError as e:
        if "refused" in v["expect"]:
            return None if v["expect"]["refused"] in str(e) else "wrong refusal: " + str(e)
        return "config refused: " + str(e)
    if "refused" in v["expect"]:
        return "config accepted"
    for token in v["steps"].split():
        for a in parse_step(token):
            try:
                s.apply_action(a)
            except ValueError as e:
                return "step " + token + " refused: " + str(e)
    exp = v["expect"]
    got = {
        "phase": s.phase_name(),
        "round": s.round + 1,
        "first": s.first + 1,
        "deck": s.deck,
        "encounters": s.encounters,
        "luminous": [i + 1 for i in range(kc.SLOTS) if s.slots[i] != kc.NO_CARD and s.slots[i] & kc.LUMINOUS],
        "present": [i + 1 for i in range(kc.SLOTS) if s.slots[i] != kc.NO_CARD],
        "cards": [len(x) for x in s.collections],
        "active": list(s.active),
        "cubes": [[s.geek[p], s.hyper[p]] for p in range(s.players)],
        "ecubes": s.ecubes,
        "lost": s.lost,
        "results": _results(s),
        "rounds": c.rounds_for(s.players, s.config[1]),
    }
    if s.phase_name() == "throw":
        got["thrower"] = s.thrower() + 1
    for key in exp:
        if key in ("legal", "illegal"):
            continue
        if key not in got:
            return "no " + key + " to compare"
        if got[key] != exp[key]:
            return key + " " + str(got[key]) + " != " + str(exp[key])
    if "legal" in exp:
        want = sorted(a for t in exp["legal"] for a in parse_step(t))
        if sorted(s.legal_actions()) != want:
            return "legal " + str(sorted(ca.action_text(a) for a in s.legal_actions()))
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
    again = c.replay(s.config, s.journal)
    if snapshot(again) != snapshot(s):
        return "replaying the journal gave another state"
    return None


def check_score(v):
    exp = v["expect"]
    try:
        result = cs.score_file(v["score"])
    except ValueError as e:
        if "bad" in exp:
            for w in exp["bad"]:
                if w not in str(e):
                    return "message lacks " + repr(w) + ": " + str(e)
            return None
        return "refused: " + str(e)
    if "bad" in exp:
        return "bad input accepted"
    players = result["players"]
    for p in players:
        if sum(x["points"] for x in p["cards"]) != p["total"]:
            return "card points do not sum to the total of " + p["name"]
    if "totals" in exp and [p["total"] for p in players] != exp["totals"]:
        return "totals " + str([p["total"] for p in players]) + " != " + str(exp["totals"])
    if "points" in exp:
        got = [[x["points"] for x in p["cards"]] for p in players]
        if got != exp["points"]:
            return "points " + str(got) + " != " + str(exp["points"])
    if "winners" in exp and result["winners"] != exp["winners"]:
        return "winners " + str(result["winners"]) + " != " + str(exp["winners"])
    if "ranks" in exp and [p.get("rank") for p in players] != exp["ranks"]:
        return "ranks " + str([p.get("rank") for p in players]) + " != " + str(exp["ranks"])
    return None


def check(vector):
    """Returns None when the vector holds, else a one-line reason."""
    if "score" in vector:
        return check_score(vector)
    return check_game(vector)
