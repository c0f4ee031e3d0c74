"""Seeded tournaments of Masters strategies on the rules core.

One random.Random(seed) drives every die and the first seat of every game, so a run
with the same players, games, seed and strategies reproduces exactly.
"""

import random
import time

from geekout.masters import rules as m

from .strategies import make_strategy


def play_game(players, strategies, rng):
    """Plays one game to the end; returns its final state."""
    state = m.new_initial_state(players)
    while not state.is_terminal():
        if state.is_chance():
            m.play_chance(state, rng.randrange)
        else:
            state.apply_action(strategies[state.current_player()].choose(state))
    return state


def simulate(players, games, seed, specs, progress=None):
    """specs: one strategy name per seat, or one for all. Returns the contract's dict:
    {"games", "seats": [{"strategy", "wins", "mean_score"}], "seconds"}; a shared win
    counts 1/k to each of the k winners (M8)."""
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise ValueError("{} strategies for {} players".format(len(specs), players))
    strategies = [make_strategy(s) for s in specs]
    for s in strategies:
        if getattr(s, "players", players) != players:
            raise ValueError("strategy {} plays {}-player games only, not {}".format(
                s.name, s.players, players))
    rng = random.Random(seed)
    wins = [0.0] * players
    points = [0] * players
    start = time.perf_counter()
    for g in range(games):
        state = play_game(players, strategies, rng)
        winners = state.winners()
        for w in winners:
            wins[w] += 1.0 / len(winners)
        for i in range(players):
            points[i] += state.totals[i]
        if progress is not None:
            progress(g + 1, games)
    seconds = time.perf_counter() - start
    return {
        "games": games,
        "seats": [
            {"strategy": strategies[i].name, "wins": wins[i],
             "mean_score": points[i] / games if games else 0.0}
            for i in range(players)
        ],
        "seconds": seconds,
    }
