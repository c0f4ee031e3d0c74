"""`make check`'s lint: ruff on the Python files changed since the branch's upstream (or
since the last commit when there is none), untracked ones included, and pyright on the
firmware files among them (pyrightconfig.json checks firmware/ against the MicroPython
rp2 stubs). `make lint` checks every file; this is the quick part of it.

Exit status: 0 clean or nothing changed, 1 a finding, 2 a linter missing (make setup)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def git(*args):
    res = subprocess.run(["git", *args], capture_output=True, text=True, cwd=ROOT)
    return res.returncode, res.stdout.split("\n")


def changed_files():
    """The changed .py files that still exist, relative to the checkout, or None when
    this is not a git checkout."""
    code, _ = git("rev-parse", "--verify", "-q", "HEAD")
    if code != 0:
        return None
    code, upstream = git("rev-parse", "--verify", "-q", "@{upstream}")
    base = upstream[0] if code == 0 and upstream[0] else "HEAD"
    _, diffed = git("diff", "--name-only", "--diff-filter=d", base, "--", "*.py")
    _, untracked = git("ls-files", "--others", "--exclude-standard", "--", "*.py")
    names = sorted({n for n in diffed + untracked if n})
    return [n for n in names if (ROOT / n).is_file()]


def main():
    files = changed_files()
    if files is None:
        print("lint: not a git checkout, nothing to compare with (make lint checks every file)")
        return 0
    if not files:
        print("lint: no Python file changed")
        return 0
    print("lint: {} changed file{}".format(len(files), "" if len(files) == 1 else "s"))
    for tool in ("ruff", "pyright"):
        if not (BIN / tool).exists():
            print("lint: {} not found in {}: run `make setup`".format(tool, BIN), file=sys.stderr)
            return 2
    failed = subprocess.run([str(BIN / "ruff"), "check", *files], cwd=ROOT).returncode != 0
    # As pyrightconfig.json: not the freeze manifest, not the CPython framebuf stand-in.
    firmware = [f for f in files if f.startswith("firmware/") and f != "firmware/manifest.py"
                and not f.startswith("host/geekout_tools/sim/pyfb/")]
    if firmware:
        failed |= subprocess.run([str(BIN / "pyright"), "-p", "pyrightconfig.json", *firmware],
                                 cwd=ROOT).returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
