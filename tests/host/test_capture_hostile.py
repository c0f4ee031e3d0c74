"""`geekout capture catalog import` and `geekout capture score` on hostile input
(docs/limits.md): every bad input is one line on stderr and exit status 2, nothing written;
what an import writes is what the tools' reader and the gadget's read; the written file's
mode is the umask's or the replaced file's; a score file is held to what a game can give
before any scoring, and its text output is printable."""

import json
import os
import subprocess
import sys
import time

import pytest
from geekout.capture import cards as gcat
from geekout.capture import catalog as cat
from geekout_tools.capture import catalog as imp
from geekout_tools.cli import main

HEAD = "number,name,line,stages,types,weakness,specials\n"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line_refusal(code, out, err, *words):
    assert code == 2, err
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    for w in words:
        assert w in err, (w, err)


def import_into(tmp_path, capsys, data, old="old contents\n"):
    """Import `data` (str or bytes) into tmp_path/cat.csv (holding `old` before, unless
    None); (code, out, err)."""
    src = tmp_path / "in.csv"
    if isinstance(data, str):
        data = data.encode("utf-8")
    src.write_bytes(data)
    out_file = tmp_path / "cat.csv"
    if old is not None:
        out_file.write_text(old)
    return run(capsys, "capture", "catalog", "import", src, "--out", out_file)


def nothing_written(tmp_path, old="old contents\n"):
    assert (tmp_path / "cat.csv").read_text() == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cat.csv", "in.csv"]  # no temp file


def gadget_reads(path):
    c = gcat.Catalog()
    with open(path, "rb") as f:
        gcat.load(c, f)
    return [(c.number(i), c.name(i)) for i in range(len(c))]


# -- item 4: an import writes only what the readers accept -------------------------------
# Characters inside a quoted field: each is refused by the row check (so the message names
# the row and the field), or, if accepted, the written file must read back as checked.
INSIDE = ["\r", "\n", "\r\n", "\t", "\x00", "\x1b[31m", "\x7f", "\x85", "\u2028", "\ufeff",
          "\u00a0", "é", "\U0001f409"]


@pytest.mark.parametrize("ch", INSIDE, ids=[repr(c) for c in INSIDE])
def test_import_writes_only_what_the_readers_accept(tmp_path, capsys, ch):
    code, out, err = import_into(tmp_path, capsys, HEAD + '001,"Ab{}c",,1,,,\n002,Zed,,,,,\n'.format(ch))
    if code == 0:
        written = tmp_path / "cat.csv"
        with open(written, encoding="utf-8") as f:
            cards = cat.read_catalog(f)  # the tools' reader (score --catalog)
        assert [c[cat.NAME] for c in cards][1] == "Zed" and len(cards) == 2
        assert gadget_reads(written) == [(c[cat.NUMBER], c[cat.NAME]) for c in cards]
    else:
        one_line_refusal(code, out, err, "row 2, field name")
        nothing_written(tmp_path)


def test_quoted_cr_in_a_name_is_refused(tmp_path, capsys):
    # Accepted before: the file written then failed the tools' own reader (the CR split
    # the row in two), and the gadget's.
    code, out, err = import_into(tmp_path, capsys, HEAD + '001,"Ab\rc",,1,,,\n')
    one_line_refusal(code, out, err, "row 2, field name", "CR")
    nothing_written(tmp_path)


def test_a_file_that_would_not_read_back_is_not_written(tmp_path, capsys, monkeypatch):
    # Should a checked card ever render to a line the readers see differently, the import
    # says so and writes nothing: here the renderer is made to drop a field.
    real = imp.render
    monkeypatch.setattr(imp, "render", lambda cards: real(cards).replace(",Zed,", ",Zed"))
    code, out, err = import_into(tmp_path, capsys, HEAD + "001,Ab,,1,,,\n002,Zed,,,,,\n")
    one_line_refusal(code, out, err, "nothing written", "read back")
    nothing_written(tmp_path)
    monkeypatch.setattr(imp, "render", lambda cards: real(cards).replace("Zed", "Zod"))
    code, out, err = import_into(tmp_path, capsys, HEAD + "001,Ab,,1,,,\n002,Zed,,,,,\n")
    one_line_refusal(code, out, err, "card 2")
    nothing_written(tmp_path)


