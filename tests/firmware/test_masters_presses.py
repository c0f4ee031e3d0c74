"""Presses a Masters turn takes in each mode (docs/gadget.md, Screens), counted by key
scripts that play the way a player reads the screen, on CPython with the real hint table.

Before (the same kind of script on the code of commit 7863a10, /tmp copy): table dice,
one turn: 7 presses for 6 scored (6 for 7, 2 for a bust); table-dice hint: 23 every
time (game menu 4 + nine counts); manual virtual dice with optimal play: 126.7 presses
a turn (median 121, 60 turns of seeds 1-6); auto dice: none.

After (this file, printed with -s): table dice, one turn: the same; table-dice hint:
9.33 presses on average over every first roll (6 for a spread roll, <= 10 for 82%),
a later hint of the same turn 1 press (2-5 when a die's face is asked); manual
virtual dice 134.3 a turn (median 128, 30 turns of seeds 1-3); auto dice 5.1 a turn
watching each show (median 4.5, max 10), 9.3 skipping every show with OK.

Since the virtual-dice cursors start on the advice (the hint's die, then its target,
then Continue or Pass; before: the first action die, the acting die's own face, always
Continue): the same optimal play by hand 65.9 a turn (median 60.5); by OK alone 63.5
(median 62, 15-120). The mode menu shows the presses a turn of each mode for a player
who takes the advice: virtual ~65, table ~6 (5.9: entering the 42s those turns scored,
2-7), auto ~5 (5.1).
"""

import itertools
import statistics
from math import factorial
from pathlib import Path

import pytest
from boards.sim import SimBoard
from drive import Driver
from flash import FakeFlash
from geekout import keys
from geekout.hal.storage import Storage
from geekout.masters import consts as mc
from geekout.masters import hint as mh
from geekout.masters import rules as M

FW = Path(__file__).resolve().parents[2] / "firmware"
TABLE = FW / "geekout" / "masters" / "hint.bin"
pytestmark = pytest.mark.skipif(not TABLE.exists(), reason="hint table not built")


def started(mode, players=2, seed=1):
    d = Driver(SimBoard(storage=FakeFlash(), data=Storage(str(FW)), seed=seed))
    d.boot()
    d.start(mode, players)
    # The screens are not drawn: a press is counted, not looked at (the drawing costs
    # most of the time of these scripts; test_text_fits.py draws every screen).
    d.ui.refresh = lambda: setattr(d.ui, "dirty", False)
    return d


def toward(value, target, span):
    """The key that brings a wrapping field from value to target the short way."""
    return keys.UP if (target - value) % span <= span // 2 else keys.DOWN


# -- table dice: one turn -------------------------------------------------------------------
def table_turn(value):
    d = started(mc.TABLE)
    g = d.top()
    n0 = d.presses
    while g.value != value:
        d.press(toward(g.value, value, mc.BUST + 1))
    d.press(keys.OK)
    assert g.state.turns[-1][1] == (0 if value == mc.BUST else M.points_for(value))
    return d.presses - n0


def test_a_table_dice_turn_costs_what_it_did():
    # goal: keep (one press per 42 scored, the short way round, then OK)
    assert [table_turn(v) for v in (0, 6, 7, mc.BUST)] == [1, 7, 6, 2]


# -- table dice: the hint -------------------------------------------------------------------
def enter_position(d, faces, inactive, scored):
    """From the scorepad to the hint page for this position, pressing as a player who
    reads the entry: BACK opens it; a wrong zone or count before the cursor is gone
    back to; a field is set the short way, then OK. Returns the presses."""
    n0 = d.presses
    d.press(keys.BACK)
    showing = sum(faces)
    target = [inactive, scored, showing] + list(faces)  # the entry's fields in order
    while d.top().name == "masters.dice_entry":
        e = d.top()
        now = [e.counts[6], e.counts[8], e.showing] + list(e.counts[0:6])
        wrong = [i for i in range(3) if now[i] != target[i]]
        f = e.field
        if wrong and wrong[0] < f:
            d.press(keys.BACK)
        elif now[f] != target[f]:
            if f < 2:  # a zone: 0 up to what the other zone leaves
                span = mc.DICE - now[1 - f] + 1
            elif f == 2:  # the dice showing: 0 up to what the zones leave
                span = mc.DICE - now[0] - now[1] + 1
            else:
                span = e._left(f - 3) + 1
            d.press(toward(now[f], target[f], span))
        else:
            d.press(keys.OK)
    page = d.top()
    assert page.name == "masters.hint"
    st = page.st
    if not st.turns and st.phase_name() == "resolve":
        assert (bytes(st.active), st.inactive, st.scored) == (bytes(faces), inactive, scored)
    return d.presses - n0


def first_rolls():
    """Every way 7 dice can land, with its probability (multinomial, 6 ** 7 rolls)."""
    for counts in itertools.product(range(8), repeat=6):
        if sum(counts) == 7:
            ways = factorial(7)
            for c in counts:
                ways //= factorial(c)
            yield counts, ways / 6 ** 7


