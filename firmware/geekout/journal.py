"""The saved game: a journal file of checksummed records, kept in parts on flash.

File = b"GOJ" + version byte, then records: length n, type, n payload bytes, 2 check
bytes (version 2: the low 16 bits of the CRC-32; version 1, still read: Fletcher-16).
'H' is the header (game name, 0, config bytes), 'A' appends action bytes (each game's
own), 'U' drops the last k. Records wait in `pending` until flush() (the UI calls it once
the key's screen is out); a step's records go whole into one part of SEGMENT_BYTES at
most. Before touching it: a record that fails its check is damage, never a torn write
(littlefs appends are atomic), and nothing is written after a refused write (`unsaved`).
Format, parts, damage, undone bytes and why: docs/gadget.md, Saved game and Undo.
"""

from binascii import crc32

from micropython import const

MAGIC = b"GOJ"
VERSION = const(2)  # written; version 1 files are read too
T_HEADER = const(0x48)  # 'H'
T_ACTIONS = const(0x41)  # 'A'
T_UNDO = const(0x55)  # 'U'

OK = const(0)
NONE = const(1)  # no saved game
DAMAGED = const(2)  # resumed from the records before the damage; the file set aside
CORRUPT = const(3)  # nothing readable: the file set aside, no game resumed
BAD_DIR = "bad"  # set-aside saves, bad/NNNN.goj, for `geekout logs pull`
KEEP_BAD = const(8)
LOG_DIR = "logs"  # finished games, for `geekout logs pull`
KEEP_LOGS = const(30)  # a Masters game is about 0.5 KB: the oldest go past this
LAST_NUMBER = const(9999)  # NNNN: at this number the folder is numbered again from 1
# The largest save boot reads. A Capture game of 4 players with every undo is under
# 8 KB; a bigger file is damage, and reading it could take the whole heap.
MAX_BYTES = const(49152)
# A part of the saved game stays within littlefs's inline room (512 B on the gadget).
# Emulated Pico, 300 appends of 8 B: one growing file 199 erases, median 50.4 ms, max
# 105.8 ms an append; parts of 256 B 31 erases, median 2.7 ms, max 146.8 ms (the
# metadata block's compaction); of 480 B 39 erases, median 2.9 ms.
SEGMENT_BYTES = const(256)
ENOSPC = const(28)  # errno of a full littlefs
# Undone stretches kept for a fair redo: a stretch is one decision and its dice (a few
# bytes), so this is under 1 KB of RAM; a player would have to undo more decisions than
# this in a row to reach a roll no longer kept.
KEEP_UNDONE = const(24)


def refused(e, what="game not saved"):
    """The player's words for a write the flash refused (OSError e): a toast of at most
    three 15-character lines."""
    return ("Flash full: " if e.args and e.args[0] == ENOSPC else "Flash error: ") + what


def check(buf, start, end, version=VERSION):
    """The check of buf[start:end] as two bytes' values, for the file's version."""
    if version != 1:
        c = crc32(memoryview(buf)[start:end])
        return c & 0xFF, (c >> 8) & 0xFF
    return fletcher(buf, start, end)


