"""Files on the gadget's flash (littlefs on the Pico; any directory elsewhere).

The only firmware code doing file I/O. Whole-file writes go to a temporary file that is
then renamed over the old one, so a power cut leaves either the old or the new file.
Appends are for the game journal, whose records carry their own checksums.
A write the flash refuses (OSError: ENOSPC 28 when littlefs is full, EIO) is raised to
the caller (journal.py, settings.py say so to the player); a refused whole-file write
leaves the old file as it was and no temporary file behind.
"""

import os


class Storage:
    def __init__(self, root=""):
        self.root = root
        self.writes = 0  # flash writes issued (bench, tests)
        if root:
            try:
                os.mkdir(root)
            except OSError:
                pass

    def path(self, name):
        return self.root + "/" + name if self.root else name

    def exists(self, name):
        try:
            os.stat(self.path(name))
            return True
        except OSError:
            return False

    def read(self, name):
        """The file's bytes, or None if it does not exist."""
        try:
            with open(self.path(name), "rb") as f:
                return f.read()
        except OSError:
            return None

    def size(self, name):
        """The file's size in bytes, or -1 if it does not exist (checked before a read
        that could take the heap)."""
        try:
            return os.stat(self.path(name))[6]
        except OSError:
            return -1

    def write(self, name, data):
        """Replace the file: temp then rename."""
        tmp = self.path(name + ".tmp")
        try:
            with open(tmp, "wb") as f:
                f.write(data)
            self.writes += 1
            os.rename(tmp, self.path(name))
        except OSError:
            try:  # a half-written temporary file would only take the space that ran out
                os.remove(tmp)
            except OSError:
                pass
            raise

    def drop_temp(self, name):
        """Remove the temporary file a power cut may have left from a write of `name`."""
        self.remove(name + ".tmp")

    def append(self, name, data):
        with open(self.path(name), "ab") as f:
            f.write(data)
        self.writes += 1

    def rename(self, old, new):
        try:
            os.remove(self.path(new))
        except OSError:
            pass
        os.rename(self.path(old), self.path(new))

    def remove(self, name):
        try:
            os.remove(self.path(name))
        except OSError:
            pass

    def listdir(self, folder):
        """Names in a folder ("": the top folder; another is made if missing, so a rename
        into it works)."""
        if not folder:
            return os.listdir(self.root) if self.root else os.listdir()
        path = self.path(folder)
        try:
            return os.listdir(path)
        except OSError:
            os.mkdir(path)
            return []

    def open(self, name, mode="rb"):
        """A file object (e.g. a data table the rules read in pieces)."""
        return open(self.path(name), mode)
