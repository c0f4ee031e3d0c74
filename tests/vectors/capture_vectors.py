"""Worked examples of the Geekmon Capture rules of play (docs/rules.md C1-C3, C11-C13), each
checked by hand. Scoring (C4-C10, C12, C13 rank) is in capture_score_vectors.py, run as
its own module so MicroPython compiles two small files rather than one large one.

Notation: see capture_check.py. Shared by the CPython and MicroPython test runs.
"""


def throws(players):
    """Every cube of a round, in turn order: each player's 4 geekcubes, then 2 hypercubes
    (solo, C13: 8 and 4)."""
    if players == 1:
        return "t:" + "g" * 8 + "h" * 4
    return "t:" + "g" * (4 * players) + "h" * (2 * players)


def checks(players, cards, points=None):
    """Capture checks of `cards` cards with no cubes (or `points` on the first one)."""
    out = []
    for i in range(cards):
        vals = points if (i == 0 and points) else [0] * players
        out.append("check:" + ",".join(str(x) for x in vals))
    return " ".join(out)


def quiet(players, cards=6):
    """A round in which every cube misses: all the wild cards flee."""
    return "draw:" + "G" * cards + " go " + throws(players) + " " + checks(players, cards)


def fled(first, last):
    return [[i, 0, "fled"] for i in range(first, last + 1)]


