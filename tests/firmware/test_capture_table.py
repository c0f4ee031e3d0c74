"""Geekmon Capture at the table (docs/gadget-capture.md), on CPython, by key scripts: the
rule defects fixed (a starter is never a wild card; a tie's type advantage asked of several
players, C3; a critical catch's cube leaves the check's cap, C3), quick rounds played whole
(2-4 players, Team Wicked, the solo trials), old journals, what the check's numbers say, the
line letter of a new line, the seat LEDs on every screen about one seat, and every word of
every Capture screen inside the panel."""

import json
from pathlib import Path

import capture_checks as cc
import pytest
from flash import FakeFlash
from geekout import journal as jn
from geekout import keys
from geekout.capture import actions as ca
from geekout.capture import cards as cat
from geekout.capture import consts as kc
from geekout.capture import name as nm
from geekout.capture import score as S
from geekout.capture import steps as F
from geekout.capture.pick import Rows
from geekout.ui import widgets
from test_capture_catalog_size import imported, realistic_csv
from textfit import rows_kept

DATA = str(Path(__file__).resolve().parents[2] / "firmware")
CSV = Path(DATA) / "geekout" / "data" / "geekmon_catalog.csv"


def _catalog():
    c = cat.Catalog()
    with open(CSV) as f:
        cat.load(c, f)
    return c


def _find(c, name):
    return [i for i in range(len(c)) if c.name(i) == name][0]


def _resume(payload_steps, cfg_bytes, seed=1):
    """A gadget booting on a saved game made of these steps; resumed."""
    flash = FakeFlash()
    j = jn.Journal(flash)
    j.start("capture", cfg_bytes)
    for acts in payload_steps:
        j.append(F.encode(acts))
    cat.forget()
    d = cc.new_driver(seed, flash, DATA)
    d.boot()
    assert d.top().name == "resume?" and d.top().answer
    d.press(keys.OK)
    return d


def _config(players, quick=False, starters=None, wicked=False):
    return F.config_bytes(players, 0, wicked, 0, starters or [(3, 0, 0, 0)] * players, quick)


def _throws(players):
    return [[ca.throw_action(k)] for k in [kc.GEEK] * (4 * players) + [kc.HYPER] * (2 * players)]


def _journal_steps(d):
    return [a for _s, a in F.steps(bytes(d.app.journal.actions))]


def _lit(d):
    return d.board.leds.seat


# -- a starter is never a wild card (rulebook, Game Setup 1 and 2b) ------------------------
def test_no_wild_card_is_named_as_a_starter():
    """Game Setup 1: "Set aside all starter Geekmon cards ... Unchosen starter Geekmons
    will not be used and return to the game box"; 2b: "Add the evolution cards of the
    selected starter Geekmons to this deck". Broscoon (Red's starter) is never offered
    for a wild card, its evolutions are; with no one on Broscoon, neither are."""
    c = _catalog()
    bros = _find(c, "Broscoon")
    evolutions = [_find(c, "Brostache"), _find(c, "Brostar")]
    d = _resume([F.draw_actions(0, 6)], _config(2, starters=[(3, bros + 1, c.get(bros, cat.TYPES), 0),
                                                             (3, 0, 0, 0)]))
    g = d.top()
    assert g.name == "capture.cards"
    d.press(keys.DOWN)  # place 1
    d.press(keys.OK)
    picker = d.top()
    assert bros not in picker.rows and set(evolutions) <= set(picker.rows)
    saved = bytes(d.app.journal.actions)
    picker.chose(bros)  # as a stale list would: refused, nothing saved
    assert d.ui.toast_text == "A starter is never wild"
    assert bytes(d.app.journal.actions) == saved and g.state.slots[0] >> kc.N_SHIFT == 0
    # Nobody chose Broscoon: its line stays in the box.
    d = _resume([F.draw_actions(0, 6)], _config(2))
    d.press(keys.DOWN)
    d.press(keys.OK)
    rows = d.top().rows
    assert bros not in rows and not set(evolutions) & set(rows)
    assert nm.nameable(d.ui.stack[-2], evolutions[0]) == "Its starter is not in play"


# -- C3: several tied players with type advantage -----------------------------------------
def _three_way_tie(players=3):
    """Round 1 of a `players` game: every cube thrown, card 1 checked with 2 points for
    Red, Green and Blue (the types unknown: the gadget asks)."""
    steps = [F.draw_actions(0, 6), [kc.GO]] + _throws(players)
    return _resume(steps, _config(players))


def _points(d, g, values):
    for r, v in enumerate(values):
        assert g.row == r
        for _ in range(v):
            d.press(keys.UP)
        d.press(keys.OK)


