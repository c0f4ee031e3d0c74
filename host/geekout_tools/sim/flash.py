"""The folder that stands for the gadget's flash in `geekout sim` (the cpython and
micropython runtimes): checked before the firmware touches it, as the firmware renames
and removes files in it (a finished game moves to logs/, a damaged one to bad/, old
logs go).

A folder is taken when it is
- new (made, inside a folder that exists) or empty: the simulator writes its marker
  file, MARKER, in it first;
- marked: it holds MARKER (a regular file), so the simulator made or adopted it;
- unmarked but holding only what the gadget writes (a flash folder of a version from
  before the marker, such as ~/.cache/geekout-sim-flash): settings.json, game.goj, its
  parts game.goj.1, game.goj.2, ..., the temporary NAME.tmp of each, and the folders
  logs/ and bad/ holding only NNNN.goj files (and their .tmp). It is adopted: the marker
  is written, nothing else is touched.
Anything else is refused (UsageError, one line, exit status 2), so a mistyped --flash
(`--flash ''`, `--flash .`, `--flash ~`) never has the firmware move or delete files of
the user's: a folder with any other file, a link or a device in it, a link or a
device as --flash itself, or an empty path.

The marker is host-side only: the firmware never lists the flash's top folder (only
logs/ and bad/), so it neither sees nor removes it.
"""

import os
import stat
from pathlib import Path

from ..errors import UsageError
from ..inputs import printable

MARKER = ".geekout-sim-flash"
MARKER_TEXT = ("This folder stands for the flash of a Geek Out! table companion in "
               "`geekout sim`; the simulator wrote this file when it made or adopted the "
               "folder (docs/gadget.md, Simulator).\n")
_TOP = ("settings.json", "game.goj")
_FOLDERS = ("logs", "bad")


def _gadget_top(name):
    """Whether `name` in the flash's top folder is a file the gadget writes."""
    base = name[:-4] if name.endswith(".tmp") else name
    if base in _TOP:
        return True
    head, dot, part = base.rpartition(".")
    return head == "game.goj" and dot == "." and part.isdigit() and part.isascii()


def _gadget_numbered(name):
    """NNNN.goj (or its .tmp): a file of logs/ or bad/."""
    base = name[:-4] if name.endswith(".tmp") else name
    return (len(base) == 8 and base.endswith(".goj") and base[:4].isdigit()
            and base[:4].isascii())


def stranger(folder):
    """The first entry of `folder` that is not the gadget's (a path relative to it), or
    None when every entry is one the gadget writes."""
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        mode = entry.stat(follow_symlinks=False).st_mode
        if entry.name in _FOLDERS and stat.S_ISDIR(mode):
            for inner in sorted(os.scandir(entry.path), key=lambda e: e.name):
                if not (_gadget_numbered(inner.name)
                        and stat.S_ISREG(inner.stat(follow_symlinks=False).st_mode)):
                    return entry.name + "/" + inner.name
            continue
        if not stat.S_ISREG(mode) or not _gadget_top(entry.name):
            return entry.name
    return None


def _lstat(path, option, shown):
    """os.lstat(path), or None when nothing is there (UsageError for any other error)."""
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as e:
        raise UsageError("{} {}: {}".format(option, shown, e.strerror or e)) from None


def prepare(path, option="--flash"):
    """Check (and make or adopt) the flash folder `path`; returns it as a str. UsageError
    (one line) when it is not one to use."""
    text = "" if path is None else str(path)
    shown = printable(text)
    if not text.strip():
        raise UsageError("{}: an empty path is not a folder (name the folder that stands "
                         "for the gadget's flash)".format(option))
    p = Path(text)
    st = _lstat(p, option, shown)
    if st is None:
        if not p.parent.is_dir():
            raise UsageError("{} {}: the folder {} does not exist".format(
                option, shown, printable(p.parent)))
        try:
            p.mkdir()
        except OSError as e:
            raise UsageError("{} {}: cannot make the folder: {}".format(
                option, shown, e.strerror or e)) from None
    elif stat.S_ISLNK(st.st_mode):
        raise UsageError("{} {}: is a symbolic link; name the folder itself".format(option, shown))
    elif not stat.S_ISDIR(st.st_mode):
        raise UsageError("{} {}: not a folder (the flash of the cpython and micropython "
                         "runtimes is a folder; --runtime pico takes an image file)".format(
                             option, shown))
    if not os.access(p, os.W_OK | os.X_OK):
        raise UsageError("{} {}: cannot write there (permission denied)".format(option, shown))
    marker = p / MARKER
    mst = _lstat(marker, option, shown)
    if mst is not None:
        if not stat.S_ISREG(mst.st_mode):
            raise UsageError("{} {}: its {} is not a regular file: not a gadget's flash "
                             "folder".format(option, shown, MARKER))
        return text
    try:
        odd = stranger(p)
    except OSError as e:
        raise UsageError("{} {}: cannot list it: {}".format(option, shown, e.strerror or e)) from None
    if odd is not None:
        raise UsageError("{} {}: holds {}, which the gadget does not write: not a flash "
                         "folder of the simulator (name an empty or new folder)".format(
                             option, shown, printable(odd, 80)))
    try:
        fd = os.open(marker, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0),
                     0o666)
        with os.fdopen(fd, "w") as f:  # outputs-ok: made new (O_EXCL | O_NOFOLLOW)
            f.write(MARKER_TEXT)
    except OSError as e:
        raise UsageError("{} {}: cannot write its marker file: {}".format(
            option, shown, e.strerror or e)) from None
    return text
