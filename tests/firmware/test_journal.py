"""Saved games and settings on a fake flash: record format, damaged and corrupt files
(each kept aside under its own number, the records before the damage resumed), undo
records, settings fallback and write-on-change."""

from flash import FakeFlash
from geekout import journal as jn
from geekout.settings import NAME, Settings, defaults
from hypothesis import given, settings
from hypothesis import strategies as hs


def fresh(files=None):
    return jn.Journal(FakeFlash(files))


def test_round_trip_with_undo():
    j = fresh()
    j.start("masters", b"\x00\x02")
    j.append(b"\x01\x02\x03")
    j.append(b"\x10")
    j.undo(2)
    j.append(b"\x11\x05")
    k = jn.Journal(j.storage)
    assert k.load() == jn.OK
    assert (k.game, k.config, bytes(k.actions)) == ("masters", b"\x00\x02", b"\x01\x02\x11\x05")
    assert bytes(j.actions) == bytes(k.actions)


def test_file_layout_is_as_documented():
    j = fresh()
    j.start("masters", b"\x01\x04")
    j.append(b"\x07")
    data = j.storage.read("game.goj")
    assert data[:4] == b"GOJ\x03"
    head = data[4:]
    assert head[0] == len(b"masters\x00\x01\x04") and head[1] == ord("H")
    rec = data[4 + 4 + head[0]:]
    assert rec[:3] == b"\x01A\x07" and len(rec) == 5
    a, b = jn.check(rec, 0, 3)
    assert tuple(rec[3:5]) == (a, b)


def test_long_payloads_split_into_records():
    j = fresh()
    j.start("battle", b"")
    j.append(bytes(range(256)) * 2)
    k = jn.Journal(j.storage)
    assert k.load() == jn.OK and bytes(k.actions) == bytes(range(256)) * 2


def test_missing_file():
    assert fresh().load() == jn.NONE


@settings(max_examples=60, deadline=None)
@given(hs.lists(hs.binary(min_size=1, max_size=12), min_size=1, max_size=8), hs.data())
def test_any_truncation_resumes_to_last_complete_record(chunks, data):
    """Cut the file anywhere after the header: load() keeps every complete record, and a
    cut inside a record sets the whole file aside before the good records are saved."""
    j = fresh()
    j.start("masters", b"\x00\x03")
    sizes = [len(j.storage.read("game.goj"))]
    for c in chunks:
        j.append(c)
        sizes.append(len(j.storage.read("game.goj")))
    full = j.storage.read("game.goj")
    cut = data.draw(hs.integers(sizes[0], len(full)))
    k = jn.Journal(FakeFlash({"game.goj": full[:cut]}))
    status = k.load()
    complete = max(i for i in range(len(sizes)) if sizes[i] <= cut)
    assert bytes(k.actions) == b"".join(chunks[:complete])
    assert status == (jn.OK if cut in sizes else jn.DAMAGED)
    if status == jn.DAMAGED:
        assert len(k.storage.read("game.goj")) == sizes[complete]
        assert k.storage.read("bad/0001.goj") == full[:cut] and k.kept == "bad/0001.goj"
        assert k.problem == "record at byte {} runs past the end of the file".format(sizes[complete])


def journal_of(*steps, game="masters", config=b"\x00\x02"):
    j = fresh()
    j.start(game, config)
    for s in steps:
        j.append(s)
    return bytes(j.storage.read("game.goj"))


def test_damage_in_the_middle_keeps_the_records_before_it_and_the_whole_file():
    # Item 1 of the hostile-input sweep: a length byte made larger sent the rest of the
    # file to the bin as a "torn last record" and kept no copy.
    data = bytearray(journal_of(b"\x01", b"\x02", b"\x03", b"\x04"))
    second = 4 + 4 + data[4] + 5  # the second action record
    data[second] = 200
    flash = FakeFlash({"game.goj": bytes(data)})
    k = jn.Journal(flash)
    assert k.load() == jn.DAMAGED
    assert bytes(k.actions) == b"\x01" and k.game == "masters"
    assert k.problem == "record at byte {} runs past the end of the file".format(second)
    assert flash.read("bad/0001.goj") == bytes(data)
    assert flash.read("game.goj") == bytes(data[:second])
    again = jn.Journal(flash)
    assert again.load() == jn.OK and bytes(again.actions) == b"\x01"


