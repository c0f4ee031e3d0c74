"""Build the gadget as one UF2: MicroPython's rp2 port with the firmware frozen in and its
data tables in a ROMFS partition (`make uf2`, `python -m geekout_tools.uf2`).

From MICROPYTHON_SRC (a MicroPython v1.28 source tree with its submodules, or a tarball
laid out like ../shared/pico/micropython-v1.28.0-rp2-src.tar.xz: micropython-*/ and
picotool-*/ side by side) it builds, all under build/uf2/ (a source tree is built out of
tree; a tarball is unpacked there once per tarball):
  1. picotool (pico-sdk 2.x needs it to write a UF2; fetched by the SDK when the sources
     carry none), 2. mpy-cross, 3. the rp2 port for a copy of the RPI_PICO board with
     the flash split below, FROZEN_MANIFEST=firmware/manifest.py, 4. a ROMFS image of the
     data files (firmware/**, not .py: the Masters hint table, the catalog), 5. one UF2
     of both: build/uf2/geekout-<version>-RPI_PICO.uf2, and a .json beside it (layout,
     sizes).

The flash (2 MB) as this board lays it out:
  0x000000 firmware, 640 KB (the stock RPI_PICO's whole code region)
  0x0a0000 ROMFS, 384 KB: read-only data, written by the UF2, memory-mapped on the Pico
  0x100000 littlefs, 1024 KB: saved games and settings, never in the UF2
A UF2 writes only the blocks it carries, so flashing a newer UF2 leaves littlefs (and
the games on it) as it was. The frozen boot.py mounts the ROMFS at /geekout, where the
firmware reads geekout/masters/hint.bin and geekout/data/*.

A second run reuses everything whose inputs did not change (make and cmake decide for
the port; a stamp for the unpacking and for picotool). Missing toolchain or sources: one
line, exit status 2.
"""

import argparse
import contextlib
import hashlib
import io
import json
import os
import shutil
import struct
import subprocess
import sys
import tarfile
from pathlib import Path

from . import build as mpy_build
from . import outputs
from .errors import UsageError

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "build" / "uf2"
MANIFEST = ROOT / "firmware" / "manifest.py"
BOARD = "RPI_PICO"
FLASH_BYTES = 2048 * 1024
ROMFS_BYTES = 384 * 1024
STORAGE_BYTES = 1024 * 1024
CODE_BYTES = FLASH_BYTES - ROMFS_BYTES - STORAGE_BYTES  # 640 KB, as the stock board
XIP_BASE = 0x10000000
ROMFS_BASE = XIP_BASE + CODE_BYTES
STORAGE_BASE = XIP_BASE + CODE_BYTES + ROMFS_BYTES
UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)
RP2040_FAMILY = 0xE48BFF56
TOOLS = (("arm-none-eabi-gcc", "gcc-arm-none-eabi libnewlib-arm-none-eabi "
          "libstdc++-arm-none-eabi-newlib"), ("cmake", "cmake"), ("make", "build-essential"),
         ("cc", "build-essential"), ("c++", "build-essential"))


class Missing(Exception):
    """A tool or the sources are missing (one line: what and how to get it)."""


def version():
    """The firmware's version (firmware/geekout/__init__.py, the one source)."""
    from geekout_tools import __version__

    return __version__


def uf2_path(ver=None):
    return OUT / "geekout-{}-{}.uf2".format(ver or version(), BOARD)


def check_tools(which=shutil.which):
    for tool, package in TOOLS:
        if which(tool) is None:
            raise Missing("{} not found: install the toolchain (Debian/Ubuntu: apt-get install "
                          "{})".format(tool, package))


def _tree_root(path):
    """The MicroPython tree in `path` (itself, or one micropython*/ folder in it)."""
    path = Path(path)
    if (path / "ports" / "rp2").is_dir():
        return path
    found = sorted(p for p in path.glob("micropython*") if (p / "ports" / "rp2").is_dir())
    return found[0] if found else None


