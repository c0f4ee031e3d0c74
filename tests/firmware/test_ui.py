"""The UI toolkit, the app shell and the Masters screens on CPython, driven by keys."""

import pytest
from boards.sim import SimBoard
from drive import Driver
from flash import FakeFlash
from geekout import journal as jn
from geekout import keys
from geekout.masters import consts as mc
from geekout.masters import hintpage
from geekout.masters import rules as M
from geekout.settings import NAME
from geekout.ui.core import wrap
from geekout.ui.icons import face_icon
from geekout.ui.scoreboard import draw_scores
from geekout.ui.widgets import Menu, Spinner


def booted(files=None, seed=2):
    board = SimBoard(storage=FakeFlash(files), seed=seed)
    d = Driver(board)
    d.boot()
    return d


def test_wrap_keeps_lines_short():
    lines = wrap("a supercalifragilistic word and more words here", 10)
    assert all(len(x) <= 10 for x in lines)
    assert " ".join(lines).replace(" ", "") == "asupercalifragilisticwordandmorewordshere"


def test_menu_wraps_and_scrolls():
    d = booted()
    chosen = []
    m = Menu(d.ui, "T", ["a", "b", "c", "d", "e", "f", "g"], chosen.append)
    d.ui.push(m)
    d.press(keys.UP)
    assert m.index == 6 and m.first == 2
    d.press(keys.DOWN)
    d.press(keys.DOWN)
    d.press(keys.OK)
    assert chosen == [1]
    d.press(keys.BACK)
    assert d.top() is not m


def test_menu_draws_every_row_it_has_room_for_with_the_cursor_and_scroll_marks():
    d = booted()
    m = Menu(d.ui, "T", ["a", "b", "c", "d", "e", "f", "g"], lambda i: None)
    d.ui.push(m)
    shown = [s for s, x, _y in _drawn_texts(d, m) if x == 8]
    assert shown == ["a", "b", "c", "d", "e"]  # five rows below the title
    d.press(keys.UP)  # to the last item: the list scrolls
    texts = _drawn_texts(d, m)
    assert [s for s, x, _y in texts if x == 8] == ["c", "d", "e", "f", "g"]
    cursor = [y for s, x, y in texts if s == ">"]
    assert cursor == [y for s, x, y in texts if s == "g" and x == 8]
    assert "^" in [s for s, _x, _y in texts] and "v" not in [s for s, _x, _y in texts]


def test_spinner_wraps_and_reports_changes():
    d = booted()
    seen, done = [], []
    s = Spinner(d.ui, "N", 1, 4, 4, done.append, change=seen.append)
    d.ui.push(s)
    d.press(keys.UP)
    d.press(keys.DOWN)
    d.press(keys.DOWN)
    d.press(keys.OK)
    assert seen == [1, 4, 3] and done == [3]


def test_toast_goes_after_its_time():
    d = booted()
    d.ui.toast("hello", 500)
    d.ui.tick(d.board.clock())
    assert d.ui.toast_text == "hello"
    d.board.clock.advance(600)
    d.ui.tick(d.board.clock())
    assert d.ui.toast_text is None


def test_a_screen_may_say_a_press_on_a_toast_only_takes_it_away():
    """A key on a toast takes it away and still acts (the default); on a screen whose
    keys_pass_toast is False (the battle's) it only takes the toast away, long presses
    too (ui/core.py)."""
    for passes in (True, False):
        d = booted()
        got = []
        s = Spinner(d.ui, "N", 1, 4, 4, got.append)
        s.keys_pass_toast = passes
        d.ui.push(s)
        for k in (keys.OK, keys.LONG_BACK):
            d.ui.toast("hello")
            d.press(k)
            assert d.ui.toast_text is None
        assert (got == [4] and d.top().name == "home") if passes else (
            got == [] and d.top() is s)


def test_icons_are_six_different_drawings():
    seen = set()
    for f in range(6):
        fb = face_icon(f)
        bits = tuple(fb.pixel(x, y) for y in range(16) for x in range(16))
        assert 20 < sum(bits) < 200
        seen.add(bits)
    assert len(seen) == 6


