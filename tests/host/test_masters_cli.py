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


def one_line_error(code, out, err, *words):
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("geekout: error: ")
    for w in words:
        assert w in err, err


@pytest.mark.parametrize("argv, words", [
    (["--players", "\u0663"], ["--players", "not a whole number"]),  # Arabic-Indic 3
    (["--players", "\u00b2"], ["--players"]),  # superscript 2
    (["--players", "0"], ["--players", "0 is not in 1..4"]),
    (["--games", "1" + "0" * 30], ["--games", "not in 1..1000000"]),
    (["--games", "1000001"], ["--games", "1000001 is not in 1..1000000"]),
    (["--games", "\u0665"], ["--games"]),
    (["--seed", "-1"], ["--seed", "0..4294967295"]),
    (["--seed", "4294967296"], ["--seed", "0..4294967295"]),
    (["--seed", "\u0663"], ["--seed"]),
    (["--strategies", "reach-\u0663"], ["reach-\u0663", "1 <= K <= 10"]),
    (["--strategies", "bogus\x1b[2J"], ["bogus\\x1b[2J"]),
])
def test_simulate_numbers_ascii_and_bounded(capsys, argv, words):
    one_line_error(*run(capsys, "masters", "simulate", *argv), *words)


def test_simulate_limits_in_help(capsys):
    with pytest.raises(SystemExit):
        main(["masters", "simulate", "--help"])
    out = capsys.readouterr().out
    assert "1-1,000,000" in out and "0-4294967295" in out


@pytest.mark.parametrize("argv, words", [
    (["--players", "\u0663"], ["--players"]),
    (["--players", "0"], ["--players"]),
    (["--seed", "\u00b2"], ["--seed"]),
])
def test_play_options_ascii(capsys, argv, words):
    one_line_error(*run(capsys, "masters", "play", *argv), *words)


@pytest.mark.parametrize("argv, words", [
    (["--used", "\u0663", "--inactive", "7"], ["--used", "whole number"]),
    (["--used", "10", "--need", "\u0665"], ["--need", "whole number"]),
    (["--used", "10", "--need", "9" * 40], ["--need", "from 1 to 55"]),
    (["--used", "9" * 40], ["--used"]),
])
def test_advise_numbers_ascii(capsys, argv, words):
    one_line_error(*run(capsys, "masters", "advise", *argv), *words)


@pytest.mark.parametrize("answer", ["\u00b2", "\u0663", "1\u00b2", "-1", "+1", " "])
def test_text_play_refuses_non_ascii_choice(answer):
    """"²" made int() raise (a crash) and "٣" chose the third step."""
    from geekout_tools.masters.textplay import play

    answers = iter([answer, "q"])
    lines = []
    assert play(1, seed=3, inp=lambda _p: next(answers), out=lines.append) == 0
    assert sum("type a number from 1 to" in x for x in lines) == 1
    assert not any("->" in x for x in lines)  # nothing was played


def test_text_play_command_on_bad_bytes():
    """The real command, its stdin not UTF-8 then "²": asked again, no traceback."""
    import subprocess
    import sys

    res = subprocess.run([sys.executable, "-m", "geekout_tools.cli", "masters", "play",
                          "--seed", "3"], input=b"\xff\xfe\n\xc2\xb2\nq\n",
                         capture_output=True, timeout=60)
    assert res.returncode == 0 and b"Traceback" not in res.stderr, res.stderr
    assert res.stdout.count(b"type a number from 1 to") == 2
