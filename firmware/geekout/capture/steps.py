"""Geekmon Capture on the gadget: the config bytes, the journal payload and its fold.

Pure (no screen, no storage), so tests and host tools can replay a saved game. The
payload is a list of steps, one per thing the players confirm: a count byte k (1-255)
then k actions, each an unsigned varint, a rules-core action (consts.py, actions.py) or
the gadget's own A_NOTE (note_action). One step is one journal record, so a power cut
keeps or loses a whole step and undo drops the last step. Config version 1 (saved before
quick rounds) has no rounds byte and reads as full rounds: keep reading it.
The config bytes and the payload: docs/gadget-capture.md, Journal.
"""

from micropython import const

from geekout.capture.consts import (
    A_CRITICAL,
    A_NOTE,
    A_TAKE,
    ACTIVE_TARGET,
    DRAW_ENCOUNTER,
    DRAW_GEEKMON,
    K_FEMALE,
    LINES,
    NO_PLACE,
)
from geekout.capture.rules import CaptureState, wild_cards
from geekout.replay import Marks

VERSION = const(2)
MARK_STEPS = const(16)  # a Game's marks: a copy every 16 steps, the last 3 kept
MARKS_KEPT = const(3)


class Config:
    """The decoded config bytes."""

    def __init__(self, data):
        data = bytes(data)
        if len(data) < 5 or not 1 <= data[0] <= VERSION:
            raise ValueError("bad capture config")
        head = 4 + data[0]  # where the starters begin: version 2 adds the rounds byte
        n = data[1]
        if not 1 <= n <= 4 or len(data) != head + 4 * n:
            raise ValueError("bad capture config")
        self.players = n
        self.first = data[2]
        self.wicked = data[3] == 1
        self.arena = data[4]
        self.quick = head > 5 and data[5] == 1  # the throws are not entered
        if data[3] > 1 or self.arena > 8 or self.first >= n or (head > 5 and data[5] > 1):
            raise ValueError("bad capture config")
        self.stages = tuple(data[head + 4 * p] for p in range(n))
        self.rows = tuple(data[head + 1 + 4 * p] for p in range(n))  # catalog row + 1, or 0
        # Traits ints (consts.py): weakness in bits 0-3, types from bit 4.
        self.starters = tuple(data[head + 3 + 4 * p] & 15 | data[head + 2 + 4 * p] << 4
                              for p in range(n))
        self.data = data

    def core(self):
        """The rules core's config tuple (rules.CaptureState arguments)."""
        return (self.players, self.stages, self.first, self.wicked, self.arena, self.starters)

    def deck(self):
        """C1/C13: the deck: the Geekmons in the wild and the 2 luminous encounter cards."""
        return wild_cards(self.players, self.stages) + 2

    def rounds(self):
        return (self.deck() + 3) // 6  # C1: 6 wild Geekmons a round (the deck less 2)


def config_bytes(players, first, wicked, arena, starters, quick=False):
    """starters: per player (stages, catalog row + 1 or 0, types mask, weakness); quick:
    quick rounds (the players say who captured each card, the throws not entered)."""
    out = bytearray((VERSION, players, first, 1 if wicked else 0, arena, 1 if quick else 0))
    for s in starters:
        out.extend(bytes(s))
    return bytes(out)


# -- payload ------------------------------------------------------------------------
def encode(actions):
    """One step's bytes for a list of action ints."""
    out = bytearray((len(actions),))
    for a in actions:
        while True:
            b = a & 127
            a >>= 7
            if a:
                out.append(b | 128)
            else:
                out.append(b)
                break
    return out


def read_step(payload, pos):
    """(actions, offset after it) of the step at offset `pos`; ValueError when it is
    malformed."""
    n = len(payload)
    k = payload[pos]
    start = pos
    pos += 1
    if not k:
        raise ValueError("empty step at {}".format(start))
    acts = []
    for _ in range(k):
        v = 0
        shift = 0
        while True:
            if pos >= n or shift > 28:
                raise ValueError("step at {} cut short".format(start))
            b = payload[pos]
            pos += 1
            v |= (b & 127) << shift
            shift += 7
            if not b & 128:
                break
        acts.append(v)
    return acts, pos


def steps(payload):
    """Yield (start offset, [actions]) per step; ValueError on a malformed payload."""
    pos = 0
    while pos < len(payload):
        start = pos
        acts, pos = read_step(payload, pos)
        yield start, acts


def last_step(payload, pos=0):
    """Offset of the last step (-1 when none); `pos`: where a step starts, to walk the
    steps from there."""
    last = -1
    n = len(payload)
    while pos < n:
        last = pos
        pos = read_step(payload, pos)[1]
    return last


def step_actions(payload, start):
    """The actions of the step at offset `start`."""
    if start >= len(payload):
        return []
    return read_step(payload, start)[0]


