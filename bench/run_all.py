"""`make bench`: runs every bench/bench_*.py in turn, prints their figures and keeps each
script's output in build/bench/<name>.txt (the GitHub workflow keeps that folder as an
artifact, docs/testing.md). ARGS gives a script its arguments: bench_random_presses.py
plays GEEKOUT_BENCH_PRESSES random presses (default 1,000,000, 10-20 min on two cores)."""

import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "build" / "bench"
ARGS = {
    # the default heap's figure (docs/gadget.md, Simulator): 0 errors in 1,000,000 presses
    "bench_random_presses.py": ["--presses", os.environ.get("GEEKOUT_BENCH_PRESSES", "1000000")],
}


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    failed = []
    for script in sorted(HERE.glob("bench_*.py")):
        print("== {}".format(script.name), flush=True)
        start = time.monotonic()
        with open(OUT / (script.stem + ".txt"), "w") as kept:
            proc = subprocess.Popen([sys.executable, str(script)] + ARGS.get(script.name, []),
                                    stdout=subprocess.PIPE, text=True)
            for line in proc.stdout:
                sys.stdout.write(line)
                sys.stdout.flush()
                kept.write(line)
            code = proc.wait()
            kept.write("# exit status {}, {:.0f} s\n".format(code, time.monotonic() - start))
        if code != 0:
            failed.append(script.name)
    if failed:
        print("failed: " + ", ".join(failed), file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
