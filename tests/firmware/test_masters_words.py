"""What the Masters screens say and do, read from the screen after key presses from
power-up (docs/gadget.md, Buttons and Masters): hold OK opens the game menu on every
screen of a game (the scoreboard showed the button help); the table-dice scorepad names
every seat beside its total, with 4 players and 3-digit totals too, and keeps them in
sight when the first player is drawn (a toast hid them for 2 s); "= 1 point", "1
player"; the end menu says which step its undo takes back ("Undo last turn" took back
one decision); the resume question names the game in full; a turn that scored 0 neither
flashes its seat nor plays the scoring cue (M7); the mode menu tells the presses a turn.
"""

import json

import pytest
from boards.sim import SimBoard
from drive import Driver
from flash import FakeFlash
from geekout import journal as jn
from geekout import keys
from geekout.masters import consts as mc
from geekout.masters import rules as M
from geekout.masters.hintpage import short_action
from test_masters_cursors import FW, find_game, needs_table, resumed

VIRTUAL, TABLE, AUTO = mc.VIRTUAL, mc.TABLE, mc.AUTO


def booted(seed=2, data=None, events=False, flash=None):
    d = Driver(SimBoard(storage=flash or FakeFlash(), seed=seed, data=data, events=events))
    d.boot()
    return d


def shown(d):
    """Every string on the panel now, the toast's lines included, top to bottom."""
    fb = d.board.display
    texts = []
    orig = fb.text

    def text(s, x, y, c=1):
        texts.append((y, x, s))
        orig(s, x, y, c)

    fb.text = text
    try:
        d.ui.dirty = True
        d.ui.refresh()
    finally:
        fb.text = orig
    return [s for _y, _x, s in sorted(texts)]


