"""The web board under node, no browser (docs/web.md, Tests): the page's own glue (gadget.js) and
board (firmware/boards/web.py) on MicroPython's WebAssembly port, with the firmware as deployed
(.mpy). The same key script, in the button grammar (taps, long presses, a held button's
auto-repeat, a tap shorter than a poll), played there and on the unix port with the
simulator's board gives the same frames, seat-LED colours, event lines and saved files.
And the browser's storage misbehaving: full, off, a damaged or unreadable saved game."""

import base64

import pytest
import webplay
from webplay import BACK, DOWN, LONG_BACK, LONG_OK, OK, UP

pytestmark = pytest.mark.node


def same_run(web, unix):
    """Frames, LEDs, events and files of two runs, the first difference said."""
    assert len(web["frames"]) == len(unix["frames"]), (len(web["frames"]), len(unix["frames"]))
    for i, (a, b) in enumerate(zip(web["frames"], unix["frames"])):
        assert a == b, "frame {} differs:\nweb\n{}\nunix\n{}".format(
            i, webplay.frame_text(a), webplay.frame_text(b))
    assert web["leds"] == unix["leds"]
    assert web["events"] == unix["events"]
    assert web["files"] == unix["files"]


# After the Driver's game: the game menu's Scoreboard and Hint (the hint table read from
# the firmware's files), home, Settings -> Sound (settings.json written), Resume, DOWN
# held on the dice (auto-repeat), home, DOWN held in the home menu, and the help page.
AFTER = [LONG_OK, DOWN, OK, BACK, LONG_OK, DOWN, DOWN, OK, BACK,
         LONG_BACK, DOWN, DOWN, OK, DOWN, DOWN, OK, BACK, LONG_BACK, OK]


def test_same_keys_give_the_same_screens_leds_events_and_journal_as_the_unix_port(site, tmp_path):
    keys, _ = webplay.driver_keys(seed=3, decisions=60)
    events, t = webplay.presses(keys + AFTER)
    # DOWN held 1 s on the dice screen (one key, then one every 120 ms after 450 ms).
    events += [[t, DOWN, True], [t + 1000, DOWN, False]]
    t += 1200
    more, t = webplay.presses([LONG_BACK], t)
    events += more
    # DOWN held in the home menu, then UP down and up again within one 10 ms poll: the
    # pin's latch makes it one tap (hal/buttons.py), then the help page (long OK) and back.
    events += [[t, DOWN, True], [t + 700, DOWN, False], [t + 900, UP, True], [t + 903, UP, False]]
    more, t = webplay.presses([LONG_OK, BACK], t + 1100)
    events += more
    scr = webplay.script(events, t + 3000, seed=3)
    web = webplay.run_node(site, scr, tmp_path, "web")
    unix = webplay.run_unix(scr, tmp_path, "unix")
    assert web["serial"] == [] and web["problems"] == []  # no traceback, storage fine
    same_run(web, unix)
    # The script played what the Driver played (the same journal as its CPython run),
    # and much was drawn: a game's screens, not a stuck one.
    assert web["files"]["game.goj"].startswith(b"GOJ") and len(web["frames"]) > 60
    assert "settings.json" in web["files"] and b'"sound": false' in web["files"]["settings.json"]
    kinds = [line.split('"event": "')[1].split('"')[0] for line in web["events"]]
    assert kinds[0] == "start" and "turn" in kinds and "undo" in kinds and "resume" in kinds


def test_the_driver_game_is_what_the_buttons_played(site, tmp_path):
    # The key log turned into button presses replays the Driver's game exactly: its
    # journal's action bytes are the Driver's (the grammar's taps and long presses are
    # the keys the Driver handed the UI).
    keys, actions = webplay.driver_keys(seed=5, decisions=30)
    events, t = webplay.presses(keys)
    scr = webplay.script(events, t + 500, seed=5)
    web = webplay.run_node(site, scr, tmp_path)
    report = web_report(site, scr, tmp_path, "bytes(gadget.loop.app.journal.actions).hex()")
    assert bytes.fromhex(report) == actions
    assert web["files"]["game.goj"].startswith(b"GOJ")


def web_report(site, scr, tmp_path, expr, name="report"):
    out = webplay.run_node(site, dict(scr, report=expr), tmp_path, name)
    return out["report"]


def start_keys():
    """Home -> New game -> Masters -> Virtual dice -> 2 players -> roll."""
    return [OK, OK, OK, OK, OK]


def test_storage_full_says_so_and_the_game_goes_on_unsaved(site, tmp_path):
    # The quota leaves room for 60 bytes of saved game (80 base64 characters under a
    # 16-character key), then setItem throws QuotaExceededError: the firmware's "Flash
    # full: game not saved", and the page is told.
    keys, _ = webplay.driver_keys(seed=3, decisions=30)
    events, t = webplay.presses(keys)
    filler = {"other-site-data": "x" * 300}
    scr = webplay.script(events, t + 500, seed=3, storage=filler, quota=315 + 16 + 80,
                         setup=TOAST_WATCH, report="toasts")
    out = webplay.run_node(site, scr, tmp_path)
    assert out["problems"] == ["full"]
    assert "Flash full: game not saved" in out["report"]
    # The game went on: keys after the refusal still drew new screens, and the
    # journal holds what was saved before it (a whole header, nothing torn).
    assert len(out["frames"]) > 30
    saved = out["files"]["game.goj"]
    assert saved.startswith(b"GOJ") and len(saved) <= 60
    assert out["storage"]["other-site-data"] == "x" * 300
    # A reload (power cut) offers the part that was saved.
    again = webplay.run_node(site, webplay.script([], 1000, storage=out["storage"],
                                                  setup=TOAST_WATCH, report="screens()"),
                             tmp_path, "again")
    assert again["report"][-1] == "resume?"


