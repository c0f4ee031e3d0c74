"""`make bench`: runs every bench/bench_*.py in turn and prints their figures."""

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main():
    failed = 0
    for script in sorted(HERE.glob("bench_*.py")):
        print("== {}".format(script.name), flush=True)
        failed += subprocess.run([sys.executable, str(script)]).returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
