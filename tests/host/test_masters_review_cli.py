"""`geekout masters review PATH` (docs/masters.md; contract in docs/design.md): a journal,
a pulled logs folder or a gadget flash folder; text, --json, --plot; a damaged journal
reviewed as far as it reads (exit 1, one note a journal), bad input one line, exit 2,
nothing written. The chance to win (--win) is in the slow tier: it needs the solved
two-player game (minutes when its cache is cold)."""

import json
import shutil

import pytest
from geekout import journal as jn
from geekout.hal.storage import Storage
from geekout.masters import consts as mc
from geekout_tools.cli import main
from geekout_tools.masters import review_games as rg
from mpy_harness import ROOT

JOURNALS = ROOT / "tests" / "data" / "journals"
PNG = b"\x89PNG\r\n\x1a\n"


def run(capsys, *argv):
    code = main(["masters", "review"] + [str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_contract(capsys):
    code, out, err = run(capsys, JOURNALS / "masters-virtual-2p-undo.goj", "--json")
    assert (code, err) == (0, "")
    doc = json.loads(out)
    (game,) = doc["games"]
    assert game["mode"] == "virtual" and game["seats"] == 2 and game["complete"]
    assert game["totals"] == [22, 16]  # what the gadget showed (make_journals.py's .json)
    for p in game["players"]:
        assert {"seat", "turns", "decisions", "points_lost", "luck"} <= set(p)
    assert [p["seat"] for p in game["players"]] == [1, 2]
    assert len(game["turns"]) == 10
    for t in game["turns"]:
        assert {"seat", "score", "start_value", "luck", "points_lost", "reviewed",
                "decisions"} <= set(t)
        assert t["reviewed"] is True
        assert abs(t["start_value"] + t["luck"] - t["points_lost"] - t["score"]) < 1e-9
        for d in t["decisions"]:
            assert {"points_lost", "chosen", "best"} <= set(d)
    assert sum(p["points_lost"] for p in game["players"]) == pytest.approx(
        sum(t["points_lost"] for t in game["turns"]))
    assert "win" not in game["turns"][0] and game["win"] is False


def test_text_review(capsys):
    code, out, err = run(capsys, JOURNALS / "masters-virtual-2p-undo.goj")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].endswith("masters-virtual-2p-undo.goj: Masters, virtual dice, 2 players, "
                             "finished: red 22, green 16; red wins")
    assert "V* = 19.06 expected points" in lines[1]
    head = next(i for i, line in enumerate(lines) if line.startswith("player"))
    assert lines[head + 1].split()[0] == "red" and lines[head + 2].split()[0] == "green"
    assert lines[head + 1].split()[-1] == "22" and lines[head + 2].split()[-1] == "16"
    assert "red's costliest decisions:" in lines and "green's costliest decisions:" in lines
    assert "A blunder loses more than 1 point" in out
    took = [line for line in lines if line.strip().startswith("took ")]
    assert len(took) == 10  # five a player
    assert "took PASS, better CONTINUE: 15.27 points lost" in out  # red's last pass
    assert "pass or continue; inactive 0, used 7, scored 3 (6 banked)" in out
    assert "2 players: --win adds the chance to win" in out
    turns = lines[lines.index("Turn by turn (points = V* + luck - lost):") + 1:]
    assert len(turns) == 10 and turns[0].split()[:3] == ["1", "R1", "green"]


def test_table_dice_turns_are_counted_and_said(capsys):
    code, out, _ = run(capsys, JOURNALS / "masters-table-4p-undo.goj")
    assert code == 0
    assert "20 turns entered as totals with table dice: not reviewed" in out
    assert out.count("(table dice: not reviewed)") == 20
    code, out, _ = run(capsys, JOURNALS / "masters-table-4p-undo.goj", "--json")
    (game,) = json.loads(out)["games"]
    assert game["unreviewed_turns"] == 20 and game["reviewed_turns"] == 0
    assert all(t["reviewed"] is False and t["luck"] is None for t in game["turns"])


def test_auto_dice_say_the_gadgets_steps(capsys):
    code, out, _ = run(capsys, JOURNALS / "masters-auto-4p-undo.goj")
    assert code == 0
    assert "Auto dice: the gadget resolved every roll" in out
    assert "(gadget)" in out


def test_a_game_in_play(capsys):
    code, out, _ = run(capsys, JOURNALS / "masters-virtual-3p-unfinished.goj")
    assert code == 0
    assert "in play (4 turns finished)" in out.splitlines()[0]
    assert "Turn 5 (blue) is still in play" in out
    code, out, _ = run(capsys, JOURNALS / "masters-virtual-3p-unfinished.goj", "--json")
    (game,) = json.loads(out)["games"]
    assert [t["finished"] for t in game["turns"]] == [True] * 4 + [False]
    assert game["turns"][-1]["score"] is None
    assert sum(p["turns"] for p in game["players"]) == 4


# -- damage ----------------------------------------------------------------------------------
def test_a_damaged_journal_is_reviewed_up_to_its_damage(capsys, tmp_path):
    data = (JOURNALS / "masters-virtual-4p-undo.goj").read_bytes()
    f = tmp_path / "cut.goj"
    f.write_bytes(data[:len(data) // 2])
    code, out, err = run(capsys, f, "--json")
    assert code == 1
    assert err.count("\n") == 1 and err.startswith("note: {}: damaged journal (".format(f))
    (game,) = json.loads(out)["games"]
    assert not game["complete"] and game["damage"].startswith("record at byte")
    whole = json.loads(run(capsys, JOURNALS / "masters-virtual-4p-undo.goj", "--json")[1])
    done = [t for t in game["turns"] if t["finished"]]
    assert 0 < len(done) < 20 and done == whole["games"][0]["turns"][:len(done)]
    code, out, err2 = run(capsys, f)
    assert code == 1 and err2 == err
    assert "Reviewed as far as the journal reads: record at byte" in out.splitlines()[1]


# -- folders -----------------------------------------------------------------------------------
def pulled_folder(tmp_path):
    """What `geekout logs pull` leaves (logs/pull.py): finished games NNNN.goj, the
    running game, a set-aside save in bad/, a journal of another game."""
    d = tmp_path / "gadget-logs"
    (d / "bad").mkdir(parents=True)
    shutil.copy(JOURNALS / "masters-virtual-2p-undo.goj", d / "0001.goj")
    shutil.copy(JOURNALS / "masters-table-2p-undo.goj", d / "0002.goj")
    shutil.copy(JOURNALS / "capture-arena-4p.goj", d / "0003.goj")
    shutil.copy(JOURNALS / "masters-virtual-3p-unfinished.goj", d / "running-game.goj")
    shutil.copy(JOURNALS / "masters-auto-2p-undo.goj", d / "bad" / "0001.goj")
    (d / "notes.txt").write_text("not a journal")
    return d


def test_a_pulled_logs_folder(capsys, tmp_path):
    d = pulled_folder(tmp_path)
    code, out, err = run(capsys, d, "--json")
    assert (code, err) == (0, "")
    doc = json.loads(out)
    files = [g["file"] for g in doc["games"]]
    assert files == [str(d / "0001.goj"), str(d / "0002.goj"), str(d / "running-game.goj"),
                     str(d / "bad" / "0001.goj")]
    assert [g["mode"] for g in doc["games"]] == ["virtual", "table", "virtual", "auto"]
    assert doc["other_games"] == 1 and doc["unreadable"] == 0
    code, out, _ = run(capsys, d)
    assert code == 0 and out.count(": Masters, ") == 4
    assert "(1 journal of other games not reviewed)" in out


def test_a_folder_with_an_unreadable_journal_reviews_the_rest(capsys, tmp_path):
    d = pulled_folder(tmp_path)
    (d / "0004.goj").write_bytes(b"GOJ\x03garbage")
    code, out, err = run(capsys, d, "--json")
    assert code == 1
    assert err.count("\n") == 1 and "0004.goj: damaged journal" in err and "not reviewed" in err
    doc = json.loads(out)
    assert len(doc["games"]) == 4 and doc["unreadable"] == 1


def flash_folder(tmp_path, cut_part=None):
    """A gadget's flash (the simulator's --flash folder): a finished game filed away in
    logs/ by the gadget's own journal code, and a running game in parts."""
    root = tmp_path / "flash"
    st = Storage(str(root))
    st.write("settings.json", b"{}")
    rg.save(st, rg.play(2, ["reach-4"], 1), 2).archive()
    running = rg.play(3, ["random", "optimal", "reach-6"], 2)
    rg.save(st, running, 3)
    parts = jn.present_parts(st, "game.goj")
    assert len(parts) >= 3
    if cut_part is not None:
        st.remove(jn.part_name("game.goj", parts[cut_part]))
    return root, running


def test_a_gadget_flash_folder(capsys, tmp_path):
    root, running = flash_folder(tmp_path)
    code, out, err = run(capsys, root, "--json")
    assert (code, err) == (0, "")
    doc = json.loads(out)
    assert [g["file"] for g in doc["games"]] == [str(root / "logs" / "0001.goj"),
                                                 str(root / "game.goj")]
    assert all(g["finished"] and g["complete"] for g in doc["games"])
    assert [g["seats"] for g in doc["games"]] == [2, 3]


def test_a_flash_folder_with_a_part_lost(capsys, tmp_path):
    """A part of the running game lost: its parts are read up to the gap, as the gadget
    reads them (journal.read_run), the game reviewed that far, and said."""
    root, _ = flash_folder(tmp_path, cut_part=2)
    code, out, err = run(capsys, root, "--json")
    assert code == 1
    assert err.count("\n") == 1
    assert err.startswith("note: {}: damaged journal (part 2 missing)".format(root / "game.goj"))
    games = json.loads(out)["games"]
    assert games[0]["complete"] and not games[1]["complete"]
    assert not games[1]["finished"] and 0 < len(games[1]["turns"]) < 15


# -- the figure ----------------------------------------------------------------------------------
def test_plot_writes_a_png(capsys, tmp_path):
    f = tmp_path / "review.png"
    code, out, err = run(capsys, JOURNALS / "masters-virtual-4p-undo.goj", "--plot", f)
    assert (code, err) == (0, "")
    assert f.read_bytes()[:8] == PNG and f.stat().st_size > 20000
    assert out.splitlines()[-1] == "figure: {}".format(f)


# -- bad input -------------------------------------------------------------------------------------
@pytest.mark.parametrize("argv,says", [
    (["{tmp}/nothing.goj"], "cannot read"),
    ([JOURNALS / "capture-arena-4p.goj"], "a journal of 'capture', not of Masters"),
    ([JOURNALS / "masters-virtual-2p-undo.json"], "not a gadget journal"),
    ([JOURNALS / "masters-virtual-4p-undo.goj", "--win"], "is a 4-player game"),
    ([JOURNALS, "--plot", "{tmp}/r.png"], "--plot draws one game"),
    ([JOURNALS / "masters-virtual-4p-undo.goj", "--plot", "{tmp}/no/r.png"], "does not exist"),
    ([JOURNALS / "masters-virtual-4p-undo.goj", "--plot", "{tmp}"], "is a folder"),
    (["{tmp}"], "no journals (.goj)"),
])
def test_bad_input_is_one_line_exit_2(capsys, tmp_path, argv, says):
    argv = [str(a).replace("{tmp}", str(tmp_path)) for a in argv]
    before = sorted(tmp_path.rglob("*"))
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("geekout: error: ") and says in err, err
    assert sorted(tmp_path.rglob("*")) == before  # nothing written


def test_plot_through_a_link_is_refused_before_any_work(capsys, tmp_path):
    target = tmp_path / "target.png"
    target.write_bytes(b"keep")
    (tmp_path / "link.png").symlink_to(target)
    code, _, err = run(capsys, JOURNALS / "masters-virtual-4p-undo.goj", "--plot",
                       tmp_path / "link.png")
    assert code == 2 and "symbolic link" in err
    assert target.read_bytes() == b"keep"


# -- the chance to win (the solved two-player game) ------------------------------------------------
@pytest.mark.slow
def test_win_chance_adds_up_turn_by_turn(capsys, tmp_path, win_game):
    """With --win each turn's chance to win goes from its start to its end by the luck
    of its rolls less what its decisions lost; the turn's start is the solved game's
    table (T_t(lead)), its end the next turn's start seen from the other side, and the
    last turn ends at the game's result (M8: 1, 1/2 or 0)."""
    f = tmp_path / "game.goj"
    f.write_bytes(rg.journal(rg.play(2, ["random", "reach-4"], 4), 2))
    png = tmp_path / "win.png"
    code, out, err = run(capsys, f, "--win", "--json", "--plot", png)
    assert (code, err) == (0, "")
    assert png.read_bytes()[:8] == PNG
    (game,) = json.loads(out)["games"]
    assert game["win"] is True
    totals, first = [0, 0], game["turns"][0]["seat"] - 1
    for k, t in enumerate(game["turns"]):
        w = t["win"]
        assert abs(w["start"] + w["luck"] - w["lost"] - w["end"]) < 1e-9
        seat = t["seat"] - 1
        lead = totals[seat] - totals[1 - seat]
        tt = 2 * (t["round"] - 1) + (seat != first)
        assert abs(w["start"] - win_game.at(tt, lead)) < 1e-9
        assert all(d["win_lost"] >= 0 for d in t["decisions"])
        totals[seat] += t["score"]
        if k + 1 < len(game["turns"]):
            nxt = game["turns"][k + 1]["win"]["start"]
            assert abs(w["end"] - (1 - nxt)) < 1e-9
    last = game["turns"][-1]
    mover = last["seat"] - 1
    result = 1.0 if totals[mover] > totals[1 - mover] else 0.5 if totals[0] == totals[1] else 0.0
    assert abs(last["win"]["end"] - result) < 1e-12
    for p in game["players"]:
        assert p["win_lost"] >= 0 and len(p["win_costliest"]) <= 5
    code, text, _ = run(capsys, f, "--win")
    assert "win lost" in text and "of the game" in text and "win " in text


@pytest.mark.slow
def test_win_values_are_the_solved_games(capsys, tmp_path, win_game):
    """Each decision's win values are winsolve.turn_solution's for that turn and lead."""
    from geekout_tools.masters import winsolve as ws

    f = tmp_path / "game.goj"
    f.write_bytes(rg.journal(rg.play(2, ["random"], 9), 2))
    code, out, _ = run(capsys, f, "--win", "--json")
    (game,) = json.loads(out)["games"]
    totals, first = [0, 0], game["turns"][0]["seat"] - 1
    for t in game["turns"][:4]:
        seat = t["seat"] - 1
        tt = 2 * (t["round"] - 1) + (seat != first)
        lead = totals[seat] - totals[1 - seat]
        sol = ws.turn_solution(tt, lead, win_game)
        for d in t["decisions"]:
            pos = d["position"]
            args = (pos["active"], pos["inactive"], pos["used"], pos["scored"])
            assert abs(d["win_value"] - sol.value(*args)) < 1e-12
            if sum(pos["active"]):
                want = dict(sol.action_values(*args))[d["chosen_id"]]
            else:
                want = dict(zip((mc.PASS, mc.CONTINUE), sol.decide(*args[1:])))[d["chosen_id"]]
            assert d["win_chosen_value"] == want
        totals[seat] += t["score"]


@pytest.mark.slow
def test_the_example_in_the_docs_is_the_commands_output(capsys, tmp_path, win_game):
    """docs/masters.md, An example: the command's output as it is today (its figure
    written elsewhere: the last line names the file)."""
    doc = (ROOT / "docs" / "masters.md").read_text(encoding="utf-8")
    block = doc.split("<!-- review-example:start -->\n```\n")[1].split("```\n<!-- review-example:end")[0]
    command, shown = block.split("\n", 1)
    argv = command.split()[4:]
    assert argv[:2] == ["tests/data/journals/masters-virtual-2p-undo.goj", "--win"]
    png = tmp_path / "review.png"
    code, out, err = run(capsys, ROOT / argv[0], "--win", "--plot", png)
    assert (code, err) == (0, "")
    want = shown.splitlines()
    got = out.splitlines()
    assert got[0] == str(ROOT / argv[0]) + want[0][len(argv[0]):]
    assert got[1:-1] == want[1:-1]
    assert want[-1] == "figure: docs/img/masters-review.png" and png.read_bytes()[:8] == PNG
