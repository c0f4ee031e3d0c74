"""The gadget's application core: boot, "resume game?", starting, resuming and finishing
games, settings applied to the board, the main loop.

Takes a board (geekout/board.py declares its members): the real one from hal.board, or
the simulator's, the web page's or the tests' (firmware/boards/). Nothing the flash or the display refuses stops the gadget: a
game step the flash will not take is played on unsaved (journal.py), a display that
does not answer is looked for again (ui/core.py, hal/board.py), and the player is told.
The home screens (home menu, choice of game, settings, help, about) are in home.py,
loaded only at home; each game module is imported only when that game is chosen or
resumed.
"""

import gc
import sys

from micropython import const

from geekout import journal as jn
from geekout import keys
from geekout.modules import forget as _forget
from geekout.modules import forget_all
from geekout.settings import Settings
from geekout.ui.core import UI, Screen, say_now, wrap
from geekout.ui.widgets import Confirm

# Every game's journal name, which is also its package: geekout/<name>/ holds the game's
# rules and screens, and geekout/<name>/play.py provides setup(app) and
# play(app, config, actions) -> the screen to show.
GAMES = ("masters", "capture", "battle")
# Per game, a module its play() imports when the game starts (battle's come with its
# setup): not yet loaded, the start shows the loading frame first (loading()).
PLAY_LOADS = {"masters": "geekout.masters.rules", "capture": "geekout.capture.round",
              "battle": "geekout.battle.turn"}

# The boot count (docs/gadget.md, When something goes wrong): a file whose size is the
# boots not yet confirmed; after FAILED_BOOTS of them the gadget starts safe. A boot is
# confirmed by a key that worked or CONFIRM_MS up: a crash at boot comes sooner, and a
# hang ends in the watchdog's restart (hal/board.py) sooner too.
BOOTS = "boots"
FAILED_BOOTS = const(3)
CONFIRM_MS = const(30000)

# The garbage of the keys is collected once the buttons have been still this long, so a
# collection (a few ms on the Pico) comes between presses rather than inside one, where
# MicroPython would run it when the heap fills (micro-gui collects when idle too).
IDLE_GC_MS = const(300)
# Keys pressed faster than that (a held UP, a quick player) would leave the heap to fill
# in the middle of a press, where the collection delays the screen (about 17 ms on the
# emulated Pico with a game's heap). So every GC_KEYS keys without an idle collection,
# one comes after the key's screen and save instead, when it delays only the next key.
# Measured in bench_pico.py's Masters game on the UF2 (keys back to back): the slowest
# show() went from 24.4 ms (a collection inside it) to 11.9, press_ms p95 32.2 -> 29.8.
GC_KEYS = const(16)


def loading(ui, module):
    """Before `module` is imported from .mpy files (a game's start loads its modules:
    a few hundred ms on the Pico): a frame that says so, out at once, so the player sees
    the press took. Not when it is loaded already, nor in the UF2 build, whose modules
    are frozen in flash and cost no load (boards/uf2/geekout_uf2.py)."""
    if module in sys.modules or "geekout_uf2" in sys.modules:
        return
    say_now(ui, "Loading...")


def game_module(name):
    """Import a game's entry module on demand (the other games stay out of RAM)."""
    if name not in GAMES:
        raise ValueError("unknown game " + name)
    return __import__("geekout." + name + ".play", None, None, ("play",))


