"""Seeded Masters games between players, written as the gadget writes its journal: what
the review's checks and figures play (tests/rules/test_masters_review.py,
bench/bench_review.py; docs/masters.md).

Players: every strategy of strategies.py (`pass`, `reach-K`, `odds`, `optimal`, `win`),
`random` (a legal step drawn at random) and `hint` (the gadget's hint table,
firmware/geekout/masters/hint.bin, read by the device's own hint.advise: its best step
for expected points). A journal is the rules core's action bytes saved the gadget's way
(geekout/journal.py): one 'A' record a press, a decision with the dice it rolled (a
turn's first roll is a press of its own), the parts joined as `geekout logs pull`
copies them.
"""

import random
from pathlib import Path

from geekout import journal as jn
from geekout.masters import consts as mc
from geekout.masters import rules as m

from . import strategies

HINT_BIN = Path(__file__).resolve().parents[3] / "firmware" / "geekout" / "masters" / "hint.bin"


class RandomPlayer:
    """random: any legal step, each as likely (its own seeded draw, not the dice's)."""

    name = "random"

    def __init__(self, seed=0):
        self.rng = random.Random(seed)

    def choose(self, state):
        return self.rng.choice(state.legal_actions())


class HintPlayer:
    """hint: the first step of the gadget's hint table for expected points (values
    stored x 1024: ties within a step go to the rules core's order)."""

    name = "hint"

    def __init__(self, path=HINT_BIN):
        from geekout.masters import hint

        self.hint = hint
        with open(path, "rb") as f:
            self.data = f.read()
        import io

        self.table = hint.open_table(io.BytesIO(self.data))

    def choose(self, state):
        active = state.active if state.phase_name() == "resolve" else bytearray(mc.FACES)
        steps = self.hint.advise(self.table, active, state.inactive, state.used, state.scored)
        return steps[0][0]


def player(name, seed=0):
    """A player by name: a strategies.py strategy, `random` or `hint`."""
    if name == "random":
        return RandomPlayer(seed)
    if name == "hint":
        return HintPlayer()
    return strategies.make_strategy(name)


def play(players, names, seed):
    """The action bytes of one game: seat i played by names[i] (or names[0] for all),
    the dice and the first seat drawn from random.Random(seed)."""
    if len(names) == 1:
        names = list(names) * players
    seats = [player(n, seed * 8 + i) for i, n in enumerate(names)]
    rng = random.Random(seed)
    state = m.new_initial_state(players)
    while not state.is_terminal():
        if state.is_chance():
            m.play_chance(state, rng.randrange)
        else:
            state.apply_action(seats[state.current_player()].choose(state))
    return bytes(state.journal)


class MemoryStorage:
    """Files in a dict, with what geekout/journal.py asks of the storage HAL."""

    def __init__(self):
        self.files = {}

    def exists(self, name):
        return name in self.files

    def read(self, name):
        data = self.files.get(name)
        return None if data is None else bytes(data)

    def size(self, name):
        return len(self.files[name]) if name in self.files else -1

    def write(self, name, data):
        self.files[name] = bytearray(data)

    def append(self, name, data):
        self.files.setdefault(name, bytearray()).extend(data)

    def drop_temp(self, name):
        self.files.pop(name + ".tmp", None)

    def rename(self, old, new):
        self.files[new] = self.files.pop(old)

    def remove(self, name):
        self.files.pop(name, None)

    def listdir(self, folder):
        prefix = folder + "/" if folder else ""
        return [n[len(prefix):] for n in self.files
                if n.startswith(prefix) and "/" not in n[len(prefix):]]


def save(storage, actions, players, mode=mc.VIRTUAL, name="game.goj"):
    """Write a game as the gadget does on `storage`: the header, then one record a press,
    in parts of journal.SEGMENT_BYTES."""
    j = jn.Journal(storage, name)
    j.start("masters", bytes((mode, players)))
    for chunk in _cut(actions, players, mode):
        j.append(chunk)
    return j


def _cut(actions, players, mode):
    """The action bytes cut where the gadget cuts its records: before each decision (16
    and up, consts.py) and before a turn's first roll; table dice, one byte a record."""
    if mode == mc.TABLE:  # one byte a turn (and the first seat's draw)
        return [bytes((b,)) for b in actions]
    out = []
    state = m.new_initial_state(players)
    cur = bytearray()
    for b in actions:
        if (b >= mc.PASS or m.at_turn_start(state)) and cur:
            out.append(bytes(cur))
            cur = bytearray()
        cur.append(b)
        state.apply_action(b)
    if cur:
        out.append(bytes(cur))
    return out


def journal(actions, players, mode=mc.VIRTUAL):
    """The .goj bytes of a game: its parts joined, as `geekout logs pull` copies them."""
    store = MemoryStorage()
    save(store, actions, players, mode)
    return bytes(jn.read_parts(store, "game.goj"))