def test_the_first_hint_of_a_turn_takes_at_most_ten_presses_on_average():
    """Every first roll of 7 dice (zones as a turn starts, M2), from the scorepad: 6
    presses for a spread roll, 9.33 on average, 10 or fewer for 82% of the rolls
    (before: 23 for every one)."""
    d = started(mc.TABLE)
    g = d.top()
    mean = 0.0
    at_most_10 = 0.0
    worst = 0
    for counts, p in first_rolls():
        g.guide = None  # a new turn (the hint forgets the last one when a turn is saved)
        n = enter_position(d, counts, 3, 0)
        d.press(keys.BACK)  # back to the scorepad
        mean += p * n
        at_most_10 += p * (n <= 10)
        worst = max(worst, n)
    g.guide = None
    assert enter_position(d, (2, 1, 1, 1, 1, 1), 3, 0) == 7
    assert mean <= 10 and at_most_10 > 0.75
    assert worst <= 16  # 7 DRAGONs: every face but the last lowered to 0
    print("first hint: mean {:.2f}, <= 10 for {:.0%}, worst {}".format(mean, at_most_10, worst))


def test_a_pass_or_continue_hint_without_the_guide():
    """At a pass/continue point, as the turn's first hint (nothing followed before):
    no dice showing and both zones set by hand, 14 presses for 4 scored and 1
    inactive (8 for 2 scored, 3 inactive). Followed by the hint, the same
    point costs one press (test below)."""
    d = started(mc.TABLE)
    n = enter_position(d, (0,) * 6, 1, 4)  # 4 scored, 1 inactive, so 5 used
    lines = d.top().lines
    assert {lines[0][1:9].strip(), lines[1][1:9].strip()} == {"Continue", "Pass"}
    assert n == 14
    d.press(keys.BACK)
    d.top().guide = None
    assert enter_position(d, (0,) * 6, 3, 2) == 8  # 2 scored, 3 inactive, so 5 used


def test_later_hints_of_a_turn_follow_the_steps_taken():
    """OK on the hint ("I did this") takes the step on the rules core: the next hint
    costs one press, or 2-5 for a die the step rolled (its face is asked: OK, at most
    three moves the short way, OK)."""
    d = started(mc.TABLE, seed=4)
    assert enter_position(d, (1, 1, 1, 1, 2, 1), 3, 0) == 6
    costs = []
    for _ in range(12):
        page = d.top()
        if page.name != "masters.hint" or page.st.turns or not page.steps:
            break
        if page.steps[0][0] in (mc.PASS, mc.CONTINUE):
            break
        n0 = d.presses
        d.press(keys.OK)
        if d.top().name == "masters.face":
            face = (d.presses * 5) % 6  # some face: a die lands at random
            for k in moves(d.top().cursor, face):  # DOWN moves the cursor on, UP back
                d.press(k)
            d.press(keys.OK)
        assert d.top().name == "masters.hint"
        costs.append(d.presses - n0)
    assert costs and max(costs) <= 5 and min(costs) == 1
    print("later hints:", costs)
    # at the pass/continue point the hint reached: Continue asks how the used dice landed
    page = d.top()
    if page.steps and page.steps[0][0] == mc.CONTINUE:
        d.press(keys.OK)
        e = d.top()
        assert e.name == "masters.dice_entry" and e.showing == page.st.used
        assert (e.counts[6], e.counts[8], e.used()) == (page.st.inactive, page.st.scored, 0)


# -- virtual dice: manual and auto ----------------------------------------------------------
class Best:
    """The table's optimal step (expected points), for the manual player."""

    def __init__(self):
        self.f = open(TABLE, "rb")
        self.table = mh.open_table(self.f)

    def __call__(self, st):
        active = st.active if st.phase_name() == "resolve" else bytearray(6)
        return mh.advise(self.table, active, st.inactive, st.used, st.scored)[0][0]


def moves(cur, want):
    d = (want - cur) % 6
    return [keys.DOWN] * d if d <= 6 - d else [keys.UP] * (6 - d)


def manual_turns(seed, best):
    """Presses of each turn of a 2-player manual game played optimally by keys: the
    cursor moved the short way to each die and its target, OK each."""
    d = started(mc.VIRTUAL, 2, seed)
    g = d.top()
    per, count = [], 0
    while not g.state.is_terminal():
        st = g.state
        turns = len(st.turns)
        n0 = d.presses
        if st.is_chance():
            d.press(keys.OK)
        elif st.phase_name() == "decide":
            want = 0 if best(st) == mc.CONTINUE else 1
            if g.choice != want:
                d.press(keys.DOWN)
            d.press(keys.OK)
        else:
            a = best(st)
            for k in moves(g.cursor, M.action_actor(a)):
                d.press(k)
            d.press(keys.OK)
            if g.mode == 1:
                for k in moves(g.cursor, a & 7):
                    d.press(k)
                d.press(keys.OK)
        count += d.presses - n0
        if len(g.state.turns) > turns:
            per.append(count)
            count = 0
    return per


def watch(d, g):
    """A player who watches each show to its end: the clock moves on, no key."""
    while g.showing:
        d.board.clock.advance(100)
        d.ui.tick(d.board.clock())


