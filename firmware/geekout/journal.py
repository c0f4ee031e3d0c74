"""The saved game: a journal file of checksummed records (format in docs/gadget.md).

File = b"GOJ" + version byte, then records. Record = length byte n (payload size,
0-255), type byte, n payload bytes, 2 check bytes (Fletcher-16 over length, type and
payload). The first record is the header (type 'H': game name, a zero byte, the game's
config bytes); then 'A' records append action bytes (opaque to this module: each game
has its own payload), 'U' records drop the last k action bytes (undo, k big-endian in
two bytes). A game's state is its config plus the action bytes folded in order.

Appending a record is one flash write, so a power cut tears at most the last record:
load() detects that (short or bad last record), drops it and rewrites the file. Any
other damage (bad magic, bad header, a bad record followed by more data) sets the file
aside as game.bad. Storage I/O goes through the storage object (hal/storage.py or a
fake), so this module does no file I/O of its own.

A write the flash refuses (OSError: ENOSPC when littlefs is full, EIO) never stops the
game: the journal says so once through `warn` (the app's toast) and the game goes on
in RAM only (`unsaved`); the file keeps what was saved before, and nothing more is
written to it, so no record can follow one the refused write may have cut short (which
load() drops as after a power cut). A new game (start) tries the flash again.
"""

from micropython import const

MAGIC = b"GOJ"
VERSION = const(1)
T_HEADER = const(0x48)  # 'H'
T_ACTIONS = const(0x41)  # 'A'
T_UNDO = const(0x55)  # 'U'

OK = const(0)
NONE = const(1)  # no saved game
TORN = const(2)  # last record was cut short: dropped
CORRUPT = const(3)  # unreadable: kept aside as BAD_NAME
BAD_NAME = "game.bad"
LOG_DIR = "logs"  # finished games, for `geekout logs pull`
KEEP_LOGS = const(30)  # a Masters game is about 0.5 KB: the oldest go past this
ENOSPC = const(28)  # errno of a full littlefs


def refused(e, what="game not saved"):
    """The player's words for a write the flash refused (OSError e): a toast of at most
    three 15-character lines."""
    return ("Flash full: " if e.args and e.args[0] == ENOSPC else "Flash error: ") + what


def check(buf, start, end):
    """Fletcher-16 (mod 255) of buf[start:end] as two bytes' values."""
    a = 0
    b = 0
    for i in range(start, end):
        a = (a + buf[i]) % 255
        b = (b + a) % 255
    return a, b


def record(rtype, payload):
    n = len(payload)
    if n > 255:
        raise ValueError("record too long")
    out = bytearray(n + 4)
    out[0] = n
    out[1] = rtype
    out[2:2 + n] = payload
    a, b = check(out, 0, n + 2)
    out[n + 2] = a
    out[n + 3] = b
    return out


