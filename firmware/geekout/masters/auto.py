"""Geek Out! Masters on the gadget, auto dice (config mode AUTO): the gadget rolls and
resolves every die, the players decide only what matters, Continue or Pass.

After a press the gadget takes every resolution step (M3) by the hint table's optimal
step (hint.py; without the table, autoplay.py's search) and goes on until a player has
something to decide (rules.at_rest). Its steps are journaled as the rules core's bytes,
one record with the press, and its dice come from the step pipeline's roll (game.py), so
an undo (back to rules.last_rest) never re-rolls. The steps are then shown one by one.
The screen and its presses: docs/gadget.md, Masters, auto dice.
"""

from micropython import const

from geekout import keys
from geekout.masters import rules
from geekout.masters.consts import (
    CONTINUE,
    DRAGON,
    ENDED_BUST,
    FACES,
    HEART_ACT,
    NO_TARGET,
    PASS,
    ROUNDS,
    SPACESHIP,
    SUPERHERO,
)
from geekout.masters.game import GameBase, draw_between, draw_dice, passing_wins
from geekout.masters.hintpage import SHORT, need_to_lead, short_action
from geekout.ui.core import W, title
from geekout.ui.widgets import SEAT_NAMES

# A frame of the show: kind, extra, then the zones as they lay after the step (active
# faces 0-5, inactive, used, scored). Kinds 16 and up are the step's action byte (extra:
# the face the die it rolled shows, or _NONE); below 16:
_FRAME = const(11)
_ROLLED = const(0)  # extra: how many dice were rolled
_AGAIN = const(1)  # nothing scored: the gadget continues (extra: dice to roll)
_SCORED = const(2)  # the roll's 42s moved to scored (extra: how many), M4
_BUST = const(3)  # M4 DRAGON left, or M3e lone SPACESHIP
_FORCED = const(4)  # M6: nothing to roll again, the pass is forced
_NONE = const(255)
STEP_MS = const(900)  # a frame's time on screen while the show plays


