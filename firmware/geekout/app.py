"""The gadget's application: boot, "resume game?", home, settings, help, about.

Takes a board (display, buttons, leds, buzzer, storage, data, clock, rand, sleep_ms,
set_display): the real one from hal.board, or fakes from the tests and the simulator.
Each game module is imported only when that game is chosen or resumed.
"""

import gc

from geekout import __version__
from geekout import journal as jn
from geekout.settings import DISPLAYS, Settings
from geekout.ui import keys
from geekout.ui.core import UI
from geekout.ui.widgets import Confirm, Menu, Spinner, TextPage

# Every game: (journal name, menu title). Its screens live in geekout/games/<name>.py,
# which provides setup(app) and play(app, config, actions) -> the screen to show.
GAMES = ("masters", "capture", "battle")
GAME_TITLES = ("Masters", "Geekmon Capture", "Galaxy battle")

HELP = (
    "UP/DOWN: move or change (hold to repeat)\n"
    "OK: choose\n"
    "BACK: go back\n"
    "Hold OK: game menu (undo, scores, hint)\n"
    "Hold BACK: home\n"
    "Every step is saved: switch off at any time."
)


def game_module(name):
    """Import a game's screens on demand (keeps the others out of RAM)."""
    if name not in GAMES:
        raise ValueError("unknown game " + name)
    return __import__("geekout.games." + name, None, None, (name,))


class App:
    def __init__(self, board):
        self.board = board
        self.ui = UI(board)
        self.ui.home = self.go_home
        self.ui.help = self.show_help
        self.settings = Settings(board.storage)
        self.journal = jn.Journal(board.storage)
        self.saved = False  # a game is on flash (offer Resume)
        # The games offered under New game (a board may offer fewer: the simulator's --game).
        self.games = getattr(board, "games", None) or GAMES
        self.game = ""  # the game in play
        # Live event lines for `geekout monitor` (docs/events.md): the board's
        # event_line writes one line to USB serial; boards without one print nothing.
        # A board may bring its own Events object (hal/board.py, the simulator) or
        # just a line writer.
        self.events = getattr(board, "events", None)
        line = getattr(board, "event_line", None)
        if self.events is None and line is not None:
            from geekout.events import Events

            self.events = Events(line)

    # -- boot ----------------------------------------------------------------------
    def boot(self):
        msg = self.settings.load()
        self.apply_settings(True)
        status = self.journal.load()
        self.saved = status == jn.OK or status == jn.TORN
        self.ui.reset(self.home_menu())
        if self.saved:
            self.ui.push(Confirm(self.ui, "Resume the saved {} game?".format(self.journal.game),
                                 self.resume, self.ui.pop, True, "resume?"))
        if status == jn.TORN:
            self.ui.toast("Last step lost (power cut)")
        elif status == jn.CORRUPT:
            self.ui.toast("Save damaged: kept as game.bad")
        if msg:
            self.ui.toast(msg)
        self.ui.refresh()

    def apply_settings(self, boot=False):
        board = self.board
        s = self.settings
        if board.display.KIND != s.get("display"):
            self.ui.fb = None  # let the old frame buffers go before the new ones
            board.set_display(s.get("display"))
            self.ui.fb = board.display
            self.ui.dirty = True
        board.leds.set_brightness(s.get("brightness"))
        board.buzzer.set_muted(not s.get("sound"))

    # -- home ----------------------------------------------------------------------
    def home_menu(self):
        items = ["New game", "Settings", "Help", "About"]
        if self.saved:
            items.insert(0, "Resume game")
        return Menu(self.ui, "Geek Out!", items, self._home_choice, "home", back=lambda: None)

    def _home_choice(self, i):
        if not self.saved:
            i += 1
        if i == 0:
            self.resume()
        elif i == 1:
            titles = [GAME_TITLES[GAMES.index(g)] for g in self.games]
            self.ui.push(Menu(self.ui, "Choose game", titles, self._new_game, "games"))
        elif i == 2:
            self.ui.push(self.settings_menu())
        elif i == 3:
            self.show_help()
        else:
            self.show_about()

    def go_home(self):
        """Long BACK: the home menu (a game in play stays saved: Resume brings it back).
        The game's modules are dropped, so the next game has the whole heap."""
        self.board.leds.off()
        self.ui.reset(self.home_menu())
        unload_games()

    def show_help(self):
        self.ui.push(TextPage(self.ui, "Buttons", HELP, "help"))

    def show_about(self):
        gc.collect()
        text = "Geek Out! table companion {}\nDisplay {}\nFree RAM {} bytes".format(
            __version__, self.board.display.KIND, gc.mem_free() if hasattr(gc, "mem_free") else 0)
        self.ui.push(TextPage(self.ui, "About", text, "about"))

    # -- games ---------------------------------------------------------------------
    def _new_game(self, i):
        if self.saved:
            self.ui.push(Confirm(self.ui, "Replace the saved game?",
                                 lambda: self._setup(i), None, False, "replace?"))
        else:
            self._setup(i)

    def _setup(self, i):
        unload_games()  # a game whose setup was left with BACK
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
        except ValueError:
            j.set_aside()
            self.saved = False
            self.go_home()
            self.ui.toast("Save unreadable: kept as game.bad")

    def emit(self, event, round_no, rounds, seat, players, scores, text, winners=None):
        """Report a game step on USB serial (docs/events.md); round_no and seat from 0."""
        if self.events is not None:
            self.events.emit(self.game, event, round_no, rounds, seat, players, scores, text, winners)

    def _play(self, game, config, actions):
        self.game = game
        self.ui.reset(self.home_menu())
        import sys

        if "geekout.games." + game not in sys.modules:  # else: loaded by its setup, keep it
            unload_games()
        screen = game_module(game).play(self, config, actions)
        self.ui.push(screen)

    def finish(self):
        """The players left the end screen: the game goes to the logs (journal.archive)."""
        self.journal.archive()
        self.saved = False
        self.go_home()

    # -- settings ------------------------------------------------------------------
    def settings_menu(self):
        s = self.settings
        items = [
            "Display " + s.get("display").upper(),
            "Bright " + str(s.get("brightness")),
            "Sound " + ("on" if s.get("sound") else "off"),
            "About",
        ]
        return Menu(self.ui, "Settings", items, self._setting, "settings")

    def _refresh_settings(self, index):
        menu = self.settings_menu()
        menu.index = index
        self.ui.replace(menu)

    def _setting(self, i):
        s = self.settings
        ui = self.ui
        if i == 0:
            cur = DISPLAYS.index(s.get("display"))

            def done(v):
                s.set("display", DISPLAYS[v])
                self.apply_settings()
                ui.pop()
                self._refresh_settings(0)

            ui.push(Spinner(ui, "Display type", 0, 1, cur, done,
                            lambda v: DISPLAYS[v].upper(), "display",
                            lambda v: "most 0.96in" if v == 0 else "most 1.3in"))
        elif i == 1:
            def done(v):
                s.set("brightness", v)
                self.apply_settings()
                ui.pop()
                self._refresh_settings(1)

            def preview(v):
                self.board.leds.set_brightness(v)
                self.board.leds.show_seats(4)

            ui.push(Spinner(ui, "Brightness", 1, 5, s.get("brightness"), done, None,
                            "brightness", None, preview))
        elif i == 2:
            s.set("sound", not s.get("sound"))
            self.apply_settings()
            self._refresh_settings(2)
        else:
            self.show_about()


