"""The saved game in parts (journal.py: game.goj, game.goj.1, ... each within
SEGMENT_BYTES, so littlefs keeps it inline and an append erases no data block) and saved
after the screen (`later`: the records wait for flush(), which the UI runs once a key's
screen is out). The parts joined are the one-file journal of before, byte for byte; old
one-file journals of any size load and go on in a new part."""

import pytest
from boards.sim import SimBoard
from drive import Driver
from flash import FakeFlash, PowerCut
from geekout import journal as jn
from hypothesis import given, settings
from hypothesis import strategies as hs


def one_file(game, config, steps):
    """The journal as older firmware wrote it: one file, every step a record (the
    format's own definition, docs/gadget.md)."""
    data = bytearray(jn.MAGIC)
    data.append(jn.VERSION)
    data += jn.record(jn.T_HEADER, game.encode() + b"\x00" + config)
    for s in steps:
        if isinstance(s, int):
            data += jn.record(jn.T_UNDO, bytes((s >> 8, s & 0xFF)))
        else:
            data += jn.record(jn.T_ACTIONS, s)
    return bytes(data)


def parts(flash, name="game.goj"):
    return [flash.files[jn.part_name(name, i)] for i in range(len(jn.part_sizes(flash, name)))]


steps_st = hs.lists(hs.one_of(hs.binary(min_size=1, max_size=40), hs.integers(1, 3)),
                    min_size=1, max_size=60)


@settings(max_examples=80, deadline=None)
@given(steps_st)
def test_parts_joined_are_the_one_file_journal(steps):
    flash = FakeFlash()
    j = jn.Journal(flash)
    j.start("battle", b"\x03")
    for s in steps:
        if isinstance(s, int):
            j.undo(s)
        else:
            j.append(s)
    got = parts(flash)
    # Every part but one that a single step filled stays within the inline room.
    assert all(len(p) <= jn.SEGMENT_BYTES for p in got)
    k = jn.Journal(flash)
    assert k.load() == jn.OK and bytes(k.actions) == bytes(j.actions)
    assert jn.read_parts(flash, "game.goj") == b"".join(got)


def test_a_long_game_fills_parts_in_order_and_the_reader_sees_one_journal():
    flash = FakeFlash()
    j = jn.Journal(flash)
    j.start("masters", b"\x00\x02")
    steps = [bytes((i % 6, 16 + i % 3)) for i in range(200)]
    for s in steps:
        j.append(s)
    got = parts(flash)
    assert len(got) >= 4 and all(len(p) <= jn.SEGMENT_BYTES for p in got)
    assert b"".join(got) == one_file("masters", b"\x00\x02", steps)
    # the host's reader reads the joined bytes as a v2 journal (logs pull joins them)
    game, config, actions, good, problem = jn.parse(b"".join(got))
    assert (game, problem, good) == ("masters", None, sum(len(p) for p in got))
    assert bytes(actions) == b"".join(steps)


def test_an_old_one_file_journal_resumes_and_goes_on_in_a_new_part():
    steps = [bytes((1, 2, 3, 16))] * 100  # 900 bytes in one file, as older firmware left it
    old = one_file("masters", b"\x00\x03", steps)
    flash = FakeFlash({"game.goj": old})
    j = jn.Journal(flash)
    assert j.load() == jn.OK and len(j.actions) == 400
    j.append(b"\x05\x11")
    assert flash.files["game.goj"] == old  # the old file is not rewritten
    assert flash.files["game.goj.1"] == jn.record(jn.T_ACTIONS, b"\x05\x11")
    assert jn.read_parts(flash, "game.goj") == one_file("masters", b"\x00\x03", steps + [b"\x05\x11"])


