"""Geek Out! Masters on the gadget, table dice: players roll real dice and the gadget is
the scorepad (and the hint).

Per turn the player enters the 42s scored (0-10) or BUST; the rules core's Scorepad
turns that into points (M7) and moves seats and rounds on (M8); the gadget draws the
first player. The hint asks for the dice showing (DiceEntry), shows the best steps
(GuidePage) and takes the step the player says was done on the rules core
(rules.position). The turn as the hint followed it, from its first roll to its end
(the dice entered, the steps said done: `TableGame.trace`), is saved before the turn's
entry when it ends in that entry, so the end menu's Review can value those turns
(review.review_table). The screens and their presses: docs/gadget.md, Masters, table
dice; Hint; Saved game.
"""

from micropython import const

from geekout import keys
from geekout.masters import rules
from geekout.masters.consts import (
    BUST,
    CONTINUE,
    DICE,
    ENDED_BUST,
    FACES,
    HEART_ACT,
    MAX_TRACE,
    PASS,
    ROUNDS,
    START_ACTIVE,
    START_INACTIVE,
    TRACE,
    TRACE_END,
)
from geekout.masters.game import GameBase, draw_totals
from geekout.masters.hintpage import SHORT, hint_lines, need_to_lead
from geekout.ui.core import Screen, W, center, title
from geekout.ui.icons import draw_face
from geekout.ui.widgets import SEAT_NAMES, big_number


class TableGame(GameBase):
    name = "masters.table"

    def __init__(self, app, players, actions):
        super().__init__(app, players, actions)
        self.value = 0  # the entry being set: 0-10 dice scored, or BUST
        self.note = ""  # the last turn's result, until the next key
        self.guide = None  # the turn as the hint followed it (a rules-core position)
        # The rules-core bytes from the turn's first roll to `guide` (traced_turn), or
        # None when the hint was not followed from the start or the dice entered do not
        # follow from it (a zone changed by hand).
        self.trace = None

    def new_state(self):
        return rules.Scorepad(self.n)

    def begin(self):
        if self.state.first < 0:  # M8: the gadget draws the first player
            self.take([self.app.board.rand(self.n)])
            # on the footer line until the next key: a toast would hide the totals
            self.note = SEAT_NAMES[self.state.first] + " starts"

    def key(self, k):
        pad = self.state
        if pad.is_terminal():
            return
        self.note = ""
        if k == keys.UP:
            self.value = (self.value + 1) % (BUST + 1)
        elif k == keys.DOWN:
            self.value = (self.value - 1) % (BUST + 1)
        elif k == keys.BACK:
            self.hint()
        elif k == keys.OK:
            seat = pad.seat
            entry = self.value
            if not self.take(self.traced(entry) + [entry]):
                return
            self.guide = None
            self.trace = None
            self.value = 0
            if entry == BUST:
                self.note = SEAT_NAMES[seat] + ": BUST"
            else:
                self.note = "{} +{} = {}".format(SEAT_NAMES[seat], rules.points_for(entry),
                                                 pad.totals[seat])
            self.after_turn()

    def apply(self, state, steps):
        # a scorepad's bytes are entries and traces, no decisions: no "action" events
        for s in steps:
            state.apply_action(s)

    def traced(self, entry):
        """The trace bytes saved before `entry`: the turn as the hint followed it, when
        it is the whole turn and ends in this entry (the players may have set another
        value by hand); else none."""
        t = self.trace
        if t is None or len(t) > MAX_TRACE or rules.trace_entry(t) != entry:
            return []
        return [TRACE + b for b in t]

    def observe(self, active, st):
        """DiceEntry's answer: the dice showing per face (`active`) and `st`, the
        rules-core position they make (settled: a bust or a forced pass ends the turn,
        M4-M6). The trace goes on with the roll's faces when `st` is where they bring
        the traced turn; at the turn's first roll it starts. Else it stops (None)."""
        g = self.guide
        if g is None:  # the turn's first roll
            trace = b""
        elif not g.is_chance():  # the dice of a position followed, entered again
            if _where(g) != _where(st):
                self.trace = None
            return
        else:
            trace = self.trace
            if trace is None:
                return
        faces = bytearray()
        for f in range(FACES):
            faces.extend(bytes((f,)) * active[f])  # a roll's order does not matter
        t = bytes(trace) + faces
        try:
            now = rules.traced_turn(t)
        except ValueError:  # e.g. more dice than the roll rolls
            now = None
        self.trace = t if now is not None and _where(now) == _where(st) else None

    def followed(self, *steps):
        """The players did these steps (a decision, and the face it rolled)."""
        if self.trace is not None:
            self.trace = bytes(self.trace) + bytes(steps)

    def reviewable(self):
        """Review when some turn was followed by the hint (its trace, docs/gadget.md)."""
        return self.hints is not None and any(self.state.traces)

    def undo_point(self):
        """A turn's entry, with its trace (the first seat's draw stays)."""
        j = self.state.journal
        cut = len(j) - 1
        if cut < 1:
            return -1
        while cut > 1 and TRACE <= j[cut - 1] < TRACE_END:
            cut -= 1
        return cut

    def undo_item(self):
        if self.undo_point() < 0:
            return "Undo last step"
        return "Undo " + self.step_words(self.state.journal[-1])

    def step_words(self, first):
        return "bust" if first == BUST else "{} scored".format(first)

    def undone(self, removed):
        """The entry is set again and its trace given back: OK saves both again."""
        entry = removed[-1]
        self.value = entry if entry <= BUST else 0
        self.guide = None
        traced = bytes(b - TRACE for b in removed if TRACE <= b < TRACE_END)
        self.trace = traced if traced else None
        return "Undone: " + self.step_words(self.value)

    def hint(self):
        if self.hints is not None and not self.state.is_terminal():
            self.ui.push(DiceEntry(self))

    def need(self):
        pad = self.state
        return need_to_lead(pad.totals, pad.seat, pad.round == ROUNDS - 1)

    def draw(self, fb):
        pad = self.state
        seat = pad.seat
        title(fb, "R{}/5 {} {}".format(min(pad.round + 1, 5), SEAT_NAMES[seat],
                                      pad.totals[seat]))
        fb.text("42s scored:", 0, 13, 1)
        if self.value == BUST:
            big_number(fb, 92, 12, "--", 8, 14, 2)
            center(fb, "BUST: 0 points", 28)
        else:
            s = str(self.value)
            big_number(fb, 96 + (2 - len(s)) * 10, 12, s, 8, 14, 2)
            p = rules.points_for(self.value)
            center(fb, "= 1 point" if p == 1 else "= {} points".format(p), 28)
        # Every seat named with its total, two a row ("Red 110", the seat to play
        # inverted), as between virtual-dice turns: 4 seats' 3-digit totals fit too.
        draw_totals(fb, pad.totals, -1 if pad.is_terminal() else seat, 38)
        if self.note:
            footer = self.note
        else:
            footer = "^v OK  BACK hint" if self.hints is not None else "^v set  OK save"
        fb.text(footer, 0, 56, 1)


