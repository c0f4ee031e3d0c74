"""Where the Masters cursors start (docs/gadget.md, Masters, virtual dice and auto dice):
the Continue/Pass question opens on the advised choice, and on Pass on the game's last
turn when passing wins it (M6, M8); the die and target cursors of virtual dice start on
the hint's best step (the target never on the acting die's own face, M3a-c). Each test
powers the gadget up by keys, on a saved game where the question is asked (resume) or
from a new game, and reads the screen.

Before: the question always opened on Continue (one hasty OK on the last turn could
throw a won game away), and the target cursor on the acting die's own face.
"""

import random
from pathlib import Path

import pytest
from boards.sim import SimBoard
from drive import Driver
from flash import FakeFlash
from geekout import journal as jn
from geekout import keys
from geekout.hal.storage import Storage
from geekout.masters import consts as mc
from geekout.masters import hint as mh
from geekout.masters import rules as M
from test_ui import _drawn_texts

FW = Path(__file__).resolve().parents[2] / "firmware"
TABLE = FW / "geekout" / "masters" / "hint.bin"
needs_table = pytest.mark.skipif(not TABLE.exists(), reason="hint table not built")


def advice(st, need=0):
    """The table's steps for a position, best first (as the hint shows them)."""
    active = st.active if st.phase_name() == "resolve" else bytearray(6)
    with open(TABLE, "rb") as f:
        return mh.advise(mh.open_table(f), active, st.inactive, st.used, st.scored, need)


def last_turn_ahead(st):
    """The game's last turn, the seat in play ahead of the other before it (M8)."""
    return len(st.turns) == 9 and st.totals[st.seat] > st.totals[1 - st.seat]


def find_game(wanted, seeds=range(400)):
    """The journal of a 2-player game played by a seeded random player (continuing
    while fewer than 3 dice are scored) up to the first pass/continue point that
    `wanted(state)` accepts."""
    for seed in seeds:
        rng = random.Random(seed)
        st = M.MastersState(2)
        while not st.is_terminal():
            if st.phase_name() == "decide":
                if st.scored and wanted(st):
                    return bytes(st.journal), st
                st.apply_action(mc.PASS if st.scored >= 3 else mc.CONTINUE)
            elif st.is_chance():
                st.apply_action(rng.randrange(len(st.chance_outcomes())))
            else:
                st.apply_action(rng.choice(st.legal_actions()))
    raise AssertionError("no such game in the seeds tried")


def resumed(mode, actions, table=True):
    """Power-up on a saved 2-player game (`mode`, its journal), OK to the question:
    the game's screen."""
    j = jn.Journal(FakeFlash())
    j.start("masters", bytes((mode, 2)))
    j.append(actions)
    board = SimBoard(storage=FakeFlash(j.storage.snapshot()), seed=1,
                     data=Storage(str(FW)) if table else None)
    d = Driver(board)
    d.boot()
    assert d.top().name == "resume?"
    d.press(keys.OK)
    return d


def screen_texts(d):
    return [t for t, _x, _y in _drawn_texts(d, d.top())]


def choice_shown(d):
    """The choice the ">" stands before on the Continue/Pass question (auto dice: one
    a line; virtual dice: both on one line)."""
    texts = _drawn_texts(d, d.top())
    marks = [(x, y) for t, x, y in texts if t == ">"]
    assert len(marks) == 1, texts
    mx, my = marks[0]
    after = sorted((x, t) for t, x, y in texts if y == my and x > mx and t in ("Continue", "Pass"))
    return after[0][1]


# -- the Continue/Pass question --------------------------------------------------------
@needs_table
def test_virtual_dice_opens_on_the_advised_pass():
    """A pass/continue point where the table says Pass: the question opens on it, and
    OK passes (before: on Continue, and OK rolled on)."""
    actions, st = find_game(lambda s: advice(s)[0][0] == mc.PASS and s.round < 4)
    d = resumed(mc.VIRTUAL, actions)
    g = d.top()
    assert g.name == "masters.dice" and g.state.phase_name() == "decide"
    assert choice_shown(d) == "Pass"
    d.press(keys.OK)
    assert g.state.turns[-1] == (st.seat, M.points_for(st.scored), mc.ENDED_PASS)


@needs_table
def test_virtual_dice_opens_on_the_advised_continue():
    actions, _st = find_game(lambda s: advice(s)[0][0] == mc.CONTINUE and s.round < 4)
    d = resumed(mc.VIRTUAL, actions)
    assert choice_shown(d) == "Continue"


