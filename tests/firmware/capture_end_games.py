"""Geekmon Capture at the table, the end of the game (docs/gadget-capture.md, The end): two
games played from a fresh boot by keys with the cards each player really holds, and the
presses from "Game over" to the scores counted.

- a 2-player quick game: a wild set a player (rulebook, Modifying Wild Geekmon Sets: a
  3-stage line, two 2-stage lines, two 1-stage cards, a legendary), the evolutions of
  the starters (Red Broscoon, Green another 3-stage starter), the two encounter cards;
  four rounds, each card captured by Red or Green or fled (seeded);
- the solo Arena Trials in a fire arena with the 36 cards of their deck (C13: three
  sets, four more cards (a 3-stage line and a Milemoon), the starter's evolutions), every
  card caught.

No card is named from the catalog during the game, so every wild card is "?" at the end.
The cards are dealt from a seeded shuffle; the script keeps the truth (each card's line,
stages, kind, luminous, arena type) beside the gadget, enters it at the end the fewest
keys a player would (each list's shortest way round), and scores the same truth with the
rules' scorer (score.py) to check the gadget's totals. Used by test_capture_presses.py and
bench/bench_capture_end.py.
"""

import random

import capture_checks as cc
from geekout import keys
from geekout.capture import cards as cat
from geekout.capture import consts as kc
from geekout.capture import score as S

SEATS = ("Red", "Green", "Blue", "Yellow")
FIRE = 1  # the solo trials' arena (a type id, C12)


class Card:
    """A real card: its kind (consts.K_*), its line id (cards of one line share it),
    luminous, of the arena's type."""

    def __init__(self, kind, line=None, arena=False):
        self.kind = kind
        self.line = line
        self.luminous = False
        self.arena = arena

    def stages(self):
        return self.kind if self.kind in (kc.K_TWO, kc.K_THREE) else 1


def wild_set(i, rng, arena):
    """One wild set (rulebook, Modifying Wild Geekmon Sets); in an arena game about one
    line or card in four shares the arena's type."""
    def typed():
        return arena and rng.random() < 0.25

    out = []
    a = typed()
    out += [Card(kc.K_THREE, "T{}".format(i), a) for _ in range(3)]
    for name in ("U{}".format(i), "V{}".format(i)):
        a = typed()
        out += [Card(kc.K_TWO, name, a) for _ in range(2)]
    out += [Card(kc.K_SINGLE, None, typed()) for _ in range(2)]
    out.append(Card(kc.K_LEGEND, None, typed()))
    return out


def deck_of(game, seed):
    """The shuffled deck ("E": an encounter card) and each player's starter line id."""
    rng = random.Random(seed)
    solo = game == "solo"
    cards = []
    for i in range(3 if solo else 2):
        cards += wild_set(i, rng, solo)
    if solo:  # four more cards: a whole 3-stage line and a Milemoon (C13 set-up 2)
        cards += [Card(kc.K_THREE, "X", True) for _ in range(3)]
        cards.append(Card(kc.K_MILEMOON, None, False))
    starters = ["A0"] if solo else ["A0", "A1"]
    for line in starters:  # each 3-stage starter's two evolutions (rulebook, Game Setup 2b)
        cards += [Card(kc.K_THREE, line, solo) for _ in range(2)]
    rng.shuffle(cards)
    for _ in range(2):
        cards.insert(rng.randrange(len(cards) + 1), "E")
    return cards, starters


