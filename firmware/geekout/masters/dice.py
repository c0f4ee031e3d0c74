"""Geek Out! Masters on the gadget, virtual dice: the gadget rolls.

The player picks each action die and then its target among the six faces drawn as
icons; the rules core (rules.py) enforces M1-M8 and anything it refuses is refused on
screen with a reason. A decision and the dice it rolls are one press of the step
pipeline (game.py): one journal record, taken back whole by undo; the dice come through
its roll(), so redoing a step shows the same dice (docs/gadget.md, Undo).
"""

from micropython import const

from geekout import keys
from geekout.masters import rules
from geekout.masters.consts import (
    CONTINUE,
    DRAGON,
    F42,
    FACE_NAMES,
    FACES,
    HEART,
    HEART_ACT,
    MEEPLE,
    NO_TARGET,
    PASS,
    ROUNDS,
    SPACESHIP,
    SUPERHERO,
)
from geekout.masters.game import GameBase, GamePage, draw_between, draw_dice, passing_wins
from geekout.masters.hintpage import hint_lines, need_to_lead
from geekout.ui.core import title
from geekout.ui.widgets import SEAT_NAMES

_PICK = const(0)
_TARGET = const(1)
_BAR_Y = const(41)  # the cursor bars: rows 41-43, page 5 of the panel


