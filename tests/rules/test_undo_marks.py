"""Undo from the copies kept (geekout/replay.py Marks) against undo by the whole replay
(hypothesis): for each game, random games cut at random places, undone again and again
past every copy kept, played on after an undo, and resumed (the marks built by the
resume's replay); the copies stay what they were when taken; the Masters backward scan
for the last decision against the old forward fold. The same checks run on the
MicroPython unix port (undo_marks_check.py, seeded games)."""

import random
from pathlib import Path

import pytest
from geekout import replay as rp
from geekout.battle import rules as b
from geekout.capture import actions as ca
from geekout.capture import consts as kc
from geekout.capture import rules as c
from geekout.capture import steps as F
from geekout.masters import rules as m
from geekout.replay import rewind
from hypothesis import event, given, settings
from hypothesis import strategies as st
from mpy_harness import ROOT, run_micropython

HERE = Path(__file__).resolve().parent


def _picks(seed, n):
    rng = random.Random(seed)
    return [rng.randrange(1 << 16) for _ in range(n)]


# A game is a seed for its choices and a length (as in test_battle_properties): hypothesis'
# own lists are mostly short, and whole games are wanted too.
picks = st.builds(_picks, st.integers(0, 1 << 32), st.integers(1, 900))
# (undos in a row, then entries played on) a few times over
plans = st.lists(st.tuples(st.integers(0, 80), st.integers(0, 40)), min_size=1, max_size=4)


# -- Marks itself -------------------------------------------------------------------------
class _Box:
    def __init__(self, v):
        self.v = list(v)

    def clone(self):
        return _Box(self.v)


