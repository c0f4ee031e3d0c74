"""Worked examples of the galaxy battle rulings (docs/rules.md B1-B11), each checked by hand.

Notation: see battle_check.py. Shared by the CPython and MicroPython test runs.
Three players unless "players" says otherwise; seats are 0-based (P0, P1, P2). The B11
examples carry the manual's line they rest on ("manual"; the Spanish rulebook is the
battle's manual, not in the repository: docs/rules.md says which).
"""

# B2 opening with P0 first: 2 cells each, then 2 small stars each. After it: map holds
# 6 small stars and the centre supernova, 24 cells left, P0 explores.
OPEN3 = "first:0 cell*6 stars:ss*3 "
# A quiet turn for a player with no drone: explore, no attack, 3 cannon turns, end.
PASS = "cell done turn:0*3 done "
# A turn that takes the mothership off its base.
LEAVE = "cell done move:0 turn:0*2 done "
ALL = ["teleport", "wormhole", "shield"]
M0 = [0, "-", "-", "-"]

VECTORS = [
    # -- B1 players ---------------------------------------------------------------------
    {"id": "B1-first-player-is-chance", "steps": "",
     "expect": {"phase": "first player", "legal": ["first:0", "first:1", "first:2"],
                "illegal": [["cell", "B1"]]}},
    {"id": "B1-clockwise-4p", "players": 4, "steps": "first:3 cell*2",
     "expect": {"seat": 0, "phase": "opening cells",
                "illegal": [["3/cell", "B1"], ["2/cell", "B1", "P0's turn"]]}},
    {"id": "B1-first-drawn-once", "steps": "first:1",
     "expect": {"seat": 1, "illegal": [["first:2", "B1"]]}},
    # -- B2 setup and opening -------------------------------------------------------------
    {"id": "B2-setup-3p", "steps": "",
     "expect": {"reserve_small": [4, 4, 4], "reserve_bomb": [4, 4, 4], "ships": [1, 1, 1],
                "kills": [0, 0, 0], "value": [0, 0, 0], "unique": [ALL, ALL, ALL],
                "cells": 30, "map": [0, 0, 1], "box": [10, 4, 9],
                "levels": [M0, M0, M0], "at_base": [[1, "-", "-", "-"]] * 3}},
    {"id": "B2-setup-4p", "players": 4, "steps": "",
     "expect": {"box": [3, 0, 9], "reserve_small": [4] * 4, "ships": [1] * 4}},
    {"id": "B2-opening-cells", "steps": "first:1 cell*2",
     "expect": {"seat": 2, "phase": "opening cells", "cells": 28,
                "illegal": [["done", "B2"], ["stars:ss", "B2"], ["turn:0", "B2"],
                            ["1/cell", "B1"]]}},
    {"id": "B2-opening-stars", "steps": "first:1 cell*6 stars:sb",
     "expect": {"seat": 2, "phase": "opening stars", "cells": 24,
                "reserve_small": [4, 3, 4], "reserve_bomb": [4, 3, 4], "map": [1, 1, 1],
                "illegal": [["cell", "B2"], ["move:0", "B2"]]}},
    {"id": "B2-opening-then-first-turn", "steps": OPEN3,
     "expect": {"seat": 0, "phase": "exploration", "cells": 24, "map": [6, 0, 1],
                "reserve_small": [2, 2, 2]}},
    # -- B3 turn --------------------------------------------------------------------------
    {"id": "B3-exploration-owed", "steps": OPEN3,
     "expect": {"illegal": [["done", "B3"], ["turn:0", "B3"], ["move:0", "B3"],
                            ["atk:0>1.0", "B3"], ["worm:1.0", "B10"]]}},
    {"id": "B3-no-drones-straight-to-attacks", "steps": OPEN3 + "cell",
     "expect": {"phase": "attacks", "cells": 23, "legal": ["done"],
                "illegal": [["turn:0", "B3"], ["cell", "B3"]]}},
    {"id": "B3-three-action-points", "steps": OPEN3 + "cell done",
     "expect": {"phase": "tactical", "points": 3, "illegal": [["done", "B3", "mandatory"]]}},
    {"id": "B3-fourth-action-point-refused", "steps": OPEN3 + "cell done turn:0*3",
     "expect": {"points": 0, "illegal": [["turn:0", "B3", "no action points"],
                                         ["cell", "B3"], ["up:0:s", "B3"],
                                         ["stars:ss", "B3"]]}},
    {"id": "B3-end-of-turn-clockwise", "steps": OPEN3 + PASS,
     "expect": {"seat": 1, "phase": "exploration", "cells": 23,
                "illegal": [["0/cell", "B1"], ["0/done", "B1"]]}},
    {"id": "B3-wormhole-skips-tactical", "steps": OPEN3 + "cell worm:1.0 done",
     "expect": {"seat": 1, "phase": "exploration", "map": [7, 0, 1],
                "unique": [["teleport", "shield"], ALL, ALL],
                "at_base": [[1, "-", "-", "-"], [0, "-", "-", "-"], [1, "-", "-", "-"]]}},
    {"id": "B3-no-tactical-after-wormhole", "steps": OPEN3 + "cell worm:0.0",
     "expect": {"phase": "attacks",
                "illegal": [["turn:0", "B3", "wormhole"], ["drone:s", "B3"]]}},
    {"id": "B10-no-cells-left-turn-skips-exploration",
     "steps": OPEN3 + "cell done cell*3 done " * 6 + "done",
     "expect": {"cells": 0, "seat": 0, "phase": "tactical",
                "illegal": [["cell", "B4", "no cells"]]}},
    # -- B4 tactical actions ----------------------------------------------------------------
    {"id": "B4-drone-for-two-small-stars",
     "steps": OPEN3 + "cell done move:0:s*3 done " + PASS * 2 + "cell done drone:s",
     "expect": {"ships": [2, 1, 1], "coll_small": [1, 0, 0], "box": [12, 4, 9],
                "levels": [[0, 0, "-", "-"], M0, M0], "points": 2,
                "at_base": [[0, 1, "-", "-"], [1, "-", "-", "-"], [1, "-", "-", "-"]],
                "illegal": [["drone:s", "B4", "one drone creation per turn"]]}},
    {"id": "B4-drone-for-a-supernova-has-a-shield-level",
     "steps": OPEN3 + "cell done move:0:n turn:0*2 done " + PASS * 2 + "cell done drone:n",
     "expect": {"ships": [2, 1, 1], "coll_nova": [0, 0, 0], "box": [9, 4, 10],
                "levels": [[0, 1, "-", "-"], M0, M0], "map": [6, 0, 0]}},
    {"id": "B4-upgrade-with-a-small-star",
     "steps": OPEN3 + "cell done move:0:s*2 up:0:s",
     "expect": {"levels": [[1, "-", "-", "-"], M0, M0], "coll_small": [1, 0, 0],
                "points": 0}},
    {"id": "B4-upgrade-with-a-supernova", "steps": OPEN3 + "cell done move:0:n up:0:n",
     "expect": {"levels": [[3, "-", "-", "-"], M0, M0], "box": [7, 4, 10],
                "coll_nova": [0, 0, 0]}},
    {"id": "B4-at-most-3-levels", "steps": OPEN3 + "cell done move:0:n up:0:n",
     "expect": {"illegal": [["up:0:s", "B4", "M is at level 3"],
                            ["up:0:n", "B4", "at most 3 levels"]]}},
    {"id": "B10-supernova-upgrade-not-split",
     "steps": OPEN3 + "cell done move:0:s up:0:s move:0:n done " + PASS * 2
     + "cell done up:0:n",
     "expect": {"levels": [[3, "-", "-", "-"], M0, M0], "box": [8, 4, 10],
                "coll_nova": [0, 0, 0], "coll_small": [0, 0, 0]}},
    {"id": "B4-spending-stars-one-lacks", "steps": OPEN3 + "cell done move:0",
     "expect": {"illegal": [["drone:s", "B4", "2 collected"], ["drone:n", "B4", "supernova"],
                            ["up:0:s", "B4", "small"], ["up:0:n", "B4", "supernova"]]}},
    {"id": "B4-place-two-stars-from-reserve", "steps": OPEN3 + "cell done stars:ss",
     "expect": {"reserve_small": [0, 2, 2], "map": [8, 0, 1], "points": 2,
                "legal": ["stars:bb"],
                "illegal": [["stars:ss", "B4", "reserve"], ["stars:sb", "B4"]]}},
    {"id": "B4-tactical-moves-cost-points", "steps": OPEN3 + "cell done move:0 move:0",
     "expect": {"points": 1, "at_base": [[0, "-", "-", "-"], [1, "-", "-", "-"],
                                         [1, "-", "-", "-"]]}},
    {"id": "B4-move-back-onto-the-base", "steps": OPEN3 + "cell done move:0 move:0@base",
     "expect": {"at_base": [[1, "-", "-", "-"]] * 3, "points": 1,
                "illegal": [["move:0:s@base", "B10", "no stars"]]}},
    {"id": "B4-ship-not-in-play", "steps": OPEN3 + "cell done",
     "expect": {"illegal": [["move:1", "B4", "not in play"], ["turn:2", "B4"],
                            ["up:3:s", "B4"]]}},
    # -- B5 stars -----------------------------------------------------------------------------
    {"id": "B5-small-1-supernova-3", "steps": OPEN3 + "cell done move:0:s move:0:n",
     "expect": {"value": [4, 0, 0], "coll_small": [1, 0, 0], "coll_nova": [1, 0, 0],
                "map": [5, 0, 0]}},
    {"id": "B5-three-stars-become-a-supernova", "steps": OPEN3 + "cell done stars:ss+sss",
     "expect": {"map": [5, 0, 2], "box": [13, 4, 8], "reserve_small": [0, 2, 2]}},
    {"id": "B5-merge-with-bombs",
     "steps": "first:0 cell*6 stars:bb*3 cell done stars:ss+sbb+sbb",
     "expect": {"map": [0, 2, 3], "box": [12, 8, 7], "reserve_bomb": [2, 2, 2]}},
    {"id": "B5-merge-needs-those-stars", "steps": OPEN3 + "cell done",
     "expect": {"illegal": [["stars:ss+bbb", "B11"], ["stars:sb+bbb", "B11"]],
                "legal": ["stars:ss+sss", "stars:sb+ssb"]}},
    # -- B6 bombs -----------------------------------------------------------------------------
    {"id": "B6-bomb-destroys-a-bare-ship-no-kill",
     "steps": "first:0 cell*6 stars:sb*3 cell done move:0:s move:0:sb",
     "expect": {"kills": [0, 0, 0], "coll_small": [0, 0, 0], "map": [3, 2, 1],
                "box": [10, 5, 9], "ships": [1, 1, 1], "points": 1,
                "at_base": [[1, "-", "-", "-"]] * 3}},
    {"id": "B6-bomb-takes-a-level",
     "steps": "first:0 cell*6 stars:sb*3 cell done move:0:s up:0:s move:0:sb",
     "expect": {"levels": [M0, M0, M0], "coll_small": [1, 0, 0], "map": [1, 2, 1],
                "box": [11, 5, 9], "at_base": [[0, "-", "-", "-"], [1, "-", "-", "-"],
                                               [1, "-", "-", "-"]]}},
    {"id": "B6-star-shield-one-bomb",
     "steps": "first:0 cell*6 stars:sb*3 cell done move:0:sb!",
     "expect": {"coll_small": [2, 0, 0], "map": [2, 2, 1], "box": [10, 5, 9],
                "unique": [["teleport", "wormhole"], ALL, ALL],
                "illegal": [["move:0:sb!", "B9", "shield"], ["move:0:sss", "B10"]]}},
    {"id": "B6-star-shield-needs-a-bomb", "steps": OPEN3 + "cell done",
     "expect": {"illegal": [["move:0:s!", "B6"], ["move:0:b", "B10", "map"]]}},
    # The shield's own star is not collected with two bombs (B10); where it goes is B11's.
    {"id": "B10-star-shield-two-bombs",
     "steps": "first:0 cell*6 stars:bb*3 cell done move:0:bb!",
     "expect": {"coll_small": [0, 0, 0], "map": [1, 4, 1], "box": [10, 6, 9],
                "unique": [["teleport", "wormhole"], ALL, ALL],
                "at_base": [[1, "-", "-", "-"]] * 3}},
    # -- B7 attacks ---------------------------------------------------------------------------
    {"id": "B7-no-attack-from-a-base", "steps": OPEN3 + "cell",
     "expect": {"illegal": [["atk:0>1.0", "B7", "M is on its base: it cannot attack"]]}},
    {"id": "B7-no-attack-on-a-base", "steps": OPEN3 + LEAVE + PASS * 2 + "cell",
     "expect": {"illegal": [["atk:0>1.0", "B7", "P1 M is on its base: it cannot be attacked"]]}},
    {"id": "B7-kill-sends-mothership-home", "steps": OPEN3 + LEAVE * 3 + "cell atk:0>1.0",
     "expect": {"kills": [1, 0, 0], "ships": [1, 1, 1], "reserve_small": [2, 2, 2],
                "at_base": [[0, "-", "-", "-"], [1, "-", "-", "-"], [0, "-", "-", "-"]],
                "illegal": [["atk:0>2.0", "B10", "M already attacked"],
                            ["atk:0>0.0", "B10", "own side"], ["atk:0>1.1", "B7"]]}},
    {"id": "B7-damage-removes-levels-to-reserve",
     "steps": OPEN3 + LEAVE + "cell done move:0:n up:0:n turn:0 done " + PASS
     + "cell atk:0>1.0",
     "expect": {"levels": [M0, [2, "-", "-", "-"], M0], "reserve_small": [3, 2, 2],
                "kills": [0, 0, 0], "box": [7, 4, 10]}},
    {"id": "B7-levels-then-kill",
     "steps": OPEN3 + "cell done move:0:n up:0:n turn:0 done "
     + "cell done move:0:s*2 up:0:s done " + PASS + "cell atk:0>1.0",
     "expect": {"levels": [[3, "-", "-", "-"], M0, M0], "reserve_small": [3, 2, 2],
                "kills": [1, 0, 0], "coll_small": [0, 0, 0], "map": [5, 0, 0],
                "at_base": [[0, "-", "-", "-"], [1, "-", "-", "-"], [1, "-", "-", "-"]]}},
    {"id": "B7-defender-drops-a-supernova-first",
     "steps": OPEN3 + LEAVE + "cell done move:0:n move:0:s turn:0 done " + PASS
     + "cell atk:0>1.0",
     "expect": {"coll_nova": [0, 0, 0], "coll_small": [0, 1, 0], "map": [5, 0, 1],
                "kills": [1, 0, 0]}},
    {"id": "B7-destroyed-drone-leaves-the-game",
     "steps": OPEN3 + "cell done move:0:s*3 done " + PASS + LEAVE
     + "cell done drone:s move:1:s turn:0 done " + PASS + "cell atk:0>0.1",
     "expect": {"ships": [1, 1, 1], "kills": [0, 0, 1], "coll_small": [1, 0, 0],
                "map": [3, 0, 1], "levels": [M0, M0, M0]}},
    # -- B8 victory ---------------------------------------------------------------------------
    {"id": "B8-supremacy",
     "steps": OPEN3 + "cell done move:0:s*3 done " + PASS * 2
     + "cell done drone:s move:1:s turn:0 done " + PASS * 2 + "cell done done drone:s",
     "expect": {"ships": [3, 1, 1], "winner": [0, "supremacy"], "phase": "over",
                "illegal": [["turn:0", "B8"], ["1/cell", "B8"]]}},
    {"id": "B8-overload",
     "steps": OPEN3 + "cell done move:0:n move:0:s*2 done " + PASS * 2
     + "cell done move:0:s*3 done " + PASS * 2 + "cell done move:0:s",
     "expect": {"value": [9, 0, 0], "winner": [0, "overload"], "phase": "over",
                "illegal": [["turn:0", "B8"]]}},
    {"id": "B8-destroyer",
     "steps": OPEN3 + LEAVE * 3 + "cell atk:0>1.0 done turn:0 atk:0>2.0 turn:0*2 done "
     + LEAVE * 2 + "cell atk:0>1.0",
     "expect": {"kills": [3, 0, 0], "winner": [0, "destroyer"], "phase": "over",
                "illegal": [["done", "B8", "over"]]}},
    {"id": "B8-not-yet", "steps": OPEN3 + "cell done move:0:n move:0:s*2 done",
     "expect": {"value": [5, 0, 0], "winner": None, "seat": 1}},
    # -- B9 unique actions --------------------------------------------------------------------
    {"id": "B9-wormhole-once",
     "steps": OPEN3 + "cell worm:1.0 done " + PASS * 2 + "cell",
     "expect": {"illegal": [["worm:2.0", "B9", "already used"]]}},
    {"id": "B9-teleport-once",
     "steps": OPEN3 + LEAVE * 3 + "cell atk:0>1.0! done turn:0",
     "expect": {"kills": [0, 0, 0], "unique": [ALL, ["wormhole", "shield"], ALL],
                "map": [7, 0, 1], "illegal": [["atk:0>1.0!", "B9", "teleport"]],
                "legal": ["atk:0>1.0"]}},
    # -- B10 finer points ---------------------------------------------------------------------
    {"id": "B10-teleport-cancels-the-attack",
     "steps": OPEN3 + LEAVE * 3 + "cell atk:0>1.0!",
     "expect": {"kills": [0, 0, 0], "levels": [M0, M0, M0],
                "at_base": [[0, "-", "-", "-"]] * 3,
                "illegal": [["atk:0>1.0", "B10", "until it has moved or turned"]]}},
    {"id": "B10-wormhole-not-in-tactical", "steps": OPEN3 + "cell done",
     "expect": {"illegal": [["worm:1.0", "B10"]]}},
    {"id": "B10-wormhole-in-drone-phase",
     "steps": OPEN3 + "cell done move:0:s*3 done " + PASS * 2
     + "cell done drone:s move:1 turn:0 done " + PASS * 2 + "cell worm:1.0 done done",
     "expect": {"seat": 1, "unique": [["teleport", "shield"], ALL, ALL]}},
    {"id": "B10-drone-free-move-once",
     "steps": OPEN3 + "cell done move:0:s*3 done " + PASS * 2
     + "cell done drone:s move:1 turn:0 done " + PASS * 2 + "cell move:1:s",
     "expect": {"phase": "drone moves", "coll_small": [2, 0, 0],
                "illegal": [["move:1", "B3", "D1 has made its free move"],
                            ["move:0", "B3", "mothership moves in the tactical phase"],
                            ["turn:1", "B3"]]}},
    {"id": "B10-mothership-back-at-base-still-counts",
     "steps": OPEN3 + LEAVE * 3 + "cell atk:0>1.0",
     "expect": {"ships": [1, 1, 1], "levels": [M0, M0, M0]}},
]

# B11's examples are a module of their own: compiling one module this long from source
# took more of MicroPython's heap than the two do one after the other.
from battle_b11_vectors import b11_vectors  # noqa: E402

VECTORS += b11_vectors(OPEN3, PASS, LEAVE, ALL, M0)
