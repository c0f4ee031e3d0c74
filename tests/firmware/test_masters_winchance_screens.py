"""The chance to win on the Masters screens (docs/gadget.md, The chance to win): the
scoreboard's footer and the line between turns ("Red 44% Gre 56%") in a 2-player game,
nothing of it with 3 players, and "To win: ..." on the hint where the win-optimal pass or
continue is not the step the hint puts first. The reader and the table themselves:
test_masters_winchance.py; the table against the solver: tests/rules/test_win_solve.py.
"""

import re
from pathlib import Path

import pytest
from boards.sim import SimBoard
from drive import Driver
from flash import FakeFlash
from geekout import keys
from geekout.masters import consts as mc
from geekout.masters import rules as M
from geekout.masters import winchance as wc
from test_ui import _drawn_texts

FW = Path(__file__).resolve().parents[2] / "firmware"
VIRTUAL, AUTO = 0, 2  # the setup menu's modes (drive.py)


def board_with_tables(seed=3):
    from geekout.hal.storage import Storage

    for name in (mc.HINT_FILE, wc.WIN_FILE):
        if not (FW / name).exists():
            pytest.skip("{} not built".format(name))
    board = SimBoard(storage=FakeFlash(), data=Storage(str(FW)), seed=seed)
    d = Driver(board)
    d.boot()
    return d


def drawn_texts(d, screen):
    """The strings `screen` draws (test_ui's capture, without their places)."""
    return [t[0] for t in _drawn_texts(d, screen)]


def first_turn_chances(g):
    """The footer the game start must show: the first player 44% (0.4378 of the solved
    game, docs/masters-win.md), the other 56%, in seat order."""
    first = g.state.seat
    pct = [0, 0]
    pct[first], pct[1 - first] = 44, 56
    return "Red {}% Gre {}%".format(pct[0], pct[1])


@pytest.mark.parametrize("mode", [VIRTUAL, AUTO])
def test_two_players_see_the_chance_between_turns_and_on_the_scoreboard(mode):
    d = board_with_tables()
    d.start(mode, 2)
    g = d.top()
    assert g.state.is_chance() and not g.state.turns  # the first roll waits
    want = first_turn_chances(g)
    assert want in drawn_texts(d, g)
    d.game_menu("Scoreboard")
    assert d.top().name == "scoreboard" and d.top().footer == want
    assert want in drawn_texts(d, d.top())
    d.press(keys.BACK)


def test_the_chance_follows_the_totals_after_a_turn():
    d = board_with_tables()
    d.start(VIRTUAL, 2)
    g = d.top()
    before = g.win_line()
    st = g.state
    st.totals[st.seat] += 40  # as if a turn had scored 40: the mover is far ahead
    line = g.win_line()
    assert line != before
    got = [int(p) for p in re.findall(r"(\d+)%", line)]
    assert got[st.seat] > 56 and got[0] + got[1] in (99, 100, 101)


def test_three_players_have_no_chance_line():
    d = board_with_tables()
    d.start(VIRTUAL, 3)
    g = d.top()
    assert g.win is None and g.win_line() == ""
    assert not any("%" in t for t in drawn_texts(d, g))
    d.game_menu("Scoreboard")
    assert d.top().footer == ""


def a_departure(win, t):
    """(lead, inactive, used, scored, win-optimal action) at a pass/continue point of
    turn t where the win-optimal choice is not the points-optimal one."""
    for lead in range(-60, 61):
        for i in range(mc.DICE):
            for u in range(1, mc.DICE + 1 - i):
                got = wc.step(win, t, lead, i, u, mc.DICE - i - u)
                if got is not None and got[0] != got[1]:
                    return lead, i, u, mc.DICE - i - u, got[0]
    raise AssertionError("no departure in turn {}".format(t))


def test_the_hint_says_when_playing_to_win_differs():
    d = board_with_tables()
    d.start(VIRTUAL, 2)
    g = d.top()
    st = g.state
    # Round 4 (the hint plays for points there), the first player to move.
    t = 2 * 3
    lead, i, u, s, act = a_departure(g.win, t)
    st.round = 3
    first = st.first
    st.seat = first
    st.totals[first] = 60 + lead
    st.totals[1 - first] = 60
    st.active[:] = bytes(mc.FACES)
    st.inactive, st.used, st.scored = i, u, s
    st.phase = M._DECIDE
    d.game_menu("Hint")
    page = d.top()
    assert page.name == "masters.hint"
    want = "To win: Continue" if act == mc.CONTINUE else "To win: Pass"
    assert page.lines[-1] == want
    # The hint's own first step is the points-optimal one, the other choice.
    other = "Pass" if act == mc.CONTINUE else "Continue"
    assert page.lines[0].startswith(">" + other)


def test_no_to_win_line_where_both_agree():
    d = board_with_tables()
    d.start(VIRTUAL, 2)
    g = d.top()
    st = g.state
    st.round = 0
    st.seat = st.first
    st.active[:] = bytes(mc.FACES)
    # 10 scored, nothing left to roll but the forced pass is not a decision: take 9
    # scored with one die to roll, where passing is right in every way at 0-0.
    st.inactive, st.used, st.scored = 0, 1, 9
    st.phase = M._DECIDE
    assert wc.step(g.win, 0, 0, 0, 1, 9) == (mc.PASS, mc.PASS)
    d.game_menu("Hint")
    assert not any("To win" in line for line in d.top().lines)