def fletcher(buf, start, end):
    """Fletcher-16 (mod 255) of buf[start:end], version 1's check."""
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

    def __init__(self, storage, name="game.goj", warn=None, later=False):
        self.storage = storage
        self.name = name
        self.game = ""
        self.config = b""
        self.actions = bytearray()
        self.unsaved = False  # a write was refused: this game is in RAM only from then
        self.problem = None  # load(): what was wrong with the file, if anything
        self.kept = None  # load(): where a damaged file was set aside
        self.warn = warn  # callable(text): tell the player (the app's toast), or None
        self.later = later  # records wait in `pending` for flush() (the app's way)
        self.pending = bytearray()
        self.part = 0  # the part appends go to (0: the file itself)
        self.part_size = 0  # its bytes
        self.undone = []  # (journal length, its CRC-32, the bytes undo took back after it)

    def _refused(self, e, what="game not saved"):
        self.unsaved = True
        if self.warn is not None:
            self.warn(refused(e, what))

    def start(self, game, config):
        """A new saved game (replaces any old one in one atomic write)."""
        head = bytearray(MAGIC)
        head.append(VERSION)
        head += record(T_HEADER, game.encode() + b"\x00" + bytes(config))
        st = self.storage
        # The old game's later parts go first (the last first): a cut on the way leaves
        # the old game shorter, never old records after the new header.
        drop_parts(st, self.name, 1)
        unsaved = None
        try:
            st.write(self.name, head)
        except OSError:
            # The old game, which the players chose to replace, may hold the space the
            # new one needs (littlefs writes the new file before the old one goes).
            st.remove(self.name)
            try:
                st.write(self.name, head)
            except OSError as e:
                unsaved = e
        self.game = game
        self.config = bytes(config)
        self.actions = bytearray()
        self.undone = []
        self.pending = bytearray()
        self.part = 0
        self.part_size = len(head)
        self.unsaved = False
        if unsaved is not None:
            self._refused(unsaved)

    def append(self, actions):
        """Append action bytes as records (one flash write, now or at flush())."""
        actions = bytes(actions)
        while actions:
            chunk = actions[:255]
            self.pending += record(T_ACTIONS, chunk)
            self.actions += chunk
            actions = actions[255:]
        if not self.later:
            self.flush()

    def undo(self, count):
        """Drop the last `count` action bytes (an undo), by appending a record."""
        if count <= 0:
            return
        count = min(count, len(self.actions))
        self.pending += record(T_UNDO, bytes((count >> 8, count & 0xFF)))
        keep_undone(self.undone, self.actions, len(self.actions) - count)
        self.actions = self.actions[:len(self.actions) - count]
        if not self.later:
            self.flush()

    def taken_back(self, history):
        """The bytes that followed `history` (a journal of this game's action bytes) the
        last time it was played and then undone, or b"" if it never was: a roll at the
        end of `history` takes its faces from here, so an undo never re-rolls."""
        n = len(history)
        for i in range(len(self.undone) - 1, -1, -1):
            at, crc, tail = self.undone[i]
            k = n - at
            if 0 <= k < len(tail) and history[at:] == tail[:k] \
                    and crc32(memoryview(history)[:at]) == crc:
                return tail[k:]
        return b""

    def flush(self):
        """Write the records waiting in `pending`, as one append to the last part (or to
        a new one, when they would take it past SEGMENT_BYTES)."""
        data = self.pending
        if not data:
            return
        self.pending = bytearray()
        if self.unsaved:
            return
        if self.part_size and self.part_size + len(data) > SEGMENT_BYTES:
            self.part += 1
            self.part_size = 0
        try:
            self.storage.append(part_name(self.name, self.part), data)
            self.part_size += len(data)
        except OSError as e:
            self._refused(e)

    def archive(self):
        """A finished game moves to logs/NNNN.goj (the next number), where
        `geekout logs pull` finds it; logs beyond KEEP_LOGS are dropped, oldest first.
        A game that went on unsaved leaves no log (its file holds only its start)."""
        self.flush()
        st = self.storage
        if self.unsaved:
            drop_parts(st, self.name, 0)
        elif st.exists(self.name):
            try:
                file_away(st, self.name, LOG_DIR, KEEP_LOGS)
            except OSError as e:  # the game stays saved as it is (Resume shows its end)
                if self.warn is not None:
                    self.warn(refused(e, "game not logged"))
        self._forget()

    def _forget(self):
        self.game = ""
        self.actions = bytearray()
        self.undone = []
        self.pending = bytearray()
        self.part = 0
        self.part_size = 0
        self.unsaved = False

    def clear(self):
        drop_parts(self.storage, self.name, 0)
        self._forget()

    def load(self):
        """Read the saved game: returns OK, NONE, DAMAGED or CORRUPT; game, config and
        actions are set for OK and DAMAGED, `problem` says what was wrong and `kept`
        where the damaged file went (None if the flash would not take it)."""
        st = self.storage
        self._forget()
        self.problem = None
        self.kept = None
        self.config = b""
        st.drop_temp(self.name)  # a whole-file write a power cut stopped
        try:
            sizes = part_sizes(st, self.name)
            if not sizes:
                drop_parts(st, self.name, 1)  # left by a cut while a game was filed away
                return NONE
            if sum(sizes) > MAX_BYTES:
                game, problem = None, "larger than {} bytes".format(MAX_BYTES)
            else:
                data = read_parts(st, self.name, len(sizes))
                game, config, actions, good, problem = parse(data, self.undone)
        except Exception as e:  # noqa: BLE001 - whatever the file holds, boot goes on
            game, problem = None, "unreadable ({})".format(type(e).__name__)
        self.problem = problem
        if problem is None:
            self.game, self.config, self.actions = game, config, actions
            self.part = len(sizes) - 1
            self.part_size = sizes[-1]
            return OK
        self.set_aside()
        if game is None:
            return CORRUPT
        self.game, self.config, self.actions = game, config, actions
        if self.kept is not None:  # else the file stays whole, and this game unsaved
            try:  # the records before the damage are the saved game from now on
                st.write(self.name, data[:good])
                self.part_size = good
            except OSError as e:  # in RAM only: the set-aside copy keeps the file
                self._refused(e)
        return DAMAGED

    def set_aside(self):
        """Move the saved file to bad/NNNN.goj, where `geekout logs pull` finds it. If
        the flash refuses, the file stays as it is and this game is played unsaved (no
        record may follow the damage)."""
        try:
            self.kept = file_away(self.storage, self.name, BAD_DIR, KEEP_BAD)
        except OSError as e:
            self._refused(e, "bad save left as is")


