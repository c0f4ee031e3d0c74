"""Masters' auto dice (config mode AUTO, docs/gadget.md, Masters, auto dice) by key presses
on CPython: the gadget's steps are journaled as the rules core's bytes (replay exact,
resumable), an undo takes back the last press and a redo shows the same dice (also after a
power cut), the show plays every step with what it did, the LEDs stay on the seat the screen
is about, and without the hint table the game still plays (autoplay.py) with the rule of
thumb's advice.
"""

from pathlib import Path

import pytest
from boards.sim import SimBoard
from drive import Driver
from flash import FakeFlash
from geekout import journal as jn
from geekout import keys
from geekout.hal.storage import Storage
from geekout.masters import auto
from geekout.masters import consts as mc
from geekout.masters import rules as M
from geekout.replay import rewind

FW = Path(__file__).resolve().parents[2] / "firmware"
HAS_TABLE = (FW / "geekout" / "masters" / "hint.bin").exists()
needs_table = pytest.mark.skipif(not HAS_TABLE, reason="hint table not built")


def board(seed, table=True, flash=None):
    return SimBoard(storage=flash if flash is not None else FakeFlash(),
                    data=Storage(str(FW)) if table else None, seed=seed)


def started(players=2, seed=1, table=True):
    d = Driver(board(seed, table))
    d.boot()
    d.start(mc.AUTO, players)
    return d


def watch(d, g):
    while g.showing:
        d.board.clock.advance(100)
        d.ui.tick(d.board.clock())


def game_screen(d):
    return [s for s in d.ui.stack if getattr(s, "name", "") == "masters.auto"][-1]


@needs_table
def test_a_whole_game_journals_the_rules_cores_bytes_and_resumes():
    d = started(3, 5)
    d.undo_every = 4
    end = d.play_out()
    assert end.name == "masters.end"
    g = end.game
    journal = bytes(d.app.journal.actions)
    k = jn.Journal(d.board.storage)
    assert k.load() == jn.OK and k.config == bytes((mc.AUTO, 3))
    assert bytes(k.actions) == journal
    again = M.replay(3, journal)  # the gadget's steps are plain rules-core actions
    assert again.is_terminal() and again.totals == g.state.totals
    assert again.turns == g.state.turns
    e = Driver(board(99, flash=FakeFlash(d.board.storage.snapshot())))
    e.boot()
    e.press(keys.OK)  # resume
    assert e.top().name == "masters.end" and e.top().game.state.totals == g.state.totals


@needs_table
def test_every_press_is_a_roll_or_a_choice_with_dice_scored_and_one_record():
    d = started(2, 7)
    g = d.top()
    for _ in range(40):
        st = g.state
        if st.is_terminal():
            break
        assert M.at_rest(st)
        assert st.is_chance() or (st.phase_name() == "decide" and st.scored > 0)
        writes = d.board.storage.writes
        d.press(keys.OK)
        assert d.board.storage.writes == writes + 1  # the press and every step after it
        watch(d, g)


@needs_table
def test_the_steps_are_the_hint_tables_best():
    """Each step the gadget took is the table's best at its position (M9's optimal play;
    in the last round, behind, the best chance to lead)."""
    from geekout.masters import hint as mh
    from geekout.masters.hintpage import need_to_lead

    d = started(2, 3)
    d.play_out()
    journal = bytes(d.app.journal.actions)
    with open(FW / "geekout" / "masters" / "hint.bin", "rb") as f:
        table = mh.open_table(f)
        s = M.MastersState(2)
        steps = 0
        for b in journal:
            if s.phase_name() == "resolve":
                need = need_to_lead(s.totals, s.seat, s.round == mc.ROUNDS - 1)
                need = need if need <= 55 else 0
                best = mh.advise(table, s.active, s.inactive, s.used, s.scored, need)[0][0]
                assert b == best, (str(s), b, best)
                steps += 1
            elif s.phase_name() == "decide" and s.scored == 0:
                assert b == mc.CONTINUE  # nothing to lose by going on (M7: passing adds 0)
            s.apply_action(b)
    assert steps > 50


