"""`geekout logs export|replay|pull` on journals written by the gadget's own journal code."""

import csv
import io
import json
import random
import sys

import pytest
from mpy_harness import FAKES, ROOT

sys.path.insert(0, str(FAKES))
from flash import FakeFlash  # noqa: E402  (the gadget's fake flash, in tests/fakes)
from geekout import journal as jn  # noqa: E402
from geekout.masters import rules as m  # noqa: E402
from geekout_tools.cli import main  # noqa: E402


def journal_parts(game, config, chunks):
    """The files the gadget keeps for a game: {name: bytes} (game.goj and its parts)."""
    j = jn.Journal(FakeFlash())
    j.start(game, config)
    for c in chunks:
        j.append(c)
    return {k: bytes(v) for k, v in j.storage.files.items()}


def journal_bytes(game, config, chunks):
    return bytes(jn.read_parts(FakeFlash(journal_parts(game, config, chunks)), "game.goj"))


def virtual_steps(players, seed):
    """A full virtual-dice game: (its state, the journal's steps: a decision with the
    dice it rolled each)."""
    rng = random.Random(seed)
    s = m.new_initial_state(players)
    chunks = []
    while not s.is_terminal():
        n0 = len(s.journal)
        if not s.is_chance():
            s.apply_action(rng.choice(s.legal_actions()))
        m.play_chance(s, rng.randrange)
        chunks.append(bytes(s.journal[n0:]))
    return s, chunks


