"""The gadget's win chance (geekout/masters/winchance.py + win.bin, docs/masters-win.md) on
CPython and on the MicroPython unix port: values against the solved game, hand-worked
last-round choices (M8), a missing or broken file, monotone chances, the footer's width, the
build.

The table's every byte and every stored departure against the solver:
tests/rules/test_win_solve.py (test_win_file_*).
"""

import io
import json

import pytest
from geekout.masters import consts as mc
from geekout.masters import rules as m
from geekout.masters import winchance as wc
from geekout.ui.widgets import SEAT_NAMES
from geekout_tools import build
from geekout_tools.masters import solver as sv
from geekout_tools.masters import win_table as wt
from geekout_tools.masters import winsolve as ws
from mpy_harness import run_micropython

PASS, CONTINUE = mc.PASS, mc.CONTINUE
LAST = ws.TURNS - 1  # round 5, the second player


class Data:
    """The board's data storage holding `files` ({name: bytes}); others are missing."""

    def __init__(self, files):
        self.files = files

    def open(self, name, mode="rb"):
        if name not in self.files:
            raise OSError(2, name)
        return io.BytesIO(self.files[name])


@pytest.fixture(scope="module")
def raw():
    return wt.TABLE.read_bytes()


@pytest.fixture(scope="module")
def win(raw):
    got = wc.find_win(Data({wc.WIN_FILE: raw}))
    assert got is not None
    return got


@pytest.fixture(scope="module")
def game(win_game):
    """The solved game (tests/conftest.py): the tests that check the file against it are
    in the slow tier, as solving it cold takes minutes."""
    return win_game


def turn_start_table(raw):
    """The file's first part: the turn-start table alone (test_file_layout_and_size
    checks it is winsolve's gadget_table)."""
    return raw[:wc.HEADER + 10 * int.from_bytes(raw[8:10], "little")]


def masters(round_no, seat, first, totals):
    """A 2-player MastersState at round 1-5 with `seat` to play (first seat `first`)."""
    st = m.MastersState(2)
    st.apply_action(first)  # M8: the first seat drawn
    st.round = round_no - 1
    st.seat = seat
    st.totals = list(totals)
    return st


@pytest.mark.slow
def test_file_layout_and_size(raw, win, game):
    width = int.from_bytes(raw[8:10], "little")
    assert turn_start_table(raw) == ws.gadget_table(game)  # the turn-start table first
    assert win.block == wc.HEADER + 10 * width
    assert raw[win.block:win.block + 4] == b"GOWD"
    assert win.block + int.from_bytes(raw[win.block + 6:win.block + 8], "little") == len(raw)
    assert len(raw) < 8 * 1024  # a few KB: two 4 KB blocks of the Pico's file system


@pytest.mark.slow
def test_game_start_chances_by_hand(win, game):
    """Round 1, totals 0-0: the first player's value is first_player (0.4378: 44%), the
    second's the rest; the footer names the seats in seat order, whoever starts."""
    st = masters(1, 0, 0, (0, 0))
    assert wc.turn_of(st) == (0, 0)
    p = round(100 * game.first_player)
    assert p == 44
    assert wc.chances(win, st) == [44, 56]
    assert wc.footer(win, st, SEAT_NAMES) == "Red 44% Gre 56%"
    st = masters(1, 1, 1, (0, 0))  # Green starts
    assert wc.chances(win, st) == [56, 44]


def test_last_turn_chances_are_the_need_problem(win):
    """Round 5, second player, 22 behind: no tie is possible (22 is not an M7 value), so
    the chance is solver.py's "at least 23 points" problem (7 scored dice)."""
    st = masters(5, 1, 0, (100, 78))
    assert wc.turn_of(st) == (LAST, -22)
    exact = sv.solve(need=23).start_value()
    got = wc.chances(win, st)
    pct = wc.percent(LAST, -22, round(255 * exact))
    assert got == [100 - pct, pct]
    assert abs(got[1] - 100 * exact) <= 1
    # ahead before the last turn: won whatever happens; 56 behind: lost (M7: 55 at most)
    assert wc.chances(win, masters(5, 1, 0, (80, 81))) == [0, 100]
    assert wc.chances(win, masters(5, 1, 0, (136, 80))) == [100, 0]
    # 55 behind: only all ten dice scored (55 points, M7) ties, worth 1/2 (M8)
    half = 0.5 * sv.solve(need=55).start_value()
    assert wc.chances(win, masters(5, 1, 0, (135, 80)))[1] == wc.percent(LAST, -55, round(255 * half))
    assert abs(wc.chances(win, masters(5, 1, 0, (135, 80)))[1] - 100 * half) <= 1


