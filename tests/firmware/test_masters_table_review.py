"""Table dice with the hint: the turns the hint followed are saved (their trace, before
the turn's entry: docs/gadget.md, Saved game) and reviewed on the gadget and the host
as virtual-dice turns are (docs/gadget.md, Review; docs/masters.md). The dice are rolled
by the test, as players roll theirs at the table, and entered with key presses from a
fresh boot; the other turns are counted, not reviewed."""

import random

import pytest
from drive import Driver
from geekout import keys
from geekout.masters import consts as mc
from geekout.masters import review as gr
from geekout.masters import rules as M
from geekout_tools.masters import review as hr
from hypothesis import given, settings
from hypothesis import strategies as st
from test_masters_review_gadget import board, check_identity, same_as_host, texts, to_review


# -- the rules core's part: a trace and the entry it ends in ---------------------------
def _turn(faces, steps):
    """A trace: the first roll's faces, then the steps."""
    return bytes(faces) + bytes(steps)


def test_a_whole_turn_ends_in_its_entry():
    # seven 42s: all scored, the used zone empty, the pass is forced (M6): 7 scored
    assert M.trace_entry(_turn([mc.F42] * 7, [])) == 7
    assert M.trace_entry(_turn([mc.F42] * 7, [mc.PASS])) == -1  # a byte past the end
    # six 42s and a SPACESHIP: it sends a 42 to inactive (M3c) and is used; the five
    # 42s left are scored, then the choice (M6)
    t = _turn([mc.F42] * 6 + [mc.SPACESHIP], [mc.SPACESHIP_ON + mc.F42])
    assert M.trace_entry(t) == -1  # the turn waits on its pass or continue
    assert M.trace_entry(t + bytes([mc.PASS])) == 5
    # a lone DRAGON among 42s with no die to defuse it is a bust (M4)
    assert M.trace_entry(_turn([mc.F42] * 6 + [mc.DRAGON], [])) == mc.BUST
    assert M.trace_entry(b"") == -1
    assert M.trace_entry(bytes([mc.PASS])) == -1  # a pass before the roll: refused (M2)


def test_the_scorepad_keeps_traces_beside_entries():
    pad = M.Scorepad(2)
    pad.apply_action(1)  # Green starts (M8)
    trace = _turn([0] * 7, [mc.PASS])
    for b in trace:
        pad.apply_action(mc.TRACE + b)
    assert pad.trace == trace and pad.turns == []
    pad.apply_action(7)
    pad.apply_action(mc.BUST)  # Red's turn entered by hand: no trace
    assert pad.entries == [7, mc.BUST] and pad.traces == [trace, b""] and pad.trace == b""
    assert pad.totals == [0, M.points_for(7)]
    copy = pad.clone()
    pad.apply_action(3)
    assert copy.entries == [7, mc.BUST] and len(copy.journal) == len(trace) + 3
    again = M.replay_table(2, pad.journal)
    assert (again.traces, again.entries, again.totals) == (pad.traces, pad.entries, pad.totals)
    while not pad.is_terminal():
        pad.apply_action(0)
    before = (bytes(pad.journal), pad.trace)
    with pytest.raises(ValueError):
        pad.apply_action(mc.TRACE)  # M8: the game is over, a trace byte too
    assert (bytes(pad.journal), pad.trace) == before


# -- a table-dice game played with the hint, by keys ------------------------------------
def enter_roll(d, faces):
    """The dice showing entered face by face (the counts of `faces`)."""
    want = [faces.count(f) for f in range(mc.FACES)]
    e = d.top()
    assert e.name == "masters.dice_entry" and e.showing == len(faces)
    while d.top() is e:
        f = e.field - 3
        assert f >= 0, "the entry left the faces"
        while e.counts[f] != want[f]:
            d.press(keys.UP)
        d.press(keys.OK)


def traced_turn(d, rng, stray=0.3):
    """One table turn followed with the hint: the players roll (rng), enter the dice,
    do the hint's best step (or, now and then, another one listed), pick the faces a
    step rolls, and enter the turn's score the hint set. Returns the trace it made."""
    d.game_menu("Hint")
    enter_roll(d, [rng.randrange(mc.FACES) for _ in range(mc.START_ACTIVE)])
    while True:
        top = d.top()
        if top.name == "masters.table":
            break
        if top.name == "masters.dice_entry":
            enter_roll(d, [rng.randrange(mc.FACES) for _ in range(top.showing)])
        elif top.name == "masters.face":
            face = rng.randrange(mc.FACES)
            while top.cursor != face:
                top_cursor = top.cursor
                d.press(keys.DOWN)
                assert top.cursor == (top_cursor + 1) % mc.FACES
            d.press(keys.OK)
        else:
            assert top.name == "masters.hint", top.name
            n = min(4, len(top.steps))
            if n > 1 and rng.random() < stray:
                d.press(keys.DOWN)
            d.press(keys.OK)
    game = d.top()
    trace = game.trace
    assert trace is not None and M.trace_entry(trace) == game.value
    d.press(keys.OK)
    return trace


