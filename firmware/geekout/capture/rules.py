"""Geekmon Capture rules core: one game as a state folded over a journal of actions.

Pure and deterministic, shaped like the Masters core (OpenSpiel). CaptureState is a game
as the gadget keeps it; the tools' states are TableState (the journal of the actions
applied, the OpenSpiel-style queries, is_legal, a text view). Deck draws are chance
actions in the journal, so replay rebuilds the game and undo is a replay (from the
latest copy kept: new_marks). Rulings C1-C3, C11, C13 (docs/rules.md); end-of-game points
are score.py's (C4-C10, C12). The interface of the three cores and the check table
_STEPS: docs/developing.md, The rules cores; the game: docs/capture.md.
"""

from array import array

from micropython import const

from geekout.capture.consts import (
    A_ACTIVE,
    A_ADVANTAGE,
    A_BULLSEYE,
    A_CRITICAL,
    A_DRAW,
    A_ECUBE,
    A_ELEMENTAL,
    A_POINTS,
    A_QUICK,
    A_TAKE,
    A_THROW,
    ACTIVE_TARGET,
    BULLSEYE,
    CHANCE,
    CHECK,
    CUBES,
    DRAW,
    DRAW_ENCOUNTER,
    DRAW_GEEKMON,
    ELEMENTAL_CUBES,
    ENCOUNTERS,
    GEEK,
    GO,
    H_BULLSEYE,
    H_CRITICAL,
    H_FLED,
    H_KEPT,
    H_MUNCHKEY,
    H_POINTS,
    H_SOLO,
    H_TAKEN,
    H_TYPE,
    HYPER,
    LEGENDARY,
    LUMINOUS,
    MAX_PLAYERS,
    MUNCHKEY,
    N_SHIFT,
    NO_CARD,
    OVER,
    PHASE_NAMES,
    RESOLVE,
    SETUP,
    SLOTS,
    SOLO_WILD,
    TABLE,
    TAKE,
    TERMINAL,
    THROW,
    WILD_PER_PLAYER,
)
from geekout.replay import Marks, copy_fields, fold

MARK_ENTRIES = const(16)  # a TableState's marks: one every 16 entries (new_marks)
MARKS_KEPT = const(3)


# What clone() copies: the fields shared as they are, the lists and the bytearrays (and
# the collections, a list of lists, card by card).
_SHARED = ("deck", "encounters", "luminous_next", "round", "first", "phase", "drawn", "turn",
           "last_thrower", "ecubes", "tpos", "entered", "taker", "fled", "lost", "quick",
           "stated")
_LISTS = ("slots", "queue", "targets", "tied", "results")
_ARRAYS = ("active", "geek", "hyper", "points", "spent", "gone")


