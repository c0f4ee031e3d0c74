"""`geekout monitor`: a live scoreboard from the gadget's event lines on USB serial.

Reads the serial port with pyserial, keeps the lines that are gadget events
(docs/events.md), ignores everything else (REPL output, garbage, half lines after a
replug), and redraws a scoreboard in the terminal. When the gadget is unplugged it
waits for the port to come back and carries on.

A line that says it is an event (a JSON object with the "geekout" key) but is not a
valid one (malformed or nested JSON, a field out of range) is skipped and reported on
the scoreboard, or on stderr with --json; the monitor goes on. What it prints of a line
(the event's text) is made safe for the terminal first: escape sequences, newlines and
lone surrogates are shown as escapes. A --port that cannot name a port at all (an
unknown URL scheme, a bad URL option, a file that is not a device) is a one-line error.
"""

import errno
import json
import os
import stat
import sys
import time

from .errors import UsageError
from .inputs import parse_json, printable

GAMES = ("masters", "capture", "battle")
EVENTS = ("start", "resume", "action", "turn", "round", "undo", "end")
SEAT_NAMES = ("Red", "Green", "Blue", "Yellow")
MAX_LINE = 4096  # bytes: an event line is about 150; a longer line is not an event
MAX_DEPTH = 4  # an event nests 2 deep (the object, its lists)
MAX_ROUNDS = 99
MAX_SCORE = 999999  # |score|: far above any game's, short enough for the scoreboard
TEXT_SHOWN = 100  # characters of an event's text on the scoreboard


def check_event(line):
    """(event, None) for an event line; (None, None) for a line that is not meant as
    one (REPL output, noise); (None, why) for a line that says it is an event (a JSON
    object with the "geekout" key) but is not a valid one."""
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError:
            return None, None
    line = line.strip()
    if not line.startswith("{"):
        return None, None
    claims = '"geekout"' in line
    try:
        ev = parse_json(line, "event line", MAX_DEPTH)
    except UsageError as e:
        return None, (str(e).partition(": ")[2] if claims else None)
    if not isinstance(ev, dict) or ev.get("geekout") != 1:
        return None, None
    why = _problem(ev)
    return (None, why) if why else (ev, None)


def _problem(ev):
    """What is wrong with an event object, or None."""
    for key in ("game", "event", "players", "round", "rounds", "seat", "scores", "text"):
        if key not in ev:
            return "no '{}' field".format(key)
    players = ev["players"]
    if ev["game"] not in GAMES:
        return "unknown game"
    if ev["event"] not in EVENTS:
        return "unknown event"
    if not _int(players) or not 1 <= players <= 4:
        return "'players' must be 1-4"
    if not _int(ev["rounds"]) or not 0 <= ev["rounds"] <= MAX_ROUNDS:
        return "'rounds' must be 0-{}".format(MAX_ROUNDS)
    if not _int(ev["round"]) or not 0 <= ev["round"] <= MAX_ROUNDS:
        return "'round' must be 0-{}".format(MAX_ROUNDS)
    if not _int(ev["seat"]) or not 0 <= ev["seat"] <= players:
        return "'seat' must be 0-{}".format(players)
    scores = ev["scores"]
    if (not isinstance(scores, list) or len(scores) != players
            or not all(_int(s) and -MAX_SCORE <= s <= MAX_SCORE for s in scores)):
        return "'scores' must list {} whole numbers".format(players)
    if not isinstance(ev["text"], str):
        return "'text' must be a string"
    if "winners" in ev:
        w = ev["winners"]
        if not isinstance(w, list) or not all(_int(x) and 1 <= x <= players for x in w):
            return "'winners' must list seats 1-{}".format(players)
    return None


def parse_event(line):
    """The event dict of a line, or None when the line is not a valid event."""
    return check_event(line)[0]


def _int(v):
    return isinstance(v, int) and not isinstance(v, bool)


class Scoreboard:
    """What the monitor shows: the latest state and the last few events."""

    def __init__(self, history=6):
        self.last = None
        self.log = []
        self.history = history
        self.ignored = 0  # lines that are not events (REPL output, noise), bad ones too
        self.bad = 0  # lines that say they are events but are not valid ones
        self.last_bad = ""
        self.events = 0

    def feed(self, line):
        """The event of `line` (kept), or None: the line is counted as ignored, and as
        bad (with its reason in last_bad) when it claims to be an event."""
        ev, why = check_event(line)
        if ev is None:
            if line.strip():
                self.ignored += 1
            if why:
                self.bad += 1
                self.last_bad = why
            return None
        self.events += 1
        if ev["event"] in ("start", "resume"):
            self.log = []
        self.last = ev
        self.log.append(printable(ev["text"], TEXT_SHOWN))
        del self.log[:-self.history]
        return ev

    def bad_note(self):
        """One line on the bad event lines skipped so far ('' when none)."""
        if not self.bad:
            return ""
        return "skipped {} bad event line{} (last: {})".format(
            self.bad, "" if self.bad == 1 else "s", self.last_bad)

    def render(self, status=""):
        lines = []
        ev = self.last
        if ev is None:
            lines.append("Geek Out! companion: waiting for a game...")
        else:
            title = {"masters": "Geek Out! Masters", "capture": "Geekmon Capture",
                     "battle": "Geek Out! galaxy battle"}[ev["game"]]
            when = "round {}/{}".format(ev["round"], ev["rounds"]) if ev["rounds"] else ""
            lines.append("{}  {}".format(title, when).rstrip())
            lines.append("")
            winners = ev.get("winners") or []
            for i, score in enumerate(ev["scores"]):
                mark = ">" if ev["seat"] == i + 1 and ev["event"] != "end" else " "
                crown = "  WINNER" if i + 1 in winners else ""
                lines.append(" {} {:<7} {:>5}{}".format(mark, SEAT_NAMES[i], score, crown))
            lines.append("")
            lines.extend("  " + t for t in self.log)
        if self.bad:
            lines.append("")
            lines.append(self.bad_note())
        if status:
            lines.append("")
            lines.append(status)
        return lines


