"""Galaxy battle core: the cases the vectors cannot reach by short scripts, the event
forms (tuple, bytes, JSON) and the journal (replay, undo)."""

import json
from pathlib import Path

import pytest
from battle_check import run_script
from geekout.battle import consts as c
from geekout.battle import events as e
from geekout.battle import rules as b
from geekout_tools.battle import json_events as jsonev

OPEN3 = "first:0 cell*6 stars:ss*3 "


def game(steps, players=3):
    s = b.new_initial_state(players)
    assert run_script(s, steps) is None
    return s


def refused(s, ev, ruling):
    before = s.snapshot()
    with pytest.raises(b.Illegal) as info:
        s.apply(ev)
    assert info.value.ruling == ruling
    assert str(info.value).startswith(ruling + ": ")
    assert s.snapshot() == before
    return str(info.value)


def test_b1_player_count():
    for bad in (2, 5):
        with pytest.raises(ValueError, match="B1"):
            b.new_initial_state(bad)


def test_b1_first_player_is_a_chance_event():
    s = b.new_initial_state(4)
    assert s.current_player() == c.CHANCE and s.is_chance()
    assert [ev for ev, _ in s.chance_outcomes()] == [e.first(i) for i in range(4)]
    assert sum(q for _, q in s.chance_outcomes()) == pytest.approx(1)
    assert b.play_chance(s, lambda n: n - 1) == 3
    assert s.seat == 3 and s.current_player() == 3 and s.chance_outcomes() == []
    assert b.play_chance(s, lambda n: 0) == -1
    assert e.decode_all(s.journal) == [e.first(3)]


def test_b4_no_drone_left_in_supply():
    s = game(OPEN3 + "cell done")
    for i in (1, 2, 3):
        s.status[i] = 2  # white-box: all three drones already lost (B7)
    s.coll_small[0] = 2
    s.box[c.SMALL] -= 2  # keep the stars conserved
    s.base[0] = 0
    assert "supply" in refused(s, e.drone(0), "B4")


def test_b11_a_supernova_upgrade_takes_one_small_star_per_level_from_the_box():
    s = game(OPEN3 + "cell done move:0:n")
    s.map[c.SMALL] += s.box[c.SMALL] - 2  # white-box: only 2 small stars left in the box
    s.box[c.SMALL] = 2
    assert s.star_counts() == c.TOTALS
    assert "lacks the 3 small stars" in refused(s, e.upgrade(0, 0, c.PAY_NOVA), "B11")
    s.levels[0] = 1  # a level-1 ship needs only 2 more
    s.map[c.SMALL] -= 1
    s.apply(e.upgrade(0, 0, c.PAY_NOVA))
    assert s.ship_at(0, 0) == (True, 3, False) and s.box[c.SMALL] == 0


def test_b11_no_supernova_left_for_a_merge():
    s = game(OPEN3 + "cell done")
    s.map[c.NOVA] += s.box[c.NOVA]
    s.box[c.NOVA] = 0
    refused(s, e.stars(0, 0, (3,)), "B11")
    s.apply(e.stars(0, 0))


def test_b11_at_most_two_cells_merge_per_placement():
    """The event has room for two merged cells only (one per star placed), in bytes and
    in JSON."""
    with pytest.raises(e.BadEvent, match="merges"):
        e.validate(e.stars(0, 0, (3, 3, 3)))
    with pytest.raises(e.BadEvent, match="at most 2 cells"):
        jsonev.from_json({"type": "stars", "player": 0, "stars": ["small", "small"],
                          "merge": [["small"] * 3] * 3})


# Journals written before ruling B11 (tests/data/battle/pre-b11-*.json, events the rules
# accepted then; make_samples.py says what each records).
DATA = Path(__file__).resolve().parents[1] / "data" / "battle"


def sample(name):
    data = json.loads((DATA / name).read_text())
    return data["players"], b"".join(e.encode(jsonev.from_json(ev)) for ev in data["events"])


@pytest.mark.parametrize("name, index, words", [
    ("pre-b11-merge.json", 12, "each merged cell holds one of the 2 stars just placed"),
    ("pre-b11-base.json", 31, "one ship per cell: D1 is on the base"),
])
def test_b11_journals_that_recorded_what_it_forbids_are_refused(name, index, words):
    players, journal = sample(name)
    with pytest.raises(b.Illegal) as info:
        b.replay(players, journal)
    assert info.value.ruling == "B11"
    assert str(info.value) == "B11: event {}: {}".format(index, words)


def test_b11_journals_written_before_keep_replaying_with_its_outcomes():
    """A star shield on two bombs, a mothership destroyed while its drone holds the base,
    then play the rules before B11 allowed too: the journal replays, and the state is
    B11's: the shield's star on the map (the rules before put it out of play) and the
    mothership off its base (they put it on the base beside its drone)."""
    players, journal = sample("pre-b11-replays.json")
    s = b.replay(players, journal)
    assert s.count == len(e.decode_all(journal)) and s.winner == -1
    assert s.ship_at(1, 0) == (True, 0, False) and s.ship_at(1, 1) == (True, 0, False)
    assert list(s.map) == [3, 0, 1] and list(s.box) == [12, 6, 9]
    assert s.kills == [1, 0, 0] and s.star_counts() == c.TOTALS


