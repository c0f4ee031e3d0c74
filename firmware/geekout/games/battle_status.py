"""Galaxy battle screens around the turn: setup, the first player's draw, each player's
status and the galaxy's supplies, the game menu with undo, the victory.

Loaded when needed and dropped when the turn screen is on top again (games/battle.py).
The status page shows a player's reserve as one number; its kinds (how many bombs are
left) only after OK, for that player's eyes: the table keeps bombs face down, and a
split reserve would tell what was placed.
"""

from geekout.games.battle import BattleGame, name
from geekout.rules import battle as B
from geekout.rules import battle_events as E
from geekout.ui import keys
from geekout.ui.core import Screen, center, title
from geekout.ui.widgets import SEAT_NAMES, Confirm, Menu, Spinner

CONDITION_TEXT = ("", "2+ ships ahead", "star value 9+", "3 enemy kills")  # B8


def setup(app):
    """Players 3-4 (the seat LEDs light as the count changes), then the game starts."""
    ui = app.ui
    leds = app.board.leds
    leds.show_seats(3)
    ui.push(Spinner(ui, "Players", 3, 4, 3, lambda n: app.start("battle", bytes((n,))),
                    lambda n: "{} players".format(n), "battle.players",
                    lambda n: " ".join(SEAT_NAMES[i][:3] for i in range(n)), leds.show_seats))


def play(app, config, actions):
    """The screen for a saved or new game (ValueError if the journal does not replay):
    a new game opens on the first player's draw, a finished one on its victory."""
    if len(config) != 1 or not 3 <= config[0] <= 4:
        raise ValueError("bad battle config")
    game = BattleGame(app, config[0], actions)
    st = game.state
    if actions:
        game.emit("resume", "Game resumed")
        if not st.is_terminal():
            return game
        game.ended = 1
    else:
        game.emit("start", "{} players, {} first".format(st.players, name(st.seat)))
    app.ui.push(game)
    return EndScreen(game) if actions else FirstScreen(game)


def status(game, seat):
    game.ui.push(StatusScreen(game, seat))


def game_menu(game):
    ui = game.ui

    def chosen(i):
        ui.pop()
        st = game.state
        if i == 0:
            undo(game)
        elif i == 1:
            status(game, st.seat)
        elif i == 2:
            from geekout.ui.widgets import Scoreboard

            ui.push(Scoreboard(ui, "Star value (9)", [st.star_value(p) for p in range(st.players)],
                               -1 if st.is_terminal() else st.seat,
                               "Kills " + " ".join(str(k) for k in st.kills)))
        elif i == 3:
            game.app.show_help()
        elif i == 4:
            game.app.go_home()
        else:
            ui.push(Confirm(ui, "End this game? It will not be saved.", game.app.finish,
                            None, False, "battle.end?"))

    ui.push(Menu(ui, "Game menu", ["Undo", "Status", "Star values", "Help", "Home", "End game"],
                 chosen, "battle.menu"))


def undo(game):
    """Take back the last event (the rules core replays the journal without it); the
    first player's draw stays. The toast names the event, never the kinds of stars."""
    r = B.undo(game.state)
    if r is None:
        game.ui.toast("Nothing to undo")
        return
    game.state, ev = r
    game.ended = 0
    game.app.journal.undo(len(E.encode(ev)))
    game.show_turn()
    text = "Undone: {} {}".format(name(ev[1]), E.TYPE_NAMES[ev[0]])
    game.ui.toast(text)
    game.emit("undo", text)


class FirstScreen(Screen):
    """B1: the gadget drew the first player; that seat's LED is lit."""

    name = "battle.first"

    def __init__(self, game):
        super().__init__(game.ui)
        self.game = game

    def enter(self):
        self.game.show_turn()

    def key(self, k):
        if k == keys.OK or k == keys.BACK:
            self.ui.pop()

    def long_ok(self):
        game_menu(self.game)

    def draw(self, fb):
        text = name(self.game.state.first)
        title(fb, "Galaxy battle")
        center(fb, "First player:", 14)
        fb.rect(60 - len(text) * 4, 25, len(text) * 8 + 8, 13, 1)
        center(fb, text, 28)
        center(fb, "drawn at random", 42)
        center(fb, "OK: opening", 55)


