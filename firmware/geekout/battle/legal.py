"""Galaxy battle: the legal events of the player in turn (rules.BattleState.legal_events),
for host tools, random play and tests; the gadget's screens check the few events they
offer with BattleState.is_legal instead.

The candidates are phase-aware and broad but not every conceivable event: a move lists
cells holding at most 2 stars (at most 1 supernova), a star placement at most one merge.
"""

from . import events as E
from .consts import (
    PAY_NOVA,
    PAY_SMALL,
    PH_ATTACKS,
    PH_DRONES,
    PH_EXPLORE,
    PH_OPEN_CELLS,
    PH_OPEN_STARS,
    PH_TACTICAL,
    SHIPS,
)


def legal_events(state):
    """Every legal event of the current player (the chance draw at the start)."""
    phase = state.phase
    if state.is_chance():
        return [E.first(i) for i in range(state.players)]
    if state.is_terminal():
        return []
    p = state.seat
    cands = []
    if phase == PH_OPEN_CELLS or phase == PH_EXPLORE or phase == PH_TACTICAL:
        cands.append(E.cell(p))
    if phase == PH_OPEN_STARS or phase == PH_TACTICAL:
        for bombs in range(3):
            cands.append(E.stars(p, bombs))
            for m in range(4):
                cands.append(E.stars(p, bombs, (m,)))
    if phase >= PH_DRONES:
        cands.append(E.done(p))
        for s in range(SHIPS):
            if state.ship_at(p, s)[0]:
                _ship_candidates(state, cands, p, s)
    if phase == PH_DRONES or phase == PH_ATTACKS:
        for t in range(state.players):
            for ts in range(SHIPS):
                cands.append(E.wormhole(p, t, ts))
    if phase == PH_TACTICAL:
        cands.append(E.drone(p, PAY_SMALL))
        cands.append(E.drone(p, PAY_NOVA))
    return [ev for ev in cands if state.is_legal(ev)]


def _ship_candidates(state, cands, p, s):
    phase = state.phase
    if phase != PH_ATTACKS:
        cands.append(E.move(p, s, 1))
        for small in range(3):
            for bomb in range(3 - small):
                for nova in range(2 if small + bomb < 2 else 1):
                    cands.append(E.move(p, s, 0, small, bomb, nova))
                    if bomb:
                        cands.append(E.move(p, s, 0, small, bomb, nova, 1))
    if phase == PH_TACTICAL:
        cands.append(E.turn(p, s))
        cands.append(E.upgrade(p, s, PAY_SMALL))
        cands.append(E.upgrade(p, s, PAY_NOVA))
    if phase == PH_DRONES:
        return
    for t in range(state.players):
        if t != p:
            for ts in range(SHIPS):
                cands.append(E.attack(p, s, t, ts))
                cands.append(E.attack(p, s, t, ts, 1))
