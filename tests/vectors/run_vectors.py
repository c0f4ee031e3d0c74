"""Entry point for the MicroPython run of a game's rules test vectors.

Usage (from the harness): micropython run_vectors.py GAME
Imports GAME_vectors (VECTORS) and GAME_check (check(vector) -> None or why), prints one
line per vector and the closing count; exit status 1 on any failure, 2 for an unknown game.
"""

import sys


def run_all(check, vectors):
    """Prints "ok id" / "FAIL id why" per vector and the closing count; returns the
    failure count. A crash is a failure of that vector, not of the run."""
    failed = 0
    for v in vectors:
        try:
            why = check(v)
        except Exception as e:  # noqa: BLE001
            why = "crashed: " + repr(e)
        if why is None:
            print("ok", v["id"])
        else:
            failed += 1
            print("FAIL", v["id"], why)
    print("{} passed, {} failed".format(len(vectors) - failed, failed))
    return failed


def main(game):
    try:
        check = __import__(game + "_check")
        vectors = __import__(game + "_vectors")
    except ImportError as e:
        print("no vectors for", game, e)
        return 2
    return 1 if run_all(check.check, vectors.VECTORS) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
