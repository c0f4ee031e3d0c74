"""`geekout battle replay FILE [--json]` through the command's own entry point."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from battle_check import run_script
from battle_vectors import LEAVE, OPEN3, PASS
from geekout.battle import events as e
from geekout_tools.battle import json_events as jsonev
from geekout_tools.cli import main

DATA = Path(__file__).resolve().parent.parent / "data" / "battle"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def replay_json(capsys, path):
    code, out, err = run(capsys, "battle", "replay", str(path), "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("name, players, winner", [
    ("supremacy.json", 3, {"player": 0, "condition": "supremacy"}),
    ("overload.json", 3, {"player": 0, "condition": "overload"}),
    ("destroyer.json", 3, {"player": 0, "condition": "destroyer"}),
    ("four-players-running.json", 4, None),
])
def test_sample_games(capsys, name, players, winner):
    result = replay_json(capsys, DATA / name)
    assert result["winner"] == winner
    assert len(result["players"]) == players
    assert [p["player"] for p in result["players"]] == list(range(players))
    for p in result["players"]:
        assert set(p) >= {"ships_in_play", "ships", "kills", "star_value", "reserve",
                          "unique_actions_left"}
        assert p["ships_in_play"] == len(p["ships"])
    assert result["cells_left"] == 17


def test_supremacy_state(capsys):
    result = replay_json(capsys, DATA / "supremacy.json")
    p0 = result["players"][0]
    assert p0["ships_in_play"] == 3 and p0["drones_in_supply"] == 1
    assert [s["kind"] for s in p0["ships"]] == ["mothership", "drone", "drone"]
    assert [s["at_base"] for s in p0["ships"]] == [False, False, True]
    assert [p["ships_in_play"] for p in result["players"][1:]] == [1, 1]
    assert result["turn"]["phase"] == "over"


def test_overload_and_destroyer_state(capsys):
    over = replay_json(capsys, DATA / "overload.json")["players"][0]
    assert over["star_value"] == 9
    assert over["collected"] == {"small": 6, "supernova": 1}
    destroyer = replay_json(capsys, DATA / "destroyer.json")["players"]
    assert [p["kills"] for p in destroyer] == [3, 0, 0]


def test_running_game_state(capsys):
    result = replay_json(capsys, DATA / "four-players-running.json")
    players = result["players"]
    assert players[2]["unique_actions_left"] == ["teleport", "wormhole"]  # star shield used
    assert players[3]["unique_actions_left"] == ["wormhole", "shield"]  # teleported away
    assert players[2]["star_value"] == 3 and players[2]["collected"]["small"] == 3
    assert players[0]["reserve"] == {"small": 1, "bomb": 3}
    assert players[0]["ships"][0]["at_base"] is True  # bombed, back at base (B6, B7)
    assert result["map"]["supernova"] == 2  # the centre one and a merge
    assert result["turn"] == {"player": 3, "phase": "exploration", "action_points_left": 0,
                              "owed": "place 1 cell"}


def test_text_output(capsys):
    code, out, _ = run(capsys, "battle", "replay", str(DATA / "destroyer.json"))
    assert code == 0
    assert out.splitlines()[0] == "3 players, 50 events, 17 cells left"
    assert out.splitlines()[-1] == "winner: P0 by destroyer"


@pytest.mark.parametrize("name, line", [
    ("pre-b11-merge.json", "event 12 (stars): B11: each merged cell holds one of the 2 "
                           "stars just placed"),
    ("pre-b11-base.json", "event 31 (move): B11: one ship per cell: D1 is on the base"),
])
def test_journal_written_before_b11_refused_where_it_breaks_b11(capsys, name, line):
    code, out, err = run(capsys, "battle", "replay", str(DATA / name), "--json")
    assert code == 2 and out == ""
    assert err.strip() == "geekout: error: " + line


def test_journal_written_before_b11_replays_with_its_outcomes(capsys):
    """Rules before B11 put the shield's star out of play and P1's mothership on the base
    beside its drone; the journal replays, with B11's map and base."""
    result = replay_json(capsys, DATA / "pre-b11-replays.json")
    assert result["winner"] is None and result["events"] == 61
    assert result["map"] == {"small": 3, "bomb": 0, "supernova": 1}
    p1 = result["players"][1]["ships"]
    assert [(s["ship"], s["at_base"]) for s in p1] == [(0, False), (1, False)]
    assert result["players"][0]["unique_actions_left"] == ["teleport", "wormhole"]


