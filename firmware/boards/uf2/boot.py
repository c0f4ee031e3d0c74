"""Frozen into the UF2 build (firmware/manifest.py): runs at every reset before main.py."""

import geekout_uf2

geekout_uf2.start()
