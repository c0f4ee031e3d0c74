"""Geekmon Capture with a catalog at the importer's limit (docs/capture.md, Catalog), on
CPython: a generated 150-card catalog (names as long as the rulebook's, lines like the real
game's) goes through `geekout capture catalog import`; the gadget's reader agrees with the
rules' reader on it, keeps every allocation small (blocks of 16 cards, at most 384 bytes
even with names at the 16-byte limit), refuses what is past the limits, and full games are
played with it by buttons. The same on the deployed firmware at a given heap:
test_capture_catalog_size_mpy.py.

Before: the reader grew one buffer of names and one of card bytes with the catalog
(2048-byte allocations at 150 cards) and kept a list of every name and line key while
reading; 60 / 100 / 150 imported cards gave 2 / 251 / 652 MemoryErrors in 20,000 random
presses at 128K on the unix port.
"""

import random
from pathlib import Path

import capture_checks as cc
import pytest
from geekout.capture import cards as cat
from geekout.capture import catalog as K
from geekout_tools.capture import catalog as imp

HEAD = ",".join(K.COLUMNS) + "\n"
# The rulebook's 27 names are 4-12 letters, 8.3 on average: the generated names take
# their lengths from that list.
RULEBOOK_LENGTHS = (8, 8, 9, 7, 8, 9, 12, 8, 8, 7, 9, 7, 6, 7, 9, 10, 9, 8, 8, 4, 8, 8, 10, 8,
                    11, 8, 9)
SYLLABLES = ("bro", "coon", "zap", "strum", "volt", "thun", "der", "crawl", "ling", "clown",
             "snab", "magi", "mer", "lody", "pil", "fly", "gi", "teen", "coot", "mile", "moon",
             "mouse", "sor", "ce", "rat", "fae", "charm", "blaze", "spri", "munch", "mask",
             "hy", "ro", "ta", "ki", "lo", "ve", "na")
TYPES = ("fire", "water", "plant", "magnetic", "mystical", "twilight", "earth", "beast")


def _name(rng, length, taken):
    while True:
        text = ""
        while len(text) < length:
            text += rng.choice(SYLLABLES)
        text = text[:length].capitalize()
        if text.lower() not in taken:
            taken.add(text.lower())
            return text


def realistic_csv(cards=K.MAX_CARDS, seed=13, name_length=None):
    """A catalog CSV like the real game's: Milemoon, Munchkey and Munchkong without a
    number first (as the shipped file has them), then numbered cards: starters' 3-stage
    lines, more 3-stage and 2-stage lines, 1-stage cards, legendaries, the Hyro line with
    three forms, Mouselet and its four branch cards; types and weaknesses at random.
    name_length: every name that long (else the rulebook's lengths)."""
    rng = random.Random(seed)
    taken = set()
    rows = []

    def name():
        return _name(rng, name_length or rng.choice(RULEBOOK_LENGTHS), taken)

    def types():
        return "/".join(rng.sample(TYPES, rng.choice((1, 1, 2))))

    for special in ("milemoon", "munchkey", "munchkey"):
        rows.append(["", name(), "", "1" if special == "munchkey" else "", types(), "", special])
    number = 1

    def line(stages, first_special=""):
        nonlocal number
        key = "-".join("{:03d}".format(number + i) for i in range(stages))
        for i in range(stages):
            rows.append(["{:03d}".format(number), name(), key, str(stages), types(),
                         rng.choice(TYPES), first_special if i == 0 else ""])
            number += 1

    for _ in range(6):
        line(3, "starter")
    line(4, "hyro")
    rows[-1][6] = ""
    mouse = "{:03d}-mouselet".format(number)
    for special in ("mouselet", "male", "male", "female", "female"):
        rows.append(["{:03d}".format(number), name(), mouse, "3", types(), "", special])
        number += 1
    for _ in range(4):
        rows.append(["{:03d}".format(number), name(), "", "1", types(), "", "legendary"])
        number += 1
    while len(rows) < cards:
        left = cards - len(rows)
        kind = rng.choice((3, 3, 3, 2, 2, 1)) if left >= 3 else min(left, 2)
        if kind == 1:
            rows.append(["{:03d}".format(number), name(), "", "1", types(), rng.choice(TYPES), ""])
            number += 1
        else:
            line(kind)
    assert len(rows) == cards
    return HEAD + "".join(",".join(r) + "\n" for r in rows)


