"""Reading a gadget journal file (.goj, format in docs/gadget.md) on the host.

The device's own parser (geekout.journal) does the reading, on an in-memory copy, so the
host never disagrees with the gadget about what a file holds and never writes to it.
"""

from pathlib import Path

from geekout import journal as jn

from ..errors import UsageError


class _Memory:
    """The storage interface journal.Journal expects, over one file's bytes."""

    def __init__(self, name, data):
        self.files = {name: bytes(data)}

    def read(self, name):
        return self.files.get(name)

    def write(self, name, data):
        self.files[name] = bytes(data)

    def append(self, name, data):
        self.files[name] = self.files.get(name, b"") + bytes(data)

    def rename(self, old, new):
        self.files[new] = self.files.pop(old)

    def remove(self, name):
        self.files.pop(name, None)


class GameLog:
    """What a journal file holds: the game, its config bytes, its action bytes."""

    def __init__(self, path, game, config, actions, torn):
        self.path = path
        self.game = game
        self.config = bytes(config)
        self.actions = bytes(actions)
        self.torn = torn  # the last record was half written (a power cut): dropped


def parse(data, path="journal"):
    """A GameLog from a journal's bytes; UsageError naming the file if unreadable."""
    if len(data) < 4 or bytes(data[:3]) != jn.MAGIC:
        raise UsageError("{}: not a gadget journal (no GOJ header)".format(path))
    if data[3] != jn.VERSION:
        raise UsageError("{}: journal format version {} is not supported (this tool reads {})".format(
            path, data[3], jn.VERSION))
    j = jn.Journal(_Memory("game.goj", data))
    status = j.load()
    if status == jn.CORRUPT:
        raise UsageError("{}: damaged journal (a record fails its checksum before the end)".format(path))
    return GameLog(path, j.game, j.config, j.actions, status == jn.TORN)


def read(path):
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as e:
        raise UsageError("{}: cannot read ({})".format(path, e.strerror or e)) from None
    return parse(data, str(path))
