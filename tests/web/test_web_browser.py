"""The page in a real browser (docs/web.md, Tests): Debian's Chromium, headless, driven by
playwright-core (tests/web/browser_check.mjs), on the site `geekout web` serves. A
2-player Masters game with virtual dice clicked and typed through, the canvas read back
and checked against the firmware's frame buffer and against the unix port's frame for
the same keys, a reload offering Resume, the Capture and battle setup screens, the
browser's storage full, off and holding a damaged game, and no console error anywhere.
Then whole 2-player games, virtual and auto dice, played by keys to the end screen and
their Review read on the page (browser_review.mjs), against the review of the same game
on CPython, before and after a reload resumes it from the browser's storage.
Skipped, saying so, when Chromium is not installed (.ci/run installs it)."""

import json
import os
import shutil
import signal
import subprocess

import pytest
import webplay
from mpy_harness import ROOT

# `geekout web` builds build/web when it is stale: one pytest-xdist worker runs every test
# that starts it (tests/tiers.py, xdist_scope).
pytestmark = pytest.mark.browser

# Debian's Chromium (.ci/run installs it); GEEKOUT_CHROMIUM names another build.
CHROMIUM = os.environ.get("GEEKOUT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
SEED = 3
DECISIONS = 24  # two whole turns of a 2-player game and the third begun (seed 3)


@pytest.fixture(scope="module")
def served():
    """`geekout web --port 0` (any free port): builds build/web when stale, prints the URL."""
    proc, url = webplay.start_server()
    try:
        assert url, proc.stderr.read()
        yield url
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="module")
def report(served, tmp_path_factory):
    out = tmp_path_factory.mktemp("browser")
    keys, _ = webplay.driver_keys(seed=SEED, decisions=DECISIONS)
    return run_browser(served, keys, out), keys, out


def run_browser(url, keys, out, only=None, script="browser_check.mjs", **extra):
    spec = out / "input.json"
    spec.write_text(json.dumps(dict({"url": url, "chromium": CHROMIUM, "keys": keys,
                                     "outdir": str(out), "only": only}, **extra)))
    res = subprocess.run(["node", str(webplay.HERE / script), str(spec)],
                         capture_output=True, text=True, timeout=1200, cwd=ROOT)
    assert res.returncode == 0, res.stderr[-3000:]
    return json.loads(res.stdout.strip().splitlines()[-1])


def test_no_console_error(report):
    assert report[0]["errors"] == []


def test_the_canvas_shows_the_firmware_frame_and_the_unix_ports(report, tmp_path):
    rep, keys, _ = report
    steps = rep["steps"]
    for name in ("boot", "masters", "reload", "resumed", "capture", "battle", "corrupt"):
        step = steps[name]
        assert step["scale"] >= 2 and step["scale"] == int(step["scale"])  # whole pixels
        assert step["canvas"] == step["frame"], "{}: the canvas is not the frame:\n{}".format(
            name, webplay.frame_text(step["canvas"]))
    # The same keys on the unix port with the simulator's board: the same screen.
    events, t = webplay.presses(keys)
    unix = webplay.run_unix(webplay.script(events, t + 400, seed=SEED), tmp_path)
    assert steps["masters"]["frame"] == unix["frames"][-1], "browser:\n{}\nunix:\n{}".format(
        webplay.frame_text(steps["masters"]["frame"]), webplay.frame_text(unix["frames"][-1]))


def test_a_masters_turn_by_clicks_and_keys_with_scoreboard_and_leds(report):
    masters = report[0]["steps"]["masters"]
    assert masters["screens"][-1] == "masters.dice"
    board = masters["scoreboard"]
    assert board["game"] == "Masters" and len(board["rows"]) == 2
    assert any("scores" in line or "BUST" in line for line in board["log"])  # a turn ended
    lit = [c for c in masters["leds"] if c not in ("rgb(32, 34, 38)", "rgba(0, 0, 0, 0)")]
    assert len(lit) == 2  # the two seats in play
    assert "geekout/game.goj" in masters["saved"]
    assert len(masters["key_to_frame_ms"]) > 10
    # The piezo played through Web Audio once the page was clicked.
    assert masters["audio"]["tones"] > 0 and masters["audio"]["sound"].startswith("Sound on")


