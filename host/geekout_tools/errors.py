"""The error every command raises for bad input: printed as one line, exit status 2."""


class UsageError(Exception):
    """Bad input from the user (argument, file, serial line). The message is one line."""