# DiceEntry's fields, in the order OK walks them (BACK goes the other way).
_INACTIVE = const(0)
_SCORED = const(1)
_SHOWING = const(2)
_FACE0 = const(3)  # then one field per face, 42 to DRAGON


class _OverGame(Screen):
    """A screen over the scorepad (the hint's): hold OK closes it and opens the game
    menu, as on every screen of a game (docs/gadget.md, Buttons)."""

    def __init__(self, game):
        super().__init__(game.ui)
        self.game = game

    def long_ok(self):
        self.ui.pop()
        self.game.long_ok()


class DiceEntry(_OverGame):
    """The dice showing, for the hint: the zones (Inactive, Scored; Used is what is left
    of the 10 dice, M2), how many dice show, and a count per face. UP/DOWN change the
    field, OK goes on, BACK goes back (from Inactive: leave). The entry starts on the
    first face with the turn as the gadget knows it: the turn's first roll (7 showing,
    3 inactive, M2) or where the hint left it. A face's count starts at its likeliest
    value; the last face is what is left; when the dice are all counted, or none show
    (a pass/continue point), OK asks for the hint."""

    name = "masters.dice_entry"

    def __init__(self, game):
        super().__init__(game)
        self.counts = bytearray(9)  # faces 0-5, inactive, used, scored (hint.advise's)
        self.known = bytearray(FACES)  # the faces counted so far
        st = game.guide
        if st is None:  # the turn's first roll (M2)
            self.showing = START_ACTIVE
            self.counts[6] = START_INACTIVE
        elif st.is_chance():  # a roll the hint followed: how many, not the faces
            self.showing = st.pending
            self.counts[6] = st.inactive
            self.counts[8] = st.scored
        else:
            self.showing = sum(st.active)
            for f in range(FACES):
                self.counts[f] = st.active[f]
                self.known[f] = 1
            self.counts[6] = st.inactive
            self.counts[8] = st.scored
        self.field = _FACE0 if self.showing else _SHOWING
        self._arrive()

    def _show(self, n):
        """How many dice show; the faces counted are counted again."""
        if n != self.showing:
            self.showing = max(0, n)
            for f in range(FACES):
                self.known[f] = 0
                self.counts[f] = 0

    def used(self):
        c = self.counts
        return DICE - self.showing - c[6] - c[8]

    def _left(self, face):
        """Dice not yet counted before `face`."""
        n = self.showing
        for f in range(face):
            n -= self.counts[f]
        return n

    def _arrive(self):
        """A face's count, when first reached, starts at its likeliest value."""
        f = self.field - _FACE0
        if f >= 0 and not self.known[f]:
            left = self._left(f)
            self.counts[f] = min(left, (left + 1) // (FACES - f))
            self.known[f] = 1

    def key(self, k):
        field = self.field
        if k == keys.UP or k == keys.DOWN:
            step = 1 if k == keys.UP else -1
            if field == _SCORED or field == _INACTIVE:  # 0 up to what the other leaves
                c = self.counts
                i, other = (8, 6) if field == _SCORED else (6, 8)
                c[i] = (c[i] + step) % (DICE - c[other] + 1)
                if self.used() < 0:  # the dice showing make room (M2: 10 in all)
                    self._show(self.showing + self.used())
            elif field == _SHOWING:  # 0 up to what the zones leave, round again
                c = self.counts
                self._show((self.showing + step) % (DICE - c[6] - c[8] + 1))
            else:
                f = field - _FACE0
                span = self._left(f) + 1
                self.counts[f] = (self.counts[f] + step) % span
                for g in range(f + 1, FACES):  # the later faces are counted again
                    self.known[g] = 0
                    self.counts[g] = 0
        elif k == keys.BACK:
            if field == _INACTIVE:
                self.ui.pop()
            else:
                self.field = field - 1
        elif k == keys.OK:
            if field == _SCORED and not self.showing:  # a pass/continue point
                self.answer()
            elif field < _SHOWING:
                self.field = field + 1
            elif field == _SHOWING:
                if self.showing:
                    self.field = _FACE0
                    self._arrive()
                else:
                    self.answer()
            elif field == _FACE0 + FACES - 1:  # the last face (reached only by hand)
                self.answer()
            else:
                f = field - _FACE0
                left = self._left(f + 1)
                if left == 0 or f == FACES - 2:
                    for g in range(f + 1, FACES):  # the rest: none, or all on the last face
                        self.counts[g] = left if g == FACES - 1 else 0
                        self.known[g] = 1
                    self.answer()
                else:
                    self.field = field + 1
                    self._arrive()

    def answer(self):
        c = self.counts
        used = self.used()
        if used < 0:
            self.ui.toast("{} dice: the zones hold 10".format(DICE - used))
            self.ui.cue("error")
            return
        active = bytearray(c[0:6])
        if sum(active) != self.showing:
            self.ui.toast("{} counted of {}".format(sum(active), self.showing))
            self.ui.cue("error")
            return
        c[7] = used
        if not self.showing and not used:
            self.ui.toast("No dice to roll: pass")
            return
        st = rules.position(active, c[6], used, c[8])
        self.game.observe(active, st)
        self.ui.replace(GuidePage(self.game, st))

    def draw(self, fb):
        title(fb, "Dice showing")
        c = self.counts
        for f in range(FACES):  # every face's icon; its count, "?" until it is counted
            x = 2 + f * 21
            draw_face(fb, f, x, 10)
            n = c[f]
            text = ("x" + str(n) if n else "-") if self.known[f] else "?"
            fb.text(text, x, 28, 1)
        field = self.field
        if field >= _FACE0:
            fb.fill_rect(1 + (field - _FACE0) * 21, 37, 18, 2, 1)
        used = self.used()
        self._field(fb, "In{}".format(c[6]), 0, 40, field == _INACTIVE)
        self._field(fb, "Sc{}".format(c[8]), 32, 40, field == _SCORED)
        fb.text("Us{}".format(used) if used >= 0 else "Us?", 65, 40, 1)
        self._field(fb, "Showing: {}".format(self.showing), 0, 48, field == _SHOWING)
        fb.text("^v set  OK next", 0, 56, 1)

    @staticmethod
    def _field(fb, text, x, y, on):
        if on:
            fb.fill_rect(x, y, len(text) * 8 + 2, 8, 1)
        fb.text(text, x + 1, y, 0 if on else 1)


class GuidePage(_OverGame):
    """The hint for a position of the turn (a rules-core state), and the next one once
    the player did a step: UP/DOWN choose among the steps listed (the best first), OK
    says that one was done, BACK goes back to the scorepad (the position is kept for
    the next hint). `lines` are the hint's text lines."""

    name = "masters.hint"

    def __init__(self, game, st):
        super().__init__(game)
        self.st = st
        game.guide = st
        self.steps = []
        self.first = 0  # the line of the first step
        self.cursor = 0
        if st.turns:  # the dice settled as the turn's end (M4-M6)
            seat, points, how = st.turns[-1]
            if how == ENDED_BUST:
                self.lines = ["BUST: the turn", "scores nothing"]
            else:
                self.lines = ["Nothing to roll:", "pass, {} scored".format(st.last[8])]
        else:
            active = st.active if st.phase_name() == "resolve" else bytearray(FACES)
            self.lines, self.steps, self.first = hint_lines(
                game.hints, active, st.inactive, st.used, st.scored, game.need())
            if st.phase_name() == "decide" and self.steps:
                extra = game.win_step(game.state, st.inactive, st.used, st.scored,
                                      self.steps[0][0])
                if extra:
                    self.lines.append(extra)

    def key(self, k):
        n = min(4, len(self.steps))
        if k == keys.UP and n:
            self.cursor = (self.cursor - 1) % n
        elif k == keys.DOWN and n:
            self.cursor = (self.cursor + 1) % n
        elif k == keys.BACK:
            self.ui.pop()
        elif k == keys.OK:
            self._done()

    def _done(self):
        game = self.game
        st = self.st
        if st.turns:  # the scorepad's entry is what the dice did
            seat, points, how = st.turns[-1]
            self._enter(BUST if how == ENDED_BUST else st.last[8])
            return
        if not self.steps:
            self.ui.pop()
            return
        a = self.steps[self.cursor][0]
        if a not in st.legal_actions():  # a table that does not fit this position
            self.ui.pop()
            return
        if a == PASS:
            game.followed(a)
            self._enter(st.scored)
            return
        st = st.clone()
        st.apply_action(a)
        if a == CONTINUE:  # the used dice are rolled again: how they landed is asked
            game.followed(a)
            game.guide = st
            self.ui.replace(DiceEntry(game))
        elif st.is_chance() and not st.turns:  # a MEEPLE's target or a HEART's die
            self.ui.replace(FacePick(game, st, a))  # followed with the face picked
        else:
            game.followed(a)
            self.ui.replace(GuidePage(game, st))

    def _enter(self, value):
        """Back to the scorepad with its entry set (OK there saves it)."""
        game = self.game
        game.value = value
        game.guide = None
        self.ui.pop()

    def draw(self, fb):
        title(fb, "Hint")
        lines = self.lines
        mark = self.first + self.cursor if self.steps else -1
        top = max(0, mark - 4)  # five lines show: the chosen step among them
        for row in range(min(5, len(lines) - top)):
            i = top + row
            y = 10 + row * 9
            if i == mark:
                fb.fill_rect(0, y - 1, W, 9, 1)
            fb.text(lines[i], 0, y, 0 if i == mark else 1)
        if self.st.turns:
            fb.text("OK: enter it", 0, 56, 1)
        elif self.steps:
            fb.text("OK: I did this", 0, 56, 1)


class FacePick(_OverGame):
    """The face of the die the step rolled (a MEEPLE's target, M3a; a HEART's die, M3d):
    UP/DOWN move, OK picks, BACK leaves (the hint keeps the position before the step)."""

    name = "masters.face"

    def __init__(self, game, st, action):
        super().__init__(game)
        self.st = st
        self.heading = "HEART's die:" if action == HEART_ACT else "MEEPLE's die:"
        self.action = action
        self.cursor = 0

    def key(self, k):
        if k == keys.UP:
            self.cursor = (self.cursor - 1) % FACES
        elif k == keys.DOWN:
            self.cursor = (self.cursor + 1) % FACES
        elif k == keys.BACK:
            self.ui.pop()
        elif k == keys.OK:
            st = self.st
            st.apply_action(self.cursor)
            self.game.followed(self.action, self.cursor)
            self.ui.replace(GuidePage(self.game, st))

    def draw(self, fb):
        title(fb, self.heading)
        for f in range(FACES):
            draw_face(fb, f, 2 + f * 21, 14)
        fb.fill_rect(1 + self.cursor * 21, 33, 18, 3, 1)
        center(fb, SHORT[self.cursor], 42)
        fb.text("^v face  OK it", 0, 56, 1)


def _where(st):
    """Where a rules-core state of a turn stands, comparable: its phase, zones and, once
    the turn ended, the dice it ended with."""
    return (st.phase, bytes(st.active), st.inactive, st.used, st.scored, st.pending,
            len(st.turns), bytes(st.last))
