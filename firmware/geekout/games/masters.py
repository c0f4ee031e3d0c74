"""Geek Out! Masters on the gadget: setup, virtual-dice play, game menu, hint, end.

Virtual dice: the gadget rolls (chance actions from board.rand), the player picks each
action die and then its target among the six faces drawn as icons; the rules core
(rules/masters.py) enforces M1-M8 and anything it refuses is refused on screen with a
reason. Table dice (games/masters_table.py): the gadget is the scorepad.
Journal payload (journal.py 'A' records): the rules core's one-byte actions, a decision
and the dice it rolled in one record. Config bytes: (mode, players).
"""

from micropython import const

from geekout.rules import masters as M
from geekout import keys
from geekout.ui.core import Screen, center, title
from geekout.ui.icons import draw_face
from geekout.ui.scoreboard import Scoreboard, draw_scores
from geekout.ui.widgets import SEAT_NAMES, Confirm, Menu, Spinner, TextPage

VIRTUAL = const(0)
TABLE = const(1)
SHORT = ("42", "HEART", "MEEPLE", "SHIP", "HERO", "DRAGON")
_TARGET_SHORT = ("42", "HRT", "MPL", "SHP", "HRO", "DRG")
_FLASH_BUST = const(1)  # hal.leds.FLASH_BUST
_FLASH_SCORE = const(2)
_PICK = const(0)
_TARGET = const(1)

_hint = None  # tests put a stand-in (module, table) here
_hint_ok = None  # whether the hint module and its table are installed (checked once)
_HINT_MODULE = "geekout.rules.masters_hint"


def hint_engine(app):
    """(masters_hint module, its open table) or None when the hint is not installed.
    Loaded for one hint and dropped again by hint_done() (it is only needed on demand)."""
    if _hint:
        return _hint
    try:
        from geekout.rules import masters_hint as mod  # type: ignore

        name = getattr(mod, "TABLE_FILE", "geekout/data/masters_hint.bin")
        return (mod, mod.open_table(app.board.data.open(name)))
    except (ImportError, OSError, ValueError):
        return None


def hint_done(engine):
    """Close the table and forget the module, so the RAM is back for the game."""
    if engine is None or engine is _hint:
        return
    f = getattr(engine[1], "f", None)
    if f is not None:
        f.close()
    import sys

    sys.modules.pop(_HINT_MODULE, None)
    try:
        from geekout import rules

        delattr(rules, "masters_hint")
    except (AttributeError, ImportError):
        pass


def hint_available(app):
    global _hint_ok
    if _hint:
        return True
    if _hint_ok is None:
        engine = hint_engine(app)
        _hint_ok = engine is not None
        hint_done(engine)
    return _hint_ok


def setup(app):
    """Mode, then players (the seat LEDs light as the count changes), then play."""
    ui = app.ui
    leds = app.board.leds

    def chosen(mode):
        def players(n):
            app.start("masters", bytes((mode, n)))

        leds.show_seats(2)
        ui.push(Spinner(ui, "Players", 1, 4, 2, players,
                        lambda n: "{} player{}".format(n, "s" if n > 1 else ""), "masters.players",
                        lambda n: " ".join(SEAT_NAMES[i][:3] for i in range(n)), leds.show_seats))

    ui.push(Menu(ui, "Masters", ["Virtual dice", "Table dice"], chosen, "masters.mode"))


def play(app, config, actions):
    """The screen for a saved or new game; ValueError if the journal does not replay."""
    if len(config) != 2 or config[0] > TABLE or not 1 <= config[1] <= M.MAX_PLAYERS:
        raise ValueError("bad masters config")
    if config[0] == TABLE:
        from geekout.games.masters_table import TableGame

        game = TableGame(app, config[1], actions)
    else:
        game = VirtualGame(app, config[1], actions)
    if actions:
        game.emit("resume", "Game resumed")
    else:
        game.emit("start", "{} players, {} dice".format(
            config[1], "table" if config[0] == TABLE else "virtual"))
    return game


def short_action(a):
    if a == M.PASS:
        return "Pass"
    if a == M.CONTINUE:
        return "Continue"
    if a == M.HEART_ACT:
        return "HEART"
    actor = M.action_actor(a)
    t = a & 7
    if t == M.NO_TARGET:
        return SHORT[actor] + " alone"
    return SHORT[actor] + ">" + _TARGET_SHORT[t]


