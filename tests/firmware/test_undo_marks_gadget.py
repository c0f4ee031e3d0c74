"""Undo and refused entries on the gadget's screens without replaying the whole game
(geekout/replay.py Marks; CPython): at the end of a whole 4-player game of each title
(the heap bench's games) an undo replays only a short stretch and gives the state the
whole journal's replay gives, again and again past every copy kept, and after a resume
(the marks built by the resume's replay); a Capture step or a battle entry refused
part-way leaves the game as it was, with no replay."""

import sys
from pathlib import Path

import capture_checks as cc
import pytest
from battle_drive import BattleDriver
from boards.sim import SimBoard
from drive import Driver
from flash import FakeFlash
from geekout import keys
from geekout.battle import events as E
from geekout.battle import rules as B
from geekout.capture import actions as ca
from geekout.capture import cards as cat
from geekout.capture import consts as kc
from geekout.capture import steps as F
from geekout.masters import rules as M
from hypothesis import event, given, settings
from hypothesis import strategies as hs

# The most entries an undo at the end of a game replays here (measured: 16 for Masters,
# 6 Capture actions, 1 battle event; a whole game's replay is 490, 451 and 76).
# Capture counts steps: at most one page of marks (steps.MARK_STEPS).
MOST = {"masters": 60, "capture": F.MARK_STEPS, "battle": 30}
ROOT = Path(__file__).resolve().parents[2]
DATA = str(ROOT / "firmware")  # the catalog's data root


class Counted:
    """Counts the calls of cls.name while in a `with`."""

    def __init__(self, cls, name):
        self.cls = cls
        self.name = name
        self.n = 0

    def __enter__(self):
        orig = self.orig = getattr(self.cls, self.name)

        def counted(obj, *args):
            self.n += 1
            return orig(obj, *args)

        setattr(self.cls, self.name, counted)
        return self

    def __exit__(self, *exc):
        setattr(self.cls, self.name, self.orig)


class NoReplay:
    """Any call of the named functions fails the test while in a `with`."""

    def __init__(self, *where):
        self.where = where

    def __enter__(self):
        self.saved = [(mod, name, getattr(mod, name)) for mod, name in self.where]
        for mod, name, _f in self.saved:
            setattr(mod, name, self.fail)

    def fail(self, *args):
        raise AssertionError("replayed")

    def __exit__(self, *exc):
        for mod, name, f in self.saved:
            setattr(mod, name, f)


def live(obj):
    """The module of obj's class, as the screens have it (the app drops a game's modules
    when a game starts, so the ones imported here may be older copies)."""
    return sys.modules[type(obj).__module__]


def screen(d, name):
    return [s for s in d.ui.stack if getattr(s, "name", "") == name][-1]


def resumed(d, driver):
    """The same board's flash booted again (driver(flash): a new driver), the saved game
    resumed."""
    e = driver(FakeFlash(d.board.storage.snapshot()))
    e.boot()
    assert e.top().name == "resume?"
    e.press(keys.OK)
    return e


# -- Masters -------------------------------------------------------------------------------
def masters_fp(s):
    return (bytes(s.journal), bytes(s.active), s.inactive, s.used, s.scored, s.pending,
            s.phase, tuple(s.totals), tuple(s.turns), s.first, s.seat, s.round, s.played)


def masters_game(resume):
    """A whole 4-player game (the heap bench's), on its end screen; `resume`: booted
    again from its flash and resumed."""
    d = Driver(SimBoard(storage=FakeFlash(), seed=5))
    d.boot()
    d.start(0, 4)
    d.play_out()
    return resumed(d, lambda flash: Driver(SimBoard(storage=flash, seed=99))) if resume else d


@pytest.mark.parametrize("resume", [False, True])
def test_masters_undo_replays_a_stretch(resume):
    d = masters_game(resume)
    assert d.top().name == "masters.end"
    g = d.top().game
    counts = []
    for _ in range(40):
        with Counted(type(g.state), "apply_action") as n:
            g.undo()
        counts.append(n.n)
        assert masters_fp(g.state) == masters_fp(M.replay(4, d.app.journal.actions))
    assert counts[0] <= MOST["masters"] < len(d.app.journal.actions)
    past_every_copy(counts, MOST["masters"])


