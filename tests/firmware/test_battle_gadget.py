"""The galaxy battle on the gadget, driven by keys on CPython: full games to each victory
condition (B8) and the victory's labelled figures, the phase stepper and action pips,
the exploration cell and the phase ends the gadget adds, refused entries (nothing
changes, the real reason is named with its ruling), hidden star kinds and the hidden
screen, seat LEDs, status pages in seat order, undo of whole entries, journals from
before ruling B11, the journal with resume and a power cut at every flash write, live
event lines, random presses."""

import json
from pathlib import Path

import pytest
from battle_check import run_script
from battle_checks import NullDisplay, board, full_game, power_cuts
from battle_drive import BattleDriver
from battle_fuzz import fuzz
from battle_vectors import LEAVE, OPEN3, PASS
from flash import FakeFlash
from geekout import journal as jn
from geekout import keys
from geekout.battle import consts as C
from geekout.battle import events as E
from geekout.battle import rules as B
from geekout.battle.turn import last_entry
from geekout.events import Events
from geekout.ui.widgets import SEAT_NAMES
from geekout_tools.battle import json_events as jsonev
from hypothesis import given, settings
from hypothesis import strategies as hs

DATA = Path(__file__).resolve().parents[1] / "data" / "battle"


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


def at(steps, players=3, seed=2):
    """The gadget resumed on the game a script (battle_check notation) plays, on its turn
    screen; event lines collected in d.lines."""
    s = B.new_initial_state(players)
    assert run_script(s, steps) is None
    flash = FakeFlash()
    j = jn.Journal(flash)
    j.start("battle", bytes((players,)))
    j.append(s.journal)
    d = BattleDriver(board(flash, seed, False, False), seed=seed)
    d.lines = []
    d.board.events = Events(d.lines.append)
    d.app.events = d.board.events
    d.board.display = d.ui.fb = Screenshot()
    d.boot()
    while d.top().name == "resume?":
        d.press(keys.OK if d.top().answer else keys.UP)
    assert d.top().name == "battle.turn" and bytes(d.game().state.journal) == bytes(s.journal)
    return d


def _sample(name):
    data = json.loads((DATA / name).read_text())
    return data["players"], b"".join(E.encode(jsonev.from_json(ev)) for ev in data["events"])


