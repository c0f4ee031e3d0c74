"""The user's input, checked before any work: files read with a size limit, JSON parsed
strictly, numbers in ASCII digits only, and text made safe to print.

Every check raises UsageError with one line that names the input and what is wrong
(the command then exits with status 2). Python's own json and int() are lenient where a
command must not be: json nests until RecursionError, takes the last of duplicate keys,
and int() reads any Unicode digit ("٣" is 3, "²" a ValueError only some paths catch).
"""

import argparse
import json
import os
import stat

from .errors import UsageError

# The largest input file a command reads, unless it says otherwise. A game's JSON journal
# or score file is a few kilobytes; 4 MB is far above any real one and far below what
# would take the machine's memory.
MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_JSON_DEPTH = 64  # real files nest 4-5 deep


def _kind(mode):
    """What a non-regular file is, for the messages."""
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def check_input(path, what="file"):
    """Refuse before reading what cannot be an input file (after links): an empty path,
    a folder, a FIFO or a socket (reading one waits for a writer), a block device. A
    character device passes: read_bytes reads it without waiting, within the limit.
    Returns os.stat's result. One line naming the path, as UsageError."""
    shown = printable(path)
    if not str(path).strip():
        raise UsageError("an empty path is not a {}".format(what))
    try:
        st = os.stat(path)
    except OSError as e:
        raise UsageError("cannot read {}: {}".format(shown, e.strerror or e)) from None
    _readable_kind(st.st_mode, shown, what)
    return st


def _readable_kind(mode, shown, what):
    if stat.S_ISDIR(mode):
        raise UsageError("{}: is a folder, not a {}".format(shown, what))
    if not (stat.S_ISREG(mode) or stat.S_ISCHR(mode)):
        raise UsageError("{}: is {}, not a regular file (a {} is read from a file)".format(
            shown, _kind(mode), what))