class StatusScreen(Screen):
    """One page per player, then the galaxy page; UP/DOWN turn pages, OK shows or hides
    the reserve's kinds, BACK leaves."""

    name = "battle.status"

    def __init__(self, game, page):
        super().__init__(game.ui)
        self.game = game
        self.page = page
        self.reveal = False

    def key(self, k):
        n = self.game.state.players + 1
        if k == keys.UP or k == keys.DOWN:
            self.page = (self.page + (1 if k == keys.DOWN else -1)) % n
            self.reveal = False
        elif k == keys.OK:
            self.reveal = not self.reveal
        elif k == keys.BACK:
            self.ui.pop()

    def draw(self, fb):
        st = self.game.state
        p = self.page
        if p >= st.players:
            title(fb, "Galaxy")
            fb.text("Cells left {}".format(st.cells), 0, 12, 1)
            fb.text("Stars on map {}".format(st.map[B.SMALL] + st.map[B.BOMB]), 0, 22, 1)
            fb.text("Supernovas {}".format(st.map[B.NOVA]), 0, 32, 1)
            fb.text("Nova supply {}".format(st.box[B.NOVA]), 0, 42, 1)
            fb.text("{}: {}".format(name(st.seat)[:3], B.PHASE_NAMES[st.phase])[:16], 0, 54, 1)
            return
        title(fb, "{} {}/{}".format(name(p), p + 1, st.players))
        for s in range(B.SHIPS):
            x = s * 32
            alive, lv, base = st.ship_at(p, s)
            fb.text(E.SHIP_NAMES[s], x, 11, 1)
            if alive:  # levels as pips, filled = level (B4: at most 3)
                for k in range(B.MAX_LEVEL):
                    (fb.fill_rect if k < lv else fb.rect)(x + k * 6, 20, 5, 5, 1)
                if base:
                    fb.text("b", x + 18, 11, 1)
            else:  # a drone in supply (status 0 in rules/battle.py) or out of the game
                fb.text("-" if st.status[p * B.SHIPS + s] == 0 else "x", x + 4, 19, 1)
        fb.text("Ships {} Kills {}".format(st.ships_in_play(p), st.kills[p]), 0, 29, 1)
        fb.text("Stars {}: {}s {}n".format(st.star_value(p), st.coll_small[p], st.coll_nova[p]),
                0, 38, 1)
        rs, rb = st.reserve_small[p], st.reserve_bomb[p]
        fb.text("Res. {}s {}b".format(rs, rb) if self.reveal else "Reserve {} (OK)".format(rs + rb),
                0, 47, 1)
        u = st.unique[p]
        fb.text("Unique {} {} {}".format("T" if u & B.TELEPORT else "-",
                                         "W" if u & B.WORMHOLE_UA else "-",
                                         "S" if u & B.SHIELD else "-"), 0, 56, 1)


class EndScreen(Screen):
    """B8: the winner and the condition met, shown the moment it is met."""

    name = "battle.end"

    def __init__(self, game):
        super().__init__(game.ui)
        self.game = game
        self.winners = [game.state.winner]

    def enter(self):
        st = self.game.state
        board = self.game.app.board
        board.leds.show_turn(st.winner, st.players)
        board.leds.flash(2, board.clock(), st.winner)  # hal.leds.FLASH_SCORE

    def key(self, k):
        if k == keys.OK:
            self.game.app.finish()

    def long_ok(self):
        ui = self.ui

        def chosen(i):
            ui.pop()
            if i == 0:
                ui.pop()  # this end screen
                undo(self.game)
            elif i == 1:
                status(self.game, self.game.state.winner)
            else:
                self.game.app.go_home()

        ui.push(Menu(ui, "Game over", ["Undo last step", "Status", "Home"], chosen,
                     "battle.end_menu"))

    def draw(self, fb):
        st = self.game.state
        cond = B.CONDITION_NAMES[st.condition]
        title(fb, "Victory!")
        center(fb, name(st.winner) + " wins", 14)
        center(fb, cond[0].upper() + cond[1:], 26)
        center(fb, CONDITION_TEXT[st.condition], 36)
        center(fb, "Stars " + " ".join(str(st.star_value(p)) for p in range(st.players)), 46)
        center(fb, "OK: done", 56)
