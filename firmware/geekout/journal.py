"""The saved game: a journal file of checksummed records, kept in parts on flash.

File = b"GOJ" + version byte, then records: length n, type, n payload bytes, 2 check
bytes (the low 16 bits of the CRC-32; version 1, still read: Fletcher-16). 'H' is the
header (game name, 0, config bytes), 'A' appends action bytes (each game's own), 'U'
drops the last k, and 'P' opens every later part (its number, the records before it, the
CRC-32 of the bytes before it), so a lost or emptied part is a gap the reader sees.
Records wait in `pending` until flush(); a step's records go whole into one part of
SEGMENT_BYTES at most. A record that fails its check is damage, never a torn write
(littlefs appends are atomic). docs/gadget.md, Saved game and Undo.
"""

from binascii import crc32

from micropython import const

MAGIC = b"GOJ"
VERSION = const(3)  # written; versions 1 and 2 (no part records) are read too
T_HEADER = const(0x48)  # 'H'
T_ACTIONS = const(0x41)  # 'A'
T_UNDO = const(0x55)  # 'U'
T_PART = const(0x50)  # 'P': its number from 1 (2 bytes), steps before (2), CRC-32 before (4)

OK = const(0)
NONE = const(1)  # no saved game
DAMAGED = const(2)  # resumed from the records before the damage; the file set aside
CORRUPT = const(3)  # nothing readable: the file set aside, no game resumed
ORPHANS = const(4)  # later parts with no first part: set aside, no game resumed
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


def part_record(number, records, crc):
    """The record that opens part `number`: the records before it and the CRC-32 of
    every byte before it, which a reader checks to find a lost or emptied part."""
    return record(T_PART, bytes((number >> 8, number & 0xFF, records >> 8, records & 0xFF,
                                 crc & 0xFF, (crc >> 8) & 0xFF, (crc >> 16) & 0xFF,
                                 (crc >> 24) & 0xFF)))


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
        self.crc = 0  # CRC-32 of every byte written so far (the next part record's)
        self.records = 0  # records on flash after the header (steps and undos)
        self.seq = 0  # part records on flash (the next is number seq + 1)
        self.waiting = 0  # records in `pending`
        self.lost = 0  # load(): records the damage hid (at least), 0 if none
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
        self.crc = crc32(head)
        self.records = 0
        self.seq = 0
        self.waiting = 0
        self.unsaved = False
        if unsaved is not None:
            self._refused(unsaved)

    def append(self, actions):
        """Append action bytes as records (one flash write, now or at flush())."""
        actions = bytes(actions)
        while actions:
            chunk = actions[:255]
            self._add(record(T_ACTIONS, chunk))
            self.actions += chunk
            actions = actions[255:]
        if not self.later:
            self.flush()

    def undo(self, count):
        """Drop the last `count` action bytes (an undo), by appending a record."""
        if count <= 0:
            return
        count = min(count, len(self.actions))
        self._add(record(T_UNDO, bytes((count >> 8, count & 0xFF))))
        keep_undone(self.undone, self.actions, len(self.actions) - count)
        self.actions = self.actions[:len(self.actions) - count]
        if not self.later:
            self.flush()

    def _add(self, rec):
        """A step's record into `pending`, behind a part record when it opens a new part
        (the records of one press go whole into one part: flush())."""
        self.pending += rec
        self.waiting += 1

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
        waiting = self.waiting
        self.waiting = 0
        if self.unsaved:
            return
        part = self.part
        if self.part_size and self.part_size + len(data) > SEGMENT_BYTES:
            part += 1
            data = part_record(self.seq + 1, self.records, self.crc) + data
        try:
            self.storage.append(part_name(self.name, part), data)
        except OSError as e:
            self._refused(e)
            return
        if part != self.part:
            self.part = part
            self.part_size = 0
            self.seq += 1
        self.part_size += len(data)
        self.crc = crc32(data, self.crc)
        self.records += waiting

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
        self.crc = 0
        self.records = 0
        self.seq = 0
        self.waiting = 0
        self.unsaved = False

    def clear(self):
        drop_parts(self.storage, self.name, 0)
        self._forget()

    def load(self):
        """Read the saved game: returns OK, NONE, DAMAGED, CORRUPT or ORPHANS; game,
        config and actions are set for OK and DAMAGED, `problem` says what was wrong,
        `lost` how many steps (at least) the damage hid and `kept` where the damaged
        file went (None if the flash would not take it). Every byte of a damaged save is
        kept (bad/); a gap between parts ends what is resumed (docs/gadget.md)."""
        st = self.storage
        self._forget()
        self.problem = None
        self.kept = None
        self.lost = 0
        self.config = b""
        st.drop_temp(self.name)  # a whole-file write a power cut stopped
        try:
            parts = present_parts(st, self.name)
            if not parts:
                return NONE
            if parts[0] != 0:
                return self._orphans(parts)
            sizes = [st.size(part_name(self.name, i)) for i in parts]
            if sum(sizes) > MAX_BYTES:
                game, problem = None, "larger than {} bytes".format(MAX_BYTES)
            else:
                data, problem = read_run(st, self.name, parts)
                game, config, actions, good, bad = parse(data, self.undone)
                if bad is not None:
                    problem = bad  # the first problem in the file's order
                elif problem is not None:
                    good = len(data)
                if problem is not None:
                    self.lost = max(1, steps_in(st, self.name, parts) - steps_before(data, good)[0])
        except Exception as e:  # noqa: BLE001 - whatever the file holds, boot goes on
            game, problem = None, "unreadable ({})".format(type(e).__name__)
        self.problem = problem
        if problem is None:
            self.game, self.config, self.actions = game, config, actions
            self._resumed(data, len(parts) - 1, sizes[-1])
            return OK
        self.set_aside()
        if game is None:
            return CORRUPT
        self.game, self.config, self.actions = game, config, actions
        if self.kept is not None:  # else the file stays whole, and this game unsaved
            try:  # the records before the damage are the saved game from now on
                st.write(self.name, data[:good])
                self._resumed(data[:good], 0, good)
            except OSError as e:  # in RAM only: the set-aside copy keeps the file
                self._refused(e)
        return DAMAGED

    def _resumed(self, data, part, size):
        """Appends go on after `data`, the saved game's bytes, its last part `part`."""
        self.part = part
        self.part_size = size
        self.crc = crc32(data)
        self.records, self.seq = steps_before(data, len(data))

    def _orphans(self, parts):
        """Later parts with no first part: those of a game a power cut caught as it was
        filed away (the newest log ends with their bytes) go; any other are set aside,
        never deleted, and no game is resumed."""
        st = self.storage
        logs = numbered(st, LOG_DIR)
        data, problem = read_run(st, self.name, parts, parts[0])
        newest = st.read(LOG_DIR + "/" + logs[-1]) if logs else None
        if problem is None and newest is not None and data and newest.endswith(data):
            drop_parts(st, self.name, parts[0])
            return NONE
        self.problem = "part 0 missing, parts {}-{} kept".format(parts[0], parts[-1])
        self.lost = steps_in(st, self.name, parts)
        self.set_aside()
        return ORPHANS

    def set_aside(self, join=True):
        """Move the saved file to bad/NNNN.goj, where `geekout logs pull` finds it (join
        False: part by part, reading nothing). If the flash refuses, the file stays as it
        is and this game is played unsaved (no record may follow the damage)."""
        try:
            self.kept = file_away(self.storage, self.name, BAD_DIR, KEEP_BAD, join)
        except OSError as e:
            self._refused(e, "bad save left as is")