class Journal:
    """One saved game on a storage object."""

    def __init__(self, storage, name="game.goj", warn=None):
        self.storage = storage
        self.name = name
        self.game = ""
        self.config = b""
        self.actions = bytearray()
        self.unsaved = False  # a write was refused: this game is in RAM only from then
        self.warn = warn  # callable(text): tell the player (the app's toast), or None

    def _refused(self, e, what="game not saved"):
        self.unsaved = True
        if self.warn is not None:
            self.warn(refused(e, what))

    def start(self, game, config):
        """A new saved game (replaces any old one in one atomic write)."""
        head = bytearray(MAGIC)
        head.append(VERSION)
        head += record(T_HEADER, game.encode() + b"\x00" + bytes(config))
        unsaved = None
        try:
            self.storage.write(self.name, head)
        except OSError:
            # The old game, which the players chose to replace, may hold the space the
            # new one needs (littlefs writes the new file before the old one goes).
            self.storage.remove(self.name)
            try:
                self.storage.write(self.name, head)
            except OSError as e:
                unsaved = e
        self.game = game
        self.config = bytes(config)
        self.actions = bytearray()
        self.unsaved = False
        if unsaved is not None:
            self._refused(unsaved)

    def append(self, actions):
        """Append action bytes as one record (one flash write)."""
        actions = bytes(actions)
        while actions:
            chunk = actions[:255]
            self._add(record(T_ACTIONS, chunk))
            self.actions += chunk
            actions = actions[255:]

    def undo(self, count):
        """Drop the last `count` action bytes (an undo), by appending a record."""
        if count <= 0:
            return
        count = min(count, len(self.actions))
        self._add(record(T_UNDO, bytes((count >> 8, count & 0xFF))))
        self.actions = self.actions[:len(self.actions) - count]

    def _add(self, rec):
        if self.unsaved:
            return
        try:
            self.storage.append(self.name, rec)
        except OSError as e:
            self._refused(e)

    def archive(self):
        """A finished game moves to logs/NNNN.goj (the next number), where
        `geekout logs pull` finds it; logs beyond KEEP_LOGS are dropped, oldest first.
        A game that went on unsaved leaves no log (its file holds only its start)."""
        st = self.storage
        if self.unsaved:
            st.remove(self.name)
        elif not st.exists(self.name):
            return
        else:
            try:
                names = sorted(n for n in st.listdir(LOG_DIR) if len(n) == 8
                               and n.endswith(".goj") and n[:4].isdigit())
                number = int(names[-1][:4]) + 1 if names else 1
                st.rename(self.name, "{}/{:04d}.goj".format(LOG_DIR, number % 10000))
                for old in names[:max(0, len(names) + 1 - KEEP_LOGS)]:
                    st.remove(LOG_DIR + "/" + old)
            except OSError as e:  # the game stays saved as it is (Resume shows its end)
                if self.warn is not None:
                    self.warn(refused(e, "game not logged"))
        self.game = ""
        self.actions = bytearray()
        self.unsaved = False

    def clear(self):
        self.storage.remove(self.name)
        self.game = ""
        self.actions = bytearray()

    def load(self):
        """Read the saved game: returns OK, NONE, TORN or CORRUPT (then game, config and
        actions are set for OK and TORN)."""
        self.unsaved = False
        data = self.storage.read(self.name)
        if data is None:
            return NONE
        status, good = self._parse(data)
        if status == CORRUPT:
            self.set_aside()
            return CORRUPT
        if status == TORN:
            try:
                self.storage.write(self.name, data[:good])
            except OSError as e:  # the torn record stays: nothing may follow it
                self._refused(e)
        return status

    def set_aside(self):
        """Keep a file the game could not replay as BAD_NAME (where the flash lets it)."""
        try:
            self.storage.rename(self.name, BAD_NAME)
        except OSError as e:
            self._refused(e, "bad save left as is")
        self.game = ""
        self.actions = bytearray()

    def _parse(self, data):
        n = len(data)
        if n < 4 or data[:3] != MAGIC or data[3] != VERSION:
            return CORRUPT, 0
        pos = 4
        actions = bytearray()
        header = None
        while pos < n:
            if pos + 4 > n:
                break  # torn
            size = data[pos]
            end = pos + size + 2
            if end + 2 > n:
                break  # torn: shorter than it says
            a, b = check(data, pos, end)
            if data[end] != a or data[end + 1] != b:
                if end + 2 == n and header is not None:
                    break  # the last record was half written
                return CORRUPT, 0
            rtype = data[pos + 1]
            payload = data[pos + 2:end]
            if header is None:
                if rtype != T_HEADER:
                    return CORRUPT, 0
                header = payload
            elif rtype == T_ACTIONS:
                actions += payload
            elif rtype == T_UNDO and size == 2:
                k = (payload[0] << 8) | payload[1]
                if k > len(actions):
                    return CORRUPT, 0
                actions = actions[:len(actions) - k]
            else:
                return CORRUPT, 0
            pos = end + 2
        if header is None:
            return CORRUPT, 0
        zero = header.find(b"\x00")
        if zero < 1:
            return CORRUPT, 0
        self.game = header[:zero].decode()
        self.config = bytes(header[zero + 1:])
        self.actions = actions
        return (OK if pos == n else TORN), pos
