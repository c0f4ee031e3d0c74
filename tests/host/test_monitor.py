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
