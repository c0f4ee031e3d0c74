"""What the players read at the end of a Masters game: every tied winner is named (M8:
ties share the victory; a 4-way tie listed 3), and totals of three digits stay apart
in the big-number scoreboard (with 4 seats, 110 in big digits ran into the next) and on
the table-dice scorepad, each with its seat's name."""

import sys

from mpy_harness import ROOT

sys.path.insert(0, str(ROOT / "host" / "geekout_tools" / "sim" / "pyfb"))
import framebuf  # noqa: E402  (the simulator's framebuf, as on the device)
from geekout.masters.end import EndScreen  # noqa: E402
from geekout.ui.scoreboard import draw_scores  # noqa: E402


def canvas():
    buf = bytearray(128 * 8)
    return buf, framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)


def lit(buf, x, y):
    return (buf[(y >> 3) * 128 + x] >> (y & 7)) & 1


def test_three_digit_totals_of_four_seats_keep_a_gap_between_columns():
    for totals in ([110, 110, 110, 110], [275, 9, 188, 42], [99, 99, 99, 99]):
        buf, fb = canvas()
        draw_scores(fb, totals, -1, 12)
        for edge in (32, 64, 96):  # 6 blank pixel columns or more between two numbers
            assert not any(lit(buf, x, y) for x in range(edge - 3, edge + 3) for y in range(24, 44)), (totals, edge)
        assert sum(lit(buf, x, y) for x in range(128) for y in range(24, 44)) > 40


class _Game:
    def __init__(self, totals):
        self.state = type("S", (), {"totals": totals})()
        self.ui = None


def end_text(totals):
    e = EndScreen(_Game(totals))
    buf, fb = canvas()
    seen = []
    fb.text = lambda t, x, y, c=1: seen.append((t, x, y))
    fb.fill_rect = fb.rect = lambda *a: None
    e.draw(fb)
    return [t for t, x, y in seen if y == 45 and x >= 0 and x + len(t) * 8 <= 128]


def test_a_four_way_tie_names_all_four_winners():
    assert end_text([30, 30, 30, 30]) == ["Tie: R G B Y"]
    assert end_text([30, 12, 30, 30]) == ["Tie: Red Blu Yel"]
    assert end_text([5, 30, 30]) == ["Tie: Gre Blu"]
    assert end_text([40, 30]) == ["Red wins!"]


def scorepad_rows(totals, seat=0):
    """The table-dice scorepad's totals as drawn (rows at y = 38 and 47): (text, x, y)."""
    from geekout.masters.table import TableGame

    g = TableGame.__new__(TableGame)
    pad = type("P", (), {"players": len(totals), "totals": totals, "seat": seat, "round": 4,
                         "is_terminal": lambda self: False})()
    g.state, g.value, g.note = pad, 0, ""
    buf, fb = canvas()
    seen = []
    fb.text = lambda t, x, y, c=1: seen.append((t, x, y))
    g.draw(fb)
    return [(t, x, y) for t, x, y in seen if y in (38, 47)]


def test_scorepad_totals_of_three_digits_stay_apart_and_named():
    """Four seats of 110 read "R110G110B110Y110" at first, then lost their seat letters
    ("110 110 110 110"): now every seat is named, two a row, as between virtual-dice
    turns ("Red 110"), each in its half of the panel."""
    rows = scorepad_rows([110, 110, 110, 110])
    assert [t for t, x, y in rows] == ["Red 110", "Gre 110", "Blu 110", "Yel 110"]
    assert [(x, y) for t, x, y in rows] == [(4, 38), (68, 38), (4, 47), (68, 47)]
    assert all(x + 8 * len(t) <= 128 for t, x, y in rows)
    assert [t for t, x, y in scorepad_rows([12, 99, 7, 40])] == ["Red 12", "Gre 99", "Blu 7", "Yel 40"]
    assert [t for t, x, y in scorepad_rows([110, 275])] == ["Red 110", "Gre 275"]
