"""Galaxy battle: each player's status and the galaxy's supplies, the game menu, undo.

Loaded when needed and dropped when the turn screen is on top again (games/battle.py).
The status page shows a player's reserve as one number; its kinds (how many bombs are
left) only after OK, for that player's eyes: the table keeps bombs face down, and a
split reserve would tell what was placed. Texts are kept in few string constants (each
is an object of its own in MicroPython's RAM), lines split on "\\n".
"""

from micropython import const

from geekout.games.battle import name
from geekout.rules import battle as B
from geekout.rules import battle_events as E
from geekout import keys
from geekout.ui.core import Screen, title
from geekout.ui.widgets import Menu

# rules/battle.py's private constants (copies: no names at run time).
_BOMB = const(1)
_MAX_LEVEL = const(3)  # B4
_TELEPORT = const(1)  # B9: bits of a player's unique actions
_WORMHOLE_UA = const(2)
_SHIELD = const(4)


def lines(fb, text, y, step):
    for line in text.split("\n"):
        fb.text(line, 0, y, 1)
        y += step


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
            from geekout.ui.scoreboard import Scoreboard

            ui.push(Scoreboard(ui, "Star value (9)", [st.star_value(p) for p in range(st.players)],
                               -1 if st.is_terminal() else st.seat,
                               "Kills " + " ".join(str(k) for k in st.kills)))
        elif i == 3:
            game.app.show_help()
        elif i == 4:
            game.app.go_home()
        else:
            from geekout.ui.widgets import Confirm

            ui.push(Confirm(ui, "End this game? It will not be saved.", game.app.finish,
                            None, False, "battle.end?"))

    ui.push(Menu(ui, "Battle menu", "Undo\nStatus\nStar values\nHelp\nHome\nEnd game".split("\n"), chosen,
                 "battle.menu"))


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
        if k == keys.UP or k == keys.DOWN:
            self.page = (self.page + (1 if k == keys.DOWN else -1)) % (self.game.state.players + 1)
            self.reveal = False
        elif k == keys.OK:
            self.reveal = not self.reveal
        elif k == keys.BACK:
            self.ui.pop()

    def draw(self, fb):
        st = self.game.state
        p = self.page
        if p >= st.players:
            title(fb, "Galaxy status")
            lines(fb, "Cells left {}\nStars on map {}\nSupernovas {}\nNova supply {}\n{}: {}".format(st.cells, st.map[B.SMALL] + st.map[_BOMB], st.map[B.NOVA],
                                     st.box[B.NOVA], name(st.seat)[:3],
                                     st.phase_name()), 12, 10)
            return
        title(fb, "Player {}: {}".format(p + 1, name(p)))
        for s in range(B.SHIPS):
            x = s * 32
            alive, lv, base = st.ship_at(p, s)
            fb.text(E.SHIP_NAMES[s], x, 11, 1)
            if alive:  # levels as pips, filled = level (B4: at most 3); b: on its base
                for k in range(_MAX_LEVEL):
                    (fb.fill_rect if k < lv else fb.rect)(x + k * 6, 20, 5, 5, 1)
                if base:
                    fb.text("b", x + 20, 19, 1)
            else:  # a drone in supply (status 0 in rules/battle.py) or out of the game
                fb.text("-" if st.status[p * B.SHIPS + s] == 0 else "x", x + 4, 19, 1)
        rs, rb = st.reserve_small[p], st.reserve_bomb[p]
        u = st.unique[p]
        lines(fb, "Ships {} Kills {}\nStars {}: {}s {}n\n{}\nUnique {} {} {}".format(
            st.ships_in_play(p), st.kills[p], st.star_value(p), st.coll_small[p], st.coll_nova[p],
            "Res. {}s {}b".format(rs, rb) if self.reveal else "Reserve {} (OK)".format(rs + rb),
            "T" if u & _TELEPORT else "-", "W" if u & _WORMHOLE_UA else "-",
            "S" if u & _SHIELD else "-"), 29, 9)