class App:
    def __init__(self, board):
        self.board = board
        self.ui = UI(board)
        self.ui.home = self.go_home
        self.ui.help = self.show_help
        # main.py reads the settings before the app exists (the display type): the app
        # takes them as read, so their "damaged" message reaches the screen.
        self.settings = board.settings or Settings(board.storage)
        # A step is saved once its key's screen is out (ui.after): the players see it
        # first, and the flash write that can stall the chip comes after.
        self.journal = jn.Journal(board.storage, warn=self.ui.alert, later=True)
        self.ui.after = self.after_screen
        self.saved = False  # a game is on flash (offer Resume)
        # The games offered under New game (a board may offer fewer: the simulator's --game).
        self.games = board.games or GAMES
        self.game = ""  # the game in play
        # Live event lines for `geekout monitor` (docs/events.md): the board's Events
        # (USB serial on the gadget), sent after the screen too; a board without one
        # prints nothing.
        self.events = board.events
        if self.events is not None:
            self.events.hold()

    def after_screen(self):
        """Once a key's (or a tick's) screen is out: the save, then the event lines."""
        self.journal.flush()
        if self.events is not None:
            self.events.flush()

    # -- boot ----------------------------------------------------------------------
    def boot(self, safe=False):
        """Settings, the saved game's check, the home menu (and "resume?"). safe: the
        boots before failed, so the save is set aside unread (docs/gadget.md)."""
        _home().boot(self, safe)

    def apply_settings(self):
        _home().apply_settings(self)

    # -- home ----------------------------------------------------------------------
    def home_menu(self):
        return _home().menu(self)

    def go_home(self):
        """Long BACK: the home menu (a game in play stays saved: Resume brings it back).
        The game's modules are dropped, so the next game has the whole heap."""
        self.board.leds.off()
        self.ui.reset(_Base(self))  # the old screens go before the home menu comes
        unload_games()
        self.ui.reset(self.home_menu())

    def show_help(self):
        _home().show_help(self)
        _forget("geekout.home")  # the help page keeps only its text

    # -- games ---------------------------------------------------------------------
    def setup(self, i):
        """The setup screens of the i-th game offered (from the home screens)."""
        unload_games()  # a game whose setup was left with BACK
        loading(self.ui, "geekout." + self.games[i] + ".play")
        game_module(self.games[i]).setup(self)

    def start(self, game, config):
        """A new game: write its journal header, then show it."""
        self.journal.start(game, config)
        self.saved = True
        self._play(game, config, b"")

    def resume(self):
        j = self.journal
        try:
            self._play(j.game, j.config, j.actions)
        except Exception:  # noqa: BLE001 - the game's replay refused the save
            j.set_aside()
            self.saved = False
            self.go_home()
            self.ui.toast("Save unreadable: kept for logs")

    def emit(self, event, round_no, rounds, seat, players, scores, text, winners=None):
        """Report a game step on USB serial (docs/events.md); round_no and seat from 0."""
        if self.events is not None:
            self.events.emit(self.game, event, round_no, rounds, seat, players, scores, text, winners)

    def _play(self, game, config, actions):
        self.game = game
        # Under the game, a stand-in for home: the home screens leave RAM while a game
        # is played (home.py comes back with Long BACK or the end of the game).
        self.ui.reset(_Base(self))
        _forget("geekout.home")
        if "geekout." + game + ".play" not in sys.modules:  # else: loaded by its setup, keep it
            unload_games()
        # The game's own modules (its rules, its screens) load in play(): say so first.
        loading(self.ui, PLAY_LOADS.get(game, ""))
        screen = game_module(game).play(self, config, actions)
        self.ui.push(screen)

    def menu_end(self, item):
        """One of MENU_END, the items every game menu ends with, was chosen."""
        if item == "Help":
            self.show_help()
        elif item == "Home":
            self.go_home()
        else:
            self.ui.push(Confirm(self.ui, "End this game? It will not be saved.", self.finish,
                                 None, False, self.game + ".end?"))

    def finish(self):
        """The players left the end screen: the game goes to the logs (journal.archive)."""
        self.journal.archive()
        self.saved = False
        self.go_home()


class _Base(Screen):
    """The bottom of the stack during a game: any key there goes home."""

    name = "home"

    def __init__(self, app):
        super().__init__(app.ui)
        self.app = app

    def key(self, k):
        self.app.go_home()

    def draw(self, fb):
        fb.text("Any key: home", 12, 28, 1)


def _home():
    return __import__("geekout.home", None, None, ("home",))


def unload_games():
    """Forget every geekout module imported after the app (game screens, their rules,
    the home screens), then collect: only the game in play is ever in RAM."""
    forget_all("geekout.", _CORE)
    gc.collect()


def run(board):
    """The main loop: a Loop's step() every 10 ms. Never returns."""
    loop = Loop(board)
    feed = board.feed  # the watchdog (hal/board.py): a pass that hangs restarts the chip
    while True:
        if feed is not None:  # first before the boot: a boot that hangs restarts too
            feed()
        loop.step()
        board.sleep_ms(10)