def part_name(name, i):
    """The i-th part of the saved file `name`: the file itself, then name.1, name.2..."""
    return name + "." + str(i) if i else name


def present_parts(storage, name, folder=""):
    """The numbers of the parts of `name` in `folder` ("": the top), in order ([]
    without any). A lost part shows as a missing number; listing finds those after it."""
    n = len(name)
    found = []
    for f in storage.listdir(folder):
        if f == name:
            found.append(0)
        elif len(f) > n + 1 and f[:n + 1] == name + "." and f[n + 1:].isdigit():
            found.append(int(f[n + 1:]))
    found.sort()
    return found


def read_run(storage, name, parts, first=0):
    """(bytes, problem): the parts of `name` joined from part `first` on, as far as they
    run unbroken (each present, in order, and readable); `problem` names where the run
    broke with parts beyond it, or is None."""
    data = bytearray()
    at = first
    for i in parts:
        if i < first:
            continue
        if i != at:
            return data, "part {} missing".format(at)
        chunk = storage.read(part_name(name, i))
        if chunk is None:
            return data, "part {} unreadable".format(i)
        data += chunk
        at += 1
    return data, None


def read_parts(storage, name):
    """The bytes of the saved file `name`, its parts joined (OSError if a part is
    missing or cannot be read: file_away then moves the parts one by one)."""
    data, problem = read_run(storage, name, present_parts(storage, name))
    if problem is not None:
        raise OSError(5)  # EIO
    return data


def drop_parts(storage, name, first):
    """Remove the parts of `name` from the `first`-th on, the last first (a cut on the
    way leaves the journal shorter, never with a gap)."""
    for i in reversed(present_parts(storage, name)):
        if i >= first:
            storage.remove(part_name(name, i))