def until(d, pred, limit=3000):
    """Let the driver play until pred(state) holds on the turn screen (its toast read)."""
    for _ in range(limit):
        g = d.game()
        if d.top() is g and pred(g.state):
            d.wait()
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
# Seeds of the driver's games reaching each victory (re-chosen when the turn came to end
# by itself after a last placement, upgrade or new drone, and when a press on a toast
# came to only take it away and merges of 2 stars placed together were refused (B11):
# the games changed).
@pytest.mark.parametrize("players,seed,condition", [(3, 24, C.SUPREMACY), (4, 12, C.OVERLOAD),
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
    assert "{} wins".format(SEAT_NAMES[st.winner]) in words
    assert C.CONDITION_NAMES[st.condition].capitalize() in words
    last = events(d)[-1]
    assert last["event"] == "end" and last["winners"] == [st.winner + 1]
    assert last["game"] == "battle" and last["seat"] == st.winner + 1
    assert last["scores"] == [st.star_value(p) for p in range(3)]
    kinds = {e["event"] for e in events(d)}
    assert {"start", "action", "turn", "end"} <= kinds
    # the winner's seat LED is lit brightest
    rgb = d.board.pixels.rgb
    assert max(range(4), key=lambda i: sum(rgb[i])) == st.winner


def test_victory_figures_are_labelled():
    """The victory screen (docs/gadget-battle.md, Victory): each number says what it is: a
    header row (Star: collected star value, Ship: ships in play, Kill: enemy ships
    destroyed) over one row per seat, the winner's row inverted and the figure that won
    boxed."""
    d = at(OPEN3 + "cell done move:0:n move:0:s*2 done " + PASS * 2
           + "cell done move:0:s*3 done " + PASS * 2 + "cell done", 3)  # B8-overload, less one
    g = d.game()
    while g.label(g.items()[g.index]) != "Move M":
        d.press(keys.DOWN)
    d.press(keys.OK)
    d.press(keys.DOWN)  # 1 small
    d.press(keys.OK)
    assert d.top().name == "battle.end" and g.state.condition == C.OVERLOAD
    shot = d.board.display
    texts = {(t[0], t[1], t[2]) for t in shot.texts}
    assert {("Star", 26, 21), ("Ship", 60, 21), ("Kill", 94, 21)} <= texts
    assert ("Red wins", 1, 1) in texts and ("Overload (Star)", 4, 11) in texts
    st = g.state
    for p in range(3):  # each figure right-aligned under its label
        y = 30 + 8 * p
        figures = (st.star_value(p), st.ships_in_play(p), st.kills[p])
        for x0, f in zip((26, 60, 94), figures):
            assert (str(f), x0 + 32 - 8 * len(str(f)), y) in texts
        assert (SEAT_NAMES[p][:3], 0, y) in texts
    assert st.star_value(0) == 9
    assert ("fill", 0, 29, 128, 9, 1) in shot.boxes  # Red's row inverted
    assert ("rect", 48, 29, 11, 9, 0) in shot.boxes  # around its star value, the 9


def test_finished_game_resumes_on_its_victory():
    flash = FakeFlash()
    d = full_game(3, 3, 0, flash=flash, draw=False)
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
    d.wait()  # the toast ("Green's turn") read: a press on it would only take it away
    d.press(keys.OK)
    d.wait()
    d.press(keys.OK)
    st = g.state  # an entry of several events leaves a new state (turn.submit)
    assert st.phase == C.PH_OPEN_STARS and st.seat == first  # B2


def test_phase_stepper_and_action_pips():
    d = at(OPEN3 + "cell done move:0")  # P0's tactical phase, 2 points left
    d.press(keys.UP)
    d.press(keys.DOWN)  # a redraw on the tactical phase
    shot = d.board.display
    g = d.game()

    def pips():
        return sorted(b[0] for b in shot.boxes if b[2] == 14 and b[3] == 5 and b[1] >= 111)

    assert ("Tac", 85, 13, 0) in shot.texts  # the current phase inverted
    assert ("Exp", 1, 13, 1) in shot.texts
    assert pips() == ["fill", "fill", "rect"]
    d.press(keys.OK)  # the cursor is on Move M
    d.press(keys.OK)  # an empty cell
    assert g.state.owed == 1 and pips() == ["fill", "rect", "rect"]


def test_turn_starts_with_its_exploration_cell_placed():
    """B3: the exploration cell is mandatory and asks nothing: the entry that ends a turn
    places the next player's (one record), the toast says so, and the next player
    starts at the drone moves or the attacks."""
    d = at(OPEN3 + "cell done move:0 turn:0*2")
    g = d.game()
    writes = d.board.storage.writes
    assert g.label(g.items()[g.index]) == "End turn"
    d.press(keys.OK)
    st = g.state
    assert st.seat == 1 and st.phase == C.PH_ATTACKS and st.cells == 24 - 2
    assert E.decode_all(st.journal)[-2:] == [E.done(0), E.cell(1)]
    assert d.board.storage.writes == writes + 1
    assert d.ui.toast_text == "Green's turn\nplace a cell"


def test_a_later_phases_entry_ends_the_phases_before_it():
    """Choosing a tactical action in the attack phase says "no attack" (B3): one entry,
    the attack phase's done and the action."""
    d = at(OPEN3 + PASS * 3 + "cell")  # P0's second turn: its cell placed, the attack phase
    g = d.game()
    assert g.state.phase == C.PH_ATTACKS and g.label(g.items()[g.index]) == "Move M"
    n = g.state.count
    d.press(keys.OK)
    d.press(keys.DOWN)
    d.press(keys.OK)  # into a cell with 1 small star
    st = g.state
    assert E.decode_all(st.journal)[n:] == [E.done(0), E.move(0, 0, 0, 1)]
    assert st.phase == C.PH_TACTICAL and st.owed == 2 and st.coll_small[0] == 1
    assert g.label(g.items()[g.index]) == "Move M"  # the cursor stays on the entry used


# -- refusals: the reason that really stands in the way ----------------------------------
def _choose(d, label):
    """Move the turn screen's cursor to the entry labelled so and press OK."""
    g = d.game()
    for _ in range(len(g.items())):
        if g.label(g.items()[g.index]) == label:
            break
        d.press(keys.DOWN)
    assert g.label(g.items()[g.index]) == label
    d.press(keys.OK)


# The second attack of a ship that attacked (the defender teleported away) while the
# mothership is on its base: P0's D1 attacked, P0's M is home, Green's M is off its base.
ATTACKED = OPEN3 + "cell done move:0:s*3 done " + LEAVE + PASS \
    + "cell done drone:s move:1 move:0@base done " + PASS * 2 + "cell done atk:1>1.0!"


@pytest.mark.parametrize("steps, label, text", [
    # the real reason (docs/gadget-battle.md, Entering events): "already attacked", not
    # "a ship on a base cannot attack"
    (ATTACKED, "Attack", "B10: D1 already attacked: not again until it has moved or turned"),
    (OPEN3 + "cell", "Attack", "B7: every enemy ship is on its base: none can be attacked"),
    (OPEN3 + "cell done move:0", "Upgrade", "B4: no collected star to pay with"),
    (OPEN3 + "cell done move:0:n up:0:n move:0:s done " + PASS * 2 + "cell done", "Upgrade",
     "B4: every ship is at level 3, the most"),
    (OPEN3 + "cell done move:0", "New drone", "B4: a drone costs 2 collected small stars"),
    (OPEN3 + "cell done", "New drone", "B11: the base is occupied by M"),
    (OPEN3 + "cell done move:0", "End turn", "B3: the 3 action points are mandatory: 2 left"),
    (OPEN3 + "cell done move:0 turn:0*2", "Move M", "B3: no action points left"),
    (OPEN3 + "cell done move:0 turn:0*2", "Place 2 stars", "B3: no action points left"),
    (OPEN3 + "cell done stars:ss stars:bb stars:bb done " + PASS * 2 + "cell done",
     "Place 2 stars", "B4: the reserve holds fewer than 2 stars"),
])
def test_refusal_names_the_real_reason(steps, label, text):
    d = at(steps)
    g = d.game()
    before = g.state.snapshot()
    writes = d.board.storage.writes
    lines = len(d.lines)
    _choose(d, label)
    assert reason(d) == text
    assert d.top() is g and g.state.snapshot() == before
    assert d.board.storage.writes == writes and len(d.lines) == lines
    assert bytes(saved(d).actions) == bytes(g.state.journal)


def test_a_drone_that_moved_is_named():
    """The real reason (docs/gadget-battle.md, Entering events): "this drone has moved", not
    "only drones move in the drone phase": the free move is offered no more, a move of it
    is the tactical one, and the event itself is refused naming the drone."""
    d = at(OPEN3 + "cell done move:0:s*3 done " + PASS * 2 + "cell done drone:s move:1 turn:0 "
           "done " + PASS * 2 + "cell move:1")
    g = d.game()
    labels = [g.label(a) for a in g.items()]
    assert g.state.phase == C.PH_DRONES and "D1 free move" not in labels and "Move D1" in labels
    g.take([E.move(0, 1)])
    assert reason(d) == "B3: D1 has made its free move this turn"


def test_refused_stars_keep_the_question_and_the_reserve_secret():
    d = at(OPEN3 + "cell done move:0")
    g = d.game()
    p = g.state.seat
    g.state.reserve_bomb[p] = 0  # as if every bomb had been placed
    before = g.state.snapshot()
    _choose(d, "Place 2 stars")
    ask = d.top()
    assert ask.items[:3] == ["2 small", "Small + bomb", "2 bombs"]  # all three offered
    while ask.index != 2:
        d.press(keys.DOWN)
    d.press(keys.OK)
    assert reason(d).startswith("B4:") and d.top() is ask  # asked again
    assert g.state.snapshot() == before


def test_merge_b11_refuses_is_named_on_screen():
    """B11 on the gadget: 2 small stars placed cannot make a supernova of 3 bombs."""
    d = at("first:0 cell*6 stars:bb*3 cell done")
    g = d.game()
    before = g.state.snapshot()
    _choose(d, "Place 2 stars")
    for k in (keys.UP, keys.UP, keys.OK, keys.OK, keys.OK, keys.UP, keys.OK):
        d.press(k)  # Supernova made; 2 small; 1 cell; 3 bombs
    assert reason(d) == "B11: each merged cell holds one of the 2 stars just placed"
    assert g.state.snapshot() == before and d.top().name == "battle.merge"


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
    while d.top().player() != p:
        d.press(keys.DOWN)
    assert "Reserve 6 (OK)" in d.board.display.words()  # one number
    assert "Res." not in d.board.display.words()
    d.press(keys.OK)  # that player's own eyes
    assert "Res. 4s 2b" in d.board.display.words()
    d.press(keys.DOWN)
    assert "Res." not in d.board.display.words()


def test_stars_placed_behind_a_hidden_screen():
    """Hidden kinds (docs/gadget-battle.md): the secret choice offers to hide the screen:
    "Hide screen" (the kinds' last item, never under the cursor first) blanks it for the
    player in turn (their LED lit) until OK; then the kinds are asked without the offer."""
    d = at(OPEN3 + "cell done move:0")
    g = d.game()
    _choose(d, "Place 2 stars")
    ask = d.top()
    assert ask.items[-1] == "Hide screen" and ask.index == 0
    d.press(keys.UP)
    d.press(keys.OK)
    assert d.top().name == "battle.hidden" and d.board.leds.seat == 0
    words = d.board.display.words()
    assert "Screen hidden" in words and "small" not in words and "bomb" not in words
    d.press(keys.OK)
    assert d.top() is ask and "Hide screen" not in ask.items
    d.press(keys.DOWN)
    d.press(keys.DOWN)
    d.press(keys.OK)  # 2 bombs, unseen
    assert d.top() is g and g.state.reserve_bomb[0] == 2 and g.state.owed == 1


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


# -- LEDs, status, undo, journal -----------------------------------------------------------
def test_teleport_question_lights_the_defenders_seat():
    """The screen about one seat lights that seat: the defender asked about its teleport."""
    d = at(OPEN3 + "cell done move:0:s*3 done " + LEAVE + PASS + "cell")
    _choose(d, "Attack")
    assert d.top().name == "battle.target" and d.board.leds.seat == 0
    d.press(keys.OK)  # Green's M
    assert d.top().name == "battle.teleport" and d.board.leds.seat == 1
    assert d.top().heading == "Gre teleports?"
    d.press(keys.BACK)
    assert d.top().name == "battle.target" and d.board.leds.seat == 0


def test_status_pages_in_seat_order_each_with_its_led():
    d = at(OPEN3 + PASS * 2)  # Blue's turn
    g = d.game()
    st = g.state
    d.game_menu("Status")  # the player in turn, then clockwise, then the galaxy
    for p in [2, 0, 1, -1]:
        assert d.top().player() == p
        words = d.board.display.words()
        if p < 0:
            assert "Galaxy status" in words and "Cells left {}".format(st.cells) in words
            assert d.board.leds.seat == 2
        else:
            assert "{} (seat {})".format(SEAT_NAMES[p], p + 1) in words
            assert "Ships {} Kills {}".format(st.ships_in_play(p), st.kills[p]) in words
            assert "Stars {}:".format(st.star_value(p)) in words and "Unique" in words
            assert d.board.leds.seat == p
        d.press(keys.DOWN)
    d.press(keys.BACK)
    assert d.top() is g and d.board.leds.seat == 2


def test_undo_takes_back_the_whole_entry_and_saves_it():
    d = at(OPEN3 + PASS * 3 + "cell")  # P0 in the attack phase, its cell placed
    g = d.game()
    before = g.state.snapshot()
    d.press(keys.OK)
    d.press(keys.OK)  # Move M into an empty cell: [done, move]
    assert g.state.phase == C.PH_TACTICAL and g.state.count == B.replay(3, before[0]).count + 2
    d.game_menu("Undo")
    assert g.state.snapshot() == before  # both events back, the cell still placed
    assert bytes(saved(d).actions) == bytes(g.state.journal)
    assert events(d)[-1]["event"] == "undo" and d.ui.toast_text == "Undone: Red move"


def test_undo_of_an_end_of_turn_takes_its_cell_back():
    d = at(OPEN3 + "cell done move:0 turn:0*2")
    g = d.game()
    before = g.state.snapshot()
    d.press(keys.OK)  # End turn: Green's cell comes with it
    assert g.state.seat == 1
    d.game_menu("Undo")
    g = d.game()
    assert g.state.snapshot() == before and d.ui.toast_text == "Undone: Red done"


@pytest.mark.parametrize("last, ends", [
    (E.upgrade(0, 0), True),  # B4: no ship moves nor turns: only End turn is left (B10)
    (E.stars(0, 0), True),
    (E.move(0, 0), False),  # a move may bring its cannon onto an enemy: an attack may follow
    (E.turn(0, 0), False),  # so may a cannon turn
])
def test_the_last_action_point_ends_the_turn_only_when_nothing_can_follow(last, ends):
    """B3/B10: the 3 points are mandatory and the tactical phase ends when they are
    spent; the gadget adds the End turn (and Green's cell) to the entry only when no
    attack can follow it, and undo takes that entry back whole."""
    d = at(OPEN3 + "cell done move:0:s move:0")  # one point left, a small star collected
    g = d.game()
    before = g.state.snapshot()
    n = g.state.count
    assert g.take([last])
    evs = E.decode_all(g.state.journal)[n:]
    if ends:
        assert evs == [last, E.done(0), E.cell(1)] and g.state.seat == 1
    else:
        items = g.items()
        g._cursor(items)  # where the next press finds it
        assert evs == [last] and g.label(items[g.index]) == "End turn"
    d.game_menu("Undo")
    assert d.game().state.snapshot() == before


def test_undo_takes_back_one_entry_a_time_in_a_game():
    d = started(3, 8)
    until(d, lambda st: st.count > 30)
    g = d.game()
    st = g.state
    evs = E.decode_all(st.journal)
    at_, chosen = last_entry(st)
    d.game_menu("Undo")
    g2 = d.game()
    assert evs[:len(E.decode_all(g2.state.journal))] == E.decode_all(g2.state.journal)
    assert len(g2.state.journal) == at_ and chosen in evs
    assert g2.state.snapshot() == B.replay(3, g2.state.journal).snapshot()
    assert bytes(saved(d).actions) == bytes(g2.state.journal)


def test_journal_b11_refuses_is_set_aside_naming_the_ruling():
    """A save written before ruling B11 that recorded what B11 forbids (a supernova of
    3 bombs from a placement of 2 small stars) is not resumed: the alert names the
    ruling and the event, and the file is kept for the logs."""
    flash = FakeFlash()
    players, journal = _sample("pre-b11-merge.json")
    j = jn.Journal(flash)
    j.start("battle", bytes((players,)))
    j.append(journal)
    d = BattleDriver(board(flash, 1, False, False))
    d.boot()
    d.press(keys.OK)  # resume
    assert d.top().name == "home" and "bad/0001.goj" in flash.files
    assert d.ui.toast_text == "Save refused: B11, event 12"
    d.press(keys.DOWN)  # the next key shows the app's own word
    assert "unreadable" in d.ui.toast_text


def test_journal_written_before_b11_resumes():
    flash = FakeFlash()
    players, journal = _sample("pre-b11-replays.json")
    j = jn.Journal(flash)
    j.start("battle", bytes((players,)))
    j.append(journal)
    d = BattleDriver(board(flash, 1, False, False))
    d.boot()
    d.press(keys.OK)  # resume
    g = d.game()
    assert d.top() is g and bytes(g.state.journal) == journal
    assert g.state.ship_at(1, 0) == (True, 0, False)  # B11: beside its base


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



# -- from a table play-test ----------------------------------------------------------------
def _opening_by_keys(d, kinds):
    """From the first player's screen, the opening by keys: each player's 2 cells, then
    each player's 2 stars (`kinds`: the row of the kinds question per player, 0 = 2 small),
    each toast read before the next press."""
    d.press(keys.OK)  # past the first player's screen
    g = d.game()
    for _ in range(3):
        d.wait()
        d.press(keys.OK)  # Place 2 cells
    for row in kinds:
        d.wait()
        assert g.label(g.items()[g.index]) == "Place 2 stars"
        d.press(keys.OK)
        ask = d.top()
        assert ask.name == "battle.kinds"
        offered = list(ask.items)
        while ask.index != row:
            d.press(keys.DOWN)
        d.press(keys.OK)
        yield offered


def test_a_press_on_the_turn_start_toast_only_takes_it_away():
    """The turn-start toast ("Red's turn" / "place a cell") covers the lower rows of the
    entry list, and a press that took it away also acted on the list the players could
    not see whole. From a fresh boot: a new game and its opening by keys; the first
    turn's toast shows over the list's lower rows; OK takes it away and nothing else (no
    entry, no write); the next OK makes the entry under the cursor."""
    d = started(3, 2)
    list(_opening_by_keys(d, [0, 0, 0]))
    g = d.game()
    st = g.state
    name = SEAT_NAMES[st.seat]
    shot = d.board.display
    words = shot.words()
    assert d.ui.toast_text == name + "'s turn\nplace a cell" and "place a cell" in words
    rows = [t[2] for t in shot.texts if t[1] == 10]  # the entries' rows, drawn at x 10
    box = [b for b in shot.boxes  # the toast's bar: the panel's width, to its bottom
           if b[0] == "fill" and b[5] == 1 and b[3] == 128 and b[2] + b[4] == 64][-1]
    assert len([y for y in rows if y + 8 > box[2]]) >= 2  # the toast over two entries
    before = st.snapshot()
    writes = d.board.storage.writes
    d.press(keys.OK)
    assert d.ui.toast_text is None and d.top() is g and g.state.snapshot() == before
    assert d.board.storage.writes == writes and "Move M" in shot.words()
    d.press(keys.OK)  # now the entry under the cursor: Move M asks what the cell held
    assert d.top().name == "battle.found"


def test_every_press_on_a_battle_toast_only_takes_it_away():
    """Any key, long presses too: the toast goes, nothing else (the same screen, state,
    cursor)."""
    for k in (keys.UP, keys.DOWN, keys.OK, keys.BACK, keys.LONG_OK, keys.LONG_BACK):
        d = at(OPEN3 + "cell done move:0 turn:0*2")
        g = d.game()
        d.press(keys.OK)  # End turn: "Green's turn" / "place a cell"
        assert d.ui.toast_text == "Green's turn\nplace a cell"
        before = g.state.snapshot()
        index = g.index
        d.press(k)
        assert d.ui.toast_text is None and d.top() is g and g.state.snapshot() == before
        assert g.index == index


def test_no_supernova_offered_for_two_stars_placed_together():
    """B11 (docs/rules.md; manual: "no es posible colocar 2 Estrellas en un mismo casillero
    en el mismo turno"): from a fresh boot, the first player places 2 small stars on a map
    without any; the next player's kinds offer no "Supernova made" (the 2 stars lie on 2
    cells); that player places a small star and a bomb, and the third player may merge."""
    d = started(3, 2)
    offers = list(_opening_by_keys(d, [0, 1, 0]))
    assert "Supernova made" not in offers[0] and "Supernova made" not in offers[1]
    assert "Supernova made" in offers[2]


def test_no_supernova_offered_later_for_two_stars_placed_together():
    """Later in the game too: Blue places 2 bombs on a map that holds no star; Blue's next
    placement, and Red's in the next turn, are offered no supernova; once Red places 2
    more stars, Green's placement may merge."""
    d = at(OPEN3 + "cell done move:0:s*3 done cell done move:0:s*3 done cell done stars:bb")
    g = d.game()
    assert g.state.map[:2] == [0, 2] and g.state.seat == 2
    _choose(d, "Place 2 stars")
    assert d.top().name == "battle.kinds" and "Supernova made" not in d.top().items
    d = at(OPEN3 + "cell done move:0:s*3 done cell done move:0:s*3 done cell done stars:bb "
           "turn:0*2 done cell done")
    assert d.game().state.seat == 0
    _choose(d, "Place 2 stars")
    assert "Supernova made" not in d.top().items
    d = at(OPEN3 + "cell done move:0:s*3 done cell done move:0:s*3 done cell done stars:bb "
           "turn:0*2 done cell done stars:ss turn:0*2 done cell done")
    assert d.game().state.seat == 1
    _choose(d, "Place 2 stars")
    assert "Supernova made" in d.top().items


def test_victory_of_4_players_shows_ok_done_by_scrolling():
    """The victory of 4 players: the table and the condition fill the panel, a mark in the
    title bar says more is below; DOWN scrolls one line (the condition under the title)
    and shows "OK: done" under the table, inside the panel; UP scrolls back; OK is done."""
    d = started(4, 12)
    end = d.play_out()
    assert end.name == "battle.end"
    d.press(keys.UP)  # a redraw
    shot = d.board.display
    st = end.game.state
    texts = {(t[0], t[1], t[2]) for t in shot.texts}
    assert ("v", 120, 1) in texts and "OK: done" not in shot.words()
    assert (C.CONDITION_NAMES[st.condition].capitalize() in shot.words())
    d.press(keys.DOWN)
    texts = {(t[0], t[1], t[2]) for t in shot.texts}
    assert ("OK: done", 32, 54) in texts and ("^", 120, 1) in texts
    assert all(0 <= x and x + 8 * len(s) <= 128 and 0 <= y and y + 8 <= 64 for s, x, y in texts)
    assert ("Star", 26, 11) in texts and (SEAT_NAMES[3][:3], 0, 44) in texts  # every row
    d.press(keys.UP)
    assert "OK: done" not in shot.words()
    d.press(keys.OK)
    assert d.top().name == "home"


def test_victory_of_3_players_shows_ok_done_at_once():
    d = started(3, 13)
    end = d.play_out()
    d.press(keys.DOWN)  # nothing to scroll
    texts = {(t[0], t[1], t[2]) for t in d.board.display.texts}
    assert end.name == "battle.end" and ("OK: done", 32, 56) in texts
    assert not any(t[0] in ("v", "^") for t in texts)


def test_move_event_line_keeps_its_counts_apart():
    """The live event line of a move names what the cell held with each count apart
    ("1s 1b 0n", not "1s1b0n")."""
    d = at(OPEN3 + "cell done")
    _choose(d, "Move M")
    d.press(keys.DOWN)
    d.press(keys.OK)  # 1 small
    assert events(d)[-1]["text"] == "Red move M 1s 0b 0n"


def test_battle_help_tells_the_battles_ways():
    """The game menu's Help: the buttons, then what the battle's screens do: a press on a
    message only clears it, when a supernova is offered (B11), the 4 players' victory."""
    d = at(OPEN3 + "cell done")
    d.game_menu("Help")
    page = d.top()
    assert page.name == "help" and page.heading == "Battle help"
    text = " ".join(page.lines)
    assert "only clears it" in text and "2 placed together" in text
    assert "DOWN shows OK: done" in text
    assert all(len(line) <= 16 for line in page.lines)
    d.press(keys.BACK)
    assert d.top() is d.game()