@pytest.mark.slow
def test_chances_for_every_reachable_turn_start(win, game):
    """Every (turn, lead) the game can have: the percent of the solver's value, 0 / 100
    only where the lead decides the game."""
    for t in range(ws.TURNS):
        k, p = divmod(t, 2)
        for lead in ws.reachable_leads(t).tolist():
            byte = wc.value(win, t, lead)
            exact = game.at(t, lead)
            assert abs(byte / 255 - exact) <= 0.5 / 255 + 1e-12
            pct = wc.percent(t, lead, byte)
            assert abs(pct - 100 * exact) <= 1.0
            assert (pct in (0, 100)) == (exact in (0.0, 1.0)), (t, lead)
            mover = (1 + p) % 2  # seat 1 started, so seat 0 plays second
            st = masters(k + 1, mover, 1, (0, 0))
            st.totals[mover] = max(lead, 0) + 300
            st.totals[1 - mover] = st.totals[mover] - lead
            got = wc.chances(win, st)
            assert got[mover] == pct and got[1 - mover] == 100 - pct


def test_chances_monotone_in_the_lead(win):
    for t in range(ws.TURNS):
        mine, theirs = wc.turns_left(t)  # decided below -55 mine and above 55 theirs (M7)
        leads = range(-55 * mine - 3, 55 * theirs + 4)
        pcts = [wc.percent(t, d, wc.value(win, t, d)) for d in leads]
        assert pcts == sorted(pcts), t
        assert pcts[0] == 0 and pcts[-1] == 100


def test_footer_fits_the_panel(win):
    """16 characters of 8 px on the 128-px panel; the longest has a 100% in it."""
    for totals in ((0, 0), (300, 0), (0, 300), (120, 119)):
        for r in range(1, 6):
            for seat in (0, 1):
                text = wc.footer(win, masters(r, seat, 0, totals), SEAT_NAMES)
                assert 0 < len(text) <= 15 and text.startswith("Red ")
    assert wc.footer(win, masters(5, 1, 0, (136, 80)), SEAT_NAMES) == "Red 100% Gre 0%"


def test_scorepad_states(win):
    """Table dice: the Scorepad answers the same (first seat, then dice scored a turn)."""
    pad = m.replay_table(2, bytes([1, 7, 4]))  # Green starts: 28, then Red 10
    assert (pad.round, pad.seat) == (1, 1)
    assert wc.turn_of(pad) == (2, 18)  # round 2, the first player (Green), 28 - 10
    c = wc.chances(win, pad)
    assert c is not None and c[1] > 50 and sum(c) == 100
    end = m.replay_table(2, bytes([0] + [3] * 10))
    assert end.is_terminal() and wc.chances(win, end) is None


def test_no_chance_where_none_applies(win):
    assert wc.chances(win, m.MastersState(2)) is None  # the first seat not drawn yet
    three = m.MastersState(3)
    three.apply_action(0)
    assert wc.chances(win, three) is None and wc.footer(win, three, SEAT_NAMES) == ""
    pad = m.Scorepad(2)
    assert wc.turn_of(pad) is None


