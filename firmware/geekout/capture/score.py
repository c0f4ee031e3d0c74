"""Geekmon Capture end-of-game scoring (rulings C4-C10, C12, C13 rank).

Input is the collection of each player as plain values: the `players` list of a score
file (docs/design.md "Capture score file"), already parsed from JSON. `check_players` turns it
into compact card tuples, refusing bad input with a ValueError whose one-line message
names the player, the card and the problem; `score` works out every card's points, the
totals, the C10 winners and (solo) the C13 rank. Milemoons are placed by an exact search
over every way of sharing them among the lines (C7), never greedily.

Pure and small: runs unchanged on MicroPython and CPython.
"""

from micropython import const

from geekout.capture.consts import TYPE_NAMES  # ids 1-8; a set of types is a mask (bit id-1)

# Card flags.
STARTER = const(1)
LUMINOUS = const(2)
LEGENDARY = const(4)
MILEMOON = const(8)
MOUSELET = const(16)
MALE = const(32)
FEMALE = const(64)
_BRANCH = const(96)

# A card tuple: (name, line or None, stages, flags, types mask).
_NAME = const(0)
_LINE = const(1)
_STAGES = const(2)
_FLAGS = const(3)
_TYPES = const(4)

# Points per card by (stages, cards held): C4 (2- and 3-stage) and C8 (Hyro, 4-stage).
_LINE_POINTS = ((), (0, 6), (0, 4, 8), (0, 4, 7, 10), (0, 3, 6, 9, 12))
SINGLE = const(6)  # C4 1-stage; also an unplaced Milemoon (C7)
LEGEND = const(9)  # C5
BONUS_LUMINOUS = const(3)  # C4, C5, C6
BONUS_ARENA = const(1)  # C12
MOUSELET_ALONE = const(4)  # C9

_FIELDS = ("name", "line", "stages", "starter", "luminous", "legendary", "milemoon",
           "mouselet", "branch", "types")
_BOOLS = (("starter", STARTER), ("luminous", LUMINOUS), ("legendary", LEGENDARY),
          ("milemoon", MILEMOON), ("mouselet", MOUSELET))

# C13 ranks: (highest score of the rank, name); above the last bound: Legend.
RANKS = ((150, "Beginner Trainer Geekmon"), (200, "Veteran Trainer Geekmon"),
         (250, "Master Geekmon"), (300, "Elite Geekmon"), (350, "Champion Geekmon"))
TOP_RANK = "Legend Geekmon"


def type_id(name):
    """1-8 for a type name (any case), 0 when it is not one of the eight."""
    if isinstance(name, str):
        low = name.lower()
        for i in range(8):
            if TYPE_NAMES[i] == low:
                return i + 1
    return 0


def types_mask(names):
    """Bit mask of a list of type names; raises ValueError naming an unknown one."""
    mask = 0
    for n in names:
        t = type_id(n)
        if not t:
            raise ValueError("unknown type {!r} (types: {})".format(n, ", ".join(TYPE_NAMES)))
        mask |= 1 << (t - 1)
    return mask


def rank(total):
    """C13: the solo rank for a final score."""
    for bound, name in RANKS:
        if total <= bound:
            return name
    return TOP_RANK


def _where(player, index, card):
    name = card.get("name") if isinstance(card, dict) else None
    if isinstance(name, str) and name:
        return "player {!r}, card {} {!r}: ".format(player, index + 1, name)
    return "player {!r}, card {}: ".format(player, index + 1)


