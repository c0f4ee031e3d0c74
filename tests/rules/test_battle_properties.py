"""Invariants of the galaxy battle core over random games (hypothesis)."""

import random
import re

from geekout.battle import consts as c
from geekout.battle import events as e
from geekout.battle import rules as b
from geekout_tools.battle import json_events as jsonev
from hypothesis import given, settings
from hypothesis import strategies as st

seats = st.sampled_from([3, 4])


def _picks(seed, n):
    rng = random.Random(seed)
    return [rng.randrange(1 << 16) for _ in range(n)]


# A game is drawn as a seed for the choices and a length: short lists of picks would
# never get past the opening, while seeded games reach drones, kills and wins.
picks = st.builds(_picks, st.integers(0, 1 << 32), st.integers(1, 400))


def play(players, choices):
    """Plays by picking among the legal events; yields the state after each event."""
    s = b.new_initial_state(players)
    for pick in choices:
        if s.is_terminal():
            break
        legal = s.legal_events()
        s.apply(legal[pick % len(legal)])
        yield s


def meets_a_condition(s):
    ships = [s.ships_in_play(p) for p in range(s.players)]
    for p in range(s.players):
        others = max(ships[q] for q in range(s.players) if q != p)
        if ships[p] - others >= 2 or s.star_value(p) >= 9 or s.kills[p] >= 3:
            return True
    return False


@settings(max_examples=60, deadline=None)
@given(players=seats, choices=picks)
def test_stars_and_ships_conserved_and_first_winner_stops(players, choices):
    for s in play(players, choices):
        assert s.star_counts() == c.TOTALS
        assert min(s.box) >= 0 and min(s.map) >= 0
        for p in range(players):
            assert 1 <= s.ships_in_play(p) <= 4
            assert s.ships_in_play(p) + s.drones_in_supply(p) <= 4  # drones leave the game
            assert all(s.ship_at(p, i)[1] <= 3 for i in range(4))  # B4
            assert min(s.reserve_small[p], s.reserve_bomb[p], s.coll_small[p],
                       s.coll_nova[p]) >= 0
        assert 0 <= s.points_left() <= 3
        # B8: checked after every event, so a running game has no one meeting a condition
        assert s.is_terminal() == meets_a_condition(s) == (s.winner >= 0)
        # (play() itself fails if a running game has no legal event)


@settings(max_examples=40, deadline=None)
@given(players=seats, choices=picks)
def test_replay_reproduces_state_and_undo_redo(players, choices):
    states = list(play(players, choices))
    s = states[-1]
    # the journal's bytes and the JSON form both rebuild the very same state
    assert b.replay(players, s.journal).snapshot() == s.snapshot()
    again = b.new_initial_state(players)
    for ev in e.decode_all(s.journal):
        again.apply(jsonev.from_json(jsonev.to_json(ev)))
    assert again.snapshot() == s.snapshot()
    # undo drops the last event; redo (applying it) gives the state back
    back = b.undo(s)
    if s.count < 2:
        assert back is None
        return
    prev, last = back
    before = b.replay(players, s.journal[:len(s.journal) - len(e.encode(last))])
    assert prev.snapshot() == before.snapshot()
    assert prev.count == s.count - 1
    prev.apply(last)
    assert prev.snapshot() == s.snapshot()


any_event = st.one_of(
    st.tuples(st.just(c.FIRST), st.integers(0, 3)),
    st.tuples(st.sampled_from([c.CELL, c.DONE]), st.integers(0, 3)),
    st.builds(lambda p, bo, ms: e.stars(p, bo, ms), st.integers(0, 3), st.integers(0, 2),
              st.lists(st.integers(0, 3), max_size=2)),
    st.builds(e.move, st.integers(0, 3), st.integers(0, 3), st.integers(0, 1),
              st.integers(0, 3), st.integers(0, 3), st.integers(0, 3), st.integers(0, 1)),
    st.builds(e.turn, st.integers(0, 3), st.integers(0, 3)),
    st.builds(e.drone, st.integers(0, 3), st.integers(0, 1)),
    st.builds(e.upgrade, st.integers(0, 3), st.integers(0, 3), st.integers(0, 1)),
    st.builds(e.attack, st.integers(0, 3), st.integers(0, 3), st.integers(0, 3),
              st.integers(0, 3), st.integers(0, 1)),
    st.builds(e.wormhole, st.integers(0, 3), st.integers(0, 3), st.integers(0, 3)),
)


