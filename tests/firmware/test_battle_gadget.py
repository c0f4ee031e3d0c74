"""The galaxy battle on the gadget, driven by keys on CPython: full games to each victory
condition (B8), the phase stepper and action pips, refused entries (nothing changes,
the ruling is named), hidden star kinds, undo, the journal with resume and a power cut
at every flash write, live event lines, random presses."""

import json

import pytest
from battle_checks import NullDisplay, board, full_game, power_cuts
from battle_drive import BattleDriver
from battle_fuzz import fuzz
from flash import FakeFlash
from geekout import journal as jn
from geekout import keys
from geekout.battle import consts as C
from geekout.battle import events as E
from geekout.battle import rules as B
from geekout.events import Events
from hypothesis import given, settings
from hypothesis import strategies as hs


class Screenshot(NullDisplay):
    """Keeps what was drawn since the last fill: texts and filled/outlined boxes."""

    def __init__(self):
        self.texts = []
        self.boxes = []

    def fill(self, c):
        self.texts = []
        self.boxes = []

    def text(self, s, x, y, c=1):
        self.texts.append((s, x, y, c))

    def fill_rect(self, x, y, w, h, c):
        self.boxes.append(("fill", x, y, w, h, c))

    def rect(self, x, y, w, h, c):
        self.boxes.append(("rect", x, y, w, h, c))

    def words(self):
        return " ".join(t[0] for t in self.texts)


def started(players=3, seed=2, flash=None):
    """A new game on its first-player screen; event lines collected in d.lines."""
    d = BattleDriver(board(flash, seed, False, False), seed=seed)
    d.lines = []
    d.board.events = Events(d.lines.append)
    d.app.events = d.board.events
    d.board.display = d.ui.fb = Screenshot()
    d.boot()
    d.start_battle(players)
    return d


def until(d, pred, limit=3000):
    """Let the driver play until pred(state) holds on the turn screen."""
    for _ in range(limit):
        g = d.game()
        if d.top() is g and pred(g.state):
            return g
        assert d.step(), "game ended first"
    raise AssertionError("never reached")


def reason(d):
    """The refusal shown: the toast, or the page a long reason gets (left with OK)."""
    if d.top().name == "battle.refused":
        text = " ".join(d.top().lines)
        d.press(keys.OK)
        return text
    return d.ui.toast_text or ""


def events(d):
    return [json.loads(line) for line in d.lines]


def saved(d):
    j = jn.Journal(d.board.storage)
    assert j.load() == jn.OK
    return j


# -- full games --------------------------------------------------------------------------
@pytest.mark.parametrize("players,seed,condition", [(3, 22, C.SUPREMACY), (4, 1, C.OVERLOAD),
                                                     (3, 13, C.DESTROYER)])
def test_full_game_to_each_victory(players, seed, condition):
    d = full_game(players, seed, 0, draw=False)
    end = d.top()
    st = end.game.state
    assert end.name == "battle.end" and st.is_terminal()
    assert st.condition == condition and end.winners == [st.winner]
    w = st.winner
    if condition == C.SUPREMACY:  # B8: 2 more ships in play than every other player
        assert all(st.ships_in_play(w) - st.ships_in_play(q) >= 2 for q in range(players) if q != w)
    elif condition == C.OVERLOAD:
        assert st.star_value(w) >= 9
    else:
        assert st.kills[w] >= 3
    j = saved(d)
    assert (j.game, j.config, bytes(j.actions)) == ("battle", bytes((players,)), bytes(st.journal))
    assert B.replay(players, j.actions).snapshot() == st.snapshot()
    d.press(keys.OK)  # done: the game is no longer offered for resume (kept in the logs)
    assert d.top().name == "home" and d.board.storage.read("game.goj") is None