def test_last_round_pass_or_continue_by_hand(win):
    """Round 5, second player (M8: the game ends with this turn). 6 scored (21 points),
    3 used, 1 inactive: points-optimal play passes (M9). 12 behind the pass wins: pass,
    no departure. 22 behind it loses: continue. 21 behind it ties (1/2), and
    continuing wins more often than not (62.9% at 22 behind, docs/masters-win.md, and
    more at 21): continue. 10 behind with 5 scored (15 points), every die used:
    points-optimal play continues, the pass wins: pass. 10 behind, nothing banked:
    continue either way."""
    assert wc.step(win, LAST, -12, 1, 3, 6) == (PASS, PASS)
    assert wc.step(win, LAST, -22, 1, 3, 6) == (CONTINUE, PASS)
    assert wc.step(win, LAST, -21, 1, 3, 6) == (CONTINUE, PASS)
    assert wc.step(win, LAST, -10, 0, 5, 5) == (PASS, CONTINUE)
    assert wc.step(win, LAST, -10, 3, 7, 0) == (CONTINUE, CONTINUE)
    # decided before the turn (ahead, or 56 behind): every choice as good, play for points
    assert wc.step(win, LAST, 4, 0, 5, 5) == (CONTINUE, CONTINUE)
    assert wc.step(win, LAST, -56, 1, 3, 6) == (PASS, PASS)
    st = masters(5, 1, 0, (100, 78))
    assert wc.step_text(win, st, 1, 3, 6) == "To win: Continue"
    assert wc.step_text(win, st, 1, 3, 6, shown=CONTINUE) == ""  # the hint says it already
    assert wc.step_text(win, masters(5, 1, 0, (100, 90)), 0, 5, 5) == "To win: Pass"
    assert wc.step_text(win, masters(5, 1, 0, (100, 90)), 3, 7, 0) == ""


@pytest.mark.slow
def test_first_player_last_round_against_the_solver(win, game):
    """Round 5, first player (turn 9 of 10: read from the intervals): the device's choice
    is the solver's at every point and reachable lead (and the text says so)."""
    t = LAST - 1
    pts = sv.solve().cont
    seen = 0
    for lead in ws.reachable_leads(t).tolist():
        deps = game.departures(t, lead)
        st = masters(5, 0, 0, (max(lead, 0) + 200, max(lead, 0) + 200 - lead))
        for i in range(10):
            for u in range(1, 11 - i):
                s = 10 - i - u
                want = bool(pts[i, u, s]) if deps is None else deps[1][i][u][s]
                got = wc.step(win, t, lead, i, u, s)
                assert got == (CONTINUE if want else PASS, CONTINUE if pts[i, u, s] else PASS)
                text = wc.step_text(win, st, i, u, s)
                assert (text != "") == (want != bool(pts[i, u, s]))
                seen += text != ""
    assert seen > 100  # departures do happen there


def test_not_a_pass_continue_point(win):
    assert wc.step(win, LAST, -20, 3, 0, 7) is None  # used 0: M6 forced pass
    assert wc.step(win, LAST, -20, 3, 3, 3) is None  # 9 dice
    assert wc.step(win, 10, 0, 1, 3, 6) is None
    assert wc.step_text(win, m.MastersState(2), 1, 3, 6) == ""


