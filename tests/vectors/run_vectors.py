"""Entry point for the MicroPython run of the rules-core test vectors.

Usage (from the harness): micropython run_vectors.py masters
Prints one line per vector and the closing count; exit status 1 on any failure.
"""

import sys


def main(game):
    if game == "masters":
        import masters_check
        import masters_vectors

        return masters_check.run_all(masters_vectors.VECTORS)
    print("unknown game", game)
    return 2


if __name__ == "__main__":
    sys.exit(1 if main(sys.argv[1]) else 0)