class VirtualGame(GameBase):
    """The gadget rolls. PICK: choose the action die; TARGET: choose what it acts on;
    DECIDE (rules phase): Continue or Pass."""

    name = "masters.dice"

    def __init__(self, app, players, actions):
        super().__init__(app, players, actions)
        self.mode = _PICK
        self.cursor = 0
        self.actor = 0
        self.choice = 0  # 0 = Continue, 1 = Pass
        self.steps = []  # the hint table's steps for the position in play, best first
        self._reset_cursor()

    # -- the step pipeline (game.py) ---------------------------------------------------
    def press(self, action):
        """A decision (-1: none, the roll that starts a turn) and the dice it rolls, one
        press. When the turn ends the next turn's dice wait for the next player's OK."""
        turns = len(self.state.turns)
        self.take([action] if action >= 0 else [])
        self.mode = _PICK
        self._reset_cursor()
        if len(self.state.turns) > turns:
            self.after_turn()

    def follow(self, state, steps):
        """The dice the press rolls, up to the end of the turn; a turn's first roll
        waits for its player's OK (the empty press)."""
        if steps and rules.at_turn_start(state):
            return []
        turns = len(state.turns)
        out = []
        while state.is_chance() and len(state.turns) == turns:
            face = self.roll(FACES, state.journal)
            state.apply_action(face)
            out.append(face)
        return out

    def undone(self, removed):
        self.mode = _PICK
        self._reset_cursor()
        return super().undone(removed)

    def hint(self):
        st = self.state
        if self.hints is None or st.is_terminal():
            return
        need = need_to_lead(st.totals, st.seat, st.round == ROUNDS - 1)
        if st.is_chance():
            self.ui.toast("Roll first")
            return
        active = st.active if st.phase_name() == "resolve" else bytearray(6)
        lines, steps, _ = hint_lines(self.hints, active, st.inactive, st.used, st.scored, need)
        if st.phase_name() == "decide" and steps:
            extra = self.win_step(st, st.inactive, st.used, st.scored, steps[0][0])
            if extra:
                lines.append(extra)
        self.ui.push(GamePage(self, "Hint", "\n".join(lines), "masters.hint"))

    def _reset_cursor(self):
        """The cursors on the advised choice, as auto dice opens on its advice: the die
        of the hint's best step (without the table: the first action die) and, at a
        pass/continue point, its choice (decide_default: Pass when passing wins)."""
        st = self.state
        self.steps = []
        if st.is_terminal() or st.is_chance():
            return
        self.steps = steps = self.advise(st)[0]  # a few reads of the table, once a press
        if st.phase_name() == "decide":
            self.choice = 0 if self.decide_default(st, steps) == CONTINUE else 1
            return
        if steps:
            self.cursor = rules.action_actor(steps[0][0])
            return
        active = st.active
        self.cursor = 0
        for f in (HEART, MEEPLE, SPACESHIP, SUPERHERO):
            if active[f]:
                self.cursor = f
                break

    def _aim(self, actor):
        """Where the target cursor starts for `actor`: the target of the hint's best
        step with that die, else the most useful face showing (useful_target)."""
        for a, _v in self.steps:
            if rules.action_actor(a) == actor:
                return a & 7
        return useful_target(actor, self.state.active)

    # -- keys ------------------------------------------------------------------------
    def key(self, k):
        st = self.state
        if st.is_terminal():
            return
        if st.is_chance():
            if k == keys.OK:
                self.ui.cue("turn")
                self.press(-1)
            return
        if st.phase_name() == "decide":
            if k == keys.UP or k == keys.DOWN:
                self.choice ^= 1
            elif k == keys.OK:
                self.press(PASS if self.choice else CONTINUE)
            return
        if k == keys.UP:
            self.cursor = (self.cursor - 1) % FACES
        elif k == keys.DOWN:
            self.cursor = (self.cursor + 1) % FACES
        elif k == keys.BACK:
            if self.mode == _TARGET:
                self.mode = _PICK
                self.cursor = self.actor
        elif k == keys.OK:
            if self.mode == _PICK:
                self._pick(self.cursor)
            else:
                self._target(self.cursor)

    def _pick(self, f):
        st = self.state
        active = st.active
        name = FACE_NAMES[f]
        if not active[f]:
            self.refuse("No {} showing".format(name))
        elif f == F42 or f == DRAGON:
            self.refuse("A {} does not act".format(name))
        elif f == HEART:
            if not st.inactive:
                self.ui.toast("No inactive die: no effect")
            self.press(HEART_ACT)
        elif sum(active) == 1:  # M3e
            if f == SPACESHIP:
                self.ui.toast("Lone SPACESHIP destroys itself")
            else:
                self.ui.toast(name + " alone: no effect")
            self.press(rules.resolve_action(f, NO_TARGET))
        else:
            self.actor = f
            self.mode = _TARGET
            self.cursor = self._aim(f)

    def _target(self, t):
        a = rules.resolve_action(self.actor, t)
        if not self.state.is_legal(a):
            if t == self.actor:
                self.refuse("Needs another die")
            else:
                self.refuse("No {} showing".format(FACE_NAMES[t]))
            return
        self.press(a)

    def refuse(self, reason):
        self.ui.toast(reason)
        self.ui.cue("error")

    # -- drawing ---------------------------------------------------------------------
    def draw(self, fb):
        st = self.state
        seat = st.seat
        title(fb, "R{}/5 {} {}".format(min(st.round + 1, 5), SEAT_NAMES[seat], st.totals[seat]))
        if st.is_chance():  # between turns: the last result and why, every total, OK rolls
            win = self.win_line()
            draw_between(fb, st, (win, "OK: roll 7 dice") if win else ("OK: roll 7 dice",))
            return
        if st.phase_name() == "decide":
            fb.text("Scored {} = {}".format(st.scored, rules.points_for(st.scored)), 0, 14, 1)
            fb.text("To roll: {}".format(st.used), 0, 25, 1)
            fb.text("Inactive: {}".format(st.inactive), 0, 36, 1)
            if passing_wins(st):  # the game's last turn: why the cursor is on Pass
                fb.text("Passing wins", 0, 44, 1)
            fb.text("Continue", 10, 52, 1)
            fb.text("Pass", 90, 52, 1)
            fb.text(">", 80 if self.choice else 0, 52, 1)
            return
        # Each part on pages of its own, none across a page boundary: the icons on pages
        # 2-3, their counts on page 4, the cursor on page 5, the zones on page 6, what
        # to pick on page 7. A roll changes pages 2-4 and 6 and a cursor move page 5
        # alone; with the icons from row 11 a roll changed pages 1-6 (some 200 bytes
        # more, 5 ms on the I2C panel).
        draw_dice(fb, st.active, 16, 0)
        # The cursor is a bar under the face; the chosen actor keeps a dotted bar while
        # its target is picked.
        x = 2 + self.cursor * 21
        fb.fill_rect(x - 1, _BAR_Y, 18, 3, 1)
        if self.mode == _TARGET:
            ax = 2 + self.actor * 21
            for i in range(0, 18, 3):
                fb.pixel(ax - 1 + i, _BAR_Y + 1, 1)
            if ax != x:
                fb.hline(ax - 1, _BAR_Y + 2, 18, 1)
        fb.text("In{} Us{} Sc{}".format(st.inactive, st.used, st.scored), 0, 48, 1)
        fb.text("Pick a target" if self.mode == _TARGET else "Pick a die", 0, 56, 1)


# The targets to try first, best first, for each actor when the hint table cannot say:
# a DRAGON always (removed, flipped into a SUPERHERO, rerolled: it busts the roll, M4);
# a SUPERHERO turns a HEART into a 42 (M3b, M1); a 42 last (it is a point).
_USEFUL = (
    (DRAGON, SPACESHIP, SUPERHERO, MEEPLE, HEART, F42),  # MEEPLE rerolls
    (DRAGON, SPACESHIP, SUPERHERO, MEEPLE, HEART, F42),  # SPACESHIP removes
    (DRAGON, HEART, SPACESHIP, MEEPLE, SUPERHERO, F42),  # SUPERHERO flips
)


def useful_target(actor, active):
    """The first face in _USEFUL's order that `actor` can act on (another die, M3a-c)."""
    for t in _USEFUL[actor - MEEPLE]:
        if active[t] - (t == actor) > 0:
            return t
    return actor