def check_card(card):
    """One Geekmon of a score file -> card tuple; ValueError(problem) when bad."""
    if not isinstance(card, dict):
        raise ValueError("a Geekmon must be a JSON object")
    for key in card:
        if key not in _FIELDS:
            raise ValueError("unknown field {!r}".format(key))
    name = card.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ValueError("missing name")
    flags = 0
    for key, bit in _BOOLS:
        if key in card:
            v = card[key]
            if v is not True and v is not False:
                raise ValueError("{} must be true or false, not {!r}".format(key, v))
            if v:
                flags |= bit
    branch = card.get("branch")
    if branch is not None:
        if branch == "male":
            flags |= MALE
        elif branch == "female":
            flags |= FEMALE
        else:
            raise ValueError("branch must be \"male\" or \"female\", not {!r}".format(branch))
    mouselet_line = flags & (MOUSELET | _BRANCH)
    stages = card.get("stages")
    if stages is None:
        stages = 3 if mouselet_line else 1  # C9: the Mouselet branches are 3-stage lines
    elif type(stages) is not int or not 1 <= stages <= 4:
        raise ValueError("stages must be 1, 2, 3 or 4, not {!r}".format(stages))
    line = card.get("line")
    if line is not None and (not isinstance(line, str) or not line.strip()):
        raise ValueError("line must be a non-empty text, not {!r}".format(line))
    types = card.get("types", [])
    if not isinstance(types, list):
        raise ValueError("types must be a list of type names")
    mask = types_mask(types)
    if stages >= 2 and line is None:
        raise ValueError("a {}-stage card needs a line".format(stages))
    if flags & MILEMOON:
        # C7: the scorer places each Milemoon; the file gives it no line of its own.
        if line is not None or stages != 1 or flags & (STARTER | LEGENDARY | MOUSELET | _BRANCH):
            raise ValueError("a Milemoon takes no line, stages, starter, legendary or branch "
                             "(the scorer places it)")
    if flags & LEGENDARY and (stages != 1 or flags & (STARTER | MOUSELET | _BRANCH)):
        raise ValueError("a legendary is a 1-stage card (C5)")
    if mouselet_line:
        if flags & MOUSELET and flags & _BRANCH:
            raise ValueError("the Mouselet card itself has no branch (C9)")
        if stages != 3:
            raise ValueError("Mouselet branches are 3-stage lines (C9), not {}".format(stages))
        if flags & STARTER:
            raise ValueError("a Mouselet card is not a starter")
    if flags & STARTER and stages < 2:
        raise ValueError("a starter begins a line of 2 or more stages (C6)")
    return (name, line, stages, flags, mask)


def check_players(players):
    """Score-file `players` -> [(name, [card tuples])]; ValueError naming player and card."""
    if not isinstance(players, list) or not players:
        raise ValueError("players must be a non-empty list")
    out = []
    seen = []
    for pi in range(len(players)):
        p = players[pi]
        if not isinstance(p, dict):
            raise ValueError("player {}: must be a JSON object".format(pi + 1))
        pname = p.get("name")
        if not isinstance(pname, str) or not pname.strip():
            raise ValueError("player {}: missing name".format(pi + 1))
        for key in p:
            if key not in ("name", "geekmons"):
                raise ValueError("player {!r}: unknown field {!r}".format(pname, key))
        if pname in seen:
            raise ValueError("player {!r}: two players have this name".format(pname))
        seen.append(pname)
        cards_in = p.get("geekmons")
        if not isinstance(cards_in, list):
            raise ValueError("player {!r}: geekmons must be a list".format(pname))
        cards = []
        for ci in range(len(cards_in)):
            try:
                cards.append(check_card(cards_in[ci]))
            except ValueError as e:
                raise ValueError(_where(pname, ci, cards_in[ci]) + str(e)) from None
        _check_lines(pname, cards)
        out.append((pname, cards))
    return out


def _check_lines(pname, cards):
    """Line-level rules: one starter, lines agree on stages, no line over-full."""
    lines = {}
    starter = -1
    mouse_line = None
    for i in range(len(cards)):
        c = cards[i]
        where = "player {!r}, card {} {!r}: ".format(pname, i + 1, c[_NAME])
        if c[_FLAGS] & STARTER:
            if starter >= 0:
                raise ValueError(where + "a second starter (one per player)")
            starter = i
        line = c[_LINE]
        if c[_FLAGS] & (MOUSELET | _BRANCH):
            # C9: one Mouselet card in the game, so one Mouselet line per collection.
            if mouse_line is None:
                mouse_line = line
            elif mouse_line != line:
                raise ValueError(where + "Mouselet cards on lines {!r} and {!r}: they share "
                                 "one line (C9)".format(mouse_line, line))
        if line is None:
            continue
        if line not in lines:
            lines[line] = [i]
            continue
        group = lines[line]
        first = cards[group[0]]
        if first[_STAGES] != c[_STAGES]:
            raise ValueError(where + "line {!r} is {}-stage on card {} but {}-stage here".format(
                line, first[_STAGES], group[0] + 1, c[_STAGES]))
        if bool(first[_FLAGS] & (MOUSELET | _BRANCH)) != bool(c[_FLAGS] & (MOUSELET | _BRANCH)):
            raise ValueError(where + "line {!r} mixes Mouselet branch cards and others".format(line))
        group.append(i)
        flags = c[_FLAGS]
        if flags & (MOUSELET | _BRANCH):
            same = 0
            for j in group:
                if flags & MOUSELET:
                    same += 1 if cards[j][_FLAGS] & MOUSELET else 0
                else:
                    same += 1 if cards[j][_FLAGS] & flags & _BRANCH else 0
            if flags & MOUSELET and same > 1:
                raise ValueError(where + "line {!r} holds more than one Mouselet (C9)".format(line))
            if flags & _BRANCH and same > 2:
                raise ValueError(where + "the {} branch of line {!r} holds more than its 3 "
                                 "stages (C9)".format("male" if flags & MALE else "female", line))
        elif len(group) > c[_STAGES]:
            raise ValueError(where + "line {!r} holds {} original cards, more than its {} "
                             "stages".format(line, len(group), c[_STAGES]))


