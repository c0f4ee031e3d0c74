"""Geekmon Capture at the table: the presses from "Game over" to the scores (docs/gadget-
capture.md, The end), on CPython by the key scripts of tests/firmware/capture_end_games.py:
a 2-player quick game and the solo trials with the 36 cards of their deck caught, each
from a fresh boot with the real cards kept beside the gadget, seeds 1-5.

For each game: the presses card by card on the code before the count of the "?" cards
(measured there by the same script, kept here), and now: counting each player's "?"
cards by line, and card by card; the scores, the same each way and the rules' scorer's
on the real cards. tests/firmware/test_capture_presses.py holds the aims (40 and 60
presses for seed 3 and seed 2).

Run: .venv/bin/python bench/bench_capture_end.py
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for _sub in ("host/geekout_tools/sim/pyfb", "host/geekout_tools/sim", "tests/fakes",
             "tests/firmware", "firmware", "tests"):
    sys.path.insert(0, str(ROOT / _sub))

import capture_end_games as ce  # noqa: E402

# Card by card before the count (the code of commit 55f51cc), seeds 1-5.
BEFORE = {"2p": (130, 104, 101, 135, 111), "solo": (297, 292, 296, 304, 293)}
NAMES = {"2p": "2 players, quick rounds", "solo": "solo trials, 36 cards caught"}


def main():
    print("Capture, presses from Game over to the scores (CPython, key scripts):")
    print("{:<30} {:>4} {:>7} {:>8} {:>8}  scores".format("game", "seed", "before", "counted",
                                                          "by card"))
    for game in ("2p", "solo"):
        for seed in range(1, 6):
            d, truth = ce.play(game, seed)
            counted = ce.enter_by_count(d, truth)
            scores = list(d.ui.stack[1].scored[0])
            d, truth = ce.play(game, seed)
            by_card = ce.enter_by_cards(d, truth)
            same = list(d.ui.stack[1].scored[0]) == scores == ce.true_scores(
                truth, ce.FIRE if game == "solo" else 0)
            print("{:<30} {:>4} {:>7} {:>8} {:>8}  {}{}".format(
                NAMES[game], seed, BEFORE[game][seed - 1], counted, by_card, scores,
                "" if same else "  DIFFERENT"))
            if not same:
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
