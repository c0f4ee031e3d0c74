"""Saved games and settings on a fake flash: record format, torn and corrupt files,
undo records, settings fallback and write-on-change."""

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
    assert data[:4] == b"GOJ\x01"
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
    """Cut the file anywhere after the header: load() keeps every complete record."""
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
    assert status == (jn.OK if cut in sizes else jn.TORN)
    if status == jn.TORN:  # the torn tail is cut off on flash too
        assert len(k.storage.read("game.goj")) == sizes[complete]


def test_corrupt_file_is_kept_aside():
    j = fresh()
    j.start("masters", b"\x00\x02")
    j.append(b"\x01\x02")
    j.append(b"\x03")
    data = bytearray(j.storage.read("game.goj"))
    data[-6] ^= 0xFF  # damage a record that is not the last one
    flash = FakeFlash({"game.goj": bytes(data)})
    k = jn.Journal(flash)
    assert k.load() == jn.CORRUPT
    assert flash.read(jn.BAD_NAME) == bytes(data)
    assert flash.read("game.goj") is None


def test_bad_magic_and_bad_undo_are_corrupt():
    assert jn.Journal(FakeFlash({"game.goj": b"XYZ\x01"})).load() == jn.CORRUPT
    body = b"GOJ\x01" + jn.record(jn.T_HEADER, b"m\x00") + jn.record(jn.T_UNDO, b"\x00\x05")
    assert jn.Journal(FakeFlash({"game.goj": body})).load() == jn.CORRUPT


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