@settings(max_examples=40, deadline=None)
@given(players=seats, choices=picks, tries=st.lists(any_event, min_size=1, max_size=40))
def test_refused_events_leave_state_unchanged(players, choices, tries):
    """Any event at all, legal or not, is applied or refused with a ruling id and no change."""
    states = list(play(players, choices))
    s = states[-1] if states else b.new_initial_state(players)
    for ev in tries:
        before = s.snapshot()
        legal = s.is_legal(ev)
        try:
            s.apply(ev)
        except b.Illegal as ex:
            assert not legal
            assert re.match(r"B([1-9]|1[01])$", ex.ruling) and str(ex).startswith(ex.ruling + ": ")
            assert s.snapshot() == before
        else:
            assert legal
            assert s.star_counts() == c.TOTALS


def in_candidate_shape(ev):
    """Events legal_events() promises to list when legal (see its docstring)."""
    if ev[0] == c.MOVE:
        return ev[4] + ev[5] + ev[6] <= 2 and ev[6] <= 1 and not (ev[3] and ev[7])
    if ev[0] == c.STARS:
        return ev[3] <= 1
    return ev[0] != c.FIRST


@settings(max_examples=40, deadline=None)
@given(players=seats, choices=picks, tries=st.lists(any_event, min_size=1, max_size=40))
def test_legal_events_lists_what_is_legal(players, choices, tries):
    states = list(play(players, choices))
    s = states[-1] if states else b.new_initial_state(players)
    listed = set(s.legal_events())
    for ev in tries:
        ev = (ev[0], s.seat) + ev[2:]  # by the player in turn, else all are refused
        if s.is_legal(ev) and in_candidate_shape(ev):
            assert ev in listed
    assert all(s.is_legal(ev) for ev in listed)


@settings(max_examples=300, deadline=None)
@given(ev=any_event)
def test_event_bytes_and_json_round_trip(ev):
    data = e.encode(ev)
    assert 1 <= len(data) <= 3
    assert e.decode(data + b"\x24", 0) == (ev, len(data))
    # the unchecked pair the core uses on its own bytes gives the same
    assert e.pack(ev) == data and e.unpack(data + b"\x24", 0) == (ev, len(data))
    assert jsonev.from_json(jsonev.to_json(ev)) == ev
    assert e.event_text(ev).startswith("P{} ".format(ev[1]))


@settings(max_examples=300, deadline=None)
@given(ev=st.tuples(st.integers(0, 9), st.integers(0, 3), st.integers(-1, 5), st.integers(-1, 5),
                    st.integers(-1, 5), st.integers(-1, 5), st.integers(0, 4), st.integers(0, 2)))
def test_an_event_out_of_its_fields_ranges_is_refused_naming_the_field(ev):
    """validate() checks each field against its type's maximum (bytes of maxima): a value
    out of range is refused with the field's name and range, as the table of fields says."""
    kind = ev[0]
    fields = e._FIELDS[kind]
    ev = ev[:len(fields) + 1]
    bad = [i for i in range(len(fields)) if not 0 <= ev[i + 1] <= fields[i][1]]
    try:
        e.validate(ev)
    except e.BadEvent as x:
        assert bad or kind == c.STARS, x
        if bad:
            name, most = fields[bad[0]]
            assert str(x) == "{}: '{}' must be 0-{}".format(c.TYPE_NAMES[kind], name, most)
        return
    assert not bad