def test_scoreboard_big_numbers_are_drawn():
    d = booted()
    fb = d.board.display
    fb.fill(0)
    draw_scores(fb, [0, 188], 1, 12)
    lit = sum(bin(b).count("1") for b in fb.buffer)
    assert lit > 150
    fb.fill(0)
    draw_scores(fb, [0, 0], -1, 12)
    assert sum(bin(b).count("1") for b in fb.buffer) < lit


def test_home_grammar_help_and_long_back():
    d = booted()
    assert d.top().name == "home" and "Resume game" not in d.top().items
    d.press(keys.LONG_OK)
    assert d.top().name == "help"
    d.press(keys.LONG_BACK)
    assert d.top().name == "home" and len(d.ui.stack) == 1


def test_new_game_lights_seats_and_saves_header():
    d = booted()
    d.start(0, 3)
    assert d.top().name == "masters.dice"
    flash = d.board.storage
    k = jn.Journal(flash)
    assert k.load() == jn.OK and k.game == "masters" and k.config == b"\x00\x03"
    lit = [c for c in d.board.pixels.rgb if c != (0, 0, 0)]
    assert len(lit) == 3


def test_refused_choices_say_why_and_save_nothing():
    d = booted(seed=4)
    d.start(0, 2)
    g = d.top()
    if g.state.is_chance():
        d.press(keys.OK)
    st = g.state
    writes = d.board.storage.writes
    journal = bytes(st.journal)
    empty = [f for f in range(6) if not st.active[f]]
    g.cursor = empty[0]
    d.press(keys.OK)
    assert d.ui.toast_text == "No {} showing".format(mc.FACE_NAMES[empty[0]])
    assert bytes(g.state.journal) == journal and d.board.storage.writes == writes


def test_actor_that_does_not_act_is_refused():
    d = booted()
    d.start(0, 1)
    g = d.top()
    g.state = M.replay(1, g.state.journal)
    g.state.active[mc.F42] += 0
    st = M.position(bytearray((2, 0, 1, 0, 0, 0)), 3, 4, 0)
    st.journal = bytearray(g.state.journal)
    g.state = st
    g.cursor = mc.F42
    d.press(keys.OK)
    assert d.ui.toast_text == "A 42 does not act"
    g.cursor = mc.MEEPLE
    d.press(keys.OK)
    assert g.mode == 1
    g.cursor = mc.MEEPLE  # the meeple itself is the only MEEPLE
    d.press(keys.OK)
    assert d.ui.toast_text == "Needs another die"


def test_resume_prompt_after_power_cycle():
    d = booted()
    d.start(1, 2)
    d.press(keys.UP)
    d.press(keys.OK)
    saved = bytes(d.top().state.journal)
    e = booted(d.board.storage.snapshot())
    assert e.top().name == "resume?"
    e.press(keys.OK)
    assert e.top().name == "masters.table" and bytes(e.top().state.journal) == saved


def test_torn_and_corrupt_saves_are_reported():
    d = booted()
    d.start(1, 2)
    d.press(keys.OK)
    files = d.board.storage.snapshot()
    torn = dict(files, **{"game.goj": files["game.goj"][:-2]})
    e = booted(torn)
    assert e.ui.toast_text == "Save damaged: 1 step lost, copy kept" and e.top().name == "resume?"
    assert e.board.storage.read("bad/0001.goj") == torn["game.goj"]
    bad = dict(files, **{"game.goj": b"GOJ\x07junk"})
    f = booted(bad)
    assert f.ui.toast_text == "Save unreadable: kept for logs"
    assert f.board.storage.read("bad/0001.goj") == b"GOJ\x07junk"
    assert f.top().name == "home"
    unknown = dict(files, **{"game.goj": jn.MAGIC + bytes([jn.VERSION]) + jn.record(jn.T_HEADER, b"chess\x00")})
    g = booted(unknown)
    assert g.ui.toast_text == "Save unreadable: kept for logs" and g.top().name == "home"
    assert g.app.journal.problem == "unknown game" and "bad/0001.goj" in g.board.storage.files