def test_marks_keep_few_copies_and_drop_those_past_the_cut():
    marks = rp.Marks(lambda s: s.v[0] // 10, 3)
    box = _Box([0])
    for at in range(1, 60):
        box.v[0] = at
        marks.note(box, at)
    assert [k[0] for k in marks.kept] == [30, 40, 50]  # a copy where the key changes, 3 kept
    box.v[0] = -1  # changing the state after marking leaves the copies as they were
    assert [k[2].v for k in marks.kept] == [[30], [40], [50]]
    at, copy = marks.before(45)
    assert at == 40 and copy.v == [40] and [k[0] for k in marks.kept] == [30, 40]
    copy.v[0] = 99  # the copy given is the caller's own
    assert marks.kept[-1][2].v == [40]
    assert marks.before(29) is None and marks.kept == []


def test_a_note_left_for_later_is_taken_before_any_other_use_of_the_marks():
    """later() leaves the note for settle() (the gadget: once a press's screen is out);
    a note, before() or settle() takes it first, with the state as it was then, and
    clear() drops it."""
    marks = rp.Marks(lambda s: s.v[0] // 10, 3)
    box = _Box([10])
    marks.later(box, 10)
    assert marks.kept == [] and marks.waiting == (box, 10)
    marks.note(_Box([20]), 20)  # the one waiting first, then this one
    assert [(k[0], k[2].v) for k in marks.kept] == [(10, [10]), (20, [20])]
    marks.later(_Box([30]), 30)
    at, copy = marks.before(35)
    assert at == 30 and copy.v == [30] and marks.waiting is None
    marks.later(_Box([40]), 40)
    marks.settle()
    marks.settle()  # nothing left: no second copy
    assert [k[0] for k in marks.kept] == [20, 30, 40]  # 3 kept, the oldest dropped
    marks.later(_Box([50]), 50)
    marks.clear()
    marks.settle()
    assert marks.kept == [] and marks.waiting is None


# -- Masters ------------------------------------------------------------------------------
def old_last_decision(state):
    """The old definition (a probe folded from the start), the reference."""
    probe = m.MastersState(state.players)
    last = -1
    journal = state.journal
    for i in range(len(journal)):
        if not probe.is_chance():
            last = i
        probe.apply_action(journal[i])
    return last


def masters_fp(s):
    return (bytes(s.journal), bytes(s.active), s.inactive, s.used, s.scored, s.pending,
            s.phase, tuple(s.totals), tuple(s.turns), s.first, s.seat, s.round, s.played)


def masters_play(s, picks, n, marks):
    """Up to n entries picked among the legal ones; the marks noted after each (as the
    resume's replay does; the screens note after each step: tests/firmware)."""
    for i in range(n):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply_action(legal[picks[i % len(picks)] % len(legal)])
        if marks is not None:
            marks.note(s, len(s.journal))


def masters_undos(s, marks, count):
    for _ in range(count):
        where = kept(marks)
        want = m.undo(s)
        got = m.undo(s, marks)
        if want is None:
            assert got is None
            break
        assert got is not None
        assert masters_fp(got[0]) == masters_fp(want[0]) and got[1] == want[1]
        s = got[0]
        seen(where, len(s.journal))
    return s


def kept(marks):
    return [k[0] for k in marks.kept]


def seen(before, length):
    """Tell hypothesis' statistics when an undo went past every copy kept (`before`:
    where they were; `length`: the journal's length after the undo)."""
    if before and min(before) > length:
        event("an undo past every copy")


def check_copies(marks, journal, rebuild, fp):
    """Every copy kept is the state that journal[:at] rebuilds (so no copy was changed by
    the states played on after it was taken)."""
    for at, _key, copy in marks.kept:
        assert fp(copy) == fp(rebuild(journal[:at]))


@settings(max_examples=200, deadline=None)
@given(players=st.integers(1, 4), chosen=picks)
def test_masters_backward_scan_is_the_forward_fold(players, chosen):
    s = m.new_initial_state(players)
    masters_play(s, chosen, len(chosen), None)
    assert m.last_decision(s) == old_last_decision(s)


@settings(max_examples=150, deadline=None)
@given(players=st.integers(1, 4), chosen=picks, plan=plans, resume=st.booleans())
def test_masters_undo_from_marks_is_the_full_replay(players, chosen, plan, resume):
    marks = m.new_marks()
    s = m.new_initial_state(players)
    masters_play(s, chosen, len(chosen), marks)
    event("whole game" if s.is_terminal() else "part of a game")
    if resume:
        marks = m.new_marks()
        s = m.replay(players, s.journal, marks)
    for undos, more in plan:
        s = masters_undos(s, marks, undos)
        check_copies(marks, s.journal, lambda j: m.replay(players, j), masters_fp)
        masters_play(s, chosen[::-1], more, marks)
    assert masters_fp(m.replay(players, s.journal)) == masters_fp(s)


def test_masters_undo_at_the_end_of_a_game_replays_a_turn():
    s = m.new_initial_state(4)
    marks = m.new_marks()
    masters_play(s, list(range(7, 5000, 13)), 5000, marks)
    assert s.is_terminal()
    counted = _count(m.MastersState, "apply_action", lambda: m.undo(s, marks))
    assert counted < 60 < len(s.journal)


# -- Capture: the tools' TableState -------------------------------------------------------
configs = st.one_of(
    st.tuples(st.integers(2, 4), st.booleans(), st.integers(0, 8)),
    st.tuples(st.just(1), st.just(False), st.integers(1, 8)),
)


def capture_pick(s, pick):
    """An action picked as the Capture property tests do (checks kept moving)."""
    phase = s.phase_name()
    legal = s.legal_actions()
    if phase == "check" and pick % 3 == 0:
        return kc.RESOLVE
    if phase == "setup" and pick % 5 == 0:
        present = [i for i in range(kc.SLOTS) if s.slots[i] != kc.NO_CARD]
        return ca.card_action(present[pick % len(present)], (pick >> 3) % 9, (pick >> 5) & 255,
                              bool(pick & 128), bool(pick & 256))
    if phase == "setup" and pick % 5 == 1:
        return kc.GO
    if phase == "throw" and pick % 8:
        throws = [a for a in legal if a & 31 == kc.A_THROW]
        return throws[pick % len(throws)]
    return legal[pick % len(legal)]


def table_fp(s):
    return (bytes(s.journal), tuple(sorted((k, repr(v)) for k, v in vars(s).items()
                                           if k != "journal")))


def table_play(s, picks, n, marks):
    for i in range(n):
        if s.is_terminal():
            break
        s.apply_action(capture_pick(s, picks[i % len(picks)]))
        if marks is not None:
            marks.note(s, len(s.journal))


@settings(max_examples=100, deadline=None)
@given(config=configs, chosen=picks, plan=plans, resume=st.booleans())
def test_capture_undo_from_marks_is_the_full_replay(config, chosen, plan, resume):
    players, wicked, arena = config
    s = c.new_initial_state(players, None, 0, wicked, arena)
    config_t = s.config
    marks = c.new_marks()
    table_play(s, chosen, len(chosen), marks)
    event("whole game" if s.is_terminal() else "part of a game")
    if resume:
        marks = c.new_marks()
        s = c.replay(s.config, s.journal, marks)
    for undos, more in plan:
        for _ in range(undos):
            where = kept(marks)
            want = c.undo(s)
            got = c.undo(s, marks)
            if want is None:
                assert got is None
                break
            assert got is not None
            assert table_fp(got[0]) == table_fp(want[0]) and got[1] == want[1]
            s = got[0]
            seen(where, len(s.journal))
        check_copies(marks, s.journal, lambda j: c.replay(config_t, j), table_fp)
        table_play(s, chosen[::-1], more, marks)
    assert table_fp(c.replay(s.config, s.journal)) == table_fp(s)


# -- Capture: the gadget's steps (steps.Game) ---------------------------------------------
class Journal:
    """The journal's API that the step pipeline uses (game.py)."""

    def __init__(self):
        self.actions = b""

    def append(self, data):
        self.actions += bytes(data)

    def undo(self, count):
        self.actions = self.actions[:len(self.actions) - count]


def game_fp(g):
    return (repr(sorted(vars(g.state).items())), sorted(g.notes.items()), g.steps)


def config_of(players, wicked, arena):
    return F.Config(F.config_bytes(players, 0, wicked, arena,
                                   [(3 if p % 2 else 2, 0, p * 17 % 256, p % 9)
                                    for p in range(players)]))


def next_step(g, pick):
    """A step as the screens make them: the round's draws in one, a card's description
    with its number, points with the check, a line entry at the end; else one action."""
    s = g.state
    if s.is_terminal():
        coll = s.collections[pick % s.players]
        return [F.note_action(pick % s.players, (pick >> 2) % len(coll), 1 + (pick >> 4) % 9,
                              (pick >> 8) % 5, pick >> 12 & 1)]
    phase = s.phase_name()
    if phase == "draw":
        return F.draw_actions(pick & 3, min(kc.SLOTS, s.deck))
    if phase == "setup" and pick % 5 == 0:
        present = [i for i in range(kc.SLOTS) if s.slots[i] != kc.NO_CARD]
        slot = present[pick % len(present)]
        return [ca.card_action(slot, (pick >> 3) % 9, (pick >> 5) & 255, bool(pick & 128),
                               bool(pick & 256)), ca.number_action(slot, 1 + pick % 999)]
    if phase == "check" and pick % 4 == 1:
        return [ca.points_action(pick % s.players, 0), kc.RESOLVE]
    return [capture_pick(s, pick)]


def steps_play(g, journal, picks, n, marks=None):
    """Up to n steps, each saved and noted as the step pipeline does (game.py); refused
    ones skipped."""
    for i in range(n):
        acts = next_step(g, picks[i % len(picks)])
        trial = g.clone()
        try:
            trial.apply_step(acts)
        except ValueError:
            continue
        g = trial
        journal.append(F.encode(acts))
        if marks is not None:
            marks.note(g, len(journal.actions))
    return g


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(config=configs, chosen=picks, plan=plans, resume=st.booleans())
def test_steps_undo_from_marks_is_the_full_replay(config, chosen, plan, resume):
    cfg = config_of(*config)
    journal = Journal()
    marks = F.new_marks()
    g = steps_play(F.Game(cfg), journal, chosen, len(chosen), marks)
    event("whole game" if g.state.is_terminal() else "part of a game")
    if resume:
        marks = F.new_marks()
        g = F.replay(cfg, journal.actions, marks)
    for undos, more in plan:
        for _ in range(undos):
            payload = journal.actions
            where = kept(marks)
            cut = F.last_step(payload)
            assert F.undo_point(payload, marks) == cut
            if cut < 0:
                break
            got = rewind(payload, cut, marks, lambda: F.Game(cfg), F.fold)
            journal.undo(len(payload) - cut)
            want = F.replay(cfg, payload[:cut])
            assert game_fp(got) == game_fp(want)
            g = got
            seen(where, len(journal.actions))
        check_copies(marks, journal.actions, lambda j: F.replay(cfg, j), game_fp)
        g = steps_play(g, journal, chosen[::-1], more, marks)
    assert game_fp(F.replay(cfg, journal.actions)) == game_fp(g)


def test_game_copies_are_independent():
    cfg = config_of(3, True, 2)
    journal = Journal()
    g = steps_play(F.Game(cfg), journal, list(range(3, 9000, 7)), 120)
    copy = g.clone()
    before = game_fp(copy)
    steps_play(g, journal, list(range(5, 9000, 11)), 200)
    assert game_fp(copy) == before


# -- the battle ---------------------------------------------------------------------------
def battle_play(s, picks, n, marks):
    for i in range(n):
        if s.is_terminal():
            break
        legal = s.legal_events()
        s.apply(legal[picks[i % len(picks)] % len(legal)])
        if marks is not None:
            marks.note(s, len(s.journal))


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(players=st.sampled_from([3, 4]), chosen=picks, plan=plans, resume=st.booleans())
def test_battle_undo_from_marks_is_the_full_replay(players, chosen, plan, resume):
    s = b.new_initial_state(players)
    marks = b.new_marks()
    battle_play(s, chosen, len(chosen), marks)
    event("whole game" if s.is_terminal() else "part of a game")
    if resume:
        marks = b.new_marks()
        s = b.replay(players, s.journal, marks)
    for undos, more in plan:
        for _ in range(undos):
            where = kept(marks)
            want = b.undo(s)
            got = b.undo(s, marks)
            if want is None:
                assert got is None
                break
            assert got is not None
            assert got[0].snapshot() == want[0].snapshot() and got[1] == want[1]
            s = got[0]
            seen(where, len(s.journal))
        check_copies(marks, s.journal, lambda j: b.replay(players, j), lambda x: x.snapshot())
        battle_play(s, chosen[::-1], more, marks)
    assert b.replay(players, s.journal).snapshot() == s.snapshot()


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from([3, 4]), chosen=picks)
def test_battle_clone_is_independent(players, chosen):
    s = b.new_initial_state(players)
    battle_play(s, chosen, len(chosen) // 2, None)
    copy = s.clone()
    assert copy.snapshot() == s.snapshot()
    before = copy.snapshot()
    battle_play(s, chosen, len(chosen), None)
    assert copy.snapshot() == before
    battle_play(copy, chosen, len(chosen), None)  # a copy plays on like the state
    assert b.replay(players, copy.journal).snapshot() == copy.snapshot()


# -- helpers, and the unix port -----------------------------------------------------------
def _count(cls, name, fn):
    """How many times cls.name is called while fn() runs."""
    orig = getattr(cls, name)
    n = [0]

    def counted(self, *args):
        n[0] += 1
        return orig(self, *args)

    setattr(cls, name, counted)
    try:
        fn()
    finally:
        setattr(cls, name, orig)
    return n[0]


# Heap (KB) by game: the check passes down to 72K (Masters), 132K (Capture), 116K (the
# battle) (bisection, 4K steps, checkout at a short path; only the game checked is
# loaded, its sources compiled on the port): these leave a 38-39% margin.
MPY_HEAP = {"masters": 100, "capture": 184, "battle": 160}


@pytest.mark.micropython
@pytest.mark.parametrize("game", ["masters", "capture", "battle"])
def test_undo_from_marks_on_micropython(game):
    """The same comparisons on the real MicroPython unix port, seeded games."""
    res = run_micropython(HERE / "undo_marks_check.py", game,
                          heap="{}K".format(MPY_HEAP[game]), path=[ROOT / "tests" / "rules"])
    assert res.returncode == 0, res.stdout + res.stderr
    last = res.stdout.strip().splitlines()[-1]
    assert last.endswith(" passed, 0 failed") and int(last.split()[0]) > 0, res.stdout