def unload_games():
    """Forget every geekout module imported after the app (game screens, their rules),
    then collect: only the game in play is ever in RAM."""
    import sys

    for name in list(sys.modules):
        if name.startswith("geekout.") and name not in _CORE:
            del sys.modules[name]
            parent, _, leaf = name.rpartition(".")
            pkg = sys.modules.get(parent)
            if pkg is not None:
                try:
                    delattr(pkg, leaf)
                except (AttributeError, KeyError):  # MicroPython raises KeyError here
                    pass
    gc.collect()


def run(board):
    """The main loop: poll buttons, hand keys to the UI, let timers run. Never returns.
    Should a screen ever raise, the error is printed (USB serial) and the app starts
    again from the saved game, as after a power cut."""
    app = App(board)
    app.boot()
    while True:
        now = board.clock()
        try:
            for k in board.buttons.poll(now):
                app.ui.handle(k)
            app.ui.tick(now)
        except Exception as e:  # noqa: BLE001 - keep the gadget usable
            _report(e)
            app = None
            unload_games()  # the failed game's modules (and the garbage they hold) go first
            app = App(board)
            app.boot()
        board.sleep_ms(10)


def _report(e):
    import sys

    if hasattr(sys, "print_exception"):
        sys.print_exception(e)  # type: ignore
    else:
        print(repr(e))


__all__ = ["App", "run", "keys"]


def _core_modules():
    import sys

    return [name for name in sys.modules if name.startswith("geekout")]


_CORE = _core_modules()  # what the app itself needs (imported above)