def enter(d, value):
    """Table dice: set the entry to `value` the short way round, then OK."""
    g = d.top()
    span = mc.BUST + 1
    while g.value != value:
        d.press(keys.UP if (value - g.value) % span <= span // 2 else keys.DOWN)
    d.press(keys.OK)


# -- hold OK: the game menu on every screen of a game ------------------------------------
def test_hold_ok_on_the_scoreboard_opens_the_game_menu():
    """Before: the button help ("Buttons"), unlike every other game screen."""
    d = booted()
    d.start(VIRTUAL, 2)
    d.game_menu("Scoreboard")
    assert d.top().name == "scoreboard"
    d.press(keys.LONG_OK)
    assert d.top().name == "masters.menu" and "Game menu" in shown(d)
    assert [s.name for s in d.ui.stack][-2] == "masters.dice"  # the scoreboard closed
    d.press(keys.BACK)
    assert d.top().name == "masters.dice"


def test_hold_ok_outside_a_game_still_shows_the_help():
    from geekout.ui.scoreboard import Scoreboard

    d = booted()
    d.ui.push(Scoreboard(d.ui, "Scores", [1, 2]))
    d.press(keys.LONG_OK)
    assert d.top().name == "help"


@needs_table
@pytest.mark.parametrize("mode", [VIRTUAL, TABLE])
def test_hold_ok_on_the_hint_opens_the_game_menu(mode):
    from geekout.hal.storage import Storage

    d = booted(data=Storage(str(FW)))
    d.start(mode, 2)
    if mode == VIRTUAL:
        d.press(keys.OK)  # roll: the hint needs dice
        d.game_menu("Hint")
    else:
        d.press(keys.BACK)  # the scorepad's BACK: the dice showing, for the hint
        assert d.top().name == "masters.dice_entry"
        d.press(keys.LONG_OK)
        assert d.top().name == "masters.menu"
        d.press(keys.BACK)
        d.press(keys.BACK)
        for _ in range(6):  # OK through the faces: the hint
            if d.top().name != "masters.dice_entry":
                break
            d.press(keys.OK)
    assert d.top().name == "masters.hint"
    d.press(keys.LONG_OK)
    assert d.top().name == "masters.menu"
    assert [s.name for s in d.ui.stack][-2] in ("masters.dice", "masters.table")


# -- the table-dice scorepad ----------------------------------------------------------
def test_four_seats_keep_their_names_beside_three_digit_totals():
    """Two rounds of 10 dice scored each (55 points a turn, M7) by keys: every seat has
    110, and each is named (before: "110 110 110 110", no seat)."""
    d = booted()
    d.start(TABLE, 4)
    for _ in range(8):
        enter(d, 10)
    texts = shown(d)
    for name in ("Red 110", "Gre 110", "Blu 110", "Yel 110"):
        assert name in texts, texts


def test_the_first_player_is_told_without_hiding_the_totals():
    """Before: a toast "Green starts" covered the totals' row for 2 s."""
    d = booted(seed=3)
    d.start(TABLE, 4)
    first = d.top().state.first
    name = ("Red", "Green", "Blue", "Yellow")[first]
    assert d.ui.toast_text is None
    texts = shown(d)
    assert name + " starts" in texts
    assert {"Red 0", "Gre 0", "Blu 0", "Yel 0"} <= set(texts)
    d.press(keys.UP)  # the next key: the line gives way to the footer
    assert name + " starts" not in shown(d)


def test_one_point_is_singular():
    d = booted()
    d.start(TABLE, 2)
    assert "= 0 points" in shown(d)
    d.press(keys.UP)
    assert "= 1 point" in shown(d)  # before: "= 1 points"
    d.press(keys.UP)
    assert "= 3 points" in shown(d)


def test_one_player_is_singular_on_the_live_event_line():
    d = booted(events=True)
    d.start(VIRTUAL, 1)
    assert json.loads(d.board.last_event)["text"] == "1 player, virtual dice"
    d.start(TABLE, 3)
    assert json.loads(d.board.last_event)["text"] == "3 players, table dice"


# -- a turn that scored nothing ---------------------------------------------------------
def turn_signals(d):
    """(flashing, cues played) right after the press."""
    return d.board.leds.flashing, d.board.buzzer.played


def test_a_zero_entry_neither_flashes_nor_sounds_the_score():
    d = booted()
    d.start(TABLE, 2)
    g = d.top()
    _, played = turn_signals(d)
    seat = g.state.seat
    d.press(keys.OK)  # 0 dice scored
    assert g.state.turns[-1] == (seat, 0, mc.ENDED_PASS)
    assert turn_signals(d) == (False, played)  # before: the seat flashed white, "score"
    enter(d, 3)  # 6 points: the seat flashes and the cue plays
    assert d.board.leds.flashing and d.board.buzzer.last == "score"
    enter(d, mc.BUST)
    assert d.board.leds.flashing and d.board.buzzer.last == "bust"


def test_a_virtual_pass_with_nothing_scored_is_no_score():
    """Virtual dice: Pass at a pass/continue point with no 42 scored adds 0 (M7)."""
    def nothing_scored(st):
        return st.phase_name() == "decide" and not st.scored

    import random

    for seed in range(300):  # a roll that resolved with no 42 left: 0 scored, dice used
        rng = random.Random(seed)
        st = M.MastersState(2)
        while st.phase_name() != "decide" and not st.is_terminal() and not st.turns:
            if st.is_chance():
                st.apply_action(rng.randrange(len(st.chance_outcomes())))
            else:
                st.apply_action(rng.choice(st.legal_actions()))
        if nothing_scored(st):
            break
    else:
        raise AssertionError("no such roll")
    d = resumed(VIRTUAL, bytes(st.journal), table=False)
    g = d.top()
    if g.choice == 0:
        d.press(keys.DOWN)
    _, played = turn_signals(d)
    d.press(keys.OK)  # Pass: +0
    assert g.state.turns[-1][1:] == (0, mc.ENDED_PASS)
    assert turn_signals(d) == (False, played)


# -- undo at the end: which step ----------------------------------------------------------
def test_the_end_menu_of_table_dice_names_the_entry_it_undoes():
    d = booted()
    d.start(TABLE, 1)
    for v in (0, 1, 2, 0):
        enter(d, v)
    enter(d, 3)  # the last turn: 3 dice scored
    assert d.top().name == "masters.end"
    d.press(keys.LONG_OK)
    assert d.top().name == "masters.end_menu"
    assert "Undo 3 scored" in shown(d)  # before: "Undo last turn"
    d.press(keys.OK)
    g = d.top()
    assert g.name == "masters.table" and len(g.state.turns) == 4
    lines = shown(d)  # the toast's two lines (the screen's words under its bar come between)
    assert d.ui.toast_text == "Undone: 3 scored" and {"Undone: 3", "scored"} <= set(lines)


@pytest.mark.parametrize("mode", [VIRTUAL, AUTO])
def test_the_end_menu_names_the_last_step(mode):
    """Virtual dice: the last decision ("Undo Pass", "Undo SHIP alone"...); auto dice:
    the last press ("Undo Pass", "Undo the roll"). Undo takes back that one step: the
    game is back in its last turn."""
    d = booted(seed=5)
    d.start(mode, 1)
    d.play_out()
    end = d.top()
    journal = end.game.state.journal
    if mode == VIRTUAL:
        last = max(i for i in range(len(journal)) if journal[i] >= mc.PASS)
        want = "Undo " + short_action(journal[last])
    else:
        want = "Undo " + end.game.step_words(journal[end.game.undo_point()])
    d.press(keys.LONG_OK)
    assert want in shown(d) and "Undo last turn" not in shown(d)
    d.press(keys.OK)
    g = d.top()
    assert g.name in ("masters.dice", "masters.auto") and not g.state.is_terminal()
    assert len(g.state.turns) == 4  # the last turn is in play again


# -- power-up: the resume question ------------------------------------------------------
@pytest.mark.parametrize("game,title", [("masters", "Geek Out! Masters"),
                                        ("capture", "Geekmon Capture"),
                                        ("battle", "Galaxy battle")])
def test_the_resume_question_names_the_game_in_full(game, title):
    j = jn.Journal(FakeFlash())
    j.start(game, b"\x00\x02")
    d = booted(flash=FakeFlash(j.storage.snapshot()))
    assert d.top().name == "resume?"
    text = " ".join(shown(d))
    assert "Resume the saved {} game?".format(title) in " ".join(d.top().lines)
    assert "saved {} game".format(game) not in text  # before: "the saved masters game?"


# -- the mode menu --------------------------------------------------------------------
def test_the_mode_menu_tells_what_each_mode_asks_and_its_presses():
    from geekout.masters.setup import PRESSES  # measured: test_masters_presses.py

    d = booted()
    d.new_game("Masters")
    assert d.top().name == "masters.mode"
    seen = []
    for i in range(3):
        texts = shown(d)
        seen.append(texts[-1])
        assert texts[-1] == "~{} presses/turn".format(PRESSES[i])
        d.press(keys.DOWN)
    assert seen == ["~65 presses/turn", "~6 presses/turn", "~5 presses/turn"]


def test_a_won_last_turn_is_one_ok_from_the_end():
    """The whole point of the Pass default: from power-up on a saved game at its last
    turn, OK, OK: resumed, passed, the game won."""
    def wanted(s):
        return len(s.turns) == 9 and s.totals[s.seat] + M.points_for(s.scored) > \
            s.totals[1 - s.seat] and s.used >= 3

    actions, st = find_game(wanted)
    d = resumed(VIRTUAL, actions, table=False)
    d.press(keys.OK)
    assert d.top().name == "masters.end" and d.top().winners == [st.seat]
    assert ("Red", "Green")[st.seat] + " wins!" in shown(d)