def test_resume_appends_to_the_last_part_while_it_has_room():
    flash = FakeFlash()
    j = jn.Journal(flash)
    j.start("masters", b"\x00\x02")
    for _ in range(40):
        j.append(b"\x01\x10")
    last = len(parts(flash)) - 1
    k = jn.Journal(flash)
    assert k.load() == jn.OK and (k.part, k.part_size) == (last, len(parts(flash)[-1]))
    before = len(parts(flash)[-1])
    k.append(b"\x02")
    if before + 5 <= jn.SEGMENT_BYTES:
        assert len(parts(flash)) == last + 1 and len(parts(flash)[-1]) == before + 5
    else:
        assert len(parts(flash)) == last + 2


def test_a_new_game_removes_every_part_of_the_old_one_first():
    flash = FakeFlash()
    j = jn.Journal(flash)
    j.start("masters", b"\x00\x02")
    for _ in range(100):
        j.append(b"\x01\x10")
    assert len(parts(flash)) > 2
    order = []
    remove = flash.remove

    def note(name):
        order.append(name)
        remove(name)

    flash.remove = note
    j.start("capture", b"\x02")
    assert sorted(flash.files) == ["game.goj"]
    # the last part first: a cut on the way leaves the old game shorter, never a gap
    assert order == ["game.goj.{}".format(i) for i in range(len(order), 0, -1)]
    k = jn.Journal(flash)
    assert k.load() == jn.OK and k.game == "capture" and k.actions == b""


def test_archive_joins_the_parts_into_one_log():
    flash = FakeFlash()
    j = jn.Journal(flash)
    j.start("masters", b"\x00\x02")
    steps = [b"\x01\x10"] * 100
    for s in steps:
        j.append(s)
    j.archive()
    assert sorted(flash.files) == ["logs/0001.goj"]
    assert flash.files["logs/0001.goj"] == one_file("masters", b"\x00\x02", steps)


def test_archive_refused_by_a_full_flash_keeps_the_game_saved():
    flash = FakeFlash()
    j = jn.Journal(flash, warn=lambda t: told.append(t))
    told = []
    j.start("masters", b"\x00\x02")
    for _ in range(100):
        j.append(b"\x01\x10")
    saved = jn.read_parts(flash, "game.goj")
    flash.space = flash.used() + 10  # no room for the joined copy
    j.archive()
    assert told == ["Flash full: game not logged"]
    assert jn.read_parts(flash, "game.goj") == saved and not flash.listdir("logs")


def test_damage_in_a_later_part_keeps_the_whole_journal_aside_and_the_steps_before():
    flash = FakeFlash()
    j = jn.Journal(flash)
    j.start("masters", b"\x00\x02")
    for i in range(100):
        j.append(bytes((i % 6, 16)))
    whole = bytes(jn.read_parts(flash, "game.goj"))
    third = bytearray(flash.files["game.goj.2"])
    third[3] ^= 0x40  # a payload byte of the part's first record
    flash.files["game.goj.2"] = third
    start = len(flash.files["game.goj"]) + len(flash.files["game.goj.1"])
    k = jn.Journal(flash)
    assert k.load() == jn.DAMAGED
    assert k.problem == "record at byte {} fails its checksum".format(start)
    assert flash.files["bad/0001.goj"] == whole[:start + 3] + bytes(third[3:4]) + whole[start + 4:]
    assert sorted(n for n in flash.files if n.startswith("game")) == ["game.goj"]
    assert flash.files["game.goj"] == whole[:start]
    assert bytes(k.actions) == bytes(jn.parse(whole[:start])[2])
    assert 0 < len(k.actions) < len(j.actions)
    k.append(b"\x05")  # goes on after the kept records
    assert jn.Journal(flash).load() == jn.OK


def test_parts_a_cut_left_without_their_first_are_removed_at_boot():
    flash = FakeFlash({"game.goj.1": b"x", "game.goj.2": b"y"})
    assert jn.Journal(flash).load() == jn.NONE
    assert flash.files == {}