def test_each_damage_says_what_it_is():
    head = b"GOJ\x02" + jn.record(jn.T_HEADER, b"masters\x00\x02")
    at = len(head)
    cases = [
        (b"XYZ\x01", "not a journal (no GOJ at the start)"),
        (b"GOJ\x04" + head[4:], "format version 4 (this reads 1 to 3)"),
        (b"GOJ\x02" + jn.record(jn.T_ACTIONS, b"\x01"), "no header record"),
        (b"GOJ\x02", "no header record"),
        (head + jn.record(jn.T_HEADER, b"masters\x00"), "second header at byte {}".format(at)),
        (head + jn.record(jn.T_UNDO, b"\x00\x05"), "undo of 5 bytes at byte {} goes past the start".format(at)),
        (head + jn.record(jn.T_UNDO, b"\x00\x00\x01"), "undo record at byte {} holds 3 bytes, not 2".format(at)),
        (head + jn.record(0x5A, b""), "unknown record type 0x5a at byte {}".format(at)),
        (head + jn.record(jn.T_ACTIONS, b"\x01")[:-1] + b"\x00", "record at byte {} fails its checksum".format(at)),
        (b"GOJ\x02" + jn.record(jn.T_HEADER, b"mas\xffers\x00"), "game name is not 1-12 ASCII letters"),
        (b"GOJ\x02" + jn.record(jn.T_HEADER, b"\x00\x02"), "game name is not 1-12 ASCII letters"),
    ]
    for data, problem in cases:
        game, _config, _actions, _good, said = jn.parse(data)
        assert said == problem, data


def version_1(*records):
    """A journal as firmware before version 2 wrote it (Fletcher-16 mod 255 checks)."""
    out = bytearray(b"GOJ\x01")
    for rtype, payload in records:
        rec = jn.record(rtype, payload)
        rec[-2], rec[-1] = jn.fletcher(rec, 0, len(rec) - 2)
        out += rec
    return bytes(out)


def test_version_1_journals_are_still_read():
    data = version_1((jn.T_HEADER, b"masters\x00\x02"), (jn.T_ACTIONS, b"\x01\x00"),
                     (jn.T_UNDO, b"\x00\x01"))
    assert jn.parse(data) == ("masters", b"\x02", bytearray(b"\x01"), len(data), None)


def test_the_check_sees_every_one_byte_change_of_any_record():
    # The low 16 bits of CRC-32 differ for every change of one byte, at any place of a
    # record up to its largest (259 bytes): by linearity the difference depends only on
    # the changed value and its distance from the end, so all 259 x 255 are tried.
    import zlib

    for distance in range(259):
        zero = zlib.crc32(bytes(distance + 1))
        for value in range(1, 256):
            changed = zlib.crc32(bytes([value]) + bytes(distance))
            assert (changed ^ zero) & 0xFFFF, (distance, value)
    rec = jn.record(jn.T_ACTIONS, b"\x00\x10")
    assert jn.check(rec, 0, 4) == (zlib.crc32(rec[:4]) & 0xFF, zlib.crc32(rec[:4]) >> 8 & 0xFF)


def test_a_header_byte_version_1_could_not_see_sets_the_file_aside():
    # Item 5: 0x00 -> 0xFF keeps Fletcher-16 mod 255; the name was then decoded at every
    # boot (UnicodeError) and the file never set aside. Version 2's check sees it, and a
    # version 1 file with it is refused by the name's own check.
    good = version_1((jn.T_HEADER, b"masters\x00\x02"), (jn.T_ACTIONS, b"\x01"))
    data = bytearray(good)
    data[4 + 2 + len("masters")] = 0xFF
    assert jn.fletcher(data, 4, 4 + data[4] + 2) == jn.fletcher(good, 4, 4 + data[4] + 2)
    flash = FakeFlash({"game.goj": bytes(data)})
    k = jn.Journal(flash)
    assert k.load() == jn.CORRUPT and k.problem == "game name is not 1-12 ASCII letters"
    assert flash.read("bad/0001.goj") == bytes(data) and flash.read("game.goj") is None


def test_corrupt_file_is_kept_aside():
    data = b"GOJ\x07junk"
    flash = FakeFlash({"game.goj": data})
    k = jn.Journal(flash)
    assert k.load() == jn.CORRUPT and k.kept == "bad/0001.goj"
    assert flash.read("bad/0001.goj") == data and flash.read("game.goj") is None


