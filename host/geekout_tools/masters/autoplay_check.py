"""Checks and figures for the gadget's auto mode without the hint table
(firmware/geekout/masters/autoplay.py).

`python -m geekout_tools.masters.autoplay_check` prints the numbers docs/gadget.md
quotes: the mean points of a turn played by the fallback (its resolution search and
its pass/continue rule) on the rules core, against the optimal turn (M9), and how the
fixed preference lists tried before it did. `decide_bytes()` is the table of
pass/continue values the firmware carries (autoplay.DECIDE; a test compares them).
"""

import argparse
import json
import random
import sys

from geekout.masters import autoplay as ap
from geekout.masters import consts as mc
from geekout.masters import rules as m

from . import solver as sv


def decide_bytes():
    """max(pass, continue) at each pass/continue point, x 1024, u16 little-endian at
    2 * (inactive * 11 + used); used = 0: the forced pass's points (M6, M7)."""
    sol = sv.solve(0)
    out = bytearray(2 * 121)
    for i in range(11):
        for u in range(11 - i):
            s = 10 - i - u
            v = sv.points(s) if u == 0 else max(sol.decide(i, u, s))
            q = int(v * 1024 + 0.5)
            out[2 * (i * 11 + u)] = q & 255
            out[2 * (i * 11 + u) + 1] = q >> 8
    return bytes(out)


def continue_from():
    """The fewest used dice at which the optimal policy continues, per scored count
    (11: never): the solver's pass/continue choice at every point."""
    sol = sv.solve(0)
    out = []
    for s in range(11):
        first = 11
        for u in range(10 - s, 0, -1):
            p, c = sol.decide(10 - s - u, u, s)
            if c > p:
                first = u
        out.append(first)
    return bytes(out)


def is_threshold_rule():
    """Whether the solver's choice is a threshold in used at every scored count."""
    sol = sv.solve(0)
    rule = continue_from()
    for s in range(11):
        for u in range(1, 11 - s):
            p, c = sol.decide(10 - s - u, u, s)
            if (c > p) != (u >= rule[s]):
                return False
    return True


def play_turns(choose, turns, seed, press=None):
    """Mean points and bust share of `turns` single-seat turns on the rules core:
    `choose(state)` resolves, CONTINUE_FROM decides; `press()` is called where auto
    mode waits for a player (rules.at_rest), as the gadget starts a press there."""
    rng = random.Random(seed)
    total = 0
    busts = 0
    for _ in range(turns):
        s = m.MastersState(1)
        s.apply_action(0)
        while not s.turns:
            if press is not None and m.at_rest(s):
                press()
            if s.is_chance():
                s.apply_action(rng.randrange(mc.FACES))
            elif s.phase_name() == "decide":
                s.apply_action(mc.CONTINUE if ap.advise_continue(s.used, s.scored) else mc.PASS)
            else:
                s.apply_action(choose(s))
        total += s.turns[-1][1]
        busts += s.turns[-1][2] == mc.ENDED_BUST
    return total / turns, busts / turns


class Fallback:
    """autoplay's steps as the gadget takes them: one Search a press."""

    def __init__(self):
        self.search = ap.Search()

    def press(self):
        self.search = ap.Search()

    def __call__(self, state):
        return ap.fallback_action(state.active, state.inactive, state.used, self.search)


def first_in_list(order):
    """A fixed preference list: the first legal action of `order`."""
    def choose(state):
        legal = state.legal_actions()
        for a in order:
            if a in legal:
                return a
        return legal[0]
    return choose


# The best fixed list found (insertion search on the optimal policy's states, weighted
# by how often optimal play meets them): dragons first, then the rest.
FIXED_LIST = [m.resolve_action(a, t) for a, t in (
    (mc.SUPERHERO, mc.DRAGON), (mc.MEEPLE, mc.DRAGON), (mc.MEEPLE, mc.F42),
    (mc.SPACESHIP, mc.NO_TARGET), (mc.MEEPLE, mc.SUPERHERO), (mc.SPACESHIP, mc.DRAGON),
    (mc.SUPERHERO, mc.HEART), (mc.SUPERHERO, mc.NO_TARGET), (mc.HEART, 0),
    (mc.MEEPLE, mc.MEEPLE), (mc.SPACESHIP, mc.HEART), (mc.MEEPLE, mc.HEART),
    (mc.SUPERHERO, mc.F42), (mc.SUPERHERO, mc.SPACESHIP), (mc.SUPERHERO, mc.SUPERHERO),
    (mc.SPACESHIP, mc.SPACESHIP), (mc.SPACESHIP, mc.MEEPLE), (mc.MEEPLE, mc.SPACESHIP),
    (mc.SPACESHIP, mc.F42), (mc.SUPERHERO, mc.MEEPLE), (mc.SPACESHIP, mc.SUPERHERO),
    (mc.MEEPLE, mc.NO_TARGET))]


def main(argv=None):
    ap_ = argparse.ArgumentParser(prog="autoplay_check", description=(__doc__ or "").split("\n")[0])
    ap_.add_argument("--turns", type=int, default=20000)
    ap_.add_argument("--seed", type=int, default=1)
    ap_.add_argument("--json", action="store_true")
    args = ap_.parse_args(argv)
    sol = sv.solve(0)
    fb = Fallback()
    mean, bust = play_turns(fb, args.turns, args.seed, fb.press)
    fixed, fixed_bust = play_turns(first_in_list(FIXED_LIST), args.turns, args.seed)
    out = {"optimal": sol.start_value(), "fallback": mean, "fallback_bust": bust,
           "fixed_list": fixed, "fixed_list_bust": fixed_bust, "turns": args.turns,
           "decide_matches": decide_bytes() == ap.DECIDE,
           "rule_matches": continue_from() == ap.CONTINUE_FROM and is_threshold_rule()}
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print("{}: {}".format(k, v))
    return 0


if __name__ == "__main__":
    sys.exit(main())