def _open(port, serial_module):
    return serial_module.serial_for_url(port, baudrate=115200, timeout=0.5)


def _bad_port(port, exc):
    """The one-line UsageError for a --port that names no port at all, or None when
    opening `port` failed in a way that waiting may cure (unplugged, not there yet)."""
    shown = printable(port)
    try:
        mode = os.stat(port).st_mode
    except (OSError, ValueError):
        mode = None
    if mode is not None and not stat.S_ISCHR(mode):
        return UsageError("--port {}: not a serial port (a {})".format(
            shown, "folder" if stat.S_ISDIR(mode) else "file"))
    # pyserial raises ValueError, KeyError or TypeError for an unknown URL scheme or a
    # bad URL option, sometimes wrapped in a SerialException (an OSError): the innermost
    # of the chain says what is wrong.
    chain = [exc]
    while chain[-1].__context__ is not None and len(chain) < 10:
        chain.append(chain[-1].__context__)
    for e in chain:
        if getattr(e, "args", None) and e.args[0] == errno.ENOTTY:  # termios.error too
            return UsageError("--port {}: not a serial port ({})".format(
                shown, printable(os.strerror(errno.ENOTTY))))
    if not any(isinstance(e, (ValueError, KeyError, TypeError)) for e in chain):
        return None
    inner = chain[-1]
    why = inner.args[0] if isinstance(inner, KeyError) and inner.args else inner
    return UsageError("--port {}: not a serial port or a pyserial URL ({})".format(
        shown, printable(why, 120)))


def monitor(port, out=None, serial_module=None, clear=True, json_lines=False,
            max_events=None, retry_s=1.0, sleep=time.sleep, give_up_s=None, err=None):
    """Show the scoreboard until interrupted (or `max_events` events, for tests).
    Returns the Scoreboard. `give_up_s`: stop after that long without the port. A port
    that cannot be one raises UsageError; a failed write to `out` is raised as it is."""
    if serial_module is None:
        import serial as serial_module
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    board = Scoreboard()
    waiting_since = None
    shown = printable(port)

    def draw(status=""):
        if json_lines:
            return
        if clear:
            out.write("\x1b[H\x1b[2J")
        out.write("\n".join(board.render(status)) + "\n")
        out.flush()

    def handle(line):
        bad = board.bad
        ev = board.feed(line)
        if ev is not None:
            if json_lines:  # json.dumps escapes every non-ASCII character
                out.write(json.dumps(ev) + "\n")
                out.flush()
            draw()
        elif board.bad != bad:
            if json_lines:
                err.write("geekout: skipped a bad event line: {}\n".format(board.last_bad))
                err.flush()
            draw()

    # Nothing is drawn before the first try to open the port: a --port that names no
    # port is one line on stderr and nothing else.
    while max_events is None or board.events < max_events:
        try:
            conn = _open(port, serial_module)
        except Exception as e:  # noqa: BLE001 - pyserial raises many kinds for a bad URL
            problem = _bad_port(port, e)
            if problem is not None:
                raise problem from None
            if not isinstance(e, (OSError, serial_module.SerialException)):
                raise
            if waiting_since is None:
                waiting_since = time.monotonic()
                draw("waiting for the gadget on {} (plug it in)...".format(shown))
            if give_up_s is not None and time.monotonic() - waiting_since > give_up_s:
                return board
            sleep(retry_s)
            continue
        waiting_since = None
        draw("connected to {}".format(shown))
        pending = b""
        try:
            while max_events is None or board.events < max_events:
                try:
                    chunk = conn.read(256)
                except (OSError, serial_module.SerialException):
                    draw("the gadget was unplugged: waiting for it on {}...".format(shown))
                    break
                if not chunk:
                    continue
                pending += chunk
                *lines, pending = pending.split(b"\n")
                for line in lines:
                    handle(line)
                if len(pending) > MAX_LINE:  # a never-ending line is not an event
                    board.ignored += 1
                    pending = b""
        finally:
            try:
                conn.close()
            except Exception:  # noqa: BLE001 - the port is gone already
                pass
    return board