def _check_tree(mp):
    sdk = mp / "lib" / "pico-sdk" / "pico_sdk_init.cmake"
    for need, what in ((sdk, "lib/pico-sdk"), (mp / "lib" / "tinyusb" / "src", "lib/tinyusb"),
                       (mp / "lib" / "micropython-lib" / "README.md", "lib/micropython-lib")):
        if not need.exists():
            raise Missing("{} has no {}: check out its submodules (git submodule update --init "
                          "lib/pico-sdk lib/tinyusb lib/micropython-lib lib/mbedtls)".format(mp, what))


def sources(src, out=OUT, say=print):
    """(MicroPython tree, picotool source or None, work folder) for MICROPYTHON_SRC."""
    if not src:
        raise Missing("MICROPYTHON_SRC is not set: point it at a MicroPython v1.28.0 checkout "
                      "with its submodules, or a micropython-*-rp2-src.tar.xz (docs/uf2.md)")
    src = Path(src).expanduser()
    if not src.exists():
        raise Missing("MICROPYTHON_SRC {} does not exist".format(src))
    if src.is_file():
        digest = hashlib.sha256(src.read_bytes()).hexdigest()[:12]
        work = out / "work" / digest
        tree = work / "src"
        stamp = work / ".unpacked"
        if not stamp.exists():
            say("uf2: unpacking {} into {}".format(src.name, _shown(tree)))
            shutil.rmtree(tree, ignore_errors=True)
            tree.mkdir(parents=True)
            try:
                with tarfile.open(src) as tar:
                    tar.extractall(tree, filter="tar")
            except (tarfile.TarError, OSError) as e:
                raise Missing("MICROPYTHON_SRC {} is not a readable tarball: {}".format(src, e)) from None
            stamp.write_text(str(src) + "\n")  # outputs-ok: build/uf2/work, the build's own
        else:
            say("uf2: sources already unpacked in {}".format(_shown(tree)))
    else:
        tree = src
        work = out / "work" / hashlib.sha256(str(src.resolve()).encode()).hexdigest()[:12]
    mp = _tree_root(tree)
    if mp is None:
        raise Missing("MICROPYTHON_SRC {} holds no MicroPython tree (no ports/rp2)".format(src))
    _check_tree(mp)
    pt = sorted(p for p in mp.parent.glob("picotool*") if (p / "CMakeLists.txt").is_file())
    if os.environ.get("PICOTOOL_SRC"):
        pt = [Path(os.environ["PICOTOOL_SRC"])]
    return mp, (pt[0] if pt else None), work


def _shown(path):
    try:
        return str(Path(path).relative_to(ROOT))
    except ValueError:
        return str(path)


class Runner:
    """Runs build steps with their output in build/uf2/build.log."""

    def __init__(self, log, say=print):
        self.log = log
        self.say = say
        log.parent.mkdir(parents=True, exist_ok=True)
        log.write_text("")  # outputs-ok: build/uf2/build.log, the build's own

    def __call__(self, what, cmd, env=None, cwd=None):
        self.say("uf2: " + what)
        full = dict(os.environ, **(env or {}))
        with self.log.open("a") as f:  # outputs-ok: the build log
            f.write("\n$ {}\n".format(" ".join(str(c) for c in cmd)))
            f.flush()
            proc = subprocess.run([str(c) for c in cmd], stdout=f, stderr=subprocess.STDOUT,
                                  env=full, cwd=cwd)
        if proc.returncode != 0:
            tail = self.log.read_text(errors="replace").strip().splitlines()[-15:]
            raise RuntimeError("{} failed (exit {}); the end of {}:\n{}".format(
                what, proc.returncode, _shown(self.log), "\n".join(tail)))