class AutoGame(GameBase):
    """The gadget rolls and resolves; the players press OK to roll and choose Continue
    or Pass. A show of the steps plays after each press."""

    name = "masters.auto"
    offers_hint = False  # the advice is on the screen where it matters

    def __init__(self, app, players, actions):
        super().__init__(app, players, actions)
        self.choice = 0  # 0 = Continue, 1 = Pass
        self.advice = None  # [(CONTINUE or PASS, value)] from the table, best first
        self.win_text = ""  # 2 players: "To win: Pass" when that differs from the advice
        self.need = 0  # the points the advice is a chance of (0: expected points)
        self.frames = bytearray()  # the show of the last press's steps
        self.at = 0  # the frame on screen
        self.showing = False
        self.playing = False  # the frames move on by themselves
        self.until = 0
        self.ended = False  # the last press ended the turn: its LEDs and cue are due
        self.shown = (0, 0, 0)  # the show's round, seat and that seat's total
        self.turns = 0  # the turns finished when the press in hand began
        self._arrived()

    def begin(self):
        super().begin()
        if not rules.at_rest(self.state):
            # A journal that stops between two rests (none of this mode's records do):
            # the gadget takes its steps on from there.
            self.press(-1)

    # -- the gadget's steps ------------------------------------------------------------
    def press(self, decision):
        """The player's press (-1: roll; PASS or CONTINUE) and every step the gadget
        takes after it up to the next rest (follow), one record, then shown."""
        st = self.state
        self.turns = len(st.turns)
        self.shown = (st.round, st.seat, st.totals[st.seat])
        self.frames = bytearray()
        self.take([decision] if decision >= 0 else [])
        self.ended = len(self.state.turns) > self.turns
        if self.frames:
            self._play(0)
        else:
            self._show_done()

    def follow(self, state, steps):
        """Every step up to the next rest, each noted as a frame of the show; nothing
        after a press that ended the turn or drew the first seat."""
        if len(state.turns) > self.turns or (steps and rules.at_turn_start(state)):
            return []
        n0 = len(state.journal)
        need = self._need()
        f = table = None
        if self.hints is not None:
            try:
                f, table = self.hints.open()
            except (OSError, ValueError):
                f = table = None
        search = [None]  # autoplay's memo during this press (no hint table)
        try:
            self._run(state, self.frames, table, need, search)
        finally:
            if f is not None:
                f.close()
        return list(state.journal[n0:])

    def _run(self, st, frames, table, need, search):
        turns = self.turns
        roll = self.roll
        base = st.scored  # scored when the roll in hand began
        while len(st.turns) == turns:
            scored0 = st.scored
            if st.is_chance():
                n = st.pending
                while st.is_chance() and len(st.turns) == turns:
                    st.apply_action(roll(FACES, st.journal))
                self._frame(st, frames, _ROLLED, n, scored0)
                base = scored0
            elif st.phase_name() == "decide":
                if st.scored:
                    break  # the player's to decide
                self._frame(st, frames, _AGAIN, st.used, scored0)
                st.apply_action(CONTINUE)
                self.emit("action", "Continue")
                continue
            else:
                a = self._step(st, table, need, search)
                st.apply_action(a)
                face = _NONE
                if st.is_chance() and len(st.turns) == turns:  # a MEEPLE's or HEART's die
                    face = roll(FACES, st.journal)
                    st.apply_action(face)
                self._frame(st, frames, a, face, scored0)
                self.emit("action", short_action(a))
            if len(st.turns) > turns:
                kind = _BUST if st.turns[-1][2] == ENDED_BUST else _FORCED
                self._frame(st, frames, kind, 0, -1)
            elif st.phase_name() == "decide" and st.scored:
                self._frame(st, frames, _SCORED, st.scored - base, -1)

    def _step(self, st, table, need, search):
        """The best resolution step: the table's, else autoplay's search."""
        hints = self.hints
        if table is not None and hints is not None:
            reader = hints.reader
            try:
                return reader.advise(table, st.active, st.inactive, st.used, st.scored,
                                     need)[0][0]
            except ValueError:  # a table without this need's block (points only)
                try:
                    return reader.advise(table, st.active, st.inactive, st.used,
                                         st.scored, 0)[0][0]
                except (OSError, ValueError):
                    pass
            except OSError:
                pass
        # loaded only without a usable table: with one it is never needed (heap)
        from geekout.masters import autoplay

        if search[0] is None:
            search[0] = autoplay.Search()
        return autoplay.fallback_action(st.active, st.inactive, st.used, search[0])

    def _need(self):
        st = self.state
        need = need_to_lead(st.totals, st.seat, st.round == ROUNDS - 1)
        return need if need <= 55 else 0  # out of reach: play for points

    def _frame(self, st, frames, kind, extra, scored0):
        """Note a frame: the zones after the step; a step that ended the roll shows the
        dice as they lay (its 42s still showing, or the dice the turn ended on)."""
        start = len(frames)
        frames.append(kind)
        frames.append(extra)
        if len(st.turns) > self.turns:
            frames += st.last
        else:
            frames += st.active
            frames.append(st.inactive)
            frames.append(st.used)
            frames.append(st.scored)
        grown = frames[start + 10] - scored0
        if scored0 >= 0 and grown > 0:
            frames[start + 2] += grown
            frames[start + 10] = scored0

    # -- the show --------------------------------------------------------------------
    def _play(self, at):
        self.showing = True
        self.playing = True
        self.at = at
        self.until = self.app.board.clock() + STEP_MS
        self.show_turn()

    def _show_done(self):
        self.showing = False
        self.playing = False
        if self.ended:
            self.ended = False
            self.after_turn()  # the result's LEDs, cue and the end screen, now it shows
        else:
            self.show_turn()
        self._arrived()

    def show_turn(self):
        if self.showing:  # the LEDs stay on the seat whose dice are shown
            self.app.board.leds.show_turn(self.shown[1], len(self.state.totals))
        else:
            super().show_turn()

    def tick(self, now):
        if not (self.showing and self.playing) or keys.ticks_diff(now, self.until) < 0:
            return False
        self._move(1)
        self.until = now + STEP_MS
        return True

    def _move(self, step):
        n = len(self.frames) // _FRAME
        at = self.at + step
        if at >= n:
            self._show_done()
        else:
            self.at = max(0, at)

    def _arrived(self):
        """At a rest: the advice at a pass/continue point, the cursor on it."""
        st = self.state
        self.advice = None
        self.win_text = ""
        self.choice = 0
        if st.phase_name() != "decide":
            return
        steps, self.need = self.advise(st)
        self.advice = steps or None
        best = self.decide_default(st, steps)  # Pass when passing wins the game
        self.choice = 0 if best == CONTINUE else 1
        if passing_wins(st):  # the values shown may favour Continue: say why not
            self.win_text = "Passing wins"
        else:
            self.win_text = self.win_step(st, st.inactive, st.used, st.scored, best)

    # -- undo ------------------------------------------------------------------------
    def undo_point(self):
        """The last press: the rest before the last (rules.last_rest)."""
        return rules.last_rest(self.state, self.marks)

    def undone(self, removed):
        self.frames = bytearray()
        self.showing = self.playing = self.ended = False
        self._arrived()
        return super().undone(removed)

    def step_words(self, first):
        """A press: Pass, Continue, or a roll (its first byte is the first die's face)."""
        return "Pass" if first == PASS else "Continue" if first == CONTINUE else "the roll"

    # -- keys ------------------------------------------------------------------------
    def key(self, k):
        st = self.state
        if st.is_terminal():
            return
        if self.showing:
            self.playing = False
            if k == keys.UP:
                self._move(-1)
            elif k == keys.DOWN:
                self._move(1)
            elif k == keys.OK or k == keys.BACK:
                self._show_done()
            return
        if k == keys.BACK:
            if self.frames:  # the last press's steps again
                self._play(0)
            return
        if st.is_chance():
            if k == keys.OK:
                self.ui.cue("turn")
                self.press(-1)
        elif k == keys.UP or k == keys.DOWN:
            self.choice ^= 1
        elif k == keys.OK:
            self.press(PASS if self.choice else CONTINUE)

    # -- drawing ---------------------------------------------------------------------
    def draw(self, fb):
        if self.showing:
            self._draw_frame(fb)
            return
        st = self.state
        seat = st.seat
        title(fb, "R{}/5 {} {}".format(min(st.round + 1, 5), SEAT_NAMES[seat],
                                      st.totals[seat]))
        if st.is_terminal():
            return
        if st.phase_name() == "decide":
            self._draw_decide(fb)
            return
        footer = ["OK: roll 7 dice"]
        win = self.win_line()
        if win:
            footer.insert(0, win)
        if self.frames:
            footer.append("BACK: last roll")
        draw_between(fb, st, footer)

    def _draw_decide(self, fb):
        st = self.state
        fb.text("Scored {} = {}".format(st.scored, rules.points_for(st.scored)), 0, 11, 1)
        fb.text("To roll {}, In {}".format(st.used, st.inactive), 0, 20, 1)
        values = {}
        if self.advice:
            head = "Chance of {}+:".format(self.need) if self.need else "Expected points:"
            for a, v in self.advice:
                values[a] = "{:.0f}%".format(v * 100) if self.need else "{:.1f}".format(v)
        else:
            head = "Rule of thumb:"
            values[PASS if self.choice else CONTINUE] = "best"
        fb.text(head, 0, 29, 1)
        for i in range(2):
            a = PASS if i else CONTINUE
            v = values.get(a, "")
            fb.text(">" if self.choice == i else " ", 0, 38 + 9 * i, 1)
            fb.text("Pass" if i else "Continue", 8, 38 + 9 * i, 1)
            fb.text(v, W - 8 * len(v), 38 + 9 * i, 1)
        if self.win_text:  # the last line has room for one of the two
            fb.text(self.win_text, 0, 56, 1)
        elif self.frames:
            fb.text("BACK: see steps", 0, 56, 1)

    def _draw_frame(self, fb):
        r, seat, total = self.shown
        title(fb, "R{}/5 {} {}".format(min(r + 1, 5), SEAT_NAMES[seat], total))
        n = len(self.frames) // _FRAME
        i = self.at * _FRAME
        z = self.frames[i:i + _FRAME]
        draw_dice(fb, z[2:8], 10)
        fb.fill_rect(0, 37, W * (self.at + 1) // n, 2, 1)
        a, b = caption(z)
        fb.text(a, 0, 40, 1)
        fb.text(b, 0, 48, 1)
        fb.text("In{} Us{} Sc{}".format(z[8], z[9], z[10]), 0, 56, 1)


def caption(z):
    """A frame's two lines (at most 16 characters each): what its step did."""
    kind = z[0]
    extra = z[1]
    if kind == _ROLLED:
        return ("Rolled 1 die" if extra == 1 else "Rolled {} dice".format(extra)), ""
    if kind == _AGAIN:
        return "Nothing scored:", "roll {} again".format(extra)
    if kind == _SCORED:
        more = "Scored {} more".format(extra) if extra else "No new 42"
        return more, "{} scored = {}".format(z[10], rules.points_for(z[10]))
    if kind == _BUST:
        if z[2 + DRAGON]:
            return "BUST: {} DRAGON".format(z[2 + DRAGON]), "left: no points"
        return "BUST: lone SHIP", "no points"
    if kind == _FORCED:
        return "Nothing to roll:", "pass, +{}".format(rules.points_for(z[10]))
    if kind == HEART_ACT:
        if extra == _NONE:
            return "HEART: no effect", "(none inactive)"
        return "HEART: a die in", "it rolled " + SHORT[extra]
    actor = rules.action_actor(kind)
    t = kind & 7
    if t == NO_TARGET:
        if actor == SPACESHIP:
            return "SHIP alone:", "destroys itself"
        return SHORT[actor] + " alone:", "no effect"
    if actor == SPACESHIP:  # M3c
        return "SHIP removes", SHORT[t] + ": inactive"
    if actor == SUPERHERO:  # M3b: the target turns to its opposite face (M1)
        return "HERO flips", SHORT[t] + " -> " + SHORT[t ^ 1]
    return "MEEPLE rerolls", SHORT[t] + " -> " + SHORT[extra]  # M3a
