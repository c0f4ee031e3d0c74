"""The `geekout` command: finds every command module and dispatches to it.

Each module in geekout_tools.commands defines `register(subparsers)`, adding its
sub-command with a `func(args) -> exit status`. Bad input raises UsageError (or is an
argparse error): one line on stderr, exit status 2, nothing written.

Output that cannot be written is no traceback either: a closed pipe (`geekout ... | head
-1`) ends the command quietly with status 141, as a program killed by SIGPIPE reports
in the shell; any other failure to write standard output (a full disk, /dev/full) is
one line, "cannot write output: ...", and status 1.
"""

import argparse
import importlib
import os
import pkgutil
import sys

from . import __version__, commands
from .errors import UsageError

EXIT_CLOSED_PIPE = 141  # 128 + SIGPIPE, what the shell reports for `yes | head -1`


class _Formatter(argparse.HelpFormatter):
    """argparse's wrapping for descriptions and epilogs, but a line that starts with a
    space (an example command, a table row) is kept as it is, on a line of its own."""

    def _fill_text(self, text, width, indent):
        out, para = [], []

        def flush():
            if para:
                out.append(super(_Formatter, self)._fill_text(" ".join(para), width, indent))
                para.clear()

        for line in text.splitlines():
            if line.startswith(" ") or not line.strip():
                flush()
                out.append(indent + line)
            else:
                para.append(line.strip())
        flush()
        return "\n".join(out)


def subparsers(parser):
    """(words after `geekout`, parser) of every parser under `parser`, itself first."""
    todo = [((), parser)]
    while todo:
        words, p = todo.pop(0)
        yield words, p
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                todo.extend((words + (name,), sp) for name, sp in action.choices.items())


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
    for _words, p in subparsers(parser):  # examples kept one per line (help_examples)
        p.formatter_class = _Formatter
    return parser


def help_examples(parser):
    """(words of the command, the example's argv after `geekout`) of every example in a
    description or an epilog: a line "  geekout ..." (or "example: geekout ...")."""
    import shlex

    for words, p in subparsers(parser):
        for text in (p.description, p.epilog):
            for line in (text or "").splitlines():
                s = line.strip()
                if s.startswith("example: "):
                    s = s[len("example: "):]
                if s.startswith("geekout "):
                    yield words, shlex.split(s)[1:]


class _Stdout:
    """Standard output as the command sees it, noting a failed write or flush, so that
    main() tells "cannot write output" from an OSError of the command's own files."""

    def __init__(self, stream):
        self._stream = stream
        self.failed = None

    def write(self, text):
        try:
            return self._stream.write(text)
        except OSError as e:
            self.failed = e
            raise

    def flush(self):
        try:
            self._stream.flush()
        except OSError as e:
            self.failed = e
            raise

    def __getattr__(self, name):
        return getattr(self._stream, name)


def _drop_stdout(stream):
    """Point the process's stdout at /dev/null, so the interpreter's own flush at exit
    finds nothing to complain about."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # not a real file (a test's capture)
        pass


def _run(argv):
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


def main(argv=None):
    real = sys.stdout
    out = sys.stdout = _Stdout(real)
    try:
        try:
            code = _run(argv)
        except SystemExit as e:  # argparse: --help, --version, a bad argument
            code = e
        if out.failed is None:  # argparse's own printing swallows a failed write
            out.flush()
    except OSError:
        if out.failed is None:
            raise
    finally:
        sys.stdout = real
    if out.failed is not None:
        _drop_stdout(real)
        if isinstance(out.failed, BrokenPipeError):
            return EXIT_CLOSED_PIPE
        print("geekout: error: cannot write output: {}".format(
            out.failed.strerror or out.failed), file=sys.stderr)
        return 1
    if isinstance(code, SystemExit):
        raise code
    return code


if __name__ == "__main__":
    sys.exit(main())
