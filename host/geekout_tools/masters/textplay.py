"""A text-mode game of Geek Out! Masters in the terminal, on the shared rules core.

The gadget's own simulator (`geekout sim`) shows the real firmware; this is the plain
way to play or check the rules with only a keyboard: the computer rolls, the players
choose by number (ASCII digits; anything else is asked again), `u` takes back the last
decision, `q` quits.
"""

import random

from geekout.masters import consts as mc
from geekout.masters import rules as m

from ..errors import UsageError
from ..inputs import ascii_int


def _zones(s):
    dice = []
    for f in range(mc.FACES):
        dice += [mc.FACE_NAMES[f]] * s.active[f]
    return "active: {}\ninactive {}  used {}  scored {} (worth {})".format(
        " ".join(dice) or "-", s.inactive, s.used, s.scored, m.points_for(s.scored))


def _report_turns(s, seen, out):
    for seat, points, how in s.turns[seen:]:
        word = {mc.ENDED_BUST: "BUST", mc.ENDED_FORCED: "forced pass", mc.ENDED_PASS: "pass"}[how]
        out("  -> seat {} {}: {} points (total {})".format(seat + 1, word, points, s.totals[seat]))
    return len(s.turns)


def play(players, seed=None, inp=input, out=print):
    rng = random.Random(seed)
    s = m.new_initial_state(players)
    seen = 0
    m.play_chance(s, rng.randrange)
    out("Geek Out! Masters, {} player(s). Seat {} starts.".format(players, s.first + 1))
    while not s.is_terminal():
        seen = _report_turns(s, seen, out)
        legal = s.legal_actions()
        out("\nround {}/5, seat {}  totals {}".format(s.round + 1, s.seat + 1, s.totals))
        out(_zones(s))
        for i, a in enumerate(legal):
            out("  {}. {}".format(i + 1, m.action_text(a)))
        try:
            line = inp("choose (u undo, q quit)> ").strip().lower()
        except EOFError:
            out("")
            return 0
        if line == "q":
            return 0
        if line == "u":
            back = m.undo(s)
            if back is None:
                out("nothing to undo")
            else:
                s = back[0]
                seen = min(seen, len(s.turns))
            continue
        try:
            choice = ascii_int(line, "choice", 1, len(legal))
        except UsageError:  # "²" and "٣" are digits to str.isdigit(), not choices here
            out("type a number from 1 to {}".format(len(legal)))
            continue
        s.apply_action(legal[choice - 1])
        m.play_chance(s, rng.randrange)
    _report_turns(s, seen, out)
    out("\nGame over. Totals: {}".format(" ".join(str(t) for t in s.totals)))
    out("Winner(s): seat {}".format(", ".join(str(w + 1) for w in s.winners())))
    return 0