def imported(tmp_path, text):
    """`text` imported as the gadget's data file under tmp_path/data (a data root)."""
    src = tmp_path / "owner.csv"
    src.write_text(text)
    out = tmp_path / "data" / "geekout" / "data" / "geekmon_catalog.csv"
    out.parent.mkdir(parents=True, exist_ok=True)
    imp.import_catalog(src, out)
    return out


def gadget_catalog(path):
    c = cat.Catalog()
    with open(path, "rb") as f:
        cat.load(c, f)
    return c


def test_limits_agree_with_the_rules():
    # The gadget's reader keeps compile-time copies (no names interned on the gadget).
    assert cat.MAX_CARDS == K.MAX_CARDS == 150
    assert cat.MAX_NAME == K.MAX_NAME == 16
    # The longest row the importer can write fits the reader's line limit.
    longest = (999, "\u00e9" * 8, "\U0001f409" * K.MAX_KEY, 3, 0b1100, 8,
               K.SP_STARTER | K.SP_LEGENDARY | K.SP_MILEMOON | K.SP_HYRO | K.SP_MOUSELET | K.SP_MUNCHKEY)
    line = (K.format_row(longest) + "\r\n").encode()
    assert len(line) <= cat.MAX_LINE
    assert cat.CARD_BYTES == 7 and cat.BLOCK == 16


@pytest.mark.parametrize("name_length", [None, 16], ids=["rulebook-lengths", "names-at-limit"])
def test_catalog_at_the_limit_reads_as_the_rules_read_it(tmp_path, name_length):
    path = imported(tmp_path, realistic_csv(name_length=name_length))
    with open(path, encoding="utf-8") as f:
        ref = K.read_catalog(f)
    assert len(ref) == K.MAX_CARDS
    c = gadget_catalog(path)
    assert len(c) == len(ref)
    assert [c.name(i) for i in range(len(c))] == [r[K.NAME] for r in ref]
    for i, r in enumerate(ref):
        assert (c.number(i), c.get(i, 2), c.get(i, 3), c.get(i, 4), c.get(i, 5)) == \
            (r[K.NUMBER], r[K.STAGES], r[K.TYPES], r[K.WEAKNESS], r[K.SPECIAL])
        same = [j for j, q in enumerate(ref) if r[K.LINE] and q[K.LINE] == r[K.LINE]]
        assert [j for j in range(len(ref)) if r[K.LINE] and c.get(j, 6) == c.get(i, 6)] == same
        assert (c.get(i, 6) == 255) == (r[K.LINE] is None)
    # Every allocation the catalog keeps is a block of 16 cards, made at its size.
    assert len(c.blocks) == 10
    assert all(len(b) <= 16 * (7 + 17) for b in c.blocks)
    assert sum(len(b) for b in c.blocks) == sum(7 + len(r[K.NAME].encode()) + 1 for r in ref)
    # Every card is one the gadget can name (the core's 10-bit card number).
    assert all(cat.number_for(c, i) for i in range(len(c)))
    assert len({cat.number_for(c, i) for i in range(len(c))}) == len(c)


def _data(lines):
    return (HEAD + "".join(x + "\n" for x in lines)).encode()


