"""What the players read at the end of a Masters game: every tied winner is named (M8:
ties share the victory; a 4-way tie listed 3), and totals of three digits stay apart
in the big-number scoreboard (with 4 seats, 110 in big digits ran into the next)."""

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


def scorepad_row(totals):
    """The table-dice scorepad's row of totals (y = 46) as drawn: (text, x) pairs."""
    from geekout.masters.table import TableGame

    g = TableGame.__new__(TableGame)
    pad = type("P", (), {"players": len(totals), "totals": totals, "seat": 0, "round": 4})()
    g.state, g.value, g.note = pad, 0, ""
    buf, fb = canvas()
    seen = []
    fb.text = lambda t, x, y, c=1: seen.append((t, x, y))
    g.draw(fb)
    return [(t, x) for t, x, y in seen if y == 46]


def test_scorepad_totals_of_three_digits_stay_apart():
    """Four seats of 110 read "R110G110B110Y110" before: now the totals alone, each in
    its seat's quarter, 8 px apart at least; with room, the seat's letter leads."""
    row = scorepad_row([110, 110, 110, 110])
    assert [t for t, x in row] == ["110", "110", "110", "110"]
    for (t, x), (_u, y) in zip(row, row[1:]):
        assert y - (x + 8 * len(t)) >= 8
    assert all(x + 8 * len(t) <= 128 for t, x in row)
    assert [t for t, x in scorepad_row([12, 99, 7, 40])] == ["R12", "G99", "B7", "Y40"]
    assert [t for t, x in scorepad_row([110, 275])] == ["R110", "G275"]
