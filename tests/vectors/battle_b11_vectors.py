"""Worked examples of ruling B11 (stars on the map, merges, the box, bases), each checked
by hand and each with the line of the Spanish manual it rests on ("manual"). Part of
battle_vectors.VECTORS; notation: see battle_check.py. The script pieces (OPEN3, PASS,
LEAVE) and shorthands (ALL, M0) are battle_vectors' own, passed in.
"""


def b11_vectors(OPEN3, PASS, LEAVE, ALL, M0):  # noqa: N803 - the names battle_vectors uses
    return [
        # -- B11 stars, bases and the box ------------------------------------------------------
        # The box: 31 small, 16 bombs, 10 supernovas; 7 small (3 on the unique actions, 4 in
        # reserve) and 4 bombs to each player, one supernova in the centre, the rest out of play.
        {"id": "B11-box-3-players", "steps": "",
         "manual": "16 Estrellas bomba / 31 Estrellas pequeñas / 10 Supernovas; coloca 1 Estrella "
                   "pequeña en cada Acción Única; 4 Estrellas Bomba y 4 Estrellas pequeñas",
         "expect": {"totals": [31, 16, 10], "box": [31 - 21, 16 - 12, 10 - 1], "map": [0, 0, 1],
                    "reserve_small": [4, 4, 4], "reserve_bomb": [4, 4, 4],
                    "unique": [ALL, ALL, ALL]}},
        {"id": "B11-box-4-players", "players": 4, "steps": "",
         "manual": "Hay 3 estrellas pequeñas extras que van fuera de juego",
         "expect": {"totals": [31, 16, 10], "box": [3, 0, 9], "map": [0, 0, 1],
                    "reserve_small": [4] * 4, "reserve_bomb": [4] * 4}},
        # Into the box: a drone's 2 small stars, then a merge's 3 stars.
        {"id": "B11-box-takes-a-drones-stars-and-a-merge",
         "steps": OPEN3 + "cell done move:0:s*3 done " + PASS * 2 + "cell done drone:s stars:ss+sss",
         "manual": "Costo: Saca del juego 2 Estrellas Pequeñas; se remueven del juego y se coloca "
                   "1 Supernova en su lugar",
         "expect": {"box": [10 + 2 + 3, 4, 9 - 1], "map": [3 + 2 - 3, 0, 2],
                    "coll_small": [1, 0, 0]}},
        # Into the box: a bomb that goes off and the level star it takes; the spent supernova.
        {"id": "B11-box-takes-bombs-levels-and-spent-supernovas",
         "steps": "first:0 cell*6 stars:sb*3 cell done move:0:n up:0:n move:0:sb",
         "manual": "la bomba sale del juego; coloca 3 estrellas pequeñas que estén fuera del juego",
         "expect": {"levels": [[2, "-", "-", "-"], M0, M0], "coll_small": [1, 0, 0],
                    "box": [10 - 3 + 1, 4 + 1, 9 + 1], "map": [2, 2, 0]}},
        # Out of the box: a supernova drone's shield star, one small star per level a supernova
        # upgrade gives (level 1 -> 3: 2), a merge's supernova.
        {"id": "B11-box-gives-levels-and-supernovas",
         "steps": OPEN3 + "cell done move:0:s up:0:s move:0:n done " + PASS * 2
         + "cell done up:0:n stars:sb+ssb",
         "manual": "creando un Drone con Escudo Nivel 1 colocando una estrella pequeña del "
                   "descarte; coloca 3 estrellas pequeñas que estén fuera del juego",
         "expect": {"levels": [[3, "-", "-", "-"], M0, M0], "box": [10 - 2 + 2, 4 + 1, 10 - 1],
                    "map": [5 + 1 - 2, 0, 1]}},
        {"id": "B11-box-gives-a-supernova-drones-level",
         "steps": OPEN3 + "cell done move:0:n turn:0*2 done " + PASS * 2 + "cell done drone:n",
         "manual": "colocando una estrella pequeña del descarte sobre la nave",
         "expect": {"levels": [[0, 1, "-", "-"], M0, M0], "box": [10 - 1, 4, 9 + 1]}},
        # A payment the box cannot cover is refused: 4 players leave 3 small stars out of play,
        # P0's supernova upgrade takes all 3, then P1 holds a supernova and nothing to put on
        # a ship. (The merge's 3 bombs go to the box: no small star comes back.)
        {"id": "B11-payment-the-box-cannot-cover", "players": 4,
         "steps": "first:0 cell*8 stars:ss stars:bb stars:bb stars:ss "
                  "cell done move:0:n up:0:n stars:bb+bbb done cell done move:0:n",
         "manual": "coloca 3 estrellas pequeñas que estén fuera del juego directamente",
         "expect": {"seat": 1, "points": 2, "box": [0, 3, 9], "map": [4, 3, 0],
                    "coll_nova": [0, 1, 0, 0], "levels": [[3, "-", "-", "-"]] + [M0] * 3,
                    "illegal": [["up:0:n", "B11", "the box lacks the 3 small stars"],
                                ["drone:n", "B11", "no small star in the box"]],
                    "legal": ["turn:0"]}},
        # A merge with no supernova left in the box is refused: 4 players make 9 merges (the box
        # held 9, the tenth is in the centre), then P3's placement could merge a tenth cell.
        # Map after each placement (small, bomb): opening 4,4; P0: sb+sss+bbb 2,2; bb 2,4;
        # sb+sss+bbb 0,2; P1: bb+bbb 0,1; ss 2,1; bb+sbb 1,1; P2: ss+ssb 1,0; ss 3,0; bb+ssb
        # 1,1; P3: ss+ssb 1,0; ss 3,0. (P0's bb comes before its second double merge: onto a
        # map with no bomb, its 2 bombs would be the only ones and could not merge together.)
        {"id": "B11-merge-needs-a-supernova-in-the-box", "players": 4,
         "steps": "first:0 cell*8 stars:ss stars:ss stars:bb stars:bb "
                  "cell done stars:sb+sss+bbb stars:bb stars:sb+sss+bbb done "
                  "cell done stars:bb+bbb stars:ss stars:bb+sbb done "
                  "cell done stars:ss+ssb stars:ss stars:bb+ssb done "
                  "cell done stars:ss+ssb stars:ss",
         "manual": "se remueven del juego y se coloca 1 Supernova en su lugar (10 Supernovas, "
                   "1 en el Centro)",
         "expect": {"seat": 3, "points": 1, "map": [3, 0, 10], "box": [16, 14, 0],
                    "reserve_small": [0, 0, 0, 0], "reserve_bomb": [0, 0, 0, 2],
                    "illegal": [["stars:bb+ssb", "B11", "no supernova left"]],
                    "legal": ["stars:bb"]}},
        # Merges: each merged cell holds one of the 2 stars just placed plus 2 that were there.
        {"id": "B11-merge-holds-a-star-just-placed",
         "steps": "first:0 cell*6 stars:bb*3 cell done",
         "manual": "Si llegase a haber 3 Estrellas en una celda galáctica ... se remueven del juego",
         "expect": {"map": [0, 6, 1],
                    "illegal": [["stars:ss+bbb", "B11", "one of the 2 stars just placed"]],
                    "legal": ["stars:sb+bbb", "stars:ss+sbb", "stars:ss"]}},
        # The 2 stars of one placement never share a cell: with one small star on the map a
        # merge of 3 small stars would hold both, and two merges need 2 old stars each.
        {"id": "B11-two-stars-placed-never-share-a-cell",
         "steps": "first:0 cell*6 stars:sb stars:bb stars:bb cell done",
         "manual": "no es posible colocar 2 Estrellas en un mismo casillero en el mismo turno",
         "expect": {"map": [1, 5, 1],
                    "illegal": [["stars:ss+sss", "B11", "never share a cell"],
                                ["stars:ss+ssb+ssb", "B11", "never share a cell"]],
                    "legal": ["stars:ss+ssb"], "accepted": ["stars:ss+ssb+sbb", "stars:sb+sbb+bbb"]}},
        # Two stars placed together lie on two cells, so they never merge with each other: the
        # opening's second placement finds no cell of 2 stars when the map's stars are the
        # first placement's 2, and "Supernova made" is not offered (merges 0).
        {"id": "B11-stars-placed-together-never-merge", "steps": "first:0 cell*6 stars:ss",
         "manual": "no es posible colocar 2 Estrellas en un mismo casillero en el mismo turno; "
                   "Si llegase a haber 3 Estrellas en una celda galáctica ... se coloca 1 Supernova",
         "expect": {"seat": 1, "map": [2, 0, 1], "merges": 0,
                    "illegal": [["stars:ss+sss", "B11", "placed together"],
                                ["stars:sb+ssb", "B11", "placed together"],
                                ["stars:bb+sbb", "B11", "lacks"]],
                    "legal": ["stars:ss", "stars:bb"]}},
        # ... while stars of two placements may share a cell: the third placement may merge.
        {"id": "B11-stars-of-two-placements-may-merge", "steps": "first:0 cell*6 stars:ss stars:sb",
         "manual": "Pueden colocarse en el mismo lugar que otras estrellas",
         "expect": {"seat": 2, "map": [3, 1, 1], "merges": 2,
                    "illegal": [["stars:bb+bbb", "B11", "lacks"]],
                    "legal": ["stars:ss+sss", "stars:bb+ssb", "stars:ss+ssb"]}},
        # Later in the game too: P0's 2 bombs, placed on a map with none, are the only ones; a
        # merge may take one of them with a small star, never the two together (3 bombs, or
        # a small star placed on 2 bombs).
        {"id": "B11-stars-placed-together-never-merge-later",
         "steps": OPEN3 + "cell done stars:bb turn:0*2 done " + PASS * 2 + "cell done",
         "manual": "no es posible colocar 2 Estrellas en un mismo casillero en el mismo turno",
         "expect": {"seat": 0, "map": [6, 2, 1], "merges": 2, "phase": "tactical",
                    "illegal": [["stars:bb+bbb", "B11", "placed together"],
                                ["stars:ss+sbb", "B11", "placed together"]],
                    "legal": ["stars:bb+sbb", "stars:sb+sbb", "stars:sb+ssb"],
                    "accepted": ["stars:sb+sss+sbb", "stars:bb+sbb+sbb"]}},
        # A bomb going off leaves the map's 2 small stars as they were, the 2 of one placement.
        {"id": "B11-a-bomb-gone-leaves-the-small-stars-apart",
         "steps": "first:0 cell*6 stars:bb stars:bb stars:ss cell done move:0:b",
         "manual": "la bomba sale del juego; no es posible colocar 2 Estrellas en un mismo "
                   "casillero en el mismo turno",
         "expect": {"map": [2, 3, 1], "phase": "tactical",
                    "illegal": [["stars:ss+sss", "B11", "placed together"]],
                    "legal": ["stars:ss+ssb", "stars:bb+sbb"]}},
        # A ship lost to a bomb leaves the cell's small star (B10): here Blue's small star,
        # placed with a bomb beside Blue's lone bomb, so the bomb that went off was the other
        # one; the map's 2 stars are then the 2 of Blue's placement and cannot merge.
        {"id": "B11-a-ship-lost-leaves-a-placements-two-stars",
         "steps": OPEN3 + "cell done move:0:s*3 done cell done move:0:s*3 done cell done "
                  "stars:bb move:0:b stars:sb done " + PASS * 2 + "cell done move:0:sb",
         "manual": "En el caso que hubiera una Bomba, reduce 1 de vida; no es posible colocar 2 "
                   "Estrellas en un mismo casillero en el mismo turno",
         "expect": {"seat": 2, "map": [1, 1, 1], "merges": 0, "coll_small": [3, 3, 0],
                    "illegal": [["stars:sb+ssb", "B11", "placed together"]],
                    "legal": ["stars:sb"]}},
        # A collection does not say whose star it took: with a third small star on the map (the
        # wormhole's), after one is collected the 2 left may be of 2 sources, so the merge of
        # 3 small stars is offered and taken.
        {"id": "B11-a-collection-leaves-it-open",
         "steps": "first:0 cell*6 stars:bb stars:bb stars:ss cell worm:1.0 done cell done "
                  "move:0:s",
         "manual": "Las estrellas se recolectan instantáneamente cuando colocas tu nave encima de "
                   "una Celda Galáctica que posee estrellas",
         "expect": {"seat": 1, "map": [2, 4, 1], "merges": 2, "coll_small": [0, 1, 0],
                    "legal": ["stars:ss+sss"]}},
        # Stars reach the map: a star shield's star with two bombs in the cell takes one bomb's
        # place and stays (the bare mothership is destroyed by the second bomb and goes home).
        {"id": "B11-shield-star-stays-on-the-map-with-two-bombs",
         "steps": "first:0 cell*6 stars:bb*3 cell done move:0:bb!",
         "manual": "Si hay 2 estrellas bombas, solo podrá resistir 1 de ellas, pero sin recoger la "
                   "estrella transformada",
         "expect": {"coll_small": [0, 0, 0], "map": [1, 4, 1], "box": [10, 4 + 2, 9],
                    "kills": [0, 0, 0], "at_base": [[1, "-", "-", "-"]] * 3}},
        {"id": "B11-shield-star-collected-later",
         "steps": "first:0 cell*6 stars:bb*3 cell done move:0:bb! move:0:s",
         "manual": "Debes intercambiar la estrella Escudo Estelar por la bomba",
         "expect": {"coll_small": [1, 0, 0], "map": [0, 4, 1], "points": 1}},
        # ... and the teleport's star, left where the ship was (the wormhole's: below).
        {"id": "B11-teleport-star-on-the-map", "steps": OPEN3 + LEAVE * 3 + "cell atk:0>1.0!",
         "manual": "Debes dejar la estrella de la A.U. Teletransportación en la celda donde "
                   "estabas ubicado",
         "expect": {"map": [6 + 1, 0, 1], "unique": [ALL, ["wormhole", "shield"], ALL]}},
        # A ship collects only what the map holds (here: one supernova, no small star).
        {"id": "B11-collect-only-what-the-map-holds",
         "steps": "first:0 cell*6 stars:bb*3 cell done",
         "manual": "Las estrellas se recolectan instantáneamente cuando colocas tu nave encima de "
                   "una Celda Galáctica que posee estrellas",
         "expect": {"illegal": [["move:0:s", "B10", "map"], ["move:0:nn", "B10", "map"]],
                    "legal": ["move:0:n", "move:0:bb"]}},
        # Bases: the motherships start on theirs; a new drone needs it free of the player's
        # ships.
        {"id": "B11-motherships-start-on-their-base", "players": 4, "steps": "",
         "manual": "En el Centro se coloca 1 Estrella Supernova y las Naves Nodrizas con el "
                   "cañón apuntando hacia el centro",
         "expect": {"at_base": [[1, "-", "-", "-"]] * 4, "ships": [1] * 4,
                    "levels": [M0] * 4}},
        {"id": "B11-new-drone-needs-a-free-base",
         "steps": OPEN3 + "cell done move:0:s*3 done " + PASS * 2
         + "cell done drone:s turn:0*2 done " + PASS * 2 + "cell done done",
         "manual": "La base debe de estar libre para poder crear un Drone",
         "expect": {"phase": "tactical", "coll_small": [1, 0, 0],
                    "illegal": [["drone:s", "B11", "the base is occupied by D1"]]}},
        # One ship per cell: the mothership cannot come home while its drone stands there.
        {"id": "B11-one-ship-per-cell-on-the-base",
         "steps": OPEN3 + "cell done move:0:s*3 done " + PASS * 2 + "cell done drone:s",
         "manual": "Solo puede haber una nave por celda",
         "expect": {"at_base": [[0, 1, "-", "-"], [1, "-", "-", "-"], [1, "-", "-", "-"]],
                    "illegal": [["move:0@base", "B11", "D1 is on the base"]],
                    "legal": ["move:1", "move:0"]}},
        {"id": "B11-base-free-again",
         "steps": OPEN3 + "cell done move:0:s*3 done " + PASS * 2 + "cell done drone:s move:1 "
         "move:0@base",
         "manual": "Solo puede haber una nave por celda",
         "expect": {"at_base": [[1, 0, "-", "-"], [1, "-", "-", "-"], [1, "-", "-", "-"]],
                    "points": 0}},
        # A destroyed mothership whose drone holds the base comes back beside it, off the base:
        # P1's drone waits on P1's base when P0 destroys P1's mothership.
        {"id": "B11-mothership-returns-beside-an-occupied-base",
         "steps": OPEN3 + PASS + "cell done move:0:s*3 done " + PASS + LEAVE
         + "cell done drone:s turn:0*2 done " + PASS + "cell atk:0>1.0",
         "manual": "regresa a su Base (o una de sus Celdas Adyacentes en caso de la base estar "
                   "ocupada)",
         "expect": {"kills": [1, 0, 0], "ships": [1, 2, 1], "coll_small": [0, 0, 0],
                    "map": [3 + 1, 0, 1],
                    "at_base": [[0, "-", "-", "-"], [0, 1, "-", "-"], [1, "-", "-", "-"]],
                    "illegal": [["atk:0>1.0", "B10", "M already attacked"]]}},
        # ... so it can be attacked (by P0's mothership, once turned) ...
        {"id": "B11-mothership-beside-its-base-can-be-attacked",
         "steps": OPEN3 + PASS + "cell done move:0:s*3 done " + PASS + LEAVE
         + "cell done drone:s turn:0*2 done " + PASS + "cell atk:0>1.0 done turn:0",
         "manual": "Los Ataques NO pueden realizarse desde o hacia una Nave en una Base",
         "expect": {"legal": ["atk:0>1.0"], "illegal": [["atk:0>1.1", "B7", "on its base"]]}},
        # ... and it can attack on its owner's turn.
        {"id": "B11-mothership-beside-its-base-can-attack",
         "steps": OPEN3 + PASS + "cell done move:0:s*3 done " + PASS + LEAVE
         + "cell done drone:s turn:0*2 done " + PASS + "cell atk:0>1.0 done turn:0*3 done "
         "cell done",
         "manual": "Los Ataques NO pueden realizarse desde o hacia una Nave en una Base",
         "expect": {"seat": 1, "phase": "attacks", "legal": ["atk:0>0.0"],
                    "illegal": [["atk:1>0.0", "B7", "D1 is on its base"]]}},
        # A mothership destroyed by a bomb while its drone holds the base: beside it too.
        {"id": "B11-bombed-mothership-returns-beside-an-occupied-base",
         "steps": "first:0 cell*6 stars:sb*3 cell done move:0:s*3 done " + PASS * 2
         + "cell done drone:s move:0:b",
         "manual": "regresa a su Base (o una de sus Celdas Adyacentes en caso de la base estar "
                   "ocupada)",
         "expect": {"at_base": [[0, 1, "-", "-"], [1, "-", "-", "-"], [1, "-", "-", "-"]],
                    "coll_small": [0, 0, 0], "kills": [0, 0, 0], "map": [1, 2, 1],
                    "box": [12, 5, 9], "ships": [2, 1, 1]}},
        # The wormhole's target leaves any base.
        {"id": "B11-wormhole-target-leaves-its-base", "steps": OPEN3 + "cell worm:1.0",
         "manual": "colocar esa nave en cualquier celda del mapa que NO contenga una estrella ni "
                   "sea Base Intergaláctica",
         "expect": {"at_base": [[1, "-", "-", "-"], [0, "-", "-", "-"], [1, "-", "-", "-"]],
                    "map": [7, 0, 1]}},
    ]
