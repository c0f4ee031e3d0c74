"""Undo from the copies kept (geekout/replay.py Marks) against undo by the whole replay,
on seeded games: run by tests/rules/test_undo_marks.py under the MicroPython unix port
(`micropython undo_marks_check.py masters|capture|battle`). Prints one line per failure,
then "N passed, M failed"."""

import sys

# Only the game checked is loaded (the three games' sources at once take most of a small
# heap to compile).
GAME = sys.argv[1]
if GAME == "masters":
    from geekout.masters import rules as m
elif GAME == "capture":
    from geekout.capture import consts as kc
    from geekout.capture import steps as F
    from geekout.replay import rewind
else:
    from geekout.battle import rules as b


class Rng:
    """A small LCG (the same numbers on every port)."""

    def __init__(self, seed):
        self.x = seed * 2654435761 + 1

    def __call__(self, n):
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.x >> 8) % n


# -- each game: new state, play one entry (False at the end), undo by both ways, digest --
def masters_new(players):
    return m.new_initial_state(players)


def masters_step(s, rng, marks):
    if s.is_terminal():
        return False
    legal = s.legal_actions()
    s.apply_action(legal[rng(len(legal))])
    marks.note(s, len(s.journal))
    return True


def masters_fp(s):
    return (bytes(s.journal), bytes(s.active), s.inactive, s.used, s.scored, s.pending,
            s.phase, tuple(s.totals), tuple(s.turns), s.first, s.seat, s.round, s.played)


def battle_step(s, rng, marks):
    if s.is_terminal():
        return False
    legal = s.legal_events()
    s.apply(legal[rng(len(legal))])
    marks.note(s, len(s.journal))
    return True


class Journal:
    def __init__(self):
        self.actions = b""

    def append(self, data):
        self.actions += bytes(data)

    def undo(self, count):
        self.actions = self.actions[:len(self.actions) - count]


