"""The JSON form of galaxy battle events (docs/battle.md), for journal files on the laptop.

Kept on the host: the gadget stores events as bytes (geekout.battle.events), and
this code and its field names would only take heap there.
"""

from geekout.battle.consts import (
    ATTACK,
    DRONE,
    KIND_NAMES,
    MOVE,
    PAY_NAMES,
    STARS,
    TURN,
    TYPE_NAMES,
    UPGRADE,
    WORMHOLE,
)
from geekout.battle.events import (
    BadEvent,
    attack,
    drone,
    move,
    stars,
    turn,
    upgrade,
    validate,
    wormhole,
)

from ..inputs import printable

_FIELDS = (
    ("player",),
    ("player",),
    ("player", "stars", "merge"),
    ("player", "ship", "to", "found", "shield"),
    ("player", "ship"),
    ("player", "pay"),
    ("player", "ship", "pay"),
    ("player", "ship", "target", "target_ship", "teleport"),
    ("player", "target", "target_ship"),
    ("player",),
)


def _int(d, key, default=None):
    v = d.get(key, default)
    if v is None:
        raise BadEvent("missing field '{}'".format(key))
    if type(v) is not int:
        raise BadEvent("'{}' must be a whole number".format(key))
    return v


def _flag(d, key):
    v = d.get(key, False)
    if type(v) is not bool:
        raise BadEvent("'{}' must be true or false".format(key))
    return 1 if v else 0


def _pay(d):
    v = d.get("pay")
    if v not in PAY_NAMES:
        raise BadEvent("'pay' must be \"small\" or \"supernova\"")
    return PAY_NAMES.index(v)


def _star_list(v, kinds, size, what):
    if not isinstance(v, list) or len(v) != size:
        raise BadEvent("'{}' must list {} stars".format(what, size))
    bombs = 0
    for k in v:
        if k not in kinds:
            raise BadEvent("'{}' holds an unknown star kind".format(what))
        if k == "bomb":
            bombs += 1
    return bombs


def from_json(d):
    """The event tuple of one JSON event object; raises BadEvent naming the problem."""
    if not isinstance(d, dict):
        raise BadEvent("an event must be a JSON object")
    name = d.get("type")
    if name not in TYPE_NAMES:
        raise BadEvent("unknown event type {}".format(repr(name) if name is not None else "(none)"))
    kind = TYPE_NAMES.index(name)
    allowed = _FIELDS[kind]
    for key in d:
        if key != "type" and key != "note" and key not in allowed:
            raise BadEvent("{}: unknown field '{}'".format(name, printable(key)))
    p = _int(d, "player")
    if kind == STARS:
        bombs = _star_list(d.get("stars"), ("small", "bomb"), 2, "stars")
        merge = d.get("merge", [])
        if not isinstance(merge, list) or len(merge) > 2:
            raise BadEvent("'merge' must list at most 2 cells")
        ms = [3 - _star_list(m, ("small", "bomb"), 3, "merge") for m in merge]
        ev = stars(p, bombs, ms)
    elif kind == MOVE:
        to = d.get("to", "cell")
        if to != "cell" and to != "base":
            raise BadEvent("'to' must be \"cell\" or \"base\"")
        found = d.get("found", {})
        if not isinstance(found, dict):
            raise BadEvent("'found' must be an object of star counts")
        for key in found:
            if key not in KIND_NAMES:
                raise BadEvent("'found' holds an unknown star kind")
        ev = move(p, _int(d, "ship"), to == "base", _int(found, "small", 0),
                  _int(found, "bomb", 0), _int(found, "supernova", 0), _flag(d, "shield"))
    elif kind == TURN:
        ev = turn(p, _int(d, "ship"))
    elif kind == DRONE:
        ev = drone(p, _pay(d))
    elif kind == UPGRADE:
        ev = upgrade(p, _int(d, "ship"), _pay(d))
    elif kind == ATTACK:
        ev = attack(p, _int(d, "ship"), _int(d, "target"), _int(d, "target_ship"),
                    _flag(d, "teleport"))
    elif kind == WORMHOLE:
        ev = wormhole(p, _int(d, "target"), _int(d, "target_ship"))
    else:
        ev = (kind, p)
    return validate(ev)


def to_json(ev):
    """The JSON object (a dict) of an event tuple; defaults are left out."""
    kind = ev[0]
    d = {"type": TYPE_NAMES[kind], "player": ev[1]}
    if kind == STARS:
        d["stars"] = ["small"] * (2 - ev[2]) + ["bomb"] * ev[2]
        if ev[3]:
            d["merge"] = [["small"] * m + ["bomb"] * (3 - m) for m in ev[4:4 + ev[3]]]
    elif kind == MOVE:
        d["ship"] = ev[2]
        if ev[3]:
            d["to"] = "base"
        found = {}
        for i in range(3):
            if ev[4 + i]:
                found[KIND_NAMES[i]] = ev[4 + i]
        if found:
            d["found"] = found
        if ev[7]:
            d["shield"] = True
    elif kind == TURN:
        d["ship"] = ev[2]
    elif kind == DRONE:
        d["pay"] = PAY_NAMES[ev[2]]
    elif kind == UPGRADE:
        d["ship"] = ev[2]
        d["pay"] = PAY_NAMES[ev[3]]
    elif kind == ATTACK:
        d["ship"] = ev[2]
        d["target"] = ev[3]
        d["target_ship"] = ev[4]
        if ev[5]:
            d["teleport"] = True
    elif kind == WORMHOLE:
        d["target"] = ev[2]
        d["target_ship"] = ev[3]
    return d
