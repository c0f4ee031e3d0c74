"""The `geekout` command: finds every command module and dispatches to it.

Each module in geekout_tools.commands defines `register(subparsers)`, adding its
sub-command with a `func(args) -> exit status`. Bad input raises UsageError (or is an
argparse error): one line on stderr, exit status 2, nothing written.
"""

import argparse
import importlib
import pkgutil
import sys

from . import __version__, commands
from .errors import UsageError


class _Parser(argparse.ArgumentParser):
    """argparse with the contract's one-line error (no usage block) and exit status 2."""

    def error(self, message):
        self.exit(2, "{}: error: {}\n".format(self.prog, message))


def build_parser():
    parser = _Parser(
        prog="geekout",
        description="Table companion for Geek Out! Masters, Geekmon Capture and the galaxy battle.",
    )
    parser.add_argument("--version", action="version", version="geekout " + __version__)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda i: i.name):
        module = importlib.import_module(commands.__name__ + "." + info.name)
        module.register(sub)
    return parser


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args) or 0
    except UsageError as e:
        print("geekout: error: {}".format(e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("geekout: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
