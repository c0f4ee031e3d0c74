"""Presses a battle turn costs on the gadget (docs/gadget-battle.md, Presses), counted by
key scripts: each script is the shortest way through the screens for its turn, and the test
checks that it records exactly the turn's events.

The typical turn, mid-game: Red holds the mothership and one drone, both off their
base, and Green's mothership is off its base too (so an attack is possible and the
players must say there is none). Red's turn: the exploration cell; the drone's free
move into a cell holding one small star; no attack; the three action points: the
mothership moves into an empty cell, then into a cell with one small star, and two
small stars are placed; the turn ends.

Two more turns frame it: a light one (the mothership alone: no attack, an empty cell, a
cell with a small star, two small stars) and a heavy one (the drone's free move into an
empty cell, the mothership attacks Green's mothership, which does not teleport away,
two small stars, two moves into empty cells).

Measured with the same scripts' turns on the firmware before this work (commit
81032c4): typical 24 presses, light 16, heavy 30 (one press for the exploration cell,
three to close the drone and the attack phases each, the ship asked at every move,
Place 2 stars four rows down). Then: 12, 9, 16 (the gadget places the exploration cell;
a later phase's entry ends the phases before it; a move names its ship; the cursor
starts on the likely entry and stays on the one used). Now: 10, 7, 15 (the goal for
the typical turn is <= 10): a star placement, an upgrade or a new drone that spends
the last action point ends the turn by itself (B3/B10: the points are mandatory and the
tactical phase ends when all 3 are spent; such an action moves no ship nor cannon, so no
attack can follow), and undo takes that action back with the End turn; with one point
left and no stars placed this turn the cursor waits on Place 2 stars, after a placement
on Move M. A last move or cannon turn still asks End turn (an attack may follow it).

A press on a toast only takes it away (the toast may hide the entry the press would
make): the scripts read each toast first, the 2 s it shows, as a player does (`read`);
pressing at once costs one press more per toast: typical 13, light 9, heavy 17.
"""

import pytest
from battle_check import run_script
from battle_checks import board
from battle_drive import BattleDriver
from battle_vectors import LEAVE, OPEN3, PASS
from flash import FakeFlash
from geekout import journal as jn
from geekout import keys
from geekout.battle import events as E
from geekout.battle import rules as B

UP, DOWN, OK = keys.UP, keys.DOWN, keys.OK

# Red: M off base, a drone off base, one collected small star; Green's M off base. The
# games end with Blue's turn, whose End turn is pressed to place Red's exploration cell.
TYPICAL = OPEN3 + "cell done move:0:s*3 done " + LEAVE + PASS \
    + "cell done drone:s move:1 turn:0 done " + PASS * 2
LIGHT = OPEN3 + "cell done move:0 turn:0*2 done " + PASS * 2

TURNS = {
    # name: (steps before, keys, Red's events, presses, toasts read)
    "typical": (TYPICAL, [OK, DOWN, OK,  # D1 free move: a cell with 1 small star
                          OK, OK,  # Move M (no attack: the drone and attack phases end): empty
                          OK, DOWN, OK,  # Move M: 1 small star
                          OK, OK],  # Place 2 stars (the cursor is on it): 2 small; the turn ends
                [E.move(0, 1, 0, 1), E.done(0), E.done(0), E.move(0, 0), E.move(0, 0, 0, 1),
                 E.stars(0, 0), E.done(0)], 10, 3),  # Red's turn, star value 1, then 2
    "light": (LIGHT, [OK, OK,  # Move M (no attack): empty
                      OK, DOWN, OK,  # Move M: 1 small star
                      OK, OK],  # Place 2 stars: 2 small; the turn ends
              [E.done(0), E.move(0, 0), E.move(0, 0, 0, 1), E.stars(0, 0), E.done(0)], 7, 2),
    "heavy": (TYPICAL, [OK, OK,  # D1 free move: empty
                        UP, OK, OK, OK, OK,  # Attack (ends the drone phase) with M, Green's M, no teleport
                        DOWN, OK, OK,  # Place 2 stars (no more attack): 2 small
                        OK, OK,  # Move M (the cursor is on it after the stars): empty
                        OK, OK,  # Move M: empty
                        OK],  # End turn (a move may still bring an attack: not by itself)
              [E.move(0, 1), E.done(0), E.attack(0, 0, 1, 0), E.done(0), E.stars(0, 0),
               E.move(0, 0), E.move(0, 0), E.done(0)], 15, 2),  # Red's turn, the kill
}


def read(d, k):
    """Press k once the toast shown is read (its 2 s gone by): a press on a toast only
    takes it away. 1 if there was one."""
    shown = d.ui.toast_text is not None
    if shown:
        d.wait()
    d.press(k)
    return 1 if shown else 0