def play_table_game(seed, players, by_hand=()):
    """A table-dice game from a fresh boot: every turn followed with the hint but the
    turns numbered in `by_hand` (entered as a total). Returns the driver."""
    rng = random.Random(seed)
    d = Driver(board(seed))
    d.boot()
    d.start(mc.TABLE, players)
    n = 0
    while d.top().name == "masters.table":
        if n in by_hand:
            g = d.top()
            for _ in range(rng.randrange(mc.BUST + 1)):
                d.press(keys.UP)
            d.press(keys.OK)
            assert g.state.traces[-1] == b""
        else:
            trace = traced_turn(d, rng)
            assert d.top().name in ("masters.table", "masters.end")
            assert d.top().game.state.traces[-1] == trace if d.top().name == "masters.end" \
                else d.top().state.traces[-1] == trace
        n += 1
    assert d.top().name == "masters.end"
    return d


@pytest.fixture(scope="module")
def on_table():
    return hr.HintValuer()


@pytest.fixture(scope="module")
def values():
    from test_masters_review_gadget import FW, mh

    with open(FW / mc.HINT_FILE, "rb") as f:
        yield gr.TableValues(mh, mh.open_table(f))


@pytest.mark.parametrize("seed,players,by_hand", [(1, 2, ()), (4, 3, (0, 4))])
def test_a_table_game_followed_with_the_hint_is_reviewed(seed, players, by_hand, on_table,
                                                         values):
    d = play_table_game(seed, players, by_hand)
    game = d.top().game
    actions = bytes(d.app.journal.actions)
    pad = M.replay_table(players, actions)
    assert pad.traces == game.state.traces and pad.entries == game.state.entries
    r = gr.review_table(values, players, pad)
    host = hr.review(players, actions, on_table, "table")
    reviewed = [t for t in host["turns"] if t["reviewed"]]
    assert len(reviewed) == 5 * players - len(by_hand)
    assert sum(row[gr.REVIEWED] for row in r.seats) == len(reviewed)
    same_as_host(r, host)
    assert check_identity(r) == 5 * players
    # each traced turn's walk is the walk of the same turn as a one-seat virtual game
    for t, trace in zip(host["turns"], pad.traces):
        if trace:
            alone = hr.review(1, b"\0" + trace, on_table)["turns"][0]
            assert (t["luck"], t["points_lost"], t["score"]) == (
                alone["luck"], alone["points_lost"], alone["score"])
    # the end menu offers Review, and its pages say the numbers
    top = to_review(d)
    assert top.name == "masters.review"
    for s in range(players):
        hp = host["players"][s]
        shown = texts(d)
        assert "Lost {:.2f}".format(hp["points_lost"]) in shown
        assert "Luck {:+.2f}".format(hp["luck"]) in shown
        left = hp["turns"] - hp["reviewed"]
        assert ("{} not reviewed".format(left) in shown) == bool(left)
        d.press(keys.DOWN)


def test_no_review_when_no_turn_was_followed():
    d = Driver(board(3))
    d.boot()
    d.start(mc.TABLE, 2)
    assert d.play_out().name == "masters.end"
    assert not any(d.top().game.state.traces)
    d.press(keys.LONG_OK)
    assert "Review" not in d.top().items


def test_a_score_set_by_hand_after_the_hint_saves_no_trace():
    rng = random.Random(8)
    d = Driver(board(8))
    d.boot()
    d.start(mc.TABLE, 2)
    g = d.top()
    d.game_menu("Hint")
    enter_roll(d, [rng.randrange(mc.FACES) for _ in range(7)])
    while d.top() is not g:  # the hint's best steps to the turn's end
        top = d.top()
        if top.name == "masters.dice_entry":
            enter_roll(d, [rng.randrange(mc.FACES) for _ in range(top.showing)])
        elif top.name == "masters.face":
            d.press(keys.OK)
        else:
            d.press(keys.OK)
    assert g.trace is not None
    d.press(keys.UP)  # the players say another score
    d.press(keys.OK)
    assert g.state.traces == [b""] and g.state.entries[0] != M.trace_entry(g.trace or b"\0")


