"""Geek Out! Masters rules core: one game as a state folded over a journal of actions.

Pure and deterministic (no I/O, no clock, no randomness inside), shaped like OpenSpiel's
games. Every die result is a chance action written to the journal, so replaying a
journal rebuilds the state exactly and undo is a replay (from the latest turn start
kept: new_marks). The table-dice scorepad (Scorepad) is folded here too. Runs unchanged
on MicroPython and CPython. Rulings cited as M1..M8 (docs/rules.md); the journal's byte
values and the game's other numbers are in consts.py. The interface of the three rules
cores (legal_steps, apply_step, is_over, scores): docs/developing.md, The rules cores.
"""

from micropython import const

from geekout.masters.consts import (
    BUST,
    CHANCE,
    CONTINUE,
    DICE,
    DRAGON,
    ENDED_BUST,
    ENDED_FORCED,
    ENDED_PASS,
    F42,
    FACE_NAMES,
    FACES,
    HEART,
    HEART_ACT,
    MAX_PLAYERS,
    MEEPLE,
    MEEPLE_ON,
    NO_TARGET,
    PASS,
    ROUNDS,
    SPACESHIP,
    START_ACTIVE,
    START_INACTIVE,
    SUPERHERO,
    SUPERHERO_ON,
    TERMINAL,
    TRACE,
    TRACE_END,
)
from geekout.replay import Marks, copy_fields, fold, rewind

# Phases.
_FIRST = const(0)  # chance picks the first seat (M8)
_ROLL = const(1)  # chance rolls the pending dice, one at a time
_RESOLVE = const(2)  # an action die is active: the player must resolve one (M3)
_DECIDE = const(3)  # PASS or CONTINUE (M6)
_OVER = const(4)

MARKS_KEPT = const(3)  # turn starts kept by new_marks()


def points_for(scored):
    """M7: n scored dice are worth the n-th triangular number."""
    return scored * (scored + 1) // 2


def action_actor(action):
    """The face of the die that performs a resolution action, or -1."""
    if action == HEART_ACT:
        return HEART
    if MEEPLE_ON <= action <= SUPERHERO_ON + NO_TARGET:
        return MEEPLE + ((action - MEEPLE_ON) >> 3)
    return -1


def resolve_action(actor, target):
    """The action id for `actor` (MEEPLE, SPACESHIP, SUPERHERO, HEART) on `target`."""
    if actor == HEART:
        return HEART_ACT
    return MEEPLE_ON + ((actor - MEEPLE) << 3) + target


def action_text(action):
    """Words for an action, as shown on the gadget and in host tools."""
    if action == PASS:
        return "PASS"
    if action == CONTINUE:
        return "CONTINUE"
    if action == HEART_ACT:
        return "HEART brings back a die"
    actor = action_actor(action)
    if actor < 0:
        return "?"
    target = action & 7
    name = FACE_NAMES[actor]
    if target == NO_TARGET:
        if actor == SPACESHIP:
            return "SPACESHIP destroys itself"
        return name + " alone: no effect"
    verb = (" rerolls the ", " removes the ", " flips the ")[actor - MEEPLE]
    return name + verb + FACE_NAMES[target]


# What clone() copies: the fields shared as they are, the lists and the bytearrays.
_SHARED = ("players", "first", "seat", "round", "played", "inactive", "used", "scored",
           "pending", "phase")
_LISTS = ("totals", "turns")
_ARRAYS = ("journal", "active", "last")