def resumed_before_reds_turn(steps):
    """The gadget on the game of a script whose last entry, by the player before Red,
    ends the turn: that End turn is pressed here, so Red's exploration cell is the
    gadget's (as in play). Returns the driver and the events before Red's turn."""
    s = B.new_initial_state(3)
    assert run_script(s, steps[:steps.rindex("done")]) is None  # Blue's End turn is pressed
    flash = FakeFlash()
    j = jn.Journal(flash)
    j.start("battle", b"\x03")
    j.append(s.journal)
    d = BattleDriver(board(flash, 2, False, False), seed=2)
    d.boot()
    while d.top().name == "resume?":
        d.press(keys.OK if d.top().answer else keys.UP)
    g = d.game()
    assert g.state.seat == 2 and g.label(g.items()[g.index]) == "End turn"
    d.press(OK)
    assert g.state.seat == 0 and E.decode_all(g.state.journal)[-2:] == [E.done(2), E.cell(0)]
    return d, g.state.count


@pytest.mark.parametrize("name", list(TURNS))
def test_a_turn_by_keys(name):
    steps, script, want, presses, toasts = TURNS[name]
    d, n0 = resumed_before_reds_turn(steps)
    before = d.presses
    seen = 0
    for k in script:
        seen += read(d, k)
    st = d.game().state
    # Red's turn, exactly, then Green's with its exploration cell placed
    assert E.decode_all(st.journal)[n0:] == want + [E.cell(1)]
    assert d.presses - before == len(script) == presses and seen == toasts
    assert st.seat == 1 and d.top().name == "battle.turn"


@pytest.mark.parametrize("name", list(TURNS))
def test_a_turn_pressed_at_once_takes_a_press_more_per_toast(name):
    """Pressed without waiting, each press on a toast only takes it away: the same turn,
    one press more per toast, and nothing else happens on those presses."""
    steps, script, want, presses, toasts = TURNS[name]
    d, n0 = resumed_before_reds_turn(steps)
    before = d.presses
    for k in script:
        if d.ui.toast_text is not None:
            st = d.game().state.snapshot()
            top = d.top()
            d.press(k)  # on the toast: it goes, nothing else
            assert d.ui.toast_text is None and d.top() is top and d.game().state.snapshot() == st
        d.press(k)
    assert E.decode_all(d.game().state.journal)[n0:] == want + [E.cell(1)]
    assert d.presses - before == presses + toasts


def test_a_typical_turn_takes_at_most_10_presses():
    """The goal (docs/gadget-battle.md, Presses): a typical turn in 10 presses at most; and
    no turn got dearer."""
    assert len(TURNS["typical"][1]) <= 10
    assert len(TURNS["light"][1]) <= 9 and len(TURNS["heavy"][1]) <= 16


def test_undo_takes_back_the_turn_that_ended_by_itself():
    """The last point's placement and the End turn it brought (and Green's cell) are one
    entry: undo takes them back whole, Red has the point again and the cursor waits on
    Place 2 stars; doing it again ends the turn the same way."""
    steps, script, want, _n, _t = TURNS["typical"]
    d, n0 = resumed_before_reds_turn(steps)
    for k in script[:-2]:
        read(d, k)
    g = d.game()
    before = g.state.snapshot()
    read(d, OK)
    d.press(OK)  # 2 small stars: the turn ends
    assert g.state.seat == 1
    d.game_menu("Undo")
    g = d.game()
    assert g.state.snapshot() == before and d.ui.toast_text == "Undone: Red stars"
    assert g.state.seat == 0 and g.state.owed == 1
    assert g.label(g.items()[g.index]) == "Place 2 stars"
    read(d, OK)
    d.press(OK)
    assert E.decode_all(g.state.journal)[n0:] == want + [E.cell(1)]


def test_the_cursor_waits_on_the_likely_entry():
    """Through the typical turn the cursor stands where the next press is most likely:
    the drone's free move, then the mothership's move (no attack), the same move again
    after it, End turn once the points are spent; and every answer's list opens on its
    first row (an empty cell, 2 small stars)."""
    steps, script, _want, _n, _t = TURNS["typical"]
    d, _n0 = resumed_before_reds_turn(steps)
    g = d.game()
    seen = []
    for k in script:
        if d.ui.toast_text is not None:
            d.wait()
        top = d.top()
        if top is g:
            seen.append(g.label(g.items()[g.index]))
        else:
            assert top.index == 0 or k == OK, top.name
        d.press(k)
    assert seen == ["D1 free move", "Move M", "Move M", "Place 2 stars"]