def test_journal_that_breaks_the_rules_is_set_aside():
    j = jn.Journal(FakeFlash())
    j.start("masters", b"\x00\x02")
    j.append(b"\x00\x16\x16")  # first seat, then two PASS while dice are to be rolled
    d = booted(j.storage.snapshot())
    d.press(keys.OK)  # yes, resume
    assert d.top().name == "home" and d.ui.toast_text == "Save unreadable: kept for logs"
    assert d.board.storage.read("bad/0001.goj") is not None


def test_corrupt_settings_message_at_boot():
    d = booted({NAME: b"{oops"})
    assert d.ui.toast_text == "Settings damaged: defaults"


def test_settings_change_display_brightness_sound():
    d = booted()
    home = d.top()
    home.index = home.items.index("Settings")
    d.press(keys.OK)
    d.press(keys.OK)  # Display
    d.press(keys.UP)
    d.press(keys.OK)
    assert d.board.display.KIND == "sh1106"
    d.press(keys.DOWN)
    d.press(keys.DOWN)
    d.press(keys.OK)  # Sound -> off
    assert d.board.buzzer.muted
    e = booted(d.board.storage.snapshot())
    assert e.app.settings.get("display") == "sh1106" and e.app.settings.get("sound") is False


def test_table_dice_entry_refuses_impossible_counts():
    """The entry's zones keep 10 dice (M2): a zone set higher takes room from the dice
    showing; with none showing and none used there is nothing to roll (M6)."""
    d = booted()
    d.start(1, 2)
    g = d.top()
    assert g.name == "masters.table"

    class Fake:  # a stand-in for the hint table (hintpage.Hints)
        calls = []

        @staticmethod
        def advise(active, inactive, used, scored, need):
            Fake.calls.append((bytes(active), inactive, used, scored, need))
            return [(mc.CONTINUE, 7.25), (mc.PASS, 6)]

    g.hints = Fake
    d.game_menu("Hint")
    e = d.top()
    assert e.name == "masters.dice_entry"
    # the turn's first roll (M2): 7 showing, 3 inactive, the cursor on the first face
    assert (e.showing, e.counts[6], e.counts[8], e.field) == (7, 3, 0, 3)
    d.press(keys.BACK)  # to "Showing"
    d.press(keys.BACK)  # to Scored
    for _ in range(7):
        d.press(keys.UP)
    assert (e.counts[8], e.showing, e.used()) == (7, 0, 0)  # 3 + 7: no room left
    d.press(keys.OK)
    assert d.ui.toast_text == "No dice to roll: pass" and d.top() is e
    for _ in range(4):
        d.press(keys.DOWN)  # 3 scored: 4 dice used, none showing
    d.press(keys.OK)  # none showing: a pass/continue point, straight to the hint
    assert d.top().name == "masters.hint"
    assert Fake.calls == [(bytes(6), 3, 4, 3, 0)]
    assert any("Continue" in line and "7.2" in line for line in d.top().lines)


def _drawn_texts(d, screen):
    texts = []
    fb = d.board.display
    orig = fb.text

    def text(s, x, y, c=1):
        texts.append((s, x, y))
        orig(s, x, y, c)

    fb.text = text
    try:
        screen.draw(fb)
    finally:
        fb.text = orig
    return texts


def test_table_dice_entry_draws_each_count_under_its_face():
    """The old entry wrote a 42 count as "420" ("42" and 0 run together): now each face
    is an icon with its count under it ("x2", "-" for none, "?" not yet counted)."""
    d = booted()
    d.start(1, 2)
    g = d.top()
    g.hints = object()  # any table: the entry only needs one to be offered
    g.hint()
    e = d.top()
    assert e.name == "masters.dice_entry"
    counts = [s for s, x, y in _drawn_texts(d, e) if y == 28]
    assert counts[0] in ("x1", "x2", "-") and counts[1:] == ["?"] * 5
    assert not any(s.startswith("42") for s, x, y in _drawn_texts(d, e))


