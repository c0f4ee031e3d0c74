"""Boards other than the gadget's own (geekout/board.py declares what a board provides).

  sim.py    the simulator's board (`geekout sim`, the tests): no hardware, runs under
            CPython and the MicroPython unix port
  web.py    the web page's board (`make web`): MicroPython's WebAssembly port
  uf2/      the UF2 build's frozen start-up (boot.py, geekout_uf2.py; firmware/manifest.py)

None of it goes to the Pico: `geekout deploy` (geekout_tools/build.py) leaves boards/
out and the UF2's freeze manifest freezes only uf2/; `python -m geekout_tools.build
--check` compiles it all with mpy-cross.
"""