VECTORS = [
    # ---- C1: deck, draws, luminous encounters, end of game --------------------------------
    # 4 players with starters of 3, 3, 3 and 2 stages: 40 + 2+2+2+1 = 47 Geekmons, 8 rounds.
    {"id": "C1-deck-4-players", "players": 4, "stages": [3, 3, 3, 2], "steps": "",
     "expect": {"phase": "draw", "deck": 47, "encounters": 2, "rounds": 8}},
    {"id": "C1-deck-2-players", "stages": [2, 2], "steps": "",
     "expect": {"deck": 22, "rounds": 4}},
    {"id": "C1-six-wild-per-round", "steps": "draw:GGGGGG",
     "expect": {"phase": "setup", "deck": 24 - 6, "present": [1, 2, 3, 4, 5, 6], "luminous": []}},
    {"id": "C1-encounter-makes-next-luminous", "steps": "draw:GEGGGGG",
     "expect": {"phase": "setup", "luminous": [2], "encounters": 1, "deck": 18}},
    {"id": "C1-two-encounters-in-a-row", "steps": "draw:GEEGGGGG",
     "expect": {"luminous": [2, 3], "encounters": 0}},
    {"id": "C1-encounters-apart", "steps": "draw:EGGEGGGG",
     "expect": {"luminous": [1, 3], "encounters": 0}},
    {"id": "C1-no-third-encounter", "steps": "draw:EE",
     "expect": {"legal": ["draw:G"], "illegal": "draw:E"}},
    # 2 players, 2-stage starters: 22 Geekmons = 6 + 6 + 6 + 4; the last round has 4.
    {"id": "C1-last-round-short", "stages": [2, 2],
     "steps": " ".join([quiet(2)] * 3) + " draw:GGGG",
     "expect": {"round": 4, "phase": "setup", "present": [1, 2, 3, 4], "deck": 0}},
    {"id": "C1-game-ends-when-deck-runs-out", "stages": [2, 2],
     "steps": " ".join([quiet(2)] * 3) + " " + quiet(2, 4),
     "expect": {"phase": "over", "round": 4, "cards": [1, 1], "illegal": "draw:G"}},
    {"id": "C1-cards-flee-at-round-end", "steps": quiet(2),
     "expect": {"phase": "draw", "round": 2, "results": fled(1, 6), "cards": [1, 1]}},
    # ---- C2: throws ---------------------------------------------------------------------
    {"id": "C2-first-player-throws-first", "players": 3, "first": 2, "steps": "draw:GGGGGG go",
     "expect": {"phase": "throw", "thrower": 2, "cubes": [[4, 2]] * 3,
                "legal": ["t:g", "t:h", "quick"] + ["crit:" + str(s) + ":" + str(p)
                                                    for s in range(1, 7) for p in (1, 2, 3)]}},
    {"id": "C2-clockwise-one-cube-at-a-time", "players": 3, "first": 2,
     "steps": "draw:GGGGGG go t:gh",
     "expect": {"thrower": 1, "cubes": [[4, 2], [3, 2], [4, 1]]}},
    {"id": "C2-no-third-hypercube", "steps": "draw:GGGGGG go t:hhhh",
     "expect": {"thrower": 1, "cubes": [[4, 0], [4, 0]], "illegal": "t:h"}},
    {"id": "C2-all-cubes-then-check", "steps": "draw:GGGGGG go " + throws(2),
     "expect": {"phase": "check", "cubes": [[0, 0], [0, 0]]}},
    {"id": "C2-first-player-rotates", "players": 3, "first": 3, "steps": quiet(3),
     "expect": {"first": 1, "round": 2}},
    {"id": "C2-first-round-active-is-starter", "steps": "draw:GGGGGG",
     "expect": {"legal": ["go"], "illegal": "active:1:1"}},
    # ---- C3: capture check ----------------------------------------------------------------
    # The rulebook's Clownit: blue 2 geekcubes, green 1 hypercube, red 1 geek + 1 hyper.
    {"id": "C3-clownit-red-captures-with-3", "players": 3,
     "steps": "draw:GGGGGG go " + throws(3) + " check:2,2,3",
     "expect": {"results": [[1, 3, "points"]], "cards": [1, 1, 2], "phase": "check"}},
    # The rulebook's Snabul: blue (2 geekcubes) and red (1 hypercube) tie on Snabul, whose
    # weakness is magnetic; blue's active Magihat (magnetic, mystical) beats red's Broscoon
    # (fire) by type advantage. Round 1 blue catches Magihat; round 2 it is blue's active.
    {"id": "C3-snabul-type-advantage", "starters": ["", "types=fire"],
     "steps": "draw:GGGGGG card:1:types=magnetic/mystical go " + throws(2) + " "
              + checks(2, 6, [2, 0]) + " draw:GGGGGG card:1:weak=magnetic active:1:1 go "
              + throws(2) + " check:2,2",
     "expect": {"round": 2, "results": [[1, 1, "type"]], "cards": [3, 1], "active": [1, 0]}},
    # Without the advantage the tie goes to bull's eye: red's hypercube is closest.
    {"id": "C3-snabul-bullseye", "starters": ["", "types=fire"],
     "steps": "draw:GGGGGG card:1:weak=magnetic go " + throws(2) + " check:2,2",
     "expect": {"phase": "bullseye",
                "legal": ["bull:1", "bull:2", "adv:-", "adv:1", "adv:2", "adv:1,2"]}},
    {"id": "C3-snabul-bullseye-red", "starters": ["", "types=fire"],
     "steps": "draw:GGGGGG card:1:weak=magnetic go " + throws(2) + " check:2,2 bull:2",
     "expect": {"phase": "check", "results": [[1, 2, "bullseye"]], "cards": [1, 2]}},
    {"id": "C3-bullseye-only-among-tied", "players": 3,
     "steps": "draw:GGGGGG go " + throws(3) + " check:2,1,2",
     "expect": {"legal": ["bull:1", "bull:3", "adv:-", "adv:1", "adv:3", "adv:1,3"],
                "illegal": "bull:2"}},
    # Two of three tied players have the advantage: bull's eye between those two only.
    {"id": "C3-two-with-advantage", "players": 3,
     "starters": ["types=water", "types=water/earth", "types=fire"],
     "steps": "draw:GGGGGG card:1:weak=water go " + throws(3) + " check:2,2,2",
     "expect": {"phase": "bullseye",
                "legal": ["bull:1", "bull:2", "adv:-", "adv:1", "adv:2", "adv:1,2"]}},
    # Type advantage the table states (the catalog does not know the types): C3 "those
    # whose active Geekmon has a type equal to the card's weakness win; if exactly one has
    # it, that player captures; if several or none have it, the tie goes to bull's eye
    # among them". Rulebook, Capture Check Tiebreaker 1: "you automatically win the
    # tiebreaker". Three players tie on card 1.
    {"id": "C3-stated-advantage-two-of-three", "players": 3,
     "steps": "draw:GGGGGG go " + throws(3) + " check:2,2,2 adv:1,3",
     "expect": {"phase": "bullseye", "legal": ["bull:1", "bull:3"], "illegal": "bull:2"}},
    {"id": "C3-stated-advantage-two-of-three-bullseye", "players": 3,
     "steps": "draw:GGGGGG go " + throws(3) + " check:2,2,2 adv:1,3 bull:3",
     "expect": {"phase": "check", "results": [[1, 3, "bullseye"]], "cards": [1, 1, 2]}},
    {"id": "C3-stated-advantage-one", "players": 3,
     "steps": "draw:GGGGGG go " + throws(3) + " check:2,2,2 adv:2",
     "expect": {"phase": "check", "results": [[1, 2, "type"]], "cards": [1, 2, 1]}},
    {"id": "C3-stated-advantage-none", "players": 3,
     "steps": "draw:GGGGGG go " + throws(3) + " check:2,2,2 adv:-",
     "expect": {"phase": "bullseye", "legal": ["bull:1", "bull:2", "bull:3"]}},
    {"id": "C3-stated-advantage-among-tied-only", "players": 3,
     "steps": "draw:GGGGGG go " + throws(3) + " check:2,1,2", "expect": {"illegal": "adv:2"}},
    {"id": "C3-stated-advantage-once", "players": 3,
     "steps": "draw:GGGGGG go " + throws(3) + " check:2,2,2 adv:1,3",
     "expect": {"illegal": "adv:1"}},
    {"id": "C3-advantage-needs-the-tie", "starters": ["types=water", ""],
     "steps": "draw:GGGGGG card:1:weak=water go " + throws(2) + " check:1,2",
     "expect": {"results": [[1, 2, "points"]]}},
    {"id": "C3-no-cubes-flees", "steps": "draw:GGGGGG go " + throws(2) + " check:0,0",
     "expect": {"results": [[1, 0, "fled"]], "present": [2, 3, 4, 5, 6]}},
    # Critical catch: the card leaves play at once, its place stays empty.
    {"id": "C3-critical-catch-at-once", "steps": "draw:GGGGGG go t:ggg crit:3:2",
     "expect": {"phase": "throw", "results": [[3, 2, "critical"]], "present": [1, 2, 4, 5, 6],
                "cards": [1, 2], "thrower": 2}},
    {"id": "C3-critical-card-not-checked",
     "steps": "draw:GGGGGG go t:ggg crit:3:2 t:" + "g" * 5 + "hhhh " + checks(2, 5),
     "expect": {"phase": "draw", "round": 2, "cards": [1, 2],
                "results": [[3, 2, "critical"], [1, 0, "fled"], [2, 0, "fled"], [4, 0, "fled"],
                            [5, 0, "fled"], [6, 0, "fled"]]}},
    {"id": "C3-critical-by-the-last-cube", "steps": "draw:GGGGGG go " + throws(2) + " crit:6:1",
     "expect": {"phase": "check", "results": [[6, 1, "critical"]], "present": [1, 2, 3, 4, 5]}},
    # The cube on the critical catch icon leaves the table with the card (rulebook, Critical
    # Catch: "Remove all cubes from the card"): it no longer counts in the points its
    # owner can have on the other cards. Red (first) has thrown one hypercube when it lands
    # on card 3's icon: Red's 4 geekcubes and 1 hypercube are left for the check, 6 points.
    {"id": "C3-critical-cube-leaves-the-cap",
     "steps": "draw:GGGGGG go t:gghh crit:3:1:h t:gggggghh",
     "expect": {"phase": "check", "results": [[3, 1, "critical"]], "illegal": "pts:1:7"}},
    {"id": "C3-critical-cube-leaves-the-cap-6-ok",
     "steps": "draw:GGGGGG go t:gghh crit:3:1:h t:gggggghh check:6,8",
     "expect": {"results": [[3, 1, "critical"], [1, 2, "points"]], "illegal": "pts:1:1"}},
    {"id": "C3-critical-geekcube-leaves-the-cap",
     "steps": "draw:GGGGGG go t:g crit:3:1:g t:" + "g" * 7 + "hhhh",
     "expect": {"phase": "check", "illegal": "pts:1:8"}},
    # A critical catch by the round's last cube, entered at the start of the check.
    {"id": "C3-critical-by-the-last-cube-leaves-the-cap",
     "steps": "draw:GGGGGG go " + throws(2) + " crit:6:2:h check:0,6",
     "expect": {"results": [[6, 2, "critical"], [1, 2, "points"]], "illegal": "pts:2:1"}},
    {"id": "C3-critical-cube-must-be-thrown", "steps": "draw:GGGGGG go t:g",
     "expect": {"illegal": "crit:3:1:h"}},
    {"id": "C3-critical-cube-of-the-catcher", "steps": "draw:GGGGGG go t:g",
     "expect": {"illegal": "crit:3:2:g"}},
    # The cube not said (journals from before the cube was asked): the cap stays as it was.
    {"id": "C3-critical-cube-not-said",
     "steps": "draw:GGGGGG go t:gghh crit:3:1 t:gggggghh check:8,0",
     "expect": {"results": [[3, 1, "critical"], [1, 1, "points"]]}},
    {"id": "C3-no-critical-once-checking", "steps": "draw:GGGGGG go " + throws(2) + " pts:1:1",
     "expect": {"illegal": "crit:6:1"}},
    {"id": "C3-points-within-cubes", "steps": "draw:GGGGGG go " + throws(2) + " check:5,0",
     "expect": {"illegal": "pts:1:4"}},
    {"id": "C3-luminous-captured", "steps": "draw:EGGGGGG go " + throws(2) + " check:1,0",
     "expect": {"results": [[1, 1, "points"]], "cards": [2, 1]}},
    # ---- quick rounds: the throws are not entered, the capturer is each card's only points --
    # (C2 every cube is thrown; C3 the check: a capturer alone, a tie, no one: flees)
    {"id": "C3-quick-round-starts-the-check", "steps": "draw:GGGGGG go quick",
     "expect": {"phase": "check", "cubes": [[0, 0], [0, 0]], "present": [1, 2, 3, 4, 5, 6]}},
    {"id": "C3-quick-round", "steps": "draw:GGGGGG go quick check:1,0 check:0,1 check:0,0 "
                                      "check:1,1 bull:2 check:0,1 check:1,0",
     "expect": {"phase": "draw", "round": 2, "cards": [3, 4],
                "results": [[1, 1, "points"], [2, 2, "points"], [3, 0, "fled"],
                            [4, 2, "bullseye"], [5, 2, "points"], [6, 1, "points"]]}},
    # One entry for a critical catch: the card being checked, even after other entries.
    {"id": "C3-quick-critical-of-the-card-checked",
     "steps": "draw:GGGGGG go quick check:1,0 crit:2:2",
     "expect": {"phase": "check", "results": [[1, 1, "points"], [2, 2, "critical"]],
                "present": [3, 4, 5, 6], "cards": [2, 2]}},
    {"id": "C3-quick-critical-only-of-the-card-checked",
     "steps": "draw:GGGGGG go quick check:1,0", "expect": {"illegal": "crit:4:2"}},
    {"id": "C3-quick-once-thrown", "steps": "draw:GGGGGG go t:gg quick",
     "expect": {"phase": "check", "illegal": "t:g"}},
    {"id": "C12-quick-no-zones", "arena": "fire", "steps": "draw:GGGGGG go t:g quick",
     "expect": {"illegal": "elem:1:g"}},
    {"id": "C13-quick-no-cubes-left-outside-solo", "steps": "draw:GGGGGG go",
     "expect": {"illegal": "quick:1"}},
    {"id": "C13-quick-solo-cubes-cleared", "players": 1, "arena": "magnetic",
     "steps": "draw:GGGGGG go quick:0 check:2 " + checks(1, 5),
     "expect": {"phase": "draw", "round": 2, "cards": [2], "ecubes": 3}},
    {"id": "C13-quick-solo-cubes-left-loses", "players": 1, "arena": "magnetic",
     "steps": "draw:GGGGGG go quick:1 check:2 " + checks(1, 5),
     "expect": {"phase": "over", "lost": True, "cards": [2]}},
    {"id": "C13-quick-solo-at-most-3", "players": 1, "arena": "magnetic",
     "steps": "draw:GGGGGG go", "expect": {"illegal": "quick:4"}},
    # ---- C11: Team Wicked ------------------------------------------------------------------
    # Round 1: player 2 catches card 1 and makes it active in round 2.
    {"id": "C11-active-is-a-target", "wicked": True,
     "steps": "draw:GGGGGG go " + throws(2) + " " + checks(2, 6, [0, 1]) + " "
              + checks(2, 2),
     "expect": {"round": 2, "phase": "draw"}},
    {"id": "C11-owner-wins-tie", "wicked": True,
     "steps": "draw:GGGGGG go " + throws(2) + " " + checks(2, 8, [0, 1])
              + " draw:GGGGGG active:2:1 go " + throws(2) + " " + checks(2, 6) + " check:0,0 check:2,2",
     "expect": {"cards": [1, 2], "results": fled(1, 6) + [["a1", 0, "kept"], ["a2", 0, "kept"]]}},
    {"id": "C11-beat-the-owner", "wicked": True,
     "steps": "draw:GGGGGG go " + throws(2) + " " + checks(2, 8, [0, 1])
              + " draw:GGGGGG active:2:1 go " + throws(2) + " " + checks(2, 6) + " check:0,0 check:3,2",
     "expect": {"cards": [2, 1], "active": [0, 0], "results": fled(1, 6) + [["a1", 0, "kept"], ["a2", 1, "points"]]}},
    # A starter cannot be captured: the winner may take another card of that collection.
    {"id": "C11-starter-substitute", "wicked": True,
     "steps": "draw:GGGGGG go " + throws(2) + " " + checks(2, 6, [0, 1]) + " check:0,0 check:3,0",
     "expect": {"phase": "take", "legal": ["take:0", "take:1"]}},
    {"id": "C11-starter-substitute-taken", "wicked": True,
     "steps": "draw:GGGGGG go " + throws(2) + " " + checks(2, 6, [0, 1]) + " check:0,0 check:3,0 take:1",
     "expect": {"cards": [2, 1], "results": [[1, 2, "points"]] + fled(2, 6) + [["a1", 0, "kept"], ["a2", 1, "taken"]]}},
    {"id": "C11-starter-alone-kept", "wicked": True,
     "steps": "draw:GGGGGG go " + throws(2) + " " + checks(2, 6) + " check:0,3 check:0,0",
     "expect": {"cards": [1, 1], "results": fled(1, 6) + [["a1", 0, "kept"], ["a2", 0, "kept"]]}},
    # Round 1: player 1 catches card 1 (Munchkey), player 2 card 2; both become active.
    {"id": "C11-munchkey-wins-tie-against-owner", "wicked": True,
     "steps": "draw:GGGGGG card:1:munchkey go " + throws(2) + " check:2,1 check:0,1 "
              + checks(2, 6) + " draw:GGGGGG active:1:1 active:2:1 go " + throws(2) + " "
              + checks(2, 6) + " check:0,0 check:2,2",
     "expect": {"cards": [3, 1], "active": [1, 0],
                "results": fled(1, 6) + [["a1", 0, "kept"], ["a2", 1, "munchkey"]]}},
    {"id": "C11-owner-keeps-tie-without-munchkey", "wicked": True,
     "steps": "draw:GGGGGG go " + throws(2) + " check:2,1 check:0,1 "
              + checks(2, 6) + " draw:GGGGGG active:1:1 active:2:1 go " + throws(2) + " "
              + checks(2, 6) + " check:0,0 check:2,2",
     "expect": {"cards": [2, 2], "results": fled(1, 6) + [["a1", 0, "kept"], ["a2", 0, "kept"]]}},
    {"id": "C11-critical-on-active", "wicked": True,
     "steps": "draw:GGGGGG go " + throws(2) + " " + checks(2, 8, [0, 1])
              + " draw:GGGGGG active:2:1 go t:g crit:a2:1",
     "expect": {"cards": [2, 1], "active": [0, 0], "results": [["a2", 1, "critical"]]}},
    {"id": "C11-no-critical-on-starter", "wicked": True, "steps": "draw:GGGGGG go t:g",
     "expect": {"illegal": "crit:a2:1"}},
    {"id": "C11-no-critical-on-own-active", "wicked": True,
     "steps": "draw:GGGGGG go " + throws(2) + " " + checks(2, 8, [0, 1])
              + " draw:GGGGGG active:2:1 go t:g",
     "expect": {"illegal": "crit:a2:2"}},
    # ---- C12 arena: elemental zones give a cube back for an immediate rethrow ---------------
    {"id": "C12-elemental-rethrow", "players": 3, "arena": "fire",
     "steps": "draw:GGGGGG go t:gh elem:2:h",
     "expect": {"thrower": 2, "cubes": [[3, 2], [4, 2], [4, 2]]}},
    {"id": "C12-rethrow-then-turn-goes-on", "players": 3, "arena": "fire",
     "steps": "draw:GGGGGG go t:gh elem:2:h t:h",
     "expect": {"thrower": 3, "cubes": [[3, 2], [4, 1], [4, 2]]}},
    {"id": "C12-rethrow-is-that-cube", "players": 3, "arena": "fire",
     "steps": "draw:GGGGGG go t:gh elem:2:h", "expect": {"illegal": "t:g"}},
    {"id": "C12-only-thrown-cubes", "players": 3, "arena": "fire",
     "steps": "draw:GGGGGG go t:g", "expect": {"illegal": "elem:2:g"}},
    {"id": "C12-no-zones-without-arena", "players": 3,
     "steps": "draw:GGGGGG go t:g", "expect": {"illegal": "elem:1:g"}},
    # Two cubes in zones at once: rethrows from the active player clockwise.
    # (seats 2, 3, 1 threw; seat 1 is the active player, so seat 1 first, then seat 3)
    {"id": "C12-several-rethrows-clockwise", "players": 3, "first": 2, "arena": "fire",
     "steps": "draw:GGGGGG go t:ggg elem:3:g elem:1:g",
     "expect": {"thrower": 1}},
    {"id": "C12-several-rethrows-clockwise-2", "players": 3, "first": 2, "arena": "fire",
     "steps": "draw:GGGGGG go t:ggg elem:3:g elem:1:g t:g",
     "expect": {"thrower": 3}},
    {"id": "C12-several-rethrows-then-turn", "players": 3, "first": 2, "arena": "fire",
     "steps": "draw:GGGGGG go t:ggg elem:3:g elem:1:g t:gg",
     "expect": {"thrower": 2, "cubes": [[3, 2], [3, 2], [3, 2]]}},
    {"id": "C12-last-cube-in-a-zone", "arena": "fire",
     "steps": "draw:GGGGGG go " + throws(2) + " elem:2:h",
     "expect": {"phase": "throw", "thrower": 2, "cubes": [[0, 0], [0, 1]]}},
    # ---- C13: solo Arena Trials -------------------------------------------------------------
    {"id": "C13-solo-deck-and-cubes", "players": 1, "arena": "magnetic", "steps": "draw:GGGGGG go",
     "expect": {"deck": 36 - 6, "rounds": 6, "cubes": [[8, 4]], "ecubes": 3}},
    {"id": "C13-solo-needs-arena", "players": 1, "steps": "", "expect": {"refused": "arena"}},
    {"id": "C13-two-points-needed", "players": 1, "arena": "magnetic",
     "steps": "draw:GGGGGG go ecube:out ecube:out ecube:out " + throws(1) + " check:1 check:2",
     "expect": {"results": [[1, 0, "fled"], [2, 1, "solo"]]}},
    {"id": "C13-legendary-of-arena-type-needs-4", "players": 1, "arena": "magnetic",
     "steps": "draw:GGGGGG card:1:legendary:types=magnetic card:2:legendary:types=magnetic "
              "go " + throws(1) + " check:3 check:4",
     "expect": {"results": [[1, 0, "fled"], [2, 1, "solo"]]}},
    {"id": "C13-legendary-needs-3", "players": 1, "arena": "magnetic",
     "steps": "draw:GGGGGG card:1:legendary card:2:legendary go " + throws(1) + " check:2 check:3",
     "expect": {"results": [[1, 0, "fled"], [2, 1, "solo"]]}},
    {"id": "C13-weakness-needs-one-less", "players": 1, "arena": "fire", "starters": ["types=water"],
     "steps": "draw:GGGGGG card:1:weak=water go " + throws(1) + " check:1",
     "expect": {"results": [[1, 1, "solo"]]}},
    # The rulebook's Flygician: magnetic like the arena (3 points) but weak to the active
    # Geekmon's type (-1): the elemental cube and one geekcube, 2 points, capture it.
    {"id": "C13-flygician", "players": 1, "arena": "magnetic", "starters": ["types=twilight"],
     "steps": "draw:GGGGGG card:1:types=magnetic:weak=twilight go ecube:out t:g elem:1:g t:g "
              "ecube:out ecube:out t:" + "g" * 7 + "hhhh check:2",
     "expect": {"results": [[1, 1, "solo"]]}},
    {"id": "C13-elemental-cube-left-loses", "players": 1, "arena": "magnetic",
     "steps": "draw:GGGGGG go ecube:out ecube:out " + throws(1) + " " + checks(1, 6, [2]),
     "expect": {"phase": "over", "lost": True, "cards": [2]}},
    {"id": "C13-cube-back-in-a-zone", "players": 1, "arena": "magnetic",
     "steps": "draw:GGGGGG go ecube:out ecube:back", "expect": {"ecubes": 3, "illegal": "ecube:back"}},
    {"id": "C13-six-rounds", "players": 1, "arena": "magnetic",
     "steps": " ".join(["draw:GGGGGG go ecube:out ecube:out ecube:out " + throws(1) + " "
                        + checks(1, 6)] * 6),
     "expect": {"phase": "over", "lost": False, "round": 6}},
    {"id": "C13-solo-points-cap", "players": 1, "arena": "magnetic",
     "steps": "draw:GGGGGG go " + throws(1) + " check:19", "expect": {"illegal": "pts:1:1"}},
]

