"""Worked examples of the Masters rulings (docs/rules.md M1-M8), each checked by hand.

Notation: see masters_check.py. Shared by the CPython and MicroPython test runs.
"""

R = "roll:"
SEVEN_42 = R + "42,42,42,42,42,42,42"

VECTORS = [
    # M2: a turn starts with 7 dice being rolled into active and 3 inactive.
    {"id": "M2-start", "steps": "first:0",
     "expect": {"phase": "roll", "pending": 7, "inactive": 3, "used": 0, "scored": 0}},
    # M8: the first seat is chance's pick; seat 2 of 3 starts.
    {"id": "M8-first-seat", "players": 3, "steps": "first:2",
     "expect": {"seat": 2, "phase": "roll"}},
    # M3: every action die must be resolved, in the player's order: both orders offered.
    {"id": "M3-order-is-chosen", "steps": "first:0 " + R + "42,42,42,42,42,SPACESHIP,DRAGON",
     "expect": {"phase": "resolve", "legal": ["SPACESHIP>42", "SPACESHIP>DRAGON"],
                "illegal": "PASS"}},
    # M3a: MEEPLE rerolls the dragon into a 42: six 42s scored, MEEPLE used.
    {"id": "M3a-meeple-reroll",
     "steps": "first:0 " + R + "42,42,42,42,42,MEEPLE,DRAGON MEEPLE>DRAGON roll:42",
     "expect": {"scored": 6, "used": 1, "inactive": 3, "phase": "decide", "active": []}},
    # M3a: the rerolled die stays active and must be resolved if it shows an action.
    {"id": "M3a-reroll-stays-active",
     "steps": "first:0 " + R + "42,42,42,42,42,MEEPLE,DRAGON MEEPLE>DRAGON roll:SPACESHIP",
     "expect": {"phase": "resolve", "active": ["42"] * 5 + ["SPACESHIP"],
                "legal": ["SPACESHIP>42"]}},
    # M3a: "another" die: a single MEEPLE cannot target itself.
    {"id": "M3a-not-itself", "steps": "first:0 " + R + "MEEPLE,42,42,42,42,42,42",
     "expect": {"legal": ["MEEPLE>42"], "illegal": "MEEPLE>MEEPLE"}},
    {"id": "M3a-other-meeple", "steps": "first:0 " + R + "MEEPLE,MEEPLE,42,42,42,42,42",
     "expect": {"legal": ["MEEPLE>42", "MEEPLE>MEEPLE"]}},
    # M3b: flipping a DRAGON shows its opposite, a SUPERHERO, which must act in turn.
    {"id": "M3b-flip-dragon",
     "steps": "first:0 " + R + "42,42,42,42,42,SUPERHERO,DRAGON SUPERHERO>DRAGON",
     "expect": {"active": ["42"] * 5 + ["SUPERHERO"], "phase": "resolve",
                "legal": ["SUPERHERO>42"], "used": 1}},
    # M3b: SUPERHERO flips the HEART to a 42; pass scores 6 dice = 21 points (M7).
    {"id": "M3b-flip-heart-pass",
     "steps": "first:0 " + R + "42,42,42,42,42,SUPERHERO,HEART SUPERHERO>HEART PASS",
     "expect": {"totals": [21], "turns": [[0, 21, "pass"]]}},
    # M3b: flips are to the opposite face: HEART -> 42, SPACESHIP -> MEEPLE, 42 -> HEART.
    {"id": "M3b-flip-heart", "steps": "first:0 " + R + "42,42,42,42,42,SUPERHERO,HEART SUPERHERO>HEART",
     "expect": {"scored": 6, "used": 1, "phase": "decide"}},
    {"id": "M3b-flip-spaceship",
     "steps": "first:0 " + R + "42,42,42,42,42,SUPERHERO,SPACESHIP SUPERHERO>SPACESHIP",
     "expect": {"active": ["42"] * 5 + ["MEEPLE"], "phase": "resolve", "legal": ["MEEPLE>42"]}},
    {"id": "M3b-flip-42", "steps": "first:0 " + R + "42,42,42,42,42,42,SUPERHERO SUPERHERO>42",
     "expect": {"active": ["42"] * 5 + ["HEART"], "legal": ["HEART"]}},
    # M3c: SPACESHIP sends the dragon to inactive: 4 inactive, 5 scored, 15 points.
    {"id": "M3c-spaceship", "steps": "first:0 " + R + "42,42,42,42,42,SPACESHIP,DRAGON SPACESHIP>DRAGON",
     "expect": {"inactive": 4, "used": 1, "scored": 5, "phase": "decide"}},
    {"id": "M3c-then-pass",
     "steps": "first:0 " + R + "42,42,42,42,42,SPACESHIP,DRAGON SPACESHIP>DRAGON PASS",
     "expect": {"totals": [15], "round": 1, "phase": "roll", "inactive": 3, "pending": 7}},
    # M3c: with only 42s beside it, the SPACESHIP must remove a 42.
    {"id": "M3c-must-remove-42", "steps": "first:0 " + R + "42,42,42,42,42,42,SPACESHIP",
     "expect": {"legal": ["SPACESHIP>42"]}},
    # M3d: HEART brings an inactive die into active and rolls it.
    {"id": "M3d-heart", "steps": "first:0 " + R + "42,42,42,42,42,42,HEART HEART",
     "expect": {"phase": "roll", "pending": 1, "inactive": 2, "used": 1}},
    {"id": "M3d-heart-rolled",
     "steps": "first:0 " + R + "42,42,42,42,42,42,HEART HEART roll:42 PASS",
     "expect": {"totals": [28]}},
    # M3d: with inactive empty a HEART has no effect but still goes to used.
    {"id": "M3d-heart-empty-inactive",
     "steps": "first:0 " + R + "HEART,HEART,HEART,HEART,42,42,42 HEART roll:42 HEART roll:42 HEART roll:42 HEART",
     "expect": {"inactive": 0, "used": 4, "scored": 6, "phase": "decide"}},
    # M3e: a lone MEEPLE has no target; it moves to used, nothing else happens.
    {"id": "M3e-lone-meeple",
     "steps": "first:0 " + R + "MEEPLE,SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP"
              " SPACESHIP>SPACESHIP SPACESHIP>SPACESHIP SPACESHIP>SPACESHIP",
     "expect": {"active": ["MEEPLE"], "legal": ["MEEPLE>none"], "illegal": "MEEPLE>MEEPLE"}},
    {"id": "M3e-lone-meeple-resolved",
     "steps": "first:0 " + R + "MEEPLE,SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP"
              " SPACESHIP>SPACESHIP SPACESHIP>SPACESHIP SPACESHIP>SPACESHIP MEEPLE>none",
     "expect": {"active": [], "inactive": 6, "used": 4, "scored": 0, "phase": "decide"}},
    # M3e: a lone SUPERHERO likewise.
    {"id": "M3e-lone-superhero",
     "steps": "first:0 " + R + "SUPERHERO,SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP"
              " SPACESHIP>SPACESHIP SPACESHIP>SPACESHIP SPACESHIP>SPACESHIP",
     "expect": {"legal": ["SUPERHERO>none"]}},
    {"id": "M3e-lone-superhero-resolved",
     "steps": "first:0 " + R + "SUPERHERO,SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP"
              " SPACESHIP>SPACESHIP SPACESHIP>SPACESHIP SPACESHIP>SPACESHIP SUPERHERO>none",
     "expect": {"used": 4, "inactive": 6, "phase": "decide"}},
    # M3e: a lone SPACESHIP destroys itself: the turn busts (M5).
    {"id": "M3e-lone-spaceship",
     "steps": "first:0 " + R + "SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP"
              " SPACESHIP>SPACESHIP SPACESHIP>SPACESHIP SPACESHIP>SPACESHIP",
     "expect": {"legal": ["SPACESHIP>none"]}},
    # M3e + M5: scored 42s are lost with the lone spaceship after a CONTINUE.
    {"id": "M3e-lone-spaceship-busts-scored",
     "steps": "first:0 " + R + "42,42,42,42,42,42,SPACESHIP SPACESHIP>42 CONTINUE roll:SPACESHIP SPACESHIP>none",
     "expect": {"totals": [0], "turns": [[0, 0, "bust"]], "round": 1, "phase": "roll"}},
    # M3e: a MEEPLE beside a HEART is not alone: it may reroll the HEART.
    {"id": "M3e-not-alone",
     "steps": "first:0 " + R + "MEEPLE,HEART,42,SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP"
              " SPACESHIP>SPACESHIP SPACESHIP>SPACESHIP",
     "expect": {"active": ["MEEPLE", "HEART", "42"], "legal": ["HEART", "MEEPLE>HEART", "MEEPLE>42"]}},
    # M4: a dragon left among 42s busts the turn at once.
    {"id": "M4-dragon-bust", "steps": "first:0 " + R + "42,42,42,42,42,42,DRAGON",
     "expect": {"turns": [[0, 0, "bust"]], "totals": [0], "round": 1}},
    {"id": "M4-reroll-to-dragon",
     "steps": "first:0 " + R + "42,42,42,42,42,MEEPLE,DRAGON MEEPLE>DRAGON roll:DRAGON",
     "expect": {"turns": [[0, 0, "bust"]]}},
    # M4: resolution ends with only 42s: they all move to scored.
    {"id": "M4-only-42s", "steps": "first:0 " + R + "42,42,42,HEART,SPACESHIP,SPACESHIP,SPACESHIP"
                                    " SPACESHIP>SPACESHIP SPACESHIP>HEART",
     "expect": {"scored": 3, "used": 2, "inactive": 5, "phase": "decide"}},
    # M6: CONTINUE rolls every used die; inactive and scored stay where they are.
    {"id": "M6-continue",
     "steps": "first:0 " + R + "42,42,42,42,42,SUPERHERO,HEART SUPERHERO>HEART CONTINUE",
     "expect": {"phase": "roll", "pending": 1, "used": 0, "scored": 6, "inactive": 3}},
    {"id": "M6-continue-scores-more",
     "steps": "first:0 " + R + "42,42,42,42,42,SUPERHERO,HEART SUPERHERO>HEART CONTINUE roll:42",
     "expect": {"turns": [[0, 28, "forced"]], "totals": [28]}},
    # M6: used empty after resolution: the pass is forced (no decision offered).
    {"id": "M6-forced-pass", "steps": "first:0 " + SEVEN_42,
     "expect": {"turns": [[0, 28, "forced"]], "totals": [28], "phase": "roll"}},
    {"id": "M6-decide", "steps": "first:0 " + R + "42,42,42,42,42,42,SPACESHIP SPACESHIP>42",
     "expect": {"legal": ["PASS", "CONTINUE"], "illegal": "HEART"}},
    # M6: an empty active zone with used dice is also a pass/continue decision.
    {"id": "M6-empty-active",
     "steps": "first:0 " + R + "MEEPLE,SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP"
              " SPACESHIP>SPACESHIP SPACESHIP>SPACESHIP SPACESHIP>SPACESHIP MEEPLE>none PASS",
     "expect": {"turns": [[0, 0, "pass"]]}},
    # M7: 4 scored = 10 points, then 2 scored = 3 points: 13 in all (the rulebook's example).
    {"id": "M7-two-turns",
     "steps": "first:0 " + R + "42,42,42,42,SPACESHIP,MEEPLE,DRAGON SPACESHIP>DRAGON MEEPLE>42 roll:42 PASS "
              + R + "42,42,SPACESHIP,SPACESHIP,SPACESHIP,SPACESHIP,MEEPLE"
              " SPACESHIP>SPACESHIP SPACESHIP>SPACESHIP MEEPLE>42 roll:42 PASS",
     "expect": {"totals": [13], "turns": [[0, 10, "pass"], [0, 3, "pass"]]}},
    # M8: two players, seat 1 first; seats alternate 1,0,1,0...; a tie shares the win.
    {"id": "M8-two-player-tie", "players": 2, "steps": "first:1 " + " ".join([SEVEN_42] * 10),
     "expect": {"phase": "over", "totals": [140, 140], "winners": [0, 1]}},
    {"id": "M8-seat-order", "players": 2,
     "steps": "first:1 " + SEVEN_42 + " " + R + "42,42,42,42,42,42,DRAGON",
     "expect": {"turns": [[1, 28, "forced"], [0, 0, "bust"]], "round": 1, "seat": 1}},
    # M8: solo score attack: 5 turns then the game is over.
    {"id": "M8-solo-five-turns", "steps": "first:0 " + " ".join([SEVEN_42] * 5),
     "expect": {"phase": "over", "totals": [140], "winners": [0], "illegal": "roll:42"}},
    # Refused steps leave the state untouched.
    {"id": "refuse-target-absent", "steps": "first:0 " + R + "42,42,42,42,42,MEEPLE,DRAGON",
     "expect": {"illegal": "MEEPLE>HEART"}},
    {"id": "refuse-lone-form-with-others", "steps": "first:0 " + R + "42,42,42,42,42,MEEPLE,DRAGON",
     "expect": {"illegal": "MEEPLE>none"}},
    {"id": "refuse-continue-while-resolving", "steps": "first:0 " + R + "42,42,42,42,42,MEEPLE,DRAGON",
     "expect": {"illegal": "CONTINUE"}},
    {"id": "refuse-seat-out-of-range", "players": 2, "steps": "",
     "expect": {"illegal": "first:2"}},
]
