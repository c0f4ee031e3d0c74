"""Record journals of the firmware as it was (commit 18518ef, before the rules cores
got their common interface): every game and mode played on the simulated gadget by
the test drivers' key presses, saved as the gadget's save file bytes.

This script is history, not a build step: it is not rerun after the rules cores are
refactored. The .goj files it wrote and their .json outcomes are the fixture that
tests/rules/test_old_journals.py replays on today's rules cores, so a refactor that
changes how an old journal folds (a score, the end of the game) fails there.

Each NAME.goj is a game.goj with its parts joined (journal.read_parts), exactly what
`geekout logs pull` would copy; NAME.json says what the firmware showed at that point:
the game, its config bytes (hex), the score per seat (Masters: totals; Capture: cards
collected, and the end screen's final scores once they were shown; battle: star
values, and the winner), whether the game was over, and the journal's action bytes.

Run from the checkout: .venv/bin/python tests/data/journals/make_journals.py
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
OUT = Path(__file__).resolve().parent
for sub in ("host/geekout_tools/sim/pyfb", "host/geekout_tools/sim", "tests/fakes",
            "tests/firmware", "firmware"):
    sys.path.insert(0, str(ROOT / sub))

import battle_checks  # noqa: E402
import capture_checks  # noqa: E402
from drive import Driver  # noqa: E402
from flash import FakeFlash  # noqa: E402
from geekout import journal as jn  # noqa: E402
from geekout.capture import cards as cat  # noqa: E402
from simboard import SimBoard  # noqa: E402

DATA = str(ROOT / "firmware")


def saved(d):
    """The save file's bytes (its parts joined) and its parsed fields."""
    data = bytes(jn.read_parts(d.board.storage, "game.goj"))
    game, config, actions, _good, problem = jn.parse(data)
    assert problem is None, problem
    return data, game, config, actions


def undo_records(data):
    """How many 'U' records (undos) the file holds."""
    n, pos = 0, 4
    while pos < len(data):
        n += data[pos + 1] == jn.T_UNDO
        pos += data[pos] + 4
    return n


def write(name, d, scores, over, extra=None):
    data, game, config, actions = saved(d)
    (OUT / (name + ".goj")).write_bytes(data)
    doc = {"game": game, "config": config.hex(), "scores": scores, "over": over,
           "action_bytes": len(actions), "file_bytes": len(data),
           "undo_records": undo_records(data)}
    doc.update(extra or {})
    (OUT / (name + ".json")).write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    print(name, game, "over" if over else "unfinished", scores, len(actions), "action bytes")


def masters_state(d):
    for s in reversed(d.ui.stack):
        if s.name == "masters.end":
            return s.game.state
        st = getattr(s, "state", None)
        if st is not None and s.name.startswith("masters."):
            return st
    raise ValueError("no masters screen")


def masters(name, mode, players, seed, undo_every, presses=0):
    d = Driver(SimBoard(storage=FakeFlash(), seed=seed))
    d.undo_every = undo_every
    d.boot()
    d.start(mode, players)
    if presses:
        for _ in range(presses):
            if not d.step():
                break
    else:
        d.play_out()
    st = masters_state(d)
    write(name, d, list(st.totals), st.is_terminal())


def capture(name, players, wicked, arena, seed, undo_every, quick):
    cat.forget()
    d = capture_checks.game(players, wicked, arena, seed, undo_every, DATA, quick=quick)
    end = d.ui.stack[1]
    assert end.name == "capture.end" and d.top().name == "capture.scores"
    st = end.state
    notes = len(end.game.notes)
    write(name, d, [len(c) for c in st.collections], True,
          {"final": list(end.scored[0]), "winners": list(end.scored[1]), "line_entries": notes,
           "quick": quick, "wicked": wicked, "arena": arena})


def battle(name, players, seed, undo_every, presses=0):
    if presses:
        d = battle_checks.BattleDriver(battle_checks.board(None, seed, False, False), seed=seed)
        d.undo_every = undo_every
        d.boot()
        d.start_battle(players)
        for _ in range(presses):
            if not d.step():
                break
    else:
        d = battle_checks.full_game(players, seed, undo_every, draw=False)
    st = d.game().state
    write(name, d, [st.star_value(p) for p in range(players)], st.is_terminal(),
          {"winner": st.winner})


def main():
    for old in OUT.glob("*.goj"):
        old.unlink()
    masters("masters-virtual-2p-undo", 0, 2, 11, 5)
    masters("masters-virtual-4p-undo", 0, 4, 12, 7)
    masters("masters-virtual-3p-unfinished", 0, 3, 13, 6, presses=150)
    masters("masters-table-2p-undo", 1, 2, 14, 4)
    masters("masters-table-4p-undo", 1, 4, 15, 6)
    masters("masters-auto-2p-undo", 2, 2, 16, 5)
    masters("masters-auto-4p-undo", 2, 4, 17, 4)
    capture("capture-full-2p-undo", 2, False, 0, 4, 6, False)
    capture("capture-quick-3p-undo", 3, False, 0, 5, 7, True)
    capture("capture-solo-arena", 1, False, 4, 8, 9, False)
    capture("capture-wicked-3p", 3, True, 0, 2, 0, False)
    capture("capture-arena-4p", 4, False, 6, 3, 11, False)
    capture("capture-wicked-2p-arena-quick", 2, True, 7, 6, 0, True)
    battle("battle-3p-undo", 3, 21, 5)
    battle("battle-4p-undo", 4, 22, 6)
    battle("battle-4p-unfinished", 4, 23, 4, presses=300)


if __name__ == "__main__":
    main()
