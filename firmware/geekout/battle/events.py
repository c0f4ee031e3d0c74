"""Galaxy battle events: the compact tuple form, its bytes, and a line for the screen.

An event is a flat tuple of small ints, (TYPE, player, fields...), one fixed shape per
type (the type ids are in consts.py); the gadget's journal stores each as 1-3 bytes
(`encode`/`decode`). Journal files on the laptop use the JSON form, read and written by
the host tools (geekout_tools/battle/json_events.py). Ships are numbered per player: 0
is the mothership, 1-3 the drones. Pure: no I/O; runs on MicroPython and CPython.
Each type's tuple and bytes: docs/battle.md, Compact form (the gadget).
"""

from .consts import (
    ATTACK,
    CELL,
    DONE,
    DRONE,
    FIRST,
    MOVE,
    PAY_NAMES,
    PAY_SMALL,
    SHIP_NAMES,
    STARS,
    TURN,
    TYPE_NAMES,
    UPGRADE,
    WORMHOLE,
)

# The fields after the type, per type: their names (the JSON names where they match) and
# the largest value each may take (the player: 0-3, four seats at most).
_FIELDS = (
    (("player", 3),),  # FIRST
    (("player", 3),),  # CELL
    (("player", 3), ("bombs", 2), ("merges", 2), ("merge 1 small", 3), ("merge 2 small", 3)),
    (("player", 3), ("ship", 3), ("to", 1), ("small", 3), ("bomb", 3), ("supernova", 3),
     ("shield", 1)),  # MOVE
    (("player", 3), ("ship", 3)),  # TURN
    (("player", 3), ("pay", 1)),  # DRONE
    (("player", 3), ("ship", 3), ("pay", 1)),  # UPGRADE
    (("player", 3), ("ship", 3), ("target", 3), ("target_ship", 3), ("teleport", 1)),  # ATTACK
    (("player", 3), ("target", 3), ("target_ship", 3)),  # WORMHOLE
    (("player", 3),),  # DONE
)
_TOPS = tuple(bytes(f[1] for f in fields) for fields in _FIELDS)  # each field's maximum
_SIZES = b"\1\1\2\3\2\2\2\2\2\1"  # bytes of an encoded event, per type


class BadEvent(ValueError):
    """An event that is not well formed (unknown type, field missing or out of range)."""


def first(p):
    return (FIRST, p)


def cell(p):
    return (CELL, p)


def done(p):
    return (DONE, p)


def stars(p, bombs=0, merges=()):
    """`merges`: for each cell that became a supernova, how many of its 3 stars were small."""
    m = list(merges) + [0, 0]
    return (STARS, p, bombs, len(merges), m[0], m[1])


def move(p, ship, base=0, small=0, bomb=0, nova=0, shield=0):
    return (MOVE, p, ship, 1 if base else 0, small, bomb, nova, 1 if shield else 0)


def turn(p, ship):
    return (TURN, p, ship)


def drone(p, pay=PAY_SMALL):
    return (DRONE, p, pay)


def upgrade(p, ship, pay=PAY_SMALL):
    return (UPGRADE, p, ship, pay)


def attack(p, ship, target, tship, teleport=0):
    return (ATTACK, p, ship, target, tship, 1 if teleport else 0)


def wormhole(p, target, tship):
    return (WORMHOLE, p, target, tship)


def validate(ev):
    """Raises BadEvent unless `ev` is a well-formed event tuple; returns it. Each field is
    checked against its type's bytes of maxima (_TOPS): every check and apply of the
    rules core starts here, and a move took 530 us on the emulated Pico when each field
    was read from _FIELDS, 310 us this way."""
    if not isinstance(ev, tuple) or len(ev) < 2:
        raise BadEvent("an event is a tuple (type, player, ...)")
    kind = ev[0]
    if not isinstance(kind, int) or not 0 <= kind <= DONE:
        raise BadEvent("unknown event type {}".format(kind))
    top = _TOPS[kind]
    if len(ev) != len(top) + 1:
        raise BadEvent("{} takes {} fields".format(TYPE_NAMES[kind], len(top) + 1))
    i = 1
    for most in top:
        v = ev[i]
        if not isinstance(v, int) or not 0 <= v <= most:
            name = _FIELDS[kind][i - 1][0]
            raise BadEvent("{}: '{}' must be 0-{}".format(TYPE_NAMES[kind], name, most))
        i += 1
    if kind == STARS:
        nm = ev[3]
        if (nm < 1 and ev[4]) or (nm < 2 and ev[5]):
            raise BadEvent("stars: merge detail without a merge")
    return ev