@pytest.mark.parametrize("players", [3, 4])
def test_type_advantage_of_several_tied_players(players):
    """C3: "if several ... have it, the tie goes to bull's eye among them": ticking Red
    and Blue leaves Green out of the bull's eye."""
    d = _three_way_tie(players)
    g = d.top()
    _points(d, g, [2, 2, 2, 0][:players])
    assert g.name == "capture.tie" and g.menu.heading == "Type advantage?"
    m = g.menu
    assert m.items == ["[ ] Red", "[ ] Green", "[ ] Blue", "Done"] and m.index == 3
    d.press(keys.DOWN)  # Red
    d.press(keys.OK)  # ticked, on to Green
    d.press(keys.DOWN)  # Blue
    d.press(keys.OK)
    assert m.items == ["[x] Red", "[ ] Green", "[x] Blue", "Done"] and m.index == 3
    d.press(keys.OK)  # Done
    assert _journal_steps(d)[-1] == [ca.advantage_action([0, 2])]
    assert g.menu.heading == "Bull's eye?" and g.menu.items == ["Red", "Blue"]
    d.press(keys.DOWN)
    d.press(keys.OK)
    assert g.state.results[0] == (0, 2, kc.H_BULLSEYE) and g.name == "capture.check"
    assert _journal_steps(d)[-1] == [ca.bullseye_action(2)]


def test_one_tied_player_with_type_advantage_captures():
    d = _three_way_tie()
    g = d.top()
    _points(d, g, [2, 2, 2])
    d.press(keys.DOWN)
    d.press(keys.DOWN)  # Green
    d.press(keys.OK)  # ticked, on to Blue
    d.press(keys.DOWN)
    d.press(keys.OK)  # Done
    assert g.state.results[0] == (0, 1, kc.H_TYPE)  # C3: exactly one has it
    assert d.ui.toast_text == "1 ?\nGreen catches\ntype advantage"


def test_no_tied_player_with_type_advantage_all_go_to_bullseye():
    d = _three_way_tie()
    g = d.top()
    _points(d, g, [2, 2, 2])
    d.press(keys.OK)  # Done, none ticked
    assert g.menu.heading == "Bull's eye?" and g.menu.items == ["Red", "Green", "Blue"]


# -- C3: the cube of a critical catch leaves the check's cap --------------------------------
def test_critical_catch_cube_leaves_the_cap():
    """Rulebook, Critical Catch: "Remove all cubes from the card": Red's hypercube on card
    3's icon is not among the points Red can have on the other cards (8 - 2 = 6)."""
    d = _resume([F.draw_actions(0, 6), [kc.GO]], _config(2))
    g = d.top()
    assert g.name == "capture.throw"
    d.press(keys.OK)  # Red: a geekcube
    d.press(keys.OK)  # Green: a geekcube
    d.press(keys.DOWN)
    d.press(keys.OK)  # Red: a hypercube
    d.game_menu("Critical catch")
    d._menu_to(d.top(), 2)  # card 3
    d.press(keys.OK)
    whose = d.top()
    assert whose.heading == "Whose cube?"
    assert whose.items[whose.index] == "Red hypercube"  # the cube just thrown
    assert "Green geekcube" in whose.items and "Green hypercube" not in whose.items
    d.press(keys.OK)
    assert _journal_steps(d)[-1] == [ca.critical_action(2, 0, 2)]
    assert d.ui.toast_text == "3 ?\nRed catches\ncritical catch"
    while g.name == "capture.throw":
        d.press(keys.OK)
    assert g.name == "capture.check" and g.row == 0 and g.room(0) == 6 and g.room(1) == 8
    shown = []
    fb = d.board.display
    text = fb.text
    fb.text = lambda s, x, y, c=1: (shown.append(s), text(s, x, y, c))
    for _ in range(7):
        d.press(keys.UP)
    assert g.values[0] == 0  # 7 presses: 1, 2 ... 6, then round to 0
    assert "max 6 (hyper 2)" in shown and " 6 pts" in shown  # what the numbers are


# -- quick rounds ------------------------------------------------------------------------------
@pytest.mark.parametrize("players,wicked,arena,seed,undo", [(2, False, 0, 3, 0), (3, True, 2, 5, 6),
                                                            (4, False, 0, 2, 9), (4, True, 3, 7, 0),
                                                            (1, False, 4, 8, 5)])
