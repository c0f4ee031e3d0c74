"""The UF2 build's start-up, frozen into the firmware (firmware/manifest.py) and run by
the frozen boot.py at every reset, before main.py.

Frozen modules come before the filesystem's: a geekout/ folder an earlier .mpy deploy
left on littlefs (or the data partition mounted at /geekout) would otherwise shadow the
frozen package. The ROMFS partition the UF2 wrote (the Masters hint table, the catalog)
is mounted at /geekout, where the firmware opens geekout/masters/hint.bin and
geekout/data/*: its files are memory-mapped flash, read without a copy in RAM.
`geekout deploy` imports this module to tell a frozen build from the stock firmware.
"""

import sys

import vfs

FROZEN = True


def start():
    if ".frozen" in sys.path:
        sys.path.remove(".frozen")
    sys.path.insert(0, ".frozen")
    try:
        vfs.mount(vfs.VfsRom(vfs.rom_ioctl(2, 0)), "/geekout")  # pyright: ignore[reportAttributeAccessIssue]
    except OSError as e:
        # No data partition (a blank or torn ROMFS): the gadget still starts; the Masters
        # hints and the Capture catalog say that their files are missing.
        print("geekout: no data partition at /geekout:", e)