def test_a_zone_changed_by_hand_stops_the_trace():
    d = Driver(board(2))
    d.boot()
    d.start(mc.TABLE, 2)
    g = d.top()
    d.game_menu("Hint")
    e = d.top()
    d.press(keys.BACK)
    d.press(keys.BACK)  # to Scored
    d.press(keys.UP)  # 1 scored before the first roll: not a turn's start (M2)
    d.press(keys.OK)
    d.press(keys.OK)  # 6 showing now
    enter_roll(d, [mc.F42] * e.showing)
    assert d.top().name == "masters.hint" and g.trace is None


def test_undo_gives_the_trace_back(on_table):
    rng = random.Random(11)
    d = Driver(board(11))
    d.boot()
    d.start(mc.TABLE, 2)
    g = d.top()
    trace = traced_turn(d, rng)
    saved = bytes(d.app.journal.actions)
    entry = saved[-1]
    assert saved[1:-1] == bytes(mc.TRACE + b for b in trace)
    assert g.undo_item() == "Undo " + g.step_words(entry)  # the end menu's words
    d.game_menu("Undo")
    assert d.ui.toast_text == "Undone: " + g.step_words(entry)
    assert bytes(d.app.journal.actions) == saved[:1]  # the entry and its trace
    assert (g.value, g.trace, g.state.traces) == (entry, trace, [])
    d.press(keys.OK)  # saved again, trace and all
    assert bytes(d.app.journal.actions) == saved


def test_the_host_review_of_a_traced_game_from_the_cli(tmp_path, capsys):
    from geekout_tools.cli import main

    d = play_table_game(5, 2, by_hand=(3,))
    for name, data in d.board.storage.files.items():  # the gadget's flash as a folder
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(bytes(data))
    code = main(["masters", "review", str(tmp_path), "--json"])
    out = capsys.readouterr().out
    assert code == 0
    import json

    game = json.loads(out)["games"][0]
    assert [t["reviewed"] for t in game["turns"]] == [i != 3 for i in range(10)]
    assert all(t["decisions"] for t in game["turns"] if t["reviewed"] and t["result"] != "bust")


@pytest.mark.slow  # 12 whole games by keys: about 25 s
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2 ** 31), players=st.integers(1, 4))
def test_any_traced_game_reviews_as_its_turns_alone(seed, players, values, on_table):
    """Property: a traced table game's review is, turn by turn, the review of each turn
    played alone with virtual dice (the same integers on the gadget)."""
    d = play_table_game(seed, players)
    pad = d.top().game.state
    r = gr.review_table(values, players, pad)
    for (seat, score, luck, lost, taken), trace, (s2, points, _how) in zip(
            r.turns, pad.traces, pad.turns):
        one = gr.review(values, 1, b"\0" + trace)
        assert (seat, score) == (s2, points)
        assert one.turns[0][1:] == (score, luck, lost, taken)
    check_identity(r)


MPY_TABLE = """
import sys
from geekout.masters import hint, review, rules
t = review.TableValues(hint, hint.open_table(open({path!r}, "rb")))
while True:
    line = sys.stdin.readline()
    if not line:
        break
    players, data = line.split()
    pad = rules.replay_table(int(players), bytes.fromhex(data))
    r = review.review_table(t, int(players), pad)
    print(r.start, r.seats, r.turns, r.worst)
"""


@pytest.mark.micropython
def test_the_table_review_under_micropython(values):
    """The same review of traced table games on the MicroPython unix port: the same
    integers (a turn not reviewed included)."""
    from mpy_harness import run_micropython
    from test_masters_review_gadget import FW

    games = [(n, bytes(play_table_game(seed, n, hand).app.journal.actions))
             for seed, n, hand in ((6, 2, (1,)), (9, 4, ()))]
    stdin = "".join("{} {}\n".format(n, a.hex()) for n, a in games)
    res = run_micropython(code=MPY_TABLE.format(path=str(FW / mc.HINT_FILE)), heap="200K",
                          stdin=stdin)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert len(lines) == len(games)
    for (n, a), line in zip(games, lines):
        r = gr.review_table(values, n, M.replay_table(n, a))
        assert line == "{} {} {} {}".format(r.start, r.seats, r.turns, r.worst)
        # the 2-player game's turn entered by hand is counted, not reviewed
        assert [t[2] is None for t in r.turns].count(True) == (1 if n == 2 else 0)
