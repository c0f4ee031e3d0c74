"""Host stand-in for MicroPython's built-in `micropython` module.

Each game's rules core (firmware/geekout/<game>/rules.py and its constants) is imported
by CPython tools and tests;
on the device `micropython.const` folds constants at compile time, here it is identity.
Only the names the firmware uses are provided.
"""


def const(value):
    return value


def native(func):
    return func


def viper(func):
    return func


def mem_info(*_args):
    pass
