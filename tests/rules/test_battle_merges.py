"""Ruling B11's merges over random games (hypothesis): a supernova is offered only when
the map may hold a cell of 2 stars from 2 placements or sources (dropped stars, the
teleport's, the wormhole's, the star shield's) for a star just placed; never for the 2
stars one player placed together, which lie on 2 cells ("no es posible colocar 2
Estrellas en un mismo casillero en el mismo turno"); and never refused when possible.

Two models stand beside the rules core, on the events of random games:

- The table: cells, each with its stars and the placement or source of each. A placement
  puts its 2 stars on 2 different cells; a cell that reaches 3 stars merges ("Si
  llegase a haber 3 Estrellas en una celda galáctica ... se coloca 1 Supernova"); a
  ship entering a cell takes all of it; a single star goes on a cell of its own. Every
  merge the table makes must be accepted: the core never refuses a possible one.
- What the tracker can know from the journal: every way the map's stars may be grouped
  by placement or source (a grouping is how many groups of each kind: s, b, ss, sb, bb;
  any 2 stars of 2 groups may share a cell; a collection does not say whose star it
  took). A merge is possible when some grouping has 2 stars of 2 groups for each cell.
  The core accepts exactly those (it never accepts a certainly impossible one), and
  merges_possible(), which the gadget's "Supernova made" follows, is the most cells any
  of them merges.
"""

import itertools
import random

from geekout.battle import consts as c
from geekout.battle import events as e
from geekout.battle import rules as b
from hypothesis import given, settings
from hypothesis import strategies as hs

S, B = c.SMALL, c.BOMB  # 0 and 1: a star's kind
KINDS = ((S,), (B,), (S, S), (S, B), (B, B))  # a group's stars on the map, by its index
GROUP = {k: i for i, k in enumerate(KINDS)}
EMPTY = (0, 0, 0, 0, 0)


# -- what the tracker can know: groupings of the map's stars ---------------------------
def _less(t, k):
    """The group of kind t less a star of kind k (None: the group is gone)."""
    ks = list(KINDS[t])
    ks.remove(k)
    return GROUP[tuple(ks)] if ks else None


def one_cell(groupings, held, leaving):
    """Every grouping after a cell held the stars `held` (kinds; 2 of them are of 2
    groups) and those marked in `leaving` left the map."""
    out = set()
    holders = [[t for t in range(5) if k in KINDS[t]] for k in held]
    for g in groupings:
        for choice in itertools.product(*holders):
            n = list(g)
            for t in choice:
                n[t] -= 1
            if min(n) < 0:
                continue
            for t, k, gone in zip(choice, held, leaving):
                if not gone:
                    n[t] += 1
                elif _less(t, k) is not None:
                    n[_less(t, k)] += 1
            out.add(tuple(n))
    return out


def added(groupings, kinds):
    """A group of its own for `kinds` (a placement left whole, or a single star)."""
    out = set()
    for g in groupings:
        n = list(g)
        n[GROUP[tuple(sorted(kinds))]] += 1
        out.add(tuple(n))
    return out


def placed(groupings, bombs, cells):
    """The groupings after 2 stars (`bombs` of them bombs) are placed and the cells of
    `cells` (each: the small stars of its 3) merge; empty when no grouping allows it."""
    new = (B if bombs == 2 else S, B if bombs else S)
    out = set()
    for order in ((0, 1), (1, 0)):
        olds = []
        for n_small, i in zip(cells, order):
            ks = [S] * n_small + [B] * (3 - n_small)
            if new[i] not in ks:
                break
            ks.remove(new[i])
            olds.append(ks)
        else:
            now = set(groupings)
            for ks in olds:  # each merged cell: the star placed and 2 old ones of 2 groups
                now = one_cell(now, ks, (1, 1))
            left = [new[i] for i in order[len(cells):]]
            out |= added(now, left) if left else now
    return out


def details():
    """Every merge of a placement: how many bombs placed, the small stars of each cell."""
    for bombs in range(3):
        for m1 in range(4):
            yield bombs, (m1,)
            for m2 in range(4):
                yield bombs, (m1, m2)


def core_accepts(st, bombs, cells):
    """The core's B11 verdict on the merge alone (the reserve, phase and box aside)."""
    m = list(cells) + [0]
    try:
        st._check_merges(bombs, len(cells), m[0], m[1])
    except b.Illegal:
        return False
    return True


# -- the table --------------------------------------------------------------------------
class Table:
    """The map as it lies on the table: cells of (kind, group) stars and supernovas."""

    def __init__(self):
        self.cells = [[[], 1]]  # the centre's supernova
        self.group = 0

    def new_group(self):
        self.group += 1
        return self.group

    def grouping(self):
        """How many groups of each kind the map holds (a grouping, as above)."""
        by = {}
        for stars, _n in self.cells:
            for k, g in stars:
                by.setdefault(g, []).append(k)
        n = [0] * 5
        for ks in by.values():
            n[GROUP[tuple(sorted(ks))]] += 1
        return tuple(n)

    def counts(self):
        n = [0, 0, 0]
        for stars, novas in self.cells:
            for k, _g in stars:
                n[k] += 1
            n[c.NOVA] += novas
        return n

    def single(self, kind):
        """A dropped star, the teleport's or the wormhole's: on a cell of its own."""
        if kind == c.NOVA:
            self.cells.append([[], 1])
        else:
            self.cells.append([[(kind, self.new_group())], 0])


