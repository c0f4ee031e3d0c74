"""Shared rules core for the three games: pure, deterministic, no I/O or hardware.

Runs unchanged on MicroPython (the gadget) and CPython (host tools and tests).
"""
