"""Drive the gadget's firmware with button presses only (MicroPython and CPython).

A Driver looks at the screen on top to decide the next key, the way a player reads the
screen, then presses it: start a game from home, play virtual-dice turns (first legal
action, pass at 2+ scored dice), enter table-dice scores, play auto-dice turns (skip
each show with OK, take the advice), sometimes undo through the game menu. Used by the
MicroPython tests, the power-cut test and bench/.
"""

# The rules core and its constants before the app: the app drops every module imported
# after it when a game is left, and this driver keeps using them.
from geekout.masters import consts as mc
from geekout.masters import rules as M

# isort: split
from geekout import keys
from keydriver import KeyDriver


class Driver(KeyDriver):
    """Plays Masters (KeyDriver: the keys, the log, the times, the game menu)."""

    def start(self, mode, players):
        """From the home menu: New game, Masters, the mode (its config byte: 0 virtual,
        1 table, 2 auto dice; the menu lists them in that order), the number of players."""
        self.new_game("Masters")
        menu = self.top()
        while menu.index != mode:
            self.press(keys.DOWN)
        self.press(keys.OK)
        while self.top().value != players:
            self.press(keys.UP)
        self.press(keys.OK)

    def step(self):
        """One press towards finishing the game; False when the end screen shows."""
        top = self.top()
        name = top.name
        if name == "masters.end":
            return False
        if name in ("masters.turn_end", "resume?"):
            if name == "resume?" and not top.answer:
                self.press(keys.UP)
            self.press(keys.OK)
            return True
        if name == "masters.dice":
            self._virtual(top)
            return True
        if name == "masters.table":
            self._table(top)
            return True
        if name == "masters.auto":
            self._auto(top)
            return True
        if name in ("masters.hint", "help", "scoreboard", "text"):
            self.press(keys.BACK)
            return True
        raise ValueError("driver lost on screen " + name)

    def _maybe_undo(self):
        self.decisions += 1
        if self.undo_every and self.decisions % self.undo_every == 0:
            self.game_menu("Undo")
            return True
        return False

    def _virtual(self, g):
        st = g.state
        if st.is_chance():
            self.press(keys.OK)
            return
        if st.phase_name() == "decide":
            want = 1 if st.scored >= 2 else 0
            if g.choice != want:
                self.press(keys.DOWN)
            elif not self._maybe_undo():
                self.press(keys.OK)
            return
        a = _choose(st)
        actor = M.action_actor(a)
        t = a & 7
        if g.mode == 1 and g.actor != actor:
            self.press(keys.BACK)
        elif g.mode == 0:
            if g.cursor != actor:
                self.press(keys.DOWN)
            else:
                self.press(keys.OK)
        elif g.cursor != t:
            self.press(keys.DOWN)
        elif not self._maybe_undo():
            self.press(keys.OK)

    def _auto(self, g):
        if g.showing or g.state.is_chance():
            self.press(keys.OK)  # skip the show; roll
        elif not self._maybe_undo():
            self.press(keys.OK)  # the advice: the cursor starts on it

    def _table(self, g):
        want = (len(g.state.turns) * 7 + 3) % 12  # a fixed spread of entries, busts included
        if g.value != want:
            self.press(keys.UP)
        elif not self._maybe_undo():
            self.press(keys.OK)


def _choose(st):
    """A sensible resolution: defuse dragons first, heal, never hit a 42 if avoidable."""
    legal = st.legal_actions()
    best = legal[0]
    score = -9
    for a in legal:
        t = a & 7
        v = 0
        if t == mc.DRAGON:
            v = 3
        elif a == mc.HEART_ACT:
            v = 2
        elif t == mc.F42:
            v = -2
        elif t == mc.HEART and M.action_actor(a) == mc.SUPERHERO:
            v = 1
        if v > score:
            best = a
            score = v
    return best