class CaptureGame:
    """A steps.Game with its journal and marks, played a step at a time as the step
    pipeline does (game.py)."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.game = F.Game(cfg)
        self.journal = Journal()
        self.marks = F.new_marks()


def capture_step(g, rng, _marks):
    s = g.game.state
    if s.is_terminal():
        if rng(4) == 0:
            return False
        p = rng(s.players)
        acts = [F.note_action(p, rng(len(s.collections[p])), 1 + rng(9), rng(5), rng(2))]
    elif s.phase_name() == "draw":
        acts = F.draw_actions(rng(4), min(kc.SLOTS, s.deck))
    elif s.phase_name() == "check" and rng(3) == 0:
        acts = [kc.RESOLVE]
    elif s.phase_name() == "setup" and rng(3) == 0:
        acts = [kc.GO]
    else:
        legal = s.legal_actions()
        throws = [a for a in legal if a & 31 == kc.A_THROW]
        acts = [throws[rng(len(throws))]] if throws and rng(8) else [legal[rng(len(legal))]]
    trial = g.game.clone()
    try:
        trial.apply_step(acts)
    except ValueError:
        return True
    g.game = trial
    g.journal.append(F.encode(acts))
    g.marks.note(trial, len(g.journal.actions))
    return True


_FIELDS = ("deck", "encounters", "luminous_next", "round", "first", "phase", "drawn", "turn",
           "last_thrower", "ecubes", "tpos", "entered", "taker", "fled", "lost")


def game_fp(g):
    s = g.state
    return (tuple(getattr(s, n) for n in _FIELDS), tuple(s.slots),
            tuple(tuple(x) for x in s.collections), bytes(s.active), bytes(s.geek),
            bytes(s.hyper), tuple(s.queue), tuple(s.targets), bytes(s.points), bytes(s.spent),
            tuple(s.tied), tuple(s.results), tuple(sorted(g.notes.items())), g.steps)


# -- the comparisons ----------------------------------------------------------------------
failed = []
stats = {"whole games": 0, "undos": 0, "undos past every copy": 0}


def count(done, kept, length):
    """Statistics: a whole game played (done), an undo and whether it went past every
    copy kept (`kept`: their journal lengths before it; `length`: the journal's after)."""
    if done:
        stats["whole games"] += 1
    if length >= 0:
        stats["undos"] += 1
        if kept and min(kept) > length:
            stats["undos past every copy"] += 1


def fail(what):
    failed.append(what)
    print("FAIL", what)


def run_masters(seed):
    rng = Rng(seed)
    players = 1 + seed % 4
    marks = m.new_marks()
    s = masters_new(players)
    for _ in range(rng(700) + 1):
        if not masters_step(s, rng, marks):
            break
    count(s.is_terminal(), None, -1)
    if seed % 3 == 0:  # resumed: the marks built by the resume's replay
        marks = m.new_marks()
        s = m.replay(players, s.journal, marks)
    for _ in range(3):
        for _ in range(rng(60)):
            kept = [k[0] for k in marks.kept]
            want = m.undo(s)
            got = m.undo(s, marks)
            if want is None or got is None:
                if want is not got:
                    fail("masters {}: one undo only".format(seed))
                break
            if masters_fp(got[0]) != masters_fp(want[0]) or got[1] != want[1]:
                fail("masters {} at {}".format(seed, len(s.journal)))
                return
            s = got[0]
            count(False, kept, len(s.journal))
        for at, _k, copy in marks.kept:
            if masters_fp(copy) != masters_fp(m.replay(players, s.journal[:at])):
                fail("masters {}: a copy changed".format(seed))
        for _ in range(rng(40)):
            if not masters_step(s, rng, marks):
                break


def run_battle(seed):
    rng = Rng(seed)
    players = 3 + seed % 2
    marks = b.new_marks()
    s = b.new_initial_state(players)
    for _ in range(rng(400) + 1):
        if not battle_step(s, rng, marks):
            break
    count(s.is_terminal(), None, -1)
    if seed % 3 == 0:
        marks = b.new_marks()
        s = b.replay(players, s.journal, marks)
    for _ in range(3):
        for _ in range(rng(60)):
            kept = [k[0] for k in marks.kept]
            want = b.undo(s)
            got = b.undo(s, marks)
            if want is None or got is None:
                if want is not got:
                    fail("battle {}: one undo only".format(seed))
                break
            if got[0].snapshot() != want[0].snapshot() or got[1] != want[1]:
                fail("battle {} at {}".format(seed, len(s.journal)))
                return
            s = got[0]
            count(False, kept, len(s.journal))
        for at, _k, copy in marks.kept:
            if copy.snapshot() != b.replay(players, s.journal[:at]).snapshot():
                fail("battle {}: a copy changed".format(seed))
        for _ in range(rng(40)):
            if not battle_step(s, rng, marks):
                break


def run_capture(seed):
    rng = Rng(seed)
    players = 1 + seed % 4
    arena = 1 + seed % 8 if players == 1 or seed % 2 else 0
    wicked = players > 1 and seed % 3 == 1
    cfg = F.Config(F.config_bytes(players, 0, wicked, arena,
                                  [(2 + p % 2, 0, p * 17 % 256, p % 9) for p in range(players)]))
    g = CaptureGame(cfg)
    for _ in range(rng(600) + 1):
        if not capture_step(g, rng, None):
            break
    count(g.game.state.is_terminal(), None, -1)
    if seed % 3 == 0:
        g.marks = F.new_marks()
        g.game = F.replay(cfg, g.journal.actions, g.marks)
    j = g.journal
    for _ in range(3):
        for _ in range(rng(60)):
            kept = [k[0] for k in g.marks.kept]
            payload = j.actions
            cut = F.last_step(payload)
            if F.undo_point(payload, g.marks) != cut:
                fail("capture {}: the undo point".format(seed))
            if cut < 0:
                break
            got = rewind(payload, cut, g.marks, lambda: F.Game(cfg), F.fold)
            j.undo(len(payload) - cut)
            want = F.replay(cfg, payload[:cut])
            if game_fp(got) != game_fp(want):
                fail("capture {} at {}".format(seed, len(payload)))
                return
            g.game = got
            count(False, kept, len(j.actions))
        for at, _k, copy in g.marks.kept:
            if game_fp(copy) != game_fp(F.replay(cfg, j.actions[:at])):
                fail("capture {}: a copy changed".format(seed))
        for _ in range(rng(40)):
            if not capture_step(g, rng, None):
                break


def main():
    run = {"masters": run_masters, "capture": run_capture, "battle": run_battle}[GAME]
    passed = 0
    for seed in range(24):
        before = len(failed)
        run(seed)
        if len(failed) == before:
            passed += 1
    print(", ".join("{} {}".format(v, k) for k, v in stats.items()))
    print("{} passed, {} failed".format(passed, 24 - passed))


main()
