"""Geekmon Capture at the table (docs/gadget-capture.md, Quick rounds, The end): the presses
a round takes in full and quick rounds (2 and 4 players), the presses naming one card
takes, and the presses from "Game over" to the scores (capture_end_games.py), counted by
key scripts that press the fewest keys a player would (the shortest way round each list).

The same round is entered in both modes: 2 players, Red first, every cube thrown (each
player g h g g h g), then card by card:
  card 1 Red 3 points; card 2 Green 2; card 3 Red 2 and Green 2, a tie (no type
  advantage known: the catalog does not know the "Other" starters), Red's cube nearest
  the centre; card 4 Red 1, Green 2; card 5 no cubes, it flees; card 6 Green 1.
4 players: card 1 Red 3; card 2 Green 2; card 3 Blue 2, Green 1; card 4 Yellow 3, Red 1;
  card 5 Red, Green and Yellow 2 each, a tie, Yellow nearest the centre; card 6 flees.
A quick round enters who captured each card (the tie's winner as the players see it);
the tie help, when used, asks who tied and then what the catalog cannot tell.

Measured on the code before quick rounds by the same kind of script (full rounds only, the
old screens): 2 players 46 presses, 4 players 80; naming one card of the 27 shipped
ones in place 1: 4-17 presses, 10.3 on average. Goals: 2 players <= 15, 4 players
<= 25 a round, naming one card <= 5.
"""

import random
from pathlib import Path
from types import SimpleNamespace

import capture_checks as cc
import pytest
from geekout import keys
from geekout.capture import cards as cat
from geekout.capture import consts as kc
from geekout.capture import name as nm
from geekout.capture.rules import CaptureState
from test_capture_catalog_size import realistic_csv

DATA = str(Path(__file__).resolve().parents[2] / "firmware")
SEATS = ("Red", "Green", "Blue", "Yellow")

FULL2 = [((3, 0), None), ((0, 2), None), ((2, 2), 0), ((1, 2), None), ((0, 0), None),
         ((0, 1), None)]
FULL4 = [((3, 0, 0, 0), None), ((0, 2, 0, 0), None), ((0, 1, 2, 0), None),
         ((1, 0, 0, 3), None), ((2, 2, 0, 2), 3), ((0, 0, 0, 0), None)]
# quick: the capturer (None: it flees), or (tied players, winner)
QUICK2 = [0, 1, ((0, 1), 0), 1, None, 1]
QUICK4 = [0, 1, 2, 3, ((0, 1, 3), 3), None]


def started(players, quick, seed=1):
    cat.forget()
    d = cc.new_driver(seed, data_root=DATA)
    d.boot()
    # "Other 3-stage" for everyone: a starter the catalog lacks (Red's list has Broscoon)
    d.start_capture(players, False, 0, [1] + [0] * (players - 1), 0, quick)
    assert d.top().name == "capture.draw"
    return d