def test_a_reload_offers_resume_and_resumes_the_same_game(report):
    steps = report[0]["steps"]
    assert steps["reload"]["screens"][-1] == "resume?"
    assert steps["resumed"]["screens"][-1] == "masters.dice"
    # The same game from the browser's storage: every action, and the same title (round,
    # seat, total) and dice; a die picked but not yet played is not a step, so it is not
    # saved (as after a power cut on the gadget).
    assert steps["resumed"]["journal"] == steps["masters"]["journal"] != ""
    assert steps["resumed"]["frame"][:512] == steps["masters"]["frame"][:512]


def test_capture_and_battle_screens_are_reached(report):
    # (The battle is reached by holding DOWN in the games menu: the auto-repeat.)
    steps = report[0]["steps"]
    # Other work may be changing these games' screens: what is checked is that each
    # game's own screen is on top (its setup), drawn (canvas = frame), without an error.
    assert steps["capture"]["screens"][-1].startswith("capture.")
    assert steps["battle"]["screens"][-1].startswith("battle.")
    assert steps["capture"]["frame"] != steps["battle"]["frame"]


def test_a_damaged_saved_game_is_told_and_kept_aside(report):
    corrupt = report[0]["steps"]["corrupt"]
    assert corrupt["toast"] == "Save unreadable: kept for logs"
    assert corrupt["screens"] == ["home"]
    # the save set aside, and the boot count (app.BOOTS) until a key or 30 s confirm the boot
    assert corrupt["saved"] == ["geekout/bad/0001.goj", "geekout/boots"]


def test_storage_full_is_said_and_the_game_goes_on(report):
    full = report[0]["steps"]["full"]
    assert full["filled"]["error"] == "QuotaExceededError"
    assert full["notice"].startswith("full: ")
    assert "Flash full: game not saved" in full["toasts"]
    assert full["screens"][-1] == "masters.dice"
    assert full["frames_after"] > full["frames_before"]


def test_storage_off_is_said_and_the_game_is_played_unsaved(report):
    off = report[0]["steps"]["off"]
    assert off["notice"].startswith("off: ")
    assert "Flash error: game not saved" in off["toasts"]
    assert off["screens"][-1] == "masters.dice"


def test_the_new_seed_control(report):
    seed, said = report[0]["steps"]["off"]["dice"]
    assert seed.isdigit() and said == "Dice: seed {} (the rolls of geekout sim --seed {}).".format(
        seed, seed)


def test_the_readme_screenshot(report):
    """The page with the game in play (docs/img/web.png, as the README shows it):
    written there when GEEKOUT_WEB_SCREENSHOT=1, else only checked."""
    shot = report[2] / "web.png"
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20000
    if os.environ.get("GEEKOUT_WEB_SCREENSHOT") == "1":
        (ROOT / "docs" / "img" / "web.png").write_bytes(data)


# A whole 2-player game (seed 3: 441 keys, 15 of them long) and its Review.
REVIEW_SEED = 3
REVIEW = [webplay.LONG_OK, webplay.DOWN, webplay.OK]  # the end menu: Undo ..., Review, Home


@pytest.fixture(scope="module")
def reviewed(served, tmp_path_factory):
    """The game played on the page to its end, its Review read, the page reloaded, the
    game resumed from the browser's storage and its Review read again
    (browser_review.mjs); beside it the same keys on CPython (the Driver)."""
    out = tmp_path_factory.mktemp("review")
    keys, actions = webplay.driver_keys(seed=REVIEW_SEED, decisions=100000, players=2)
    rep = run_browser(served, keys, out, script="browser_review.mjs", seed=REVIEW_SEED)
    return rep, keys, actions, webplay.driver_review(REVIEW_SEED, keys, REVIEW)