# -- scoring -------------------------------------------------------------------------------
def _mouselet_total(mouse, male, female, xm, xf):
    """C9 points of a Mouselet line: `mouse` 1 if the Mouselet is held, male/female the
    branch cards held, xm/xf the Milemoons placed in each branch."""
    total = 0
    scored = False
    if male + xm:  # a branch with only the Mouselet scores nothing
        e = _LINE_POINTS[3][mouse + male + xm]
        total += (mouse + male + xm) * e
        scored = True
    if female + xf:
        e = _LINE_POINTS[3][mouse + female + xf]
        total += (mouse + female + xf) * e
        scored = True
    if mouse and not scored:
        total += MOUSELET_ALONE  # C9: the Mouselet alone scores 4 once
    return total


def _group(groups, line):
    """The group of `line` in _groups' list, or None."""
    for g in groups:
        if g[1] == line:
            return g
    return None


def _groups(cards):
    """The lines a Milemoon may join (C7), in file order of their first card:
    [kind, line, a, b, c], kind 0 an ordinary line of a stages holding b originals,
    kind 1 a Mouselet line (a: Mouselet held, b: male cards, c: female cards)."""
    out = []
    for card in cards:
        line = card[_LINE]
        f = card[_FLAGS]
        if line is None or f & MILEMOON:
            continue
        g = _group(out, line)
        if g is None:
            g = [1 if f & (MOUSELET | _BRANCH) else 0, line, 0 if f & (MOUSELET | _BRANCH)
                 else card[_STAGES], 0, 0]
            out.append(g)
        if f & MOUSELET:
            g[2] = 1
        elif f & MALE:
            g[3] += 1
        elif f & FEMALE:
            g[4] += 1
        else:
            g[3] += 1
    return [g for g in out if g[0] or g[2] >= 2]


def _search(groups, k):
    """C7: the Milemoon placement with the highest total, by an exact search (dynamic
    programming over the lines: every legal count in every line, never over a line's
    stages, only in lines holding an original). Returns one code per group: the count
    for an ordinary line, male * 4 + female for a Mouselet line. Among equal totals the
    search keeps the first best it meets: lines come in file order and fewer Milemoons
    in earlier lines come first (so later lines take them), and fewer Milemoons placed
    in lines at all."""
    best = [0] + [-1] * k  # best[j]: highest points of the lines so far, j Milemoons used
    picks = []
    for g in groups:
        new = [-1] * (k + 1)
        pick = [0] * (k + 1)  # j_before * 16 + code
        if g[0] == 0:
            stages = g[2]
            orig = g[3]
            cap = stages - orig
            for j in range(k + 1):
                if best[j] < 0:
                    continue
                for x in range(min(k - j, cap) + 1):
                    v = best[j] + (orig + x) * _LINE_POINTS[stages][orig + x]
                    if v > new[j + x]:
                        new[j + x] = v
                        pick[j + x] = j * 16 + x
        else:
            mouse, male, female = g[2], g[3], g[4]
            # A Milemoon joins a branch holding an original (the Mouselet counts in both).
            capm = 3 - mouse - male if mouse + male else 0
            capf = 3 - mouse - female if mouse + female else 0
            for j in range(k + 1):
                if best[j] < 0:
                    continue
                for xm in range(min(k - j, capm) + 1):
                    for xf in range(min(k - j - xm, capf) + 1):
                        v = best[j] + _mouselet_total(mouse, male, female, xm, xf)
                        if v > new[j + xm + xf]:
                            new[j + xm + xf] = v
                            pick[j + xm + xf] = j * 16 + xm * 4 + xf
        best = new
        picks.append(pick)
    # Milemoons left out of every line score as 1-stage Geekmons.
    top = -1
    used = 0
    for j in range(k + 1):
        if best[j] >= 0 and best[j] + SINGLE * (k - j) > top:
            top = best[j] + SINGLE * (k - j)
            used = j
    codes = [0] * len(groups)
    for gi in range(len(groups) - 1, -1, -1):
        p = picks[gi][used]
        codes[gi] = p & 15
        used = p >> 4
    return codes


def _placement(cards):
    """The lines a Milemoon may join (_groups) and the best placement's code per line
    (_search) for one collection."""
    k = 0
    for card in cards:
        if card[_FLAGS] & MILEMOON:
            k += 1
    groups = _groups(cards)
    return groups, _search(groups, k)


