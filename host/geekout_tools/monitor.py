"""`geekout monitor`: a live scoreboard from the gadget's event lines on USB serial.

Reads the serial port with pyserial, keeps the lines that are gadget events
(docs/events.md), ignores everything else (REPL output, garbage, half lines after a
replug), and redraws a scoreboard in the terminal. When the gadget is unplugged it
waits for the port to come back and carries on.
"""

import json
import sys
import time

GAMES = ("masters", "capture", "battle")
EVENTS = ("start", "resume", "action", "turn", "round", "undo", "end")
SEAT_NAMES = ("Red", "Green", "Blue", "Yellow")


def parse_event(line):
    """The event dict of a line, or None when the line is not a valid event."""
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError:
            return None
    line = line.strip()
    if not line.startswith("{"):
        return None
    try:
        ev = json.loads(line)
    except ValueError:
        return None
    if not isinstance(ev, dict) or ev.get("geekout") != 1:
        return None
    try:
        players = ev["players"]
        ok = (ev["game"] in GAMES and ev["event"] in EVENTS
              and _int(players) and 1 <= players <= 4
              and _int(ev["round"]) and _int(ev["rounds"]) and 0 <= ev["round"] <= max(ev["rounds"], 99)
              and _int(ev["seat"]) and 0 <= ev["seat"] <= players
              and isinstance(ev["scores"], list) and len(ev["scores"]) == players
              and all(_int(s) for s in ev["scores"])
              and isinstance(ev["text"], str))
        if ok and "winners" in ev:
            ok = isinstance(ev["winners"], list) and all(_int(w) and 1 <= w <= players for w in ev["winners"])
    except (KeyError, TypeError):
        return None
    return ev if ok else None


def _int(v):
    return isinstance(v, int) and not isinstance(v, bool)


class Scoreboard:
    """What the monitor shows: the latest state and the last few events."""

    def __init__(self, history=6):
        self.last = None
        self.log = []
        self.history = history
        self.ignored = 0
        self.events = 0

    def feed(self, line):
        ev = parse_event(line)
        if ev is None:
            if line.strip():
                self.ignored += 1
            return None
        self.events += 1
        if ev["event"] in ("start", "resume"):
            self.log = []
        self.last = ev
        self.log.append(ev["text"])
        del self.log[:-self.history]
        return ev

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
        if status:
            lines.append("")
            lines.append(status)
        return lines


def _open(port, serial_module):
    return serial_module.serial_for_url(port, baudrate=115200, timeout=0.5)


def monitor(port, out=sys.stdout, serial_module=None, clear=True, json_lines=False,
            max_events=None, retry_s=1.0, sleep=time.sleep, give_up_s=None):
    """Show the scoreboard until interrupted (or `max_events` events, for tests).
    Returns the Scoreboard. `give_up_s`: stop after that long without the port."""
    if serial_module is None:
        import serial as serial_module
    board = Scoreboard()
    waiting_since = None

    def draw(status=""):
        if json_lines:
            return
        if clear:
            out.write("\x1b[H\x1b[2J")
        out.write("\n".join(board.render(status)) + "\n")
        out.flush()

    draw("connecting to {}...".format(port))
    while max_events is None or board.events < max_events:
        try:
            conn = _open(port, serial_module)
        except (OSError, serial_module.SerialException):
            if waiting_since is None:
                waiting_since = time.monotonic()
                draw("waiting for the gadget on {} (plug it in)...".format(port))
            if give_up_s is not None and time.monotonic() - waiting_since > give_up_s:
                return board
            sleep(retry_s)
            continue
        waiting_since = None
        draw("connected to {}".format(port))
        pending = b""
        try:
            while max_events is None or board.events < max_events:
                chunk = conn.read(256)
                if not chunk:
                    continue
                pending += chunk
                *lines, pending = pending.split(b"\n")
                for line in lines:
                    ev = board.feed(line)
                    if ev is not None:
                        if json_lines:
                            out.write(json.dumps(ev) + "\n")
                            out.flush()
                        draw()
                if len(pending) > 4096:  # a never-ending line is not an event
                    board.ignored += 1
                    pending = b""
        except (OSError, serial_module.SerialException):
            draw("the gadget was unplugged: waiting for it on {}...".format(port))
        finally:
            try:
                conn.close()
            except Exception:  # noqa: BLE001 - the port is gone already
                pass
    return board