def _menu_to(d, m, index):
    """The cursor of list m to `index`, the shortest way round."""
    n = len(m.items)
    while m.index != index % n:
        d.press(keys.DOWN if (index - m.index) % n <= n // 2 else keys.UP)


def _spin(d, value, get, span, up=keys.UP, down=keys.DOWN):
    """Keys until get() == value over a cycle of `span` values, the shortest way: `up`
    adds one, `down` takes one."""
    while get() != value:
        d.press(up if (value - get()) % span <= span // 2 else down)


def start(game, seed=1, hook=None):
    """A fresh boot, the game set up by keys; (driver, deck, starter lines). `hook(d)`
    runs before the boot (a test's listeners on the board)."""
    cat.forget()
    d = cc.new_driver(seed, data_root=cc_data(), events=hook is not None)
    if hook is not None:
        hook(d)
    d.boot()
    deck, starters = deck_of(game, seed)
    if game == "solo":
        d.start_capture(1, False, FIRE, [0], 0, True)  # Broscoon
    else:
        d.start_capture(2, False, 0, [0, 0], 0, True)  # Red Broscoon, Green another 3-stage
    assert d.top().name == "capture.draw"
    return d, deck, starters


def cc_data():
    from pathlib import Path

    return str(Path(__file__).resolve().parents[2] / "firmware")


def play(game, seed=1, hook=None):
    """The game from a fresh boot to "Game over" by keys: each round's cards laid out
    (luminous after an encounter card, C1), All thrown (solo: the zones cleared), then
    each card's capturer. Returns (driver, truth): truth[p] the real cards of player p
    in the gadget's collection order (the starter first, a stand-in)."""
    d, deck, starters = start(game, seed, hook)
    rng = random.Random(seed * 7 + 1)
    solo = game == "solo"
    truth = [[Card(kc.K_THREE, starters[p])] for p in range(len(starters))]
    pending = 0  # luminous encounters drawn, waiting for the next Geekmons
    while d.top().name == "capture.draw":
        g = d.top()
        n = min(6, g.state.deck)
        laid = []
        while len(laid) < n:
            c = deck.pop(0)
            if c == "E":
                pending += 1
                continue
            if pending:
                c.luminous = True
                pending -= 1
            laid.append(c)
        for i, c in enumerate(laid):  # mark the luminous places, then Go
            if c.luminous:
                _spin(d, i, lambda g=g: g.pos, n + 1, keys.DOWN, keys.UP)
                d.press(keys.OK)
        _spin(d, n, lambda g=g: g.pos, n + 1, keys.DOWN, keys.UP)
        d.press(keys.OK)
        assert g.name == "capture.cards"
        _menu_to(d, g.menu, len(g.menu.items) - 1)
        d.press(keys.OK)  # All thrown
        if solo:
            assert d.top().name == "capture.zones"
            _menu_to(d, d.top(), 0)
            d.press(keys.OK)  # every elemental cube out
        for i in range(n):
            assert g.name == "capture.quick", g.name
            m = g.menu
            if solo:
                who, item = 0, "Caught"
            else:
                r = rng.random()
                who = 0 if r < 0.42 else 1 if r < 0.84 else -1
                item = SEATS[who] if who >= 0 else "Fled"
            _menu_to(d, m, m.items.index(item))
            d.press(keys.OK)
            if who >= 0:
                truth[who].append(laid[i])
    while d.top().name != "capture.end":
        d.press(keys.OK)  # "Game over" (the game screen gives way to the end's at a tick)
    end = d.top()
    assert [len(c) for c in end.state.collections] == [len(t) for t in truth]
    lum = [[bool(x & kc.LUMINOUS) for x in c] for c in end.state.collections]
    assert lum == [[c.luminous for c in t] for t in truth]
    return d, truth


# -- what the players enter ----------------------------------------------------------------
def letters(cards):
    """The line letter index of each card: the starter's line A, the others B, C... in the
    order their first card comes (the gadget's own default for a new line)."""
    seen = [cards[0].line]
    out = []
    for c in cards:
        if c.line is None:
            out.append(0)
            continue
        if c.line not in seen:
            seen.append(c.line)
        out.append(seen.index(c.line))
    return out


def true_scores(truth, arena=0):
    """The rules' scorer on the real cards (score.py: C4-C10, C12, C13)."""
    players = []
    for p, cards in enumerate(truth):
        let = letters(cards)
        gs = []
        for i, c in enumerate(cards):
            g = {"name": "c{}".format(i)}
            if c.kind in (kc.K_TWO, kc.K_THREE):
                g.update(stages=c.kind, line=kc.LINES[let[i]])
            elif c.kind == kc.K_LEGEND:
                g["legendary"] = True
            elif c.kind == kc.K_MILEMOON:
                g["milemoon"] = True
            if i == 0:
                g["starter"] = True
            if c.luminous:
                g["luminous"] = True
            if c.arena or (i == 0 and arena == FIRE):  # Broscoon is fire (the catalog)
                g["types"] = ["fire"]
            gs.append(g)
        players.append({"name": SEATS[p], "geekmons": gs})
    res = S.score(S.check_players(players), arena, len(truth) == 1)
    return [e["total"] for e in res["players"]]


def enter_by_cards(d, truth):
    """The end card by card: each player's list, each "?" card's line editor (kind, line
    letter, arena type), then Scores. Returns the presses from "Game over" to the scores."""
    end = d.top()
    assert end.name == "capture.end"
    start = d.presses
    for p in range(len(truth)):
        let = letters(truth[p])
        if not end.unknown(p):
            continue
        _menu_to(d, end.menu, p)
        d.press(keys.OK)
        while end.unknown(p):
            lst = d.top()
            assert lst.name == "capture.cards_end", lst.name
            at = getattr(lst, "cards", None) or list(range(len(lst.items)))
            unknown = [j for j in range(len(at)) if at[j] >= 0
                       and end.structure(p, at[j])[0] == kc.K_UNKNOWN]
            n = len(lst.items)
            j = min(unknown, key=lambda j: min((j - lst.index) % n, (lst.index - j) % n))
            _menu_to(d, lst, j)
            d.press(keys.OK)
            i = at[j]
            c = truth[p][i]
            e = d.top()
            assert e.name == "capture.line", e.name
            _kind(d, e, c.kind)
            d.press(keys.OK)
            if c.kind in (kc.K_TWO, kc.K_THREE, kc.K_HYRO):
                _spin(d, let[i], lambda e=e: e.line, len(kc.LINES))
                d.press(keys.OK)
            if e.ask_arena:
                if bool(e.arena) != c.arena:
                    d.press(keys.UP)
                d.press(keys.OK)
        while d.top() is not end:
            d.press(keys.BACK)
    _menu_to(d, end.menu, len(truth))  # Scores
    d.press(keys.OK)
    assert d.top().name == "capture.scores", (d.top().name, d.ui.toast_text)
    return d.presses - start


def _kind(d, e, want):
    """The kind field (1..K_FEMALE, UP +1, wrapping) to `want`, the shortest way."""
    span = kc.K_FEMALE
    while e.kind != want:
        d.press(keys.UP if (want - e.kind) % span <= span // 2 else keys.DOWN)


def counts(cards):
    """What the count of a player's "?" cards asks (tally.py), from the real cards: more
    cards of the starter's line, the other lines by (stages, cards held), legendaries,
    Milemoons, the cards of the arena's type among the "?" ones."""
    lines = {}
    for c in cards[1:]:
        if c.line is not None:
            lines.setdefault(c.line, []).append(c)
    sizes = {}
    for line, held in lines.items():
        if line != cards[0].line:
            key = (held[0].kind, len(held))
            sizes[key] = sizes.get(key, 0) + 1
    return {"starter": len(lines.get(cards[0].line, [])), "sizes": sizes,
            "legendary": sum(c.kind == kc.K_LEGEND for c in cards[1:]),
            "milemoon": sum(c.kind == kc.K_MILEMOON for c in cards[1:]),
            "arena": sum(c.arena for c in cards[1:])}


def enter_by_count(d, truth):
    """The end by the count of each player's "?" cards (the list's first item): each row
    set the shortest way round, OK to the next; then Scores. Returns the presses from
    "Game over" to the scores."""
    from geekout.capture import tally

    end = d.top()
    assert end.name == "capture.end"
    start = d.presses
    for p in range(len(truth)):
        if not end.unknown(p):
            continue
        want = counts(truth[p])
        _menu_to(d, end.menu, p)
        d.press(keys.OK)
        lst = d.top()
        assert lst.name == "capture.cards_end" and lst.cards[0] == -1
        _menu_to(d, lst, 0)
        d.press(keys.OK)
        c = d.top()
        assert c.name == "capture.count"
        while d.top() is c:
            kind, line, per, _most = c.rows[c.row]
            if line == tally._ARENA:
                v = want["arena"]
            elif line == tally._MORE:
                v = 1 if want["milemoon"] else 0
            elif kind == kc.K_LEGEND:
                v = want["legendary"]
            elif kind == kc.K_MILEMOON:
                v = want["milemoon"]
            elif line == 0 and per == 1 and kind in (kc.K_TWO, kc.K_THREE):
                v = want["starter"]  # Line A +
            elif line == tally._NEW and kind in (kc.K_TWO, kc.K_THREE):
                v = want["sizes"].get((kind, per), 0)
            else:
                v = 0  # Hyro, Mouselet and its lines: none in these games
            while c.values[c.row] != v:
                span = c.most(c.row) + 1
                d.press(keys.UP if (v - c.values[c.row]) % span <= span // 2 else keys.DOWN)
            d.press(keys.OK)
        assert d.top() is end, d.top().name
    _menu_to(d, end.menu, len(truth))  # Scores
    d.press(keys.OK)
    assert d.top().name == "capture.scores", (d.top().name, d.ui.toast_text)
    return d.presses - start