def test_victory_announced_with_its_condition_and_event_line():
    d = started(3, 13)
    d.play_out()
    end = d.top()
    st = end.game.state
    words = d.board.display.words()
    assert "Victory!" in words and C.CONDITION_NAMES[st.condition].capitalize() in words
    last = events(d)[-1]
    assert last["event"] == "end" and last["winners"] == [st.winner + 1]
    assert last["game"] == "battle" and last["seat"] == st.winner + 1
    assert last["scores"] == [st.star_value(p) for p in range(3)]
    kinds = {e["event"] for e in events(d)}
    assert {"start", "action", "turn", "end"} <= kinds
    # the winner's seat LED is lit brightest
    rgb = d.board.pixels.rgb
    assert max(range(4), key=lambda i: sum(rgb[i])) == st.winner


def test_finished_game_resumes_on_its_victory():
    flash = FakeFlash()
    d = full_game(3, 22, 0, flash=flash, draw=False)
    won = d.top().game.state.snapshot()
    e = BattleDriver(board(FakeFlash(flash.snapshot()), 3, False, False), seed=3)
    e.boot()
    assert e.top().name == "resume?"
    e.press(keys.OK)
    assert e.top().name == "battle.end" and e.game().state.snapshot() == won


# -- setup, stepper, pips ------------------------------------------------------------------
def test_first_player_drawn_and_shown_with_its_led():
    d = started(4, 6)
    st = d.game().state
    assert d.top().name == "battle.first" and st.phase == C.PH_OPEN_CELLS
    assert st.first == st.seat and E.decode(st.journal)[0] == E.first(st.seat)  # B1
    rgb = d.board.pixels.rgb
    assert max(range(4), key=lambda i: sum(rgb[i])) == st.seat
    assert events(d)[0]["event"] == "start" and events(d)[0]["players"] == 4
    assert bytes(saved(d).actions) == bytes(st.journal)


def test_opening_cells_in_one_entry_then_stars_in_turn_order():
    d = started(3, 2)
    d.press(keys.OK)  # past the first-player screen
    g = d.top()
    first = g.state.seat
    assert "Place 2 cells" in d.board.display.words()
    writes = d.board.storage.writes
    d.press(keys.OK)
    st = g.state
    assert st.seat == (first + 1) % 3 and st.cells == C.CELLS - 2  # B10: both in one go
    assert d.board.storage.writes == writes + 1  # one record
    d.press(keys.OK)
    d.press(keys.OK)
    st = g.state  # an entry of several events leaves a new state (turn.submit)
    assert st.phase == C.PH_OPEN_STARS and st.seat == first  # B2


def test_phase_stepper_and_action_pips():
    d = started(3, 2)
    g = until(d, lambda st: st.phase == C.PH_TACTICAL and st.owed == 3)
    d.press(keys.UP)
    d.press(keys.DOWN)  # a redraw on the tactical phase
    shot = d.board.display

    def pips():
        return sorted(b[0] for b in shot.boxes if b[2] == 14 and b[3] == 5 and b[1] >= 111)

    assert ("Tac", 85, 13, 0) in shot.texts  # the current phase inverted
    assert ("Exp", 1, 13, 1) in shot.texts
    assert pips() == ["fill", "fill", "fill"]
    st = g.state
    d.press(keys.OK)  # the first entry of the tactical list: Move ship
    while d.top() is not g:
        d.press(keys.OK)  # first ship, empty cell
    assert g.state is st and st.owed == 2
    assert pips() == ["fill", "fill", "rect"]


# -- refusals ------------------------------------------------------------------------------
def _tactical(seed=2):
    d = started(3, seed)
    g = until(d, lambda st: st.phase == C.PH_TACTICAL and st.owed == 3
              and not st.coll_small[st.seat] and not st.coll_nova[st.seat])
    return d, g


def _entry(d, g, a):
    """Move the cursor to turn-screen entry `a` (geekout/battle/entry.py *_ENTRY) and press OK."""
    items = g.items()
    while items[g.index] != a:
        d.press(keys.DOWN)
    d.press(keys.OK)


