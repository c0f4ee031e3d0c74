"""`geekout capture score` and `geekout capture catalog import` through the command's
entry point: the docs/design.md contract, every bad-input rule, nothing written on error."""

import json
from pathlib import Path

import pytest
from geekout.capture import catalog as cat
from geekout_tools.capture import catalog as imp
from geekout_tools.cli import main

DATA = Path(__file__).resolve().parent.parent / "data" / "capture"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, doc, name="score.json"):
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    return path


def one_player(*cards, name="red", **top):
    doc = {"arena": None, "solo": False, "players": [{"name": name, "geekmons": list(cards)}]}
    doc.update(top)
    return doc


def test_rulebook_example_red_95(capsys):
    # The rulebook's end-game example (C4, C6 lost, C7 Milemoon completes Zapstrum's line).
    code, out, err = run(capsys, "capture", "score", DATA / "rulebook_red95.json", "--json")
    assert code == 0, err
    result = json.loads(out)
    red = result["players"][0]
    assert red["total"] == 95
    assert red["geekmons"] == 12 and red["legendaries"] == 0
    pts = {c["name"]: c["points"] for c in red["cards"]}
    assert pts["Crawling"] == pts["Crawler"] == pts["Behecrawl"] == 10
    assert pts["Bombroci"] == 9
    assert pts["Broscoon"] == pts["Brostar"] == 7  # C6: incomplete, no starter bonus
    assert pts["Magihat"] == pts["Mermelody"] == pts["Malepillar"] == 4
    assert pts["Milemoon"] == 10
    assert result["winners"] == ["red"]
    assert sum(c["points"] for c in red["cards"]) == red["total"]


def test_design_example_contract(capsys):
    code, out, _ = run(capsys, "capture", "score", DATA / "design_example.json", "--json")
    assert code == 0
    result = json.loads(out)
    assert list(result) == ["players", "winners"]
    red = result["players"][0]
    assert list(red) == ["name", "total", "geekmons", "legendaries", "cards"]  # no rank: not solo
    assert [c["name"] for c in red["cards"]][:3] == ["Broscoon", "Brostar", "Bombroci"]
    assert all(list(c) == ["name", "points"] for c in red["cards"])
    # 14 (Broscoon line) + 9 + 14 (Zapstrum) + 9 (legendary) + 3 (Hyro) + 14 (Mouselet
    # and Sorcerat) = 63, and the Milemoon adds 16 in the best line (C7).
    assert red["total"] == 79 and red["legendaries"] == 1 and red["geekmons"] == 10


def test_solo_file_has_rank(capsys):
    code, out, _ = run(capsys, "capture", "score", DATA / "solo_arena.json", "--json")
    assert code == 0
    player = json.loads(out)["players"][0]
    assert player["rank"] == "Beginner Trainer Geekmon"  # C13: 150 or less
    assert player["total"] == 46
    assert json.loads(out)["winners"] == ["green"]


def test_text_output(capsys):
    code, out, _ = run(capsys, "capture", "score", DATA / "rulebook_red95.json")
    assert code == 0
    assert "red: 95 points" in out and "winner: red" in out


def test_winners_in_file_order_and_shared(tmp_path, capsys):
    doc = {"players": [{"name": "b", "geekmons": [{"name": "X"}]},
                       {"name": "a", "geekmons": [{"name": "Y"}]}]}
    code, out, _ = run(capsys, "capture", "score", write(tmp_path, doc), "--json")
    assert code == 0 and json.loads(out)["winners"] == ["b", "a"]  # C10: shared


