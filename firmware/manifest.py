# Freeze manifest of the gadget's UF2 (`make uf2`, host/geekout_tools/uf2.py, docs/uf2.md):
# MicroPython's rp2 port built with FROZEN_MANIFEST=<this file> freezes the firmware's
# code into flash (frozen bytecode is not loaded into RAM as .mpy files are). The data
# files (geekout/masters/hint.bin, geekout/data/*) are not code: `make uf2` puts them in
# the board's ROMFS partition instead, and the frozen boot.py mounts it at /geekout.
# The version has one source, geekout/__init__.py. The freezer runs this file with CPython
# from this file's folder, so the path is relative to firmware/.
with open("geekout/__init__.py") as f:
    version = [line.split('"')[1] for line in f if line.startswith("__version__")][0]
metadata(description="Geek Out! table companion firmware", version=version)

# Keep the port's own frozen modules (asyncio, neopixel, _boot.py, ...).
include("$(PORT_DIR)/boards/manifest.py")

package("geekout", base_path=".")
module("main.py", base_path=".")
# The UF2's start-up: frozen modules first, the data partition at /geekout.
# (firmware/boards/uf2/: the only part of boards/ frozen; the sim and web boards are not).
module("boot.py", base_path="boards/uf2")
module("geekout_uf2.py", base_path="boards/uf2")