def walk(buf, start, version=VERSION):
    """(steps, sound, seq): the steps (action and undo records) in buf from `start`,
    counted from the last part record's count, up to the end or the first record that
    fails its check (`sound` False then); seq: the last part record's number, or 0."""
    steps = 0
    seq = 0
    pos = start
    n = len(buf)
    while pos < n:
        end = pos + buf[pos] + 2
        if end + 2 > n:
            return steps, False, seq
        a, b = check(buf, pos, end, version)
        if buf[end] != a or buf[end + 1] != b:
            return steps, False, seq
        rtype = buf[pos + 1]
        if rtype == T_PART and end - pos == 10:
            seq = (buf[pos + 2] << 8) | buf[pos + 3]
            steps = (buf[pos + 4] << 8) | buf[pos + 5]
        elif rtype == T_ACTIONS or rtype == T_UNDO:
            steps += 1
        pos = end + 2
    return steps, True, seq


def steps_before(data, good):
    """(steps, seq) of a journal's first `good` bytes (its records before any damage):
    walk()'s count and last part record's number."""
    if len(data) < 4:
        return 0, 0
    steps, _, seq = walk(memoryview(data)[:good], 4, data[3])
    return steps, seq


def steps_in(storage, name, parts):
    """The most steps the readable parts of `name` show were saved: a part that opens
    with a part record tells the steps before it, and its own follow."""
    most = 0
    version = VERSION
    for i in parts:
        buf = storage.read(part_name(name, i))
        if buf is None:
            continue
        start = 0
        if i == 0:
            if len(buf) < 4 or buf[:3] != MAGIC:
                continue
            version = buf[3]
            start = 4
        steps = walk(buf, start, version)[0]
        if i and not (len(buf) > 1 and buf[1] == T_PART):
            continue  # no count before it: its steps alone tell nothing
        most = max(most, steps)
    return most


def numbered(storage, folder):
    """The NNNN.goj names in a folder, oldest (lowest) first (a save set aside in parts
    is named by its first part's name, NNNN.goj, with .1, .2... beside it)."""
    names = set()
    for n in storage.listdir(folder):
        if len(n) >= 8 and n[4:8] == ".goj" and n[:4].isdigit() and (
                len(n) == 8 or n[8] == "." and n[9:].isdigit()):
            names.add(n[:8])
    return sorted(names)


def file_away(storage, name, folder, keep, join=True):
    """Move the saved file `name` (all its parts) to folder/NNNN.goj, one past the
    newest, keeping at most `keep` files there (the oldest go). Parts that are not one
    unbroken readable run move as they are (NNNN.goj.1...): every byte is kept. A name is
    never taken twice while its file lives: when the numbers reach LAST_NUMBER, the
    files are numbered again from 0001 in order."""
    names = numbered(storage, folder)
    if names and int(names[-1][:4]) >= LAST_NUMBER:
        for i, old in enumerate(names):
            new = "{:04d}.goj".format(i + 1)
            if new != old:  # lower and free: the files before it moved lower still
                _move_parts(storage, present_parts(storage, old, folder),
                            folder + "/" + old, folder + "/" + new)
        names = numbered(storage, folder)
    number = int(names[-1][:4]) + 1 if names else 1
    target = "{}/{:04d}.goj".format(folder, number)
    parts = present_parts(storage, name)
    data = None
    if len(parts) > 1 and join:
        data, problem = read_run(storage, name, parts)
        if problem is not None or parts[0] != 0:
            data = None
    if len(parts) > 1 and data is not None:  # joined into one file, then the parts go
        storage.write(target, data)  # the first part first (docs/gadget.md, Saved game)
        for i in parts:
            storage.remove(part_name(name, i))
    else:  # one part, or a broken run: renames, which a full flash takes
        _move_parts(storage, parts, name, target)
    for old in names[:max(0, len(names) + 1 - keep)]:
        for i in present_parts(storage, old, folder):
            storage.remove(part_name(folder + "/" + old, i))
    return target


def _move_parts(storage, parts, old, new):
    """Rename each of the parts `parts` of `old` to the same part of `new`."""
    for i in parts:
        storage.rename(part_name(old, i), part_name(new, i))


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
    if not 1 <= version <= VERSION:
        return None, b"", bytearray(), 0, "format version {} (this reads 1 to {})".format(
            version, VERSION)
    pos = 4
    actions = bytearray()
    game = None
    config = b""
    problem = None
    part = 1  # the number the next part record must carry
    crc = 0  # CRC-32 of data[:crc_end], carried forward part by part
    crc_end = 0
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
        elif rtype == T_PART:
            crc = crc32(memoryview(data)[crc_end:pos], crc)
            crc_end = pos
            p = data[pos + 2:end]
            if size != 8 or (p[0] << 8 | p[1]) != part or \
                    p[4] | p[5] << 8 | p[6] << 16 | p[7] << 24 != crc:
                problem = "part {} missing or cut short (byte {})".format(part, pos)
                break
            part += 1
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
