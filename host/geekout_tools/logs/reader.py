"""Reading a gadget journal file (.goj, format in docs/gadget.md) on the host.

The device's own parser (geekout.journal.parse) does the reading, on an in-memory copy,
so the host never disagrees with the gadget about what a file holds and never writes to
it. A file is read whole, refused over MAX_JOURNAL_BYTES before any parsing.

What parse finds:
- the whole file good: a GameLog with damage None;
- damage after a readable header: a GameLog of the records before the damage, with
  `damage` (parse's one-line reason) and `good` (the byte where the good records end);
  the commands go on with those records and say so (`how_far`, one line);
- nothing readable (no header record, a bad header): UsageError
  "{path}: damaged journal ({reason})"; a file that is not a journal, or is of a format
  version this firmware does not read, is said to be so.

A folder (read_folder) is a pulled logs folder or a gadget flash folder (the simulator's
--flash): every journal in it, its parts joined as the gadget joins them.
"""

from pathlib import Path

from geekout import journal as jn

from ..errors import UsageError
from ..inputs import printable, read_bytes
from . import MAX_JOURNAL_BYTES, shown


class GameLog:
    """What a journal file holds: the game, its config bytes, its action bytes, and the
    damage found after the good records (None when the whole file is good)."""

    def __init__(self, path, game, config, actions, damage=None, good=None):
        self.path = path
        self.game = game
        self.config = bytes(config)
        self.actions = bytes(actions)
        self.damage = damage  # parse's reason, e.g. "record at byte 40 fails its checksum"
        self.good = good  # the byte offset where the good records end


def how_far(log, refused=None):
    """The one-line note on how far a journal was read (None when it was read to its
    end): the first entry the rules core refused (tables' "refused"), else the damage."""
    where = shown(log.path)
    if refused is not None:
        return "note: {}: read up to {}".format(where, printable(refused))
    if log.damage is not None:
        return "note: {}: damaged journal ({}); read up to byte {}".format(
            where, printable(log.damage), log.good)
    return None


def parse(data, path="journal"):
    """A GameLog from a journal's bytes; UsageError naming the file if nothing is
    readable."""
    where = shown(path)
    data = bytes(data)
    try:
        game, config, actions, good, problem = jn.parse(data)
    except (ValueError, IndexError, TypeError) as e:  # parse should say; a last guard
        raise UsageError("{}: damaged journal ({})".format(where, printable(e))) from None
    if game is None:
        problem = printable(problem or "no header record")
        if len(data) < 4 or data[:3] != jn.MAGIC:
            raise UsageError("{}: not a gadget journal (no GOJ at the start)".format(where))
        if problem.startswith("format version"):  # a newer gadget's: not damage
            raise UsageError("{}: journal {}".format(where, problem))
        raise UsageError("{}: damaged journal ({})".format(where, problem))
    return GameLog(str(path), game, config, actions, problem, good)


def read(path):
    data = read_bytes(path, MAX_JOURNAL_BYTES, "journal")
    return parse(data, str(path))


# -- folders: a pulled logs folder, a gadget flash folder --------------------------------
class _Folder:
    """The read side of a storage object (journal.py's present_parts and read_run) over
    a folder on the laptop: nothing is ever written."""

    def __init__(self, root):
        self.root = Path(root)

    def listdir(self, folder):
        try:
            return sorted(p.name for p in (self.root / folder).iterdir())
        except OSError:
            return []

    def read(self, name):
        """The file's bytes, None if it cannot be read (a part lost or unreadable: a gap)."""
        try:
            return read_bytes(str(self.root / name), MAX_JOURNAL_BYTES, "journal")
        except UsageError:
            return None


# The journals a folder holds: the running game (game.goj on the gadget, running-game.goj
# once pulled), finished games (logs/NNNN.goj on the gadget, NNNN.goj once pulled, or
# NNNN-2.goj when the name was taken) and the saves set aside as damaged (bad/NNNN.goj,
# game.bad). Finished first, then the running game, then the set-aside ones.


def _rank(name):
    folder, _, base = name.rpartition("/")
    if folder == "bad" or base == "game.bad":
        return 2, name
    return (0 if folder == "logs" or base[:4].isdigit() else 1), name


def _joined(store, name, parts, where):
    """The GameLog of the journal `name` (a path in the folder) from its parts, joined up
    to the first gap; UsageError when nothing of it can be read."""
    data, gap = jn.read_run(store, name, parts)
    if parts[0] != 0:
        raise UsageError("{}: part 0 missing (parts {}-{} kept): nothing to read".format(
            shown(where), parts[0], parts[-1]))
    if not data and gap is not None:
        read_bytes(where, MAX_JOURNAL_BYTES, "journal")  # raises why it cannot be read
        raise UsageError("{}: {}".format(shown(where), gap))
    if len(data) > MAX_JOURNAL_BYTES:
        raise UsageError("{}: larger than {} KB with its parts, too large for a journal".format(
            shown(where), MAX_JOURNAL_BYTES // 1024))
    log = parse(bytes(data), where)
    if gap is not None and log.damage is None:  # the records end where the gap is
        log.damage, log.good = gap, len(data)
    return log


def _journal_names(store, folder):
    """The journals of one folder: name -> [its part numbers] (docs/gadget.md, Saved
    game: NAME, then NAME.1, NAME.2...); temporary files (.tmp) are not journals."""
    names = {}
    for n in store.listdir(folder):
        if n.startswith(".") or n.endswith(".tmp"):
            continue
        base, dot, tail = n.rpartition(".")
        if n.endswith(".goj") or n == "game.bad":
            names.setdefault(n, None)
        elif dot and tail.isdigit() and tail.isascii() and base.endswith(".goj"):
            names.setdefault(base, None)
    prefix = folder + "/" if folder else ""
    return {prefix + n: jn.present_parts(store, n, folder) for n in names}


def is_folder(path):
    try:
        return Path(path).is_dir()
    except OSError:
        return False


def read_folder(path):
    """[(shown path, GameLog or UsageError)] of every journal in the folder `path`, a
    pulled logs folder or a gadget flash folder, in the order finished, running, set
    aside. A journal's parts are joined as the gadget joins them: up to the first part
    missing or unreadable (then its `damage` says which). UsageError if the folder holds
    no journal."""
    store = _Folder(path)
    found = {}
    for folder in ("", "logs", "bad"):
        found.update(_journal_names(store, folder))
    if not found:
        raise UsageError("{}: no journals (.goj) in this folder, nor in its logs/ or bad/".format(
            shown(path)))

    out = []
    for name in sorted(found, key=_rank):
        where = str(Path(path) / name)
        try:
            out.append((where, _joined(store, name, found[name], where)))
        except UsageError as e:
            out.append((where, e))
    return out
