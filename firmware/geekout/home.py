"""The home screens: boot (settings, the saved game's check, "resume?"), the home menu,
the choice of game, settings, help and about.

Loaded while the players are at home (or reading help) and dropped from RAM when a game
starts (app._play): a game in play has the whole heap but for the app's core.
"""

import gc

from geekout import __version__
from geekout import journal as jn
from geekout.settings import DISPLAYS
from geekout.ui.widgets import Confirm, Menu, Spinner, TextPage

# Each game's name on the screen, by its journal name (app.GAMES); the resume question
# has room for the full name where the games menu's 15 characters have not.
GAME_TITLES = {"masters": "Masters", "capture": "Geekmon Capture", "battle": "Galaxy battle"}
FULL_TITLES = {"masters": "Geek Out! Masters"}

HELP = (
    "UP/DOWN: move or change (hold to repeat)\n"
    "OK: choose\n"
    "BACK: go back\n"
    "Hold OK: game menu (undo, scores, hint); outside a game, this help\n"
    "Masters over: hold OK, Review: each player's points lost and luck\n"
    "Hold BACK: home\n"
    "Every step is saved: switch off at any time."
)


def boot(app, safe=False):
    ui = app.ui
    s = app.settings
    if not s.loaded:  # else main.py read them (the display type comes from them)
        s.load()
    msg = s.take_message()
    apply_settings(app)
    j = app.journal
    if safe:  # the boots before failed: the save goes aside unread (app._boot)
        status = jn.NONE
        if jn.present_parts(j.storage, j.name):
            j.problem = "failed boots"
            j.set_aside(join=False)
            ui.alert("Start failed 3 times: save set aside")
        else:
            ui.alert("Start failed 3 times")
    else:
        status = j.load()
    if status == jn.OK or status == jn.DAMAGED:
        if j.game not in GAME_TITLES:  # a sound file of a game this firmware does not have
            j.problem = "unknown game"
            j.set_aside()
            status = jn.CORRUPT
    app.saved = status == jn.OK or status == jn.DAMAGED
    ui.reset(menu(app))
    if app.saved:
        name = FULL_TITLES.get(j.game) or GAME_TITLES[j.game]
        ui.push(Confirm(ui, "Resume the saved {} game?".format(name), app.resume, ui.pop, True,
                        "resume?"))
    # Alerts: each shows in turn (a later toast would cover a plain one).
    if status == jn.DAMAGED:  # resumed before the damage; every byte is in bad/
        ui.alert("Save damaged: {} lost, copy kept".format(steps_word(j.lost)))
    elif status == jn.CORRUPT:
        ui.alert("Save unreadable: kept for logs")
    elif status == jn.ORPHANS:
        ui.alert("Save part lost: {} kept for logs".format(steps_word(j.lost)))
    if msg:
        ui.alert(msg)
    ui.refresh()


def steps_word(n):
    return "1 step" if n == 1 else "{} steps".format(n)


def apply_settings(app):
    board = app.board
    s = app.settings
    # The bus is the one the gadget started with (hal/board.py): only the controller the
    # setting names counts here.
    if _controller(board.display.KIND) != _controller(s.get("display")):
        app.ui.fb = None  # let the old frame buffers go before the new ones
        board.set_display(s.get("display"))
        app.ui.fb = board.display
        app.ui.dirty = True
    board.leds.set_brightness(s.get("brightness"))
    board.buzzer.set_muted(not s.get("sound"))


def _controller(kind):
    """The controller of a display kind ("ssd1306", "sh1106"), whatever its bus."""
    return kind[:-4] if kind.endswith("-spi") else kind


def menu(app):
    items = ["New game", "Settings", "Help", "About"]
    if app.saved:
        items.insert(0, "Resume game")
    return Menu(app.ui, "Geek Out!", items, lambda i: _choice(app, i), "home", back=lambda: None)


def _choice(app, i):
    ui = app.ui
    if not app.saved:
        i += 1
    if i == 0:
        app.resume()
    elif i == 1:
        titles = [GAME_TITLES[g] for g in app.games]
        ui.push(Menu(ui, "Choose game", titles, lambda i: _new_game(app, i), "games"))
    elif i == 2:
        ui.push(settings_menu(app))
    elif i == 3:
        show_help(app)
    else:
        show_about(app)


def show_help(app):
    app.ui.push(TextPage(app.ui, "Buttons", HELP, "help"))


def show_about(app):
    gc.collect()
    text = "Geek Out! table companion {}\nDisplay {}\nFree RAM {} bytes".format(
        __version__, app.board.display.KIND, gc.mem_free() if hasattr(gc, "mem_free") else 0)
    app.ui.push(TextPage(app.ui, "About", text, "about"))


def _new_game(app, i):
    if app.saved:
        app.ui.push(Confirm(app.ui, "Replace the saved game?", lambda: app.setup(i), None, False,
                            "replace?"))
    else:
        app.setup(i)


def settings_menu(app):
    s = app.settings
    items = [
        "Display " + _controller(s.get("display")).upper(),  # the bus is not a choice
        "Bright " + str(s.get("brightness")),
        "Sound " + ("on" if s.get("sound") else "off"),
        "About",
    ]
    return Menu(app.ui, "Settings", items, lambda i: _setting(app, i), "settings")


def _save(app, key, value):
    """One setting changed and applied; a write the flash refused is said (the value holds
    until power-off)."""
    msg = app.settings.set(key, value)
    app.apply_settings()
    if msg:
        app.ui.alert(msg)


def _refresh(app, index):
    m = settings_menu(app)
    m.index = index
    app.ui.replace(m)


def _setting(app, i):
    s = app.settings
    ui = app.ui
    if i == 0:
        # The two controllers on the bus the gadget started with: a choice here never
        # moves the panel to a bus it is not wired to.
        kinds = DISPLAYS[2:] if app.board.display.KIND.endswith("-spi") else DISPLAYS[:2]
        cur = 1 if _controller(s.get("display")) == "sh1106" else 0

        def done(v):
            _save(app, "display", kinds[v])
            ui.pop()
            _refresh(app, 0)

        ui.push(Spinner(ui, "Display type", 0, 1, cur, done,
                        lambda v: _controller(kinds[v]).upper(),
                        "display", lambda v: "most 0.96in" if v == 0 else "most 1.3in"))
    elif i == 1:
        def done(v):
            _save(app, "brightness", v)
            ui.pop()
            _refresh(app, 1)

        def preview(v):
            app.board.leds.set_brightness(v)
            app.board.leds.show_seats(4)

        ui.push(Spinner(ui, "Brightness", 1, 5, s.get("brightness"), done, None, "brightness",
                        None, preview))
    elif i == 2:
        _save(app, "sound", not s.get("sound"))
        _refresh(app, 2)
    else:
        show_about(app)