def test_later_keeps_the_records_until_flush_and_writes_them_in_one_append():
    flash = FakeFlash()
    j = jn.Journal(flash, later=True)
    j.start("masters", b"\x00\x02")
    head = bytes(flash.files["game.goj"])
    j.append(b"\x01")
    j.append(b"\x10\x02")
    j.undo(1)
    assert flash.files["game.goj"] == head and bytes(j.actions) == b"\x01\x10"
    writes = flash.writes
    j.flush()
    assert flash.writes == writes + 1
    assert flash.files["game.goj"] == one_file("masters", b"\x00\x02", [b"\x01", b"\x10\x02", 1])
    j.flush()  # nothing waits: nothing is written
    assert flash.writes == writes + 1


def test_archive_saves_what_waits_first():
    flash = FakeFlash()
    j = jn.Journal(flash, later=True)
    j.start("masters", b"\x00\x02")
    j.append(b"\x01")
    j.archive()
    assert flash.files["logs/0001.goj"] == one_file("masters", b"\x00\x02", [b"\x01"])


class ScreenFirst(FakeFlash):
    """A flash that notes, at every append, whether the panel was sent the key's screen
    before it (the key handler sets `shown` False, the display's show() True)."""

    def __init__(self):
        super().__init__()
        self.shown = True
        self.stale = 0  # appends made before the key's screen went to the panel
        self.appends = 0

    def append(self, name, data):
        self.appends += 1
        if not self.shown:
            self.stale += 1
        super().append(name, data)


def screen_first_game(later):
    flash = ScreenFirst()
    board = SimBoard(storage=flash, seed=5)
    d = Driver(board)
    d.app.journal.later = later
    handle, show = d.ui.handle, board.display.show

    def key(k):
        flash.shown = False
        handle(k)

    def shown(full=False):
        show(full)
        flash.shown = True

    d.ui.handle = key
    board.display.show = shown
    saved = []
    d.after_press = lambda dr: saved.append(
        bytes(jn.parse(jn.read_parts(flash, "game.goj"))[2]) == bytes(dr.app.journal.actions)
        if flash.exists("game.goj") else True)
    d.boot()
    d.start(0, 2)
    d.play_out()
    return flash, saved


def test_every_step_is_saved_after_its_screen_and_before_the_next_key():
    flash, saved = screen_first_game(True)
    assert flash.appends > 50 and flash.stale == 0
    assert all(saved)  # after each key, the flash holds every step it made
    # saved at once (as before), every step's write came before its screen
    flash, saved = screen_first_game(False)
    assert flash.stale == flash.appends > 50 and all(saved)


@pytest.mark.slow
def test_a_power_cut_at_any_write_of_a_game_in_parts_resumes_a_saved_step():
    """Cut the power at write k of a whole game (every k): the journal read back is a
    prefix of the game's steps, ending at a step boundary the gadget had shown."""
    flash = FakeFlash()
    d = Driver(SimBoard(storage=flash, seed=9))
    shown = []
    d.after_press = lambda dr: shown.append(bytes(dr.app.journal.actions))
    d.boot()
    d.start(0, 2)
    d.play_out()
    total = flash.writes
    assert len(parts(flash)) > 1 or flash.listdir("logs")
    for k in range(2, total + 1, 3):
        cut = FakeFlash(cut_at=k)
        e = Driver(SimBoard(storage=cut, seed=9))
        e.boot()
        try:
            e.start(0, 2)
            e.play_out()
        except PowerCut:
            pass
        j = jn.Journal(FakeFlash(cut.snapshot()))
        status = j.load()
        assert status in (jn.OK, jn.NONE), (k, j.problem)
        if status == jn.OK:
            assert bytes(j.actions) in shown or j.actions == b"", k


def test_keys_of_a_game_make_far_fewer_part_copies_than_steps():
    """What the parts are for: a whole game's appends land in parts of at most
    SEGMENT_BYTES (no part grows past littlefs's inline room)."""
    flash = FakeFlash()
    d = Driver(SimBoard(storage=flash, seed=2))
    d.boot()
    d.start(0, 4)
    sizes = []
    d.after_press = lambda dr: sizes.append(max(jn.part_sizes(flash, "game.goj") or [0]))
    d.play_out()
    assert max(sizes) <= jn.SEGMENT_BYTES
