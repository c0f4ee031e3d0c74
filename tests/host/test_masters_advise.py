"""`geekout masters advise` (contract in docs/design.md): value, advice in words, --need."""

import json

import pytest
from geekout_tools.cli import main
from geekout_tools.masters import solver as sv


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def advise_json(capsys, *argv):
    code, out, err = run(capsys, "masters", "advise", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_contract_and_spaceship_on_dragon(capsys):
    r = advise_json(capsys, "--active", "spaceship,Dragon,42,42", "--used", "3", "--scored", "3")
    assert set(r) == {"value", "advice"}
    assert r["advice"][0]["action"] == "SPACESHIP removes the DRAGON"
    assert r["advice"][0]["value"] == r["value"] >= 15
    assert [a["action"] for a in r["advice"]] == ["SPACESHIP removes the DRAGON",
                                                  "SPACESHIP removes the 42"]
    assert r["advice"][1]["value"] == 0.0  # M4: the DRAGON stays, bust


def test_every_alternative_valued_best_first(capsys):
    r = advise_json(capsys, "--active", "42,42,DRAGON,MEEPLE", "--inactive", "3",
                    "--used", "2", "--scored", "1")
    vals = [a["value"] for a in r["advice"]]
    assert vals == sorted(vals, reverse=True) and r["value"] == vals[0]
    assert {a["action"] for a in r["advice"]} == {
        "MEEPLE rerolls the 42", "MEEPLE rerolls the DRAGON"}
    sol = sv.solve()
    assert r["value"] == sol.value([2, 0, 1, 0, 0, 1], 3, 2, 1)


def test_pass_or_continue_in_words(capsys):
    code, out, _ = run(capsys, "masters", "advise", "--inactive", "1", "--used", "3",
                       "--scored", "6")
    assert code == 0
    assert "PASS: 21 points banked vs 20.24 expected by continuing" in out
    r = advise_json(capsys, "--inactive", "1", "--used", "3", "--scored", "6")
    assert [a["action"] for a in r["advice"]] == ["PASS", "CONTINUE"]
    assert r["value"] == 21.0


def test_only_42s_and_nothing_used_is_a_forced_pass(capsys):
    r = advise_json(capsys, "--active", "42,42", "--inactive", "3", "--scored", "5")
    assert r == {"value": 28.0, "advice": [{"action": "PASS", "id": 16, "value": 28.0}]}


def test_lone_dragon_is_a_bust(capsys):
    r = advise_json(capsys, "--active", "dragon", "--inactive", "3", "--used", "6")
    assert r == {"value": 0.0, "advice": []}


def test_need_mode(capsys):
    r = advise_json(capsys, "--inactive", "1", "--used", "3", "--scored", "6", "--need", "30")
    assert set(r) == {"probability", "advice"}
    assert r["advice"][0]["action"] == "CONTINUE"  # 21 banked does not reach 30
    assert 0 < r["probability"] < 1
    low = advise_json(capsys, "--inactive", "1", "--used", "3", "--scored", "6", "--need", "21")
    assert low["probability"] == 1.0 and low["advice"][0]["action"] == "PASS"
    # monotone in N for one position
    ps = [advise_json(capsys, "--active", "meeple,heart,42", "--inactive", "3", "--used", "4",
                      "--need", str(n))["probability"] for n in range(1, 56, 6)]
    assert all(a >= b for a, b in zip(ps, ps[1:]))


@pytest.mark.parametrize("argv, word", [
    (["--active", "42,42", "--used", "3"], "10"),
    (["--active", "42,unicorn", "--used", "8"], "unicorn"),
    (["--used", "-1", "--inactive", "11"], "negative"),
    (["--used", "ten"], "ten"),
    (["--used", "10", "--need", "56"], "need"),
    (["--used", "10", "--need", "0"], "need"),
])
def test_bad_input(capsys, argv, word):
    code, out, err = run(capsys, "masters", "advise", *argv, "--json")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and word in err
