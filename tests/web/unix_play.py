"""The same key script as tests/web/node_gadget.mjs, on the MicroPython unix port with the
simulator's board (firmware/boards/sim.py) and the firmware's own buttons
and main loop (hal/buttons.py, app.Loop), as the gadget runs them: each button a pin
level and a falling-edge latch, the loop stepped every 10 ms of the board's clock.

  micropython unix_play.py SCRIPT.json FLASH_DIR FIRMWARE_DIR
Prints one line per output, as it comes (the heap keeps none of it): F <frame hex>,
L <LED bytes>, E <event line>, then S <name> <hex> for every file left on the flash.
"""

import json
import os
import sys

from boards.sim import SimBoard
from geekout.app import Loop
from geekout.events import Events
from geekout.hal.buttons import Buttons
from geekout.hal.storage import Storage
from geekout.settings import Settings

script_path, flash, firmware = sys.argv[1], sys.argv[2], sys.argv[3]
with open(script_path) as f:
    script = json.load(f)

storage = Storage(flash)
settings = Settings(storage)
settings.load()  # as main.py: the settings first
board = SimBoard(storage=storage, data=Storage(firmware), seed=script["seed"])
board.settings = settings
board.events = Events(lambda line: print("E " + line))
pressed = [False, False, False, False]


def pin(i):
    return lambda: pressed[i]


board.buttons = Buttons(pin(0), pin(1), pin(2), pin(3))
display = board.display
last = [None]
real_show = display.show


def show(full=False):
    real_show(full)
    if display.buffer != last[0]:
        last[0] = bytes(display.buffer)
        print("F " + last[0].hex())


display.show = show
real_write = board.pixels.write


def write():
    real_write()
    flat = []
    for rgb in board.pixels.rgb:
        flat.extend(rgb)
    print("L " + ",".join([str(v) for v in flat]))


board.pixels.write = write
loop = Loop(board)
presses = script["presses"]
nxt = 0
now = 0
while now <= script["end"]:
    while nxt < len(presses) and presses[nxt][0] <= now:
        _, i, down = presses[nxt]
        if down and not pressed[i]:
            board.buttons.buttons[i].fell()  # the pin's IRQ
        pressed[i] = bool(down)
        nxt += 1
    loop.step()
    board.clock.advance(10)
    now += 10


def files(folder, prefix):
    for name in sorted(os.listdir(folder)):
        path = folder + "/" + name
        if os.stat(path)[0] & 0x4000:
            files(path, prefix + name + "/")
        else:
            with open(path, "rb") as f:
                print("S " + prefix + name + " " + f.read().hex())


files(flash, "")
