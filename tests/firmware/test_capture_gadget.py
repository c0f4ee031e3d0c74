"""Geekmon Capture on the gadget, on CPython: the journal payload, the config, the
catalog reader, full games by button presses (scores against the rules' scorer, C10
winners, live event lines), refused entries, type advantage from the catalog or asked
(C3), undo, a power cut at write k, and random presses."""

import json
from pathlib import Path

import capture_checks as cc
import pytest
from flash import FakeFlash
from geekout import journal as jn
from geekout import keys
from geekout.capture import actions as ca
from geekout.capture import cards as cat
from geekout.capture import catalog as K
from geekout.capture import consts as kc
from geekout.capture import rules as C
from geekout.capture import score as S
from geekout.capture import steps as F
from geekout.hal.storage import Storage
from hypothesis import given, settings
from hypothesis import strategies as hs

ROOT = Path(__file__).resolve().parents[2]
DATA = str(ROOT / "firmware")
CSV = ROOT / "firmware" / "geekout" / "data" / "geekmon_catalog.csv"
# Offsets in a card's 7 catalog bytes (geekout/capture/cards.py).
STAGES, TYPES, WEAK, SPECIAL, LINE = cat.STAGES, cat.TYPES, cat.WEAK, cat.SPECIAL, cat.LINE


# -- payload and config -------------------------------------------------------------------
@given(hs.lists(hs.lists(hs.integers(0, (1 << 25) - 1), min_size=1, max_size=12), max_size=30))
@settings(max_examples=60, deadline=None)
def test_payload_steps_round_trip(step_list):
    payload = bytearray()
    starts = []
    for acts in step_list:
        starts.append(len(payload))
        payload += F.encode(acts)
    got = list(F.steps(bytes(payload)))
    assert [a for _s, a in got] == step_list
    assert [s for s, _a in got] == starts
    assert F.last_step(payload) == (starts[-1] if starts else -1)
    if starts:
        assert F.step_actions(payload, starts[-1]) == step_list[-1]


@pytest.mark.parametrize("bad", [b"", b"\x01\x02\x00\x00\x00", b"\x02\x01\x00\x00\x01\x03\x00\x00\x00",
                                 b"\x01\x01\x00\x00\x09\x03\x00\x00\x00",
                                 b"\x01\x02\x02\x00\x00" + b"\x03\x00\x00\x00" * 2])
def test_bad_config_refused(bad):
    with pytest.raises(ValueError):
        F.Config(bad)


def test_cut_payload_refused():
    with pytest.raises(ValueError):
        list(F.steps(bytes(F.encode([1 << 20]))[:-1]))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("stages", [2, 3])
def test_deck_and_rounds_as_the_core_counts(players, stages):
    starters = [(stages, 0, 0, 0)] * players
    cfg = F.Config(F.config_bytes(players, 0, False, 1 if players == 1 else 0, starters))
    st = C.CaptureState(*cfg.core())
    assert cfg.deck() == st.deck + st.encounters  # C1
    assert cfg.rounds() == C.rounds_for(players, (stages,) * players)
    if players == 1:
        assert cfg.rounds() == 6  # C13: the trials last 6 rounds


@pytest.mark.parametrize("mask", [0, 1, 0b100000, 0b101, 0b11])
def test_marked_slots_come_out_luminous(mask):
    cfg = F.Config(F.config_bytes(2, 0, False, 0, [(3, 0, 0, 0)] * 2))
    g = F.Game(cfg)
    g.apply_step(F.draw_actions(mask, 6))
    st = g.state
    assert st.phase_name() == "setup"
    assert [bool(st.slots[i] & kc.LUMINOUS) for i in range(6)] == [bool(mask >> i & 1) for i in range(6)]


# -- catalog ---------------------------------------------------------------------------
def _find(c, name):
    """The catalog row of the card called `name` (-1: none)."""
    for i in range(len(c)):
        if c.name(i) == name:
            return i
    return -1


def test_catalog_reader_agrees_with_the_rules_reader():
    c = cat.Catalog()
    with open(CSV) as f:
        cat.load(c, f)
    with open(CSV) as f:
        ref = K.read_catalog(f)
    assert [c.name(i) for i in range(len(c))] == [r[K.NAME] for r in ref]
    for i, r in enumerate(ref):
        assert (c.number(i), c.get(i, STAGES), c.get(i, TYPES), c.get(i, WEAK),
                c.get(i, SPECIAL)) == (r[K.NUMBER], r[K.STAGES], r[K.TYPES], r[K.WEAKNESS],
                                           r[K.SPECIAL])
        same_line = [j for j, q in enumerate(ref) if r[K.LINE] and q[K.LINE] == r[K.LINE]]
        assert [j for j in range(len(ref)) if r[K.LINE] and c.get(j, LINE) == c.get(i, LINE)] \
            == same_line


