"""Gadget settings: a small versioned JSON object on flash.

Written only when a value changed, temp-then-rename (storage.write). A missing file
means defaults; a damaged or unreadable one also means defaults, and load() says so
(the message is also kept in `message` until the app has shown it: main.py reads the
settings before the app exists). A write the flash refuses (full, failing) keeps the
value in RAM and set() returns what to tell the player; the old file stays as it was.
A real file is under 80 bytes: one over MAX_BYTES is refused before it is parsed (a
60 KB or deeply nested file would take the heap at every boot).
Format (docs/gadget.md): {"v": 1, "display": "ssd1306"|"sh1106"|"ssd1306-spi"|
"sh1106-spi", "brightness": 1-5, "sound": true|false}.
"""

import json

from micropython import const

VERSION = 1
NAME = "settings.json"
# The I2C kinds, then the same controllers on SPI (hal/display.py).
DISPLAYS = ("ssd1306", "sh1106", "ssd1306-spi", "sh1106-spi")
ENOSPC = const(28)  # errno of a full littlefs
MAX_BYTES = const(256)


def defaults():
    return {"v": VERSION, "display": "ssd1306", "brightness": 3, "sound": True}


def _valid(d):
    return (
        isinstance(d, dict)
        and d.get("v") == VERSION
        and d.get("display") in DISPLAYS
        and isinstance(d.get("brightness"), int)
        and not isinstance(d.get("brightness"), bool)
        and 1 <= d["brightness"] <= 5
        and isinstance(d.get("sound"), bool)
    )


class Settings:
    def __init__(self, storage):
        self.storage = storage
        self.values = defaults()
        self.saved = ""
        self.loaded = False
        self.message = None  # load()'s message, until take_message()

    def load(self):
        """Read the file; returns None, or a message when defaults replaced a bad file."""
        self.loaded = True
        self.message = self._load()
        return self.message

    def take_message(self):
        """load()'s message once (None if the file was good or it was taken already)."""
        m = self.message
        self.message = None
        return m

    def _load(self):
        st = self.storage
        self.values = defaults()
        self.saved = ""
        st.drop_temp(NAME)  # a write a power cut stopped
        try:
            size = st.size(NAME)
            if size < 0:
                return None
            d = json.loads(st.read(NAME).decode()) if size <= MAX_BYTES else None
        except Exception:  # noqa: BLE001 - any content: defaults, never a failed boot
            d = None
        if d is None or not _valid(d):
            try:
                st.remove(NAME)
            except OSError:
                pass
            return "Settings damaged: defaults"
        self.values = {"v": VERSION, "display": d["display"],
                       "brightness": d["brightness"], "sound": d["sound"]}
        self.saved = json.dumps(self.values)
        return None

    def get(self, key):
        return self.values[key]

    def set(self, key, value):
        """Change one value and save if it differs from what is on flash. Returns None,
        or a message when the flash refused the write (the value holds until power-off;
        the next change tries again)."""
        self.values[key] = value
        text = json.dumps(self.values)
        if text != self.saved:
            try:
                self.storage.write(NAME, text.encode())
            except OSError as e:
                full = e.args and e.args[0] == ENOSPC
                return ("Flash full: " if full else "Flash error: ") + "setting not saved"
            self.saved = text
        return None