def test_quick_game_by_buttons(players, wicked, arena, seed, undo):
    cat.forget()
    d = cc.game(players, wicked, arena, seed, undo, DATA, quick=True)
    page = d.top()
    assert page.name == "capture.scores"
    end = d.ui.stack[1]
    fin = end.state
    assert end.cfg.quick
    j = jn.Journal(d.board.storage)
    assert j.load() == jn.OK and j.game == "capture" and F.Config(j.config).quick
    again = F.replay(end.cfg, j.actions)
    assert again.state.is_terminal() and [list(c) for c in again.state.collections] == fin.collections
    # No throw was entered: every round's check started with a quick action.
    flat = [a for acts in _journal_steps(d) for a in acts]
    assert not [a for a in flat if a & 31 == kc.A_THROW]
    assert len([a for a in flat if a & 31 == kc.A_QUICK]) == again.state.round + (
        0 if again.state.lost else 1)
    checked = []
    for p in range(players):
        checked += S.check_players([{"name": str(p), "geekmons": end.score_cards(p)}])
    res = S.score(checked, arena, players == 1)
    assert list(end.scored[0]) == [e["total"] for e in res["players"]]
    assert "capture.quick" in d.board.visited if d.board.visited is not None else True
    if undo:
        assert "undo" in d.events_seen
    assert json.loads(d.board.last_event)["event"] == "end"


def test_quick_round_critical_catch_is_one_entry():
    d = _resume([F.draw_actions(0, 6), [kc.GO, ca.quick_action()]], _config(2, True))
    g = d.top()
    assert g.name == "capture.quick" and g.menu.items == ["Red", "Green", "Tie: help", "Critical", "Fled"]
    d.press(keys.OK)  # card 1: Red
    d._menu_to(g.menu, 3)  # card 2: Critical
    d.press(keys.OK)
    d.press(keys.DOWN)  # Green's cube
    d.press(keys.OK)
    assert _journal_steps(d)[-1] == [ca.critical_action(1, 1)]  # one step
    assert g.state.results == [(0, 0, kc.H_POINTS), (1, 1, kc.H_CRITICAL)]
    assert g.state.tpos == 2 and g.name == "capture.quick"


def test_quick_tie_help_decides_by_the_catalog():
    """Tie: help with the catalog knowing (Snabul weak to magnetic; Red's active Magihat
    is magnetic): the gadget says Red wins by type advantage (C3), in one press."""
    c = _catalog()
    snabul, magihat = _find(c, "Snabul"), _find(c, "Magihat")
    quick = [kc.GO, ca.quick_action()]
    steps = [F.draw_actions(0, 6), cat.identify(c, 0, magihat), quick,
             [ca.points_action(0, 1), kc.RESOLVE]] + [[kc.RESOLVE]] * 5
    steps += [F.draw_actions(0, 6), cat.identify(c, 0, snabul), [ca.active_action(0, 1)], quick]
    d = _resume(steps, _config(2, True))
    g = d.top()
    assert g.name == "capture.quick" and g.state.round == 1
    d._menu_to(g.menu, 2)
    d.press(keys.OK)  # Tie: help
    assert g.state.results[0] == (0, 0, kc.H_TYPE)
    assert d.ui.toast_text == "1 Snabul\nRed catches\ntype advantage"


def test_quick_tie_help_asks_who_tied():
    steps = [F.draw_actions(0, 6), [kc.GO, ca.quick_action()]]
    d = _resume(steps, _config(4, True))
    g = d.top()
    d._menu_to(g.menu, g.menu.items.index("Tie: help"))
    d.press(keys.OK)
    m = d.top()
    assert m.name == "capture.tied"
    d.press(keys.OK)  # Red, on to Green
    d.press(keys.UP)
    d.press(keys.UP)
    d.press(keys.OK)  # Done with one ticked: refused
    assert d.ui.toast_text == "Tick two or more" and d.top() is m
    d.press(keys.UP)
    d.press(keys.OK)  # Yellow, on to Done
    d.press(keys.OK)
    assert _journal_steps(d)[-1] == [ca.points_action(0, 1), ca.points_action(3, 1), kc.RESOLVE]
    assert g.name == "capture.tie" and g.state.tied == [0, 3]


def test_quick_solo_round_asks_the_zones():
    cfg = F.config_bytes(1, 0, False, 4, [(3, 0, 0, 0)], True)
    d = _resume([F.draw_actions(0, 6)], cfg)
    g = d.top()
    d.press(keys.OK)  # All thrown
    z = d.top()
    assert z.name == "capture.zones" and z.items == ["Yes: all out", "No: cubes left"]
    d.press(keys.OK)
    assert _journal_steps(d)[-1] == [kc.GO, ca.quick_action(0)]
    assert g.name == "capture.quick" and g.menu.items == ["Caught", "Critical", "Fled"]
    assert g.menu.heading == "1/6 need 2 pts"  # C13
    d.press(keys.OK)
    assert g.state.results == [(0, 0, kc.H_SOLO)]