def board_dir(mp, work):
    """A copy of the port's RPI_PICO board with this gadget's flash split (written only
    when it changes, so make does not rebuild for nothing)."""
    stock = mp / "ports" / "rp2" / "boards" / BOARD
    dest = work / "board" / BOARD
    dest.mkdir(parents=True, exist_ok=True)
    for f in stock.iterdir():
        if not f.is_file():
            continue
        data = f.read_text()
        if f.name == "mpconfigboard.h":
            lines = [ln for ln in data.splitlines() if "MICROPY_HW_FLASH_STORAGE_BYTES" not in ln]
            lines += ["// Geek Out!: firmware 640 KB, ROMFS (the data tables) 384 KB, littlefs 1 MB.",
                      "#define MICROPY_HW_ROMFS_BYTES                  ({} * 1024)".format(ROMFS_BYTES // 1024),
                      "#define MICROPY_HW_FLASH_STORAGE_BYTES          ({} * 1024)".format(STORAGE_BYTES // 1024)]
            data = "\n".join(lines) + "\n"
        target = dest / f.name
        if not target.exists() or target.read_text() != data:
            target.write_text(data)  # outputs-ok: build/uf2/work, the build's own
    return dest


def romfs_image(firmware=mpy_build.FIRMWARE, work=OUT):
    """The ROMFS image of every data file under firmware/geekout/ (paths below geekout/,
    as the partition is mounted at /geekout)."""
    from mpremote import romfs

    stage = Path(work) / "romfs"
    shutil.rmtree(stage, ignore_errors=True)
    for rel in mpy_build.data_files(firmware):
        if rel.parts[0] != "geekout":
            continue
        dst = stage.joinpath(*rel.parts[1:])
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(Path(firmware) / rel, dst)
    with contextlib.redirect_stdout(io.StringIO()):
        return romfs.make_romfs(str(stage), mpy_cross=False)


def read_uf2(data):
    """[(address, payload)] of a UF2's RP2040 flash blocks."""
    blocks = []
    for at in range(0, len(data) - 511, 512):
        m0, m1, flags, addr, size, _no, _n, family = struct.unpack_from("<8I", data, at)
        if (m0, m1) != UF2_MAGIC[:2] or struct.unpack_from("<I", data, at + 508)[0] != UF2_MAGIC[2]:
            raise ValueError("not a UF2 (bad magic at byte {})".format(at))
        if flags & 1 or (flags & 0x2000 and family != RP2040_FAMILY):
            continue
        blocks.append((addr, data[at + 32:at + 32 + size]))
    return blocks


def write_uf2(blocks):
    """A UF2 of [(address, payload of 256 bytes at most)] for the RP2040."""
    out = bytearray()
    n = len(blocks)
    for i, (addr, payload) in enumerate(blocks):
        head = struct.pack("<8I", UF2_MAGIC[0], UF2_MAGIC[1], 0x2000, addr, len(payload), i, n,
                           RP2040_FAMILY)
        out += head + payload + bytes(476 - len(payload)) + struct.pack("<I", UF2_MAGIC[2])
    return bytes(out)


def combine(firmware_uf2, romfs):
    """The port's UF2 with the ROMFS image appended at ROMFS_BASE; checks that the
    firmware ends before the ROMFS (the port's link does not check it: a larger firmware
    would run into the partitions) and that the image fits its partition."""
    blocks = read_uf2(firmware_uf2)
    end = max(a + len(p) for a, p in blocks)
    if end > ROMFS_BASE:
        raise RuntimeError("the firmware ends at 0x{:x}, past its 640 KB (the ROMFS starts at "
                           "0x{:x}): freeze less".format(end, ROMFS_BASE))
    if len(romfs) > ROMFS_BYTES:
        raise RuntimeError("the ROMFS image is {} B, more than its {} B partition".format(
            len(romfs), ROMFS_BYTES))
    for at in range(0, len(romfs), 256):
        chunk = romfs[at:at + 256]
        blocks.append((ROMFS_BASE + at, chunk + b"\xff" * (256 - len(chunk))))
    return write_uf2(blocks), end - XIP_BASE


def build(src, out=OUT, jobs=2, say=print):
    """Build the UF2; returns its path. Raises Missing (toolchain, sources) or
    RuntimeError (a step failed)."""
    check_tools()
    mp, picotool_src, work = sources(src, out, say)
    work.mkdir(parents=True, exist_ok=True)
    run = Runner(out / "build.log", say)
    env = {}
    installed = work / "picotool"
    if picotool_src is not None:
        if not (installed / "picotool" / "picotoolConfig.cmake").is_file():
            pbuild = work / "picotool-build"
            run("[1/5] picotool: configure", ["cmake", "-S", picotool_src, "-B", pbuild,
                "-DPICO_SDK_PATH=" + str(mp / "lib" / "pico-sdk"),
                "-DCMAKE_INSTALL_PREFIX=" + str(installed), "-DPICOTOOL_FLAT_INSTALL=1",
                "-DCMAKE_BUILD_TYPE=Release"])
            run("[1/5] picotool: build (about 1 min)", ["cmake", "--build", pbuild, "-j", str(jobs)])
            run("[1/5] picotool: install", ["cmake", "--install", pbuild])
        else:
            say("uf2: [1/5] picotool: built already")
        env["CMAKE_ARGS"] = "-Dpicotool_DIR=" + str(installed / "picotool")
    else:
        say("uf2: [1/5] picotool: not in the sources, pico-sdk fetches it (needs the internet)")
    mpy_cross = work / "mpy-cross" / "mpy-cross"  # the Makefile puts PROG in BUILD
    run("[2/5] mpy-cross", ["make", "-C", mp / "mpy-cross", "-j", str(jobs),
        "BUILD=" + str(mpy_cross.parent)])
    env["MICROPY_MPYCROSS"] = str(mpy_cross)
    board = board_dir(mp, work)
    port_build = work / "rp2"
    # CMAKE_ARGS goes in the environment: on make's command line it would replace the
    # port Makefile's own, and FROZEN_MANIFEST would be silently dropped.
    run("[3/5] MicroPython rp2 port with the firmware frozen in (1-2 min the first time)",
        ["make", "-C", mp / "ports" / "rp2", "-j", str(jobs), "BOARD_DIR=" + str(board),
         "BUILD=" + str(port_build), "FROZEN_MANIFEST=" + str(MANIFEST)], env=env)
    say("uf2: [4/5] ROMFS image of the data files")
    rom = romfs_image(work=work)
    say("uf2: [5/5] one UF2 of both")
    data, code_bytes = combine((port_build / "firmware.uf2").read_bytes(), rom)
    out.mkdir(parents=True, exist_ok=True)
    dest = uf2_path()
    outputs.write_file(dest, data, "UF2")  # whole or not at all: a half UF2 would flash
    info = {"uf2": dest.name, "uf2_bytes": len(data), "firmware_bytes": code_bytes,
            "code_region_bytes": CODE_BYTES, "romfs_bytes": len(rom),
            "romfs_region_bytes": ROMFS_BYTES, "romfs_base": ROMFS_BASE - XIP_BASE,
            "storage_base": STORAGE_BASE - XIP_BASE, "storage_bytes": STORAGE_BYTES,
            "version": version(), "board": BOARD}
    outputs.write_file(dest.with_suffix(".json"), json.dumps(info, indent=1) + "\n", "UF2 layout")
    say("uf2: wrote {} ({:,} B: firmware {:,} of {:,} B, data {:,} of {:,} B; littlefs {} KB "
        "for saved games)".format(_shown(dest), len(data), code_bytes, CODE_BYTES, len(rom),
                                  ROMFS_BYTES, STORAGE_BYTES // 1024))
    return dest


def main(argv=None):
    parser = argparse.ArgumentParser(prog="geekout-uf2", description=__doc__.split("\n")[0])
    parser.add_argument("--src", default=os.environ.get("MICROPYTHON_SRC"),
                        help="MicroPython sources: a v1.28 tree with submodules or a tarball "
                             "(default: $MICROPYTHON_SRC)")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        build(args.src, jobs=args.jobs)
    except (Missing, UsageError) as e:
        print("geekout uf2: " + str(e), file=sys.stderr)
        return 2
    except RuntimeError as e:
        print("geekout uf2: " + str(e), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
