"""Geek Out! Masters on the gadget: what the modes share (virtual dice, dice.py; auto
dice, auto.py; table dice, table.py).

A game screen holds the game's state (the rules core's MastersState, or its Scorepad for
table dice: the same totals, seat, round, turns and is_terminal()), and from here it
gets the game menu (long OK: Undo, Scoreboard, Hint, Help, Home, End game), the LEDs,
cue and live event line of a turn that ended, the end screen after the last turn, and
the drawings more than one mode shows: the dice showing, every seat's total, what the
last turn did.
"""

from geekout.game import GameScreen
from geekout.masters import rules
from geekout.masters.consts import CONTINUE, DRAGON, ENDED_BUST, FACES, PASS, ROUNDS, SPACESHIP
from geekout.masters.hintpage import find_hints, need_to_lead, short_action
from geekout.ui.core import FLASH_BUST, FLASH_SCORE
from geekout.ui.icons import draw_face
from geekout.ui.widgets import MENU_END, SEAT_NAMES, Menu, TextPage


class GameBase(GameScreen):
    """A Masters game on screen; each mode adds its keys, drawing, undo point and hint.
    The journal is the rules core's action bytes, one record a press (game.py)."""

    offers_hint = True  # the game menu has Hint when the table is installed
    hints = None  # the hint table (find_hints), set when the game starts
    win = None  # 2 players: the chance-to-win table (winchance.find_win), or None
    _win_key = None  # what win_line() last answered for
    _win_line = ""

    def __init__(self, app, players, actions):
        self.n = players
        super().__init__(app, rules, actions)
        state = self.state
        # The hint table on the data flash, or None (the menu then offers no Hint).
        self.hints = find_hints(app.board.data)
        # The chance to win (docs/gadget.md, The chance to win), 2 players only: the module and its table object
        # cost 4.5 KB of RAM on the emulated Pico, which 3-4 player games do not pay.
        if len(state.totals) == 2:
            from geekout.masters.winchance import find_win

            self.win = find_win(app.board.data)

    def win_line(self):
        """Each player's chance to win at the start of the turn in play, "Red 63% Gre
        37%", or "" (no table, 3-4 players). A lookup reads the flash (3 ms on the
        emulated Pico): it is made once per turn, not once per frame."""
        if self.win is None:
            return ""
        st = self.state
        key = (len(st.turns), st.totals[0], st.totals[1])
        if key != self._win_key:
            from geekout.masters.winchance import footer

            self._win_key = key
            self._win_line = footer(self.win, st, SEAT_NAMES)
        return self._win_line

    def win_step(self, st, inactive, used, scored, shown):
        """"To win: Pass" when the win-optimal choice at this pass/continue point
        differs from `shown`, the step the hint or the advice puts first; else ""."""
        if self.win is None:
            return ""
        from geekout.masters.winchance import step_text

        return step_text(self.win, st, inactive, used, scored, shown)

    # -- the step pipeline (game.py) ---------------------------------------------------
    def new_state(self):
        return rules.MastersState(self.n)

    def apply(self, state, steps):
        for a in steps:
            state.apply_action(a)
            if a >= PASS:  # a decision (the first seat's draw is chance)
                self.emit("action", short_action(a))

    def players(self):
        return len(self.state.totals)

    def seat(self):
        st = self.state
        return -1 if st.is_terminal() else st.seat

    def begin(self):
        """M8: the gadget draws the first player."""
        st = self.state
        if st.phase_name() == "first":
            self.take([self.app.board.rand(self.n)])

    def undo_point(self):
        return rules.last_decision(self.state)

    def step_words(self, first):
        """What the journal's step starting with byte `first` was, in at most 10
        characters ("Pass", "SHIP>DRG"): the undo's toast and the end menu's item."""
        return short_action(first)

    def undone(self, removed):
        return "Undone: " + self.step_words(removed[0])

    def undo_item(self):
        """The menu item that takes back the last step, saying which ("Undo Pass",
        "Undo 3 scored"): an undo takes back one step, not a whole turn (game.py)."""
        cut = self.undo_point()
        if cut < 0:
            return "Undo last step"
        return "Undo " + self.step_words(self.app.journal.actions[cut])

    # -- the advice: where the cursors start ------------------------------------------
    def advise(self, st):
        """(steps, need): the hint table's steps for the position in play,
        [(action, value)] best first, and what the values are: the chance of `need`
        points, those it takes to lead in the last round (need_to_lead), or expected
        points (need 0). ([], 0) without the table or when it cannot say."""
        if self.hints is None:
            return [], 0
        need = need_to_lead(st.totals, st.seat, st.round == ROUNDS - 1)
        active = st.active if st.phase_name() == "resolve" else bytearray(FACES)
        for n in ((need, 0) if 0 < need <= 55 else (0,)):  # past 55: out of reach
            try:
                return self.hints.advise(active, st.inactive, st.used, st.scored, n), n
            except (OSError, ValueError):  # a table without this need's block
                pass
        return [], 0

    def reviewable(self):
        """The end menu offers Review: the hint table gives its values (review.py)."""
        return self.hints is not None

    def decide_default(self, st, steps):
        """The choice a pass/continue point opens on (M6): Pass when passing wins the
        game now (passing_wins), else the advice's first step (`steps`), else the
        rule of thumb of autoplay.py (no table)."""
        if passing_wins(st):
            return PASS
        if steps:
            return steps[0][0]
        from geekout.masters import autoplay  # loaded only without the table

        return CONTINUE if autoplay.advise_continue(st.used, st.scored) else PASS

    def hint(self):
        pass

    def emit(self, event, text, winners=None):
        """A live event line on USB serial (docs/events.md), if the board prints them."""
        ev = self.app.events
        if ev is not None:
            st = self.state
            ev.emit("masters", event, min(st.round, ROUNDS - 1), ROUNDS, st.seat,
                    len(st.totals), st.totals, text, winners)

    def long_ok(self):
        items = ["Undo", "Scoreboard"]
        if self.hints is not None and self.offers_hint:
            items.append("Hint")
        items += MENU_END
        self.ui.push(Menu(self.ui, "Game menu", items, lambda i: self._menu(items[i]),
                          "masters.menu"))

    def _menu(self, item):
        ui = self.ui
        ui.pop()
        if item == "Undo":
            self.undo()
        elif item == "Scoreboard":
            from geekout.ui.scoreboard import Scoreboard  # loaded when asked (see _end_screen)

            st = self.state
            # hold OK there: this game menu again, as on every screen of a game
            ui.push(Scoreboard(ui, "Round {}/5".format(min(st.round + 1, 5)), st.totals,
                               st.seat, self.win_line(), self.long_ok))
        elif item == "Hint":
            self.hint()
        else:
            self.app.menu_end(item)

    def after_turn(self):
        """LEDs and sound for the turn that just ended; the end screen after the last one.
        The result itself stays on the game screen until the next turn starts."""
        st = self.state
        seat, points, how = st.turns[-1]
        bust = how == ENDED_BUST
        self.app.board.leds.show_turn(st.seat, len(st.totals))
        if bust:
            self.flash(FLASH_BUST, seat)
            self.ui.cue("bust")
        elif points:  # a turn that scored nothing is no score: no flash, no cue (M7)
            self.flash(FLASH_SCORE, seat)
            self.ui.cue("score")
        name = SEAT_NAMES[seat]
        self.emit("turn", name + (": BUST" if bust else " scores {}".format(points)))
        if st.is_terminal():
            end = self._end_screen()
            self.emit("end", "Game over", end.winners)
            self.ui.push(end)
            self.ui.cue("win")
        elif len(st.turns) % len(st.totals) == 0:
            self.emit("round", "Round {} over".format(st.round))

    def show_turn(self):
        st = self.state
        if not st.is_terminal():
            self.app.board.leds.show_turn(st.seat, len(st.totals))

    def show_seat(self):
        self.show_turn()

    def enter(self):
        self.show_turn()
        if self.state.is_terminal():  # resumed after the last turn: straight to the end screen
            self.ui.push(self._end_screen())

    def _end_screen(self):
        """The end screen, its module (and the scoreboard's) loaded only now: a module
        more at the game's start costs it 9-27 ms on the emulated Pico (docs/gadget.md,
        Figures), and most presses of a game never need them."""
        from geekout.masters.end import EndScreen

        return EndScreen(self)