def need_to_lead(totals, seat, last_round):
    """Turn points it takes to lead in the last round (0: not the last round, or already
    ahead, so the hint speaks of expected points instead)."""
    if not last_round or len(totals) < 2:
        return 0
    best = 0
    for i in range(len(totals)):
        if i != seat and totals[i] > best:
            best = totals[i]
    need = best - totals[seat] + 1
    return need if need > 0 else 0


def hint_text(engine, active, inactive, used, scored, need):
    """The hint: best steps first with what each is worth."""
    mod, table = engine
    try:
        return _hint_lines(mod, table, active, inactive, used, scored, need)
    except ValueError as e:  # e.g. no table block for this need
        return "No hint: " + str(e)
    finally:
        hint_done(engine)


def _hint_lines(mod, table, active, inactive, used, scored, need):
    lines = []
    if need > 55:
        lines.append("Can't lead now;")
        lines.append("best average:")
        need = 0
    elif need:
        lines.append("Chance of {}+:".format(need))
    res = mod.advise(table, active, inactive, used, scored, need)
    vals = {}
    for i in range(min(4, len(res))):
        a, v = res[i]
        vals[a] = v
        text = "{:.0f}%".format(v * 100) if need else "{:.1f}".format(v)
        lines.append("{}{:<10}{:>5}".format(">" if i == 0 else " ", short_action(a)[:10], text))
    if M.PASS in vals and M.CONTINUE in vals:
        lines.append("Best: " + short_action(res[0][0]))
    return "\n".join(lines)


class GameBase(Screen):
    """What both modes share: the game menu (long OK), scoreboard, end, LEDs."""

    def __init__(self, app):
        super().__init__(app.ui)
        self.app = app

    # Each mode answers these.
    def totals(self):
        return [0]

    def seat(self):
        return 0

    def round(self):
        return 0

    def over(self):
        return False

    def undo(self):
        pass

    def hint(self):
        pass

    def turns_played(self):
        return 0

    def emit(self, event, text, winners=None):
        """A live event line on USB serial (docs/events.md), if the board prints them."""
        ev = self.app.events
        if ev is not None:
            totals = self.totals()
            ev.emit("masters", event, min(self.round(), M.ROUNDS - 1), M.ROUNDS, self.seat(),
                    len(totals), totals, text, winners)

    def long_ok(self):
        items = ["Undo", "Scoreboard"]
        if hint_available(self.app):
            items.append("Hint")
        items += ["Help", "Home", "End game"]
        self.ui.push(Menu(self.ui, "Game menu", items, lambda i: self._menu(items[i]),
                          "masters.menu"))

    def _menu(self, item):
        ui = self.ui
        ui.pop()
        if item == "Undo":
            self.undo()
        elif item == "Scoreboard":
            ui.push(Scoreboard(ui, "Round {}/5".format(min(self.round() + 1, 5)),
                               self.totals(), self.seat()))
        elif item == "Hint":
            self.hint()
        elif item == "Help":
            self.app.show_help()
        elif item == "Home":
            self.app.go_home()
        else:
            ui.push(Confirm(ui, "End this game? It will not be saved.", self.app.finish,
                            None, False, "masters.end?"))

    def after_turn(self, seat, points, how):
        """LEDs and sound for the turn that ended; the end screen after the last one.
        The result itself stays on the game screen until the next turn starts."""
        board = self.app.board
        now = board.clock()
        bust = how == M.ENDED_BUST
        board.leds.show_turn(self.seat(), len(self.totals()))
        board.leds.flash(_FLASH_BUST if bust else _FLASH_SCORE, now, seat)
        self.ui.cue("bust" if bust else "score")
        name = SEAT_NAMES[seat]
        self.emit("turn", name + (": BUST" if bust else " scores {}".format(points)))
        if self.over():
            end = EndScreen(self)
            self.emit("end", "Game over", end.winners)
            self.ui.push(end)
            self.ui.cue("win")
        elif self.turns_played() % len(self.totals()) == 0:
            self.emit("round", "Round {} over".format(self.round()))

    def show_turn(self):
        if not self.over():
            self.app.board.leds.show_turn(self.seat(), len(self.totals()))

    def enter(self):
        self.show_turn()
        if self.over():  # resumed after the last turn: straight to the end screen
            self.ui.push(EndScreen(self))


