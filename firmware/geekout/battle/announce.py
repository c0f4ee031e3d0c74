"""Galaxy battle: what an entry did, told once the rules core took it (turn.py submit).
The live event lines (docs/events.md: action, turn, end; scores are the collected star
values), a toast with the result (a hit, a kill, a teleport, a ship lost to a bomb, the
new star value, a new level, whose turn it is), the seat LEDs and the cues.
"""

from geekout.hal.leds import FLASH_BUST, FLASH_SCORE
from geekout.ui.widgets import SEAT_NAMES

from . import events as E
from .consts import ATTACK, CONDITION_NAMES, MOVE, PH_DRONES, SHIP_NAMES, STARS, UPGRADE


def text(ev):
    """What an event did: the core's line with seat names ("Red attack M>Blu D1"), but
    never the kinds of placed stars (face down)."""
    t = E.event_text(ev)[2:]
    if ev[0] == STARS:
        t = t[:6]  # " stars"
    for p in range(4):
        t = t.replace("P{}".format(p), SEAT_NAMES[p][:3])
    return SEAT_NAMES[ev[1]] + t


def announce(game, actions, before):
    """An entry was taken: live event lines, a toast with its result, LEDs and sound."""
    st = game.state
    ui = game.ui
    leds = game.app.board.leds
    ev = actions[-1]
    kind = ev[0]
    p = ev[1]
    seat0, phase0, value0, kills0, ships0 = before  # the entry's player, before it
    value, kills, ships = st.star_value(p), st.kills[p], st.ships_in_play(p)
    game.emit("action", text(ev) if len(actions) == 1 else SEAT_NAMES[p] + " places 2 cells")
    msg = ""
    if kind == ATTACK:  # B7
        msg = SEAT_NAMES[ev[3]][:3] + " " + SHIP_NAMES[ev[4]] + (
            " teleports away" if ev[5] else (" is destroyed!" if kills > kills0 else " takes a hit"))
    elif kind == MOVE:
        if ships < ships0 or (ev[2] == 0 and ev[5] and st.ship_at(p, 0)[2] and not ev[3]):
            msg = SHIP_NAMES[ev[2]] + " lost to a bomb"  # B6: a mothership back on base
        elif value != value0:
            msg = "Star value {}".format(value)
    elif kind == UPGRADE:
        msg = "{} level {}".format(SHIP_NAMES[ev[2]], st.ship_at(p, ev[2])[1])
    if st.is_terminal():
        game.emit("end", "{} wins: {}".format(SEAT_NAMES[st.winner], CONDITION_NAMES[st.condition]),
                  [st.winner])
        ui.cue("win")
        return
    if st.seat != seat0:
        if phase0 >= PH_DRONES:  # a turn ended (docs/events.md "turn")
            game.emit("turn", "{} ends the turn".format(SEAT_NAMES[seat0]))
        msg = (msg + "\n" if msg else "") + SEAT_NAMES[st.seat] + "'s turn"
        leds.show_turn(st.seat, st.players)
        ui.cue("turn")
    if value > value0 or kills > kills0:
        leds.flash(FLASH_SCORE, game.app.board.clock(), p)
        ui.cue("score")
    elif ships < ships0:
        leds.flash(FLASH_BUST, game.app.board.clock(), p)
        ui.cue("bust")
    if msg:
        ui.toast(msg)