class GamePage(TextPage):
    """A text page over the game (the hint): hold OK closes it and opens the game menu,
    as on every screen of a game (docs/gadget.md, Buttons)."""

    def __init__(self, game, heading, text, name):
        super().__init__(game.ui, heading, text, name)
        self.game = game

    def long_ok(self):
        self.ui.pop()
        self.game.long_ok()


def passing_wins(st):
    """On the game's last turn (M8), passing now puts the seat alone in the lead: the
    win is sure. Never with one player (a score attack has no one to beat)."""
    n = len(st.totals)
    if n < 2 or len(st.turns) != n * ROUNDS - 1:
        return False
    mine = st.totals[st.seat] + rules.points_for(st.scored)
    for i in range(n):
        if i != st.seat and st.totals[i] >= mine:
            return False
    return True


def draw_dice(fb, active, y, gap=2):
    """The six faces as icons from row y with how many dice show each `gap` rows under
    them (a dash: none); faces 21 pixels apart, from x = 2 (the cursor bars of dice.py
    line up with them)."""
    for f in range(FACES):
        x = 2 + f * 21
        if active[f]:
            draw_face(fb, f, x, y)
            fb.text("x" + str(active[f]), x, y + 16 + gap, 1)
        else:
            fb.text("-", x + 4, y + 6, 1)


