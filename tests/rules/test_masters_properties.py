"""Invariants of the Masters core over random games (hypothesis)."""

from geekout.masters import consts as mc
from geekout.masters import rules as m
from hypothesis import given, settings
from hypothesis import strategies as st

choices = st.lists(st.integers(min_value=0, max_value=1 << 16), min_size=1, max_size=400)


def play(players, picks):
    """Plays a game by picking among the legal actions; yields the state after each."""
    s = m.new_initial_state(players)
    for pick in picks:
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply_action(legal[pick % len(legal)])
        yield s


def last_state(players, picks):
    s = None
    for s in play(players, picks):  # noqa: B007 (the last state is wanted)
        pass
    assert s is not None
    return s


def fingerprint(s):
    return (bytes(s.journal), bytes(s.active), s.inactive, s.used, s.scored, s.pending,
            s.phase, tuple(s.totals), tuple(s.turns), s.seat, s.round, s.played)


@settings(max_examples=300, deadline=None)
@given(players=st.integers(1, 4), picks=choices)
def test_ten_dice_conserved(players, picks):
    for s in play(players, picks):
        if not s.is_terminal():
            assert s.dice_in_play() == mc.DICE  # M2
            assert s.inactive >= 0 and s.used >= 0 and s.scored >= 0 and min(s.active) >= 0


@settings(max_examples=300, deadline=None)
@given(players=st.integers(1, 4), picks=choices)
def test_nonterminal_has_legal_action(players, picks):
    for s in play(players, picks):
        assert s.is_terminal() or len(s.legal_actions()) > 0
        assert s.is_terminal() == (s.current_player() == mc.TERMINAL)


@settings(max_examples=300, deadline=None)
@given(players=st.integers(1, 4), picks=choices)
def test_totals_never_decrease(players, picks):
    last = [0] * players
    for s in play(players, picks):
        assert all(a >= b for a, b in zip(s.totals, last))
        assert all(t >= 0 for t in s.totals)
        last = list(s.totals)


@settings(max_examples=200, deadline=None)
@given(players=st.integers(1, 4), picks=choices)
def test_replay_reproduces_state(players, picks):
    s = last_state(players, picks)
    assert fingerprint(m.replay(players, s.journal)) == fingerprint(s)


@settings(max_examples=200, deadline=None)
@given(players=st.integers(1, 4), picks=choices)
def test_undo_then_redo_reproduces(players, picks):
    s = last_state(players, picks)
    back = m.undo(s)
    if back is None:
        assert m.last_decision(s) == -1
        return
    prev, removed = back
    assert not m.replay(players, prev.journal).is_chance() or prev.phase_name() == "first"
    for a in removed:
        prev.apply_action(a)
    assert fingerprint(prev) == fingerprint(s)


@settings(max_examples=100, deadline=None)
@given(players=st.integers(1, 4), seed=st.integers(0, 2**32 - 1))
def test_game_ends_after_five_rounds(players, seed):
    import random

    rng = random.Random(seed)
    s = m.new_initial_state(players)
    while not s.is_terminal():
        if s.is_chance():
            m.play_chance(s, rng.randrange)
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    assert len(s.turns) == mc.ROUNDS * players  # M8: one turn per player per round
    seats = [t[0] for t in s.turns]
    assert seats == [(s.first + i) % players for i in range(len(seats))]
    assert sum(t[1] for t in s.turns) == sum(s.totals)
    assert s.winners() == [i for i, t in enumerate(s.totals) if t == max(s.totals)]


@settings(max_examples=200, deadline=None)
@given(players=st.integers(1, 4), picks=choices)
def test_apply_takes_exactly_the_legal_actions(players, picks):
    # apply_action checks a resolution's byte alone (M3, M3e), not against the list:
    # every byte it takes is in legal_actions(), every other refused, the state unchanged
    # (action ids are below 48, consts.py: the bytes past them are refused alike)
    for s in play(players, picks):
        legal = s.legal_actions()
        before = fingerprint(s)
        for a in (-1, *range(64), 255, 256):
            c = s.clone()
            try:
                c.apply_action(a)
            except ValueError:
                assert a not in legal, (a, legal, bytes(s.active))
                assert fingerprint(c) == before
            else:
                assert a in legal, (a, legal, bytes(s.active))