@pytest.fixture
def umask_027():
    old = os.umask(0o027)
    yield 0o027
    os.umask(old)


def test_new_file_mode_follows_the_umask(tmp_path, capsys, umask_027):
    # tempfile.mkstemp made it 0o600 before, whatever the umask.
    code, _out, err = import_into(tmp_path, capsys, HEAD + "001,Ab,,1,,,\n", old=None)
    assert code == 0, err
    assert (tmp_path / "cat.csv").stat().st_mode & 0o777 == 0o666 & ~umask_027
    plain = tmp_path / "plain.txt"
    plain.write_text("x")
    assert (tmp_path / "cat.csv").stat().st_mode & 0o777 == plain.stat().st_mode & 0o777


def test_replaced_file_keeps_its_mode(tmp_path, capsys, umask_027):
    out_file = tmp_path / "cat.csv"
    out_file.write_text("old\n")
    out_file.chmod(0o664)
    code, _out, err = import_into(tmp_path, capsys, HEAD + "001,Ab,,1,,,\n", old=None)
    assert code == 0, err
    assert out_file.stat().st_mode & 0o777 == 0o664
    assert gadget_reads(out_file) == [(1, "Ab")]


def test_crlf_and_byte_order_mark_are_read(tmp_path, capsys):
    data = "\ufeff" + HEAD.replace("\n", "\r\n") + "001,Ab,,1,,,\r\n,Cd,,,,,\r\n"
    code, _out, err = import_into(tmp_path, capsys, data)
    assert code == 0, err
    assert gadget_reads(tmp_path / "cat.csv") == [(1, "Ab"), (0, "Cd")]


# -- item 12: numbers in ASCII digits, an unquoted CR --------------------------------------
@pytest.mark.parametrize("number", ["²", "٣", "١٢", "1_2", "+1", "0x1", "1.0", "１"])
def test_number_in_ascii_digits_only(tmp_path, capsys, number):
    # "²" was a ValueError traceback; "٣" was read as 3.
    code, out, err = import_into(tmp_path, capsys, HEAD + "{},Ab,,1,,,\n".format(number))
    one_line_refusal(code, out, err, "row 2, field number")
    nothing_written(tmp_path)


@pytest.mark.parametrize("stages", ["²", "٣", "3.0"])
def test_stages_in_ascii_digits_only(tmp_path, capsys, stages):
    code, out, err = import_into(tmp_path, capsys, HEAD + "001,Ab,x,{},,,\n".format(stages))
    one_line_refusal(code, out, err, "row 2, field stages")


def test_unquoted_cr_names_the_line(tmp_path, capsys):
    # Was a _csv.Error traceback.
    code, out, err = import_into(tmp_path, capsys, HEAD + "001,Ab,,1,,,\n002,Ab\rc,,1,,,\n")
    one_line_refusal(code, out, err, "line 3", "CR")
    nothing_written(tmp_path)


@pytest.mark.parametrize("data, words", [
    (b"\xff\xfe" + HEAD.encode("utf-16-le"), ["not UTF-8"]),
    (HEAD.encode() + b"001,\xc3,,1,,,\n", ["not UTF-8"]),
    (HEAD.encode() + b"001,Ab,,1,,,\x00\n", ["row 2", "specials"]),
], ids=["utf-16", "bad-utf-8", "nul"])
def test_bytes_that_are_not_text(tmp_path, capsys, data, words):
    code, out, err = import_into(tmp_path, capsys, data)
    one_line_refusal(code, out, err, *words)
    nothing_written(tmp_path)


