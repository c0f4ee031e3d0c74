"""The gadget's review of a Masters game (firmware/geekout/masters/review.py and
reviewpage.py; docs/gadget.md, Review): the same numbers as the host review
(host/geekout_tools/masters/review.py) on the journals of tests/data and on random
games, every turn's score = V* + luck - points lost to the table's precision, and the
pages reached with key presses from a fresh boot."""

import pytest
from boards.sim import SimBoard
from drive import Driver
from flash import FakeFlash
from geekout import keys
from geekout.hal.storage import Storage
from geekout.masters import consts as mc
from geekout.masters import hint as mh
from geekout.masters import review as gr
from geekout.masters import reviewpage as rp
from geekout_tools.logs import reader
from geekout_tools.masters import review as hr
from geekout_tools.masters import review_games as rg
from hypothesis import given, settings
from hypothesis import strategies as st
from mpy_harness import ROOT

FW = ROOT / "firmware"
JOURNALS = sorted((ROOT / "tests" / "data" / "journals").glob("masters-*.goj"))
Q = 1 / mh.POINTS_SCALE  # one step of the table, in points
MODES = {mc.VIRTUAL: "virtual", mc.AUTO: "auto"}


@pytest.fixture(scope="module")
def table():
    with open(FW / mc.HINT_FILE, "rb") as f:
        yield gr.TableValues(mh, mh.open_table(f))


@pytest.fixture(scope="module")
def exact():
    return hr.points_valuer()


@pytest.fixture(scope="module")
def on_table():
    return hr.HintValuer()


def p(raw):
    return raw / gr.ONE


def check_identity(r):
    """Every turn: score = V* + luck - lost, to one table step a value the walk took."""
    for seat, score, luck, lost, values in r.turns:
        if luck is None:  # not reviewed
            continue
        assert abs(p(r.start + luck - lost) - score) <= values * Q, (seat, score)
    return len(r.turns)


def agree(r, host, tol):
    """The gadget's review `r` and the host's `host` (its JSON-like dict): per finished
    turn luck and points lost within tol(values) points, the seats' sums and counts,
    the costliest decision."""
    turns = [t for t in host["turns"] if t["finished"]]
    assert len(turns) == len(r.turns)
    for (seat, score, luck, lost, values), t in zip(r.turns, turns):
        assert (seat + 1, score) == (t["seat"], t["score"])
        if luck is None:  # a turn not reviewed (table dice entered as a total)
            assert not t["reviewed"] and lost is None
            continue
        assert abs(p(luck) - t["luck"]) <= tol(values)
        assert abs(p(lost) - t["points_lost"]) <= tol(values)
    for row, hp in zip(r.seats, host["players"]):
        assert row[gr.TURNS] == hp["turns"] and row[gr.REVIEWED] == hp["reviewed"]
        assert row[gr.DECISIONS] == hp["decisions"] and row[gr.SCORE] == hp["score"]
        n = sum(t[4] for t in r.turns if t[0] + 1 == hp["seat"])
        assert abs(p(row[gr.LOST]) - hp["points_lost"]) <= tol(n)
        assert abs(p(row[gr.LUCK]) - hp["luck"]) <= tol(n)
    return turns


def worst_of(host):
    """The host's costliest decision as the gadget picks it: the earliest of those that
    lose the most. The gadget adds the table's integers, so equal losses are equal
    and the first stays; the host's float averages can put a later one of them 1e-15
    ahead, so losses within 1e-9 of the largest count as equal here."""
    found = [(d["points_lost"], t, d) for t in host["turns"] if t["finished"]
             for d in t["decisions"] if d["points_lost"] > 0]
    if not found:
        return None
    most = max(f[0] for f in found)
    return next(f for f in found if f[0] > most - 1e-9)