def place(st, table, rng):
    """A placement on the table, by the player in turn, or None: its 2 stars on 2
    different cells (free of supernovas), a new one or one holding stars; a cell reaching
    3 merges, while the box has supernovas."""
    p = st.seat
    kinds = [k for k in range(3) if st.reserve_small[p] >= 2 - k and st.reserve_bomb[p] >= k]
    if not kinds:
        return None
    bombs = kinds[rng.randrange(len(kinds))]
    spare = st.box[c.NOVA]
    targets = []
    for i in rng.sample(range(len(table.cells)), len(table.cells)):
        stars, novas = table.cells[i]
        if novas or not stars or (len(stars) == 2 and not spare):
            continue
        if len(stars) == 2:
            spare -= 1
        targets.append(i)
        if len(targets) == 2 or rng.random() < 0.3:
            break
    g = table.new_group()
    cells = []
    for kind in (B if bombs == 2 else S, B if bombs else S):
        if targets:
            i = targets.pop()
        else:
            table.cells.append([[], 0])
            i = len(table.cells) - 1
        stars = table.cells[i][0]
        stars.append((kind, g))
        if len(stars) == 3:  # B11: 3 stars on a cell become a supernova
            cells.append(sum(1 for k, _g in stars if k == S))
            table.cells[i] = [[], 1]
    return e.stars(p, bombs, cells)


def enter(st, table, rng, ship):
    """A move of `ship` into a cell of the table (or an empty one): the event, and the
    table after it, told by the same rules the core follows (B6, B10, B11)."""
    p = st.seat
    full = [i for i in range(len(table.cells)) if table.cells[i][0] or table.cells[i][1]]
    if not full or rng.random() < 0.2:
        return e.move(p, ship), None
    i = full[rng.randrange(len(full))]
    stars, novas = table.cells[i]
    small = sum(1 for k, _g in stars if k == S)
    bomb = len(stars) - small
    shield = 1 if bomb and st.unique[p] & c.SHIELD and rng.random() < 0.5 else 0
    return e.move(p, ship, 0, small, bomb, novas, shield), i


def after_move(table, ev, i, levels, drop):
    """The cell i after the move `ev` of a ship with `levels`: its bombs go off (the
    shield takes the first and, with 2, leaves its own star there); a ship with no level
    left for a bomb is lost (B6): the cell's other stars stay and the ship drops one of
    its own there (`drop`: its kind, or -1); else it collects the cell."""
    stars, novas = table.cells[i]
    bombs = [s for s in stars if s[0] == B]
    smalls = [s for s in stars if s[0] == S]
    shield = ev[7]
    off = ev[5] - shield
    lost = off > levels
    rest = bombs[shield + (levels + 1 if lost else off):]
    kept = [(S, table.new_group())] if shield and ev[5] >= 2 else []
    if not lost:
        table.cells[i] = [kept, 0]
        return
    if drop == c.NOVA:
        novas += 1
    elif drop == S:
        kept.append((S, table.new_group()))
    table.cells[i] = [smalls + rest + kept, novas]


def knowledge_after(known, st, ev):
    """What the tracker knows after `ev`, from `known` and the state before it."""
    kind = ev[0]
    if kind == c.STARS:
        return placed(known, ev[2], [ev[4], ev[5]][:ev[3]])
    if kind == c.WORMHOLE or (kind == c.ATTACK and ev[5]):
        return added(known, (S,))
    if kind == c.ATTACK:
        t, j = ev[3], ev[3] * c.SHIPS + ev[4]
        if 1 + st.levels[ev[1] * c.SHIPS + ev[2]] >= 1 + st.levels[j]:  # B7: destroyed
            if not st.coll_nova[t] and st.coll_small[t]:
                return added(known, (S,))
        return known
    if kind != c.MOVE or ev[3]:
        return known
    p, small, bomb, shield = ev[1], ev[4], ev[5], ev[7]
    held = [S] * small + [B] * bomb
    if not held:
        return known
    lv = st.levels[p * c.SHIPS + ev[2]]
    off = bomb - shield  # the bombs the ship meets (the shield took the first)
    lost = off > lv
    going = shield + (lv + 1 if lost else off)
    leaving = [0 if lost else 1] * small + [1 if n < going else 0 for n in range(bomb)]
    now = one_cell(known, held, leaving)
    if shield and bomb >= 2:  # B11: the shield's star stays on the cell
        now = added(now, (S,))
    if lost and not st.coll_nova[p] and st.coll_small[p]:
        now = added(now, (S,))
    return now


