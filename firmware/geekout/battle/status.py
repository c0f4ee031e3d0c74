"""Galaxy battle: each player's status page and the galaxy's page (supplies, whose turn).

The pages go in seat order, clockwise from the player the screen opens on (the player
in turn, or the winner), then the galaxy page; the seat LED of the page's player is lit.
A player's page shows the reserve as one number; its kinds (how many bombs are left)
only after OK, for that player's eyes: the table keeps bombs face down, and a split
reserve would tell what was placed.
"""

from geekout import keys
from geekout.ui.core import Screen, title
from geekout.ui.widgets import SEAT_NAMES

from .consts import (
    BOMB,
    MAX_LEVEL,
    NOVA,
    SHIELD,
    SHIP_NAMES,
    SHIPS,
    SMALL,
    SUPPLY,
    TELEPORT,
    WORMHOLE_UA,
)

# The phase in a word or two, for the galaxy page (by phase).
PHASE_WORDS = ("first draw", "opening", "opening", "exploring", "drone moves", "attacks",
               "tactical", "game over")


def text_lines(fb, text, y, step):
    """Lines of text from the left edge, one under the other from y, `step` apart."""
    for line in text.split("\n"):
        fb.text(line, 0, y, 1)
        y += step


class StatusScreen(Screen):
    """One page per player, clockwise from `seat`, then the galaxy page; UP/DOWN turn
    pages, OK shows or hides the reserve's kinds, BACK leaves."""

    name = "battle.status"
    keys_pass_toast = False

    def __init__(self, game, seat):
        super().__init__(game.ui)
        self.game = game
        self.start = seat
        self.page = 0  # 0 .. players-1: the players from `seat` on; players: the galaxy
        self.reveal = False

    def player(self):
        """The player of the page shown, or -1 on the galaxy page."""
        n = self.game.state.players
        return -1 if self.page >= n else (self.start + self.page) % n

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
        p = self.player()
        self.game.light(p if p >= 0 else (st.winner if st.is_terminal() else st.seat))
        if p < 0:
            title(fb, "Galaxy status")
            text_lines(fb, "Cells left {}\nStars on map {}\nSupernovas {}\nNovas in box {}\n{}: {}".format(
                st.cells, st.map[SMALL] + st.map[BOMB], st.map[NOVA], st.box[NOVA],
                SEAT_NAMES[st.seat][:3], PHASE_WORDS[st.phase]), 12, 10)
            return
        title(fb, "{} (seat {})".format(SEAT_NAMES[p], p + 1))
        for s in range(SHIPS):
            x = s * 32
            alive, lv, base = st.ship_at(p, s)
            fb.text(SHIP_NAMES[s], x, 11, 1)
            if alive:  # levels as pips, filled = level (B4: at most 3); b: on its base
                for k in range(MAX_LEVEL):
                    (fb.fill_rect if k < lv else fb.rect)(x + k * 6, 20, 5, 5, 1)
                if base:
                    fb.text("b", x + 20, 19, 1)
            else:  # a drone in supply or out of the game
                fb.text("-" if st.status[p * SHIPS + s] == SUPPLY else "x", x + 4, 19, 1)
        rs, rb = st.reserve_small[p], st.reserve_bomb[p]
        u = st.unique[p]
        text_lines(fb, "Ships {} Kills {}\nStars {}: {}s {}n\n{}\nUnique {} {} {}".format(
            st.ships_in_play(p), st.kills[p], st.star_value(p), st.coll_small[p], st.coll_nova[p],
            "Res. {}s {}b".format(rs, rb) if self.reveal else "Reserve {} (OK)".format(rs + rb),
            "T" if u & TELEPORT else "-", "W" if u & WORMHOLE_UA else "-",
            "S" if u & SHIELD else "-"), 29, 9)