@pytest.mark.parametrize("data, words", [
    (_data(["{:03d},C{},,1,,,".format(i + 1, i) for i in range(151)]), "line 152: more than 150"),
    (_data(["001," + "A" * 17 + ",,1,,,"]), "line 2: bad value"),
    (_data(["001," + "\u00e9" * 9 + ",,1,,,"]), "line 2: bad value"),
    (_data(["001,A," + "k" * 300 + ",2,,,"]), "line 2: longer than 300"),
    (_data(["\u00b2,A,,1,,,"]), "line 2: bad value"),
    (_data(["\u0663,A,,1,,,"]), "line 2: bad value"),
    (_data(["001,A,,\u00b2,,,"]), "line 2: bad value"),
    (HEAD.encode() + b"001,\xc3(,,1,,,\n", "line 2: bad value"),
    (_data(["001,A,,1,,"]), "line 2: 6 fields"),
], ids=["151-cards", "long-name", "long-accented-name", "long-line", "superscript-number",
        "arabic-digit", "superscript-stages", "bad-utf-8", "six-fields"])
def test_gadget_reader_refuses_past_the_limits(tmp_path, data, words):
    path = tmp_path / "c.csv"
    path.write_bytes(data)
    with pytest.raises(ValueError, match=words):
        gadget_catalog(path)


def test_a_bad_file_gives_an_empty_catalog_and_its_reason(tmp_path):
    root = tmp_path / "geekout" / "data"
    root.mkdir(parents=True)
    (root / "geekmon_catalog.csv").write_bytes(_data(["{:03d},C{},,1,,,".format(i + 1, i)
                                                      for i in range(151)]))

    class App:
        pass

    from geekout.board import Board
    from geekout.hal.storage import Storage

    app = App()
    app.board = Board()  # a board with only the data files (geekout/board.py)
    app.board.data = Storage(str(tmp_path))
    cat.forget()
    try:
        c = cat.cards(app)
        assert len(c) == 0 and c.error == "Catalog: line 152: more than 150 cards"
    finally:
        cat.forget()


@pytest.mark.parametrize("players,wicked,arena,seed,undo", [(4, True, 3, 2, 7), (1, False, 4, 8, 0),
                                                            (2, False, 0, 1, 5)])
def test_full_games_with_a_150_card_catalog(tmp_path, players, wicked, arena, seed, undo):
    imported(tmp_path, realistic_csv())
    cat.forget()
    try:
        d = cc.game(players, wicked, arena, seed, undo, str(tmp_path / "data"))
        assert d.top().name == "capture.scores"
        end = d.ui.stack[1]
        assert len(end.cat) == K.MAX_CARDS and not end.cat.error
    finally:
        cat.forget()


def test_the_last_card_of_a_150_card_catalog_is_named(tmp_path):
    from geekout import keys

    imported(tmp_path, realistic_csv())
    cat.forget()
    try:
        d = cc.new_driver(3, data_root=str(tmp_path / "data"))
        d.boot()
        d.start_capture(2, False, 0)
        g = d.top()
        while g.pos != min(6, g.state.deck):  # to Go: the round's draws
            d.press(keys.DOWN)
        d.press(keys.OK)
        assert g.name == "capture.cards"
        c = g.cat
        last = len(c) - 1
        d._menu_to(g.menu, 0)
        d.press(keys.OK)
        assert d.top().name == "capture.catalog" and last in d.top().rows
        assert d.name_card(last) <= 5  # a band a press (geekout/capture/name.py)
        assert g.state.slots[0] >> 15 == cat.number_for(c, last)
        assert cat.slot_label(c, g.state, 0) == "1 " + c.name(last)
    finally:
        cat.forget()


@pytest.mark.slow
def test_random_presses_with_a_150_card_catalog(tmp_path):
    import headless

    imported(tmp_path, realistic_csv())
    cat.forget()
    try:
        rep, _board = headless.run(1500, 4, str(tmp_path / "flash"),
                                   [2, 1, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2], False, str(tmp_path / "data"))
    finally:
        cat.forget()
    assert rep["errors"] == 0
    assert {"capture.draw", "capture.throw", "capture.check", "capture.catalog"} <= set(rep["screens"])


def test_shipped_catalog_is_within_the_limits():
    c = gadget_catalog(Path(imp.DEFAULT_OUT))
    assert len(c) == 27 and len(c.blocks) == 2