def test_old_journal_replays_in_full_rounds():
    """A game saved before quick rounds (config version 1, no rounds byte) replays and
    resumes as full rounds."""
    v1 = bytes((1, 2, 0, 0, 0, 3, 0, 0, 0, 3, 0, 0, 0))
    cfg = F.Config(v1)
    assert not cfg.quick and cfg.players == 2 and cfg.stages == (3, 3)
    steps = [F.draw_actions(0, 6), [kc.GO], [ca.throw_action(kc.GEEK)],
             [ca.critical_action(2, 0)]]  # a critical catch without its cube, as then
    payload = b"".join(F.encode(a) for a in steps)
    game = F.replay(cfg, payload)
    assert game.state.results == [(2, 0, kc.H_CRITICAL)] and game.state.gone == bytearray(4)
    d = _resume(steps, v1)
    g = d.top()
    assert g.name == "capture.throw" and not g.cfg.quick
    assert F.Config(F.config_bytes(2, 0, False, 0, [(3, 0, 0, 0)] * 2)).data[0] == 2


@pytest.mark.parametrize("bad", [bytes((2, 2, 0, 0, 0, 2) + (3, 0, 0, 0) * 2),
                                 bytes((2, 2, 0, 0, 0) + (3, 0, 0, 0) * 2),
                                 bytes((3, 2, 0, 0, 0, 0) + (3, 0, 0, 0) * 2)])
def test_bad_rounds_byte_refused(bad):
    with pytest.raises(ValueError):
        F.Config(bad)


# -- the line letter of a new line (end of the game) ----------------------------------------
def test_new_line_letter_is_not_the_starters():
    """An unnamed card's line editor starts on a letter no other card holds: never A,
    the starter's line (docs/gadget-capture.md)."""
    from geekout.capture.end import LineEditor

    d = cc.game(2, False, 0, 4, 0, DATA)
    end = d.ui.stack[1]
    assert end.name == "capture.end"
    seen = 0
    for p in range(2):
        coll = end.state.collections[p]
        for i in range(1, len(coll)):
            e = LineEditor(end, p, i)
            kind, line, _a = end.structure(p, i)
            if kind not in (kc.K_TWO, kc.K_THREE, kc.K_HYRO):
                assert e.line != 0 and not end.letters(p, i)[e.line]
                seen += 1
            else:
                assert e.line == line  # a card in a line keeps its letter
    assert seen


# -- the seat LEDs --------------------------------------------------------------------------
def test_setup_leds_follow_the_seat_asked():
    cat.forget()
    d = cc.new_driver(2, data_root=DATA)
    d.boot()
    d.pick(d.top().items.index("New game"))
    d.pick(d.top().items.index("Geekmon Capture"))
    d.spin_to(3)
    assert _lit(d) == 0  # Red's starter
    d.pick(0)
    assert _lit(d) == 1  # Green's
    d.press(keys.BACK)
    assert d.top().heading == "Starter: Red" and _lit(d) == 0
    d.press(keys.BACK)
    assert d.top().name == "capture.players" and _lit(d) == -1
    d.press(keys.OK)
    for _ in range(3):
        d.pick(0)
    assert d.top().name == "capture.variants" and _lit(d) == -1
    d.pick(3)  # Next: the first player
    d.press(keys.UP)
    assert _lit(d) == 1
    d.press(keys.OK)
    assert d.top().name == "capture.summary" and _lit(d) == -1
    d.press(keys.BACK)
    assert d.top().name == "capture.first" and _lit(d) == 1


