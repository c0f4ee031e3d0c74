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
"""

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
