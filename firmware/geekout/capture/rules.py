"""Geekmon Capture rules core: one game as a state folded over a journal of actions.

Pure and deterministic, shaped like the Masters core (OpenSpiel: current player or
CHANCE/TERMINAL, legal actions, chance outcomes, apply_action). CaptureState is a game
as the gadget keeps it, with clone (the gadget journals steps of actions itself: steps.py); the
tools' states (new_initial_state, replay) are TableState, which adds the journal of the
actions applied (.journal, an array of ints), the OpenSpiel-style queries, is_legal,
clone and a text view. Deck draws are chance actions written to the journal, so
replaying a journal rebuilds the game and undo is a replay (from the latest copy kept:
new_marks). Everything the table does is
an action a few-button gadget can enter: which cube a player throws, a critical catch, a
cube landing in an elemental zone, the points each player has on each card, the tied
players with type advantage, the bull's eye answer; or, in a quick round, no throws and
the capturer of each card as its only points. Rulings C1-C3, C11, C13 (RULES.md);
end-of-game points are score.py's job (C4-C10, C12). Actions and card traits are ints:
consts.py, actions.py.
"""

from array import array

from micropython import const

from geekout.capture.consts import (
    A_ACTIVE,
    A_ADVANTAGE,
    A_BULLSEYE,
    A_CARD,
    A_CRITICAL,
    A_DRAW,
    A_ECUBE,
    A_ELEMENTAL,
    A_NUMBER,
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
from geekout.replay import Marks, fold

MARK_ENTRIES = const(16)  # a TableState's marks: one every 16 entries (new_marks)
MARKS_KEPT = const(3)


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
        s = type(self)(*self.config)
        for name in ("deck", "encounters", "luminous_next", "round", "first", "phase",
                     "drawn", "turn", "last_thrower", "ecubes", "tpos", "entered",
                     "taker", "fled", "lost", "quick", "stated"):
            setattr(s, name, getattr(self, name))
        s.slots = list(self.slots)
        s.collections = [list(x) for x in self.collections]
        s.active = bytearray(self.active)
        s.geek = bytearray(self.geek)
        s.hyper = bytearray(self.hyper)
        s.queue = list(self.queue)
        s.targets = list(self.targets)
        s.points = bytearray(self.points)
        s.spent = bytearray(self.spent)
        s.gone = bytearray(self.gone)
        s.tied = list(self.tied)
        s.results = list(self.results)
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
        """Apply one journal entry; an illegal action raises ValueError, state unchanged."""
        if type(action) is not int or action < 0:
            raise ValueError("not an action")
        kind = action & 31
        arg = action >> 5
        phase = self.phase
        if phase == OVER:
            raise ValueError("game over")
        if phase == DRAW:
            if kind != A_DRAW or arg > 1 or (arg and not self.encounters):
                raise ValueError("a draw is a Geekmon or an encounter card left in the deck")
            # C1: an encounter card makes the next Geekmon drawn luminous (two: the next two).
            if arg:
                self.encounters -= 1
                self.luminous_next += 1
            else:
                self.deck -= 1
                t = 0
                if self.luminous_next:
                    self.luminous_next -= 1
                    t = LUMINOUS
                self.slots[self.drawn] = t
                self.drawn += 1
            if self.drawn == SLOTS or not self.deck:
                self.phase = SETUP
            return
        if kind == A_CARD or kind == A_NUMBER:
            slot = arg & 7
            if phase not in (SETUP, THROW, CHECK) or slot >= SLOTS or self.slots[slot] == NO_CARD:
                raise ValueError("no wild card in that place")
            old = self.slots[slot]
            if kind == A_CARD:
                w = (arg >> 3) & 15
                if w > 8 or arg >> 17:
                    raise ValueError("bad card description")
                # traits(): weakness, types, legendary and Munchkey bits
                new = (old & (LUMINOUS | 1023 << N_SHIFT)) | w | ((arg >> 7) & 255) << 4 \
                    | (arg >> 15 & 1) << 12 | (arg >> 16 & 1) << 13
            else:
                if not 0 <= arg >> 3 <= 999:
                    raise ValueError("card numbers are 1-999")
                new = (old & ~(1023 << N_SHIFT)) | (arg >> 3) << N_SHIFT
            self.slots[slot] = new
            return
        n = self.players
        if phase == SETUP:
            if kind == A_ACTIVE:
                p = arg & 3
                i = arg >> 2
                if p >= n or i >= len(self.collections[p]):
                    raise ValueError("no such card in that collection")
                if self.round == 0 and i != 0:
                    raise ValueError("the first round's active Geekmon is the starter")
                self.active[p] = i
                return
            if action == GO:
                g, h = self.cubes
                for p in range(n):
                    self.geek[p] = g
                    self.hyper[p] = h
                self.turn = self.first  # C2: the round's first player starts
                self.last_thrower = self.first
                self.queue = []
                self.results = []
                self.quick = False
                for i in range(2 * n):
                    self.gone[i] = 0
                self.phase = THROW
                return
            raise ValueError("choose the active Geekmons, then throw")
        early = phase == THROW or (phase == CHECK and not self.entered)
        if (kind == A_CRITICAL and (early or (phase == CHECK and self.quick))) or (
                kind in (A_ELEMENTAL, A_ECUBE) and early and not self.quick):
            # Throw-time facts (see legal_actions): validated, then applied.
            if kind == A_CRITICAL:
                target = arg & 15
                c = arg >> 4 & 3  # the catcher
                k = arg >> 6  # the cube on the icon: 0 not said, 1 geekcube, 2 hypercube
                owner = target - ACTIVE_TARGET
                if c >= n or k > 2 or target not in self._present() or (
                        target >= ACTIVE_TARGET and (owner == c or not self.active[owner])) or (
                        not early and target != self.target()):
                    raise ValueError("no critical catch possible there")
                if k and self.on_table(c, k - 1) < 1:
                    raise ValueError("no such cube of that player thrown")
                # C3: captured at once; the place stays empty until the next round; the
                # cube on the icon leaves the table with the card.
                if k:
                    self.gone[2 * c + k - 1] += 1
                if target < ACTIVE_TARGET:
                    card = self.slots[target]
                    self.slots[target] = NO_CARD
                else:
                    card = self.collections[owner].pop(self.active[owner])
                    self.active[owner] = 0  # C11: the starter takes its place
                self.collections[c].append(card)
                self.results.append((target, c, H_CRITICAL))
                if not early:
                    self._capture(-1, 0)  # a quick round: the next card
                elif phase == CHECK:
                    self._start_check()
            elif kind == A_ELEMENTAL:
                p = arg & 3
                k = arg >> 2
                if not self.arena or p >= n or k > 1 or not (
                        self.cubes[k] - (self.hyper[p] if k else self.geek[p])):
                    raise ValueError("no thrown cube of that player to take back")
                # C12 arena: the cube comes back and is thrown again at once; several owed
                # rethrows go from the active player clockwise.
                if k:
                    self.hyper[p] += 1
                else:
                    self.geek[p] += 1
                q = self.queue
                d = (p - self.last_thrower) % n
                at = len(q)
                for i in range(len(q)):
                    if (((q[i] & 3) - self.last_thrower) % n) > d:
                        at = i
                        break
                q.insert(at, p | k << 2)
                self.phase = THROW
            # A_ECUBE (C13)
            elif not self.solo or arg > 1 or (arg == 0 and not self.ecubes) or (
                    arg == 1 and self.ecubes >= ELEMENTAL_CUBES):
                raise ValueError("no elemental cube to move that way")
            else:
                self.ecubes += 1 if arg else -1
            return
        if phase == THROW and kind == A_QUICK:
            # A quick round: the players say who captured each card; every cube counts
            # as thrown and the check starts (solo, C13: with the elemental cubes left).
            if arg > (ELEMENTAL_CUBES if self.solo else 0):
                raise ValueError("elemental cubes left: 0-3, in the solo trials only")
            self.quick = True
            for p in range(n):
                self.geek[p] = 0
                self.hyper[p] = 0
            self.queue = []
            if self.solo:
                self.ecubes = arg
            self._start_check()
            return
        if phase == THROW:
            if kind != A_THROW or arg > 1:
                raise ValueError("throw a cube")
            p = self.thrower()
            if self.queue:
                if arg != self.queue[0] >> 2:
                    raise ValueError("rethrow the cube from the elemental zone")
            elif not (self.hyper[p] if arg else self.geek[p]):
                raise ValueError("no such cube left")
            if arg:
                self.hyper[p] -= 1
            else:
                self.geek[p] -= 1
            self.last_thrower = p
            if self.queue:
                self.queue.pop(0)
            else:
                # C2: one cube at a time, clockwise; players with no cubes left are passed.
                for step in range(1, n + 1):
                    q = (p + step) % n
                    if self.geek[q] or self.hyper[q]:
                        self.turn = q
                        break
            if self.queue:
                return
            for p in range(n):
                if self.geek[p] or self.hyper[p]:
                    return
            self._start_check()
            return
        if phase == CHECK:
            if kind == A_POINTS:
                p = arg & 3
                v = arg >> 2
                if p >= n or self.spent[p] + v > self.max_points():
                    raise ValueError("more points than that player's cubes")
                self.points[p] = v
                self.entered = True
                return
            if action != RESOLVE:
                raise ValueError("enter points or check the card")
            self.entered = True
            # C3 (C11 for an active, C13 solo) for the target being checked: who captures
            # it and how, or a tie (bull's eye), or it flees (C1/C3) or its owner keeps it
            # (C11).
            target = self.targets[self.tpos]
            pts = self.points
            win = -1  # the capturer
            how = H_FLED
            tied = None  # a tie to break (C3): the tied players, and the weakness that counts
            if self.solo:
                need = self.solo_need(self.slots[target])
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
                        w = self.slots[target] & 15
                else:
                    owner = target - ACTIVE_TARGET
                    rivals = [p for p in leaders if p != owner]
                    munch = [p for p in rivals if self.active_card(p) & MUNCHKEY]
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
                        w = self.active_card(owner) & 15
            if tied:
                # C3: type advantage among the tied; exactly one wins; else bull's eye among
                # those with the advantage, or among all tied when none has it.
                adv = []
                if w:
                    bit = 1 << (w - 1)
                    adv = [p for p in tied if self.active_card(p) >> 4 & 255 & bit]
                if len(adv) != 1:
                    self.tied = adv or tied
                    self.phase = BULLSEYE
                    return
                win = adv[0]
                how = H_TYPE
            if win >= 0:
                self._capture(win, how)
                return
            if target < ACTIVE_TARGET:
                self.slots[target] = NO_CARD  # C1/C3: an uncaptured wild card flees
                self.fled += 1
            else:
                how = H_KEPT
            self.results.append((target, -1, how))
            self._capture(-1, 0)
            return
        if phase == BULLSEYE:
            if kind == A_ADVANTAGE and not self.stated:
                # C3: the tied players with type advantage, as the table reads the cards:
                # exactly one captures, several go to bull's eye among them, none: all
                # the tied do.
                adv = [p for p in self.tied if arg >> p & 1]
                if arg >= 1 << n or len(adv) != _bits(arg):
                    raise ValueError("type advantage: some of the tied players")
                self.stated = True
                if len(adv) == 1:
                    self._capture(adv[0], H_TYPE)
                elif adv:
                    self.tied = adv
                return
            if kind != A_BULLSEYE or arg not in self.tied:
                raise ValueError("bull's eye: one of the tied players")
            self._capture(arg, H_BULLSEYE)
            return
        if phase == TAKE:
            owner = self.target() - ACTIVE_TARGET
            if kind != A_TAKE or arg >= len(self.collections[owner]):
                raise ValueError("take a card of that collection, or nothing")
            if arg:
                card = self.collections[owner].pop(arg)
                self.collections[self.taker].append(card)
                self.results.append((self.target(), self.taker, H_TAKEN))
            else:
                self.results.append((self.target(), -1, H_KEPT))
            self._capture(-1, 0)  # the next target
            return
        raise ValueError("not now")

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

    def winners_by_cards(self):
        """Seats holding the most cards (a quick standing; final points: score)."""
        counts = [len(x) for x in self.collections]
        best = max(counts)
        return [p for p in range(self.players) if counts[p] == best]

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