def test_need_to_lead_in_the_last_round():
    assert hintpage.need_to_lead([10, 30, 20], 0, True) == 21
    assert hintpage.need_to_lead([40, 30], 0, True) == 0
    assert hintpage.need_to_lead([10, 30], 0, False) == 0
    assert hintpage.need_to_lead([10], 0, True) == 0


@pytest.mark.parametrize("mode", [0, 1])
def test_full_game_by_keys_on_cpython(mode):
    d = booted(seed=9)
    d.undo_every = 5
    d.start(mode, 2)
    end = d.play_out()
    assert end.name == "masters.end"
    totals = end.game.state.totals
    assert end.winners == [i for i in range(2) if totals[i] == max(totals)]
    k = jn.Journal(d.board.storage)
    assert k.load() == jn.OK
    d.press(keys.OK)
    assert d.top().name == "home" and d.board.storage.read("game.goj") is None


@pytest.mark.parametrize("mode", [0, 1])
def test_live_event_lines_follow_the_game(mode):
    """Every line the gadget prints is a valid event for `geekout monitor`."""
    from geekout.events import Events
    from geekout_tools.monitor import parse_event

    lines = []
    board = SimBoard(storage=FakeFlash(), seed=3)
    board.events = Events(lines.append)
    d = Driver(board)
    d.undo_every = 4
    d.boot()
    d.start(mode, 3)
    end = d.play_out()
    events = [parse_event(x) for x in lines]
    assert all(e is not None for e in events)
    kinds = [e["event"] for e in events]
    assert kinds[0] == "start" and kinds[-1] == "end"
    assert {"turn", "round", "undo"} <= set(kinds)
    assert kinds.count("turn") >= 15  # 5 rounds x 3 seats (more when a turn end is undone)
    assert events[-1]["scores"] == list(end.game.state.totals)
    assert events[-1]["winners"] == [w + 1 for w in end.winners]
    e = Driver(SimBoard(storage=FakeFlash(board.storage.snapshot()), seed=3))
    lines2 = []
    e.board.events = Events(lines2.append)
    e.app.events = e.board.events
    e.boot()
    e.press(keys.OK)
    assert parse_event(lines2[0])["event"] == "resume"


def test_held_event_lines_go_out_in_order_and_never_pile_up():
    """The app holds a step's lines until its screen is out (Events.hold): flush() sends
    them in order, and past HELD lines the oldest goes out at once, so a turn of many
    steps in one key (auto dice) never keeps them all in RAM."""
    from geekout.events import HELD, Events
    from geekout_tools.monitor import parse_event

    lines = []
    ev = Events(lines.append)
    ev.hold()
    for i in range(HELD):
        ev.emit("masters", "action", 0, 5, 0, 2, [i, 0], "step {}".format(i))
    assert lines == []
    ev.emit("masters", "action", 0, 5, 0, 2, [HELD, 0], "step {}".format(HELD))
    assert [parse_event(x)["text"] for x in lines] == ["step 0"]
    ev.flush()
    assert [parse_event(x)["text"] for x in lines] == ["step {}".format(i) for i in range(HELD + 1)]
    ev.flush()
    assert len(lines) == HELD + 1


def test_a_keys_event_lines_are_out_when_the_key_is_done():
    """On the gadget the lines wait for the screen (app.after_screen), never for a later
    key: after each press every line of its step has been written."""
    from geekout.events import Events

    lines = []
    board = SimBoard(storage=FakeFlash(), seed=3)
    board.events = Events(lines.append)
    d = Driver(board)
    d.boot()
    d.start(0, 2)
    assert lines and board.events.waiting == []
    n = len(lines)
    for _ in range(40):  # the presses of a few steps: none leaves a line waiting
        d.step()
        assert board.events.waiting == []
    assert len(lines) > n + 3


def _real_hint_board(seed=3):
    from pathlib import Path

    from geekout.hal.storage import Storage

    fw = Path(__file__).resolve().parents[2] / "firmware"
    if not (fw / "geekout" / "masters" / "hint.bin").exists():
        pytest.skip("hint table not built")
    board = SimBoard(storage=FakeFlash(), data=Storage(str(fw)), seed=seed)
    d = Driver(board)
    d.boot()
    return d