def note_action(p, i, kind, line, arena):
    """The line entry of player p's collection card i: its kind (consts.K_*), its line
    letter (index in consts.LINES) and whether it shares the arena's type (0 or 1)."""
    return A_NOTE | (p | i << 2 | kind << 9 | line << 13 | arena << 17) << 5


def steps_page(game):
    """The Marks key of a Game: a copy every MARK_STEPS steps (a round is about 45 steps
    in a 4-player game: round starts would be too far apart)."""
    return game.steps // MARK_STEPS


def new_marks():
    """Copies of a Game every MARK_STEPS steps, the last MARKS_KEPT kept, so an undo
    replays from the latest one."""
    return Marks(steps_page, MARKS_KEPT)


class Game:
    """A saved game folded: the rules core's state plus the end-of-game line entries and
    where each collection card was caught (the screens name an unnamed card by it)."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.state = CaptureState(*cfg.core())
        # player | card<<2 -> kind | line<<4 | arena<<8 (the two halves of a note)
        self.notes = {}
        self.steps = 0
        # beside each collection: round << 3 | place of each card (NO_PLACE: the starter),
        # a byte a card (the game and its undo copies each hold one: replay.Marks)
        self.origin = [bytearray((NO_PLACE,)) for _ in range(cfg.players)]

    def clone(self):
        """An independent copy of the game."""
        g = Game(self.cfg)
        g.state = self.state.clone()
        g.notes = dict(self.notes)
        g.steps = self.steps
        g.origin = [bytearray(o) for o in self.origin]
        return g

    def apply_action(self, a):
        """A rules-core action, and the origin of a card it moves: a wild card caught
        comes from its place this round; an active Geekmon (C11, caught or taken
        instead of a starter) keeps the origin it had in its owner's collection."""
        st = self.state
        kind = a & 31
        t = (a >> 5) & 15 if kind == A_CRITICAL else st.target()
        i = 0  # the collection index an active's capture takes from its owner
        if kind == A_TAKE:
            i = a >> 5
        elif t >= ACTIVE_TARGET:
            i = st.active[t - ACTIVE_TARGET]
        n = len(st.results)
        rnd = st.round
        st.apply_action(a)
        if len(st.results) > n:
            target, who, _how = st.results[-1]
            if who >= 0:
                if target < ACTIVE_TARGET:
                    self.origin[who].append(rnd << 3 | target)
                else:  # an active leaves its owner's collection (a new bytearray: rare)
                    o = self.origin[target - ACTIVE_TARGET]
                    self.origin[who].append(o[i])
                    self.origin[target - ACTIVE_TARGET] = o[:i] + o[i + 1:]

    def apply_step(self, acts):
        """Apply one step; ValueError (reason) when refused. A refused step of several
        actions may leave the first ones applied: the caller applies it to a copy
        (clone) and keeps the copy when it is taken."""
        st = self.state
        for a in acts:
            if a & 31 == A_NOTE:
                if not st.is_terminal():
                    raise ValueError("line entries come at the end of the game")
                a >>= 5
                p = a & 3
                i = (a >> 2) & 127
                if p >= st.players or i >= len(st.collections[p]) or (a >> 9) & 15 > K_FEMALE \
                        or (a >> 13) & 15 >= len(LINES):
                    raise ValueError("no such card")
                self.notes[a & 511] = a >> 9 & 511
            else:
                self.apply_action(a)
        self.steps += 1


def fold(game, payload, pos=0, end=-1, marks=None):
    """Apply the steps of payload[pos:end] (end -1: to its end) to `game`, noting
    `marks` after each; ValueError names the bad step."""
    if end < 0:
        end = len(payload)
    while pos < end:
        start = pos
        try:
            acts, pos = read_step(payload, pos)
            game.apply_step(acts)
        except ValueError as e:
            raise ValueError("step at {}: {}".format(start, e)) from None
        if marks is not None:
            marks.note(game, pos)
    return game


fold_range = fold  # the name the gadget's step pipeline calls (game.py)


def replay(cfg, payload, marks=None):
    """The Game after every step of `payload` (`marks` noted on the way); ValueError
    names the bad step."""
    return fold(Game(cfg), payload, 0, -1, marks)


def undo_point(payload, marks=None):
    """Where the last step of `payload` starts (-1: none), looked for from the latest
    copy in `marks` before the end (a copy sits where a step starts)."""
    at = 0
    kept = marks.kept if marks is not None else ()
    for i in range(len(kept) - 1, -1, -1):
        if kept[i][0] < len(payload):
            at = kept[i][0]
            break
    return last_step(payload, at)


def draw_actions(luminous, count):
    """The draws of a round as chance actions: `count` Geekmons laid out, an encounter
    card before each slot the players marked luminous (C1)."""
    acts = []
    for i in range(count):
        if luminous & (1 << i):
            acts.append(DRAW_ENCOUNTER)
        acts.append(DRAW_GEEKMON)
    return acts
