"""The Pico runs this file at power-up: build the board, run the app.

Hold BACK while powering up for safe mode (nothing starts; mpremote can connect): the
seat LEDs turn steady blue. With no display answering the gadget still starts (the seat
LEDs blink red and the reason goes to USB serial) and picks the panel up when it
answers. The settings are read once, here: the app shows their "damaged" message.
"""

from geekout.hal.storage import Storage
from geekout.settings import Settings

storage = Storage("")
settings = Settings(storage)
settings.load()

from geekout.hal.board import Board  # noqa: E402

board = Board(lenient=True, settings=settings)
if board.back_held():
    board.safe_mode()
else:
    from geekout.app import run  # noqa: E402

    try:
        run(board)
    except KeyboardInterrupt:  # a tool's Ctrl-C: the REPL is theirs, with no watchdog
        board.stop_watchdog()
        raise