@pytest.mark.parametrize("text", ["number,name\n", "number,name,line,stages,types,weakness,specials\n"
                                  "001,Foo,,1,lava,,\n",
                                  "number,name,line,stages,types,weakness,specials\n001,Foo,,9,,,\n"])
def test_bad_catalog_gives_an_empty_catalog_and_a_reason(tmp_path, text):
    p = tmp_path / "geekout" / "data"
    p.mkdir(parents=True)
    (p / "geekmon_catalog.csv").write_text(text)

    from geekout.board import Board

    class App:
        pass

    app = App()
    app.board = Board()  # a board with only the data files (geekout/board.py)
    app.board.data = Storage(str(tmp_path))
    cat.forget()
    try:
        c = cat.cards(app)
        assert len(c) == 0 and c.error.startswith("Catalog: line")
    finally:
        cat.forget()


# -- full games by buttons -----------------------------------------------------------------
def _line_totals(lines):
    """Totals and the per-line breakdown sums of the scores page."""
    out = []
    for ln in lines:
        if ln.endswith(" pts"):
            out.append([int(ln.split()[1]), 0])
        elif ln[8:10] == " x" and out:  # "Legend   x1    9": kind, cards, points
            assert ln[12] == " "  # the count and the points apart ("x36 216")
            out[-1][1] += int(ln.split()[-1])
    return out


@pytest.mark.parametrize("players,wicked,arena,seed,undo", [(3, True, 2, 5, 6), (4, False, 0, 2, 0),
                                                            (1, False, 4, 8, 9), (2, True, 7, 4, 0)])
def test_full_game_by_buttons(players, wicked, arena, seed, undo):
    cat.forget()
    d = cc.game(players, wicked, arena, seed, undo, DATA)
    page = d.top()
    assert page.name == "capture.scores"
    end = d.ui.stack[1]
    assert end.name == "capture.end"
    fin = end.state  # the finished game (the end screen's, geekout/capture/end.py)
    # What was saved replays to the same collections and line entries.
    j = jn.Journal(d.board.storage)
    assert j.load() == jn.OK and j.game == "capture"
    again = F.replay(end.cfg, j.actions)
    assert again.state.is_terminal()
    assert [list(c) for c in again.state.collections] == fin.collections
    assert again.notes == end.game.notes
    # Scores: the rules' scorer on the same collections (C4-C9, C12), C10 winners, C13 rank.
    checked = []
    for p in range(players):
        checked += S.check_players([{"name": str(p), "geekmons": end.score_cards(p)}])
    res = S.score(checked, arena, players == 1)
    totals = [e["total"] for e in res["players"]]
    assert list(end.scored[0]) == totals
    keys_ = [(e["total"], e["geekmons"], e["legendaries"]) for e in res["players"]]
    assert list(end.scored[1]) == [p for p in range(players) if keys_[p] == max(keys_)]
    for total, lines_sum in _line_totals(page.lines):
        assert total == lines_sum  # the per-line breakdown adds up
    if players == 1:
        assert page.lines[1] in ("Trials failed",) or "Geekmon" in " ".join(page.lines[1:3])
    else:
        assert page.lines[0].startswith(("Winner: ", "Shared: "))
        assert page.lines[1].startswith("(")
    kinds = d.events_seen
    for k in ("start", "action", "round", "end"):
        assert k in kinds
    if undo:
        assert "undo" in kinds
    last = json.loads(d.board.last_event)
    assert last["event"] == "end" and last["scores"] == totals
    assert last["winners"] == [w + 1 for w in end.scored[1]]


def test_setup_summary_shows_deck_and_rounds():
    cat.forget()
    d = cc.new_driver(3, data_root=DATA)
    d.boot()
    d.pick(d.top().items.index("New game"))
    d.pick(d.top().items.index("Geekmon Capture"))
    d.spin_to(3)
    for _ in range(3):
        d.pick(len(d.top().items) - 2)  # Other 3-stage
    d.pick(0)  # Team Wicked on
    assert d.top().items[2] == "Rounds: quick"  # the default for 3 players
    d.pick(3)  # Next
    d.spin_to(1)
    text = " ".join(d.top().lines)
    assert d.top().name == "capture.summary"
    assert "Deck 38 cards" in text and "6 quick rounds" in text and "Team Wicked" in text  # C1
    assert "First: Green" in d.top().lines