@needs_table
def test_undo_takes_back_the_last_press_and_a_redo_shows_the_same_dice():
    d = started(2, 11)
    g = d.top()
    presses = []
    while len(presses) < 12 and not g.state.is_terminal():
        st = g.state
        presses.append((bytes(st.journal), -1 if st.is_chance() else
                        (mc.PASS if g.choice else mc.CONTINUE)))
        d.press(keys.OK)
        watch(d, g)
    after = bytes(g.state.journal)
    before, press = presses[-1]
    d.game_menu("Undo")
    g = game_screen(d)
    assert bytes(g.state.journal) == before and bytes(d.app.journal.actions) == before
    assert d.ui.toast_text == "Undone: " + {-1: "the roll", mc.PASS: "Pass",
                                            mc.CONTINUE: "Continue"}[press]
    g.press(press)  # the same press again
    assert bytes(g.state.journal) == after  # the same dice, the same steps
    # undo twice, power cut, boot on other dice: the redo still shows what was shown
    d.game_menu("Undo")
    d.game_menu("Undo")
    d.app.journal.flush()
    e = Driver(board(1234, flash=FakeFlash(d.board.storage.snapshot())))
    e.boot()
    e.press(keys.OK)  # resume
    h = game_screen(e)
    assert bytes(h.state.journal) == presses[-2][0]
    h.press(presses[-2][1])
    watch(e, h)
    h.press(press)
    assert bytes(h.state.journal) == after


def test_nothing_to_undo_before_the_first_press():
    d = started(2, 3, table=False)
    d.game_menu("Undo")
    assert d.ui.toast_text == "Nothing to undo"
    assert len(d.top().state.journal) == 1  # the first seat only


@needs_table
def test_undo_back_to_rests_matches_a_replay():
    """Undo to rules.last_rest from every point of a game (replay.rewind, as the step
    pipeline takes it) lands where a replay of the cut journal lands, at a rest (the
    copies kept in the marks or not)."""
    d = started(3, 21)
    d.play_out()
    j = bytes(d.app.journal.actions)
    st = M.replay(3, j)
    marks = M.new_marks()
    st = M.replay(3, j, marks)
    cuts = 0
    while True:
        cut = M.last_rest(st, marks)
        if cut < 0:
            break
        removed = bytes(st.journal[cut:])
        prev = rewind(st.journal, cut, marks, lambda: M.MastersState(3), M.fold_range)
        assert bytes(prev.journal) + removed == bytes(st.journal)
        assert M.at_rest(prev) and removed[0] >= M.PASS or M.at_turn_start(prev)
        fresh = M.replay(3, bytes(prev.journal))
        assert (fresh.totals, fresh.turns, bytes(fresh.active), fresh.phase) == \
            (prev.totals, prev.turns, bytes(prev.active), prev.phase)
        st = prev
        cuts += 1
    assert len(st.journal) == 1 and cuts > 20


@needs_table
def test_the_show_plays_every_step_and_the_result_waits_for_it():
    d = started(2, 5)
    g = d.top()
    seat = g.state.seat
    d.press(keys.OK)  # roll
    assert g.showing and g.at == 0
    n = len(g.frames) // auto._FRAME
    assert auto.caption(g.frames[0:auto._FRAME])[0] == "Rolled 7 dice"
    seen = []
    while g.showing:
        assert d.board.leds.seat == seat  # the LEDs stay on the seat whose dice show
        seen.append(g.at)
        d.board.clock.advance(auto.STEP_MS)
        d.ui.tick(d.board.clock())
    assert seen == list(range(n))
    # UP/DOWN step through a show again (BACK), OK goes to its end
    if not g.state.is_terminal():
        d.press(keys.BACK)
        assert g.showing and g.at == 0
        d.press(keys.DOWN)
        assert g.at == min(1, n - 1) and not g.playing
        d.press(keys.UP)
        assert g.at == 0
        d.press(keys.OK)
        assert not g.showing


def captions_of(frames):
    return [auto.caption(frames[i:i + auto._FRAME]) for i in range(0, len(frames), auto._FRAME)]