class MastersState:
    """A whole game: seats, rounds, totals, and the dice zones of the turn in play."""

    def __init__(self, players=1):
        if not 1 <= players <= MAX_PLAYERS:
            raise ValueError("players must be 1-4")
        self.players = players
        self.journal = bytearray()
        self.totals = [0] * players
        self.turns = []  # per finished turn: (seat, points, how it ended)
        self.first = 0
        self.seat = 0
        self.round = 0
        self.played = 0  # turns finished in this round
        self.active = bytearray(FACES)
        self.inactive = 0
        self.used = 0
        self.scored = 0
        self.pending = 0  # dice leaving a hand, about to land in active
        self.phase = _FIRST
        # The zones as they lay when the last turn ended (active faces 0-5, inactive, used,
        # scored): for a bust, the dice that caused it (the DRAGONs left, M4, or the lone
        # SPACESHIP, M3e), so the screens can show what happened.
        self.last = bytearray(9)

    # -- OpenSpiel-style queries -------------------------------------------------------
    def current_player(self):
        phase = self.phase
        if phase == _FIRST or phase == _ROLL:
            return CHANCE
        if phase == _OVER:
            return TERMINAL
        return self.seat

    def is_terminal(self):
        return self.phase == _OVER

    def is_chance(self):
        return self.phase == _FIRST or self.phase == _ROLL

    def chance_outcomes(self):
        """[(outcome, probability)]: every outcome of the chance node, equally likely."""
        n = self.players if self.phase == _FIRST else FACES
        if self.phase != _FIRST and self.phase != _ROLL:
            return []
        p = 1.0 / n
        return [(i, p) for i in range(n)]

    def legal_actions(self):
        phase = self.phase
        if phase == _FIRST:
            return list(range(self.players))
        if phase == _ROLL:
            return list(range(FACES))
        if phase == _DECIDE:
            return [PASS, CONTINUE]
        if phase != _RESOLVE:
            return []
        active = self.active
        acts = []
        if active[HEART]:
            acts.append(HEART_ACT)
        total = sum(active)
        for actor in (MEEPLE, SPACESHIP, SUPERHERO):
            if not active[actor]:
                continue
            base = MEEPLE_ON + ((actor - MEEPLE) << 3)
            if total == 1:  # M3e: the lone die has no other die to act on
                acts.append(base + NO_TARGET)
                continue
            for t in range(FACES):
                if active[t] - (t == actor) > 0:  # "another" active die
                    acts.append(base + t)
        return acts

    def is_legal(self, action):
        return action in self.legal_actions()

    def returns(self):
        """Each seat's game total (points are the game's own utility)."""
        return list(self.totals)

    def winners(self):
        """Seats with the highest total (M8: ties share the victory)."""
        best = max(self.totals)
        return [i for i in range(self.players) if self.totals[i] == best]

    def dice_in_play(self):
        """Dice across the four zones plus those being rolled: always 10 during a turn (M2)."""
        return sum(self.active) + self.inactive + self.used + self.scored + self.pending

    def turn_points(self):
        """What passing now would add (M7)."""
        return points_for(self.scored)

    def clone(self):
        """An independent copy (no list shared), to go on from; made without the
        constructor, whose fields the copy would all replace (as BattleState.clone)."""
        return copy_fields(self, object.__new__(MastersState), _SHARED, _LISTS, _ARRAYS)

    # -- transitions ---------------------------------------------------------------
    def apply_action(self, action):
        """Apply one journal entry; an illegal action raises ValueError, state unchanged."""
        phase = self.phase
        if phase == _FIRST:
            if not 0 <= action < self.players:
                raise ValueError("bad first seat")
            self.journal.append(action)
            self.first = self.seat = action
            self._start_turn()
        elif phase == _ROLL:
            if not 0 <= action < FACES:
                raise ValueError("bad die face")
            self.journal.append(action)
            self.active[action] += 1
            self.pending -= 1
            if not self.pending:
                self._settle()
        elif phase == _DECIDE:
            if action == PASS:
                self.journal.append(action)
                self._end_turn(ENDED_PASS)
            elif action == CONTINUE:
                self.journal.append(action)
                # M6: every used die is rolled back into active
                self.pending = self.used
                self.used = 0
                self.phase = _ROLL
            else:
                raise ValueError("pass or continue")
        elif phase == _RESOLVE:
            if not self._can_resolve(action):
                raise ValueError("not a legal resolution")
            self.journal.append(action)
            self._resolve(action)
        else:
            raise ValueError("game over")

    def _can_resolve(self, action):
        """action in legal_actions() at a resolution (M3), that one action checked: the
        rules steps of a 4-player game's review (docs/gadget.md, Review) took 312 ms on
        the emulated Pico building the whole list at each resolution, 175 ms so."""
        active = self.active
        if action == HEART_ACT:
            return active[HEART] > 0
        if not MEEPLE_ON <= action <= SUPERHERO_ON + NO_TARGET:
            return False
        actor = MEEPLE + ((action - MEEPLE_ON) >> 3)
        if not active[actor]:
            return False
        t = action & 7
        if t < FACES:  # "another" active die (with it, the actor is not alone)
            return active[t] - (t == actor) > 0
        # M3e: the lone die acts on nothing
        return t == NO_TARGET and sum(active) == 1

    def _resolve(self, action):
        active = self.active
        actor = action_actor(action)
        # M3: the acting die moves to used first, then its effect applies.
        active[actor] -= 1
        self.used += 1
        if actor == HEART:
            if self.inactive:  # M3d
                self.inactive -= 1
                self.pending = 1
                self.phase = _ROLL
                return
        else:
            target = action & 7
            if target == NO_TARGET:
                if actor == SPACESHIP:  # M3e: a lone spaceship busts the turn
                    self._end_turn(ENDED_BUST)
                    last = self.last  # noted as it lay: the lone SPACESHIP showing
                    last[SPACESHIP] += 1
                    last[7] -= 1
                    return
            elif actor == MEEPLE:  # M3a
                active[target] -= 1
                self.pending = 1
                self.phase = _ROLL
                return
            elif actor == SPACESHIP:  # M3c
                active[target] -= 1
                self.inactive += 1
            else:  # M3b
                active[target] -= 1
                active[target ^ 1] += 1
        self._settle()

    def _settle(self):
        """After a roll or a resolution: more to resolve, end of resolution (M4), or M6."""
        active = self.active
        if active[HEART] or active[MEEPLE] or active[SPACESHIP] or active[SUPERHERO]:
            self.phase = _RESOLVE
            return
        if active[DRAGON]:  # M4 -> M5
            self._end_turn(ENDED_BUST)
            return
        self.scored += active[F42]
        active[F42] = 0
        if not self.used:  # M6: nothing to roll again, the pass is forced
            self._end_turn(ENDED_FORCED)
        else:
            self.phase = _DECIDE

    def _start_turn(self):
        active = self.active
        for f in range(FACES):
            active[f] = 0
        self.inactive = START_INACTIVE
        self.used = 0
        self.scored = 0
        self.pending = START_ACTIVE
        self.phase = _ROLL

    def _end_turn(self, how):
        last = self.last
        last[0:FACES] = self.active
        last[6] = self.inactive
        last[7] = self.used
        last[8] = self.scored
        points = 0 if how == ENDED_BUST else points_for(self.scored)  # M5, M7
        self.totals[self.seat] += points
        self.turns.append((self.seat, points, how))
        self.played += 1
        self.seat = (self.seat + 1) % self.players
        if self.played == self.players:
            self.played = 0
            self.round += 1
            if self.round == ROUNDS:  # M8
                self.phase = _OVER
                return
        self._start_turn()

    # -- views ------------------------------------------------------------------------
    def phase_name(self):
        return ("first", "roll", "resolve", "decide", "over")[self.phase]

    def __str__(self):
        if self.phase == _FIRST:
            return "choosing the first player"
        if self.phase == _OVER:
            return "game over: totals " + " ".join(str(t) for t in self.totals)
        parts = []
        for f in range(FACES):
            if self.active[f]:
                parts.append(str(self.active[f]) + "x" + FACE_NAMES[f])
        return "round {} seat {} | active {} | inactive {} used {} scored {}{}".format(
            self.round + 1,
            self.seat + 1,
            " ".join(parts) or "-",
            self.inactive,
            self.used,
            self.scored,
            " | rolling {}".format(self.pending) if self.phase == _ROLL else "",
        )