class Loop:
    """The main loop's state between passes: run() above steps it forever; a host whose
    own event loop must not be blocked (the web page's timer) calls step() instead."""

    def __init__(self, board):
        self.board = board
        self.app = None  # set once a boot went through
        self.errors = 0  # errors since a key last worked
        self.last_key = board.clock()
        self.started = self.last_key
        self.collected = False  # the garbage since the last key is collected
        self.uncollected = 0  # keys since the last collection
        self.confirmed = False  # this boot worked: a key went through, or time passed

    def step(self):
        """One pass: poll buttons, hand keys to the UI, let timers run. Should a screen or
        the boot ever raise, the error is printed (USB serial) and the app starts again
        from the saved game, as after a power cut, and says it did. An OSError (flash,
        I2C) the screens did not catch is told and the game goes on: starting again
        would only meet it again. Errors that come again before any key works are waited
        out, longer each time, with the error on the screen: never a silent restart loop."""
        board = self.board
        now = board.clock()
        try:
            if self.app is None:
                self.confirmed = False  # until a key works, or it runs CONFIRM_MS
                self.started = now
                self.app = _boot(board, self.errors)
            ui = self.app.ui
            for k in board.buttons.poll(now):
                ui.handle(k)
                self.errors = 0
                self.last_key = now
                self.collected = False
                self.uncollected += 1
                if not self.confirmed:
                    self._confirm()
            if self.uncollected >= GC_KEYS:  # the screen is out and saved: now is cheap
                self._collect()
            ui.tick(now)
            if not self.confirmed and not self.errors and \
                    keys.ticks_diff(now, self.started) >= CONFIRM_MS:
                self._confirm()
            if not self.collected and keys.ticks_diff(now, self.last_key) >= IDLE_GC_MS:
                self._collect()
        except Exception as e:  # noqa: BLE001 - keep the gadget usable
            _report(e)
            self.errors += 1
            if self.app is not None and isinstance(e, OSError) and self.errors < 3:
                self.app.ui.alert("Flash/I2C error {}: game goes on".format(e.args[0] if e.args else "?"))
            else:
                self.app = None
                unload_games()  # the failed game's modules (and the garbage they hold) go first
                if self.errors > 1:  # again before any key worked: wait, and say so
                    _show_error(board, e)
                    board.sleep_ms(min(self.errors, 10) * 500)


    def _collect(self):
        gc.collect()
        self.collected = True
        self.uncollected = 0

    def _confirm(self):
        """This boot worked: the count of failed boots starts again."""
        self.confirmed = True
        self.board.storage.remove(BOOTS)


def _boot(board, errors):
    """The app, booted. Each boot adds a byte to BOOTS and a boot that works removes it
    (Loop._confirm), so its size counts the boots that failed in a row, across power
    cuts and restarts: after FAILED_BOOTS the save is set aside unread (a save whose
    replay crashes the gadget would otherwise crash every start)."""
    st = board.storage
    failed = st.size(BOOTS)
    try:
        st.append(BOOTS, b"b")
    except OSError:  # a flash that takes nothing: the boot goes on uncounted
        pass
    app = App(board)
    app.boot(failed >= FAILED_BOOTS)
    if errors:
        app.ui.alert("Restarted after an error")
    return app


def _show_error(board, e):
    """An error that keeps coming, on the screen (if it answers) before the next try."""
    d = board.display
    try:
        d.fill(0)
        d.text("Error, retrying", 0, 8, 1)
        lines = wrap(type(e).__name__ + ": " + str(e), 16)
        for i in range(min(4, len(lines))):  # the whole message is on USB serial
            d.text(lines[i], 0, 24 + i * 10, 1)
        d.show()
    except OSError:
        pass


def _report(e):
    if hasattr(sys, "print_exception"):
        sys.print_exception(e)  # type: ignore
    else:
        print(repr(e))


__all__ = ["App", "Loop", "run", "keys"]


def _core_modules():
    return [name for name in sys.modules if name.startswith("geekout")]


_CORE = _core_modules()  # what the app itself needs (imported above)
