"""`geekout masters review`'s words and figure: a reviewed game (review.review()) as text
and as a PNG (docs/masters.md)."""

from ..inputs import printable
from .review import BLUNDER, position_text

MODES = {"virtual": "virtual dice", "auto": "auto dice", "table": "table dice"}
# The seats' colours in the figure: the gadget's LEDs, yellow darkened to show on white.
LINE_COLOURS = ("#d62728", "#2ca02c", "#1f77b4", "#c8a000")


def _signed(v, width=6):
    return "{:+{w}.2f}".format(v, w=width)


def _pct(v):
    return "{:.1f}%".format(100 * v)


def heading(game):
    """The game's first line: its file, mode, seats, state and totals."""
    seats = game["seats"]
    totals = ", ".join("{} {}".format(p["colour"], t) for p, t in zip(game["players"], game["totals"]))
    if game["finished"]:
        names = [game["players"][w - 1]["colour"] for w in game["winners"]]
        if seats == 1:
            state = "finished: {}".format(totals)
        elif len(names) == 1:
            state = "finished: {}; {} wins".format(totals, names[0])
        else:
            state = "finished: {}; {} share the win (M8)".format(totals, " and ".join(names))
    else:
        state = "in play ({} turns finished): {}".format(
            sum(1 for t in game["turns"] if t["finished"]), totals)
    return "{}: Masters, {}, {} player{}, {}".format(
        printable(game["file"], 1000), MODES[game["mode"]], seats, "" if seats == 1 else "s", state)


def text(game):
    """The review of one game as lines of text."""
    out = [heading(game)]
    if not game["complete"]:
        why = game["damage"] or game["refused"]
        out.append("Reviewed as far as the journal reads: {}.".format(printable(why)))
    win = game["win"]
    out.append("Every turn starts at V* = {:.2f} expected points (optimal play, M9); a turn "
               "scores V* + luck - points lost.".format(game["start_value"]))
    if win:
        out.append("Chance to win: P(win) + 1/2 P(shared win) under win-optimal play of both "
                   "players (docs/masters-win.md).")
    out.append("")
    head = "{:<8}{:>6}{:>10}{:>12}{:>10}{:>10}{:>8}{:>7}".format(
        "player", "turns", "decisions", "points lost", "per turn", "blunders", "luck", "score")
    if win:
        head += "{:>10}{:>10}".format("win lost", "win luck")
    out.append(head)
    for p in game["players"]:
        if p["reviewed"]:
            row = "{:<8}{:>6}{:>10}{:>12.2f}{:>10.2f}{:>10}{:>8}{:>7}".format(
                p["colour"], p["turns"], p["decisions"], p["points_lost"],
                p["points_lost_per_turn"], p["blunders"], _signed(p["luck"]), p["score"])
        else:
            row = "{:<8}{:>6}{:>10}{:>12}{:>10}{:>10}{:>8}{:>7}".format(
                p["colour"], p["turns"], "-", "-", "-", "-", "-", p["score"])
        if win:
            row += "{:>10}{:>10}".format(_pct(p["win_lost"]), "{:+.1f}%".format(100 * p["win_luck"]))
        out.append(row)
    out.append("A blunder loses more than {:g} point; luck is what the dice gave (+) or took "
               "(-), in expected points.".format(BLUNDER))
    if win:
        out.append("Win lost and win luck add up each step's change in the player's chance to "
                   "win, each from where the game stood: the sums can pass 100%.")
    out += _notes(game)
    for p in game["players"]:
        if p["costliest"]:
            out.append("")
            out.append("{}'s costliest decisions:".format(p["colour"]))
            out += [_decision(d, win) for d in p["costliest"]]
        if win and p["win_costliest"]:
            out.append("")
            out.append("{}'s costliest decisions in the chance to win:".format(p["colour"]))
            out += [_decision(d, win, by_win=True) for d in p["win_costliest"]]
    out.append("")
    out.append("Turn by turn (points = V* + luck - lost):")
    for t in game["turns"]:
        out.append(_turn(t, game["start_value"], win))
    return out


def _notes(game):
    lines = []
    unreviewed = [t for t in game["turns"] if not t["reviewed"]]
    if unreviewed:
        lines.append("")
        lines.append("{} turn{} entered as totals with table dice: not reviewed (the journal "
                     "holds only the dice the turn scored: the hint did not follow it from "
                     "its first roll to that score).".format(
                         len(unreviewed), "" if len(unreviewed) == 1 else "s"))
    if game["mode"] == "auto":
        mine = ["{} {} steps, {:.2f} points lost".format(
            p["colour"], p["gadget_decisions"], p["gadget_points_lost"]) for p in game["players"]]
        lines.append("")
        lines.append("Auto dice: the gadget resolved every roll and continued with nothing "
                     "scored; its steps are in the figures, marked (gadget): " + "; ".join(mine) + ".")
    if game["seats"] == 2 and not game["win"] and game["mode"] != "table":
        lines.append("")
        lines.append("2 players: --win adds the chance to win (the solved game; minutes the "
                     "first time, then cached).")
    playing = [t for t in game["turns"] if not t["finished"]]
    if playing:
        t = playing[0]
        lines.append("")
        lines.append("Turn {} ({}) is still in play: {} decisions so far, {:.2f} points lost, "
                     "not in the totals.".format(t["turn"], t["colour"], len(t["decisions"]),
                                                 t["points_lost"]))
    return lines


