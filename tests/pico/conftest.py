"""The emulated-Pico tests' fixtures. Their tier (`pico`, `uf2`: tests/tiers.py) skips
them, saying what is missing, when node, rp2040js, the MicroPython UF2 or the boot ROM
cannot be found."""

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import picoplay  # noqa: E402
import shared  # noqa: E402


@pytest.fixture(scope="session")
def image(tmp_path_factory):
    """The deployed firmware on a littlefs image (built once per test run)."""
    return shared.once(tmp_path_factory, "pico-image", picoplay.deployed_image)


@pytest.fixture(scope="session")
def refs(tmp_path_factory):
    """The unix-port reference games, each recorded once per run (see picoplay.reference)."""
    cache = {}

    def get(game, seed):
        if (game, seed) not in cache:
            cache[(game, seed)] = shared.once(
                tmp_path_factory, "pico-ref-{}-{}".format(game, seed),
                lambda folder: picoplay.reference(folder, game, seed))
        return cache[(game, seed)]

    return get


@pytest.fixture(scope="session")
def erase_key(refs, image):
    """The Masters reference game (heapreplay's 4-player game, seed 5) played on the
    emulated Pico up to its first key (an OK or BACK from the 11th on, a short key of
    another button after it) whose save erased a flash sector, a stall of 45 ms with interrupts off after the
    screen: {"ref", "i": that key, "erase_ms": from its release to the erase (ms)}.
    picoplay.play_to_an_erase(..., stop=i) plays the same keys at the same times."""
    ref = refs("masters", 5)
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        g = picoplay.Gadget(pico, seed=5)
        i, ms = picoplay.play_to_an_erase(pico, g, ref["keys"])
        assert g.errors == 0
    assert i is not None, "no save with a flash erase in the game"
    return {"ref": ref, "i": i, "erase_ms": ms}