class CaptureState:
    """A whole game: deck, round, wild cards, cubes, collections and the capture check."""

    def __init__(self, players=2, stages=None, first=0, wicked=False, arena=0,
                 starters=None):
        if not 1 <= players <= MAX_PLAYERS:
            raise ValueError("players must be 1-4")
        if stages is None:
            stages = (3,) * players
        if len(stages) != players:
            raise ValueError("one starter per player")
        for s in stages:
            if s not in (2, 3):
                raise ValueError("a starter's line has 2 or 3 stages")
        if not 0 <= first < players:
            raise ValueError("bad first seat")
        if not 0 <= arena <= 8:
            raise ValueError("arena is a type id 1-8 or 0")
        self.solo = players == 1
        if self.solo and wicked:
            raise ValueError("Team Wicked needs opponents")
        if self.solo and not arena:
            raise ValueError("the solo Arena Trials are played in an arena (C13)")
        if starters is None:
            starters = (0,) * players
        if len(starters) != players:
            raise ValueError("one starter card per player")
        self.config = (players, tuple(stages), first, bool(wicked), arena, tuple(starters))
        self.players = players
        self.wicked = bool(wicked)
        self.arena = arena
        self.deck = wild_cards(players, stages)
        self.encounters = ENCOUNTERS
        self.luminous_next = 0
        self.cubes = CUBES[1 if self.solo else 0]  # C2 (geek, hyper) per round; C13 solo
        self.round = 0
        self.first = first
        self.phase = DRAW
        self.slots = [NO_CARD] * SLOTS
        self.drawn = 0
        self.collections = [[starters[p]] for p in range(players)]
        self.active = bytearray(players)
        self.geek = bytearray(players)
        self.hyper = bytearray(players)
        self.turn = first
        self.last_thrower = first
        self.queue = []  # rethrows owed (player | kind<<2), C12 elemental zones
        self.ecubes = ELEMENTAL_CUBES if self.solo else 0
        self.targets = []
        self.tpos = 0
        self.points = bytearray(players)
        self.spent = bytearray(players)
        # C3: cubes a critical catch took off the table this round, [2p] player p's
        # geekcubes, [2p + 1] hypercubes: their points cap the check's entries no more
        self.gone = bytearray(2 * players)
        self.quick = False  # this round's throws were not entered (A_QUICK)
        self.entered = False  # a points entry or a check happened this capture check
        self.stated = False  # this tie's type advantage was stated (A_ADVANTAGE)
        self.tied = []
        self.taker = -1
        self.results = []  # this round: (target, winner or -1, how)
        self.fled = 0  # wild cards that fled, whole game
        self.lost = False

    # -- queries (the tools' OpenSpiel-style ones: TableState) -------------------------
    def is_terminal(self):
        return self.phase == OVER

    def phase_name(self):
        return PHASE_NAMES[self.phase]

    def thrower(self):
        """Who throws next: an owed elemental rethrow first, else the seat in turn."""
        if self.queue:
            return self.queue[0] & 3
        return self.turn

    def on_table(self, p, kind):
        """Cubes of that kind (GEEK, HYPER) player p threw this round and no critical
        catch took off the table."""
        held = self.hyper[p] if kind else self.geek[p]
        return self.cubes[kind] - held - self.gone[2 * p + kind]

    def max_points(self):
        """Most points one player can have on a card (and in a round): every cube, plus
        the three elemental cubes in solo (C13)."""
        g, h = self.cubes
        return g + 2 * h + (ELEMENTAL_CUBES if self.solo else 0)

    def target(self):
        """The target being checked (slot 0-5, or ACTIVE_TARGET + p), or -1."""
        if self.phase in (CHECK, BULLSEYE, TAKE) and self.tpos < len(self.targets):
            return self.targets[self.tpos]
        return -1

    def active_card(self, p):
        return self.collections[p][self.active[p]]

    def solo_need(self, card):
        """C13: the points that capture a wild card (traits int) in the solo trials."""
        need = 2
        if card & LEGENDARY:
            need += 1
        if self.arena and card >> 4 & 255 & (1 << (self.arena - 1)):
            need += 1
        w = card & 15
        if w and self.active_card(0) >> 4 & 255 & (1 << (w - 1)):
            need -= 1
        return need

    def legal_actions(self):
        """Every legal action except card descriptions (A_CARD, A_NUMBER), which are
        facts read off the cards rather than choices; is_legal checks those too."""
        phase = self.phase
        acts = []
        if phase == DRAW:  # the chance outcomes: a Geekmon, an encounter card if any left
            acts.append(DRAW_GEEKMON)
            if self.encounters:
                acts.append(DRAW_ENCOUNTER)
            return acts
        if phase == SETUP:
            for p in range(self.players):
                n = 1 if self.round == 0 else len(self.collections[p])
                for i in range(n):
                    if i != self.active[p]:
                        acts.append(A_ACTIVE | (p | i << 2) << 5)
            acts.append(GO)
            return acts
        # Throw-time facts (critical catch, elemental zones) may still be entered: while
        # throwing, and at the capture check until its first entry (the last cube thrown
        # may have made a critical catch or landed in a zone). A quick round takes a
        # critical catch of the card being checked at any time: its throws were not entered.
        early = phase == THROW or (phase == CHECK and not self.entered)
        if early or (phase == CHECK and self.quick):
            if phase == THROW:
                p = self.thrower()
                if self.queue:
                    acts.append(A_THROW | (self.queue[0] >> 2) << 5)
                else:
                    if self.geek[p]:
                        acts.append(A_THROW | GEEK << 5)
                    if self.hyper[p]:
                        acts.append(A_THROW | HYPER << 5)
                acts.append(A_QUICK)
                if self.solo:
                    for left in range(1, ELEMENTAL_CUBES + 1):
                        acts.append(A_QUICK | left << 5)
            for t in (self._present() if early else [self.target()]):
                for c in range(self.players):
                    # C3 a wild card on the table; C11 an opponent's active, not a starter
                    # (no critical catch icon).
                    if t < ACTIVE_TARGET or (t - ACTIVE_TARGET != c
                                              and self.active[t - ACTIVE_TARGET]):
                        for k in range(3):  # the cube not said, a geekcube, a hypercube
                            if not k or self.on_table(c, k - 1) > 0:
                                acts.append(A_CRITICAL | (t | c << 4 | k << 6) << 5)
        if early and not self.quick:
            if self.arena:
                for p in range(self.players):
                    # cubes of each kind thrown and not got back this round
                    if self.cubes[0] > self.geek[p]:
                        acts.append(A_ELEMENTAL | p << 5)
                    if self.cubes[1] > self.hyper[p]:
                        acts.append(A_ELEMENTAL | (p | 4) << 5)
            if self.solo:
                if self.ecubes:
                    acts.append(A_ECUBE)
                if self.ecubes < ELEMENTAL_CUBES:
                    acts.append(A_ECUBE | 1 << 5)
        if phase == CHECK:
            cap = self.max_points()
            for p in range(self.players):
                room = cap - self.spent[p]
                for v in range(room + 1):
                    if v != self.points[p]:
                        acts.append(A_POINTS | (p | v << 2) << 5)
            acts.append(RESOLVE)
        elif phase == BULLSEYE:
            for p in self.tied:
                acts.append(A_BULLSEYE | p << 5)
            if not self.stated:
                mask = 0
                for p in self.tied:
                    mask |= 1 << p
                for m in range(mask + 1):
                    if m & mask == m:  # every subset of the tied players
                        acts.append(A_ADVANTAGE | m << 5)
        elif phase == TAKE:
            owner = self.target() - ACTIVE_TARGET
            for i in range(len(self.collections[owner])):
                acts.append(A_TAKE | i << 5)
        return acts

    def clone(self):
        """An independent copy: no list shared with this state (a TableState's copy is
        a TableState)."""
        s = copy_fields(self, type(self)(*self.config), _SHARED, _LISTS, _ARRAYS)
        s.collections = [list(x) for x in self.collections]
        return s

    # -- helpers ----------------------------------------------------------------------
    def _present(self):
        """Targets still in play: wild cards on the table, then (C11) every active."""
        out = [i for i in range(SLOTS) if self.slots[i] != NO_CARD]
        if self.wicked:
            for p in range(self.players):
                out.append(ACTIVE_TARGET + p)
        return out

    # -- transitions --------------------------------------------------------------------
    def apply_action(self, action):
        """Apply one journal entry; an illegal action raises ValueError (Refused: its
        ruling in .ruling), state unchanged. Each kind of action has its check, which
        applies it once every check passed: _STEPS[kind]."""
        if type(action) is not int or action < 0:
            raise Refused(_NOT_NOW[self.phase][0], "not an action")
        if self.phase == OVER:
            _not_now(self)
        kind = action & 31
        if kind < len(_STEPS):
            _STEPS[kind](self, action >> 5)
        else:  # A_NOTE (the gadget's, steps.py) and kinds no one uses
            _not_now(self)

    def _start_check(self):
        self.phase = CHECK
        self.targets = self._present()
        self.tpos = -1  # _capture(-1, 0) below moves to the first target
        self.entered = False
        gone = self.gone
        for p in range(self.players):
            self.points[p] = 0
            self.spent[p] = gone[2 * p] + 2 * gone[2 * p + 1]  # C3: off the table
        self._capture(-1, 0)

    def _capture(self, p, kind):
        """Player p captures the target being checked (a C11 starter: another card of
        that collection may be taken instead); then the next target. p -1: only the
        next target (the points entered are spent, C2), or the end of the round."""
        if p >= 0:
            target = self.targets[self.tpos]
            if target < ACTIVE_TARGET:
                self.collections[p].append(self.slots[target])
                self.slots[target] = NO_CARD
                self.results.append((target, p, kind))
            else:
                owner = target - ACTIVE_TARGET
                if self.active[owner] == 0:
                    # C11: a starter cannot be captured; another card of that collection
                    # may be taken instead, if there is one.
                    if len(self.collections[owner]) > 1:
                        self.taker = p
                        self.phase = TAKE
                        return
                    self.results.append((target, -1, H_KEPT))
                else:
                    card = self.collections[owner].pop(self.active[owner])
                    self.active[owner] = 0  # C11: replaced by the starter
                    self.collections[p].append(card)
                    self.results.append((target, p, kind))
        for q in range(self.players):
            self.spent[q] += self.points[q]
            self.points[q] = 0
        self.tied = []
        self.stated = False
        self.taker = -1
        self.tpos += 1
        self.phase = CHECK
        if self.tpos < len(self.targets):
            return
        # The round ends.
        for i in range(SLOTS):
            self.slots[i] = NO_CARD
        if self.solo and self.ecubes:
            self.lost = True  # C13: elemental cubes left in the zones lose the game
            self.phase = OVER
            return
        if not self.deck:
            self.phase = OVER  # C1: the deck ran out this round
            return
        self.round += 1
        self.first = (self.first + 1) % self.players  # C2
        self.drawn = 0
        self.ecubes = ELEMENTAL_CUBES if self.solo else 0
        self.targets = []
        self.tpos = 0
        self.phase = DRAW