def new_initial_state(players=1):
    return MastersState(players)


def position(active, inactive, used, scored):
    """A one-seat state in the middle of a turn, for analysis (hints, solvers): `active`
    counts the dice showing per face, still to be resolved. It has no journal, so it
    cannot be replayed; the turn's end shows in `turns[-1]`."""
    s = MastersState(1)
    if sum(active) + inactive + used + scored != DICE:
        raise ValueError("the four zones must hold 10 dice")
    s.active = bytearray(active)
    s.inactive = inactive
    s.used = used
    s.scored = scored
    s._settle()
    return s


def replay(players, journal, marks=None):
    """Rebuild a virtual-dice game from its journal (with `marks`: noted at each turn's
    start, see new_marks)."""
    return fold(MastersState(players), journal, marks)


def turns_finished(state):
    """The Marks key of a game: its copies are kept where a turn starts."""
    return len(state.turns)


def new_marks():
    """Copies of a game at the start of its last few turns, for a cheap undo (replay.Marks:
    a 4-player game's state is about 0.5 KB at its end, its journal included)."""
    return Marks(turns_finished, MARKS_KEPT)


def last_decision(state):
    """Journal index of the last player decision, or -1 (only chance so far). Chance
    entries are 0-5 and decisions 16 and up (consts.py), so it is the last byte >= 16."""
    journal = state.journal
    for i in range(len(journal) - 1, -1, -1):
        if journal[i] >= PASS:
            return i
    return -1