@pytest.mark.parametrize("entry,ruling", [
    (8, "B3:"),  # End turn with 3 action points left (B3, B10)
    (4, "B4:"),  # Upgrade with no collected star
    (5, "B4:"),  # New drone: the mothership is on the base, nothing to pay with
])
def test_refused_entry_changes_nothing_and_names_the_ruling(entry, ruling):
    d, g = _tactical()
    before = g.state.snapshot()
    writes = d.board.storage.writes
    lines = len(d.lines)
    _entry(d, g, entry)
    assert reason(d).startswith(ruling)
    assert d.top() is g and g.state.snapshot() == before
    assert d.board.storage.writes == writes and len(d.lines) == lines
    assert bytes(saved(d).actions) == bytes(g.state.journal)


def test_long_refusal_on_a_page_and_wormhole_refused_in_tactical():
    d, g = _tactical()
    before = g.state.snapshot()
    writes = d.board.storage.writes
    _entry(d, g, 7)  # Unique action
    assert d.top().name == "battle.unique"
    d.press(keys.OK)  # Wormhole
    top = d.top()
    assert top.name == "battle.refused" and top.lines[0].startswith("B10:")
    assert g.state.snapshot() == before and d.board.storage.writes == writes
    d.press(keys.OK)
    assert d.top().name == "battle.unique"  # the question again
    d.press(keys.BACK)
    assert d.top() is g


def test_refused_stars_keep_the_question_and_the_reserve_secret():
    d = started(3, 2)
    g = until(d, lambda st: st.phase == C.PH_TACTICAL and st.owed == 3)
    p = g.state.seat
    g.state.reserve_bomb[p] = 0  # as if every bomb had been placed
    before = g.state.snapshot()
    _entry(d, g, 1)  # Place 2 stars
    ask = d.top()
    assert ask.items[:3] == ["2 small", "Small + bomb", "2 bombs"]  # all three offered
    while ask.index != 2:
        d.press(keys.DOWN)
    d.press(keys.OK)
    assert reason(d).startswith("B4:") and d.top() is ask  # asked again
    assert g.state.snapshot() == before


# -- hidden kinds -------------------------------------------------------------------------
def test_kinds_of_placed_stars_never_shown_nor_sent():
    d = started(3, 2)
    g = until(d, lambda st: st.phase == C.PH_OPEN_STARS)
    d.press(keys.DOWN)
    d.press(keys.UP)  # on Place 2 stars
    d.press(keys.OK)
    ask = d.top()
    while ask.index != 2:
        d.press(keys.DOWN)
    d.press(keys.OK)  # 2 bombs
    shown = d.board.display.words() + " " + (d.ui.toast_text or "")
    ev = events(d)[-1]
    assert ev["event"] == "action" and "stars" in ev["text"]
    assert "bomb" not in ev["text"] and "bomb" not in shown and "2b" not in shown
    assert E.decode(g.state.journal, len(g.state.journal) - 2)[0][2] == 2  # kept in the journal
    p = (g.state.seat - 1) % 3
    d.game_menu("Status")
    while d.top().page != p:
        d.press(keys.DOWN)
    assert "Reserve 6 (OK)" in d.board.display.words()  # one number
    assert "Res." not in d.board.display.words()
    d.press(keys.OK)  # that player's own eyes
    assert "Res. 4s 2b" in d.board.display.words()
    d.press(keys.DOWN)
    assert "Res." not in d.board.display.words()


def test_undo_toast_does_not_name_the_kinds():
    d = started(3, 2)
    g = until(d, lambda st: st.phase == C.PH_OPEN_STARS)
    d.press(keys.OK)
    d.press(keys.DOWN)
    d.press(keys.OK)  # small + bomb
    n = len(g.state.journal)
    d.game_menu("Undo")
    assert d.ui.toast_text.startswith("Undone:") and "bomb" not in d.ui.toast_text
    assert g.state.phase == C.PH_OPEN_STARS and len(g.state.journal) == n - 2