def draw_totals(fb, totals, seat, y):
    """Every seat's total, "Red 110", two seats a row (64 pixels each: 3-digit totals
    never run together); the seat in play (seat >= 0) inverted. Rows at y and y + 9."""
    for i in range(len(totals)):
        x = (i & 1) * 64
        row = y + (i >> 1) * 9
        on = i == seat
        if on:
            fb.fill_rect(x, row - 1, 64, 9, 1)
        fb.text("{} {}".format(SEAT_NAMES[i][:3], totals[i]), x + 4, row, 0 if on else 1)


def turn_result(state):
    """What the last turn did, in two lines of at most 16 characters: "Yellow +10 = 110"
    and "", or "Red: BUST" and its cause ("2 DRAGON left", M4; "lone SPACESHIP", M3e)."""
    if not state.turns:
        return "", ""
    seat, points, how = state.turns[-1]
    name = SEAT_NAMES[seat]
    if how != ENDED_BUST:
        return "{} +{} = {}".format(name, points, state.totals[seat]), ""
    last = getattr(state, "last", None)  # table dice: the players saw their own dice
    if last is None:
        return name + ": BUST", ""
    if last[DRAGON]:
        return name + ": BUST", "{} DRAGON left".format(last[DRAGON])
    if last[SPACESHIP]:
        return name + ": BUST", "lone SPACESHIP"
    return name + ": BUST", ""


def draw_between(fb, state, footer):
    """Between two turns of virtual dice: the last turn's result and its cause, every
    seat's total (the seat to play inverted) and `footer` lines (what to press)."""
    a, b = turn_result(state)
    fb.text(a, 0, 11, 1)
    fb.text(b, 0, 20, 1)
    draw_totals(fb, state.totals, state.seat, 30)
    for i in range(len(footer)):
        fb.text(footer[i], 0, 56 - 9 * (len(footer) - 1 - i), 1)

