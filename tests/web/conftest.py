"""The web tests' set-up: the site built once into a temporary folder (as `make web`
builds build/web/). Its tests' tier (`node`, `browser`: tests/tiers.py) skips them,
saying why, when node, the WebAssembly port or Chromium is missing."""

import pytest
import shared


def _build(folder):
    from geekout_tools.web import site as sitebuilder

    sitebuilder.build_site(folder / "web")
    return folder / "web"


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The site, built once per run whatever the number of workers."""
    return shared.once(tmp_path_factory, "site", _build)