BAD = [
    # (id, file content, words the one-line message must hold)
    ("more-originals-than-stages",
     one_player({"name": "A", "line": "l", "stages": 2}, {"name": "B", "line": "l", "stages": 2},
                {"name": "C", "line": "l", "stages": 2}),
     ["red", "C", "more than its 2 stages"]),
    ("stages-disagree",
     one_player({"name": "A", "line": "l", "stages": 2}, {"name": "B", "line": "l", "stages": 3}),
     ["red", "B", "2-stage", "3-stage"]),
    ("missing-name", one_player({"stages": 1}), ["red", "card 1", "missing name"]),
    ("empty-name", one_player({"name": "  "}), ["red", "missing name"]),
    ("lineless-multistage", one_player({"name": "Zapstrum", "stages": 3}),
     ["red", "Zapstrum", "needs a line"]),
    ("unknown-type", one_player({"name": "Zap", "types": ["electric"]}),
     ["red", "Zap", "electric"]),
    ("unknown-stages", one_player({"name": "Zap", "stages": 5}), ["red", "Zap", "stages"]),
    ("stages-not-int", one_player({"name": "Zap", "stages": "3", "line": "z"}),
     ["red", "Zap", "stages"]),
    ("unknown-branch", one_player({"name": "Sorcerat", "line": "m", "branch": "left"}),
     ["red", "Sorcerat", "branch"]),
    ("bool-not-json-bool", one_player({"name": "Bombroci", "luminous": 1}),
     ["red", "Bombroci", "luminous"]),
    ("unknown-field", one_player({"name": "Bombroci", "luminus": True}),
     ["red", "Bombroci", "luminus"]),
    ("unknown-arena", one_player({"name": "X"}, arena="space"), ["arena", "space"]),
    ("types-not-list", one_player({"name": "X", "types": "fire"}), ["red", "X", "types"]),
    ("two-starters",
     one_player({"name": "A", "line": "a", "stages": 2, "starter": True},
                {"name": "B", "line": "b", "stages": 2, "starter": True}),
     ["red", "B", "starter"]),
    ("two-mouselets",
     one_player({"name": "Mouselet", "line": "m", "mouselet": True},
                {"name": "Mouselet", "line": "m", "mouselet": True}),
     ["red", "card 2", "Mouselet"]),
    ("branch-over-full",
     one_player({"name": "S", "line": "m", "branch": "male"}, {"name": "E", "line": "m", "branch": "male"},
                {"name": "F", "line": "m", "branch": "male"}),
     ["red", "F", "male branch"]),
    ("milemoon-with-line", one_player({"name": "Milemoon", "milemoon": True, "line": "z"}),
     ["red", "Milemoon", "Milemoon"]),
    ("solo-two-players",
     {"solo": True, "players": [{"name": "a", "geekmons": []}, {"name": "b", "geekmons": []}]},
     ["solo", "one player"]),
    ("player-without-name", {"players": [{"geekmons": []}]}, ["player 1", "name"]),
    ("duplicate-player", {"players": [{"name": "a", "geekmons": []}, {"name": "a", "geekmons": []}]},
     ["'a'", "two players"]),
    ("no-players", {"arena": None}, ["players"]),
    ("not-an-object", [1, 2], ["object"]),
    ("malformed-json", '{"players": [', ["malformed JSON", "line 1"]),
]