class EndScreen(Screen):
    name = "masters.end"

    def __init__(self, game):
        super().__init__(game.ui)
        self.game = game
        totals = game.totals()
        best = max(totals)
        self.winners = [i for i in range(len(totals)) if totals[i] == best]  # M8: ties share

    def enter(self):
        leds = self.game.app.board.leds
        if len(self.winners) == 1:  # the winner's LED bright, the others dim
            leds.show_turn(self.winners[0], len(self.game.totals()))
        else:
            leds.show_seats(len(self.game.totals()))

    def key(self, k):
        if k == keys.OK:
            self.game.app.finish()

    def long_ok(self):
        self.ui.push(Menu(self.ui, "Game over", ["Undo last turn", "Home"], self._menu,
                          "masters.end_menu"))

    def _menu(self, i):
        ui = self.ui
        ui.pop()
        if i == 0:
            ui.pop()  # this end screen
            self.game.undo()
        else:
            self.game.app.go_home()

    def draw(self, fb):
        title(fb, "Game over")
        draw_scores(fb, self.game.totals(), -1, 12)
        if len(self.winners) == 1:
            text = SEAT_NAMES[self.winners[0]] + " wins!"
        else:
            text = "Tie: " + " ".join(SEAT_NAMES[i][:3] for i in self.winners)
        if len(self.game.totals()) == 1:
            text = "Score {}".format(self.game.totals()[0])
        center(fb, text[:16], 45)
        fb.text("OK: done", 32, 56, 1)