# -- refused entries, ties, undo ----------------------------------------------------------------
def _started(players=2, seed=1, starters=None):
    cat.forget()
    d = cc.new_driver(seed, data_root=DATA)
    d.boot()
    d.start_capture(players, False, 0, starters)
    return d


def _snapshot(st):
    """Every attribute of a gadget state, by value."""
    return repr(sorted(vars(st).items()))


def test_refused_entries_leave_everything_unchanged():
    d = _started()
    g = d.top()
    assert g.name == "capture.draw" and g.pos == 6  # on Go
    d.press(keys.DOWN)  # slot 1
    for k in (keys.OK, keys.DOWN, keys.OK, keys.DOWN, keys.OK):  # a third luminous mark
        d.press(k)
    assert g.luminous == 0b11 and d.ui.toast_text == "No encounter card left"  # C1: 2 encounters
    while g.pos != min(6, g.state.deck):  # to Go
        d.press(keys.DOWN)
    d.press(keys.OK)
    assert g.name == "capture.cards"
    row = _find(g.cat, "Snabul")
    d._menu_to(g.menu, 0)
    d.press(keys.OK)
    d.name_card(row)  # card 1 is Snabul
    saved = bytes(d.app.journal.actions)
    state = _snapshot(g.state)
    d._menu_to(g.menu, 1)
    d.press(keys.OK)
    picker = d.top()
    assert picker.name == "capture.catalog" and row not in picker.rows  # one card in play
    picker.chose(row)  # as a list made before card 1 was named would
    assert d.ui.toast_text == "Already in play"
    assert bytes(d.app.journal.actions) == saved and _snapshot(g.state) == state
    assert g.state.slots[1] >> 15 == 0


def test_scores_refused_while_a_card_has_no_line():
    d = _started(2, 4)
    while d.top().name != "capture.end":
        d.step()
    end = d.top()
    unknown = [p for p in range(2) if end.unknown(p)]
    if not unknown:
        pytest.skip("every card placed by the catalog in this game")
    saved = bytes(d.app.journal.actions)
    d._menu_to(end.menu, 2)  # Scores
    d.press(keys.OK)
    assert d.top() is end and "line?" in d.ui.toast_text
    assert bytes(d.app.journal.actions) == saved


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


def _round_to_check(naming=None, active=None):
    """Steps of a 2-player round up to the check of its first card: the draws, naming
    slot 0 (catalog actions), an active Geekmon, Throw!, every cube (C2: in turn, the
    geekcubes first)."""
    steps = [F.draw_actions(0, 6)]
    if naming is not None:
        steps.append(naming)
    if active is not None:
        steps.append([ca.active_action(*active)])
    steps.append([kc.GO])
    for kind in [kc.GEEK] * 8 + [kc.HYPER] * 4:
        steps.append([ca.throw_action(kind)])
    return steps


def _catalog():
    c = cat.Catalog()
    with open(CSV) as f:
        cat.load(c, f)
    return c


def _tie_setup(name_snabul):
    """Round 1: Red catches Magihat (magnetic, mystical). Round 2: Red's active is
    Magihat; slot 0 holds Snabul (weakness magnetic) if named; both tie on it."""
    c = _catalog()
    broscoon = _find(c, "Broscoon")
    cfg = F.config_bytes(2, 0, False, 0, [(3, broscoon + 1, c.get(broscoon, TYPES), 0),
                                           (3, 0, 0, 0)])
    magihat = _find(c, "Magihat")
    steps = _round_to_check(cat.identify(c, 0, magihat))
    steps.append([ca.points_action(0, 2), kc.RESOLVE])  # Red catches Magihat
    for _ in range(5):
        steps.append([kc.RESOLVE])  # the other cards flee
    snabul = _find(c, "Snabul")
    steps += _round_to_check(cat.identify(c, 0, snabul) if name_snabul else None, (0, 1))
    return steps, cfg


