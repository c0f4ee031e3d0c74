"""The saved game in parts (journal.py: game.goj, game.goj.1, ... each within
SEGMENT_BYTES, so littlefs keeps it inline and an append erases no data block) and saved
after the screen (`later`: the records wait for flush(), which the UI runs once a key's
screen is out). The parts joined are one journal: each later part opens with a part
record (its number, the steps before it, the CRC-32 of every byte before it), so a lost
or emptied part is a gap the reader finds (docs/gadget.md, Saved game). Old one-file
journals of any size load and go on in a new part."""

from binascii import crc32

import pytest
from boards.sim import SimBoard
from drive import Driver
from flash import FakeFlash, PowerCut
from geekout import app as app_module
from geekout import journal as jn
from hypothesis import given, settings
from hypothesis import strategies as hs


def one_file(game, config, steps, version=jn.VERSION):
    """The journal as one file, every step a record (the format's own definition,
    docs/gadget.md); version 2 is what older firmware wrote."""
    data = bytearray(jn.MAGIC)
    data.append(version)
    data += jn.record(jn.T_HEADER, game.encode() + b"\x00" + config)
    for s in steps:
        if isinstance(s, int):
            data += jn.record(jn.T_UNDO, bytes((s >> 8, s & 0xFF)))
        else:
            data += jn.record(jn.T_ACTIONS, s)
    return bytes(data)


def parts(flash, name="game.goj"):
    return [flash.files[jn.part_name(name, i)] for i in jn.present_parts(flash, name)]


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
    # Part k opens with part record k: the steps in the parts before it, and the CRC-32
    # of their bytes; then whole step records, as one file would hold them.
    before = got[0]
    assert before == one_file("masters", b"\x00\x02", steps[:jn.walk(before, 4)[0]])
    for k, part in enumerate(got[1:], 1):
        done = jn.walk(b"".join(got[:k]), 4)[0]
        head = jn.part_record(k, done, crc32(b"".join(got[:k])))
        assert part.startswith(head)
        n = jn.walk(part, 0)[0] - done
        assert part[len(head):] == one_file("m", b"", steps[done:done + n])[len(one_file("m", b"", [])):]
    # the host's reader reads the joined bytes as one journal (logs pull joins them)
    game, config, actions, good, problem = jn.parse(b"".join(got))
    assert (game, problem, good) == ("masters", None, sum(len(p) for p in got))
    assert bytes(actions) == b"".join(steps)


def test_an_old_one_file_journal_resumes_and_goes_on_in_a_new_part():
    steps = [bytes((1, 2, 3, 16))] * 100  # 900 bytes in one file, as older firmware left it
    old = one_file("masters", b"\x00\x03", steps, version=2)
    flash = FakeFlash({"game.goj": old})
    j = jn.Journal(flash)
    assert j.load() == jn.OK and len(j.actions) == 400
    j.append(b"\x05\x11")
    assert flash.files["game.goj"] == old  # the old file is not rewritten
    assert flash.files["game.goj.1"] == (jn.part_record(1, 100, crc32(old))
                                         + jn.record(jn.T_ACTIONS, b"\x05\x11"))
    k = jn.Journal(flash)
    assert k.load() == jn.OK and bytes(k.actions) == b"\x01\x02\x03\x10" * 100 + b"\x05\x11"


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
    whole = jn.read_parts(flash, "game.goj")
    j.archive()
    assert sorted(flash.files) == ["logs/0001.goj"]
    assert flash.files["logs/0001.goj"] == whole
    assert jn.parse(whole)[1:] == (b"\x00\x02", b"\x01\x10" * 100, len(whole), None)


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


def test_parts_a_cut_left_as_the_game_was_logged_go_at_boot():
    """A cut after the log was written and the first part removed leaves the later
    parts: the newest log ends with their bytes, so they are a copy and go."""
    flash = FakeFlash()
    j = jn.Journal(flash)
    j.start("masters", b"\x00\x02")
    for _ in range(100):
        j.append(b"\x01\x10")
    later = {n: bytes(v) for n, v in flash.files.items() if n != "game.goj"}
    j.archive()
    flash.files.update(later)
    assert jn.Journal(flash).load() == jn.NONE
    assert sorted(flash.files) == ["logs/0001.goj"]


def test_parts_without_their_first_are_kept_aside_not_deleted():
    """A lost first part: no game resumes, and the later parts go to bad/ as they are,
    with the steps they show counted for the players' message."""
    flash = FakeFlash()
    j = jn.Journal(flash)
    j.start("masters", b"\x00\x02")
    for _ in range(100):
        j.append(b"\x01\x10")
    later = {n: bytes(v) for n, v in flash.files.items() if n != "game.goj"}
    del flash.files["game.goj"]
    k = jn.Journal(flash)
    assert k.load() == jn.ORPHANS and k.lost == 100
    assert k.problem == "part 0 missing, parts 1-{} kept".format(len(later))
    assert {n: bytes(v) for n, v in flash.files.items()} == {
        n.replace("game.goj", "bad/0001.goj"): v for n, v in later.items()}
    assert jn.numbered(flash, "bad") == ["0001.goj"]
    assert jn.Journal(flash).load() == jn.NONE


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
    assert flash.files["game.goj"] == one_file("masters", b"\x00\x02", [b"\x01", b"\x10\x02", 1])  # noqa: E501
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


def test_every_step_is_saved_after_its_screen_and_before_the_next_key(monkeypatch):
    # The loading frame a game's start may send first (app.loading, when the game's
    # modules are not loaded yet, which depends on the tests run before) is not the key's
    # screen: left out, so each step's one frame is its screen.
    monkeypatch.setattr(app_module, "loading", lambda ui, module: None)
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
    d.after_press = lambda dr: sizes.append(max([flash.size(jn.part_name("game.goj", i)) for i in jn.present_parts(flash, "game.goj")] or [0]))
    d.play_out()
    assert max(sizes) <= jn.SEGMENT_BYTES
