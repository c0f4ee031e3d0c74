"""Geekmon Capture rules core: one game as a state folded over a journal of actions.

Pure and deterministic, shaped like the Masters core (OpenSpiel: current player or
CHANCE/TERMINAL, legal actions, chance outcomes, apply_action). CaptureState holds what
a game needs (the gadget's state: the gadget keeps its own journal, games/capture_fold.py);
the states the tools make (new_initial_state, replay) are TableState, which adds the
journal of the actions applied (.journal, an array of ints), the OpenSpiel-style queries,
is_legal, clone and a text view (capture_score.py, loaded on first use through this
module's __getattr__). Deck draws are chance
actions written to the journal, so replaying a journal rebuilds the game and undo is a
replay. Everything the table does is an action a few-button gadget can enter: which
cube a player throws, a critical catch, a cube landing in an elemental zone, the points
each player has on each card, the bull's eye answer. Rulings C1-C3, C11, C13 (RULES.md);
end-of-game points are capture_score's job (C4-C10, C12).

Actions and card traits are ints, defined in capture_actions (re-exported here, so
`capture.throw_action(...)` works; the core itself runs without that module in RAM).
"""

from micropython import const

# The action ids and trait bits of capture_actions.py (the journal's format, fixed),
# here as compile-time constants, and its builders written out where they are used:
# the core runs without that module in RAM. Every public name of capture_actions
# (A_DRAW, card_action, action_text...) is re-exported through this module's __getattr__.
# A traits int t: types t >> 4 & 255 (types_of), weakness t & 15 (weakness_of).
_A_ACTIVE = const(3)
_A_BULLSEYE = const(11)
_A_CARD = const(1)
_A_CRITICAL = const(6)
_A_DRAW = const(0)
_A_ECUBE = const(8)
_A_ELEMENTAL = const(7)
_A_NUMBER = const(2)
_A_POINTS = const(9)
_A_TAKE = const(12)
_A_THROW = const(5)
_ACTIVE_TARGET = const(8)
_DRAW_ENCOUNTER = const(32)
_DRAW_GEEKMON = const(0)
_GEEK = const(0)
_GO = const(4)
_HYPER = const(1)
_LEGENDARY = const(4096)
_LUMINOUS = const(16384)
_MUNCHKEY = const(8192)
_N_SHIFT = const(15)
_RESOLVE = const(10)

# The tools' constants (CHANCE, TABLE, TERMINAL, MAX_PLAYERS, SLOTS, WILD_PER_PLAYER,
# SOLO_WILD, CUBES, ELEMENTAL_CUBES, NO_CARD, PHASE_NAMES, HOW_NAMES) live in
# capture_score.py and come through this module's __getattr__: every global name here is
# one more name the gadget interns for good while a game is played.
_MAX_PLAYERS = const(4)
_SLOTS = const(6)  # C1: wild Geekmons per round
_WILD_PER_PLAYER = const(10)  # C1: one set of 10 per player
_SOLO_WILD = const(34)  # C13 (rulebook solo set-up): 3 sets plus 4 more cards
_ENCOUNTERS = const(2)
_ECUBES = const(3)  # C13: elemental cubes
_NO_CARD = const(-1)

# Phases.
_DRAW = const(0)
_SETUP = const(1)
_THROW = const(2)
_CHECK = const(3)
_BULLSEYE = const(4)
_TAKE = const(5)
_OVER = const(6)

# How a target ended: the third item of each results entry, named by capture_score.HOW_NAMES[how].
_H_CRITICAL = const(1)
_H_POINTS = const(2)  # the highest sum, alone
_H_TYPE = const(3)  # tie won by type advantage
_H_BULLSEYE = const(4)
_H_FLED = const(5)  # no cubes (or, solo, too few points): the wild card flees
_H_KEPT = const(6)  # C11: the owner keeps their active Geekmon
_H_MUNCHKEY = const(7)  # C11: tie won by an active Munchkey or Munchkong
_H_TAKEN = const(8)  # C11: another card taken in place of a starter
_H_SOLO = const(9)  # C13: the threshold is met