def test_illegal_sample_stops_with_index_and_ruling(capsys):
    code, out, err = run(capsys, "battle", "replay", str(DATA / "second-drone.json"), "--json")
    assert code == 2 and out == ""
    assert err.strip() == "geekout: error: event 32 (drone): B4: one drone creation per turn"


# The illegal events, each after a legal prefix: refused with the ruling id.
ILLEGAL = [
    ("spending stars one lacks", OPEN3 + "cell done move:0", "drone:s", "B4"),
    ("a second drone in a turn", OPEN3 + "cell done move:0:s*3 done " + PASS * 2
     + "cell done drone:s move:1:s", "drone:s", "B4"),
    ("a fourth action point", OPEN3 + "cell done turn:0*3", "turn:0", "B3"),
    ("a unique action twice", OPEN3 + "cell worm:1.0 done " + PASS * 2 + "cell",
     "worm:2.0", "B9"),
    ("acting out of turn", OPEN3, "1/cell", "B1"),
    ("acting out of phase", OPEN3 + "cell", "turn:0", "B3"),
    ("attacking from a base", OPEN3 + PASS + LEAVE + PASS + "cell", "atk:0>1.0", "B7"),
    ("upgrading past 3 levels", OPEN3 + "cell done move:0:n up:0:n", "up:0:s", "B4"),
    ("an event after the win", OPEN3 + LEAVE * 3 + "cell atk:0>1.0 done turn:0 atk:0>2.0 "
     "turn:0*2 done " + LEAVE * 2 + "cell atk:0>1.0", "done", "B8"),
]


@pytest.mark.parametrize("prefix, token, ruling", [i[1:] for i in ILLEGAL],
                         ids=[i[0] for i in ILLEGAL])
def test_illegal_events_stop_the_replay(capsys, tmp_path, prefix, token, ruling):
    from battle_check import parse
    from geekout.battle import rules as b

    s = b.new_initial_state(3)
    assert run_script(s, prefix) is None
    events = [jsonev.to_json(ev) for ev in e.decode_all(s.journal)]
    events.append(jsonev.to_json(parse(token, s.seat)[0]))
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"players": 3, "events": events}))
    code, out, err = run(capsys, "battle", "replay", str(path), "--json")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert err.startswith("geekout: error: event {} (".format(len(events) - 1))
    assert " {}: ".format(ruling) in err


@pytest.mark.parametrize("text, word", [
    ("{\"players\": 3, \"events\": [", "malformed JSON"),
    ("[]", "JSON object"),
    ("{\"players\": 5, \"events\": []}", "players"),
    ("{\"players\": 3}", "events"),
    ("{\"players\": 3, \"events\": [], \"map\": 1}", "map"),
    ("{\"players\": 3, \"events\": [{\"type\": \"first\", \"player\": 0}, {\"type\": \"jump\", "
     "\"player\": 0}]}", "event 1: unknown event type 'jump'"),
    ("{\"players\": 3, \"events\": [{\"type\": \"first\"}]}", "event 0: missing field 'player'"),
    ("{\"players\": 3, \"events\": [{\"type\": \"first\", \"player\": 0}, {\"type\": \"cell\", "
     "\"player\": 0, \"ship\": 0}]}", "event 1: cell: unknown field 'ship'"),
])
def test_bad_input(capsys, tmp_path, text, word):
    path = tmp_path / "bad.json"
    path.write_text(text)
    code, out, err = run(capsys, "battle", "replay", str(path), "--json")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and word in err


def test_missing_file(capsys, tmp_path):
    code, out, err = run(capsys, "battle", "replay", str(tmp_path / "none.json"))
    assert code == 2 and out == "" and "cannot read" in err


