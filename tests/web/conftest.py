"""The web tests' set-up: the site built once into a temporary folder (as `make web`
builds build/web/), skipped with the reason when node, the WebAssembly port or Chromium
is missing, and the reason said at the end of the run (`make test` shows it)."""

import pytest
import webplay


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    why = webplay.node_missing()
    if why:
        pytest.skip(why)
    from geekout_tools.web import site as sitebuilder

    out = tmp_path_factory.mktemp("site") / "web"
    sitebuilder.build_site(out)
    return out


def pytest_terminal_summary(terminalreporter):
    said = set()
    for rep in terminalreporter.stats.get("skipped", []):
        if "tests/web/" not in rep.nodeid.replace("\\", "/") and not rep.nodeid.startswith("test_web"):
            continue
        reason = rep.longrepr[2] if isinstance(rep.longrepr, tuple) else str(rep.longrepr)
        reason = reason.removeprefix("Skipped: ")
        where = rep.nodeid.split("::")[0]
        if (where, reason) not in said:
            said.add((where, reason))
            terminalreporter.write_line("skipped: {} ({})".format(reason, where))
