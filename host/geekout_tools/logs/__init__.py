"""Game logs from the gadget: reading its journal files (reader), replaying them on the
rules core and turning them into per-turn tables (tables), and pulling them off the
board (pull). Files these commands write go through write_new: a temp file beside the
target, renamed once complete, so a failed write (missing or unwritable folder, full
disk) leaves nothing behind, and nothing is overwritten."""

import os
import tempfile
from pathlib import Path

from ..errors import UsageError
from ..inputs import printable

# A real journal is under 50 KB (the gadget itself reads at most 48 KB: journal.MAX_BYTES);
# 1 MB is far above any real one and far below what would take the laptop's memory.
MAX_JOURNAL_BYTES = 1024 * 1024


def shown(path):
    """A path (or a board's file name) as printed: inputs.printable, long enough for
    any real path."""
    return printable(path, 1000)


def write_new(path, data, what="file"):
    """Write `data` (bytes) as the new file `path`; UsageError (one line) if the path is
    taken or the write fails, with no file left behind."""
    path = Path(path)
    folder = path.parent
    if not folder.is_dir():
        why = "is a file, not a folder" if folder.exists() else "does not exist"
        raise UsageError("cannot write {} {}: the folder {} {}".format(
            what, shown(path), shown(folder), why))
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=str(folder), prefix="." + path.name + ".", suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if path.exists() or path.is_symlink():  # appeared while writing: never replaced
            raise FileExistsError(17, "File exists")
        os.replace(tmp, str(path))
        tmp = None
    except OSError as e:
        raise UsageError("cannot write {} {}: {}".format(what, shown(path), e.strerror or e)) from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
