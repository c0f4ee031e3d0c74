"""Worked examples of Geekmon Capture scoring (docs/rules.md C4-C10, C12, C13 rank) and of the
score file's bad-input rules (docs/design.md). Notation: "score" is a score-file object and
"expect" the result (see capture_check.py). Run under MicroPython as the game
`capture_score` (run_vectors.py capture_score).
"""


def score(*players, **top):
    doc = {"arena": top.get("arena"), "solo": top.get("solo", False), "players": []}
    for i in range(len(players)):
        doc["players"].append({"name": "p" + str(i + 1), "geekmons": players[i]})
    return doc


def one(name, **fields):
    d = {"name": name}
    d.update(fields)
    return d


def line(key, stages, *names, **fields):
    return [one(n, line=key, stages=stages, **fields) for n in names]


MM = one("Milemoon", milemoon=True)
MOUSE = one("Mouselet", line="m", mouselet=True)


def branch(name, b):
    return one(name, line="m", branch=b)


VECTORS = [
    # ---- Scoring (C4-C10, C12, C13) ---------------------------------------------------------
    {"id": "C4-one-stage", "score": score([one("A"), one("B", stages=1)]),
     "expect": {"totals": [12], "points": [[6, 6]]}},
    {"id": "C4-two-stage", "score": score(line("x", 2, "A") + line("y", 2, "B", "C")),
     "expect": {"points": [[4, 8, 8]], "totals": [20]}},
    {"id": "C4-three-stage", "score": score(line("x", 3, "A") + line("y", 3, "B", "C")
                                            + line("z", 3, "D", "E", "F")),
     "expect": {"points": [[4, 7, 7, 10, 10, 10]]}},
    {"id": "C4-luminous", "score": score([one("A", luminous=True)] + line("y", 2, "B", luminous=True)),
     "expect": {"points": [[9, 7]]}},
    {"id": "C5-legendary", "score": score([one("L", legendary=True), one("M", legendary=True, luminous=True)]),
     "expect": {"points": [[9, 12]]}},
    {"id": "C6-starter-line-complete",
     "score": score(line("s", 3, "S1", starter=True) + line("s", 3, "S2", "S3")),
     "expect": {"points": [[13, 10, 10]]}},
    {"id": "C6-starter-2-stage", "score": score(line("s", 2, "S1", starter=True) + line("s", 2, "S2")),
     "expect": {"points": [[11, 8]]}},
    {"id": "C6-starter-incomplete", "score": score(line("s", 3, "S1", starter=True) + line("s", 3, "S3")),
     "expect": {"points": [[7, 7]]}},
    {"id": "C6-milemoon-no-starter-bonus",
     "score": score(line("s", 3, "S1", starter=True) + line("s", 3, "S3") + [MM]),
     "expect": {"points": [[10, 10, 10]]}},
    {"id": "C7-milemoon-alone-scores-6", "score": score([MM, one("A")]),
     "expect": {"points": [[6, 6]]}},
    {"id": "C7-milemoon-not-in-1-stage-line", "score": score(line("x", 1, "A") + [MM]),
     "expect": {"points": [[6, 6]]}},
    {"id": "C7-milemoon-completes-2-stage", "score": score(line("x", 2, "A") + [MM]),
     "expect": {"points": [[8, 8]]}},
    {"id": "C7-never-over-stages", "score": score(line("x", 2, "A", "B") + [MM]),
     "expect": {"points": [[8, 8, 6]]}},
    {"id": "C7-two-milemoons-one-line", "score": score(line("x", 3, "A") + [MM, MM]),
     "expect": {"points": [[10, 10, 10]]}},
    # Greedy (each Milemoon where it gains most at that moment) puts the first one in the
    # 2-stage line (+12 > +10) and ends at 30; both in the 3-stage line give 34.
    {"id": "C7-greedy-loses-3-vs-2-stage",
     "score": score(line("t", 3, "A") + line("d", 2, "B") + [MM, MM]),
     "expect": {"totals": [34], "points": [[10, 4, 10, 10]]}},
    # Greedy fills the 3-stage line first (+16 > +15), then Hyro (27+30 = 57); both in the
    # Hyro line give 48 + 14 = 62.
    {"id": "C7-greedy-loses-hyro",
     "score": score(line("h", 4, "H1", "H2") + line("t", 3, "A", "B") + [MM, MM]),
     "expect": {"totals": [62], "points": [[12, 12, 7, 7, 12, 12]]}},
    # Three Milemoons: greedy takes +12 (2-stage), +10, +16 (3-stage) = 30 + 16 = 46 + ...
    {"id": "C7-greedy-loses-three-milemoons",
     "score": score(line("t", 3, "A") + line("d", 2, "B") + line("e", 2, "C") + [MM, MM, MM]),
     "expect": {"totals": [50]}},
    # Standing in for the missing Mouselet a Milemoon joins one branch only (18, not 28).
    {"id": "C7-milemoon-as-mouselet-one-branch",
     "score": score([branch("Sorcerat", "male"), branch("Faecharm", "female"), MM]),
     "expect": {"totals": [18]}},
    {"id": "C7-milemoons-in-mouselet-branch",
     "score": score([MOUSE, MM, MM]), "expect": {"points": [[10, 10, 10]]}},
    {"id": "C8-hyro", "score": score(line("h", 4, "H1"), line("h", 4, "H1", "H2"),
                                     line("h", 4, "H1", "H2", "H3"), line("h", 4, "H1", "H2", "H3", "H4")),
     "expect": {"totals": [3, 12, 27, 48], "winners": ["p4"]}},
    {"id": "C8-hyro-milemoon", "score": score(line("h", 4, "H1", "H2", "H3") + [MM]),
     "expect": {"points": [[12, 12, 12, 12]]}},
    {"id": "C9-mouselet-alone", "score": score([MOUSE]), "expect": {"points": [[4]]}},
    {"id": "C9-branch-card-alone", "score": score([branch("Sorcerat", "male")]),
     "expect": {"points": [[4]]}},
    {"id": "C9-one-branch", "score": score([MOUSE, branch("Sorcerat", "male")]),
     "expect": {"points": [[7, 7]]}},
    {"id": "C9-both-branches", "score": score([MOUSE, branch("Sorcerat", "male"), branch("Faecharm", "female")]),
     "expect": {"points": [[14, 7, 7]]}},
    {"id": "C9-full-male-and-one-female",
     "score": score([MOUSE, branch("Sorcerat", "male"), branch("Enchantail", "male"),
                     branch("Blazesprite", "female")]),
     "expect": {"points": [[17, 10, 10, 7]]}},
    {"id": "C9-luminous-and-arena-once",
     "score": score([one("Mouselet", line="m", mouselet=True, luminous=True, types=["earth"]),
                     branch("Sorcerat", "male"), branch("Faecharm", "female")], arena="earth"),
     "expect": {"points": [[18, 7, 7]]}},
    {"id": "C10-highest-total", "score": score([one("A"), one("B")], [one("C")]),
     "expect": {"winners": ["p1"]}},
    {"id": "C10-tie-more-geekmons",
     "score": score([one("A"), one("B")], line("x", 2, "C") + line("y", 2, "D") + line("z", 2, "E")),
     "expect": {"totals": [12, 12], "winners": ["p2"]}},
    {"id": "C10-tie-more-legendaries",
     "score": score([one("A"), one("B")], [one("L", legendary=True)] + line("h", 4, "H")),
     "expect": {"totals": [12, 12], "winners": ["p2"]}},
    {"id": "C10-tie-shared", "score": score([one("A")], [one("B")], line("x", 2, "C")),
     "expect": {"winners": ["p1", "p2"]}},
    {"id": "C10-starter-counts-as-geekmon",
     "score": score(line("s", 2, "S", starter=True) + [one("A")], line("x", 2, "X", "Y")),
     "expect": {"totals": [10, 16], "winners": ["p2"]}},
    {"id": "C12-arena-energized",
     "score": score([one("A", types=["fire"]), one("B", types=["water", "fire"]), one("C"),
                     one("Milemoon", milemoon=True, types=["fire"]), one("L", legendary=True, types=["fire"])],
                    arena="fire"),
     "expect": {"points": [[7, 7, 6, 7, 10]]}},
    {"id": "C12-no-arena", "score": score([one("A", types=["fire"])]),
     "expect": {"points": [[6]]}},
    {"id": "C13-rank-150", "score": score([one("c")] * 25, solo=True),
     "expect": {"totals": [150], "ranks": ["Beginner Trainer Geekmon"], "winners": ["p1"]}},
    {"id": "C13-rank-151", "score": score([one("c")] * 24 + [one("f", types=["fire"])],
                                          solo=True, arena="fire"),
     "expect": {"totals": [151], "ranks": ["Veteran Trainer Geekmon"]}},
    {"id": "C13-rank-351", "score": score([one("c")] * 57 + [one("l", luminous=True)],
                                          solo=True),
     "expect": {"totals": [351], "ranks": ["Legend Geekmon"]}},
    {"id": "C13-no-rank-unless-solo", "score": score([one("A")]),
     "expect": {"ranks": [None]}},
    # Bad input (docs/design.md): each names the player, the card and the problem.
    {"id": "bad-over-full-line", "score": score(line("x", 2, "A", "B", "C")),
     "expect": {"bad": ["p1", "'C'", "more than its 2 stages"]}},
    {"id": "bad-stages-disagree", "score": score(line("x", 2, "A") + line("x", 3, "B")),
     "expect": {"bad": ["p1", "'B'", "2-stage", "3-stage"]}},
    {"id": "bad-missing-name", "score": score([{"stages": 1}]), "expect": {"bad": ["p1", "card 1", "missing name"]}},
    {"id": "bad-lineless-2-stage", "score": score([one("A", stages=2)]), "expect": {"bad": ["p1", "'A'", "line"]}},
    {"id": "bad-unknown-type", "score": score([one("A", types=["space"])]), "expect": {"bad": ["p1", "'A'", "space"]}},
    {"id": "bad-unknown-value", "score": score([one("A", luminous="yes")]), "expect": {"bad": ["p1", "'A'", "luminous"]}},
    {"id": "bad-two-mouselet-lines",
     "score": score([MOUSE, one("Sorcerat", line="mouselet", branch="male")]),
     "expect": {"bad": ["p1", "'Sorcerat'", "one line"]}},
    {"id": "bad-unknown-branch", "score": score([one("A", line="m", branch="both")]), "expect": {"bad": ["'A'", "branch"]}},
]