def _decision(d, win, by_win=False):
    who = " (gadget)" if d["by"] == "gadget" else ""
    best = d["win_best"] if by_win else d["best"]
    cost = "{:.2f} points lost".format(d["points_lost"])
    if win:
        cost += ", {} of the game".format(_pct(d["win_lost"]))
    return "  turn {} (round {}){}: {}\n      took {}, better {}: {}".format(
        d["turn"], d["round"], who, position_text(d["position"]), d["chosen"], best, cost)


def _turn(t, vstar, win):
    where = "{:>3} R{} {:<7}".format(t["turn"], t["round"], t["colour"])
    if not t["finished"]:
        what = "in play"
        score = ""
    else:
        what = t["result"]
        score = "{:>3}".format(t["score"])
    if not t["reviewed"]:
        return "{}{:<12}{} (table dice: not reviewed)".format(where, what, score)
    if not t["finished"]:
        line = "{}{:<12}    {:.2f} {} luck {:.2f} - lost {:.2f} so far".format(
            where, what, vstar, "+" if t["luck"] >= 0 else "-", abs(t["luck"]), t["points_lost"])
    else:
        line = "{}{:<12}{} = {:.2f} {} {:5.2f} - {:5.2f}".format(
            where, what, score, vstar, "+" if t["luck"] >= 0 else "-", abs(t["luck"]),
            t["points_lost"])
    line += "  ({} decision{})".format(len(t["decisions"]), "" if len(t["decisions"]) == 1 else "s")
    if win:
        line += "  win {} -> {}".format(_pct(t["win"]["start"]), _pct(t["win"]["end"]))
    return line


# -- the figure ----------------------------------------------------------------------------
def check_plotting():
    """matplotlib, imported before any work: ImportError when it is not installed."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot  # noqa: F401


def figure(game):
    """The game's figure as PNG bytes: per player the running luck and points lost over
    the game's turns; with the chance to win (2 players, --win), both players' chance
    after every roll and decision."""
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    win = game["win"]
    rows = 3 if win else 2
    fig, axes = plt.subplots(rows, 1, figsize=(9, 2.6 * rows + 0.6), dpi=100)
    turns = [t for t in game["turns"] if t["reviewed"] and t["finished"]]
    last = max([t["turn"] for t in game["turns"]] + [1])
    for p in game["players"]:
        mine = [t for t in turns if t["seat"] == p["seat"]]
        xs = [0] + [t["turn"] for t in mine]
        colour = LINE_COLOURS[p["seat"] - 1]
        for ax, key in ((axes[0], "luck"), (axes[1], "points_lost")):
            ys = [0.0]
            for t in mine:
                ys.append(ys[-1] + t[key])
            ax.step(xs, ys, where="post", color=colour, marker="o", markersize=3,
                    label="{} ({:+.1f})".format(p["colour"], ys[-1]) if key == "luck"
                    else "{} ({:.1f})".format(p["colour"], ys[-1]))
    axes[0].axhline(0, color="0.6", linewidth=0.8)
    axes[0].set_ylabel("luck (points)")
    axes[0].set_title("luck: expected points the dice gave or took, summed over the game",
                      fontsize=9)
    axes[1].set_ylabel("points lost")
    axes[1].set_title("points lost by decisions against optimal play (M9), summed over the game",
                      fontsize=9)
    for ax in axes[:2]:
        ax.set_xlim(0, last + 0.5)
        ax.legend(fontsize=8, loc="upper left")
        ax.grid(alpha=0.3)
    axes[1].set_xlabel("turn of the game")
    if win:
        _win_panel(axes[2], game)
    fig.suptitle("Masters review: {}".format(game["file"].rsplit("/", 1)[-1]), fontsize=10)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return buf.getvalue()


def _win_panel(ax, game):
    """Both players' chance to win after every step of every turn, turn by turn."""
    xs, first = [], []
    for t in game["turns"]:
        if not t["reviewed"]:
            continue
        path = t["win"]["path"]
        n = len(path)
        for j, v in enumerate(path):
            xs.append(t["turn"] - 1 + j / max(1, n - 1))
            first.append(v if t["seat"] == 1 else 1 - v)  # seat 1's chance
    for p in game["players"]:
        ys = first if p["seat"] == 1 else [1 - v for v in first]
        ax.plot(xs, ys, color=LINE_COLOURS[p["seat"] - 1], linewidth=1.2, label=p["colour"])
    for k in range(1, max([t["turn"] for t in game["turns"]] + [1])):
        ax.axvline(k, color="0.85", linewidth=0.6)
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlim(0, max([t["turn"] for t in game["turns"]] + [1]))
    ax.set_ylabel("chance to win")
    ax.set_xlabel("turn of the game (each turn from its start to its end)")
    ax.set_title("chance to win after every roll and decision (win-optimal play, "
                 "docs/masters-win.md)", fontsize=9)
    ax.legend(fontsize=8, loc="upper left")
    ax.grid(alpha=0.3)
