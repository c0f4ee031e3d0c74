"""Files the commands write: the path checked before any work, the file written whole
or not at all (docs/limits.md, Everywhere).

A path to write must name a regular file or nothing yet, in a folder that exists. A
folder, a symbolic link (even one to a regular file), a device node, a FIFO or a socket
there is refused with one line (UsageError: exit status 2): a command never writes
through a link, and never replaces a device (as root, os.replace over /dev/null would
leave a regular file in its place). The data goes to a new temporary file in the same
folder (O_EXCL | O_NOFOLLOW), is flushed to disk, and is renamed over the target with
os.replace, which replaces the name itself and never follows a link there; the target
is looked at again just before. The replaced file's permission bits are kept; a new file
gets 0o666 less the umask, as a plain open() gives.
"""

import contextlib
import os
import secrets
import stat
from pathlib import Path

from .errors import UsageError
from .inputs import printable

_KINDS = ((stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"))


def _kind(mode):
    for test, name in _KINDS:
        if test(mode):
            return name
    return "not a regular file"


def check_output(path, option):
    """The Path to write for `option` (the option or argument named in errors), checked:
    not empty, no folder, link or device there, its folder existing and writable.
    Returns the regular file's permission bits as well: (Path, mode or None)."""
    text = os.fspath(path) if path is not None else ""
    shown = printable(text)
    if not str(text).strip():
        raise UsageError("{}: an empty path is not a file name".format(option))
    if str(text).endswith(("/", os.sep)):
        raise UsageError("{} {}: names a folder, not a file".format(option, shown))
    p = Path(text)
    try:
        st = os.lstat(p)
    except FileNotFoundError:
        st = None
    except NotADirectoryError:
        raise UsageError("{} {}: a part of the path is not a folder".format(option, shown)) from None
    except OSError as e:
        raise UsageError("{} {}: {}".format(option, shown, e.strerror or e)) from None
    mode = None
    if st is not None:
        if stat.S_ISLNK(st.st_mode):
            raise UsageError("{} {}: is a symbolic link; not written through, not replaced "
                             "(name the file itself)".format(option, shown))
        if stat.S_ISDIR(st.st_mode):
            raise UsageError("{} {}: is a folder, not a file".format(option, shown))
        if not stat.S_ISREG(st.st_mode):
            raise UsageError("{} {}: is {}, not a regular file; not replaced".format(
                option, shown, _kind(st.st_mode)))
        mode = stat.S_IMODE(st.st_mode)
    folder = p.parent
    if not folder.is_dir():
        why = "is not a folder" if folder.exists() else "does not exist"
        raise UsageError("{} {}: the folder {} {}".format(option, shown, printable(folder), why))
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError("{} {}: cannot write in the folder {} (permission denied)".format(
            option, shown, printable(folder)))
    if mode is not None and not os.access(p, os.W_OK):
        raise UsageError("{} {}: cannot write it (permission denied)".format(option, shown))
    return p, mode


def _temp_beside(p):
    """(fd, temp path): a new file in p's folder, never an existing name or a link."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    for _ in range(20):
        tmp = p.parent / ".{}.{}.tmp".format(p.name[:200], secrets.token_hex(4))
        try:
            return os.open(tmp, flags, 0o666), tmp  # 0o666: the umask applies
        except FileExistsError:
            continue
    raise FileExistsError(17, "no free temporary name beside it")


@contextlib.contextmanager
def replacing(path, option):
    """Write a new version of `path` (checked with check_output): yields (binary file,
    temp path); on a clean exit the temp file is flushed, synced and renamed over `path`,
    on an exception (or an OSError, turned into one line) it is removed and `path` is
    left as it was."""
    p, mode = check_output(path, option)
    shown = printable(os.fspath(path))
    tmp = None
    try:
        fd, tmp = _temp_beside(p)
        with os.fdopen(fd, "wb") as f:  # outputs-ok: the new temp file (O_EXCL)
            yield f, tmp
            f.flush()
            os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        check_output(path, option)  # again: a link or a device may have come meanwhile
        os.replace(tmp, p)
        tmp = None
    except OSError as e:
        raise UsageError("{} {}: cannot write: {}".format(option, shown, e.strerror or e)) from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def write_file(path, data, option):
    """Write `data` (bytes, or str as UTF-8) as the whole new content of `path`."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    with replacing(path, option) as (f, _tmp):
        f.write(data)


def put_in_place(tmp, path, option):
    """Rename a complete file `tmp` (written by another program, in `path`'s folder) over
    `path`, checked as check_output checks it; `tmp` is removed if that is refused."""
    try:
        p, mode = check_output(path, option)
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, p)
    except OSError as e:
        raise UsageError("{} {}: cannot write: {}".format(
            option, printable(os.fspath(path)), e.strerror or e)) from None
    finally:
        with contextlib.suppress(OSError):
            if os.path.lexists(tmp):
                os.unlink(tmp)


def temp_name_beside(path):
    """A free temporary name in `path`'s folder (for a writer that takes a path), the
    file made empty there so no one else takes the name."""
    fd, tmp = _temp_beside(Path(path))
    os.close(fd)
    return tmp
