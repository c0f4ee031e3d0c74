"""Checker for capture_score_vectors: the same checker as the rules of play (capture_check),
under the name run_vectors.py expects for the game `capture_score`."""

from capture_check import check  # noqa: F401