def check_merges(st, known):
    """The core's verdict on every merge, and merges_possible(), against the groupings."""
    most = 0
    for bombs, cells in details():
        possible = bool(placed(known, bombs, cells))
        assert core_accepts(st, bombs, cells) == possible, (bombs, cells, sorted(known))
        if possible:
            most = max(most, len(cells))
    assert st.merges_possible() == min(most, st.box[c.NOVA])
    m = st.map  # `apart` marks only kinds whose count it speaks of
    assert not st.apart & 1 or m[S] == 2
    assert not st.apart & 2 or m[B] == 2
    assert not st.apart & 4 or (m[S] == 1 and m[B] == 1)
    assert not st.apart & 8 or (m[S] == 1 and m[B] == 2)


def play(players, seed, length, check):
    """A random game on the table; after each event `check(state, table, groupings)`."""
    rng = random.Random(seed)
    st = b.new_initial_state(players)
    st.apply(e.first(rng.randrange(players)))
    table = Table()
    known = {EMPTY}
    for _ in range(length):
        if st.is_terminal():
            break
        legal = st.legal_events()
        # the table's own placements and moves; the rest as the core lists them
        others = [x for x in legal if x[0] != c.STARS and (x[0] != c.MOVE or x[3] or not (
            x[4] or x[5] or x[6]))]
        ships = sorted({x[2] for x in others if x[0] == c.MOVE and not x[3]})
        r = rng.random()
        ev = None
        i = None
        if any(x[0] == c.STARS for x in legal) and (r < 0.45 or not others):
            ev = place(st, table, rng)
            assert ev is not None and st.is_legal(ev), ev  # never refuse a merge the table made
        elif ships and r < 0.8:
            ev, i = enter(st, table, rng, ships[rng.randrange(len(ships))])
            assert st.is_legal(ev), ev
        else:
            ev = others[rng.randrange(len(others))]
        p = ev[1]
        levels = st.levels[p * c.SHIPS + ev[2]] if ev[0] == c.MOVE else 0
        drop = c.NOVA if st.coll_nova[p] else S if st.coll_small[p] else -1
        known = knowledge_after(known, st, ev)
        before = list(st.map)
        st.apply(ev)
        if i is not None:
            after_move(table, ev, i, levels, drop)
        elif ev[0] != c.STARS:  # the teleport's, the wormhole's or a dropped star
            for kind in (S, c.NOVA):
                for _ in range(st.map[kind] - before[kind]):
                    table.single(kind)
        assert known, "the journal allows no grouping of the map"
        check(st, table, known)
    return st


def _consistent(st, table, known):
    assert table.counts() == st.map  # the table is the map the core counts
    assert table.grouping() in known  # the tracker's knowledge allows the table
    for g in known:  # and every grouping it allows has the map's stars
        assert [sum(KINDS[t].count(k) * g[t] for t in range(5)) for k in (S, B)] == st.map[:2]
    check_merges(st, known)


@settings(max_examples=40, deadline=None)
@given(players=hs.sampled_from([3, 4]), seed=hs.integers(0, 1 << 32), length=hs.integers(1, 160))
def test_merges_offered_exactly_when_possible(players, seed, length):
    play(players, seed, length, _consistent)


def test_the_models_see_the_opening_merge():
    """The play-test's case: Red places 2 small stars on a map without any; Green's
    placement cannot merge them (they lie on 2 cells): no grouping allows it, the core
    refuses it and offers no supernova; with Green's own 2 stars on the map, Blue may."""
    st = b.new_initial_state(3)
    known = {EMPTY}
    for ev in (e.first(0), *[e.cell(p) for p in (0, 0, 1, 1, 2, 2)], e.stars(0, 0)):
        known = knowledge_after(known, st, ev)
        st.apply(ev)
    assert known == {(0, 0, 1, 0, 0)} and st.merges_possible() == 0
    assert not placed(known, 0, [3]) and not core_accepts(st, 0, [3])
    check_merges(st, known)
    known = knowledge_after(known, st, e.stars(1, 1))
    st.apply(e.stars(1, 1))
    assert st.merges_possible() == 2 and core_accepts(st, 0, [3])
    check_merges(st, known)


def test_the_check_fails_on_a_core_that_counts_only():
    """The comparison can fail: a core that offers a merge whenever the map counts 2
    stars (the firmware before) disagrees with the groupings after the opening."""
    st = b.new_initial_state(3)
    for ev in (e.first(0), *[e.cell(p) for p in (0, 0, 1, 1, 2, 2)], e.stars(0, 0)):
        st.apply(ev)
    st.apart = 0  # white-box: forget that the 2 stars are one placement's
    try:
        check_merges(st, {(0, 0, 1, 0, 0)})
    except AssertionError:
        return
    raise AssertionError("the check passed a core that counts only")