def read_bytes(path, limit=MAX_FILE_BYTES, what="file"):
    """The bytes of the file `path`, refusing anything over `limit` bytes (checked while
    reading, so /dev/zero cannot fill the memory either). Opened without blocking and
    looked at before any read: a FIFO, a socket or a folder is refused unread (a FIFO
    would wait for a writer for ever), and a character device is read only as far as it
    has bytes now (/dev/zero: too large; a terminal with nothing typed: refused)."""
    shown = printable(path)
    if not str(path).strip():
        raise UsageError("an empty path is not a {}".format(what))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise UsageError("{}: is a folder, not a {}".format(shown, what)) from None
    except OSError as e:
        raise UsageError("cannot read {}: {}".format(shown, e.strerror or e)) from None
    try:
        _readable_kind(os.fstat(fd).st_mode, shown, what)
        f = os.fdopen(fd, "rb", buffering=0)
    except (OSError, UsageError) as e:
        os.close(fd)
        if isinstance(e, UsageError):
            raise
        raise UsageError("cannot read {}: {}".format(shown, e.strerror or e)) from None
    with f:
        try:
            chunks, size = [], 0
            while size <= limit:
                chunk = f.read(min(1 << 20, limit + 1 - size))
                if chunk is None:  # a device with nothing to read now
                    raise UsageError("{}: is a device with nothing to read, not a regular "
                                     "file (a {} is read from a file)".format(shown, what))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
            data = b"".join(chunks)
        except BlockingIOError:
            raise UsageError("{}: is a device with nothing to read, not a regular file (a {} "
                             "is read from a file)".format(shown, what)) from None
        except OSError as e:
            raise UsageError("cannot read {}: {}".format(shown, e.strerror or e)) from None
        except MemoryError:
            raise UsageError("{}: too large to read".format(shown)) from None
    if len(data) > limit:
        raise UsageError("{}: larger than {} KB, too large for a {}".format(
            shown, limit // 1024, what))
    return data


def read_text(path, limit=MAX_FILE_BYTES, what="file"):
    """`read_bytes` decoded as UTF-8."""
    data = read_bytes(path, limit, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise UsageError("{}: not UTF-8 text (byte {})".format(printable(path), e.start)) from None


def _no_duplicates(pairs):
    out = {}
    for key, value in pairs:
        if key in out:
            raise ValueError("duplicate key {!r}".format(key))
        out[key] = value
    return out


def parse_json(text, source, depth=MAX_JSON_DEPTH):
    """A JSON value from `text`; `source` names it in errors. Duplicate keys, NaN and
    Infinity, and nesting deeper than `depth` are refused."""
    def no_constant(name):
        raise ValueError("{} is not JSON".format(name))

    opened = 0
    deepest = 0
    in_string = False
    escaped = False
    # Depth is counted on the text first: CPython's parser recurses once per level.
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            opened += 1
            if opened > deepest:
                deepest = opened
                if deepest > depth:
                    raise UsageError("{}: JSON nested deeper than {} levels".format(source, depth))
        elif ch in "]}":
            opened -= 1
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=no_constant)
    except json.JSONDecodeError as e:
        raise UsageError("{}: malformed JSON at line {} column {}: {}".format(
            source, e.lineno, e.colno, e.msg)) from None
    except ValueError as e:  # a duplicate key or a constant, from the hooks above
        raise UsageError("{}: {}".format(source, e)) from None
    except RecursionError:  # cannot happen after the count above; kept as a last guard
        raise UsageError("{}: JSON nested too deep".format(source)) from None


def load_json(path, limit=MAX_FILE_BYTES, what="JSON file", depth=MAX_JSON_DEPTH):
    """The parsed JSON of the file `path` (read_text, then parse_json)."""
    return parse_json(read_text(path, limit, what), printable(path), depth)


def is_ascii_int(text):
    """Whether `text` is a whole number in ASCII digits, an optional leading minus and
    surrounding spaces allowed ("٣" and "²" are digits to str.isdigit(), not here)."""
    s = text.strip() if isinstance(text, str) else ""
    digits = s[1:] if s[:1] == "-" else s
    return bool(digits) and digits.isascii() and digits.isdigit()


def ascii_int(text, name, low=None, high=None):
    """An integer written in ASCII digits (an optional leading minus), within [low, high];
    `name` (an option or a field) is said in the error. More than 30 digits is out of
    any range (and is not converted: int() of a huge string takes long)."""
    if not is_ascii_int(text):
        raise UsageError("{}: '{}' is not a whole number".format(name, printable(text, 40)))
    s = text.strip()
    digits = s.lstrip("-")
    if len(digits) > 30:
        shown = printable(s, 12)
        negative = s[0] == "-"
        if negative and low is None or not negative and high is None:
            raise UsageError("{}: {} has more than 30 digits".format(name, shown))
        value, too_low, too_high = None, negative, not negative
    else:
        value = shown = int(s)
        too_low = low is not None and value < low
        too_high = high is not None and value > high
    if too_low or too_high:
        if low is not None and high is not None:
            raise UsageError("{}: {} is not in {}..{}".format(name, shown, low, high))
        if too_low:
            raise UsageError("{}: {} is below {}".format(name, shown, low))
        raise UsageError("{}: {} is above {}".format(name, shown, high))
    return value


def plain_int(text, name, low=None, high=None):
    """A number given on the command line (--seed, --games, ...): plain ASCII decimal
    digits with nothing around them (" 5", "5 ", "+5" are refused; a leading minus only
    reaches the range check), within [low, high] (ascii_int's messages)."""
    s = text if isinstance(text, str) else ""
    digits = s[1:] if s[:1] == "-" else s
    if not (digits and digits.isascii() and digits.isdigit()):
        raise UsageError("{}: '{}' is not a whole number in plain digits 0-9 (no spaces, "
                         "no sign)".format(name, printable(text, 40)))
    return ascii_int(s, name, low, high)


def printable(text, limit=200):
    """`text` safe for a terminal: control characters (escape sequences, newlines, C1)
    and lone surrogates shown as \\x.. / \\u.... escapes, cut to `limit` characters."""
    out = []
    for ch in str(text)[:limit]:
        o = ord(ch)
        if o < 0x20 or 0x7F <= o < 0xA0:
            out.append("\\x{:02x}".format(o))
        elif 0xD800 <= o < 0xE000:
            out.append("\\u{:04x}".format(o))
        else:
            out.append(ch)
    s = "".join(out)
    return s + "..." if len(str(text)) > limit else s


def int_arg(low=None, high=None):
    """An argparse `type` for an option taking a whole number in [low, high]: ASCII
    digits only, and argparse's one-line error names the option."""
    def parse(text):
        try:
            return ascii_int(text, "value", low, high)
        except UsageError as e:
            raise argparse.ArgumentTypeError(str(e).partition(": ")[2]) from None
    parse.__name__ = "whole number"
    return parse