def test_huge_csv_is_refused_before_reading_it_all(tmp_path, capsys):
    code, out, err = import_into(tmp_path, capsys, HEAD + "\n" * (imp.MAX_CSV_BYTES + 1))
    one_line_refusal(code, out, err, "larger than 1024 KB")
    code, out, err = run(capsys, "capture", "catalog", "import", "/dev/zero", "--out",
                         tmp_path / "cat.csv")
    one_line_refusal(code, out, err, "larger than 1024 KB")


# -- item 6: the importer refuses what the gadget cannot hold ------------------------------
def rows(n, start=1, numbered=True):
    return "".join("{},Card {},,1,,,\n".format("{:03d}".format(start + i) if numbered else "",
                                                start + i) for i in range(n))


def test_catalog_limit_150_cards(tmp_path, capsys):
    code, _out, err = import_into(tmp_path, capsys, HEAD + rows(cat.MAX_CARDS))
    assert code == 0, err
    assert len(gadget_reads(tmp_path / "cat.csv")) == 150
    code, out, err = import_into(tmp_path, capsys, HEAD + rows(cat.MAX_CARDS + 1), old="x\n")
    one_line_refusal(code, out, err, "row 152", "more than 150 cards")
    nothing_written(tmp_path, "x\n")


def test_name_length_limit_is_one_screen_line(tmp_path, capsys):
    for name, ok in (("A" * 16, True), ("A" * 17, False), ("é" * 8, True), ("é" * 8 + "x", False)):
        code, out, err = import_into(tmp_path, capsys, HEAD + "001,{},,1,,,\n".format(name))
        if ok:
            assert code == 0, err
            assert gadget_reads(tmp_path / "cat.csv") == [(1, name)]
        else:
            one_line_refusal(code, out, err, "row 2, field name", "16")


def test_line_key_length_limit(tmp_path, capsys):
    code, _out, err = import_into(tmp_path, capsys, HEAD + "001,Ab,{},2,,,\n".format("k" * 24))
    assert code == 0, err
    code, out, err = import_into(tmp_path, capsys, HEAD + "001,Ab,{},2,,,\n".format("k" * 25))
    one_line_refusal(code, out, err, "row 2, field line", "24")


def test_cards_past_the_124th_need_a_number(tmp_path, capsys):
    # The gadget knows a card without a number as 900 + its row: rows 0-123 only (10 bits).
    ok = HEAD + rows(cat.ROW_NUMBERS, numbered=False) + rows(26, 200)
    code, _out, err = import_into(tmp_path, capsys, ok)
    assert code == 0, err
    bad = HEAD + rows(cat.ROW_NUMBERS + 1, numbered=False)
    code, out, err = import_into(tmp_path, capsys, bad)
    one_line_refusal(code, out, err, "row 126, field number", "card 125")
    bad = HEAD + rows(cat.ROW_NUMBERS) + "950,Late,,1,,,\n"
    code, out, err = import_into(tmp_path, capsys, bad)
    one_line_refusal(code, out, err, "row 126, field number")