class Refused(ValueError):
    """An action the rules refuse: str() and `why` are the reason the screens show,
    `ruling` its ruling id (apply_step puts it in front: "C3: why")."""

    def __init__(self, ruling, why):
        super().__init__(why)
        self.ruling = ruling
        self.why = why


# Why an action of a kind the phase does not take is refused, by phase (DRAW .. OVER):
# its ruling and the words the screens show.
_NOT_NOW = (("C1", "a draw is a Geekmon or an encounter card left in the deck"),
            ("C2", "choose the active Geekmons, then throw"),
            ("C2", "throw a cube"),
            ("C3", "enter points or check the card"),
            ("C3", "bull's eye: one of the tied players"),
            ("C11", "take a card of that collection, or nothing"),
            ("C1", "game over"))


def _not_now(st):
    ruling, why = _NOT_NOW[st.phase]
    raise Refused(ruling, why)


# -- the checks, one per kind of action ----------------------------------------------------
# Each is (state, arg): raise Refused if the rules refuse the action now, else apply it
# (no change before every check passed). Module functions in one tuple (_STEPS, indexed
# by the action's kind) cost the Pico less RAM than a method or closure each.
def _check_draw(st, arg):
    """C1: a Geekmon laid out, or an encounter card that makes the next Geekmon drawn
    luminous (two: the next two)."""
    if st.phase != DRAW or arg > 1 or (arg and not st.encounters):
        _not_now(st)
    if arg:
        st.encounters -= 1
        st.luminous_next += 1
    else:
        st.deck -= 1
        t = 0
        if st.luminous_next:
            st.luminous_next -= 1
            t = LUMINOUS
        st.slots[st.drawn] = t
        st.drawn += 1
    if st.drawn == SLOTS or not st.deck:
        st.phase = SETUP