def test_game_leds_follow_the_seat_each_screen_is_about():
    c = _catalog()
    magihat = _find(c, "Magihat")
    steps = [F.draw_actions(0, 6), cat.identify(c, 0, magihat), [kc.GO]] + _throws(2)
    steps += [[ca.points_action(1, 2), kc.RESOLVE]] + [[kc.RESOLVE]] * 5
    steps += [F.draw_actions(0, 6)]
    d = _resume(steps, _config(2))
    g = d.top()
    assert g.name == "capture.cards" and g.state.round == 1 and _lit(d) == 1  # Green first
    d._menu_to(g.menu, g.menu.items.index("Actives"))
    d.press(keys.OK)
    assert _lit(d) == 0  # the cursor on Red
    d.press(keys.DOWN)
    assert _lit(d) == 1
    d.press(keys.OK)
    assert d.top().heading == "Green's active" and _lit(d) == 1  # Green picks: Green lit
    d.press(keys.BACK)
    d.press(keys.UP)
    d.press(keys.OK)
    assert d.top().heading == "Red's active" and _lit(d) == 0
    d.press(keys.BACK)
    d.press(keys.BACK)
    d._menu_to(g.menu, len(g.menu.items) - 1)
    d.press(keys.OK)  # Throw!
    assert g.name == "capture.throw" and _lit(d) == 1  # Green throws first
    d.press(keys.OK)
    assert _lit(d) == 0
    while g.name == "capture.throw":
        d.press(keys.OK)
    assert g.name == "capture.check" and g.row == 0 and _lit(d) == 0
    d.press(keys.OK)  # on to Green's row: nothing entered, nothing saved
    assert g.row == 1 and _lit(d) == 1
    d.press(keys.BACK)
    assert g.row == 0 and _lit(d) == 0
    d.game_menu("Collections")
    d.press(keys.DOWN)
    assert _lit(d) == 1
    d.press(keys.OK)
    assert d.top().name == "capture.coll" and _lit(d) == 1


def test_take_and_end_leds():
    """C11 take: the taker's seat; the end: the seat whose cards are listed."""
    steps = [F.draw_actions(0, 6), [kc.GO]] + _throws(2)
    steps += [[ca.points_action(0, 1), kc.RESOLVE]] + [[kc.RESOLVE]] * 5  # Red catches card 1
    steps += [[ca.points_action(1, 3), kc.RESOLVE]]  # Green beats Red's active, a starter
    d = _resume(steps, _config(2, wicked=True))
    g = d.top()
    assert g.name == "capture.take" and g.menu.heading == "Green takes" and _lit(d) == 1
    assert g.menu.line == "from Red"
    d = cc.game(3, False, 0, 4, 0, DATA)
    d.press(keys.BACK)  # from the scores to the end's list of players
    end = d.top()
    assert end.name == "capture.end" and end.menu.index == 3 and _lit(d) == -1  # on Scores
    d._menu_to(end.menu, 1)
    assert _lit(d) == 1
    d.press(keys.OK)
    cards_end = d.top()
    assert cards_end.name == "capture.cards_end" and _lit(d) == 1
    d.press(keys.DOWN)
    d.press(keys.OK)
    assert d.top().name == "capture.line" and _lit(d) == 1


# -- every word inside the panel ------------------------------------------------------------
class Fits:
    """Notes every string a Capture screen draws past the panel, and every item a
    widgets.Menu would cut (Capture's lists draw full width: pick.Rows)."""

    def __init__(self, d):
        self.d = d
        self.over = set()
        fb = d.board.display
        self.text = fb.text
        fb.text = self.checked

    def checked(self, s, x, y, c=1):
        # A toast's line keeps 7 of its 8 rows (textfit.rows_kept, ui/core.py).
        if x < 0 or x + 8 * len(s) > 128 or y + rows_kept(self.d.ui, s, c) > 64:
            self.over.add((self.d.top().name, s, x, y))
        return self.text(s, x, y, c)


@pytest.mark.parametrize("players,wicked,arena,seed,quick,names", [
    (1, False, 5, 3, False, 0), (2, True, 0, 4, False, 0), (3, False, 7, 5, True, 0),
    (4, True, 3, 6, True, 0), (4, True, 1, 9, False, 0), (1, False, 2, 2, True, 0),
    (4, True, 2, 4, False, 16), (3, True, 0, 8, True, 16)])
def test_every_capture_word_fits_the_panel(players, wicked, arena, seed, quick, names, monkeypatch,
                                           tmp_path):
    """Every string a Capture screen draws stays inside the panel (as test_text_fits.py): the
    shipped catalog, and one of 150 cards whose names all have the 16 letters a name may
    have (names: 16)."""
    cut = []
    draw = widgets.Menu.draw

    def menu_draw(self, fb):
        if not isinstance(self, Rows) and self.name.startswith("capture."):
            cut.extend(i for i in self.items if len(i) > 14)
        draw(self, fb)

    monkeypatch.setattr(widgets.Menu, "draw", menu_draw)
    root = DATA
    if names:
        imported(tmp_path, realistic_csv(name_length=names))
        root = str(tmp_path / "data")
    cat.forget()
    d = cc.new_driver(seed, None, root, True)
    d.undo_every = 13
    w = Fits(d)
    d.boot()
    d.start_capture(players, wicked, arena, quick=quick)
    d.play_out()
    for _ in range(12):  # back through the end's lists and pages
        d.press(keys.BACK)
        d.press(keys.DOWN)
        d.press(keys.OK)
    capture = {o for o in w.over if o[0].startswith("capture.")}
    cat.forget()
    assert not capture, sorted(capture)
    assert not cut


