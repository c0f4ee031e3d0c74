"""Galaxy battle events: ids, the compact tuple form, its bytes, and the JSON form.

An event is a flat tuple of small ints, (TYPE, player, fields...), one fixed shape per
type (below). The gadget's journal stores each event as 1-3 bytes (`encode`/`decode`);
journal files on the laptop use the JSON form, read and written by the host tools
(geekout_tools/battle/json_events.py, so its code and names stay off the gadget's heap),
documented in docs/battle.md.
Pure: no I/O; runs on MicroPython and CPython.

  (FIRST, p)                                     chance: seat p plays first (B1)
  (CELL, p)                                      place one star cell
  (STARS, p, bombs, merges, m1, m2)              place 2 reserve stars, `bombs` of them
                                                 bombs; `merges` cells (0-2) reached 3
                                                 stars and became a supernova, the i-th
                                                 made of m_i small stars and 3-m_i bombs
  (MOVE, p, ship, base, small, bomb, nova, shield)  move a ship; base=1: onto its own
                                                 base; small/bomb/nova: stars found in
                                                 the cell entered; shield=1: use the star
                                                 shield there
  (TURN, p, ship)                                turn a cannon one position
  (DRONE, p, pay)                                create a drone (pay PAY_SMALL: 2 small
                                                 stars, PAY_NOVA: one supernova)
  (UPGRADE, p, ship, pay)                        upgrade a ship (1 small or 1 supernova)
  (ATTACK, p, ship, target, tship, teleport)     ship attacks target's ship tship;
                                                 teleport=1: the defender teleports away
  (WORMHOLE, p, target, tship)                   wormhole on any player's ship
  (DONE, p)                                      end the current phase

Ships are numbered per player: 0 is the mothership, 1-3 the drones.
"""

from micropython import const

FIRST = const(0)
CELL = const(1)
STARS = const(2)
MOVE = const(3)
TURN = const(4)
DRONE = const(5)
UPGRADE = const(6)
ATTACK = const(7)
WORMHOLE = const(8)
DONE = const(9)
TYPE_NAMES = ("first", "cell", "stars", "move", "turn", "drone", "upgrade", "attack",
              "wormhole", "done")

PAY_SMALL = const(0)
PAY_NOVA = const(1)
PAY_NAMES = ("small", "supernova")
SHIP_NAMES = ("M", "D1", "D2", "D3")

SHIPS = const(4)  # per player: the mothership and 3 drones


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
    """Raises BadEvent unless `ev` is a well-formed event tuple; returns it."""
    if not isinstance(ev, tuple) or len(ev) < 2:
        raise BadEvent("an event is a tuple (type, player, ...)")
    kind = ev[0]
    if not isinstance(kind, int) or not 0 <= kind <= DONE:
        raise BadEvent("unknown event type {}".format(kind))
    # Per type, 8 bytes: the tuple's length, then the upper bound (inclusive) of each
    # field after the type, the player first (3: four seats at most); constants in the
    # code, so no global names (indexed, not sliced: nothing allocated).
    k = kind * 8
    lim = (b"\2\3\0\0\0\0\0\0" b"\2\3\0\0\0\0\0\0" b"\6\3\2\2\3\3\0\0"
           b"\x08\3\3\1\3\3\3\1" b"\3\3\3\0\0\0\0\0" b"\3\3\1\0\0\0\0\0"
           b"\4\3\3\1\0\0\0\0" b"\6\3\3\3\3\1\0\0" b"\4\3\3\3\0\0\0\0"
           b"\2\3\0\0\0\0\0\0")
    if len(ev) != lim[k]:
        raise BadEvent("{} takes {} fields".format(TYPE_NAMES[kind], lim[k]))
    for i in range(1, lim[k]):
        v = ev[i]
        if not isinstance(v, int) or not 0 <= v <= lim[k + i]:
            # The fields' names (JSON names where they match), only for this message.
            raise BadEvent("{}: '{}' must be 0-{}".format(
                TYPE_NAMES[kind],
                ("player;player;player,bombs,merges,merge 1 small,merge 2 small;"
                 "player,ship,to,small,bomb,supernova,shield;player,ship;player,pay;"
                 "player,ship,pay;player,ship,target,target_ship,teleport;"
                 "player,target,target_ship;player").split(";")[kind].split(",")[i - 1],
                lim[k + i]))
    if kind == STARS:
        nm = ev[3]
        if (nm < 1 and ev[4]) or (nm < 2 and ev[5]):
            raise BadEvent("stars: merge detail without a merge")
    return ev


# -- bytes: byte 0 = type << 2 | player; the fields packed in 0-2 more bytes ------------
def encode(ev):
    validate(ev)
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
    """(event, position after it) from the bytes at buf[pos:]."""
    if pos >= len(buf):
        raise BadEvent("journal ends inside an event")
    b0 = buf[pos]
    kind = b0 >> 2
    p = b0 & 3
    if kind > DONE:
        raise BadEvent("unknown event type {}".format(kind))
    n = b"\1\1\2\3\2\2\2\2\2\1"[kind]  # bytes per type
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
    return validate(ev), pos + n


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
        if ev[4] or ev[5] or ev[6]:
            text += " {}s{}b{}n".format(ev[4], ev[5], ev[6])
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
