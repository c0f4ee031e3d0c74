"""Build the web page's static site into build/web/ (`make web`; `geekout web` builds it
when it is missing or stale).

The site is self-contained (no CDN: it works with no network once served):
  index.html, page.css, page.js, gadget.js   the page (this folder)
  micropython/micropython.{mjs,wasm}          MicroPython's WebAssembly port, copied from
                                              node_modules (pinned in package.json)
  bundle.bin                                  the files the page writes into the port's
                                              file system, end to end:
    firmware/...                              the firmware as `make deploy` copies it: the
                                              .mpy files mpy-cross makes (geekout_tools.build)
                                              and the data files (the firmware's main.py is
                                              left out: the page's board has its own main)
    web/boards/{__init__,web,sim}.py          the page's board (firmware/boards/web.py), and
                                              the simulator's board it borrows the dice and
                                              stand-ins from (firmware/boards/sim.py)
  manifest.json                               the bundle's files and sizes, in order, and a
                                              hash of everything the site was built from
The firmware ships as bytecode, not source: the same bytes the Pico runs, nothing to
compile in the browser (the port loads bytecode-only .mpy of any -march), and half the
size. `python -m geekout_tools.web.site [--check]` builds it (or says whether it is up
to date).
"""

import argparse
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

from .. import __version__, build
from ..errors import UsageError

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent
SITE = ROOT / "build" / "web"
RUNTIME_PACKAGE = "@micropython/micropython-webassembly-pyscript"
RUNTIME = ROOT / "node_modules" / RUNTIME_PACKAGE
RUNTIME_FILES = ("micropython.mjs", "micropython.wasm")
PAGE_FILES = ("index.html", "page.css", "page.js", "gadget.js")
BOARDS = build.FIRMWARE / "boards"
BOARD_FILES = tuple(BOARDS / name for name in ("__init__.py", "web.py", "sim.py"))


def runtime_version():
    """The WebAssembly port's npm version, or None when node_modules lacks it."""
    try:
        return json.loads((RUNTIME / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


def inputs():
    """Every file the site is built from, in a stable order."""
    files = [HERE / name for name in PAGE_FILES] + list(BOARD_FILES)
    files += [RUNTIME / name for name in RUNTIME_FILES + ("package.json",)]
    files += [build.FIRMWARE / rel for rel in build.firmware_sources() + build.data_files()]
    files += [Path(__file__).resolve(), Path(build.__file__).resolve()]
    return files


def source_hash():
    """SHA-256 over the inputs' names and bytes: the site is stale when it changes."""
    h = hashlib.sha256()
    for path in inputs():
        h.update(os.path.relpath(path, ROOT).encode() + b"\0")
        try:
            h.update(path.read_bytes())
        except OSError:
            h.update(b"\1missing")
    return h.hexdigest()


def is_current(site=SITE):
    try:
        manifest = json.loads((site / "manifest.json").read_text())
    except (OSError, ValueError):
        return False
    return manifest.get("source") == source_hash()


def build_site(site=SITE):
    """Build the site into `site` (made in a folder beside it, then put in its place, so
    a server never hands out half a site). Returns the manifest; UsageError with what to
    do when the runtime is not installed or a firmware file does not compile."""
    version = runtime_version()
    if version is None or not all((RUNTIME / name).is_file() for name in RUNTIME_FILES):
        raise UsageError("MicroPython's WebAssembly port is not installed ({}): run `make "
                         "setup` (npm ci, needs Node.js)".format(Path("node_modules") / RUNTIME_PACKAGE))
    digest = source_hash()
    tmp = site.with_name(site.name + ".tmp")
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True)
    written, errors = build.build(tmp / "firmware")
    if errors:
        shutil.rmtree(tmp)
        raise UsageError("the firmware does not compile: " + "; ".join(errors))
    for name in PAGE_FILES:
        shutil.copyfile(HERE / name, tmp / name)
    (tmp / "micropython").mkdir()
    for name in RUNTIME_FILES:
        shutil.copyfile(RUNTIME / name, tmp / "micropython" / name)
    (tmp / "web" / "boards").mkdir(parents=True)
    for path in BOARD_FILES:
        shutil.copyfile(path, tmp / "web" / "boards" / path.name)
    # The files the page loads into the port, end to end in one bundle (one request: 72
    # files one by one took the page 0.5 s longer to start, headless Chromium here).
    names = ["firmware/" + rel.as_posix() for rel in written if rel.as_posix() != "main.py"]
    names += ["web/boards/" + path.name for path in BOARD_FILES]
    files = []
    with open(tmp / "bundle.bin", "wb") as bundle:
        for name in names:
            data = (tmp / name).read_bytes()
            bundle.write(data)
            files.append([name, len(data)])
    for folder in ("firmware", "web"):  # in the bundle now
        shutil.rmtree(tmp / folder)
    manifest = {"geekout": __version__, "micropython": version, "bundle": "bundle.bin",
                "files": files, "source": digest}
    (tmp / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    if site.exists():
        shutil.rmtree(site)
    tmp.rename(site)
    return manifest


def site_bytes(site=SITE):
    return sum(p.stat().st_size for p in site.rglob("*") if p.is_file())


def main(argv=None):
    parser = argparse.ArgumentParser(prog="geekout-web-site", description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether build/web is up to date")
    args = parser.parse_args(argv)
    shown = SITE.relative_to(ROOT)
    if args.check:
        current = is_current()
        print("{} is {}".format(shown, "up to date" if current else "missing or stale"))
        return 0 if current else 1
    try:
        manifest = build_site()
    except UsageError as e:
        print("geekout: error: {}".format(e), file=sys.stderr)
        return 2
    print("built {}: {} files loaded by the page, {:,} bytes in all (MicroPython {})".format(
        shown, len(manifest["files"]), site_bytes(), manifest["micropython"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