def auto_turns(seed, skip):
    """Presses of each turn of a 2-player auto game: OK to roll, OK on the advice at
    each Continue/Pass; each show watched to its end, or skipped with OK (`skip`)."""
    d = started(mc.AUTO, 2, seed)
    g = d.top()
    per, count = [], 0
    while not g.state.is_terminal():
        turns = len(g.state.turns)
        n0 = d.presses
        if g.showing:
            if skip:
                d.press(keys.OK)
            else:
                watch(d, g)
        else:
            d.press(keys.OK)  # roll, or the choice the cursor starts on (the advice)
        if not skip:
            watch(d, g)
        count += d.presses - n0
        if len(g.state.turns) > turns:
            if g.showing and not skip:
                watch(d, g)
            per.append(count)
            count = 0
    return per, d


def advised_turns(seed):
    """Presses of each turn of a 2-player virtual-dice game played by OK alone: every
    cursor taken where it starts (the advice: the hint's step, Continue or Pass)."""
    d = started(mc.VIRTUAL, 2, seed)
    g = d.top()
    per, count = [], 0
    while not g.state.is_terminal():
        turns = len(g.state.turns)
        d.press(keys.OK)
        count += 1
        if len(g.state.turns) > turns:
            per.append(count)
            count = 0
    return per, g.state.turns


def table_entry_presses(turns):
    """Presses of the table-dice scorepad for these turns (seat, points, how): the
    entry set the short way round from 0 (M7's points back to the dice scored; a bust
    is BUST), then OK."""
    out = []
    for _seat, points, how in turns:
        n = 0
        while M.points_for(n) < points:
            n += 1
        value = mc.BUST if how == mc.ENDED_BUST else n
        span = mc.BUST + 1
        out.append(min(value, span - value) + 1)
    return out


@pytest.fixture(scope="module")
def figures():
    best = Best()
    manual = [n for seed in range(1, 4) for n in manual_turns(seed, best)]
    watched = [n for seed in range(1, 4) for n in auto_turns(seed, False)[0]]
    skipped = [n for seed in range(1, 4) for n in auto_turns(seed, True)[0]]
    best.f.close()
    return manual, watched, skipped


@pytest.fixture(scope="module")
def mode_figures():
    """The presses a turn of each mode for a player who takes the advice (the cursors'
    first places), seeds 1-3, 2 players (30 turns a mode): virtual dice by OK alone;
    table dice entering what those same turns scored; auto dice watching each show."""
    virtual, table = [], []
    for seed in range(1, 4):
        per, turns = advised_turns(seed)
        virtual += per
        table += table_entry_presses(turns)
    auto = [n for seed in range(1, 4) for n in auto_turns(seed, False)[0]]
    return virtual, table, auto


def test_the_mode_menu_shows_the_measured_presses(mode_figures):
    """setup.PRESSES, shown in the mode menu ("~65 presses/turn"), are these means
    rounded (virtual dice to 5: its turns vary most)."""
    from geekout.masters.setup import PRESSES

    virtual, table, auto = mode_figures
    assert len(virtual) == len(table) == len(auto) == 30
    means = [statistics.mean(x) for x in mode_figures]
    assert PRESSES == (5 * round(means[0] / 5), round(means[1]), round(means[2]))
    print("presses a turn, taking the advice: virtual {:.1f} (median {}, {}-{}), table {:.1f}"
          " ({}-{}), auto {:.1f} ({}-{})".format(
              means[0], statistics.median(virtual), min(virtual), max(virtual), means[1],
              min(table), max(table), means[2], min(auto), max(auto)))


def test_auto_dice_takes_at_most_ten_presses_a_turn(figures):
    manual, watched, skipped = figures
    assert len(watched) == len(skipped) == 30  # 3 games, 2 seats, 5 rounds (M8)
    assert statistics.mean(watched) <= 10 and statistics.median(watched) <= 10
    assert statistics.mean(skipped) <= 2 * statistics.mean(watched)
    # the same optimal play by hand: at least five times the presses
    assert statistics.mean(manual) >= 5 * statistics.mean(watched)
    print("presses a turn: manual {:.1f} (median {}), auto watching {:.1f} (median {}, max {}),"
          " auto skipping every show {:.1f}".format(
              statistics.mean(manual), statistics.median(manual), statistics.mean(watched),
              statistics.median(watched), max(watched), statistics.mean(skipped)))


def test_an_auto_turn_asks_only_continue_or_pass():
    """Every press of a watched auto game is a roll or a Continue/Pass with dice scored
    (none at a pass/continue point with nothing scored: the gadget goes on)."""
    d = started(mc.AUTO, 2, 7)
    g = d.top()
    asked = []
    while not g.state.is_terminal():
        st = g.state
        if st.is_chance():
            assert M.at_turn_start(st)
            asked.append("roll")
        else:
            assert st.phase_name() == "decide" and st.scored > 0
            asked.append("decide")
        d.press(keys.OK)
        watch(d, g)
    assert asked.count("roll") == 10 and "decide" in asked
