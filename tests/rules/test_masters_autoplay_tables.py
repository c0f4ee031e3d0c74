"""Auto mode without the hint table (firmware/geekout/masters/autoplay.py): the numbers
it carries are the solver's (M9), and its play is close to optimal.

DECIDE holds max(pass, continue) of the expected-points solve at each pass/continue
point and CONTINUE_FROM the solver's own continue rule; both were written by
geekout_tools.masters.autoplay_check, and a change to the rules or the solver that
moved them must fail here.
"""

import pytest
from geekout.masters import autoplay as ap
from geekout_tools.masters import autoplay_check as ac
from geekout_tools.masters import solver as sv


def test_decide_values_are_the_solvers():
    assert ac.decide_bytes() == ap.DECIDE


def test_continue_rule_is_the_solvers_threshold():
    assert ac.is_threshold_rule()
    assert ac.continue_from() == ap.CONTINUE_FROM


@pytest.mark.slow
def test_the_fallback_plays_near_the_optimal_turn():
    # 2,000 turns (about 3 minutes: each step is a search): the mean's standard error is
    # about 0.34 points (a turn's points spread about 15). The fallback scores about 17.5
    # against 19.06 for optimal play (docs/gadget.md); the bounds leave more than 4
    # standard errors each side of that (4.4 below, 8 above).
    fb = ac.Fallback()
    mean, bust = ac.play_turns(fb, 2000, 7, fb.press)
    best = sv.solve(0).start_value()
    assert 16.0 < mean < best + 1.2
    assert 0.0 < bust < 1.0