def test_a_press_leaves_no_undo_mark_waiting():
    """The mark a step makes waits for the press's screen (replay.Marks.later), then the
    UI takes it before the save: after every press of a battle game none is waiting,
    and the copies kept are the states at their journal lengths."""
    d = BattleDriver(SimBoard(storage=FakeFlash(), seed=4), seed=4)
    d.boot()
    d.start_battle(3)
    seen = 0
    for _ in range(300):
        if not d.step():
            break
        g = d.game()
        assert g.marks.waiting is None and d.ui.later is None
        for at, _key, copy in g.marks.kept:
            want = B.replay(3, bytes(d.app.journal.actions[:at]))
            assert copy.snapshot() == want.snapshot()
            seen += 1
    assert seen > 50

def past_every_copy(counts, most):
    """The undos in a row went past every copy kept (a whole replay), and after each
    such replay the copies were there again: the next ones replay a stretch."""
    whole = [i for i in range(len(counts)) if counts[i] > most]
    assert whole, counts
    for i, j in zip(whole, whole[1:]):
        assert j - i > 3, counts

# -- Capture -------------------------------------------------------------------------------
def game_fp(g):
    """A steps.Game by value: every attribute of its state, its notes and steps."""
    return (repr(sorted(vars(g.state).items())), sorted(g.notes.items()), g.steps)

def capture_game(resume):
    """A whole 4-player game, Team Wicked and an arena (the heap bench's), on its end."""
    cat.forget()
    d = cc.game(4, True, 3, 2, 0, DATA)
    if resume:
        d = resumed(d, lambda flash: cc.new_driver(2, flash, DATA))
    return d

def capture_screen(d):
    """The screen holding the game: the end screen or the game screen."""
    return [s for s in d.ui.stack if hasattr(s, "game") and hasattr(s, "take")][-1]

@pytest.mark.parametrize("resume", [False, True])
def test_capture_undo_replays_a_stretch(resume):
    d = capture_game(resume)
    g = capture_screen(d)
    assert g.name == "capture.end" and g.state.is_terminal()
    cfg = g.cfg
    counts = []
    for _ in range(60):
        with Counted(type(g.game), "apply_step") as n:
            g.undo()
        counts.append(n.n)
        g = capture_screen(d)
        assert game_fp(g.game) == game_fp(F.replay(cfg, d.app.journal.actions))
    assert counts[0] < MOST["capture"]
    past_every_copy(counts, MOST["capture"])

@settings(max_examples=30, deadline=None)
@given(players=hs.integers(2, 4), seed=hs.integers(1, 50), steps=hs.integers(0, 250),
       picks=hs.lists(hs.integers(0, 1 << 20), min_size=1, max_size=4))
def test_refused_capture_step_leaves_the_game_unreplayed(players, seed, steps, picks):
    """A step of several actions, the first legal, the others picked among the legal
    actions and a few wrong ones: refused, the game and the journal are as they were and
    nothing was replayed; taken, the game is the journal's."""
    cat.forget()
    d = cc.new_driver(seed, None, DATA)
    d.boot()
    d.start_capture(players, seed % 2 == 1, seed % 9)
    for _ in range(steps):
        if d.top().name == "capture.end" or not d.step():
            break
    g = capture_screen(d)
    st = g.state
    legal = st.legal_actions() if not st.is_terminal() else [F.note_action(0, 0, 1, 0, 0)]
    wrong = [kc.GO, kc.RESOLVE, ca.throw_action(1), ca.points_action(0, 99),
             ca.critical_action(5, 3), F.note_action(3, 9, 1, 0, 0), 1 << 25]
    acts = [legal[picks[0] % len(legal)]]
    for p in picks[1:]:
        pool = legal if p & 1 else wrong
        acts.append(pool[(p >> 1) % len(pool)])
    journal = bytes(d.app.journal.actions)
    game = g.game
    before = game_fp(game)
    module = live(game)
    with NoReplay((module, "replay"), (module, "fold"), (module, "undo_point")):
        taken = g.take(acts, "test")
    event("taken" if taken else "refused")
    if taken:
        assert game_fp(g.game) == game_fp(F.replay(g.cfg, d.app.journal.actions))
    else:
        assert g.game is game and game_fp(game) == before
        assert bytes(d.app.journal.actions) == journal