def _wild(st, arg):
    """C1: the wild card at place arg & 7 (traits int), which the players describe while
    it is on the table (set-up, throws, the check)."""
    if st.phase == DRAW:
        _not_now(st)
    slot = arg & 7
    if st.phase not in (SETUP, THROW, CHECK) or slot >= SLOTS or st.slots[slot] == NO_CARD:
        raise Refused("C1", "no wild card in that place")
    return st.slots[slot]


def _check_card(st, arg):
    """C3, C11, C13: a wild card's weakness and types (type advantage, the solo need),
    legendary, Munchkey; a fact read off the card."""
    old = _wild(st, arg)
    w = (arg >> 3) & 15
    if w > 8 or arg >> 17:
        raise Refused("C3", "bad card description")
    # traits(): weakness, types, legendary and Munchkey bits
    st.slots[arg & 7] = (old & (LUMINOUS | 1023 << N_SHIFT)) | w | ((arg >> 7) & 255) << 4 \
        | (arg >> 15 & 1) << 12 | (arg >> 16 & 1) << 13


def _check_number(st, arg):
    """C1: a wild card's catalog number, a fact read off the card."""
    old = _wild(st, arg)
    if not 0 <= arg >> 3 <= 999:
        raise Refused("C1", "card numbers are 1-999")
    st.slots[arg & 7] = (old & ~(1023 << N_SHIFT)) | (arg >> 3) << N_SHIFT


