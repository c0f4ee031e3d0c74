"""Entry point for the MicroPython run of a game's rules test vectors.

Usage (from the harness): micropython run_vectors.py GAME
Imports GAME_vectors (VECTORS) and GAME_check (run_all), prints one line per vector and
the closing count; exit status 1 on any failure, 2 for an unknown game.
"""

import sys


def main(game):
    try:
        check = __import__(game + "_check")
        vectors = __import__(game + "_vectors")
    except ImportError as e:
        print("no vectors for", game, e)
        return 2
    return 1 if check.run_all(vectors.VECTORS) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