def test_b8_active_player_first_then_clockwise():
    s = game(OPEN3 + "cell done")  # P0 in turn, tactical phase
    s.kills[2] = 3  # white-box: two players meet a condition at the same event
    s.coll_small[1] = 9
    s.map[c.SMALL] -= 9
    s.apply(e.turn(0, 0))
    assert (s.winner, c.CONDITION_NAMES[s.condition]) == (1, "overload")
    assert s.returns() == [0, 1, 0] and s.current_player() == c.TERMINAL
    t = game(OPEN3 + "cell done")
    t.kills[0] = 3
    t.coll_small[1] = 9
    t.map[c.SMALL] -= 9
    t.apply(e.turn(0, 0))
    assert (t.winner, t.condition) == (0, c.DESTROYER)


def test_b8_supremacy_needs_a_lead_of_two_over_everyone():
    s = game(OPEN3 + "cell done")
    s.status[1] = s.status[2] = 1  # white-box: P0 has 3 ships, P1 has 2
    s.status[5] = 1
    s.apply(e.turn(0, 0))
    assert s.winner == -1
    s.status[5] = 2
    s.apply(e.turn(0, 0))
    assert (s.winner, s.condition) == (0, c.SUPREMACY)


def test_replay_names_the_bad_event():
    s = game(OPEN3 + "cell done")
    journal = bytes(s.journal) + e.encode(e.done(0))
    with pytest.raises(b.Illegal, match=r"^B3: event 12: .*mandatory") as info:
        b.replay(3, journal)
    assert info.value.ruling == "B3"
    with pytest.raises(e.BadEvent, match="event 12"):
        b.replay(3, bytes(s.journal) + bytes([c.MOVE << 2, 0]))


def test_undo_then_redo():
    assert b.undo(game("first:1")) is None
    s = game(OPEN3 + "cell done move:0:s")
    prev, last = b.undo(s)
    assert last == e.move(0, 0, 0, 1)
    assert prev.snapshot() == game(OPEN3 + "cell done").snapshot()
    prev.apply(last)
    assert prev.snapshot() == s.snapshot()


def test_state_texts_say_what_is_owed():
    s = b.new_initial_state(3)
    assert str(s) == "draw the first player"
    assert run_script(s, "first:1") is None
    assert str(s) == "P1 opening cells: place 2 cells"
    assert run_script(s, "cell*6") is None
    assert s.owed_text() == "place 2 stars"
    s = game(OPEN3)
    assert str(s) == "P0 exploration: place 1 cell"
    assert run_script(s, "cell") is None
    assert s.owed_text() == "attacks, then done"
    assert run_script(s, "done turn:0") is None
    assert s.owed_text() == "2 action points left" and s.points_left() == 2


def test_event_bytes_are_compact():
    assert e.encode(e.first(2)) == bytes([2])
    assert e.encode(e.attack(1, 0, 2, 3, 1)) == bytes([c.ATTACK << 2 | 1, 0 | 2 << 2 | 3 << 4 | 1 << 6])
    assert len(e.encode(e.move(0, 1, 0, 1, 1, 0, 1))) == 3
    with pytest.raises(e.BadEvent):
        e.decode(bytes([c.ATTACK << 2]))  # cut short
    with pytest.raises(e.BadEvent):
        e.decode(bytes([63 << 2]))  # no such type
    with pytest.raises(e.BadEvent):
        e.encode((c.TURN, 0, 4))


@pytest.mark.parametrize("obj, word", [
    ([], "object"),
    ({"player": 0}, "type"),
    ({"type": "fly", "player": 0}, "fly"),
    ({"type": "cell"}, "player"),
    ({"type": "cell", "player": "0"}, "player"),
    ({"type": "cell", "player": 0, "ship": 1}, "ship"),
    ({"type": "cell", "player": 5}, "cell: 'player' must be 0-3"),
    ({"type": "turn", "player": 0, "ship": 4}, "turn: 'ship' must be 0-3"),
    ({"type": "stars", "player": 0, "stars": ["small"]}, "stars"),
    ({"type": "stars", "player": 0, "stars": ["small", "supernova"]}, "stars"),
    ({"type": "stars", "player": 0, "stars": ["small", "bomb"], "merge": [["small"]]}, "merge"),
    ({"type": "move", "player": 0, "ship": 0, "to": "moon"}, "to"),
    ({"type": "move", "player": 0, "ship": 0, "found": {"gold": 1}}, "found"),
    ({"type": "move", "player": 0, "ship": 0, "found": {"small": 9}}, "move: 'small' must be 0-3"),
    ({"type": "move", "player": 0, "ship": 0, "shield": 1}, "shield"),
    ({"type": "drone", "player": 0, "pay": "gold"}, "pay"),
    ({"type": "attack", "player": 0, "ship": 0, "target": 1}, "target_ship"),
])
def test_bad_json_events(obj, word):
    with pytest.raises(e.BadEvent) as info:
        jsonev.from_json(obj)
    assert word in str(info.value)


def test_json_form_examples():
    assert jsonev.from_json({"type": "move", "player": 2, "ship": 1,
                        "found": {"small": 1, "bomb": 1}, "shield": True}) == e.move(2, 1, 0, 1, 1, 0, 1)
    assert jsonev.to_json(e.stars(1, 1, (2,))) == {"type": "stars", "player": 1,
                                              "stars": ["small", "bomb"],
                                              "merge": [["small", "small", "bomb"]]}
    assert jsonev.from_json({"type": "done", "player": 0, "note": "no attack"}) == e.done(0)
