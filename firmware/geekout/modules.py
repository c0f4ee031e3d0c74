"""Forgetting modules: a module dropped from RAM is imported again when next needed.

One helper for the whole firmware: the app unloads the games and the home screens
(app.py), the real board drops its wiring code once it is built (hal/board.py). A module
is forgotten from sys.modules and from its package's attributes (else the package would
keep it alive); MicroPython raises KeyError, not AttributeError, for an attribute a
module does not have.
"""

import sys


def forget(name):
    """Drop module `name` (e.g. "geekout.home") from RAM."""
    sys.modules.pop(name, None)
    parent, _, leaf = name.rpartition(".")
    pkg = sys.modules.get(parent) if parent else None
    if pkg is not None:
        try:
            delattr(pkg, leaf)
        except (AttributeError, KeyError):  # MicroPython raises KeyError here
            pass


def forget_all(prefix, keep=()):
    """Drop every module whose name starts with `prefix`, except those in `keep`."""
    for name in list(sys.modules):
        if name.startswith(prefix) and name not in keep:
            forget(name)