def test_every_set_aside_file_is_kept_under_its_own_number():
    # Item 2: a second damaged save replaced the first game.bad.
    flash = FakeFlash()
    for i in range(3):
        flash.files["game.goj"] = b"GOJ\x07" + bytes([i])
        assert jn.Journal(flash).load() == jn.CORRUPT
    assert [flash.read("bad/{:04d}.goj".format(i + 1)) for i in range(3)] == [
        b"GOJ\x07\x00", b"GOJ\x07\x01", b"GOJ\x07\x02"]
    for _ in range(jn.KEEP_BAD):
        flash.files["game.goj"] = b"GOJ\x07"
        jn.Journal(flash).load()
    bad = sorted(k for k in flash.files if k.startswith("bad/"))
    assert len(bad) == jn.KEEP_BAD and bad[-1] == "bad/{:04d}.goj".format(3 + jn.KEEP_BAD)


def test_a_file_too_large_to_be_a_save_is_set_aside_unread():
    flash = FakeFlash({"game.goj": b"GOJ\x01" + bytes(jn.MAX_BYTES)})
    k = jn.Journal(flash)
    assert k.load() == jn.CORRUPT and k.problem == "larger than {} bytes".format(jn.MAX_BYTES)
    assert len(flash.read("bad/0001.goj")) == jn.MAX_BYTES + 4


def test_any_error_while_reading_sets_the_file_aside():
    class Failing(FakeFlash):
        def read(self, name):
            if name == "game.goj":
                raise MemoryError()
            return super().read(name)

    flash = Failing({"game.goj": b"GOJ\x01"})
    k = jn.Journal(flash)
    assert k.load() == jn.CORRUPT and k.problem == "unreadable (MemoryError)"
    assert "bad/0001.goj" in flash.files


def test_damage_on_a_full_flash_keeps_the_file_and_plays_on_unsaved():
    # Item 8: a full flash and a damaged last record crashed boot while the file was
    # rewritten. The rename keeps the whole file without room; the rewrite is refused.
    data = journal_of(b"\x01", b"\x02")[:-2]
    told = []
    flash = FakeFlash({"game.goj": data, "game.goj.tmp": b""}, space=len(data))
    k = jn.Journal(flash, warn=told.append)
    assert k.load() == jn.DAMAGED and bytes(k.actions) == b"\x01"
    assert told == ["Flash full: game not saved"] and k.unsaved
    assert flash.read("bad/0001.goj") == data and "game.goj.tmp" not in flash.files
    k.append(b"\x05")  # plays on in RAM; nothing is written after the damage
    assert bytes(k.actions) == b"\x01\x05" and flash.read("game.goj") is None


def test_a_refused_set_aside_leaves_the_file_as_it_is():
    data = journal_of(b"\x01", b"\x02")[:-2]

    class NoRename(FakeFlash):
        def rename(self, old, new):
            raise OSError(5)

    told = []
    flash = NoRename({"game.goj": data})
    k = jn.Journal(flash, warn=told.append)
    assert k.load() == jn.DAMAGED and bytes(k.actions) == b"\x01" and k.kept is None
    assert flash.read("game.goj") == data and k.unsaved
    assert told[0] == "Flash error: bad save left as is"


def test_settings_defaults_written_on_change_only():
    flash = FakeFlash()
    s = Settings(flash)
    assert s.load() is None and s.values == defaults()
    s.set("brightness", 3)  # same as the default, but nothing on flash yet
    writes = flash.writes
    s.set("brightness", 3)
    assert flash.writes == writes
    s.set("sound", False)
    assert flash.writes == writes + 1
    t = Settings(flash)
    assert t.load() is None and t.get("sound") is False and t.get("brightness") == 3


def test_corrupt_settings_fall_back_with_a_message():
    for bad in (b"{not json", b"\xff\xfe", b'{"v": 1, "display": "lcd", "brightness": 3, "sound": true}',
                b'{"v": 9}', b"[]", b'{"v": 1, "display": "ssd1306", "brightness": true, "sound": true}'):
        s = Settings(FakeFlash({NAME: bad}))
        assert s.load() == "Settings damaged: defaults"
        assert s.values == defaults()


def test_settings_too_large_or_too_deep_are_refused_before_parsing():
    # Item 7: a 60 KB file or one nested 2,000 deep took the heap at every boot.
    good = b'{"v": 1, "display": "sh1106", "brightness": 2, "sound": false}'
    for bad in (b"[" * 2000 + b"]" * 2000, good[:-1] + b', "pad": "' + b"x" * 60000 + b'"}'):
        flash = FakeFlash({NAME: bad, NAME + ".tmp": b"{"})
        s = Settings(flash)
        assert s.load() == "Settings damaged: defaults" and s.values == defaults()
        assert NAME not in flash.files and NAME + ".tmp" not in flash.files
    s = Settings(FakeFlash({NAME: good}))
    assert s.load() is None and s.get("display") == "sh1106"
    assert len(good) * 3 < 256  # a real file is far under the limit