def score_player(cards, arena=0):
    """Points of each card (list, file order) for one collection (C4-C9, C12).
    `arena` is a type id (0 for none)."""
    n = len(cards)
    groups, codes = _placement(cards)
    # Per group, what each card scores: ordinary [each]; Mouselet [Mouselet, male, female].
    # Milemoons in file order go to the lines in file order.
    moon_pts = []
    for gi in range(len(groups)):
        g = groups[gi]
        code = codes[gi]
        if g[0] == 0:
            each = _LINE_POINTS[g[2]][g[3] + code]
            g[4] = each
            for _ in range(code):
                moon_pts.append(each)
        else:
            mouse, male, female = g[2], g[3], g[4]
            xm = code >> 2
            xf = code & 3
            em = _LINE_POINTS[3][mouse + male + xm] if male + xm else 0
            ef = _LINE_POINTS[3][mouse + female + xf] if female + xf else 0
            mp = em + ef if em or ef else MOUSELET_ALONE
            g[2] = mp  # the group now holds the points: Mouselet, male card, female card
            g[3] = em
            g[4] = ef
            for _ in range(xm):
                moon_pts.append(em)
            for _ in range(xf):
                moon_pts.append(ef)
    amask = (1 << (arena - 1)) if arena else 0
    pts = [0] * n
    moon = 0
    for i in range(n):
        card = cards[i]
        f = card[_FLAGS]
        line = card[_LINE]
        if f & MILEMOON:
            if moon < len(moon_pts):
                p = moon_pts[moon]
            else:
                p = SINGLE  # C7: a Milemoon in no line
            moon += 1
        elif f & LEGENDARY:
            p = LEGEND  # C5
        elif line is None or card[_STAGES] == 1:
            p = SINGLE  # C4
        else:
            g = _group(groups, line)
            if g is None:
                p = SINGLE
            elif g[0] == 0:
                p = g[4]  # C4, C8
            elif f & MOUSELET:
                p = g[2]  # C9: Mouselet counts in both branches
            else:
                p = g[3] if f & MALE else g[4]
        if f & LUMINOUS:
            p += BONUS_LUMINOUS  # C4, C5; the Mouselet's counts once (C9)
        elif f & STARTER:
            # C6: every stage of the starter's line held, all originals (a full line has
            # no room for a Milemoon), turns the starter luminous.
            held = 0
            for x in cards:
                if x[_LINE] == line and not x[_FLAGS] & MILEMOON:
                    held += 1
            if held == card[_STAGES]:
                p += BONUS_LUMINOUS
        if card[_TYPES] & amask:
            p += BONUS_ARENA  # C12, a Milemoon of the arena's type too
        pts[i] = p
    return pts


def score(players, arena=0, solo=False):
    """Checked players ([(name, cards)]) -> the result dict of `geekout capture score`:
    {"players": [{"name", "total", "geekmons", "legendaries", "cards", "rank"?}],
     "winners": [names in file order]} (C10 tiebreaks, C13 rank when solo)."""
    out = []
    keys = []
    for name, cards in players:
        pts = score_player(cards, arena)
        total = sum(pts)
        legends = 0
        for c in cards:
            if c[_FLAGS] & LEGENDARY:
                legends += 1
        entry = {"name": name, "total": total, "geekmons": len(cards), "legendaries": legends,
                 "cards": [{"name": cards[i][_NAME], "points": pts[i]} for i in range(len(cards))]}
        if solo:
            entry["rank"] = rank(total)
        out.append(entry)
        keys.append((total, len(cards), legends))  # C10: total, then Geekmons, legendaries
    top = max(keys)
    winners = [out[i]["name"] for i in range(len(out)) if keys[i] == top]
    return {"players": out, "winners": winners}


def check_file(doc):
    """A whole parsed score file -> (players, arena id, solo); ValueError when bad."""
    if not isinstance(doc, dict):
        raise ValueError("the score file must hold a JSON object")
    for key in doc:
        if key not in ("arena", "solo", "players"):
            raise ValueError("unknown top-level field {!r}".format(key))
    arena = doc.get("arena")
    aid = 0
    if arena is not None:
        aid = type_id(arena)
        if not aid:
            raise ValueError("arena {!r} is not a type ({}) or null".format(
                arena, ", ".join(TYPE_NAMES)))
    solo = doc.get("solo", False)
    if solo is not True and solo is not False:
        raise ValueError("solo must be true or false, not {!r}".format(solo))
    if "players" not in doc:
        raise ValueError("no players")
    players = check_players(doc["players"])
    if solo and len(players) != 1:
        raise ValueError("a solo file holds one player, not {}".format(len(players)))
    return players, aid, solo


def score_file(doc):
    """Check and score a parsed score file."""
    players, arena, solo = check_file(doc)
    return score(players, arena, solo)