def _check_active(st, arg):
    """C3: a player's active Geekmon (its types give type advantage), chosen at set-up;
    the first round's is the starter."""
    if st.phase != SETUP:
        _not_now(st)
    p = arg & 3
    i = arg >> 2
    if p >= st.players or i >= len(st.collections[p]):
        raise Refused("C3", "no such card in that collection")
    if st.round == 0 and i != 0:
        raise Refused("C3", "the first round's active Geekmon is the starter")
    st.active[p] = i


def _check_go(st, arg):
    """C2: the actives chosen, everyone takes the round's cubes (C13 solo) and the
    round's first player throws first."""
    if st.phase != SETUP or arg:
        _not_now(st)
    n = st.players
    g, h = st.cubes
    for p in range(n):
        st.geek[p] = g
        st.hyper[p] = h
    st.turn = st.first  # C2: the round's first player starts
    st.last_thrower = st.first
    st.queue = []
    st.results = []
    st.quick = False
    for i in range(2 * n):
        st.gone[i] = 0
    st.phase = THROW


def _check_throw(st, arg):
    """C2: one cube at a time, clockwise, players with no cubes left passed; C12: an
    owed rethrow from an elemental zone first. The last cube starts the check (C3)."""
    if st.phase != THROW or arg > 1:
        _not_now(st)
    n = st.players
    p = st.thrower()
    if st.queue:
        if arg != st.queue[0] >> 2:
            raise Refused("C12", "rethrow the cube from the elemental zone")
    elif not (st.hyper[p] if arg else st.geek[p]):
        raise Refused("C2", "no such cube left")
    if arg:
        st.hyper[p] -= 1
    else:
        st.geek[p] -= 1
    st.last_thrower = p
    if st.queue:
        st.queue.pop(0)
    else:
        # C2: one cube at a time, clockwise; players with no cubes left are passed.
        for step in range(1, n + 1):
            q = (p + step) % n
            if st.geek[q] or st.hyper[q]:
                st.turn = q
                break
    if st.queue:
        return
    for p in range(n):
        if st.geek[p] or st.hyper[p]:
            return
    st._start_check()


def _early(st):
    """Throw-time facts (critical catch, elemental zones) may still be entered: while
    throwing, and at the capture check until its first entry (the last cube thrown may
    have made a critical catch or landed in a zone)."""
    return st.phase == THROW or (st.phase == CHECK and not st.entered)


def _check_critical(st, arg):
    """C3: a cube on a critical catch icon captures the card at once (C11: an opponent's
    active, not a starter); the cube on the icon leaves the table with it. A quick
    round takes one for the card being checked at any time."""
    phase = st.phase
    early = _early(st)
    if not (early or (phase == CHECK and st.quick)):
        _not_now(st)
    n = st.players
    target = arg & 15
    c = arg >> 4 & 3  # the catcher
    k = arg >> 6  # the cube on the icon: 0 not said, 1 geekcube, 2 hypercube
    owner = target - ACTIVE_TARGET
    if c >= n or k > 2 or target not in st._present() or (
            target >= ACTIVE_TARGET and (owner == c or not st.active[owner])) or (
            not early and target != st.target()):
        raise Refused("C3", "no critical catch possible there")
    if k and st.on_table(c, k - 1) < 1:
        raise Refused("C3", "no such cube of that player thrown")
    # C3: captured at once; the place stays empty until the next round; the
    # cube on the icon leaves the table with the card.
    if k:
        st.gone[2 * c + k - 1] += 1
    if target < ACTIVE_TARGET:
        card = st.slots[target]
        st.slots[target] = NO_CARD
    else:
        card = st.collections[owner].pop(st.active[owner])
        st.active[owner] = 0  # C11: the starter takes its place
    st.collections[c].append(card)
    st.results.append((target, c, H_CRITICAL))
    if not early:
        st._capture(-1, 0)  # a quick round: the next card
    elif phase == CHECK:
        st._start_check()