class CaptureState:
    """A whole game: deck, round, wild cards, cubes, collections and the capture check.

    Few methods: each method, argument and global name is interned for good on the
    gadget, so the transitions are written out in apply_action (the helpers left are
    the ones several transitions share)."""

    def __init__(self, players=2, stages=None, first=0, wicked=False, arena=0,
                 starters=None):
        if not 1 <= players <= _MAX_PLAYERS:
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
        # C1: 10 wild cards per player (C13 solo: 34), the starters' evolutions, 2 encounters.
        wild = _SOLO_WILD if self.solo else _WILD_PER_PLAYER * players
        for s in stages:
            wild += s - 1
        self.deck = wild
        self.encounters = _ENCOUNTERS
        self.luminous_next = 0
        self.cubes = (8, 4) if self.solo else (4, 2)  # C2 (geek, hyper) per round; C13 solo
        self.round = 0
        self.first = first
        self.phase = _DRAW
        self.slots = [_NO_CARD] * _SLOTS
        self.drawn = 0
        self.collections = [[starters[p]] for p in range(players)]
        self.active = bytearray(players)
        self.geek = bytearray(players)
        self.hyper = bytearray(players)
        self.turn = first
        self.last_thrower = first
        self.queue = []  # rethrows owed (player | kind<<2), C12 elemental zones
        self.ecubes = _ECUBES if self.solo else 0
        self.targets = []
        self.tpos = 0
        self.points = bytearray(players)
        self.spent = bytearray(players)
        self.entered = False  # a points entry or a check happened this capture check
        self.tied = []
        self.taker = -1
        self.results = []  # this round: (target, winner or -1, how)
        self.fled = 0  # wild cards that fled, whole game
        self.lost = False

    # -- queries (the tools' OpenSpiel-style ones: capture_score.TableState) -------------
    def is_terminal(self):
        return self.phase == _OVER

    def phase_name(self):
        return ("draw", "setup", "throw", "check", "bullseye", "take", "over")[self.phase]

    def thrower(self):
        """Who throws next: an owed elemental rethrow first, else the seat in turn."""
        if self.queue:
            return self.queue[0] & 3
        return self.turn

    def max_points(self):
        """Most points one player can have on a card (and in a round): every cube, plus
        the three elemental cubes in solo (C13)."""
        g, h = self.cubes
        return g + 2 * h + (_ECUBES if self.solo else 0)

    def target(self):
        """The target being checked (slot 0-5, or ACTIVE_TARGET + p), or -1."""
        if self.phase in (_CHECK, _BULLSEYE, _TAKE) and self.tpos < len(self.targets):
            return self.targets[self.tpos]
        return -1

    def active_card(self, p):
        return self.collections[p][self.active[p]]

    def legal_actions(self):
        """Every legal action except card descriptions (A_CARD, A_NUMBER), which are
        facts read off the cards rather than choices; is_legal checks those too."""
        phase = self.phase
        acts = []
        if phase == _DRAW:  # the chance outcomes: a Geekmon, an encounter card if any left
            acts.append(_DRAW_GEEKMON)
            if self.encounters:
                acts.append(_DRAW_ENCOUNTER)
            return acts
        if phase == _SETUP:
            for p in range(self.players):
                n = 1 if self.round == 0 else len(self.collections[p])
                for i in range(n):
                    if i != self.active[p]:
                        acts.append(_A_ACTIVE | (p | i << 2) << 5)
            acts.append(_GO)
            return acts
        # Throw-time facts (critical catch, elemental zones) may still be entered: while
        # throwing, and at the capture check until its first entry (the last cube thrown
        # may have made a critical catch or landed in a zone).
        if phase == _THROW or (phase == _CHECK and not self.entered):
            if phase == _THROW:
                p = self.thrower()
                if self.queue:
                    acts.append(_A_THROW | (self.queue[0] >> 2) << 5)
                else:
                    if self.geek[p]:
                        acts.append(_A_THROW | _GEEK << 5)
                    if self.hyper[p]:
                        acts.append(_A_THROW | _HYPER << 5)
            for t in self._present():
                for c in range(self.players):
                    # C3 a wild card on the table; C11 an opponent's active, not a starter
                    # (no critical catch icon).
                    if t < _ACTIVE_TARGET or (t - _ACTIVE_TARGET != c
                                              and self.active[t - _ACTIVE_TARGET]):
                        acts.append(_A_CRITICAL | (t | c << 4) << 5)
            if self.arena:
                for p in range(self.players):
                    # cubes of each kind thrown and not got back this round
                    if self.cubes[0] > self.geek[p]:
                        acts.append(_A_ELEMENTAL | p << 5)
                    if self.cubes[1] > self.hyper[p]:
                        acts.append(_A_ELEMENTAL | (p | 4) << 5)
            if self.solo:
                if self.ecubes:
                    acts.append(_A_ECUBE)
                if self.ecubes < _ECUBES:
                    acts.append(_A_ECUBE | 1 << 5)
        if phase == _CHECK:
            cap = self.max_points()
            for p in range(self.players):
                room = cap - self.spent[p]
                for v in range(room + 1):
                    if v != self.points[p]:
                        acts.append(_A_POINTS | (p | v << 2) << 5)
            acts.append(_RESOLVE)
        elif phase == _BULLSEYE:
            for p in self.tied:
                acts.append(_A_BULLSEYE | p << 5)
        elif phase == _TAKE:
            owner = self.target() - _ACTIVE_TARGET
            for i in range(len(self.collections[owner])):
                acts.append(_A_TAKE | i << 5)
        return acts

    # -- helpers ----------------------------------------------------------------------
    def _present(self):
        """Targets still in play: wild cards on the table, then (C11) every active."""
        out = [i for i in range(_SLOTS) if self.slots[i] != _NO_CARD]
        if self.wicked:
            for p in range(self.players):
                out.append(_ACTIVE_TARGET + p)
        return out

    # -- transitions --------------------------------------------------------------------
    def apply_action(self, action):
        """Apply one journal entry; an illegal action raises ValueError, state unchanged."""
        if type(action) is not int or action < 0:
            raise ValueError("not an action")
        kind = action & 31
        arg = action >> 5
        phase = self.phase
        if phase == _OVER:
            raise ValueError("game over")
        if phase == _DRAW:
            if kind != _A_DRAW or arg > 1 or (arg and not self.encounters):
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
                    t = _LUMINOUS
                self.slots[self.drawn] = t
                self.drawn += 1
            if self.drawn == _SLOTS or not self.deck:
                self.phase = _SETUP
            return
        if kind == _A_CARD or kind == _A_NUMBER:
            slot = arg & 7
            if phase not in (_SETUP, _THROW, _CHECK) or slot >= _SLOTS or self.slots[slot] == _NO_CARD:
                raise ValueError("no wild card in that place")
            old = self.slots[slot]
            if kind == _A_CARD:
                w = (arg >> 3) & 15
                if w > 8 or arg >> 17:
                    raise ValueError("bad card description")
                # traits(): weakness, types, legendary and Munchkey bits
                new = (old & (_LUMINOUS | 1023 << _N_SHIFT)) | w | ((arg >> 7) & 255) << 4 \
                    | (arg >> 15 & 1) << 12 | (arg >> 16 & 1) << 13
            else:
                if not 0 <= arg >> 3 <= 999:
                    raise ValueError("card numbers are 1-999")
                new = (old & ~(1023 << _N_SHIFT)) | (arg >> 3) << _N_SHIFT
            self.slots[slot] = new
            return
        n = self.players
        if phase == _SETUP:
            if kind == _A_ACTIVE:
                p = arg & 3
                i = arg >> 2
                if p >= n or i >= len(self.collections[p]):
                    raise ValueError("no such card in that collection")
                if self.round == 0 and i != 0:
                    raise ValueError("the first round's active Geekmon is the starter")
                self.active[p] = i
                return
            if action == _GO:
                g, h = self.cubes
                for p in range(n):
                    self.geek[p] = g
                    self.hyper[p] = h
                self.turn = self.first  # C2: the round's first player starts
                self.last_thrower = self.first
                self.queue = []
                self.results = []
                self.phase = _THROW
                return
            raise ValueError("choose the active Geekmons, then throw")
        if kind in (_A_CRITICAL, _A_ELEMENTAL, _A_ECUBE) and (
                phase == _THROW or (phase == _CHECK and not self.entered)):
            # Throw-time facts (see legal_actions): validated, then applied.
            if kind == _A_CRITICAL:
                target = arg & 15
                c = arg >> 4  # the catcher
                owner = target - _ACTIVE_TARGET
                if c >= n or target not in self._present() or (
                        target >= _ACTIVE_TARGET and (owner == c or not self.active[owner])):
                    raise ValueError("no critical catch possible there")
                # C3: captured at once; the place stays empty until the next round.
                if target < _ACTIVE_TARGET:
                    card = self.slots[target]
                    self.slots[target] = _NO_CARD
                else:
                    card = self.collections[owner].pop(self.active[owner])
                    self.active[owner] = 0  # C11: the starter takes its place
                self.collections[c].append(card)
                self.results.append((target, c, _H_CRITICAL))
                if phase == _CHECK:
                    self._start_check()
            elif kind == _A_ELEMENTAL:
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
                self.phase = _THROW
            # A_ECUBE (C13)
            elif not self.solo or arg > 1 or (arg == 0 and not self.ecubes) or (
                    arg == 1 and self.ecubes >= _ECUBES):
                raise ValueError("no elemental cube to move that way")
            else:
                self.ecubes += 1 if arg else -1
            return
        if phase == _THROW:
            if kind != _A_THROW or arg > 1:
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
        if phase == _CHECK:
            if kind == _A_POINTS:
                p = arg & 3
                v = arg >> 2
                if p >= n or self.spent[p] + v > self.max_points():
                    raise ValueError("more points than that player's cubes")
                self.points[p] = v
                self.entered = True
                return
            if action != _RESOLVE:
                raise ValueError("enter points or check the card")
            self.entered = True
            # C3 (C11 for an active, C13 solo) for the target being checked: who captures
            # it and how, or a tie (bull's eye), or it flees (C1/C3) or its owner keeps it
            # (C11).
            target = self.targets[self.tpos]
            pts = self.points
            win = -1  # the capturer
            how = _H_FLED
            tied = None  # a tie to break (C3): the tied players, and the weakness that counts
            if self.solo:
                card = self.slots[target]
                act = self.active_card(0) >> 4 & 255
                need = 2  # C13
                if card & _LEGENDARY:
                    need += 1
                if self.arena and card >> 4 & 255 & (1 << (self.arena - 1)):
                    need += 1
                w = card & 15
                if w and act & (1 << (w - 1)):
                    need -= 1
                if pts[0] >= need:
                    win = 0
                    how = _H_SOLO
            elif max(pts):
                top = max(pts)
                leaders = [p for p in range(n) if pts[p] == top]
                if target < _ACTIVE_TARGET:
                    if len(leaders) == 1:
                        win = leaders[0]
                        how = _H_POINTS
                    else:
                        tied = leaders
                        w = self.slots[target] & 15
                else:
                    owner = target - _ACTIVE_TARGET
                    rivals = [p for p in leaders if p != owner]
                    munch = [p for p in rivals if self.active_card(p) & _MUNCHKEY]
                    if owner in leaders:
                        # C11: the owner wins a tie on their own active, unless an active
                        # Munchkey or Munchkong among the tied rivals wins it.
                        rivals = munch
                        how = _H_KEPT
                    elif len(rivals) > 1 and munch:
                        rivals = munch
                    if len(rivals) == 1:
                        win = rivals[0]
                        how = _H_MUNCHKEY if len(leaders) > 1 else _H_POINTS
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
                    self.phase = _BULLSEYE
                    return
                win = adv[0]
                how = _H_TYPE
            if win >= 0:
                self._capture(win, how)
                return
            if target < _ACTIVE_TARGET:
                self.slots[target] = _NO_CARD  # C1/C3: an uncaptured wild card flees
                self.fled += 1
            else:
                how = _H_KEPT
            self.results.append((target, -1, how))
            self._capture(-1, 0)
            return
        if phase == _BULLSEYE:
            if kind != _A_BULLSEYE or arg not in self.tied:
                raise ValueError("bull's eye: one of the tied players")
            self._capture(arg, _H_BULLSEYE)
            return
        if phase == _TAKE:
            owner = self.target() - _ACTIVE_TARGET
            if kind != _A_TAKE or arg >= len(self.collections[owner]):
                raise ValueError("take a card of that collection, or nothing")
            if arg:
                card = self.collections[owner].pop(arg)
                self.collections[self.taker].append(card)
                self.results.append((self.target(), self.taker, _H_TAKEN))
            else:
                self.results.append((self.target(), -1, _H_KEPT))
            self._capture(-1, 0)  # the next target
            return
        raise ValueError("not now")

    def _start_check(self):
        self.phase = _CHECK
        self.targets = self._present()
        self.tpos = -1  # _capture(-1, 0) below moves to the first target
        self.entered = False
        for p in range(self.players):
            self.points[p] = 0
            self.spent[p] = 0
        self._capture(-1, 0)

    def _capture(self, p, kind):
        """Player p captures the target being checked (a C11 starter: another card of
        that collection may be taken instead); then the next target. p -1: only the
        next target (the points entered are spent, C2), or the end of the round."""
        if p >= 0:
            target = self.targets[self.tpos]
            if target < _ACTIVE_TARGET:
                self.collections[p].append(self.slots[target])
                self.slots[target] = _NO_CARD
                self.results.append((target, p, kind))
            else:
                owner = target - _ACTIVE_TARGET
                if self.active[owner] == 0:
                    # C11: a starter cannot be captured; another card of that collection
                    # may be taken instead, if there is one.
                    if len(self.collections[owner]) > 1:
                        self.taker = p
                        self.phase = _TAKE
                        return
                    self.results.append((target, -1, _H_KEPT))
                else:
                    card = self.collections[owner].pop(self.active[owner])
                    self.active[owner] = 0  # C11: replaced by the starter
                    self.collections[p].append(card)
                    self.results.append((target, p, kind))
        for q in range(self.players):
            self.spent[q] += self.points[q]
            self.points[q] = 0
        self.tied = []
        self.taker = -1
        self.tpos += 1
        self.phase = _CHECK
        if self.tpos < len(self.targets):
            return
        # The round ends.
        for i in range(_SLOTS):
            self.slots[i] = _NO_CARD
        if self.solo and self.ecubes:
            self.lost = True  # C13: elemental cubes left in the zones lose the game
            self.phase = _OVER
            return
        if not self.deck:
            self.phase = _OVER  # C1: the deck ran out this round
            return
        self.round += 1
        self.first = (self.first + 1) % self.players  # C2
        self.drawn = 0
        self.ecubes = _ECUBES if self.solo else 0
        self.targets = []
        self.tpos = 0
        self.phase = _DRAW


def __getattr__(name):
    """capture_actions' names (A_DRAW, card_action, action_text...), and the tools'
    constants and helpers (new_initial_state, rounds_for, replay, last_decision, undo,
    play_chance, TableState: this state with current_player, is_chance, chance_outcomes,
    is_legal, winners_by_cards, clone and a text view), which live in capture_score.py,
    imported on first use: the gadget's heap holds only what a game needs
    (docs/gadget-capture.md). The modules are named by strings, not identifiers: their
    names are interned only when they are imported."""
    if name.startswith("_"):
        raise AttributeError(name)
    mod = __import__("geekout.rules.capture_actions", None, None, ("*",))
    if hasattr(mod, name):
        return getattr(mod, name)
    return getattr(__import__("geekout.rules.capture_score", None, None, ("*",)), name)
