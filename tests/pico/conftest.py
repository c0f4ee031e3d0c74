"""The emulated-Pico tests: skipped, with one line saying what is missing, when node,
rp2040js, the MicroPython UF2 or the boot ROM cannot be found (tests/pico/picoplay.py)."""

import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import picoplay  # noqa: E402

WHY = picoplay.missing()


def pytest_collection_modifyitems(config, items):
    if not WHY:
        return
    if os.environ.get("GEEKOUT_REQUIRE_PICO"):
        # CI has the files: a skip there would hide that the emulated tests never ran.
        raise pytest.UsageError("emulated Pico required (GEEKOUT_REQUIRE_PICO) but " + WHY)
    skip = pytest.mark.skip(reason="emulated Pico: " + WHY)
    for item in items:
        if "tests/pico/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(skip)


@pytest.fixture(scope="session")
def image(tmp_path_factory):
    """The deployed firmware on a littlefs image (built once per test run)."""
    return picoplay.deployed_image(tmp_path_factory.mktemp("pico-image"))


@pytest.fixture(scope="session")
def refs(tmp_path_factory):
    """The unix-port reference games, recorded once (see picoplay.reference)."""
    folder = tmp_path_factory.mktemp("pico-refs")
    cache = {}

    def get(game, seed):
        if (game, seed) not in cache:
            cache[(game, seed)] = picoplay.reference(folder, game, seed)
        return cache[(game, seed)]

    return get
