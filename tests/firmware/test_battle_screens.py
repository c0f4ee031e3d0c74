"""Every battle screen, drawn through whole games and random presses (docs/gadget-battle.md,
Screens): each text fits the panel (inside 128 x 64, never over another text of the same
screen, a toast three lines at most) and the seat LED lit is the seat the screen is about
(the player in turn, the defender asked about its teleport, the player of a status page, the
winner, the first player drawn)."""

import random

import pytest
from battle_checks import NullDisplay, board, full_game
from battle_drive import BattleDriver
from geekout import keys
from geekout.ui.core import wrap

W = 128
H = 64


class Panel(NullDisplay):
    """Notes every text of a frame; `bad` collects those that do not fit."""

    def __init__(self):
        self.frame = []  # (text, x, y) drawn since the last fill, before any toast
        self.toast = False
        self.bad = []
        self.screen = lambda: "?"

    def fill(self, c):
        self.frame = []
        self.toast = False

    def fill_rect(self, x, y, w, h, c):
        if c == 1 and w == W and x == 0 and y > 0 and y + h == H:  # the toast's bar
            self.toast = True

    def text(self, s, x, y, c=1):
        where = self.screen()
        # A line of the toast, dark on its bar 1 pixel down, keeps 7 of its 8 rows (the
        # last line's descender row is cut, ui/core.py).
        if x < 0 or y < 0 or x + 8 * len(s) > W or y + (7 if self.toast and c == 0 else 8) > H:
            self.bad.append("{}: {!r} at {},{} runs past the panel".format(where, s, x, y))
        if self.toast or not s:
            return
        for t, tx, ty in self.frame:
            if abs(ty - y) < 8 and x < tx + 8 * len(t) and tx < x + 8 * len(s):
                self.bad.append("{}: {!r} at {},{} over {!r}".format(where, s, x, y, t))
        self.frame.append((s, x, y))


def expected_seat(d):
    """The seat the screen on top is about, or None for one about every seat (menus,
    the players' count, a refusal page, the star values)."""
    top = d.top()
    name = top.name
    g = d.game()
    if g is None or not name.startswith("battle.") or name in (
            "battle.menu", "battle.end_menu", "battle.refused", "battle.end?", "battle.players"):
        return None
    st = g.state
    if name == "battle.turn":
        return st.winner if st.is_terminal() else st.seat
    if name == "battle.end":
        return st.winner
    if name == "battle.first":
        return st.first
    if name == "battle.status":
        p = top.player()
        return p if p >= 0 else (st.winner if st.is_terminal() else st.seat)
    if name == "battle.hidden":
        return top.ask.st.seat
    return top.seat()  # a question of an entry


def watch(d, panel, problems):
    panel.screen = lambda: d.top().name

    def after(driver):
        ui = driver.ui
        if ui.toast_text is not None and len(wrap(ui.toast_text, 15)) > 3:
            problems.append("{}: toast {!r} over 3 lines".format(d.top().name, ui.toast_text))
        want = expected_seat(driver)
        if want is not None and driver.board.leds.seat != want:
            problems.append("{}: LED on seat {}, the screen is about seat {}".format(
                d.top().name, driver.board.leds.seat, want))

    d.after_press = after


@pytest.mark.parametrize("players, seed, undo_every", [(3, 3, 0), (4, 1, 7), (3, 13, 5),
                                                       (4, 2, 0), (4, 9, 9)])
def test_whole_games_fit_the_panel_and_light_the_right_seat(players, seed, undo_every):
    panel = Panel()
    problems = []
    b = board(None, seed, False, False)
    b.display = panel
    d = BattleDriver(b, seed=seed)
    d.ui.fb = panel
    d.undo_every = undo_every
    watch(d, panel, problems)
    d.boot()
    d.start_battle(players)
    d.play_out()
    # the victory, its menu and the status pages of every player and the galaxy
    d.press(keys.LONG_OK)
    d.press(keys.DOWN)
    d.press(keys.OK)
    for _ in range(players + 1):
        d.press(keys.OK)
        d.press(keys.DOWN)
    assert d.top().name == "battle.status"
    assert not panel.bad and not problems, "\n".join(sorted(set(panel.bad + problems))[:20])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_presses_fit_the_panel_and_light_the_right_seat(seed):
    panel = Panel()
    problems = []
    b = board(None, seed, False, False)
    b.display = panel
    d = BattleDriver(b, seed=seed)
    d.lenient = True
    d.ui.fb = panel
    watch(d, panel, problems)
    d.boot()
    d.start_battle(3 + seed % 2)
    rng = random.Random(seed)
    choices = [keys.UP] * 4 + [keys.DOWN] * 4 + [keys.OK] * 6 + [keys.BACK] * 2 + [keys.LONG_OK]
    screens = set()
    for i in range(4000):
        if d.game() is None or not d.top().name.startswith(("battle.", "scoreboard", "text",
                                                              "help")):
            d.start_battle(3 + seed % 2)
        if i % 3 == 0:  # the driver's way now and then, so games get on
            d.step()
        else:
            d.press(rng.choice(choices))
        screens.add(d.top().name)
    assert {"battle.turn", "battle.found", "battle.status", "battle.kinds"} <= screens
    assert not panel.bad and not problems, "\n".join(sorted(set(panel.bad + problems))[:20])


def test_the_panel_check_can_fail():
    """The check sees a string past the edge, two texts on one another, a wrong LED."""
    panel = Panel()
    panel.text("Yellow (seat 4)!", 1, 1)
    panel.text("ab", 0, 20)
    panel.text("cd", 12, 22)
    assert len(panel.bad) == 2
    d = full_game(3, 3, 0, draw=False)
    d.board.leds.show_turn((d.game().state.winner + 1) % 3, 3)
    assert expected_seat(d) == d.game().state.winner != d.board.leds.seat