def _check_elemental(st, arg):
    """C12 arena: a thrown cube landed in an elemental zone; it comes back and is thrown
    again at once; several owed rethrows go from the active player clockwise."""
    if not _early(st) or st.quick:
        _not_now(st)
    n = st.players
    p = arg & 3
    k = arg >> 2
    if not st.arena or p >= n or k > 1 or not (
            st.cubes[k] - (st.hyper[p] if k else st.geek[p])):
        raise Refused("C12", "no thrown cube of that player to take back")
    if k:
        st.hyper[p] += 1
    else:
        st.geek[p] += 1
    q = st.queue
    d = (p - st.last_thrower) % n
    at = len(q)
    for i in range(len(q)):
        if (((q[i] & 3) - st.last_thrower) % n) > d:
            at = i
            break
    q.insert(at, p | k << 2)
    st.phase = THROW


def _check_ecube(st, arg):
    """C13 solo: an elemental cube left the zones (arg 0) or went back (arg 1)."""
    if not _early(st) or st.quick:
        _not_now(st)
    if not st.solo or arg > 1 or (arg == 0 and not st.ecubes) or (
            arg == 1 and st.ecubes >= ELEMENTAL_CUBES):
        raise Refused("C13", "no elemental cube to move that way")
    st.ecubes += 1 if arg else -1


def _check_points(st, arg):
    """C2/C3: a player's points on the card being checked, within the cubes they have
    not spent this round (C13: the elemental cubes too)."""
    if st.phase != CHECK:
        _not_now(st)
    p = arg & 3
    v = arg >> 2
    if p >= st.players or st.spent[p] + v > st.max_points():
        raise Refused("C2", "more points than that player's cubes")
    st.points[p] = v
    st.entered = True


def _check_resolve(st, arg):
    """C3 (C11 for an active, C13 solo): the card being checked goes to the highest sum,
    to type advantage in a tie, or to bull's eye; with no cubes it flees (C1), or its
    owner keeps it (C11)."""
    if st.phase != CHECK or arg:
        _not_now(st)
    n = st.players
    st.entered = True
    target = st.targets[st.tpos]
    pts = st.points
    win = -1  # the capturer
    how = H_FLED
    tied = None  # a tie to break (C3): the tied players, and the weakness that counts
    if st.solo:
        need = st.solo_need(st.slots[target])
        if pts[0] >= need:
            win = 0
            how = H_SOLO
    elif max(pts):
        top = max(pts)
        leaders = [p for p in range(n) if pts[p] == top]
        if target < ACTIVE_TARGET:
            if len(leaders) == 1:
                win = leaders[0]
                how = H_POINTS
            else:
                tied = leaders
                w = st.slots[target] & 15
        else:
            owner = target - ACTIVE_TARGET
            rivals = [p for p in leaders if p != owner]
            munch = [p for p in rivals if st.active_card(p) & MUNCHKEY]
            if owner in leaders:
                # C11: the owner wins a tie on their own active, unless an active
                # Munchkey or Munchkong among the tied rivals wins it.
                rivals = munch
                how = H_KEPT
            elif len(rivals) > 1 and munch:
                rivals = munch
            if len(rivals) == 1:
                win = rivals[0]
                how = H_MUNCHKEY if len(leaders) > 1 else H_POINTS
            elif rivals:
                tied = rivals
                w = st.active_card(owner) & 15
    if tied:
        # C3: type advantage among the tied; exactly one wins; else bull's eye among
        # those with the advantage, or among all tied when none has it.
        adv = []
        if w:
            bit = 1 << (w - 1)
            adv = [p for p in tied if st.active_card(p) >> 4 & 255 & bit]
        if len(adv) != 1:
            st.tied = adv or tied
            st.phase = BULLSEYE
            return
        win = adv[0]
        how = H_TYPE
    if win >= 0:
        st._capture(win, how)
        return
    if target < ACTIVE_TARGET:
        st.slots[target] = NO_CARD  # C1/C3: an uncaptured wild card flees
        st.fled += 1
    else:
        how = H_KEPT
    st.results.append((target, -1, how))
    st._capture(-1, 0)


