"""Power cuts at 300 random flash operations of a long game on the emulated Pico: Capture,
4 players, Team Wicked, an arena (about 1,900 keys and 700 flash operations; its saved
game runs to a dozen parts). Each cut is rebuilt from the game's log of flash
operations, torn mid-way, and the files left are read as the gadget reads them at boot
(picoplay.cut_problem): the last step saved, never earlier, never damaged. The three
shorter games of test_pico_games.py are cut at every operation."""

import random

import picoplay
import pytest

pytestmark = pytest.mark.pico

LONG_GAME = ("capture", 2)  # tests/firmware/heapreplay.py: 4 players, Team Wicked, arena
CUTS = 300


def test_cuts_at_300_random_operations_of_a_long_game(image, refs, tmp_path):
    game, seed = LONG_GAME
    ref = refs(game, seed)
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        g, bad, _first, keys_ops = picoplay.play_logged(pico, ref, seed)
        assert bad == [] and g.errors == 0
        start, ops = pico.flash_ops()
        game_ops = [start + i for i in range(len(ops)) if start + i >= keys_ops[0][0]]
        assert len(game_ops) > 2 * CUTS
        scratch = tmp_path / "cut.img"
        problems = []
        for op in sorted(random.Random(seed).sample(game_ops, CUTS)):
            pico.flash_at(op, scratch, "torn")
            files = picoplay.user_files(
                picoplay.fsimage.read_files(scratch, skip=("geekout/",)))
            problems.append(picoplay.cut_problem(files, ref["journals"], keys_ops, op))
    assert [p for p in problems if p] == []
    assert len(ref["journal"]) > 8 * 256  # a save of more than 8 parts (SEGMENT_BYTES)
