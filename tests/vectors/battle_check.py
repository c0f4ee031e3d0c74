"""Runs a galaxy battle test vector against the rules core; CPython and MicroPython.

A vector is a dict: "id" (the ruling it shows), "players" (3 or 4, default 3), "steps"
(a script, read left to right, in the notation below), "expect", and for B11 "manual"
(the rulebook's line it rests on; not checked here).
Script tokens (the acting player is the one in turn unless prefixed "N/", 0-based):
  first:N        chance: seat N plays first
  cell  done     place a cell; end the phase
  stars:sb       place 2 stars (s small, b bomb); "+ssb" per cell merged into a supernova
  move:S         move ship S (0 mothership, 1-3 drones); "@base" onto its own base;
  move:S:sbn     ... into a cell holding those stars (s small, b bomb, n supernova);
                 a trailing "!" uses the star shield there
  turn:S         turn ship S's cannon
  drone:s  drone:n      create a drone paying 2 small stars / a supernova
  up:S:s   up:S:n       upgrade ship S with a small star / a supernova
  atk:S>P.T      ship S attacks player P's ship T; a trailing "!": P teleports away
  worm:P.T       wormhole on player P's ship T
  TOKEN*K        the token K times
"expect" may hold: phase, seat, points (action points left), cells, map, box, totals
(every star wherever it is; lists small/bomb/supernova), per-player lists kills, value, coll_small, coll_nova,
reserve_small, reserve_bomb, ships (ships in play), unique (names left per player),
merges (cells the next placement may merge, B11),
levels and at_base (per player, one entry per ship: levels, or 1/0, "-" if not in
play), winner ([player, condition] or None), legal (tokens that must be legal and listed by
legal_events()), accepted (tokens that must be legal, of shapes legal_events() leaves out,
e.g. two merges),
illegal ([token, ruling] or [token, ruling, word]: each refused with that ruling, its
message holding the word, the state unchanged).
Star and ship conservation are checked after every vector.
"""

from geekout.battle import consts as c
from geekout.battle import events as e
from geekout.battle import rules as b

_PAY = {"s": c.PAY_SMALL, "n": c.PAY_NOVA}


def _found(letters):
    return letters.count("s"), letters.count("b"), letters.count("n")


def parse(token, seat):
    """One script token -> list of event tuples, every repeat by `seat` (or its "N/")."""
    times, p, token = split_token(token, seat)
    return [parse_one(token, p)] * times


def split_token(token, seat):
    """(repeats, player or -1 for "whoever is in turn", bare token)."""
    times = 1
    if "*" in token:
        token, k = token.split("*")
        times = int(k)
    p = seat
    if "/" in token:
        who, token = token.split("/")
        p = int(who)
    return times, p, token


def parse_one(token, p):
    head, _, rest = token.partition(":")
    if head == "first":
        return e.first(int(rest))
    if head == "cell":
        return e.cell(p)
    if head == "done":
        return e.done(p)
    if head == "stars":
        parts = rest.split("+")
        return e.stars(p, parts[0].count("b"), [m.count("s") for m in parts[1:]])
    if head == "move":
        bang = rest.endswith("!")
        if bang:
            rest = rest[:-1]
        base = rest.endswith("@base")
        if base:
            rest = rest[:-5]
        ship, _, letters = rest.partition(":")
        sm, bo, nv = _found(letters)
        return e.move(p, int(ship), base, sm, bo, nv, bang)
    if head == "turn":
        return e.turn(p, int(rest))
    if head == "drone":
        return e.drone(p, _PAY[rest])
    if head == "up":
        ship, pay = rest.split(":")
        return e.upgrade(p, int(ship), _PAY[pay])
    if head == "atk":
        bang = rest.endswith("!")
        if bang:
            rest = rest[:-1]
        ship, target = rest.split(">")
        t, ts = target.split(".")
        return e.attack(p, int(ship), int(t), int(ts), bang)
    if head == "worm":
        t, ts = rest.split(".")
        return e.wormhole(p, int(t), int(ts))
    raise ValueError("unknown token " + token)


def run_script(state, steps):
    """Applies a script; returns None, or a one-line reason for the first refusal."""
    for token in steps.split():
        times, p, bare = split_token(token, -1)
        for _ in range(times):
            ev = parse_one(bare, state.seat if p < 0 else p)
            try:
                state.apply(ev)
            except ValueError as ex:
                return "step " + token + " refused: " + str(ex)
    return None


def _per_ship(s, what):
    out = []
    for p in range(s.players):
        row = []
        for ship in range(c.SHIPS):
            inplay, lv, base = s.ship_at(p, ship)
            if not inplay:
                row.append("-")
            else:
                row.append(lv if what == "levels" else (1 if base else 0))
        out.append(row)
    return out


def observe(s, key):
    """The state's value for an "expect" key."""
    n = range(s.players)
    if key == "phase":
        return s.phase_name()
    if key == "seat":
        return s.seat
    if key == "points":
        return s.points_left()
    if key == "cells":
        return s.cells
    if key == "merges":
        return s.merges_possible()
    if key == "map" or key == "box":
        return list(getattr(s, key))
    if key == "totals":
        return list(s.star_counts())
    if key in ("kills", "coll_small", "coll_nova", "reserve_small", "reserve_bomb"):
        return list(getattr(s, key))
    if key == "value":
        return [s.star_value(p) for p in n]
    if key == "ships":
        return [s.ships_in_play(p) for p in n]
    if key == "unique":
        return [s.unique_left(p) for p in n]
    if key == "levels" or key == "at_base":
        return _per_ship(s, key)
    if key == "winner":
        if s.winner < 0:
            return None
        return [s.winner, c.CONDITION_NAMES[s.condition]]
    raise ValueError("unknown expect key " + key)


def conserved(s):
    """None if every star and ship is accounted for, else why not."""
    if s.star_counts() != c.TOTALS:
        return "stars not conserved: " + str(s.star_counts())
    for p in range(s.players):
        inplay = s.ships_in_play(p)
        if inplay < 1 or inplay + s.drones_in_supply(p) > c.SHIPS:
            return "ships not conserved for P" + str(p)
    return None


def check(vector):
    """Returns None when the vector holds, else a one-line reason."""
    s = b.new_initial_state(vector.get("players", 3))
    why = run_script(s, vector.get("steps", ""))
    if why:
        return why
    exp = vector["expect"]
    for key in exp:
        if key == "legal" or key == "illegal" or key == "accepted":
            continue
        got = observe(s, key)
        if got != exp[key]:
            return key + " " + str(got) + " != " + str(exp[key])
    listed = s.legal_events() if "legal" in exp else []
    for token in exp.get("legal", ()):
        for ev in parse(token, s.seat):
            try:
                s.check(ev)
            except ValueError as ex:
                return "legal " + token + " refused: " + str(ex)
            if ev not in listed:
                return "legal " + token + " missing from legal_events()"
    for token in exp.get("accepted", ()):
        for ev in parse(token, s.seat):
            try:
                s.check(ev)
            except ValueError as ex:
                return "accepted " + token + " refused: " + str(ex)
    for item in exp.get("illegal", ()):
        token, ruling = item[0], item[1]
        before = s.snapshot()
        ev = parse(token, s.seat)[0]
        try:
            s.apply(ev)
        except b.Illegal as ex:
            if ex.ruling != ruling or (len(item) > 2 and item[2] not in str(ex)):
                return "illegal " + token + " refused as " + str(ex) + ", not " + str(item)
            if s.snapshot() != before:
                return "refused " + token + " changed the state"
            continue
        return "illegal " + token + " was accepted"
    return conserved(s)