# -- bytes: byte 0 = type << 2 | player; the fields packed in 0-2 more bytes ------------
def encode(ev):
    """The bytes of `ev`, checked first (BadEvent)."""
    return pack(validate(ev))


def pack(ev):
    """The bytes of an event known to be well formed (one the rules core applied): the
    check of encode() took 250 us an event on the emulated Pico, twice in each event a
    press applies and saves."""
    kind = ev[0]
    b0 = kind << 2 | ev[1]
    if kind == STARS:
        return bytes((b0, ev[2] | ev[3] << 2 | ev[4] << 4 | ev[5] << 6))
    if kind == MOVE:
        return bytes((b0, ev[2] | ev[3] << 2 | ev[7] << 3 | ev[5] << 4 | ev[4] << 6, ev[6]))
    if kind == TURN or kind == DRONE:
        return bytes((b0, ev[2]))
    if kind == UPGRADE:
        return bytes((b0, ev[2] | ev[3] << 2))
    if kind == ATTACK:
        return bytes((b0, ev[2] | ev[3] << 2 | ev[4] << 4 | ev[5] << 6))
    if kind == WORMHOLE:
        return bytes((b0, ev[2] | ev[3] << 2))
    return bytes((b0,))


def decode(buf, pos=0):
    """(event, position after it) from the bytes at buf[pos:], checked (BadEvent)."""
    ev, pos = unpack(buf, pos)
    return validate(ev), pos


def unpack(buf, pos=0):
    """decode() without the check of the event's fields, for bytes the rules core wrote
    or is about to check (apply does, first thing): the check took 250 us an event on
    the emulated Pico, twice in each event an undo replays. The bytes' framing is still
    checked (BadEvent)."""
    if pos >= len(buf):
        raise BadEvent("journal ends inside an event")
    b0 = buf[pos]
    kind = b0 >> 2
    p = b0 & 3
    if kind > DONE:
        raise BadEvent("unknown event type {}".format(kind))
    n = _SIZES[kind]
    if pos + n > len(buf):
        raise BadEvent("journal ends inside an event")
    b = buf[pos + 1] if n > 1 else 0
    if kind == STARS:
        ev = (kind, p, b & 3, b >> 2 & 3, b >> 4 & 3, b >> 6)
    elif kind == MOVE:
        ev = (kind, p, b & 3, b >> 2 & 1, b >> 6, b >> 4 & 3, buf[pos + 2], b >> 3 & 1)
    elif kind == TURN or kind == DRONE:
        ev = (kind, p, b)
    elif kind == UPGRADE or kind == WORMHOLE:
        ev = (kind, p, b & 3, b >> 2)
    elif kind == ATTACK:
        ev = (kind, p, b & 3, b >> 2 & 3, b >> 4 & 3, b >> 6)
    else:
        ev = (kind, p)
    return ev, pos + n


def decode_all(buf):
    """Every event of a journal, in order."""
    out = []
    pos = 0
    while pos < len(buf):
        ev, pos = decode(buf, pos)
        out.append(ev)
    return out


def event_text(ev):
    """A short line for the gadget's screen, e.g. "P1 attack M>P2 D1" (players counted from 0)."""
    kind = ev[0]
    head = "P{} {}".format(ev[1], TYPE_NAMES[kind])
    if kind == STARS:
        return head + " {}s {}b".format(2 - ev[2], ev[2]) + (" +nova" * ev[3])
    if kind == MOVE:
        text = head + " " + SHIP_NAMES[ev[2]] + (" base" if ev[3] else "")
        if ev[4] or ev[5] or ev[6]:  # each count apart: "1s 1b 0n", never "1s1b0n"
            text += " {}s {}b {}n".format(ev[4], ev[5], ev[6])
        return text + (" shield" if ev[7] else "")
    if kind == TURN:
        return head + " " + SHIP_NAMES[ev[2]]
    if kind == DRONE:
        return head + " " + PAY_NAMES[ev[2]]
    if kind == UPGRADE:
        return head + " " + SHIP_NAMES[ev[2]] + " " + PAY_NAMES[ev[3]]
    if kind == ATTACK:
        return head + " {}>P{} {}".format(SHIP_NAMES[ev[2]], ev[3], SHIP_NAMES[ev[4]]) + (
            " teleport" if ev[5] else "")
    if kind == WORMHOLE:
        return head + " P{} {}".format(ev[2], SHIP_NAMES[ev[3]])
    return head