def test_empty_journal_has_no_winner(capsys, tmp_path):
    path = tmp_path / "empty.json"
    path.write_text("{\"players\": 4, \"events\": []}")
    result = replay_json(capsys, path)
    assert result["winner"] is None and result["events"] == 0 and result["cells_left"] == 30
    assert result["turn"]["phase"] == "first player"


def test_installed_command_exit_status():
    """The real `geekout` entry point: exit 2, one line on stderr, nothing on stdout."""
    exe = Path(sys.executable).parent / "geekout"
    res = subprocess.run([str(exe), "battle", "replay", str(DATA / "second-drone.json"),
                          "--json"], capture_output=True, text=True, timeout=60)
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr.count("\n") == 1 and "event 32" in res.stderr and "B4" in res.stderr


def test_docs_example_replays_as_documented(capsys, tmp_path):
    import re

    doc = (Path(__file__).resolve().parents[2] / "docs" / "battle.md").read_text()
    block = re.search(r"### Example.*?```json\n(.*?)```", doc, re.S).group(1)
    path = tmp_path / "example.json"
    path.write_text(block)
    code, out, err = run(capsys, "battle", "replay", str(path))
    assert code == 2 and out == ""
    assert err.strip() == "geekout: error: event 14 (drone): B4: no collected supernova"
    assert "`event 14 (drone): B4: no collected supernova`" in doc


def test_sample_files_match_their_scripts():
    """The committed journals are what make_samples.py writes (no drift)."""
    sys.path.insert(0, str(DATA))
    try:
        import make_samples
    finally:
        sys.path.remove(str(DATA))
    for name, (players, _note, steps) in make_samples.SAMPLES.items():
        data = json.loads((DATA / name).read_text())
        assert data["players"] == players
        assert data["events"] == [jsonev.to_json(ev) for ev in make_samples.events_of(players, steps)]


def _one_line_refusal(res_code, out, err, words):
    assert res_code == 2 and out == "" and "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("geekout: error: ") and words in err


@pytest.mark.parametrize("text, words", [
    ("[" * 100000 + "]" * 100000, "nested deeper than 64 levels"),
    ('{"players": 3, "events": [' + "[" * 2000 + "]" * 2000 + "]}", "nested deeper than"),
    ('{"players": 3, "players": 4, "events": []}', "duplicate key 'players'"),
    ('{"players": 3, "events": [{"type": "first", "player": 0, "player": 1}]}',
     "duplicate key 'player'"),
    ('{"players": 3, "events": [], "a\\nb\\u001b[31m": 1}', "unknown field 'a\\x0ab\\x1b[31m'"),
    ('{"players": 3, "events": [{"type": "first", "player": 0, "\\u001b[2J": 1}]}',
     "first: unknown field '\\x1b[2J'"),
    ('{"players": NaN, "events": []}', "NaN is not JSON"),
])
def test_hostile_json_refused_in_one_line(capsys, tmp_path, text, words):
    path = tmp_path / "hostile.json"
    path.write_text(text)
    _one_line_refusal(*run(capsys, "battle", "replay", str(path), "--json"), words)


def test_huge_file_refused_before_parsing(capsys, tmp_path):
    """A 200 MB file (sparse: nothing is written) is refused by its size, unread."""
    import os
    import resource

    path = tmp_path / "huge.json"
    with open(path, "wb") as f:
        f.truncate(200 * 1024 * 1024)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    code, out, err = run(capsys, "battle", "replay", str(path))
    _one_line_refusal(code, out, err, "larger than 4096 KB, too large for a battle journal")
    grown_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert grown_kb < 64 * 1024, grown_kb
    assert os.path.getsize(path) == 200 * 1024 * 1024


def test_dev_zero_refused(capsys):
    _one_line_refusal(*run(capsys, "battle", "replay", "/dev/zero"), "larger than 4096 KB")


def test_folder_refused(capsys, tmp_path):
    _one_line_refusal(*run(capsys, "battle", "replay", str(tmp_path)), "is a folder")