def test_storage_off_says_so_and_the_game_is_played_unsaved(site, tmp_path):
    events, t = webplay.presses(start_keys() + [OK] * 6)
    scr = webplay.script(events, t + 500, seed=3, off=True, setup=TOAST_WATCH,
                         report="[toasts, screens()]")
    out = webplay.run_node(site, scr, tmp_path)
    toasts, screens = out["report"]
    assert out["problems"] == ["off"] and out["files"] is None
    assert "Flash error: game not saved" in toasts
    assert "masters.dice" in screens and len(out["frames"]) > 8


def bad_file_runs(site, tmp_path, data):
    """A saved game.goj of `data` at power-up, on both boards, then OK (the default of
    whatever is offered), a second later."""
    events, t = webplay.presses([OK], 1500)
    scr = webplay.script(events, t + 4500, seed=3, setup=TOAST_WATCH, report="toasts",
                         storage={"geekout/game.goj": base64.b64encode(data).decode()})
    web = webplay.run_node(site, scr, tmp_path, "web")
    unix = webplay.run_unix(dict(scr, storage=None), tmp_path, "unix", files={"game.goj": data})
    return web, unix


def test_an_unreadable_saved_game_is_kept_aside_as_on_the_gadget(site, tmp_path):
    garbage = b"this is not a saved game at all"
    web, unix = bad_file_runs(site, tmp_path, garbage)
    assert "Save unreadable: kept for logs" in web["report"]
    assert web["files"] == {"bad/0001.goj": garbage}  # set aside, no game offered
    same_run(web, unix)


def test_a_full_storage_still_sets_an_unreadable_game_aside(site, tmp_path):
    # No room for a second copy: the set-aside is a rename, which needs none (as on
    # littlefs), so the file is kept for the logs all the same.
    garbage = base64.b64encode(b"not a saved game" * 20).decode()
    stored = {"geekout/game.goj": garbage}
    quota = len("geekout/game.goj") + len(garbage) + len("bad/")  # the longer key's room
    scr = webplay.script([], 1500, setup=TOAST_WATCH, report="toasts", storage=stored,
                         quota=quota)
    out = webplay.run_node(site, scr, tmp_path)
    assert "Save unreadable: kept for logs" in out["report"]
    assert out["storage"] == {"geekout/bad/0001.goj": garbage}


def test_a_damaged_saved_game_resumes_before_the_damage_as_on_the_gadget(site, tmp_path):
    keys, actions = webplay.driver_keys(seed=3, decisions=12)
    events, t = webplay.presses(keys)
    good = webplay.run_node(site, webplay.script(events, t + 500, seed=3), tmp_path, "good")
    parts = sorted(n for n in good["files"] if n.startswith("game.goj"))
    assert parts == ["game.goj"]
    damaged = good["files"]["game.goj"][:-2]  # the last record's check cut off
    web, unix = bad_file_runs(site, tmp_path, damaged)
    assert "Save damaged: 1 step lost, copy kept" in web["report"]
    assert web["files"]["bad/0001.goj"] == damaged
    assert damaged.startswith(web["files"]["game.goj"]) and len(web["files"]["game.goj"]) < len(damaged)
    same_run(web, unix)


@pytest.mark.parametrize("value", ["not base64 at all!", ""])
def test_a_value_typed_into_storage_by_hand_is_damage_not_a_crash(site, tmp_path, value):
    scr = webplay.script([], 6000, setup=TOAST_WATCH, report="[toasts, screens()]",
                         storage={"geekout/game.goj": value, "geekout/settings.json": value})
    out = webplay.run_node(site, scr, tmp_path)
    toasts, screens = out["report"]
    assert out["serial"] == []
    assert screens[-1] == "home" and "Save unreadable: kept for logs" in toasts
    assert "Settings damaged: defaults" in toasts


# Python run in the page's MicroPython before the first step: every toast drawn, and the
# names of the screens on the stack at the end.
TOAST_WATCH = """
from geekout.ui.core import UI
toasts = []
_refresh = UI.refresh
def _watch(self):
    if self.toast_text is not None and self.toast_text not in toasts:
        toasts.append(self.toast_text)
    _refresh(self)
UI.refresh = _watch
def screens():
    return [s.name for s in gadget.loop.app.ui.stack]
"""


def test_a_masters_game_reviewed_on_the_page_as_on_the_unix_port(site, tmp_path):
    """The end menu's Review (docs/gadget.md, Review) on the page: a whole 1-player
    virtual-dice game, hold OK, Review, the seat's page and the costliest step's, back
    to the end screen; the same frames as the unix port, and the review's page is the
    frame the firmware draws on CPython for the same keys."""
    keys, _ = webplay.driver_keys(seed=4, decisions=100000, players=1)
    review = [LONG_OK, DOWN, OK]  # the end menu: Undo ..., Review, Home
    events, t = webplay.presses(keys + review)
    pages, t = webplay.presses([DOWN], t)
    back, t = webplay.presses([OK], t)
    scr = webplay.script(events + pages + back, t + 3000, seed=4)
    web = webplay.run_node(site, scr, tmp_path, "web")
    unix = webplay.run_unix(scr, tmp_path, "unix")
    assert web["serial"] == [] and web["problems"] == []
    same_run(web, unix)
    want = webplay.review_frames(4, keys, review)
    assert want[0] in web["frames"] and want[1] in web["frames"]
    assert web["frames"].index(want[1]) > web["frames"].index(want[0])
