"""What a board provides: the one list of the parts the firmware reads from a board.

Every board subclasses Board, whose docstring says what each member is: the real gadget
(hal/board.py), the terminal simulator's (boards/sim.py), the web page's (boards/web.py).
The app and the UI read these members directly; an optional member a board does not
have stays None. tests/firmware/test_board_contract.py checks that every board sets
every required member and that the firmware reads no other board attribute, so a new
part is declared here first (docs/developing.md, How to add).
"""


class Board:
    """The declaration: every member is None here, and each board sets its own.

    Required (each board sets them, as attributes or methods):
      display      the 128x64 canvas: framebuf.FrameBuffer's drawing methods on MONO_VLSB
                   `buffer`, show() (sends what changed; OSError when the panel does not
                   answer) and KIND ("ssd1306" or "sh1106"), as hal/display.py's adapters
      buttons      poll(now) -> the key codes (keys.py) since the last poll (hal/buttons.py)
      leds         the seat LEDs (hal/leds.SeatLeds): show_seats, show_turn, flash,
                   set_brightness, show_fault, clear_fault, tick(now), off()
      buzzer       the piezo (hal/buzzer.Buzzer): cue(name, now), tick(now)
      storage      the flash for saved games, settings and logs (hal/storage.Storage's
                   methods; a write may raise OSError, e.g. 28 when full)
      data         read-only files shipped with the firmware: the Masters hint table, the
                   Capture catalog (hal/storage.Storage's read methods)
      clock()      milliseconds on MicroPython's ticks (compare with keys.ticks_diff)
      rand(n)      a fair draw in 0..n-1, n <= 256 (the dice; the simulator's is seeded)
      sleep_ms(ms) wait (the main loop's pace, the wait after repeated errors)
      set_display(kind)  the display setting changed: `display` becomes an adapter of that
                   kind on the same buffers
      back_held()  True when BACK is held at power-up (main.py: safe mode)

    Optional (None when the board has no such part):
      settings     the Settings already read (main.py reads them before the board: the
                   display type); the app reads them from `storage` otherwise
      games        the games offered under New game, a tuple of app.GAMES names (the
                   simulator's --game); None: every game
      events       an events.Events writing the live event lines (docs/events.md): USB
                   serial on the gadget, the page's scoreboard on the web
      display_lost(e)  the panel stopped answering (OSError e from show()): returns the
                   canvas to draw on from now on (a stand-in on the same buffers) and looks
                   for the panel again (hal/board.py)
      watch_display(now)  called every tick while a stand-in is up: True when the panel
                   answers again (`display` is then the real adapter)
      visited      a list the UI appends each newly shown screen's name to (the
                   simulator's report, the fuzz tests); the gadget keeps none
      safe_mode()  show safe mode (BACK held at power-up; main.py, the real board only)
      feed()       the watchdog: the main loop calls it every pass; the first call starts
                   it, and a loop that stops calling it restarts the chip (the real board)
      stop_watchdog()  a tool's Ctrl-C ended the loop: the watchdog stops, or it would
                   restart the chip under the tool (main.py, the real board only)
    """

    # Required: set by every board (see the docstring above).
    display = None
    buttons = None
    leds = None
    buzzer = None
    storage = None
    data = None
    clock = None
    rand = None
    sleep_ms = None
    set_display = None
    back_held = None
    # Optional: None unless the board has the part.
    settings = None
    games = None
    events = None
    display_lost = None
    watch_display = None
    visited = None
    safe_mode = None
    feed = None
    stop_watchdog = None


REQUIRED = ("display", "buttons", "leds", "buzzer", "storage", "data", "clock", "rand",
            "sleep_ms", "set_display", "back_held")
OPTIONAL = ("settings", "games", "events", "display_lost", "watch_display", "visited",
            "safe_mode", "feed", "stop_watchdog")
