"""Shared pytest set-up: the harness and vector directories on the import path, and the
tiers (tests/tiers.py, docs/testing.md): each test's one tier, skipped saying which part
is missing, or stopping the run under GEEKOUT_REQUIRE_<TIER>."""

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
for sub in (HERE, HERE / "vectors"):
    if str(sub) not in sys.path:
        sys.path.insert(0, str(sub))

import shared  # noqa: E402
import tiers  # noqa: E402

TIER = pytest.StashKey[str]()


def pytest_configure(config):
    tiers.default_pico_files()


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """After -m and -k have chosen: one tier per test, and a skip (or a stop) where that
    tier's part is missing."""
    wrong, stop = [], {}
    for item in items:
        names = {m.name for m in item.iter_markers()}
        try:
            tier = tiers.tier_of(names)
        except ValueError as e:
            wrong.append("{} is {}".format(item.nodeid, e))
            continue
        item.stash[TIER] = tier + ("+smoke" if "smoke" in names else "")
        why = tiers.missing(tier)
        if why is None:
            continue
        if tiers.required(tier):
            stop[tier] = why
        else:
            item.add_marker(pytest.mark.skip(reason="needs {}: {}".format(tiers.PARTS[tier], why)))
    if wrong:
        raise pytest.UsageError("tests in two tiers (tests/tiers.py):\n  " + "\n  ".join(wrong))
    if not (config.getoption("lf", False) or config.getoption("failedfirst", False)):
        # The slowest tiers first: pytest-xdist hands tests out in this order, so the
        # long emulated games start at once and the many short tests fill in beside them.
        items.sort(key=lambda item: tiers.RUN_ORDER.index(item.stash[TIER].partition("+")[0]))
    for tier, why in stop.items():
        raise pytest.UsageError("{} required (GEEKOUT_REQUIRE_{}) but {}".format(
            tiers.PARTS[tier], tier.upper(), why))


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist: `-p no:xdist` runs without it
def pytest_xdist_make_scheduler(config, log):
    """`--dist loadscope` with the project's scopes (tiers.xdist_scope): tests that share
    a folder of the checkout or an emulated game's play go to one worker, the rest one
    by one. (xdist_group marks were not honoured with pytest 9.2 and pytest-xdist 3.8.)"""
    if config.getoption("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class SharedWorkScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            return tiers.xdist_scope(nodeid)

    return SharedWorkScheduling(config, log)


@pytest.fixture(autouse=True)
def _tier_said(request, monkeypatch):
    """The test's tier in the environment, for the harnesses' check (tiers.allowed)."""
    monkeypatch.setenv(tiers.TIER_ENV, request.node.stash.get(TIER, "fast"))


@pytest.fixture(scope="session")
def win_game(tmp_path_factory):
    """The solved two-player Masters game (winsolve.game()): solved once per run when the
    disk cache is cold (2-4 minutes on 2 cores), while the other workers wait, then read
    from that cache."""
    from geekout_tools.masters import winsolve as ws

    shared.once(tmp_path_factory, "win-solve", lambda _folder: str(ws.game().seconds))
    return ws.game()


def pytest_terminal_summary(terminalreporter):
    """Each missing part once at the end of the run, with how many tests it skipped."""
    counts = {}
    for rep in terminalreporter.stats.get("skipped", []):
        reason = rep.longrepr[2] if isinstance(rep.longrepr, tuple) else str(rep.longrepr)
        reason = reason.removeprefix("Skipped: ")
        if reason.startswith("needs "):
            counts[reason] = counts.get(reason, 0) + 1
    for reason, n in sorted(counts.items()):
        terminalreporter.write_line("skipped {} test{}: {}".format(n, "" if n == 1 else "s", reason))
