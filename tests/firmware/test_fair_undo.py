"""Fair undo (docs/gadget.md, Undo) on CPython: Masters' virtual dice once shown stay shown
(fair_undo_check.py); the journal's kept stretches follow undo records, also when
loaded from flash, and never hand a roll to a history they did not follow."""

import fair_undo_check as fu
import pytest
from flash import FakeFlash
from geekout import journal as jn
from hypothesis import given, settings
from hypothesis import strategies as hs


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(seed=hs.integers(1, 10_000), steps=hs.integers(1, 400))
def test_an_undo_never_rerolls(seed, steps):
    out = fu.check(seed, steps)
    if out["undoable"]:
        assert out["same"] and out["same_after_other"] and out["same_after_cut"], out
        assert out["replays"]


def test_the_check_fails_on_a_gadget_that_rerolls(monkeypatch):
    """With the board's dice drawn afresh on every roll (the gadget before fair undo),
    the redo shows other dice in most games: the check above could fail."""
    from geekout.journal import Journal

    # The journal forgets what an undo took back, so every roll is drawn afresh.
    monkeypatch.setattr(Journal, "taken_back", lambda j, history: None)
    outs = [fu.check(seed, 30) for seed in range(1, 21)]
    assert sum(1 for o in outs if o["undoable"] and not o["same"]) >= 10


def test_a_bust_undone_from_game_over_busts_again():
    d = fu.game_at(11, 100_000)
    assert d.top().name == "masters.end"
    before = bytes(d.app.journal.actions)
    g = fu.game_screen(d)
    cut = fu.M.last_decision(g.state)
    g.undo()
    g = fu.game_screen(d)
    fu.redo(g, before[cut:])
    assert bytes(d.app.journal.actions) == before
    assert g.state.is_terminal()


def test_kept_follows_only_its_own_history():
    j = jn.Journal(FakeFlash())
    j.start("masters", b"\x00\x02")
    j.append(b"\x01\x10\x03\x04")
    j.undo(3)  # took back 0x10 0x03 0x04 after b"\x01"
    assert j.taken_back(b"\x01") == b"\x10\x03\x04"
    assert j.taken_back(b"\x01\x10") == b"\x03\x04"
    assert j.taken_back(b"\x01\x10\x03\x04") == b""  # nothing followed it
    assert j.taken_back(b"\x02") == b""  # another journal of the same length
    assert j.taken_back(b"\x01\x11") == b""  # another decision
    assert j.taken_back(b"") == b""


def test_kept_stretches_come_back_from_the_file():
    flash = FakeFlash()
    j = jn.Journal(flash)
    j.start("masters", b"\x00\x02")
    j.append(b"\x01\x10\x03\x04")
    j.undo(3)
    j.append(b"\x11\x05")
    j.undo(2)
    k = jn.Journal(flash)
    assert k.load() == jn.OK
    assert bytes(k.actions) == b"\x01"
    assert k.taken_back(b"\x01\x10") == b"\x03\x04"
    assert k.taken_back(b"\x01\x11") == b"\x05"


def test_the_same_stretch_undone_twice_is_kept_once_and_the_longer():
    j = jn.Journal(FakeFlash())
    j.start("masters", b"\x00\x02")
    j.append(b"\x01\x10\x03")
    j.undo(2)
    j.append(b"\x10\x03\x12\x05")
    j.undo(4)
    assert len(j.undone) == 1
    assert j.taken_back(b"\x01\x10\x03\x12") == b"\x05"


def test_kept_stretches_are_bounded():
    j = jn.Journal(FakeFlash())
    j.start("masters", b"\x00\x02")
    for i in range(jn.KEEP_UNDONE + 10):
        j.append(bytes((0x10 + i % 200, 1)))
        j.undo(2)
    assert len(j.undone) == jn.KEEP_UNDONE