def test_type_advantage_from_the_catalog():
    steps, cfg = _tie_setup(True)
    d = _resume(steps, cfg)
    g = d.top()
    assert g.name == "capture.check" and g.state.round == 1 and g.state.tpos == 0
    for _ in range(2):  # Red 2 points, then Green 2 points: a tie
        d.press(keys.UP)
        d.press(keys.UP)
        d.press(keys.OK)
    # C3: Magihat is magnetic, Snabul's weakness; the check says who and why
    assert d.ui.toast_text == "1 Snabul\nRed catches\ntype advantage"
    assert g.state.results[0] == (0, 0, kc.H_TYPE)
    assert g.state.collections[0][-1] >> 15 == cat.number_for(g.cat, _find(g.cat, "Snabul"))


def test_type_advantage_asked_when_the_catalog_cannot_tell():
    steps, cfg = _tie_setup(False)
    d = _resume(steps, cfg)
    g = d.top()
    for _ in range(2):
        d.press(keys.UP)
        d.press(keys.UP)
        d.press(keys.OK)
    assert g.name == "capture.tie" and g.menu.heading == "Type advantage?"
    assert g.menu.items == ["Red", "Green", "Neither/both"] and g.menu.line == "Weak: ?"
    assert g.menu.index == 2
    d.press(keys.OK)  # neither: the bull's eye is asked
    assert g.menu.heading == "Bull's eye?" and g.menu.items == ["Red", "Green"]
    d.press(keys.DOWN)
    d.press(keys.OK)
    assert g.name == "capture.check" and d.ui.toast_text == "1 ?\nGreen catches\nbull's eye"
    assert g.state.results[0][1:] == (1, 4)  # C3: Green by bull's eye
    assert F.step_actions(d.app.journal.actions, F.last_step(d.app.journal.actions)) == [
        ca.bullseye_action(1)]


def test_undo_drops_exactly_the_last_step():
    d = _started(2, 6)
    for _ in range(40):
        d.step()
    j = d.app.journal
    before = bytes(j.actions)
    cut = F.last_step(before)
    d.game_menu("Undo")
    assert bytes(j.actions) == before[:cut]
    g = d.top()
    assert vars(g.state) == vars(F.replay(g.cfg, before[:cut]).state)  # the same state
    assert d.ui.toast_text.startswith("Undone: ")


def test_power_cut_at_some_writes_resumes_the_last_complete_step(capsys):
    cat.forget()
    cc.power_cuts(2, False, 0, 3, DATA, 2, 29)
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.endswith(", 0 failed") and int(last.split()[0]) >= 4


def test_random_presses_from_a_capture_game(tmp_path):
    import headless

    cat.forget()
    rep, _board = headless.run(800, 3, str(tmp_path / "flash"), [2, 1, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2],
                               False, DATA)
    assert rep["errors"] == 0
    seen = [s for s in rep["screens"] if s.startswith("capture.")]
    assert {"capture.draw", "capture.throw", "capture.check"} <= set(seen)


def test_setup_back_and_forth_keeps_one_starter_per_player():
    """Rulebook, Game Setup 1: "Each player selects one starter Geekmon": a starter card
    taken by an earlier seat is not offered; going back frees it again."""
    cat.forget()
    d = cc.new_driver(5, data_root=DATA)
    d.boot()
    d.pick(d.top().items.index("New game"))
    d.pick(d.top().items.index("Geekmon Capture"))
    d.spin_to(3)
    assert d.top().items == ["Broscoon", "Other 3-stage", "Other 2-stage"]
    d.pick(0)  # Red: Broscoon
    assert d.top().heading == "Starter: Green" and "Broscoon" not in d.top().items
    d.pick(0)  # Green: another 3-stage starter
    assert "Broscoon" not in d.top().items
    d.pick(0)
    assert d.top().name == "capture.variants"
    d.press(keys.BACK)  # back to the third player's starter
    d.press(keys.BACK)  # and the second's
    d.press(keys.BACK)  # and Red's, chosen again: an other 2-stage starter
    assert d.top().heading == "Starter: Red"
    d.pick(2)
    assert d.top().items[0] == "Broscoon"  # free again
    d.pick(0)  # Green: Broscoon
    d.pick(0)
    d.pick(len(d.top().items) - 1)  # Next
    d.spin_to(0)
    assert d.top().name == "capture.summary"
    d.press(keys.OK)  # the game starts at the next tick
    g = d.top()
    assert g.name == "capture.draw" and g.cfg.stages == (2, 3, 3)
    assert g.cfg.rows[1] == _find(g.cat, "Broscoon") + 1 and g.cfg.rows[0] == g.cfg.rows[2] == 0
