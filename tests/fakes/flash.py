"""Fake flash for the gadget's storage: files in memory, every write counted, and a
power cut that can be injected at write number k (PowerCut is raised as if the gadget
lost power during that write). As on littlefs, the cut write lands nothing: a whole-file
write leaves half a temporary file and the old file, an append (closed at once) leaves
the file as it was. With tear_appends=True the cut append lands half its bytes, as a
simpler file system might (the journal then reads the file as damaged).

A full flash: with `space` = N bytes, a write that would take the files past N bytes
raises OSError(errno) (28, ENOSPC, as littlefs when full) and, as littlefs, lands
nothing (torn=True: an append lands what fits first, as a simpler file system might).
A whole-file write needs room for the new copy beside the old one (temp then rename).

Same methods as geekout.hal.storage.Storage; runs under MicroPython and CPython.
"""


class PowerCut(Exception):
    pass


class FakeFlash:
    def __init__(self, files=None, cut_at=0, space=0, errno=28, torn=False, tear_appends=False):
        self.files = dict(files or {})
        self.writes = 0
        self.cut_at = cut_at  # 0: never; k: the k-th write is torn
        self.last = None  # (kind, name) of the last write
        self.space = space  # 0: no limit; else the bytes the files may take
        self.errno = errno
        self.torn = torn
        self.tear_appends = tear_appends
        self.refused = 0  # writes refused for want of space

    def used(self):
        n = 0
        for v in self.files.values():
            n += len(v)
        return n

    def _room(self, n):
        """Bytes that fit of n (all n when there is no limit)."""
        if not self.space:
            return n
        return max(0, min(n, self.space - self.used()))

    def _write_op(self, kind, name):
        self.writes += 1
        self.last = (kind, name)
        return self.cut_at and self.writes == self.cut_at

    def exists(self, name):
        return name in self.files

    def read(self, name):
        data = self.files.get(name)
        return None if data is None else bytes(data)

    def size(self, name):
        data = self.files.get(name)
        return -1 if data is None else len(data)

    def drop_temp(self, name):
        self.files.pop(name + ".tmp", None)

    def write(self, name, data):
        tmp = name + ".tmp"
        if self._room(len(data)) < len(data):
            self.refused += 1
            raise OSError(self.errno)
        if self._write_op("write", name):
            self.files[tmp] = bytes(data[:len(data) // 2])  # the rename never happens
            raise PowerCut()
        self.files[tmp] = bytes(data)
        self.files[name] = self.files.pop(tmp)

    def append(self, name, data):
        f = self.files.get(name)
        if f is None:
            f = self.files[name] = bytearray()
        elif not isinstance(f, bytearray):
            f = self.files[name] = bytearray(f)
        fits = self._room(len(data))
        if fits < len(data):
            self.refused += 1
            if self.torn:
                f.extend(data[:fits])
            raise OSError(self.errno)
        if self._write_op("append", name):
            if self.tear_appends:
                f.extend(data[:len(data) // 2])
            raise PowerCut()
        f.extend(data)

    def rename(self, old, new):
        self.files[new] = self.files.pop(old)

    def remove(self, name):
        self.files.pop(name, None)

    def listdir(self, folder):
        if not folder:  # the top folder: names with no folder
            return [k for k in self.files if "/" not in k]
        prefix = folder + "/"
        return [k[len(prefix):] for k in self.files if k.startswith(prefix)]

    def open(self, name, mode="rb"):
        raise OSError(2)

    def snapshot(self):
        """What survives the power cut: the files as they are now."""
        return {k: bytes(v) for k, v in self.files.items()}
