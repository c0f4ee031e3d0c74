"""Gadget settings: a small versioned JSON object on flash.

Written only when a value changed, temp-then-rename (storage.write). A missing file
means defaults; a damaged or unreadable one also means defaults, and load() says so.
Format (docs/gadget.md): {"v": 1, "display": "ssd1306"|"sh1106", "brightness": 1-5,
"sound": true|false}.
"""

import json

VERSION = 1
NAME = "settings.json"
DISPLAYS = ("ssd1306", "sh1106")


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

    def load(self):
        """Read the file; returns None, or a message when defaults replaced a bad file."""
        raw = self.storage.read(NAME)
        if raw is None:
            self.values = defaults()
            self.saved = ""
            return None
        try:
            d = json.loads(raw.decode())
        except (ValueError, UnicodeError):
            d = None
        if d is None or not _valid(d):
            self.values = defaults()
            self.saved = ""
            self.storage.remove(NAME)
            return "Settings damaged: defaults"
        self.values = {"v": VERSION, "display": d["display"],
                       "brightness": d["brightness"], "sound": d["sound"]}
        self.saved = json.dumps(self.values)
        return None

    def get(self, key):
        return self.values[key]

    def set(self, key, value):
        """Change one value and save if it differs from what is on flash."""
        self.values[key] = value
        text = json.dumps(self.values)
        if text != self.saved:
            self.storage.write(NAME, text.encode())
            self.saved = text