def part_name(name, i):
    """The i-th part of the saved file `name`: the file itself, then name.1, name.2..."""
    return name + "." + str(i) if i else name


def part_sizes(storage, name):
    """The sizes of the parts of `name` there are, in order ([] without the file)."""
    sizes = []
    while True:
        n = storage.size(part_name(name, len(sizes)))
        if n < 0:
            return sizes
        sizes.append(n)


def read_parts(storage, name, count=0):
    """The bytes of the saved file `name`: its parts joined (`count` of them, or all)."""
    count = count or len(part_sizes(storage, name))
    if count == 1:
        return storage.read(name)
    data = bytearray()
    for i in range(count):
        data += storage.read(part_name(name, i))
    return data


def drop_parts(storage, name, first):
    """Remove the parts of `name` from the `first`-th on, the last first (a cut on the
    way leaves the journal shorter, never with a gap)."""
    last = first
    while storage.size(part_name(name, last)) >= 0:
        last += 1
    for i in range(last - 1, first - 1, -1):
        storage.remove(part_name(name, i))


def numbered(storage, folder):
    """The NNNN.goj names in a folder, oldest (lowest) first."""
    return sorted(n for n in storage.listdir(folder)
                  if len(n) == 8 and n.endswith(".goj") and n[:4].isdigit())