# -- what a table play-test found (docs/gadget-capture.md) -----------------------------------
class Frame:
    """The strings drawn in the last frame: (text, x, y, colour), colour 0 inverse."""

    def __init__(self, d):
        self.d = d
        self.drawn = []
        fb = d.board.display
        text, fill = fb.text, fb.fill

        def drawn(s, x, y, c=1):
            self.drawn.append((s, x, y, c))
            return text(s, x, y, c)

        def cleared(c):
            self.drawn = []
            return fill(c)

        fb.text = drawn
        fb.fill = cleared

    def texts(self):
        return [t[0] for t in self.drawn]

    def inverse(self):
        """The strings drawn dark on light under the title: the item under a list's
        cursor (not the lines of a toast, dark on its bar)."""
        ui = self.d.ui
        toast = ui.toast_lines if ui.toast_text is not None else ()
        return [t[0] for t in self.drawn if t[3] == 0 and t[2] > 8 and t[0] not in toast]

    def pixel(self, x, y):
        return self.d.board.display.pixel(x, y)


def _new_quick(players, wicked=False, arena=0, seed=3):
    """A fresh boot, a quick game set up by keys (Red on Broscoon, the others on another
    3-stage starter); the draw screen of round 1."""
    cat.forget()
    d = cc.new_driver(seed, data_root=DATA, events=True)
    f = Frame(d)
    d.boot()
    d.start_capture(players, wicked, arena, [0] * players, 0, True)
    assert d.top().name == "capture.draw"
    return d, f


def _lay_out(d):
    """Go, then All thrown (the cursor starts on it)."""
    g = d.top()
    d.press(keys.OK)
    assert g.name == "capture.cards" and g.menu.items[g.menu.index] == "All thrown"
    d.press(keys.OK)
    return g


def test_naming_a_card_leaves_the_cursor_on_the_next_card():
    """Naming card 2 from the catalog: the list comes back on card 3, not on All thrown
    (the players name the table in order)."""
    d, f = _new_quick(2)
    g = d.top()
    d.press(keys.OK)  # Go
    assert g.name == "capture.cards"
    d._menu_to(g.menu, 1)
    d.press(keys.OK)  # card 2: the picker
    picker = d.top()
    assert picker.name == "capture.catalog"
    d.name_card(picker.rows[0])
    assert d.top() is g and g.menu.items[1] == "2 " + g.cat.name(picker.rows[0])
    assert g.menu.items[g.menu.index] == "3 ?" and f.inverse() == ["3 ?"]
    d._menu_to(g.menu, 5)
    d.press(keys.OK)
    d.name_card(d.top().rows[-1])  # the last card: on to All thrown
    assert g.menu.items[g.menu.index] == "All thrown"


def test_quick_checks_open_on_the_likely_answer_and_take_names_places():
    """Team Wicked, quick rounds, by keys from a fresh boot. An active Geekmon's check
    opens on its owner keeping it (C11: the owner wins a tie, a rival must beat them); a
    wild card's on the round's first player (C2: they throw first). When Green beats
    Red's starter (C11: it cannot be captured), the cards Green may take instead are
    named by their place on the table in the round they were caught, not "Card 2"."""
    d, f = _new_quick(2, wicked=True)
    g = _lay_out(d)
    assert g.name == "capture.quick" and f.inverse() == ["Red"]  # round 1: Red first
    for place in range(6):  # Red catches the cards in places 2 and 5, the rest flee
        want = "Red" if place in (1, 4) else "Fled"
        d._menu_to(g.menu, g.menu.items.index(want))
        d.press(keys.OK)
    assert g.menu.line == "Red's active" and g.menu.items[-1] == "Red keeps"
    assert g.menu.items[g.menu.index] == "Red keeps" and f.inverse() == ["Red keeps"]
    d.press(keys.OK)
    assert g.menu.items[g.menu.index] == "Green keeps"
    d.press(keys.OK)
    assert g.name == "capture.draw" and g.state.round == 1
    _lay_out(d)
    assert g.menu.items[g.menu.index] == "Green" and f.inverse() == ["Green"]  # Green first
    for _ in range(6):
        d._menu_to(g.menu, g.menu.items.index("Fled"))
        d.press(keys.OK)
    assert g.menu.line == "Red's active"
    d._menu_to(g.menu, g.menu.items.index("Green"))
    d.press(keys.OK)  # Green beats Red's starter: a card of Red's collection instead
    assert g.name == "capture.take" and g.menu.heading == "Green takes"
    assert g.menu.items == ["Nothing", "R1 place 2", "R1 place 5"]
    assert "R1 place 2" in f.texts() and "R1 place 5" in f.texts()
    d._menu_to(g.menu, 2)
    d.press(keys.OK)
    assert [cat.coll_name(g.cat, g.game, 1, i) for i in range(2)] == ["Starter", "R1 place 5"]