def same_as_host(r, host):
    """The host review on the same table: equal to 1e-9 (float rounding of the host's
    averages), blunders and the costliest decision included."""
    agree(r, host, lambda n: 1e-9)
    for row, hp in zip(r.seats, host["players"]):
        assert row[gr.BLUNDERS] == hp["blunders"]
    w = worst_of(host)
    if w is None:
        assert r.worst is None
        return
    lost, t, d = w
    assert r.worst is not None
    glost, turn, rnd, seat, pos, chosen, better = r.worst
    assert abs(p(glost) - lost) < 1e-9
    assert (turn + 1, rnd + 1, seat + 1) == (t["turn"], t["round"], t["seat"])
    assert (chosen, better) == (d["chosen_id"], d["best_id"])
    assert (list(pos[0]), pos[1], pos[2], pos[3]) == (
        d["position"]["active"], d["position"]["inactive"], d["position"]["used"],
        d["position"]["scored"])


@pytest.mark.parametrize("path", [j for j in JOURNALS if "table" not in j.name],
                         ids=lambda j: j.stem)
def test_journals_review_as_on_the_host(path, table, exact, on_table):
    log = reader.read(path)
    players, mode = log.config[1], MODES[log.config[0]]
    r = gr.review(table, players, log.actions)
    same_as_host(r, hr.review(players, log.actions, on_table, mode))
    # against the solver's exact values: each value within half a table step
    agree(r, hr.review(players, log.actions, exact, mode), lambda n: n * Q)
    assert abs(p(r.start) - exact.start()) <= Q / 2
    assert check_identity(r) == sum(1 for t in r.turns)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2 ** 31), seats=st.integers(1, 4),
       names=st.lists(st.sampled_from(["random", "pass", "reach-4", "hint", "optimal"]),
                      min_size=1, max_size=4))
def test_random_games_review_as_on_the_host(table, exact, on_table, seed, seats, names):
    names = (names * seats)[:seats]
    actions = rg.play(seats, names, seed)
    r = gr.review(table, seats, actions)
    assert check_identity(r) == 5 * seats
    same_as_host(r, hr.review(seats, actions, on_table))
    agree(r, hr.review(seats, actions, exact), lambda n: n * Q)


def test_a_refused_byte_is_a_value_error(table):
    with pytest.raises(ValueError):
        gr.review(table, 2, bytes([0, mc.PASS]))  # a pass before the first roll (M2)


# -- the pages, from a fresh boot ----------------------------------------------------------
def board(seed, table=True):
    return SimBoard(storage=FakeFlash(), data=Storage(str(FW)) if table else None, seed=seed)


def texts(d):
    """The text drawn by the screen on top."""
    out = []

    class Fb:
        def text(self, s, x, y, c=1):
            out.append(s)

        def __getattr__(self, name):
            return lambda *a: None

    d.top().draw(Fb())
    return out


def to_review(d):
    """Long OK on the end screen, then Review in its menu."""
    d.press(keys.LONG_OK)
    menu = d.top()
    assert menu.name == "masters.end_menu"
    while menu.items[menu.index] != "Review":
        d.press(keys.DOWN)
    d.press(keys.OK)
    return d.top()


@pytest.mark.parametrize("mode,players,seed", [(mc.VIRTUAL, 2, 3), (mc.AUTO, 4, 7)])
def test_review_pages_from_a_fresh_boot(mode, players, seed, on_table):
    d = Driver(board(seed))
    d.boot()
    d.start(mode, players)
    assert d.play_out().name == "masters.end"
    actions = bytes(d.app.journal.actions)
    host = hr.review(players, actions, on_table, MODES[mode])
    top = to_review(d)
    assert top.name == "masters.review"
    for s in range(players):
        shown = texts(d)
        hp = host["players"][s]
        assert shown[0] == "{} {}/{}".format(("Red", "Green", "Blue", "Yellow")[s], s + 1,
                                              players + 1)
        assert "{} turns, {} pts".format(hp["turns"], hp["score"]) in shown
        assert "Lost {:.2f}".format(hp["points_lost"]) in shown
        assert "Luck {:+.2f}".format(hp["luck"]) in shown
        assert "Blunders {}/{}".format(hp["blunders"], hp["decisions"]) in shown
        d.press(keys.DOWN)
    shown = texts(d)
    assert shown[0] == "Costliest {}/{}".format(players + 1, players + 1)
    lost, t, dec = worst_of(host)
    assert "{} T{} -{:.2f}".format(t["colour"].capitalize()[:3], t["turn"], lost) == shown[1]
    assert "Did " + rp.short_action(dec["chosen_id"]) in shown
    assert "Best " + rp.short_action(dec["best_id"]) in shown
    d.press(keys.DOWN)  # the last page stays
    assert texts(d)[0].startswith("Costliest")
    d.press(keys.OK)
    assert d.top().name == "masters.end"
    assert "geekout.masters.review" in __import__("sys").modules


