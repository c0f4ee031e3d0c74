# The Pico runs this file at power-up: build the board, run the app.
# Hold BACK while powering up for safe mode (nothing starts; mpremote can connect).
from geekout.hal.storage import Storage
from geekout.settings import Settings

storage = Storage("")
settings = Settings(storage)
settings.load()

from geekout.hal.board import Board  # noqa: E402

board = Board(settings.get("display"), storage)
if board.back_held():
    print("safe mode: BACK held at power-up, app not started")
else:
    from geekout.app import run  # noqa: E402

    run(board)