def _summary(players, wicked, arena, first=0):
    """A fresh boot to the setup summary: Broscoon for Red, other 3-stage starters."""
    cat.forget()
    d = cc.new_driver(3, data_root=DATA)
    f = Frame(d)
    d.boot()
    d.pick(d.top().items.index("New game"))
    d.pick(d.top().items.index("Geekmon Capture"))
    d.spin_to(players)
    for _ in range(players):
        d.pick(0)
    if wicked:
        d.pick(0)
    d.pick(0 if players == 1 else 1)  # the arena
    d.spin_to(arena)
    d.pick(len(d.top().items) - 1)  # Next
    if players > 1:
        d.spin_to(first)
    assert d.top().name == "capture.summary"
    return d, f


def test_setup_summary_shows_what_matters_first_and_a_scroll_mark():
    """The deck, the rounds (C1), the arena and Team Wicked and "OK: start" on the first
    screen, in the same order solo; a notch at the right edge while more lines are
    below (the first player, the starters), one at the top once scrolled."""
    d, f = _summary(4, True, 3)
    first = f.texts()[1:]  # under the title
    assert first == ["4 players", "Deck 50 cards", "8 quick rounds", "Arena: plant",
                     "Team Wicked", "OK: start"]
    assert f.pixel(127, 59) and not f.pixel(127, 12)  # more below, nothing above
    for _ in range(10):
        d.press(keys.DOWN)
    assert f.texts()[-1] == "Yellow: 3-stage" and f.pixel(127, 12) and not f.pixel(127, 59)
    d, f = _summary(1, False, 1)
    # solo: the same order (the page began on its last line: "OK: start" first)
    assert f.texts()[1:] == ["Solo trials", "Deck 38 cards", "6 full rounds", "Arena: fire",
                             "OK: start", "Red: Broscoon"]
    assert not f.pixel(127, 59)  # six lines: nothing below
    d, f = _summary(3, False, 0, 1)  # Green first: the page still opens on its first line
    assert f.texts()[1:3] == ["3 players", "Deck 38 cards"] and "First: Green" in d.top().lines


def test_card_by_card_goes_on_to_the_next_card_and_keeps_the_line():
    """At the end, one card at a time: saved, the list is on the next "?" card, whose
    editor starts on the card before's kind and line letter while that line has room
    (the cards of a line come together); a full line: a new letter of that kind."""
    import capture_end_games as ce

    frames = []
    d, _truth = ce.play("2p", 3, lambda d: frames.append(Frame(d)))
    f = frames[0]
    end = d.top()
    d.press(keys.OK)  # Red's cards, the cursor on the count
    lst = d.top()
    unknown = [j for j in range(len(lst.items)) if lst.cards[j] > 0
               and end.structure(0, lst.cards[j])[0] == kc.K_UNKNOWN]
    d._menu_to(lst, unknown[0])
    d.press(keys.OK)
    e = d.top()
    assert e.name == "capture.line" and e.kind == kc.K_SINGLE
    d.press(keys.UP)
    d.press(keys.UP)  # 3-stage
    d.press(keys.OK)
    assert "Line B: new" in f.texts()
    d.press(keys.OK)  # saved: 3-stage, line B
    lst = d.top()
    assert lst.name == "capture.cards_end" and lst.index == unknown[1]
    assert f.inverse() == [lst.items[unknown[1]]] and lst.items[unknown[1]].endswith("?")
    d.press(keys.OK)
    e = d.top()
    assert e.kind == kc.K_THREE and e.line == 1 and "3-stage" in f.texts()
    d.press(keys.OK)
    assert "Line B: 1 more" in f.texts()
    d.press(keys.OK)
    d.press(keys.OK)  # the third card of line B
    d.press(keys.OK)
    d.press(keys.OK)
    d.press(keys.OK)  # line B full: the next card opens on a new 3-stage line
    e = d.top()
    assert e.kind == kc.K_THREE and e.line == 2
    assert [end.structure(0, lst.cards[j])[:2] for j in unknown[:3]] == [(kc.K_THREE, 1)] * 3


