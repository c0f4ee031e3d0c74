# Freeze manifest for building the gadget's firmware into a custom MicroPython UF2.
# From a MicroPython checkout (ports/rp2), with this repository beside it:
#   make BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/geekout-companion/firmware/manifest.py
# Frozen bytecode starts faster and leaves more RAM free than .mpy files on flash.
# Data files (firmware/geekout/data/*, firmware/geekout/masters/hint.bin) cannot be
# frozen: copy them with `make deploy` (which skips what is already frozen only if you
# delete it from build/) or `mpremote cp -r firmware/geekout/data :geekout/` and
# `mpremote cp firmware/geekout/masters/hint.bin :geekout/masters/`.
metadata(description="Geek Out! table companion firmware", version="0.1.0")

# Keep the port's own frozen modules (asyncio, neopixel, ...).
include("$(PORT_DIR)/boards/manifest.py")

package("geekout", base_path=".")
module("main.py", base_path=".")