def test_a_whole_game_is_played_on_the_page_key_for_key(reviewed):
    rep, keys, actions, host = reviewed
    assert rep["errors"] == []
    game = rep["runs"]["game"]
    # Every key the page sent was handled once, in order (none dropped or merged), and
    # the game is the Driver's: the same journal.
    assert game["handled"][:len(keys)] == keys
    assert game["journal"] == actions.hex() == host["actions"]
    assert game["end"]["canvas"] == game["end"]["frame"]


def _same_review(run, host):
    rev = run["review"]
    assert rev["pages"] == host["pages"]
    assert len(rev["shown"]) == len(host["frames"])
    for i, (shown, want) in enumerate(zip(rev["shown"], host["frames"])):
        assert shown["canvas"] == shown["frame"], "page {}: the canvas is not the frame".format(i)
        assert shown["frame"] == want, "page {}:\npage\n{}\nhost\n{}".format(
            i, webplay.frame_text(shown["frame"]), webplay.frame_text(want))
    assert rev["after"] == "masters.end"  # OK leaves the Review for the end screen


def test_the_review_on_the_page_is_the_review_of_the_same_game_on_the_host(reviewed):
    rep, _, _, host = reviewed
    # A page per seat, then the costliest decision (docs/gadget.md, Review).
    headings = [heading for heading, _ in host["pages"]]
    assert headings == ["Red 1/3", "Green 2/3", "Costliest 3/3"]
    _same_review(rep["runs"]["game"], host)


def test_the_game_saved_in_the_browser_is_the_one_reviewed_after_a_reload(reviewed):
    rep, _, actions, host = reviewed
    game, again = rep["runs"]["game"], rep["runs"]["reloaded"]
    saved = webplay.stored_bytes(game["saved"]["geekout/game.goj"])
    assert saved.startswith(b"GOJ")
    # The reload found the game in localStorage alone (the page's memory was gone): the
    # same journal, the same Review, and storage unchanged by reviewing it.
    assert again["journal"] == actions.hex()
    _same_review(again, host)
    assert again["saved"]["geekout/game.goj"] == game["saved"]["geekout/game.goj"]


@pytest.fixture(scope="module")
def reviewed_auto(served, tmp_path_factory):
    """A 2-player auto-dice game played on the page by OK alone (the shows skipped),
    reviewed, reloaded, resumed and reviewed again (browser_review.mjs)."""
    out = tmp_path_factory.mktemp("review-auto")
    start, _ = webplay.driver_keys(seed=REVIEW_SEED, decisions=0, players=2, mode=2)
    return run_browser(served, start, out, script="browser_review.mjs", seed=REVIEW_SEED,
                       auto=True), start


def test_an_auto_dice_game_on_the_page_is_reviewed_as_on_the_host(reviewed_auto):
    rep, start = reviewed_auto
    assert rep["errors"] == []
    game, again = rep["runs"]["game"], rep["runs"]["reloaded"]
    auto = game["auto"]
    # Every OK was handled once: the start, then the rolls, decisions and skipped shows;
    # shows were skipped (the pause before each skip held: no skip became a roll).
    assert game["handled"][:len(start) + auto["oks"]] == start + [webplay.OK] * auto["oks"]
    assert auto["skips"] > 0 and auto["oks"] > auto["skips"]
    # The Review the page shows is the host's review of the game the page saved.
    host = webplay.auto_review(2, game["journal"])
    assert [heading for heading, _ in host] == ["Red 1/3", "Green 2/3", "Costliest 3/3"]
    assert game["review"]["pages"] == host
    for shown in game["review"]["shown"]:
        assert shown["canvas"] == shown["frame"]
    assert [s["frame"] for s in game["review"]["shown"]] == webplay.review_page_frames(2, game["journal"])
    # After the reload: the same game from localStorage, the same Review.
    assert webplay.stored_bytes(game["saved"]["geekout/game.goj"]).startswith(b"GOJ")
    assert again["journal"] == game["journal"]
    assert again["review"]["pages"] == host
    assert [s["frame"] for s in again["review"]["shown"]] == \
        [s["frame"] for s in game["review"]["shown"]]
