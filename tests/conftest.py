"""Shared pytest set-up: the harness and vector directories on the import path."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for sub in (HERE, HERE / "vectors"):
    if str(sub) not in sys.path:
        sys.path.insert(0, str(sub))