def fold_range(state, journal, start, end, marks=None):
    """`state` (the game after journal[:start]) with journal[start:end] applied."""
    return fold(state, journal[start:end], marks, start)


def undo(state, marks=None):
    """(previous state, removed entries): the last decision and the dice it rolled taken
    back; None when there is no decision. Apply the removed entries in order to redo."""
    cut = last_decision(state)
    if cut < 0:
        return None
    journal = state.journal
    prev = rewind(journal, cut, marks, lambda: MastersState(state.players), fold_range)
    return prev, bytes(journal[cut:])


def at_turn_start(state):
    """A turn's first roll waits (7 dice to roll, 3 inactive, M2): not a CONTINUE's roll,
    whose zones can be the same (7 used dice, none scored), nor a roll half done."""
    if state.phase != _ROLL or state.pending != START_ACTIVE or state.used or state.scored:
        return False
    if state.inactive != START_INACTIVE or sum(state.active):
        return False
    j = state.journal
    return not (j and j[-1] == CONTINUE)


def at_rest(state):
    """Where auto mode (config AUTO) waits for the player: a turn's first roll, a
    pass/continue point with dice scored, game over. With none scored the gadget
    continues without asking: passing would add 0 points (M7) and continuing cannot
    lose any, so there is nothing to decide."""
    phase = state.phase
    if phase == _OVER or (phase == _DECIDE and state.scored):
        return True
    return at_turn_start(state)


def _last_rest(state, journal, at, end):
    """Journal index of the last rest (at_rest) in [at, end) folding `state` (the game
    after `at` entries) over journal[at:end]; -1 if there is none."""
    found = at if at and at_rest(state) else -1
    for i in range(at, end - 1):
        state.apply_action(journal[i])
        if at_rest(state):
            found = i + 1
    return found


def last_rest(state, marks=None):
    """Auto mode's undo point: the journal index of the rest before the last (the
    player's last press that moved the game: a roll, a Continue or a Pass), or -1 when
    there is none but the first seat's draw. Looked for from the latest copy in `marks`
    before the end (a turn's start, itself a rest), or from the game's start."""
    journal = state.journal
    end = len(journal)
    cut = -1
    kept = marks.kept if marks is not None else ()
    for i in range(len(kept) - 1, -1, -1):
        at, _key, copy = kept[i]
        if at < end:
            cut = _last_rest(copy.clone(), journal, at, end)
            if cut >= 0:
                break
    if cut < 0:
        cut = _last_rest(MastersState(state.players), journal, 0, end)
    return cut if cut >= 1 else -1  # the first seat is drawn, not pressed for


def play_chance(state, randbelow):
    """Resolve chance nodes with `randbelow(n)` -> 0..n-1 (the caller's RNG: seeded on
    the host, hardware-seeded on the device). Returns how many were applied."""
    n = 0
    while state.is_chance():
        outcomes = state.players if state.phase == _FIRST else FACES
        state.apply_action(randbelow(outcomes))
        n += 1
    return n


