"""Fair undo on Masters' virtual dice (docs/gadget.md, Undo), run on CPython and on the
MicroPython unix port: an undo never re-rolls. Each check plays a game by key presses to
some point, takes the last decision back and does it again (by the same key path the screen
offers: the game's press()), and compares the journal with the one before the undo: the dice
are the same bytes, also after another decision was tried in between, after a power cut
between the undo and the redo, and after the game's end.

A fresh roll would differ: the board's dice are seeded and move on with every draw, so
a redo that rolled again would give other faces (the checks count how often the faces
the redo would have drawn afresh differ, so a test can see it could fail)."""

from boards.sim import SimBoard
from drive import Driver
from flash import FakeFlash
from geekout import keys
from geekout.masters import rules as M


def game_at(seed, steps, flash=None, players=2):
    """A virtual-dice game played `steps` presses in (or to its end)."""
    d = Driver(SimBoard(storage=flash if flash is not None else FakeFlash(), seed=seed))
    d.boot()
    if flash is not None and d.top().name == "resume?":
        d.press(keys.OK)
        return d
    d.start(0, players)
    for _ in range(steps):
        if not d.step():
            break
    return d


def game_screen(d):
    return [s for s in d.ui.stack if getattr(s, "name", "") == "masters.dice"][-1]


def redo(g, tail):
    """Do again the decision that starts `tail` (what the undo took back), and the next
    turn's roll (OK) when the undo took that back too (a turn's last decision)."""
    n = len(g.state.journal) + len(tail)
    g.press(tail[0] if tail[0] >= M.PASS else -1)
    if len(g.state.journal) < n and g.state.is_chance():
        g.press(-1)


def check(seed, steps):
    """One game; returns a dict of what held (all True when the undo was fair) and
    whether a fresh roll would have shown other dice."""
    d = game_at(seed, steps)
    g = game_screen(d)
    before = bytes(d.app.journal.actions)
    cut = M.last_decision(g.state)
    out = {"undoable": cut >= 0}
    if cut < 0:
        return out
    tail = before[cut:]
    rolled = [b for b in tail if b < M.PASS]
    fresh = [d.board.rand(6) for _ in rolled]  # what a re-roll would draw now
    out["would_differ"] = fresh != rolled
    g.undo()
    g = game_screen(d)
    redo(g, tail)
    out["same"] = bytes(d.app.journal.actions) == before
    # Another decision tried in between, then the first one again.
    g.undo()
    g = game_screen(d)
    st = g.state
    others = [a for a in st.legal_actions() if a != tail[0]] if not st.is_chance() else []
    if others:
        g.press(others[0])
        g = game_screen(d)
        g.undo()
        g = game_screen(d)
    redo(g, tail)
    out["same_after_other"] = bytes(d.app.journal.actions) == before
    # A power cut between the undo and the redo: booted again with other dice.
    g.undo()
    d.app.journal.flush()
    e = game_at(seed + 1000, 0, FakeFlash(d.board.storage.snapshot()))
    h = game_screen(e)
    redo(h, tail)
    out["same_after_cut"] = bytes(e.app.journal.actions) == before
    out["replays"] = bytes(M.replay(2, before).journal) == before
    return out
