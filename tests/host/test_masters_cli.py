"""`geekout masters simulate` and `play` through the command's own entry point."""

import json

import pytest
from geekout_tools.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_json_contract(capsys):
    code, out, _ = run(capsys, "masters", "simulate", "--players", "3", "--games", "40",
                       "--seed", "7", "--strategies", "pass,reach-3,odds", "--json")
    assert code == 0
    result = json.loads(out)
    assert result["games"] == 40
    assert [s["strategy"] for s in result["seats"]] == ["pass", "reach-3", "odds"]
    assert sum(s["wins"] for s in result["seats"]) == pytest.approx(40)
    assert all(s["mean_score"] >= 0 for s in result["seats"])
    assert result["seconds"] >= 0


def test_simulate_seed_reproduces(capsys):
    args = ("masters", "simulate", "--players", "2", "--games", "30", "--seed", "11",
            "--strategies", "odds", "--json")
    _, first, _ = run(capsys, *args)
    _, second, _ = run(capsys, *args)
    a, b = json.loads(first), json.loads(second)
    assert a["seats"] == b["seats"]
    _, other, _ = run(capsys, *args[:-4], "12", "--strategies", "odds", "--json")
    assert json.loads(other)["seats"] != a["seats"]


def test_one_strategy_for_all_seats(capsys):
    _, out, _ = run(capsys, "masters", "simulate", "--players", "4", "--games", "5",
                    "--strategies", "reach-2", "--json")
    assert [s["strategy"] for s in json.loads(out)["seats"]] == ["reach-2"] * 4


@pytest.mark.parametrize("argv, word", [
    (["--players", "5"], "players"),
    (["--players", "two"], "two"),
    (["--games", "0"], "0"),
    (["--seed", "x"], "seed"),
    (["--strategies", "pass,odds,odds"], "strategies"),
    (["--strategies", "bogus"], "bogus"),
    (["--strategies", "reach-11"], "reach-11"),
])
def test_simulate_bad_input(capsys, argv, word):
    code, out, err = run(capsys, "masters", "simulate", *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and word in err


def test_unknown_command_exits_2(capsys):
    with pytest.raises(SystemExit) as e:
        main(["masters", "frobnicate"])
    assert e.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_text_play_undo_and_quit():
    from geekout_tools.masters.textplay import play

    answers = iter(["99", "u", "1", "u", "q"])
    lines = []
    assert play(1, seed=3, inp=lambda _p: next(answers), out=lines.append) == 0
    text = "\n".join(lines)
    assert "type a number from 1 to" in text
    assert "nothing to undo" in text