def _every_card_single(d):
    """At the end, every "?" card entered alone as 1-stage (each field's default), then
    Scores: the same keys on the end before and after the count of the "?" cards."""
    end = d.top()
    assert end.name == "capture.end"
    for p in range(end.players()):
        while end.unknown(p):
            if d.top() is end:
                d._menu_to(end.menu, p)
                d.press(keys.OK)
            lst = d.top()
            at = getattr(lst, "cards", None) or list(range(len(lst.items)))
            j = [j for j in range(len(at)) if at[j] >= 0 and end.structure(p, at[j])[0] == 0][0]
            d._menu_to(lst, j)
            d.press(keys.OK)
            e = d.top()
            assert e.name == "capture.line"
            while e.kind != kc.K_SINGLE:
                d.press(keys.UP)
            while d.top() is e:
                d.press(keys.OK)
        while d.top() is not end:
            d.press(keys.BACK)
    d._menu_to(end.menu, end.players())
    d.press(keys.OK)
    assert d.top().name == "capture.scores"
    return d.top()


def test_words_and_sounds():
    """The solo trials' start says "Solo trials", not "1 players"; the scores' breakdown
    keeps a line's card count and points apart ("x36 216", not "x36216"); the win cue
    sounds with the scores only, not at "Game over" before any score is known."""
    import capture_end_games as ce

    events, cues = [], []

    def listen(d):
        write = d.board.events.write
        d.board.events.write = lambda line: (events.append(json.loads(line)), write(line))
        cue = d.board.buzzer.cue
        d.board.buzzer.cue = lambda name, now: (cues.append(name), cue(name, now))

    d, _truth = ce.play("solo", 2, listen)
    assert [e["text"] for e in events if e["event"] == "start"] == ["Solo trials, 6 rounds"]
    assert d.top().name == "capture.end" and "win" not in cues
    page = _every_card_single(d)
    assert cues.count("win") == 1 and cues[-1] == "win"  # the scores' own
    assert "1-stage  x36 216" in page.lines  # 36 wild cards, 6 points each (C4)
    for ln in page.lines:
        if ln[8:10] == " x":
            assert ln[12] == " ", ln


def test_one_point_is_one_pt():
    """A full round's check: Red's 1 point reads "1 pt" on the screen and in the live
    event line."""
    events = []
    cat.forget()
    d = cc.new_driver(3, data_root=DATA, events=True)
    write = d.board.events.write
    d.board.events.write = lambda line: (events.append(json.loads(line)), write(line))
    f = Frame(d)
    d.boot()
    d.start_capture(2, False, 0, [0, 0], 0, False)
    g = d.top()
    d.press(keys.OK)  # Go
    d._menu_to(g.menu, len(g.menu.items) - 1)
    d.press(keys.OK)  # Throw!
    while g.name == "capture.throw":
        d.press(keys.OK)
    assert g.name == "capture.check" and g.row == 0
    d.press(keys.UP)
    assert " 1 pt" in f.texts() and " 0 pts" in f.texts()
    d.press(keys.OK)
    assert events[-1]["text"] == "Red 1 pt"


def test_end_lists_keep_the_scroll_marks_column_clear():
    """The end's lists (the players, a player's cards with their "?") end their items a
    column short of the right edge, where the scroll marks are: a "?" or a luminous "*"
    never touches them."""
    import capture_end_games as ce

    frames = []
    d, truth = ce.play("2p", 3, lambda d: frames.append(Frame(d)))
    f = frames[0]
    d.press(keys.OK)  # Red's cards
    assert d.top().name == "capture.cards_end" and len(d.top().items) > 6
    for _ in range(len(d.top().items)):
        d.press(keys.DOWN)
        for s, x, _y, _c in f.drawn:
            if d.top().name.startswith("capture.") and _y > 8:
                assert x + 8 * len(s) <= 120, (s, x)
    assert f.pixel(127, 12) or f.pixel(127, 57)  # a scroll mark is drawn


def test_end_help_explains_the_count():
    """The end's game menu: Help is Capture's page on giving the lines of the "?" cards
    (the buttons' page before)."""
    import capture_end_games as ce

    frames = []
    d, _truth = ce.play("2p", 3, lambda d: frames.append(Frame(d)))
    d.game_menu("Help")
    page = d.top()
    assert page.name == "capture.help" and page.heading == "Capture help"
    text = " ".join(page.lines)
    assert "Count the ?" in text and "Line A +" in text and "1-stage" in text
    assert "Capture help" in frames[0].texts()