def file_away(storage, name, folder, keep):
    """Move the saved file `name` (all its parts) to folder/NNNN.goj, one past the
    newest, keeping at most `keep` files there (the oldest go). A name is never taken twice while its file lives: when
    the numbers reach LAST_NUMBER, the files are numbered again from 0001 in order."""
    names = numbered(storage, folder)
    if names and int(names[-1][:4]) >= LAST_NUMBER:
        for i, old in enumerate(names):
            new = "{:04d}.goj".format(i + 1)
            if new != old:  # lower and free: the files before it moved lower still
                storage.rename(folder + "/" + old, folder + "/" + new)
        names = numbered(storage, folder)
    number = int(names[-1][:4]) + 1 if names else 1
    target = "{}/{:04d}.goj".format(folder, number)
    if storage.size(part_name(name, 1)) < 0:
        storage.rename(name, target)  # one part: a rename, which a full flash takes
    else:  # the parts joined into one file; then the saved file goes, its first part first
        storage.write(target, read_parts(storage, name))
        storage.remove(name)
        drop_parts(storage, name, 1)
    for old in names[:max(0, len(names) + 1 - keep)]:
        storage.remove(folder + "/" + old)
    return target


def _game_name(raw):
    """The header's game name, or None unless it is 1-12 lowercase ASCII letters (a
    flipped byte can pass the check: Fletcher-16 mod 255 cannot tell 0x00 from 0xFF)."""
    if not 1 <= len(raw) <= 12:
        return None
    for c in raw:
        if not 0x61 <= c <= 0x7A:
            return None
    return raw.decode()


def keep_undone(undone, actions, cut):
    """Note in `undone` that actions[cut:] were taken back (Journal.undone's entries)."""
    tail = bytes(actions[cut:])
    crc = crc32(memoryview(actions)[:cut])
    for i in range(len(undone)):  # the same stretch undone again (a prefix of it) goes
        at, c, old = undone[i]
        if at == cut and c == crc and tail[:len(old)] == old:
            undone.pop(i)
            break
    undone.append((cut, crc, tail))
    if len(undone) > KEEP_UNDONE:
        undone.pop(0)


def parse(data, undone=None):
    """What a journal's bytes hold: (game, config, actions, good, problem). `problem`
    is None for a sound file, else one line saying what is wrong and where; `game` is
    None when no header is readable (nothing usable); `actions` are folded from the
    records before the damage, which end at byte `good`. With a list `undone`, what
    each undo took back is noted in it (keep_undone)."""
    n = len(data)
    if n < 4 or data[:3] != MAGIC:
        return None, b"", bytearray(), 0, "not a journal (no GOJ at the start)"
    version = data[3]
    if version != VERSION and version != 1:
        return None, b"", bytearray(), 0, "format version {} (this reads 1 and {})".format(
            version, VERSION)
    pos = 4
    actions = bytearray()
    game = None
    config = b""
    problem = None
    while pos < n:
        size = data[pos]
        end = pos + size + 2
        if end + 2 > n:
            problem = "record at byte {} runs past the end of the file".format(pos)
            break
        a, b = check(data, pos, end, version)
        if data[end] != a or data[end + 1] != b:
            problem = "record at byte {} fails its checksum".format(pos)
            break
        rtype = data[pos + 1]
        if game is None:
            if rtype != T_HEADER:
                problem = "no header record"
                break
            zero = data.find(b"\x00", pos + 2, end)
            game = _game_name(data[pos + 2:zero]) if zero > 0 else None
            if game is None:
                problem = "game name is not 1-12 ASCII letters"
                break
            config = bytes(data[zero + 1:end])
        elif rtype == T_ACTIONS:
            actions += data[pos + 2:end]
        elif rtype == T_UNDO:
            if size != 2:
                problem = "undo record at byte {} holds {} bytes, not 2".format(pos, size)
                break
            k = (data[pos + 2] << 8) | data[pos + 3]
            if k > len(actions):
                problem = "undo of {} bytes at byte {} goes past the start".format(k, pos)
                break
            if undone is not None:
                keep_undone(undone, actions, len(actions) - k)
            actions = actions[:len(actions) - k]
        elif rtype == T_HEADER:
            problem = "second header at byte {}".format(pos)
            break
        else:
            problem = "unknown record type 0x{:02x} at byte {}".format(rtype, pos)
            break
        pos = end + 2
    if game is None:
        return None, b"", bytearray(), 0, problem or "no header record"
    return game, config, actions, pos, problem