def virtual_game(players, seed):
    """A full virtual-dice game as the gadget journals it: one record per decision."""
    s, chunks = virtual_steps(players, seed)
    return s, journal_bytes("masters", bytes((0, players)), chunks)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_export_csv_of_a_virtual_game(tmp_path, capsys):
    state, data = virtual_game(3, seed=5)
    f = tmp_path / "g.goj"
    f.write_bytes(data)
    code, out, _ = run(capsys, "logs", "export", str(f), "--csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 15  # 3 players x 5 rounds (M8)
    assert [int(r["points"]) for r in rows] == [t[1] for t in state.turns]
    for seat in range(3):
        last = [r for r in rows if int(r["seat"]) == seat + 1][-1]
        assert int(last["total"]) == state.totals[seat]


def test_export_json_of_a_table_game(tmp_path, capsys):
    # First seat 1 of 2; turns: 4 scored (10), bust, 2 scored (3), then 7 more turns.
    entries = bytes([1, 4, 11, 2]) + bytes([0] * 7)
    f = tmp_path / "t.goj"
    f.write_bytes(journal_bytes("masters", bytes((1, 2)), [entries]))
    code, out, _ = run(capsys, "logs", "export", str(f), "--json")
    assert code == 0
    game = json.loads(out)["games"][0]
    assert game["mode"] == "table" and game["finished"] and game["totals"] == [0, 13]
    assert [r["seat"] for r in game["rows"][:3]] == [2, 1, 2]
    assert game["rows"][1]["result"] == "bust"
    assert game["winners"] == [2]


def record_starts(data):
    """The byte offset of each record of a journal (after the 4-byte GOJ + version)."""
    starts, pos = [], 4
    while pos < len(data):
        starts.append(pos)
        pos += data[pos] + 4
    return starts


def test_replay_reads_a_cut_journal_up_to_the_damage(tmp_path, capsys):
    _, data = virtual_game(2, seed=1)
    f = tmp_path / "cut.goj"
    f.write_bytes(data[:-1])
    last = record_starts(data)[-1]
    code, out, err = run(capsys, "logs", "replay", str(f), "--json")
    assert code == 1  # read only up to the damage (logs replay --help)
    summary = json.loads(out)  # the note is on stderr: stdout is one JSON object
    assert summary["damage"] == "record at byte {} runs past the end of the file".format(last)
    assert summary["finished"] is False
    assert err == "note: {}: damaged journal (record at byte {} runs past the end of the file);" \
        " read up to byte {}\n".format(f, last, last)
    assert f.read_bytes() == data[:-1]  # the file itself is left alone


@pytest.mark.parametrize("make, words", [
    (lambda d: b"hello world", "not a gadget journal"),
    (lambda d: d[:4] + b"\x00" + d[5:], "damaged journal"),
    (lambda d: b"GOJ\x09" + d[4:], "version 9"),
    (lambda d: journal_bytes("chess", b"", [b"\x01"]), "'chess'"),
    (lambda d: journal_bytes("masters", bytes((3, 1)), [b"\x00"]), "config"),
])
def test_bad_journals_exit_2_with_one_line(tmp_path, capsys, make, words):
    _, good = virtual_game(1, seed=2)
    f = tmp_path / "bad.goj"
    f.write_bytes(make(good))
    before = f.read_bytes()
    code, out, err = run(capsys, "logs", "replay", str(f))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err
    assert f.read_bytes() == before


def test_export_never_overwrites(tmp_path, capsys):
    _, data = virtual_game(1, seed=3)
    f = tmp_path / "g.goj"
    f.write_bytes(data)
    out = tmp_path / "turns.csv"
    out.write_text("keep me")
    code, _, err = run(capsys, "logs", "export", str(f), "--out", str(out))
    assert code == 2 and "exists" in err
    assert out.read_text() == "keep me"


def test_missing_file(capsys):
    code, _, err = run(capsys, "logs", "replay", "/nonexistent/x.goj")
    assert code == 2 and "cannot read" in err


@pytest.mark.micropython
def test_pull_from_a_board(pico, tmp_path, capsys):
    link, root = pico
    (root / "logs").mkdir()
    _, finished = virtual_game(2, seed=8)
    _, running = virtual_game(1, seed=9)
    (root / "logs" / "0001.goj").write_bytes(finished)
    (root / "game.goj").write_bytes(running[:-3])  # a game in play, its last record cut
    dest = tmp_path / "pulled"
    (dest).mkdir()
    (dest / "0001.goj").write_bytes(b"an older, different file")
    assert main(["logs", "pull", "--port", str(link), "--dest", str(dest)]) == 0
    out, err = capsys.readouterr()
    assert (dest / "0001.goj").read_bytes() == b"an older, different file"  # kept
    assert (dest / "0001-2.goj").read_bytes() == finished
    assert (dest / "running-game.goj").read_bytes() == running[:-3]
    running_last = record_starts(running)[-1]
    assert "game.goj -> {} (masters game, ".format(dest / "running-game.goj") in out
    assert " actions up to byte {})".format(running_last) in out
    assert err == ("note: game.goj: damaged journal (record at byte {0} runs past the end of the"
                   " file); read up to byte {0}; copied as it is to {1}\n").format(
        running_last, dest / "running-game.goj")
    assert main(["logs", "pull", "--port", str(link), "--dest", str(dest), "--delete"]) == 0
    out = capsys.readouterr().out
    assert "already pulled" in out and "removed 1 finished game" in out
    assert not (root / "logs" / "0001.goj").exists() and (root / "game.goj").exists()


@pytest.mark.micropython
def test_pull_joins_the_parts_of_the_running_game(pico, tmp_path, capsys):
    link, root = pico
    s, chunks = virtual_steps(3, seed=4)
    files = journal_parts("masters", b"\x00\x03", chunks)
    assert len(files) > 3  # game.goj, game.goj.1, ...
    for name, data in files.items():
        (root / name).write_bytes(data)
    dest = tmp_path / "pulled"
    assert main(["logs", "pull", "--port", str(link), "--dest", str(dest)]) == 0
    out, err = capsys.readouterr()
    whole = b"".join(files[jn.part_name("game.goj", i)] for i in range(len(files)))
    assert sorted(p.name for p in dest.iterdir()) == ["running-game.goj"]
    assert (dest / "running-game.goj").read_bytes() == whole and err == ""
    assert "game.goj -> {} (masters game, {} actions)".format(
        dest / "running-game.goj", len(s.journal)) in out
    code, out, _ = run(capsys, "logs", "replay", str(dest / "running-game.goj"))
    assert code == 0 and "finished" in out
    assert "totals: " + " ".join(str(t) for t in s.totals) in out


def battle_journal(sample):
    """A gadget journal of the battle sample's events (as the gadget writes them)."""
    from geekout.battle import events as be
    from geekout_tools.battle import json_events as jsonev

    data = json.loads((ROOT / "tests" / "data" / "battle" / sample).read_text())
    events = [jsonev.from_json(e) for e in data["events"]]
    return data["players"], journal_bytes("battle", bytes((data["players"],)),
                                          [be.encode(e) for e in events]), len(events)


def test_export_and_replay_a_battle(tmp_path, capsys):
    players, data, count = battle_journal("destroyer.json")
    f = tmp_path / "b.goj"
    f.write_bytes(data)
    code, out, _ = run(capsys, "logs", "export", str(f), "--csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == count and rows[0]["game"] == "battle"
    assert rows[-1]["kills"].split()[0] == "3"  # B8 destroyer: three kills
    code, out, _ = run(capsys, "logs", "replay", str(f))
    assert code == 0 and "winner(s): player 0 (destroyer)" in out


def test_illegal_battle_journal_names_event_and_rule(tmp_path, capsys):
    _players, data, _count = battle_journal("second-drone.json")
    f = tmp_path / "bad.goj"
    f.write_bytes(data)
    code, out, err = run(capsys, "logs", "replay", str(f))
    assert code == 1 and "event 32: B4" in err and len(err.strip().splitlines()) == 1
    code, out, err = run(capsys, "logs", "export", str(f), "--csv")
    assert code == 1 and len(list(csv.DictReader(io.StringIO(out)))) == 32  # the events before it


def capture_journal(seed):
    """A whole 2-player Capture game played by random legal actions, one step each,
    journaled as the gadget does (geekout/capture/steps.py payload)."""
    from geekout.capture import consts as kc
    from geekout.capture import steps as cf

    config = cf.config_bytes(2, 0, False, 0, [(3, 0, 0, 0)] * 2)
    game = cf.Game(cf.Config(config))
    s = game.state
    rng = random.Random(seed)
    chunks = []
    while not s.is_terminal():
        legal = s.legal_actions()
        phase = s.phase_name()
        if phase == "check" and rng.random() < 0.5 and kc.RESOLVE in legal:
            a = kc.RESOLVE
        elif phase == "setup" and kc.GO in legal:
            a = kc.GO
        else:
            a = rng.choice(legal)
        game.apply_step([a])
        chunks.append(bytes(cf.encode([a])))
    return s, cf.Config(config), journal_bytes("capture", config, chunks)


def test_export_a_capture_game_by_round(tmp_path, capsys):
    state, cfg, data = capture_journal(seed=4)
    f = tmp_path / "c.goj"
    f.write_bytes(data)
    code, out, _ = run(capsys, "logs", "export", str(f), "--json")
    assert code == 0
    game = json.loads(out)["games"][0]
    assert game["finished"] and game["game"] == "capture"
    rounds = {r["round"] for r in game["rows"]}
    assert rounds == set(range(1, cfg.rounds() + 1))  # C1: rounds until the deck runs out
    for p in range(2):
        mine = [r for r in game["rows"] if r["seat"] == p + 1]
        assert sum(r["captured"] for r in mine) == len(state.collections[p]) - 1  # starter
        assert mine[-1]["collection"] == len(state.collections[p])
    assert sum(r["fled"] for r in game["rows"]) == 2 * state.fled  # counted on both rows


def test_bad_capture_journals(tmp_path, capsys):
    from geekout.capture import steps as cf

    config = cf.config_bytes(2, 0, False, 0, [(3, 0, 0, 0)] * 2)
    f = tmp_path / "c.goj"
    f.write_bytes(journal_bytes("capture", b"\x07", [b"\x01\x00"]))
    code, out, err = run(capsys, "logs", "replay", str(f))
    assert code == 2 and out == "" and "config" in err, err
    for data, words in [(journal_bytes("capture", config, [b"\x05\x00"]), "malformed"),
                        (journal_bytes("capture", config, [bytes(cf.encode([5000]))]), "refuse")]:
        f.write_bytes(data)
        code, out, err = run(capsys, "logs", "replay", str(f))
        assert code == 1 and out and "read up to step 0 (byte 0)" in err and words in err, err