def test_import_help_states_the_limits(capsys):
    with pytest.raises(SystemExit):
        main(["capture", "catalog", "import", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "at most 150 cards" in out and "16 letters" in out and "1024 KB" in out


# -- items 10, 11, 15, 16: capture score ---------------------------------------------------
def score_file(tmp_path, doc):
    path = tmp_path / "score.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    return path


def test_score_deep_json_is_refused(tmp_path, capsys):
    path = score_file(tmp_path, "[" * 100000 + "]" * 100000)  # RecursionError before
    code, out, err = run(capsys, "capture", "score", path, "--json")
    one_line_refusal(code, out, err, "nested deeper than 64")


def test_score_huge_inputs_are_refused_by_size(tmp_path, capsys):
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.write(b'{"players": [' + b" " * (2 * 1024 * 1024) + b"]}")
    for path in (big, "/dev/zero"):
        t0 = time.monotonic()
        code, out, err = run(capsys, "capture", "score", path, "--json")
        one_line_refusal(code, out, err, "larger than 1024 KB", "score file")
        assert time.monotonic() - t0 < 5


def test_score_duplicate_keys_refused(tmp_path, capsys):
    path = score_file(tmp_path, '{"players": [{"name": "a", "geekmons": [{"name": "X", '
                                '"stages": 1, "stages": 2, "line": "l"}]}]}')
    code, out, err = run(capsys, "capture", "score", path, "--json")
    one_line_refusal(code, out, err, "duplicate key 'stages'")


def test_score_limits_cards_and_players(tmp_path, capsys):
    # 10,000 Milemoons took 46 s and 3 GB; now refused before scoring.
    many = {"players": [{"name": "red", "geekmons": [{"name": "Milemoon", "milemoon": True}] * 10000}]}
    t0 = time.monotonic()
    code, out, err = run(capsys, "capture", "score", score_file(tmp_path, many), "--json")
    one_line_refusal(code, out, err, "red", "10000 cards", "at most 150")
    assert time.monotonic() - t0 < 5
    five = {"players": [{"name": str(i), "geekmons": []} for i in range(5)]}
    code, out, err = run(capsys, "capture", "score", score_file(tmp_path, five), "--json")
    one_line_refusal(code, out, err, "5 players", "at most 4")
    # At the limits: 4 players of 150 cards (half Milemoons, the scorer's hardest case).
    cards = [{"name": "M{}".format(i), "milemoon": True} for i in range(75)]
    cards += [{"name": "L{}".format(i), "line": "l{}".format(i // 3), "stages": 3} for i in range(75)]
    full = {"players": [{"name": str(i), "geekmons": cards} for i in range(4)]}
    t0 = time.monotonic()
    code, out, err = run(capsys, "capture", "score", score_file(tmp_path, full), "--json")
    assert code == 0, err
    assert len(json.loads(out)["players"][0]["cards"]) == 150
    assert time.monotonic() - t0 < 10


def test_score_help_states_the_limits(capsys):
    with pytest.raises(SystemExit):
        main(["capture", "score", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "1024 KB, 4 players, 150 cards a player" in out


def test_score_text_output_is_printable(tmp_path):
    # A lone surrogate in a name was a UnicodeEncodeError traceback on stdout; escapes and
    # newlines went to the terminal as they were.
    doc = ('{"players": [{"name": "re\\ud800d", "geekmons": [{"name": "A\\u001b[2J\\nB"}]}]}')
    path = score_file(tmp_path, doc)
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    res = subprocess.run([sys.executable, "-m", "geekout_tools.cli", "capture", "score", str(path)],
                         capture_output=True, env=env, timeout=60)
    assert res.returncode == 0, res.stderr
    text = res.stdout.decode("utf-8")
    assert "\x1b" not in text and "re\\ud800d: 6 points" in text
    assert "A\\x1b[2J\\x0aB" in text and len(text.strip().splitlines()) == 3
    res = subprocess.run([sys.executable, "-m", "geekout_tools.cli", "capture", "score", str(path),
                          "--json"], capture_output=True, env=env, timeout=60)
    assert res.returncode == 0 and json.loads(res.stdout)["players"][0]["name"] == "re\ud800d"


def test_score_error_message_is_one_printable_line(tmp_path, capsys):
    doc = {"players": [{"name": "a\nb\x1b", "geekmons": [{"name": "Z\nq", "stages": 9}]}]}
    code, out, err = run(capsys, "capture", "score", score_file(tmp_path, doc), "--json")
    one_line_refusal(code, out, err, "stages")
    assert "\x1b" not in err


def test_score_catalog_data_file_is_size_limited(tmp_path, capsys):
    path = score_file(tmp_path, {"players": [{"name": "a", "geekmons": []}]})
    code, out, err = run(capsys, "capture", "score", path, "--catalog", "/dev/zero", "--json")
    one_line_refusal(code, out, err, "larger than 64 KB", "catalog data file")