def test_no_review_without_the_hint_table():
    d = Driver(board(5, table=False))
    d.boot()
    d.start(mc.VIRTUAL, 1)
    assert d.play_out().name == "masters.end"
    d.press(keys.LONG_OK)
    assert "Review" not in d.top().items


def test_review_is_not_loaded_in_play():
    import sys

    for name in ("geekout.masters.review", "geekout.masters.reviewpage"):
        sys.modules.pop(name, None)
    d = Driver(board(2))
    d.boot()
    d.start(mc.VIRTUAL, 2)
    assert d.play_out().name == "masters.end"
    assert "geekout.masters.review" not in sys.modules
    to_review(d)
    assert "geekout.masters.review" in sys.modules


def test_the_review_key_shows_the_reviewing_frame_first(monkeypatch):
    """The Review key puts "Reviewing..." on the panel at once, before the review's
    modules load and the game is walked (some 0.8 s on the Pico); its pages come after."""
    import sys

    import geekout.masters
    from geekout.ui.core import center

    for name in ("review", "reviewpage"):  # as on the gadget: loaded by the key
        monkeypatch.delitem(sys.modules, "geekout.masters." + name, raising=False)
        monkeypatch.delattr(geekout.masters, name, raising=False)
    d = Driver(board(7))
    d.boot()
    d.start(mc.AUTO, 4)
    assert d.play_out().name == "masters.end"
    fb = d.board.display
    keep = bytes(fb.buffer)
    fb.fill(0)
    center(fb, "Reviewing...", 28)
    reviewing = bytes(fb.buffer)
    fb.buffer[:] = keep
    shown = []
    show = fb.show

    def noted(full=False):
        shown.append((bytes(fb.buffer), "geekout.masters.review" in sys.modules))
        return show(full)

    fb.show = noted
    assert to_review(d).name == "masters.review"
    at = [i for i, s in enumerate(shown) if s[0] == reviewing]
    assert len(at) == 1 and not shown[at[0]][1]  # once, the review not loaded yet
    assert shown[-1][0] != reviewing and shown[-1][1]  # then the first page
    assert "Red 1/5" in texts(d)


MPY_DRIVER = """
import sys
from geekout.masters import hint, review
t = hint.open_table(open({path!r}, "rb"))
while True:
    line = sys.stdin.readline()
    if not line:
        break
    players, data = line.split()
    r = review.review(review.TableValues(hint, t), int(players), bytes.fromhex(data))
    print(r.start, r.seats, r.turns, r.worst)
"""


@pytest.mark.micropython
def test_the_review_under_micropython(table):
    """The same review on the real MicroPython unix port: the same integers."""
    from mpy_harness import run_micropython

    games = [(reader.read(j).config[1], reader.read(j).actions) for j in JOURNALS
             if "table" not in j.name]
    games.append((4, rg.play(4, ["random", "reach-4", "hint", "pass"], 5)))
    stdin = "".join("{} {}\n".format(n, bytes(a).hex()) for n, a in games)
    res = run_micropython(code=MPY_DRIVER.format(path=str(FW / mc.HINT_FILE)), heap="200K",
                          stdin=stdin)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert len(lines) == len(games)
    for (n, a), line in zip(games, lines):
        r = gr.review(table, n, a)
        assert line == "{} {} {} {}".format(r.start, r.seats, r.turns, r.worst)