def _check_bullseye(st, arg):
    """C3: a tie the type advantage left open goes to the tied player whose cube is
    closest to the target centre."""
    if st.phase != BULLSEYE or arg not in st.tied:
        _not_now(st)
    st._capture(arg, H_BULLSEYE)


def _check_take(st, arg):
    """C11: a starter cannot be captured; the capturer takes another card of that
    collection instead (arg its index), or nothing (0)."""
    if st.phase != TAKE:
        _not_now(st)
    owner = st.target() - ACTIVE_TARGET
    if arg >= len(st.collections[owner]):
        _not_now(st)
    if arg:
        card = st.collections[owner].pop(arg)
        st.collections[st.taker].append(card)
        st.results.append((st.target(), st.taker, H_TAKEN))
    else:
        st.results.append((st.target(), -1, H_KEPT))
    st._capture(-1, 0)  # the next target


def _check_advantage(st, arg):
    """C3: the tied players with type advantage, as the table reads the cards (arg their
    mask): exactly one captures, several go to bull's eye among them, none: all the tied
    do. Once per tie."""
    if st.phase != BULLSEYE or st.stated:
        _not_now(st)
    adv = [p for p in st.tied if arg >> p & 1]
    if arg >= 1 << st.players or len(adv) != _bits(arg):
        raise Refused("C3", "type advantage: some of the tied players")
    st.stated = True
    if len(adv) == 1:
        st._capture(adv[0], H_TYPE)
    elif adv:
        st.tied = adv


def _check_quick(st, arg):
    """A quick round: the players say who captured each card; every cube counts as
    thrown and the check starts (C13 solo: arg the elemental cubes left)."""
    if st.phase != THROW:
        _not_now(st)
    if arg > (ELEMENTAL_CUBES if st.solo else 0):
        raise Refused("C13", "elemental cubes left: 0-3, in the solo trials only")
    st.quick = True
    for p in range(st.players):
        st.geek[p] = 0
        st.hyper[p] = 0
    st.queue = []
    if st.solo:
        st.ecubes = arg
    st._start_check()


# Indexed by the action's kind (consts.py: A_DRAW 0 .. A_QUICK 14).
_STEPS = (_check_draw, _check_card, _check_number, _check_active, _check_go, _check_throw,
          _check_critical, _check_elemental, _check_ecube, _check_points, _check_resolve,
          _check_bullseye, _check_take, _check_advantage, _check_quick)


class TableState(CaptureState):
    """The rules core's state with the journal of the actions applied (4 bytes an
    action: the gadget's state does without it) and the tools' queries: current
    player (OpenSpiel ids), chance outcomes, is_legal, a standing by cards, clone,
    a text view."""

    def __init__(self, *config):
        CaptureState.__init__(self, *config)
        self.journal = array("i")

    def apply_action(self, action):
        """The core's apply_action (ValueError: state unchanged), then the
        action joins the journal."""
        CaptureState.apply_action(self, action)
        self.journal.append(action)

    def current_player(self):
        phase = self.phase_name()
        if phase == "draw":
            return CHANCE
        if phase == "over":
            return TERMINAL
        if phase == "throw":
            return self.thrower()
        if phase == "take":
            return self.taker
        return TABLE

    def is_chance(self):
        return self.phase_name() == "draw"

    def chance_outcomes(self):
        """[(action, probability)] of the next draw: Geekmons and encounters left."""
        if not self.is_chance():
            return []
        n = self.deck + self.encounters
        out = [(DRAW_GEEKMON, self.deck / n)]
        if self.encounters:
            out.append((DRAW_ENCOUNTER, self.encounters / n))
        return out

    def is_legal(self, action):
        try:
            self.clone().apply_action(action)
        except ValueError:
            return False
        return True

    def clone(self):
        """A copy with the journal's own copy (the rest: CaptureState.clone)."""
        s = super().clone()
        s.journal = array("i", self.journal)
        return s

    def __str__(self):
        if self.is_terminal():
            return "game over{}: cards {}".format(
                " (lost)" if self.lost else "",
                " ".join(str(len(x)) for x in self.collections))
        return "round {} first {} {} | deck {}+{} | slots {} | cubes {}".format(
            self.round + 1, self.first + 1, self.phase_name(), self.deck,
            self.encounters,
            "".join("." if x == NO_CARD else ("*" if x & LUMINOUS else "o")
                    for x in self.slots),
            " ".join("{}g{}h".format(self.geek[p], self.hyper[p])
                     for p in range(self.players)))