def test_hint_on_the_real_table_virtual_and_last_round():
    import sys

    d = _real_hint_board()
    d.start(0, 2)
    d.press(keys.OK)  # roll
    d.game_menu("Hint")
    page = d.top()
    assert page.name == "masters.hint" and page.lines[0].startswith(">")
    assert "geekout.masters.hint" in sys.modules  # loaded with the game, kept until it ends
    d.press(keys.BACK)
    g = d.top()
    # the last round, 12 points behind: the hint speaks of the chance to lead
    g.state.round = mc.ROUNDS - 1
    g.state.totals[g.state.seat] = 10
    g.state.totals[1 - g.state.seat] = 22
    d.game_menu("Hint")
    lines = d.top().lines
    assert lines[0] == "Chance of 13+:"
    assert lines[1].startswith(">") and lines[1].endswith("%")


def test_hint_on_the_real_table_table_mode():
    d = _real_hint_board()
    d.start(1, 2)
    d.game_menu("Hint")
    e = d.top()
    assert e.name == "masters.dice_entry"
    # a pass/continue point: 3 inactive, 2 scored, none showing (so 5 used)
    d.press(keys.BACK)
    d.press(keys.BACK)  # to Scored
    d.press(keys.UP)
    d.press(keys.UP)
    d.press(keys.OK)  # to "Showing", 5 of them now
    for _ in range(5):
        d.press(keys.DOWN)
    assert (e.showing, e.counts[6], e.counts[8], e.used()) == (0, 3, 2, 5)
    d.press(keys.OK)
    lines = d.top().lines
    assert d.top().name == "masters.hint"
    assert {lines[0][1:9].strip(), lines[1][1:9].strip()} == {"Continue", "Pass"}
    assert lines[-1].startswith("Best: ")


def test_a_finished_game_resumes_on_its_end_screen():
    d = booted(seed=9)
    d.start(1, 2)
    d.play_out()
    e = booted(d.board.storage.snapshot())
    assert e.top().name == "resume?"
    e.press(keys.OK)
    assert e.top().name == "masters.end"
    e.press(keys.OK)
    assert e.top().name == "home" and e.board.storage.read("game.goj") is None


def test_main_loop_restarts_the_app_after_an_error():
    from geekout import app as appmod
    from keypad import Polls, Stop

    board = SimBoard(storage=FakeFlash(), seed=1)

    def script(n):
        if n == 3:
            return RuntimeError("a screen failed")
        if n > 6:
            return Stop()
        return [keys.OK] if n == 5 else []

    board.buttons = Polls(script)
    with pytest.raises(Stop):
        appmod.run(board)
    assert board.buttons.n == 7  # kept going after the error, booted again


def test_leaving_a_game_drops_its_modules():
    import sys

    d = booted()
    d.start(0, 2)
    assert "geekout.masters.dice" in sys.modules
    d.press(keys.LONG_BACK)
    assert "geekout.masters.dice" not in sys.modules
    assert "geekout.app" in sys.modules and "geekout.ui.widgets" in sys.modules
    d.press(keys.OK)  # Resume game: imported again
    assert d.top().name == "masters.dice" and "geekout.masters.dice" in sys.modules


def test_a_board_can_offer_fewer_games():
    board = SimBoard(storage=FakeFlash(), seed=1)
    board.games = ("masters",)
    d = Driver(board)
    d.boot()
    d.press(keys.OK)
    assert d.top().name == "games" and d.top().items == ["Masters"]


def test_a_cursor_move_sends_few_bytes_and_a_no_op_none():
    d = booted(seed=4)
    d.start(0, 2)
    d.press(keys.OK)  # roll
    g = d.top()
    assert g.name == "masters.dice" and g.mode == 0
    bus = d.board.i2c
    before = bus.bytes
    d.press(keys.DOWN)  # the bar under the faces moves one place
    assert 0 < bus.bytes - before < 80
    before = bus.bytes
    d.press(keys.BACK)  # nothing to go back from while picking a die: nothing changes
    assert bus.bytes == before
