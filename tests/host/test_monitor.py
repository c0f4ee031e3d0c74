"""`geekout monitor` against a pseudo-terminal pair standing in for USB serial."""

import json
import os
import threading
import time
import tty

import pytest
from geekout_tools.monitor import Scoreboard, monitor, parse_event

EV = {"geekout": 1, "game": "masters", "event": "turn", "round": 2, "rounds": 5, "seat": 2,
      "players": 3, "scores": [10, 3, 0], "text": "Red passes: 10 points"}


def line(**changes):
    ev = dict(EV, **changes)
    return json.dumps(ev)


@pytest.mark.parametrize("bad", [
    "", "MicroPython v1.24.1 on 2024-11-29; Raspberry Pi Pico with RP2040", ">>> ",
    "{not json", "[1, 2]", '{"geekout": 2}', line(game="chess"), line(event="dance"),
    line(players=5), line(seat=4), line(scores=[1, 2]), line(scores=[1, "2", 3]),
    line(text=7), line(winners=[4]), line(round="2"), line(players=True),
    b"\xff\xfe garbage".decode("latin-1"),
])
def test_non_events_ignored(bad):
    assert parse_event(bad) is None


def test_event_parsed_from_bytes():
    assert parse_event(line().encode() + b"\r\n")["scores"] == [10, 3, 0]


def test_scoreboard_render():
    sb = Scoreboard()
    sb.feed(line(event="start", text="New game"))
    sb.feed("Traceback (most recent call last):")
    sb.feed(line(event="end", seat=0, scores=[20, 25, 25], winners=[2, 3], text="Game over"))
    text = "\n".join(sb.render())
    assert "Geek Out! Masters  round 2/5" in text
    assert "Green      25  WINNER" in text and "Blue       25  WINNER" in text
    assert "Red        20" in text and "Red        20  WINNER" not in text
    assert sb.ignored == 1 and sb.events == 2


class PtyGadget:
    """A pty pair behind a symlink, as a USB serial port that can be unplugged."""

    def __init__(self, link):
        self.link = link
        self.plug()

    def plug(self):
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        if os.path.lexists(self.link):
            os.unlink(self.link)
        os.symlink(os.ttyname(self.slave), self.link)

    def send(self, text):
        os.write(self.master, text.encode() + b"\r\n")

    def unplug(self):
        os.unlink(self.link)
        os.close(self.slave)
        os.close(self.master)


def test_monitor_survives_unplug_and_ignores_garbage(tmp_path):
    import io

    gadget = PtyGadget(str(tmp_path / "ttyGadget"))
    out = io.StringIO()
    result = {}

    def run():
        result["board"] = monitor(gadget.link, out=out, clear=False, max_events=3,
                                  retry_s=0.05, give_up_s=20)

    t = threading.Thread(target=run)
    t.start()
    time.sleep(0.6)
    gadget.send("MicroPython v1.24.1; Raspberry Pi Pico")
    gadget.send("\x00\x01garbage{")
    gadget.send(line(event="start", text="New game"))
    gadget.send(line(text="Red passes: 10 points"))
    time.sleep(0.6)
    gadget.unplug()
    time.sleep(0.5)
    gadget.plug()
    time.sleep(0.8)
    gadget.send(line(event="end", seat=0, winners=[1], text="Game over"))
    t.join(timeout=20)
    assert not t.is_alive()
    board = result["board"]
    assert board.events == 3
    assert board.ignored >= 2
    text = out.getvalue()
    assert "unplugged: waiting" in text
    assert "Red        10  WINNER" in text


class FakeSerial:
    """A pyserial stand-in: one port whose reads give `chunks`, then nothing."""

    class SerialException(OSError):
        pass

    def __init__(self, chunks):
        self.chunks = list(chunks)

    def serial_for_url(self, port, **_kw):
        return self

    def read(self, _n):
        return self.chunks.pop(0) if self.chunks else b""

    def close(self):
        pass


DEEP = '{"geekout": 1, "x": ' + "[" * 2000 + "]" * 2000 + "}"


def hostile_lines():
    return [
        line(event="start", text="\ud800 lone"),
        DEEP,
        line(text="\x1b[2J\x1b[31mred\nfake line\x9b"),
        line(scores=[10 ** 40, 0, 0]),
        line(event="end", seat=0, winners=[1], text="Game over"),
    ]


def test_hostile_lines_skipped_or_made_printable():
    """A lone surrogate, a 2,000-deep line, escapes and a newline in the text: the monitor
    goes on, prints them as escapes, and reports the bad lines."""
    import io

    out = io.StringIO()
    ser = FakeSerial((t + "\r\n").encode() for t in hostile_lines())
    board = monitor("fake", out=out, serial_module=ser, clear=False, max_events=3)
    assert board.events == 3 and board.bad == 2
    text = out.getvalue()
    text.encode("utf-8")  # no lone surrogate reaches the terminal
    assert "\x1b[31m" not in text and "\x1b[2J" not in text and "\x9b" not in text
    assert "\\x1b[2J\\x1b[31mred\\x0afake line\\x9b" in text
    assert "\\ud800 lone" in text
    assert "skipped 2 bad event lines" in text
    assert "fake line" not in text.replace("\\x0afake line", "")


def test_hostile_lines_json_mode():
    import io

    out, err = io.StringIO(), io.StringIO()
    ser = FakeSerial((t + "\n").encode() for t in hostile_lines())
    board = monitor("fake", out=out, err=err, serial_module=ser, json_lines=True, max_events=3)
    assert board.events == 3
    lines = out.getvalue().splitlines()
    assert len(lines) == 3 and all(x.isascii() for x in lines)
    assert json.loads(lines[0])["text"] == "\ud800 lone"
    notes = err.getvalue().splitlines()
    assert len(notes) == 2 and "nested deeper than" in notes[0] and "'scores'" in notes[1]


@pytest.mark.parametrize("bad, why", [
    (DEEP, "nested deeper than"),
    (line(players=7), "'players'"),
    ('{"geekout": 1, "game": "masters", "game": "battle"}', "duplicate key"),
    (line(rounds=10 ** 6), "'rounds'"),
    (line(text="x" * 100).replace('"text"', '"txt"'), "no 'text' field"),
])
def test_bad_event_lines_say_why(bad, why):
    sb = Scoreboard()
    assert sb.feed(bad) is None
    assert sb.bad == 1 and why in sb.last_bad and why in sb.bad_note()


def test_noise_is_not_a_bad_event():
    sb = Scoreboard()
    for noise in ("{not json", ">>> {}", '{"a": [[[[[[]]]]]]}', '{"geekout": 2}'):
        sb.feed(noise)
    assert sb.bad == 0 and sb.ignored == 4


def test_long_text_is_cut():
    sb = Scoreboard()
    sb.feed(line(text="y" * 1000))
    assert max(len(x) for x in sb.render()) < 120


@pytest.mark.parametrize("port, words", [
    ("frob://x", "protocol 'frob' not known"),
    ("loop://?foo=bar", "unknown option: 'foo'"),
    ("socket://x:99999", "Port out of range"),
    ("/etc/passwd", "not a serial port (a file)"),
    ("/", "not a serial port (a folder)"),
    ("/dev/null", "not a serial port"),
])
def test_port_that_names_no_port_one_line(port, words, capsys):
    from geekout_tools.cli import main

    assert main(["monitor", "--port", port]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("geekout: error: --port ") and words in err