def _bits(mask):
    n = 0
    while mask:
        n += mask & 1
        mask >>= 1
    return n


# -- the interface shared by the three rules cores ---------------------------------------
def legal_steps(state):
    """The actions legal now, the draws' outcomes too (chance); card descriptions, facts
    read off the cards, are left out (CaptureState.legal_actions)."""
    return state.legal_actions()


def apply_step(state, step):
    """Apply one action in place; ValueError "C3: why" (the ruling first) if the rules
    refuse it, the state unchanged."""
    try:
        state.apply_action(step)
    except Refused as e:
        raise ValueError(e.ruling + ": " + e.why) from None


def is_over(state):
    """C1: the deck ran out this round, or C13: the solo trials were lost."""
    return state.phase == OVER


def scores(state):
    """The cards each seat has collected (starter included: C10 counts them too)."""
    return [len(c) for c in state.collections]


def new_initial_state(players=2, starter_stages=None, first=0, wicked=False, arena=0,
                      starters=None):
    return TableState(players, starter_stages, first, wicked, arena, starters)


def wild_cards(players, starter_stages):
    """C1/C13: the Geekmons of the deck: 10 wild cards per player (solo 34) and the
    starters' evolutions (the deck also holds the 2 encounter cards)."""
    wild = SOLO_WILD if players == 1 else WILD_PER_PLAYER * players
    for s in starter_stages:
        wild += s - 1
    return wild


def rounds_for(players, starter_stages):
    """C1/C13: rounds a game lasts (6 wild cards a round until the deck runs out)."""
    return (wild_cards(players, starter_stages) + SLOTS - 1) // SLOTS


def replay(config, journal, marks=None):
    """Rebuild a game from its config tuple and journal; ValueError names the bad entry.
    With `marks` (new_marks()), the state is noted after each entry."""
    return fold(TableState(*config), journal, marks)


def entries_page(state):
    """The Marks key of a TableState: a copy every MARK_ENTRIES journal entries."""
    return len(state.journal) // MARK_ENTRIES


def new_marks():
    """Copies of a TableState at its last few pages of entries, for a cheap undo."""
    return Marks(entries_page, MARKS_KEPT)


def last_decision(state):
    """Journal index of the last entry that is not a draw, or -1."""
    journal = state.journal
    for i in range(len(journal) - 1, -1, -1):
        if journal[i] & 31 != A_DRAW:
            return i
    return -1


def undo(state, marks=None):
    """(previous state, removed entries): the last entry that is not a draw, and the
    draws after it, are taken back; None when there is nothing to take back. With
    `marks` (new_marks(), noted after each entry) only the entries from the latest copy
    before the cut are replayed, and the marks follow the cut."""
    cut = last_decision(state)
    if cut < 0:
        return None
    journal = state.journal
    got = marks.before(cut) if marks is not None else None
    at, prev = got if got is not None else (0, TableState(*state.config))
    fold(prev, journal[at:cut], marks, at)
    return prev, list(journal[cut:])


def play_chance(state, randbelow):
    """Resolve draws with `randbelow(n)` -> 0..n-1 (the caller's RNG): a card is drawn
    uniformly from the Geekmons and encounter cards left. Returns how many."""
    n = 0
    while state.is_chance():
        left = state.deck + state.encounters
        state.apply_action(DRAW_ENCOUNTER if randbelow(left) < state.encounters else DRAW_GEEKMON)
        n += 1
    return n