class VirtualGame(GameBase):
    """The gadget rolls. PICK: choose the action die; TARGET: choose what it acts on;
    DECIDE (rules phase): Continue or Pass."""

    name = "masters.dice"

    def __init__(self, app, players, actions):
        super().__init__(app)
        self.state = M.replay(players, actions)
        self.mode = _PICK
        self.cursor = 0
        self.actor = 0
        self.choice = 0  # 0 = Continue, 1 = Pass
        st = self.state
        if st.phase_name() == "first":  # M8: the gadget draws the first player
            st.apply_action(app.board.rand(players))
            app.journal.append(st.journal)
        self._reset_cursor()

    # -- game queries used by GameBase ------------------------------------------------
    def totals(self):
        return self.state.totals

    def seat(self):
        return self.state.seat

    def round(self):
        return self.state.round

    def over(self):
        return self.state.is_terminal()

    def turns_played(self):
        return len(self.state.turns)

    # -- actions ---------------------------------------------------------------------
    def act(self, action):
        """A decision and the dice it rolls, saved as one record. When the turn ends
        the next turn's dice wait for the next player's OK (roll())."""
        st = self.state
        n0 = len(st.journal)
        turns = len(st.turns)
        if action >= 0:
            st.apply_action(action)
            self.emit("action", short_action(action))
        rand = self.app.board.rand
        while st.is_chance() and len(st.turns) == turns:
            st.apply_action(rand(M.FACES))
        self.app.journal.append(st.journal[n0:])
        self.mode = _PICK
        self._reset_cursor()
        if len(st.turns) > turns:
            seat, points, how = st.turns[-1]
            self.after_turn(seat, points, how)

    def undo(self):
        r = M.undo(self.state)
        if r is None:
            self.ui.toast("Nothing to undo")
            return
        self.state, removed = r
        self.app.journal.undo(len(removed))
        self.mode = _PICK
        self._reset_cursor()
        self.show_turn()
        self.ui.toast("Undone: " + short_action(removed[0]))
        self.emit("undo", "Undone: " + short_action(removed[0]))

    def hint(self):
        engine = hint_engine(self.app)
        st = self.state
        if engine is None or st.is_terminal():
            return
        need = need_to_lead(st.totals, st.seat, st.round == M.ROUNDS - 1)
        if st.is_chance():
            self.ui.toast("Roll first")
            return
        active = st.active if st.phase_name() == "resolve" else bytearray(6)
        text = hint_text(engine, active, st.inactive, st.used, st.scored, need)
        self.ui.push(TextPage(self.ui, "Hint", text, "masters.hint"))

    def _reset_cursor(self):
        active = self.state.active
        self.cursor = 0
        for f in (M.HEART, M.MEEPLE, M.SPACESHIP, M.SUPERHERO):
            if active[f]:
                self.cursor = f
                break

    # -- keys ------------------------------------------------------------------------
    def key(self, k):
        st = self.state
        if st.is_terminal():
            return
        if st.is_chance():
            if k == keys.OK:
                self.ui.cue("turn")
                self.act(-1)
            return
        if st.phase_name() == "decide":
            if k == keys.UP or k == keys.DOWN:
                self.choice ^= 1
            elif k == keys.OK:
                self.act(M.PASS if self.choice else M.CONTINUE)
                self.choice = 0
            return
        if k == keys.UP:
            self.cursor = (self.cursor - 1) % M.FACES
        elif k == keys.DOWN:
            self.cursor = (self.cursor + 1) % M.FACES
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
        name = M.FACE_NAMES[f]
        if not active[f]:
            self.refuse("No {} showing".format(name))
        elif f == M.F42 or f == M.DRAGON:
            self.refuse("A {} does not act".format(name))
        elif f == M.HEART:
            if not st.inactive:
                self.ui.toast("No inactive die: no effect")
            self.act(M.HEART_ACT)
        elif sum(active) == 1:  # M3e
            if f == M.SPACESHIP:
                self.ui.toast("Lone SPACESHIP destroys itself")
            else:
                self.ui.toast(name + " alone: no effect")
            self.act(M.resolve_action(f, M.NO_TARGET))
        else:
            self.actor = f
            self.mode = _TARGET

    def _target(self, t):
        a = M.resolve_action(self.actor, t)
        if not self.state.is_legal(a):
            if t == self.actor:
                self.refuse("Needs another die")
            else:
                self.refuse("No {} showing".format(M.FACE_NAMES[t]))
            return
        self.act(a)

    def refuse(self, reason):
        self.ui.toast(reason)
        self.ui.cue("error")

    # -- drawing ---------------------------------------------------------------------
    def draw(self, fb):
        st = self.state
        seat = st.seat
        title(fb, "R{}/5 {} {}".format(min(st.round + 1, 5), SEAT_NAMES[seat], st.totals[seat]))
        if st.is_chance():  # between turns: the last result, then OK rolls
            if st.turns:
                last, points, how = st.turns[-1]
                if how == M.ENDED_BUST:
                    text = SEAT_NAMES[last] + ": BUST"
                else:
                    text = "{} +{} = {}".format(SEAT_NAMES[last], points, st.totals[last])
                fb.text(text[:16], 0, 14, 1)
            fb.text(SEAT_NAMES[seat] + "'s turn", 0, 30, 1)
            fb.text("OK: roll 7 dice", 0, 42, 1)
            return
        if st.phase_name() == "decide":
            fb.text("Scored {} = {}".format(st.scored, M.points_for(st.scored)), 0, 14, 1)
            fb.text("To roll: {}".format(st.used), 0, 25, 1)
            fb.text("Inactive: {}".format(st.inactive), 0, 36, 1)
            fb.text("Continue", 10, 52, 1)
            fb.text("Pass", 90, 52, 1)
            fb.text(">", 80 if self.choice else 0, 52, 1)
            return
        active = st.active
        for f in range(M.FACES):
            x = 2 + f * 21
            if active[f]:
                draw_face(fb, f, x, 11)
                fb.text("x" + str(active[f]), x, 29, 1)
            else:
                fb.text("-", x + 4, 17, 1)
        # The cursor is a bar under the face (one page: a move sends few bytes); the
        # chosen actor keeps a dotted bar while its target is picked.
        x = 2 + self.cursor * 21
        fb.fill_rect(x - 1, 37, 18, 3, 1)
        if self.mode == _TARGET:
            ax = 2 + self.actor * 21
            for i in range(0, 18, 3):
                fb.pixel(ax - 1 + i, 38, 1)
            if ax != x:
                fb.hline(ax - 1, 39, 18, 1)
        fb.text("In{} Us{} Sc{}".format(st.inactive, st.used, st.scored), 0, 42, 1)
        fb.text("Pick a target" if self.mode == _TARGET else "Pick a die", 0, 54, 1)