# -- status, undo, journal -------------------------------------------------------------------
def test_status_pages_show_each_player_and_the_galaxy():
    d = started(4, 5)
    until(d, lambda st: st.count > 40)
    g = d.game()
    st = g.state
    d.game_menu("Status")  # opens on the player in turn; then each player, the galaxy
    for i in range(5):
        page = (st.seat + i) % 5
        assert d.top().page == page
        words = d.board.display.words()
        if page == 4:
            assert "Galaxy" in words and "Cells left {}".format(st.cells) in words
        else:
            assert "Ships {} Kills {}".format(st.ships_in_play(page), st.kills[page]) in words
            assert "Stars {}:".format(st.star_value(page)) in words and "Unique" in words
        d.press(keys.DOWN)
    d.press(keys.BACK)
    assert d.top() is g


def test_undo_takes_back_one_event_and_saves_it():
    d = started(3, 8)
    until(d, lambda st: st.count > 30)
    g = d.game()
    st = g.state
    evs = E.decode_all(st.journal)
    d.game_menu("Undo")
    g2 = d.game()
    assert E.decode_all(g2.state.journal) == evs[:-1]
    assert g2.state.snapshot() == B.replay(3, g2.state.journal).snapshot()
    assert bytes(saved(d).actions) == bytes(g2.state.journal)
    assert events(d)[-1]["event"] == "undo"


def test_nothing_to_undo_before_the_first_entry():
    d = started(3, 2)
    d.press(keys.OK)
    d.game_menu("Undo")
    assert d.ui.toast_text == "Nothing to undo"
    assert len(d.game().state.journal) == 1  # the first player's draw stays (B1)


def test_bad_saved_config_is_set_aside():
    flash = FakeFlash()
    j = jn.Journal(flash)
    j.start("battle", b"\x05")
    d = BattleDriver(board(flash, 1, False, False))
    d.boot()
    d.press(keys.OK)  # resume
    assert d.top().name == "home" and "bad/0001.goj" in flash.files
    assert "unreadable" in d.ui.toast_text


@pytest.mark.parametrize("players,seed", [(3, 2)])
def test_power_cut_at_every_write_resumes_the_last_complete_entry(players, seed, capsys):
    power_cuts(players, seed, draw=False)
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1].endswith(", 0 failed"), "\n".join(out[-10:])
    assert int(out[-1].split()[0]) > 50  # writes in the game


# -- random presses ----------------------------------------------------------------------
@pytest.mark.parametrize("seed", [2])
def test_random_presses_no_exception_journal_always_saved(seed, capsys, tmp_path):
    fuzz(3000, seed, NullDisplay(), str(tmp_path / "flash"))
    r = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert r["errors"] == 0 and r["mismatches"] == 0
    assert r["games"] >= 1 and r["refused"] > 0 and "battle.turn" in r["screens"]


@settings(max_examples=40, deadline=None)
@given(hs.lists(hs.sampled_from([keys.UP, keys.DOWN, keys.OK, keys.OK, keys.BACK, keys.LONG_OK]),
                max_size=60), hs.integers(0, 30))
def test_any_keys_mid_game_keep_flash_and_state_equal(presses, start):
    d = BattleDriver(board(None, 4, False, False), seed=4)
    d.boot()
    d.start_battle(3)
    until(d, lambda st: st.count > start)
    for k in presses:
        d.press(k)
        g = d.game()
        if g is not None:
            assert bytes(d.app.journal.actions) == bytes(g.state.journal)
            assert B.replay(3, g.state.journal).snapshot() == g.state.snapshot()


def test_undo_from_the_victory_takes_the_winning_entry_back():
    d = full_game(4, 1, 0, draw=False)
    g = d.game()
    n = len(g.state.journal)
    d.press(keys.LONG_OK)
    assert d.top().name == "battle.end_menu"
    d.press(keys.OK)  # Undo last step
    assert d.top() is g and not g.state.is_terminal() and len(g.state.journal) < n
    assert bytes(saved(d).actions) == bytes(g.state.journal)
    d.play_out()  # the same entries win again
    assert d.top().name == "battle.end" and g.state.is_terminal()