@pytest.mark.parametrize("doc, words", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_score_file(tmp_path, capsys, doc, words):
    code, out, err = run(capsys, "capture", "score", write(tmp_path, doc), "--json")
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    for w in words:
        assert w in err, (w, err)


def test_missing_file(tmp_path, capsys):
    code, out, err = run(capsys, "capture", "score", tmp_path / "nope.json")
    assert code == 2 and out == "" and "cannot read" in err


def test_score_with_catalog_fills_line_structure(tmp_path, capsys):
    # Only names: the shipped catalog knows Zapstrum's and Thunderslash's 3-stage line.
    doc = one_player({"name": "Zapstrum"}, {"name": "thunderslash"}, {"name": "Milemoon"},
                     {"name": "Nobody-known"})
    path = write(tmp_path, doc)
    code, out, _ = run(capsys, "capture", "score", path, "--catalog", "--json")
    assert code == 0
    pts = [c["points"] for c in json.loads(out)["players"][0]["cards"]]
    assert pts == [10, 10, 10, 6]  # the unknown card scores from its own fields (1-stage)
    code, out, _ = run(capsys, "capture", "score", path, "--json")  # no catalog: the file alone
    assert [c["points"] for c in json.loads(out)["players"][0]["cards"]] == [6, 6, 6, 6]


# -- catalog import ---------------------------------------------------------------------
def test_import_writes_normalised_data(tmp_path, capsys):
    out_file = tmp_path / "cat.csv"
    code, out, err = run(capsys, "capture", "catalog", "import", DATA / "catalog_ok.csv",
                         "--out", out_file, "--json")
    assert code == 0, err
    assert json.loads(out)["cards"] == 6
    text = out_file.read_text()
    assert text.splitlines()[0] == ",".join(cat.COLUMNS)
    assert "045,Voltariff,044-045-046,3,,," in text
    assert ",Magihat,,,magnetic/mystical,," in text
    with open(out_file) as f:
        cards = cat.read_catalog(f)
    assert cat.find(cards, "snabul")[cat.WEAKNESS] == 4  # magnetic


def test_shipped_catalog_is_the_rulebook_cards():
    with open(imp.DEFAULT_OUT) as f:
        cards = cat.read_catalog(f)
    names = {c[cat.NAME] for c in cards}
    assert {"Broscoon", "Brostache", "Brostar", "Zapstrum", "Voltariff", "Thunderslash",
            "Crawling", "Crawler", "Behecrawl", "Bombroci", "Milemoon", "Hyro", "Mouselet",
            "Sorcerat", "Enchantail", "Faecharm", "Blazesprite", "Magihat", "Snabul",
            "Clownit", "Munchkey", "Munchkong", "Flygician", "Teencoot", "Maskcoot",
            "Mermelody", "Malepillar"} == names
    # Fields the rulebook does not give stay empty: it never states Clownit's stages.
    clownit = cat.find(cards, "Clownit")
    assert clownit[cat.STAGES] == 0 and clownit[cat.TYPES] == 0 and clownit[cat.NUMBER] == 0
    assert cat.find(cards, "Broscoon")[cat.TYPES] == 1  # fire, from the type advantage example
    # The importer reproduces the shipped file byte for byte from itself.
    assert imp.render(cards) == imp.DEFAULT_OUT.read_text()


BAD_CSV = [
    ("bad-type", "name,number,line,stages,types,weakness,specials\nZap,044,,,electric,,\n",
     "row 2, field types"),
    ("bad-number", "name,number,line,stages,types,weakness,specials\nA,,,,,,\nZap,4x4,,,,,\n",
     "row 3, field number"),
    ("bad-stages", "name,number,line,stages,types,weakness,specials\nZap,,z,5,,,\n",
     "row 2, field stages"),
    ("missing-name", "name,number,line,stages,types,weakness,specials\n,044,,,,,\n",
     "row 2, field name"),
    ("no-line", "name,number,line,stages,types,weakness,specials\nZap,044,,3,,,\n",
     "row 2, field line"),
    ("bad-weakness", "name,number,line,stages,types,weakness,specials\nZap,,,,,air,\n",
     "row 2, field weakness"),
    ("bad-special", "name,number,line,stages,types,weakness,specials\nZap,,,,,,shiny\n",
     "row 2, field specials"),
    ("three-types", "name,number,line,stages,types,weakness,specials\nZap,,,,fire/water/plant,,\n",
     "row 2, field types"),
    ("duplicate-name", "name,number,line,stages,types,weakness,specials\nZap,,,,,,\nzap,,,,,,\n",
     "row 3, field name"),
    ("duplicate-number", "name,number,line,stages,types,weakness,specials\nA,1,,,,,\nB,001,,,,,\n",
     "row 3, field number"),
    ("line-over-full",
     "name,number,line,stages,types,weakness,specials\nA,,l,2,,,\nB,,l,2,,,\nC,,l,2,,,\n",
     "row 4, field line"),
    ("line-stages-disagree", "name,number,line,stages,types,weakness,specials\nA,,l,2,,,\nB,,l,3,,,\n",
     "row 3, field stages"),
    ("missing-column", "name,number,line,stages,types,weakness\nA,,,,,\n", "row 1, field specials"),
    ("unknown-column", "name,number,line,stages,types,weakness,specials,colour\n", "row 1, field 'colour'"),
    ("short-row", "name,number,line,stages,types,weakness,specials\nA,1\n", "row 2"),
    ("comma-in-name", 'name,number,line,stages,types,weakness,specials\n"A,B",,,,,,\n',
     "row 2, field name"),
    ("empty", "", "row 1"),
]


@pytest.mark.parametrize("text, words", [b[1:] for b in BAD_CSV], ids=[b[0] for b in BAD_CSV])
def test_import_bad_rows_write_nothing(tmp_path, capsys, text, words):
    src = tmp_path / "in.csv"
    src.write_text(text)
    out_file = tmp_path / "cat.csv"
    out_file.write_text("old contents\n")
    code, out, err = run(capsys, "capture", "catalog", "import", src, "--out", out_file)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and words in err, err
    assert out_file.read_text() == "old contents\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cat.csv", "in.csv"]


def test_import_hyro_line_may_list_many_forms(tmp_path, capsys):
    # C8: Hyro evolves into several forms; the catalog may list more than 4 of its line.
    rows = "".join("Hyro form {},,hyro,4,,,\n".format(i) for i in range(5))
    src = tmp_path / "in.csv"
    src.write_text("name,number,line,stages,types,weakness,specials\nHyro,,hyro,4,,,hyro\n" + rows)
    code, _, err = run(capsys, "capture", "catalog", "import", src, "--out", tmp_path / "o.csv")
    assert code == 0, err
    src.write_text("name,number,line,stages,types,weakness,specials\nHyro,,hyro,2,,,hyro\n")
    code, _, err = run(capsys, "capture", "catalog", "import", src, "--out", tmp_path / "o.csv")
    assert code == 2 and "row 2, field stages" in err


@pytest.mark.micropython
def test_device_reads_the_catalog_under_micropython():
    from mpy_harness import run_micropython

    code = ("from geekout.capture import catalog as cat\n"
            "cards = cat.read_catalog(open({!r}))\n"
            "z = cat.find(cards, 'ZAPSTRUM')\n"
            "print(len(cards), z[cat.NUMBER], z[cat.LINE], z[cat.STAGES], "
            "cat.find(cards, 'Snabul')[cat.WEAKNESS])").format(str(imp.DEFAULT_OUT))
    res = run_micropython(code=code)
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["27", "44", "044-045-046", "3", "4"]