def move(d, m, index):
    """The cursor of list m to `index`, the shortest way (lists wrap)."""
    n = len(m.items)
    while m.index != index:
        d.press(keys.DOWN if (index - m.index) % n <= n // 2 else keys.UP)


def choose(d, m, index):
    move(d, m, index)
    d.press(keys.OK)


def tick(d, m, indices):
    """A tick list (pick.Marks): tick `indices`, then Done."""
    for i in indices:
        choose(d, m, i)
    choose(d, m, len(m.items) - 1)


def draw_and_start(d):
    g = d.top()
    d.press(keys.OK)  # Go: the six cards laid out
    assert g.name == "capture.cards"
    choose(d, g.menu, len(g.menu.items) - 1)  # Throw! or All thrown
    return g


def answer_tie(d, g, winner):
    """The tie screens (C3): no one has type advantage, then the bull's eye."""
    assert g.name == "capture.tie" and g.menu.heading == "Type advantage?"
    m = g.menu
    if m.items[-1] == "Done":
        tick(d, m, [])
    else:
        choose(d, m, len(m.items) - 1)  # Neither/both
    assert g.menu.heading == "Bull's eye?"
    choose(d, g.menu, g.menu.items.index(SEATS[winner]))


def full_round(players, plan, throws="ghgghg"):
    d = started(players, False)
    start = d.presses
    g = draw_and_start(d)
    seq = {p: list(throws) for p in range(players)}
    while g.name == "capture.throw":
        want = 0 if seq[g.state.thrower()].pop(0) == "g" else 1
        opts = g.module.options(g)
        at = opts.index(want)
        n = len(opts)
        while g.opt % n != at:
            d.press(keys.DOWN if (at - g.opt % n) % n <= n // 2 else keys.UP)
        d.press(keys.OK)
    for vals, tie in plan:
        t0 = g.state.tpos
        while g.name == "capture.check" and g.state.tpos == t0 and g.state.round == 0:
            r = g.row
            span = g.room(r) + 1
            up = (vals[r] - g.values[r]) % span
            k = keys.UP if up <= span - up else keys.DOWN
            while g.values[r] != vals[r]:
                d.press(k)
            d.press(keys.OK)
        if tie is not None:
            answer_tie(d, g, tie)
    assert g.name == "capture.draw" and g.state.round == 1
    return d, d.presses - start


def quick_round(players, plan, helped=False):
    d = started(players, True)
    start = d.presses
    g = draw_and_start(d)
    for who in plan:
        assert g.name == "capture.quick", g.name
        m = g.menu
        if who is None:
            choose(d, m, m.items.index("Fled"))
        elif type(who) is int:
            choose(d, m, m.items.index(SEATS[who]))
        elif not helped:
            choose(d, m, m.items.index(SEATS[who[1]]))  # the players see who won
        else:
            choose(d, m, m.items.index("Tie: help"))
            if players > 2:
                assert d.top().name == "capture.tied"
                tick(d, d.top(), list(who[0]))
            answer_tie(d, g, who[1])
    assert g.name == "capture.draw" and g.state.round == 1
    return d, d.presses - start


def outcomes(d):
    """The round's results as (place, capturer or -1) and the cards each player holds."""
    st = d.top().state
    return sorted((t, w) for t, w, _h in st.results), [len(c) for c in st.collections]


def test_press_counts_of_one_round(capsys):
    full2, n_full2 = full_round(2, FULL2)
    full4, n_full4 = full_round(4, FULL4)
    quick2, n_quick2 = quick_round(2, QUICK2)
    quick4, n_quick4 = quick_round(4, QUICK4)
    help2, n_help2 = quick_round(2, QUICK2, True)
    help4, n_help4 = quick_round(4, QUICK4, True)
    with capsys.disabled():
        print("\nCapture presses a round: 2 players full {} quick {} (tie help used: {}); "
              "4 players full {} quick {} (tie help used: {})".format(
                  n_full2, n_quick2, n_help2, n_full4, n_quick4, n_help4))
    assert n_quick2 <= 15 and n_quick4 <= 25  # the goals above
    assert n_help2 <= n_quick2 + 4 and n_help4 <= n_quick4 + 8
    assert n_full2 > 2 * n_quick2 and n_full4 > 3 * n_quick4
    # Both modes record the same round: who captured what (C3); a tie the help settles
    # is a bull's eye in both.
    for full, quick, help_ in ((full2, quick2, help2), (full4, quick4, help4)):
        assert outcomes(full) == outcomes(quick) == outcomes(help_)
        hows = [h for _t, _w, h in help_.top().state.results]
        assert hows == [h for _t, _w, h in full.top().state.results]
        assert kc.H_BULLSEYE in hows


def test_naming_one_card_takes_at_most_five_presses():
    """From the cards screen (the cursor on Throw!), card 1 named as each shipped card it
    can be: to place 1, OK, then a band a press (27 cards: 3 presses)."""
    d = started(2, False)
    g = d.top()
    d.press(keys.OK)  # the cards laid out
    counts = []
    rows = None
    for i in range(40):
        start = d.presses
        choose(d, g.menu, 0)
        picker = d.top()
        assert picker.name == "capture.catalog"
        rows = rows or list(picker.rows)
        if i >= len(rows):
            d.press(keys.BACK)
            break
        d.name_card(rows[i])
        counts.append(d.presses - start)
        assert cat.row_of(g.cat, g.state.slots[0]) == rows[i]
    assert len(counts) == len(rows) >= 20
    assert max(counts) <= 5, counts


@pytest.mark.parametrize("cards", [40, 78, 150])
def test_the_picker_names_any_card_of_a_big_catalog_in_five_presses(tmp_path, cards):
    """The picker alone: a press a band; 150 cards (the gadget's limit) take at most 5."""
    path = tmp_path / "catalog.csv"
    path.write_text(realistic_csv(cards))
    c = cat.Catalog()
    with open(path) as f:
        cat.load(c, f)
    starters = [r for r in range(len(c)) if c.get(r, cat.SPECIAL) & kc.SP_STARTER]
    g = SimpleNamespace(cat=c, cfg=SimpleNamespace(rows=(starters[0] + 1, 0)),
                        state=CaptureState(2, None))
    g.state.slots[0] = 0
    rows = nm.offered(g, 0)
    names = [c.name(r).lower() for r in rows]
    assert names == sorted(names)  # alphabetical: the bands read like a dictionary
    ui = SimpleNamespace(popped=0)
    ui.pop = lambda: None
    worst = 0
    for r in random.Random(cards).sample(rows, min(len(rows), 40)):
        got = []
        p = nm.Picker(ui, "Card 1 is", c, rows, got.append)
        presses = 0
        while not got:
            at = rows.index(r)
            band = [i for i, (lo, hi) in enumerate(p.bands()) if lo <= at < hi][0]
            p.key((keys.UP, keys.OK, keys.DOWN)[band])
            presses += 1
        assert got == [r]
        worst = max(worst, presses)
    assert worst <= 5 and 3 ** (worst - 1) < len(rows)  # no more presses than a third a press


# -- the end of the game -----------------------------------------------------------------------
# Two games from a fresh boot with the real cards kept beside the gadget
# (capture_end_games.py): a 2-player quick game (seed 3: Red 10 cards "?", Green 6) and the
# solo trials with the 36 cards of their deck all caught (seed 2, a fire arena: 36 "?").
# Presses from "Game over" to the scores, card by card on the code before the count of
# the "?" cards (each card's kind, line letter and, solo, arena type, the fewest keys): 101
# and 292 (the table's own entry, about 4 presses a card with fewer lines and letters
# given, took 98 and 147). The scores the gadget showed then for the same cards: 2 players
# [64, 41], solo [334], which the rules' scorer gives for the real cards too.
END_GAMES = (("2p", 3, 101, [64, 41], 40), ("solo", 2, 292, [334], 60))


def test_end_of_the_game_in_few_presses(capsys):
    """Counting each player's "?" cards by line (tally.py) takes the two games from "Game
    over" to the scores in at most 40 and 60 presses (the aims), with the scores the
    gadget gave before for the same cards: C4-C10, C12, C13 unchanged. Card by card is
    still there, and shorter than before (the cursor goes on to the next "?" card, the
    line letter kept)."""
    import capture_end_games as ce

    figures = []
    for game, seed, before, scores, aim in END_GAMES:
        d, truth = ce.play(game, seed)
        arena = ce.FIRE if game == "solo" else 0
        assert ce.true_scores(truth, arena) == scores
        counted = ce.enter_by_count(d, truth)
        page = d.top()
        end = d.ui.stack[1]
        assert page.name == "capture.scores" and list(end.scored[0]) == scores
        for p, total in enumerate(scores):
            assert "{} {} pts".format(SEATS[p], total) in page.lines
        d, truth = ce.play(game, seed)
        by_card = ce.enter_by_cards(d, truth)
        assert list(d.ui.stack[1].scored[0]) == scores
        figures.append((game, before, counted, by_card))
        assert counted <= aim
        assert by_card < before
    with capsys.disabled():
        for game, before, counted, by_card in figures:
            print("\nCapture end, {}: {} presses before, {} counting the ? cards, {} card by "
                  "card".format(game, before, counted, by_card))