@pytest.mark.parametrize("mode", [mc.VIRTUAL, mc.AUTO])
@pytest.mark.parametrize("table", [True, False])
def test_the_last_turn_opens_on_pass_when_passing_wins(mode, table):
    """The game's last turn, the seat ahead, little scored and many dice to roll again:
    for points the advice is Continue, but passing wins the game (M8), so the question
    opens on Pass and says why; one OK ends the game won (before: Continue, virtual
    dice always; auto dice whenever the expected points said so)."""
    if table and not TABLE.exists():
        pytest.skip("hint table not built")

    def wanted(s):
        return last_turn_ahead(s) and s.scored <= 2 and s.used >= 5 and (
            not TABLE.exists() or advice(s)[0][0] == mc.CONTINUE)

    actions, st = find_game(wanted)
    d = resumed(mode, actions, table)
    g = d.top()
    assert g.state.phase_name() == "decide"
    assert choice_shown(d) == "Pass"
    assert "Passing wins" in screen_texts(d)
    d.press(keys.OK)
    assert d.top().name == "masters.end"
    assert d.top().winners == [st.seat]


@pytest.mark.parametrize("mode", [mc.VIRTUAL, mc.AUTO])
def test_the_last_turn_behind_does_not_force_pass(mode):
    """Passing that would not take the lead says nothing of winning."""
    actions, st = find_game(lambda s: len(s.turns) == 9 and
                            s.totals[s.seat] + M.points_for(s.scored) <= s.totals[1 - s.seat])
    d = resumed(mode, actions, table=False)
    assert "Passing wins" not in screen_texts(d)
    # without the table: the rule of thumb (autoplay.CONTINUE_FROM)
    from geekout.masters import autoplay

    want = "Continue" if autoplay.advise_continue(st.used, st.scored) else "Pass"
    assert choice_shown(d) == want


# -- the die and target cursors of virtual dice ----------------------------------------
def bar_face(d):
    """The face the solid cursor bar is under (rows 41-43, 18 px wide: dice.py)."""
    fb = d.board.display
    rects = []
    orig = fb.fill_rect

    def fill_rect(x, y, w, h, c):
        rects.append((x, y, w, h))
        orig(x, y, w, h, c)

    fb.fill_rect = fill_rect
    try:
        d.top().draw(fb)
    finally:
        fb.fill_rect = orig
    bars = [x for x, y, w, h in rects if y == 41 and w == 18]
    assert len(bars) == 1, rects
    return (bars[0] + 1 - 2) // 21


def first_roll_with_a_target(seeds=range(1, 60)):
    """A 2-player virtual-dice game from power-up, rolled until the hint's best step
    has a target other than its own die's face: (driver, that step)."""
    for seed in seeds:
        d = Driver(SimBoard(storage=FakeFlash(), data=Storage(str(FW)), seed=seed))
        d.boot()
        d.start(mc.VIRTUAL, 2)
        d.press(keys.OK)  # roll 7 dice
        g = d.top()
        st = g.state
        if st.phase_name() != "resolve":
            continue
        best = advice(st)[0][0]
        actor = M.action_actor(best)
        if best != mc.HEART_ACT and best & 7 not in (actor, mc.NO_TARGET):
            return d, best
    raise AssertionError("no such roll")


@needs_table
def test_the_cursors_start_on_the_hints_step_and_two_oks_take_it():
    """The die cursor starts under the hint's best die; OK on it, and the target
    cursor starts under the hint's target (before: under the acting die's own face);
    OK again takes exactly that step."""
    d, best = first_roll_with_a_target()
    g = d.top()
    actor, target = M.action_actor(best), best & 7
    assert bar_face(d) == actor
    d.press(keys.OK)
    assert "Pick a target" in screen_texts(d)
    assert bar_face(d) == target != actor
    n = len(g.state.journal)
    d.press(keys.OK)
    assert g.state.journal[n] == best


def test_without_the_table_the_target_starts_on_a_dragon():
    """No hint table: the target cursor starts on the most useful face, a DRAGON
    whenever one shows (M4: it would bust the roll), never on the actor's own face
    unless nothing else can be hit."""
    from geekout.masters.dice import useful_target

    for seed in range(1, 200):
        d = Driver(SimBoard(storage=FakeFlash(), seed=seed))
        d.boot()
        d.start(mc.VIRTUAL, 2)
        d.press(keys.OK)
        g = d.top()
        st = g.state
        if st.phase_name() != "resolve" or not st.active[mc.DRAGON] or sum(st.active) < 2:
            continue
        actor = g.cursor
        if actor == mc.HEART:
            continue
        d.press(keys.OK)
        assert g.mode == 1 and bar_face(d) == mc.DRAGON
        assert useful_target(actor, st.active) == mc.DRAGON
        return
    raise AssertionError("no roll with a DRAGON and a die to act on it")


def test_useful_target_prefers_another_face_to_the_actors_own():
    from geekout.masters.dice import useful_target

    active = bytearray(6)
    active[mc.SPACESHIP] = 2
    active[mc.F42] = 1
    assert useful_target(mc.SPACESHIP, active) == mc.SPACESHIP  # the other SPACESHIP
    active[mc.SPACESHIP] = 1
    assert useful_target(mc.SPACESHIP, active) == mc.F42  # the only other die
    active[mc.HEART] = 1
    assert useful_target(mc.SUPERHERO, bytearray((1, 1, 0, 0, 1, 0))) == mc.HEART  # -> 42