class Scorepad:
    """A table-dice game (real dice): the first seat, then what each turn scored. The
    same queries as MastersState (totals, seat, round, turns, is_terminal). Before a
    turn's entry the journal may hold the turn as the hint followed it (TRACE bytes,
    consts.py): kept as they are (`trace`, then `traces`), read by the review
    (traced_turn), never checked here: a resumed game does not replay its turns."""

    def __init__(self, players):
        self.players = players
        self.journal = bytearray()
        self.totals = [0] * players
        self.turns = []  # per finished turn: (seat, points, how it ended)
        self.entries = []  # per finished turn: its entry, 0-10 dice scored or BUST
        self.traces = []  # per finished turn: its trace (rules-core bytes), or b""
        self.trace = b""  # the turn in play's trace bytes so far
        self.first = -1
        self.seat = 0
        self.round = 0

    def is_terminal(self):
        return len(self.turns) >= self.players * ROUNDS  # M8: five rounds

    def clone(self):
        """An independent copy (no list shared): the traces are bytes, never changed."""
        return copy_fields(self, object.__new__(Scorepad), _PAD_SHARED, _PAD_LISTS, ("journal",))

    def legal_actions(self):
        """The first seat (M8), then what a turn scored: 0-10 dice or BUST (M1, M5).
        A trace byte is taken too (apply_action) but is no step of its own."""
        if self.first < 0:
            return list(range(self.players))
        if self.is_terminal():
            return []
        return list(range(BUST + 1))

    def apply_action(self, entry):
        """One journal byte: the first seat, then 0-10 dice scored or BUST, each after
        its turn's trace bytes if any."""
        if self.first < 0:
            if entry >= self.players:
                raise ValueError("bad first seat")
            self.first = self.seat = entry
        else:
            if self.is_terminal():
                raise ValueError("game over")
            if TRACE <= entry < TRACE_END:
                self.trace += bytes((entry - TRACE,))
                self.journal.append(entry)
                return
            if entry > BUST:
                raise ValueError("more 42s than dice")
            if entry == BUST:  # a bust scores 0 (M5)
                self.turns.append((self.seat, 0, ENDED_BUST))
            else:
                points = points_for(entry)  # M7
                self.totals[self.seat] += points
                self.turns.append((self.seat, points, ENDED_PASS))
            self.entries.append(entry)
            self.traces.append(self.trace)
            self.trace = b""
            self.seat = (self.seat + 1) % self.players
            self.round = len(self.turns) // self.players
        self.journal.append(entry)


_PAD_SHARED = ("players", "trace", "first", "seat", "round")
_PAD_LISTS = ("totals", "turns", "entries", "traces")


def traced_turn(trace):
    """The one-seat rules-core state of a turn from its start (7 dice to roll, M2) with
    `trace`'s bytes applied; ValueError when the rules refuse one."""
    st = MastersState(1)
    st.apply_action(0)  # the one seat starts
    for b in trace:
        st.apply_action(b)
    return st


def trace_entry(trace):
    """The scorepad entry a whole turn's trace ends in (the dice scored, or BUST), or -1
    when the trace is not a whole turn or the rules refuse it."""
    try:
        st = traced_turn(trace)
    except ValueError:
        return -1
    if not st.turns:
        return -1
    return BUST if st.turns[0][2] == ENDED_BUST else st.last[8]


def replay_table(players, journal):
    """Rebuild a table-dice game from its journal."""
    return fold(Scorepad(players), journal)


# -- the interface shared by the three rules cores ---------------------------------------
# The ruling a refusal breaks, by MastersState phase: the first seat (M8), a die face
# (M1), a resolution (M3), pass or continue (M6), the game over (M8).
_RULINGS = ("M8", "M1", "M3", "M6", "M8")


def legal_steps(state):
    """The steps legal now: at a chance node its outcomes (the first seat, a die face),
    else the player's actions; a table-dice game's next entries."""
    return state.legal_actions()


def apply_step(state, step):
    """Apply one step in place; ValueError "M3: why" (the ruling first) if the rules
    refuse it, the state unchanged."""
    try:
        state.apply_action(step)
    except ValueError as e:
        if isinstance(state, Scorepad):  # the first seat and the game's end: M8
            ruling = "M1" if state.first >= 0 and not state.is_terminal() else "M8"
        else:
            ruling = _RULINGS[state.phase]
        raise ValueError(ruling + ": " + str(e)) from None


def is_over(state):
    """M8: five rounds played."""
    return state.is_terminal()


def scores(state):
    """Each seat's game total (M7)."""
    return list(state.totals)