def corrupted(raw):
    """(name, bytes) of broken files: each must read as no table."""
    flipped = bytearray(raw)
    flipped[len(raw) // 2] ^= 0x10
    swapped = bytearray(raw)
    swapped[100], swapped[101] = raw[101], raw[100]
    if raw[100] == raw[101]:
        swapped[100] ^= 1
    return [("empty", b""), ("header only", raw[:12]), ("truncated", raw[:-1]),
            ("no decision block", turn_start_table(raw)), ("one bit flipped", bytes(flipped)),
            ("two bytes swapped", bytes(swapped)), ("wrong magic", b"XXXX" + raw[4:]),
            ("hint table", b"GOMH" + raw[4:]), ("noise", bytes(range(256)) * 20)]


def test_missing_or_broken_file_shows_nothing(raw):
    st = masters(5, 1, 0, (100, 78))
    assert wc.find_win(Data({})) is None
    for name, data in corrupted(raw):
        win = wc.find_win(Data({wc.WIN_FILE: data}))
        assert win is None, name
    # no table: every answer is None / ""
    assert wc.chances(None, st) is None and wc.footer(None, st, SEAT_NAMES) == ""
    assert wc.step(None, LAST, -22, 1, 3, 6) is None and wc.value(None, 0, 0) is None
    assert wc.step_text(None, st, 1, 3, 6) == ""


def test_file_gone_after_the_game_started(raw):
    """Found when the game started, then removed or cut short: no answer, no exception."""
    files = {wc.WIN_FILE: raw}
    win = wc.find_win(Data(files))
    st = masters(4, 0, 0, (50, 60))
    files[wc.WIN_FILE] = raw[:40]
    assert wc.chances(win, st) is None
    assert wc.step(win, 6, -10, 1, 3, 6) is None
    del files[wc.WIN_FILE]
    assert wc.footer(win, st, SEAT_NAMES) == "" and wc.step_text(win, st, 1, 3, 6) == ""
    assert wc.step(win, LAST, -22, 1, 3, 6) == (CONTINUE, PASS)  # the rule reads no file


def test_build_and_deploy_carry_the_file():
    """build.py copies every data file into build/firmware, which deploy copies."""
    assert build.data_files().count(wt.TABLE.relative_to(build.FIRMWARE)) == 1
    assert str(wt.TABLE.relative_to(build.FIRMWARE)) == wc.WIN_FILE


DRIVER = """
import sys, json
from geekout.masters import rules as m
from geekout.masters import winchance as wc

class Data:
    def __init__(self, path):
        self.path = path
    def open(self, name, mode="rb"):
        if name != wc.WIN_FILE:
            raise OSError(2)
        return open(self.path, "rb")

def masters(r, seat, first, totals):
    st = m.MastersState(2)
    st.apply_action(first)
    st.round = r - 1
    st.seat = seat
    st.totals = list(totals)
    return st

win = wc.find_win(Data(sys.argv[1]))
out = {"found": win is not None}
out["broken"] = [wc.find_win(Data(p)) is None for p in sys.argv[2:]]
out["missing"] = wc.find_win(Data("/nonexistent/win.bin")) is None
out["none"] = [wc.chances(None, masters(1, 0, 0, (0, 0))), wc.footer(None, masters(1, 0, 0, (0, 0)), ("Red", "Green")),
               wc.step(None, 9, -22, 1, 3, 6)]
print(json.dumps(out))
for line in sys.stdin:
    v = [int(w) for w in line.split()]
    if v[0] == 0:
        st = masters(v[1], v[2], v[3], (v[4], v[5]))
        print(json.dumps([wc.chances(win, st), wc.footer(win, st, ("Red", "Green"))]))
    else:
        print(json.dumps(list(wc.step(win, v[1], v[2], v[3], v[4], v[5]))))
"""


@pytest.mark.micropython
def test_reader_under_micropython(raw, win, tmp_path):
    """The same lookups on the MicroPython unix port, from a real file; broken files
    read as no table there too."""
    cases = []
    for r in range(1, 6):
        for seat, first in ((0, 0), (1, 0), (0, 1)):
            for totals in ((0, 0), (40, 62), (130, 75), (10, 200)):
                cases.append((0, r, seat, first) + totals)
    for t in (8, 9, 6, 3):
        for lead in (-60, -40, -22, -21, -10, 0, 5, 30):
            for i, u in ((0, 1), (1, 3), (0, 5), (2, 2), (0, 4), (3, 7)):
                cases.append((1, t, lead, i, u, 10 - i - u))
    stdin = "".join(" ".join(str(x) for x in c) + "\n" for c in cases)
    broken = []
    for j, (_name, data) in enumerate(corrupted(raw)):
        p = tmp_path / "broken{}.bin".format(j)
        p.write_bytes(data)
        broken.append(p)
    # Heap: passes down to 74K (bisection, checkout at a short path; the driver imports
    # the rules core and json, the reader alone runs in far less): 96K leaves a 30% margin.
    res = run_micropython(None, wt.TABLE, *broken, code=DRIVER, heap="96K", stdin=stdin)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.strip().splitlines()
    out = json.loads(lines[0])
    assert out["found"] and out["missing"] and all(out["broken"]) and len(out["broken"]) == 9
    assert out["none"] == [None, "", None]
    rows = [json.loads(line) for line in lines[1:]]
    assert len(rows) == len(cases)
    for c, got in zip(cases, rows):
        if c[0] == 0:
            st = masters(c[1], c[2], c[3], c[4:6])
            assert got == [wc.chances(win, st), wc.footer(win, st, SEAT_NAMES)], c
        else:
            assert got == list(wc.step(win, *c[1:])), c