def test_captions_say_what_each_step_did_in_16_characters():
    F = auto._FRAME

    def frame(kind, extra, active=(0,) * 6, zones=(3, 0, 0)):
        return bytes((kind, extra) + tuple(active) + tuple(zones))

    cases = {
        frame(auto._ROLLED, 7): ("Rolled 7 dice", ""),
        frame(auto._ROLLED, 1): ("Rolled 1 die", ""),
        frame(auto._AGAIN, 4): ("Nothing scored:", "roll 4 again"),
        frame(auto._SCORED, 2, zones=(1, 4, 5)): ("Scored 2 more", "5 scored = 15"),
        frame(auto._BUST, 0, (2, 0, 0, 0, 0, 2)): ("BUST: 2 DRAGON", "left: no points"),
        frame(auto._BUST, 0, (0, 0, 0, 1, 0, 0)): ("BUST: lone SHIP", "no points"),
        frame(auto._FORCED, 0, zones=(3, 0, 7)): ("Nothing to roll:", "pass, +28"),
        frame(mc.HEART_ACT, mc.DRAGON): ("HEART: a die in", "it rolled DRAGON"),
        frame(mc.HEART_ACT, auto._NONE): ("HEART: no effect", "(none inactive)"),
        frame(M.resolve_action(mc.MEEPLE, mc.DRAGON), mc.MEEPLE): ("MEEPLE rerolls", "DRAGON -> MEEPLE"),
        frame(M.resolve_action(mc.SPACESHIP, mc.DRAGON), auto._NONE): ("SHIP removes", "DRAGON: inactive"),
        frame(M.resolve_action(mc.SUPERHERO, mc.DRAGON), auto._NONE): ("HERO flips", "DRAGON -> HERO"),
        frame(M.resolve_action(mc.SPACESHIP, mc.NO_TARGET), auto._NONE): ("SHIP alone:", "destroys itself"),
        frame(M.resolve_action(mc.MEEPLE, mc.NO_TARGET), auto._NONE): ("MEEPLE alone:", "no effect"),
    }
    for z, want in cases.items():
        assert len(z) == F
        got = auto.caption(z)
        assert got == want and all(len(x) <= 16 for x in got)


def test_without_the_table_the_game_plays_and_the_advice_is_the_rule_of_thumb():
    d = started(2, 4, table=False)
    g = d.top()
    assert g.hints is None
    saw_rule = False
    while not g.state.is_terminal():
        st = g.state
        if st.phase_name() == "decide":
            from geekout.masters import autoplay

            want = 0 if autoplay.advise_continue(st.used, st.scored) else 1
            assert g.choice == want
            lines = []
            fb = d.board.display
            orig = fb.text
            fb.text = lambda s, x, y, c=1, seen=lines, draw=orig: seen.append(s) or draw(s, x, y, c)
            g.draw(fb)
            fb.text = orig
            saw_rule |= "Rule of thumb:" in lines and "best" in lines
        d.press(keys.OK)
        watch(d, g)
    assert saw_rule
    assert M.replay(2, bytes(d.app.journal.actions)).totals == g.state.totals


def test_a_journal_stopping_between_rests_goes_on_by_itself():
    """A saved game that ends between two rests (not written by this mode's records,
    e.g. a manual game's bytes under an auto header) is taken on to the next rest."""
    j = jn.Journal(FakeFlash())
    j.start("masters", bytes((mc.AUTO, 2)))
    j.append(b"\x00" + bytes((mc.MEEPLE, mc.F42, mc.F42, mc.DRAGON, mc.HEART, mc.F42, mc.F42)))
    d = Driver(board(8, table=False, flash=FakeFlash(j.storage.snapshot())))
    d.boot()
    d.press(keys.OK)  # resume
    g = d.top()
    assert g.name == "masters.auto"
    assert M.at_rest(g.state)
    assert len(d.app.journal.actions) > 8


def test_led_on_the_seat_each_screen_is_about_in_every_mode():
    """After every press of whole games (each mode, with undos and the hint), the seat
    LED lit is the seat the screen is about: the seat in play, the seat whose dice an
    auto show plays, the winner at the end (all seats on a tie)."""
    for mode in (mc.VIRTUAL, mc.TABLE, mc.AUTO):
        d = Driver(board(30 + mode, table=HAS_TABLE))
        d.undo_every = 5
        d.boot()
        d.start(mode, 3)
        checked = 0
        while d.step():
            leds = d.board.leds
            if leds.flashing:
                continue
            top = d.top()
            if top.name == "masters.end":
                w = top.winners
                assert leds.seat == (w[0] if len(w) == 1 else -1)
                continue
            games = [s for s in d.ui.stack if s.name in ("masters.dice", "masters.table",
                                                         "masters.auto")]
            g = games[-1]
            want = g.shown[1] if getattr(g, "showing", False) else g.state.seat
            assert leds.seat == want, (mode, top.name)
            checked += 1
        assert checked > 20