# -- the battle ----------------------------------------------------------------------------
def battle_game(resume):
    """A whole 4-player battle with an undo every 9th decision (the heap bench's)."""
    d = BattleDriver(SimBoard(storage=FakeFlash(), seed=5), seed=5)
    d.undo_every = 9
    d.boot()
    d.start_battle(4)
    d.play_out()
    if resume:
        d = resumed(d, lambda flash: BattleDriver(SimBoard(storage=flash, seed=5), seed=5))
    return d

@pytest.mark.parametrize("resume", [False, True])
def test_battle_undo_replays_a_stretch(resume):
    d = battle_game(resume)
    t = screen(d, "battle.turn")
    assert t.state.is_terminal()
    counts = []
    for _ in range(40):
        with Counted(type(t.state), "apply") as n:
            t.undo()
        counts.append(n.n)
        assert t.state.snapshot() == B.replay(4, d.app.journal.actions).snapshot()
    assert counts[0] <= MOST["battle"] < t.state.count
    past_every_copy(counts, MOST["battle"])

events = hs.one_of(
    hs.tuples(hs.sampled_from([1, 9])),  # a cell, done
    hs.builds(lambda b, m: (2, b, m), hs.integers(0, 2), hs.integers(0, 1)),  # stars
    hs.builds(lambda s, b, sm, bo: (3, s, b, sm, bo), hs.integers(0, 3), hs.integers(0, 1),
              hs.integers(0, 2), hs.integers(0, 2)),  # a move
    hs.builds(lambda s, t, ts: (7, s, t, ts), hs.integers(0, 3), hs.integers(0, 3),
              hs.integers(0, 3)),  # an attack
)

def battle_event(seat, shape):
    """An event of the player in turn from a drawn shape (a few kinds, any arguments)."""
    kind = shape[0]
    if kind == 1:
        return E.cell(seat)
    if kind == 9:
        return E.done(seat)
    if kind == 2:
        return E.stars(seat, shape[1], (0,) * shape[2])
    if kind == 3:
        return E.move(seat, shape[1], shape[2], shape[3], shape[4])
    return E.attack(seat, shape[1], shape[2], shape[3])

@settings(max_examples=40, deadline=None)
@given(players=hs.sampled_from([3, 4]), seed=hs.integers(1, 60), steps=hs.integers(0, 250),
       first=hs.integers(0, 1 << 16), rest=hs.lists(events, min_size=1, max_size=3))
def test_refused_battle_entry_leaves_the_state_unreplayed(players, seed, steps, first, rest):
    """An entry of several events, the first legal: refused at a later one, the state and
    the journal are as they were and nothing was replayed; taken, the state is the
    journal's."""
    d = BattleDriver(SimBoard(storage=FakeFlash(), seed=seed), seed=seed)
    d.boot()
    d.start_battle(players)
    for _ in range(steps):
        if not d.step():
            break
    t = d.game()
    st = t.state
    if st.is_terminal():
        return
    legal = st.legal_events()
    acts = [legal[first % len(legal)]] + [battle_event(st.seat, r) for r in rest]
    journal = bytes(d.app.journal.actions)
    before = st.snapshot()
    module = live(st)
    with NoReplay((module, "replay"), (module, "fold"), (module, "undo")):
        taken = t.take(acts)
    event("taken" if taken else "refused")
    if taken:
        assert t.state.snapshot() == B.replay(players, d.app.journal.actions).snapshot()
    else:
        assert t.state is st and st.snapshot() == before
        assert bytes(d.app.journal.actions) == journal
