"""What the web tests share: key scripts in the button grammar, the web board under node
(node_gadget.mjs) and the simulator's board on the MicroPython unix port (unix_play.py)
playing them, and the Masters key log a player would press (the Driver of
tests/firmware/drive.py, on CPython)."""

import base64
import json
import signal
import subprocess
import sys
from pathlib import Path

import tiers
from mpy_harness import FIRMWARE, ROOT, run_micropython

HERE = Path(__file__).resolve().parent
PYFB = FIRMWARE.parent / "host" / "geekout_tools" / "sim" / "pyfb"  # framebuf for CPython
RUNTIME = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"

UP, DOWN, OK, BACK, LONG_OK, LONG_BACK = range(6)
NAMES = {"U": UP, "D": DOWN, "O": OK, "B": BACK, "LO": LONG_OK, "LB": LONG_BACK}
TAP_MS = 60  # a short press: down this long (past the 20 ms debounce, well under 450/700)
HOLD_MS = 800  # a long press: past LONG_MS (700)
GAP_MS = 150  # between presses


def node_missing(major=16):
    """Why the node tests cannot run here, or None (tests/tiers.py)."""
    return tiers.node_missing(major)


def ctrl_c_stops():
    """A server's child process takes Ctrl-C (SIGINT) as a user's: a shell that started
    the test run in the background passes SIGINT ignored to its children."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start_server():
    """`geekout web --port 0` (any free port) started from the checkout: (the process,
    the URL it printed, or None when it printed none before its output ended)."""
    proc = subprocess.Popen([sys.executable, "-m", "geekout_tools.cli", "web", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            preexec_fn=ctrl_c_stops)
    for line in proc.stdout:
        if "http://127.0.0.1:" in line:
            return proc, line[line.index("http://"):].split()[0]
    return proc, None


def presses(keys, start=300):
    """[ms, button, down] events for key codes pressed one after another, each as the
    buttons make it (a long key is its button held past LONG_MS)."""
    out = []
    t = start
    for k in keys:
        button = k - 2 if k >= LONG_OK else k
        held = HOLD_MS if k >= LONG_OK else TAP_MS
        out += [[t, button, True], [t + held, button, False]]
        t += held + GAP_MS
    return out, t


def keys_of(text):
    """Key codes from 'O,O,D,LO' (the letters of geekout sim --keys)."""
    return [NAMES[k] for k in text.split(",") if k]


def script(events, end, seed=1, **extra):
    return dict({"seed": seed, "end": end, "presses": events}, **extra)


def run_node(site, scr, tmp_path, name="script"):
    """The script on the web board under node: the harness's JSON."""
    path = tmp_path / (name + ".json")
    path.write_text(json.dumps(scr))
    tiers.allowed("node")
    res = subprocess.run(["node", str(HERE / "node_gadget.mjs"), str(site), str(path)],
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    out = json.loads(res.stdout)
    out["files"] = None if out["storage"] is None else {
        k[len("geekout/"):]: stored_bytes(v) for k, v in out["storage"].items()}
    return out


def stored_bytes(value):
    """A localStorage value as the page reads it (gadget.js fromBase64): base64, or a
    value typed in by hand as its characters' low bytes."""
    try:
        return base64.b64decode(value, validate=True)
    except ValueError:
        return bytes(ord(c) & 0xFF for c in value)


def run_unix(scr, tmp_path, name="script", files=None):
    """The script on the simulator's board on the MicroPython unix port: the same
    fields as run_node (frames, leds, events, files)."""
    path = tmp_path / (name + ".json")
    path.write_text(json.dumps(scr))
    flash = tmp_path / (name + "-flash")
    flash.mkdir()
    for fname, data in (files or {}).items():
        (flash / fname).parent.mkdir(parents=True, exist_ok=True)
        (flash / fname).write_bytes(data)
    # Heap: the firmware's Masters game with the hint needs 133K (tests/firmware); the
    # script keeps nothing (each output is printed as it comes): 256K.
    res = run_micropython(HERE / "unix_play.py", path, flash, FIRMWARE, heap="256K",
                          cwd=tmp_path, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    out = {"frames": [], "leds": [], "events": [], "files": {}}
    for line in res.stdout.splitlines():
        kind, _, rest = line.partition(" ")
        if kind == "F":
            out["frames"].append(rest)
        elif kind == "L":
            out["leds"].append([int(v) for v in rest.split(",")])
        elif kind == "E":
            out["events"].append(rest)
        elif kind == "S":
            fname, _, data = rest.partition(" ")
            out["files"][fname] = bytes.fromhex(data)
    return out


def driver_keys(seed, decisions, players=2, mode=0):
    """The keys a player presses for a virtual-dice Masters game of `players` from the
    home menu (`mode`: the dice menu's item, 0 virtual, 2 auto: docs/gadget.md),
    `decisions` presses into it (an undo every 5th decision), on CPython with
    the simulator's board, the firmware's hint table and seeded dice: (keys, the
    journal's action bytes)."""
    for p in (PYFB, ROOT / "tests" / "fakes", ROOT / "tests" / "firmware", FIRMWARE):
        if str(p) not in sys.path:
            sys.path.insert(0, str(p))
    from boards.sim import SimBoard
    from drive import Driver
    from flash import FakeFlash
    from geekout.hal.storage import Storage

    # The firmware's data files, as the page and the unix port have them: the cursors
    # start on the hint table's advice (docs/gadget.md, Masters), so the keys of a game
    # depend on the table being there.
    d = Driver(SimBoard(storage=FakeFlash(), data=Storage(str(FIRMWARE)), seed=seed))
    d.log = bytearray()
    d.undo_every = 5
    d.boot()
    d.start(mode, players)
    for _ in range(decisions):
        if not d.step():
            break
    return list(d.log), bytes(d.app.journal.actions)


def review_frames(seed, keys, review):
    """The frames (hex, as the runs give them) of the review's first two pages after the
    Driver's game keys and the `review` keys, drawn by the firmware on CPython."""
    return driver_review(seed, keys, review)["frames"][:2]


def driver_review(seed, keys, review):
    """The Driver's game keys, then the `review` keys (end menu -> Review), played by the
    firmware on CPython with the simulator's board and seeded dice: {"pages": the
    review's [heading, lines] as reviewpage.page gives them, "frames": each page's
    frame (hex, DOWN from one to the next), "actions": the journal's action bytes (hex)}."""
    for p in (PYFB, ROOT / "tests" / "fakes", ROOT / "tests" / "firmware", FIRMWARE):
        if str(p) not in sys.path:
            sys.path.insert(0, str(p))
    from boards.sim import SimBoard
    from drive import Driver
    from flash import FakeFlash
    from geekout import keys as kk
    from geekout.hal.storage import Storage
    from geekout.masters.reviewpage import page

    d = Driver(SimBoard(storage=FakeFlash(), data=Storage(str(FIRMWARE)), seed=seed))
    d.boot()
    for k in list(keys) + list(review):
        d.press(k)
    assert d.top().name == "masters.review"
    screen = d.top()
    pages = [page(screen.r, i) for i in range(screen.pages)]  # made when shown
    frames = []
    for i in range(len(pages)):
        if i:
            d.press(kk.DOWN)
        frames.append(bytes(d.board.display.buffer).hex())
    return {"pages": [[heading, list(lines)] for heading, lines in pages], "frames": frames,
            "actions": bytes(d.app.journal.actions).hex()}


def _review_of(players, actions_hex):
    """The firmware's review (masters/review.py) of a saved game's action bytes (hex) on
    CPython with the firmware's hint table."""
    for p in (PYFB, ROOT / "tests" / "fakes", FIRMWARE):
        if str(p) not in sys.path:
            sys.path.insert(0, str(p))
    from geekout.hal.storage import Storage
    from geekout.masters.hintpage import find_hints
    from geekout.masters.review import review, table_values

    hints = find_hints(Storage(str(FIRMWARE)))
    assert hints is not None, "no hint table in the firmware's files"
    values, close = table_values(hints)
    try:
        return review(values, players, bytes.fromhex(actions_hex))
    finally:
        close()


def auto_review(players, actions_hex):
    """The end menu's Review of a saved game's actions (the journal's action bytes, hex),
    worked out by the firmware's review (masters/review.py, reviewpage.py) on CPython:
    the pages, [heading, lines] each."""
    from geekout.masters.reviewpage import page

    r = _review_of(players, actions_hex)
    return [[heading, list(lines)] for heading, lines in
            (page(r, i) for i in range(len(r.seats) + 1))]


def review_page_frames(players, actions_hex):
    """The frames (hex) the firmware's Review screen (reviewpage.ReviewPages) draws for
    each page of the review of those action bytes, on CPython with the simulator's
    panel."""
    r = _review_of(players, actions_hex)
    from boards.sim import SimBoard
    from flash import FakeFlash
    from geekout.masters.reviewpage import ReviewPages

    fb = SimBoard(storage=FakeFlash()).display
    screen = ReviewPages(None, r)
    out = []
    for i in range(screen.pages):
        screen.page = i
        fb.fill(0)
        screen.draw(fb)
        out.append(bytes(fb.buffer).hex())
    return out


def frame_text(hexframe):
    """A frame as text (the simulator's half blocks), for a failing test's message."""
    for p in (PYFB, FIRMWARE):
        if str(p) not in sys.path:
            sys.path.insert(0, str(p))
    from boards.sim import half_blocks

    return half_blocks(bytes.fromhex(hexframe))
