"""Galaxy battle: what an entry did, told once the rules core took it (turn.py submit).
The live event lines (docs/events.md: action, turn, end; scores are the collected star
values), a toast with the result (a hit with the level left, a kill and where a
mothership comes back, a teleport, a ship lost to a bomb, the new star value, a new
level, whose turn it is and the cell the gadget placed for it), the seat LEDs and the
cues. A toast holds three lines of 15 characters: the lines that say where a mothership
went are the first left out.
"""

from geekout.ui.core import FLASH_BUST, FLASH_SCORE
from geekout.ui.widgets import SEAT_NAMES

from . import events as E
from .consts import (
    ATTACK,
    CELL,
    CONDITION_NAMES,
    MOTHERSHIP,
    MOVE,
    PH_DRONES,
    SHIP_NAMES,
    STARS,
    UPGRADE,
)


def text(ev):
    """What an event did: the core's line with seat names ("Red attack M>Blu D1"), but
    never the kinds of placed stars (face down)."""
    t = E.event_text(ev)[2:]
    if ev[0] == STARS:
        t = t[:6]  # " stars"
    for p in range(4):
        t = t.replace("P{}".format(p), SEAT_NAMES[p][:3])
    return SEAT_NAMES[ev[1]] + t


def _home(st, p):
    """Where player p's destroyed mothership came back (B11)."""
    return "back on base" if st.ship_at(p, MOTHERSHIP)[2] else "beside its base"


def announce(game, actions, before, cell):
    """An entry was taken: live event lines, a toast with its result, LEDs and sound.
    `actions`: the entry's events, the one chosen last; `cell`: the gadget placed the
    next turn's exploration cell after them."""
    st = game.state
    ui = game.ui
    leds = game.app.board.leds
    ev = actions[-1]
    kind = ev[0]
    p = ev[1]
    seat0, phase0, value0, kills0, ships0, levels0 = before  # the entry's player, before it
    value, kills, ships = st.star_value(p), st.kills[p], st.ships_in_play(p)
    opening_cells = kind == CELL and len(actions) == 2 and actions[0] == ev  # B10
    game.emit("action", SEAT_NAMES[p] + " places 2 cells" if opening_cells else text(ev))
    lines = []  # the toast's, each at most 15 characters
    where = ""  # a destroyed mothership's place: the line left out first
    if kind == ATTACK:  # B7
        t, ts = ev[3], ev[4]
        name = SEAT_NAMES[t][:3] + " " + SHIP_NAMES[ts]
        if ev[5]:
            lines.append(name + " escapes")
        elif kills > kills0:
            lines.append(name + " killed")
            if ts == MOTHERSHIP:
                where = _home(st, t)
        else:
            lines.append("{} hit: L{}".format(name, st.ship_at(t, ts)[1]))
    elif kind == MOVE:
        s = ev[2]
        bombs = ev[5] - ev[7]  # the shield takes the first (B6)
        if bombs > levels0:  # B6: more bombs than levels: the ship is lost, no kill
            lines.append("Bomb: {} lost".format(SHIP_NAMES[s]))
            if s == MOTHERSHIP:
                where = _home(st, p)
        else:
            if bombs:
                lines.append("Bomb: {} to L{}".format(SHIP_NAMES[s], st.ship_at(p, s)[1]))
            if value != value0:
                lines.append("Star value {}".format(value))
    elif kind == UPGRADE:
        lines.append("{} level {}".format(SHIP_NAMES[ev[2]], st.ship_at(p, ev[2])[1]))
    if st.is_terminal():
        game.emit("end", "{} wins: {}".format(SEAT_NAMES[st.winner], CONDITION_NAMES[st.condition]),
                  [st.winner])
        ui.cue("win")
        return
    if st.seat != seat0:
        if phase0 >= PH_DRONES:  # a turn ended (docs/events.md "turn")
            game.emit("turn", "{} ends the turn".format(SEAT_NAMES[seat0]))
        lines.append(SEAT_NAMES[st.seat] + "'s turn")
        if cell:
            lines.append("place a cell")  # counted already (B3): the table places it
        leds.show_turn(st.seat, st.players)
        ui.cue("turn")
    if where and len(lines) < 3:
        lines.insert(1, where)
    if value > value0 or kills > kills0:
        leds.flash(FLASH_SCORE, game.app.board.clock(), p)
        ui.cue("score")
    elif ships < ships0 or (kind == MOVE and ev[5] - ev[7] > levels0):
        leds.flash(FLASH_BUST, game.app.board.clock(), p)
        ui.cue("bust")
    if lines:
        ui.toast("\n".join(lines))
