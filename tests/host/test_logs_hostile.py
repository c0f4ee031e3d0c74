"""`geekout logs replay|export|pull` against hostile input (docs/limits.md; docs/gadget.md,
Saved game: the journal file): damaged and oversized journals, output paths that cannot be
written, boards listing odd names. Bad input is one line on stderr and exit 2, never a
traceback; a journal damaged after its header is read up to the damage with a note on
stderr."""

import hashlib
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from geekout import journal as jn
from geekout_tools.cli import main
from geekout_tools.errors import UsageError
from geekout_tools.logs import MAX_JOURNAL_BYTES
from geekout_tools.logs.pull import pull
from test_logs import record_starts, run, virtual_game

HEAD = jn.MAGIC + bytes((jn.VERSION,))


def header(game=b"masters", config=bytes((1, 2))):
    return bytes(jn.record(jn.T_HEADER, game + b"\x00" + config))


def actions(data):
    return bytes(jn.record(jn.T_ACTIONS, data))


def fletcher(buf):
    """Version 1's check: Fletcher-16 mod 255, as two bytes."""
    a = b = 0
    for x in buf:
        a = (a + x) % 255
        b = (b + a) % 255
    return bytes((a, b))


def version1(data):
    """A journal as version 1 (older firmware) wrote it: the same records, each with
    Fletcher-16 for its check, and no part records (they came with version 3)."""
    out = bytearray(data[:3]) + b"\x01"
    for start in record_starts(data):
        end = start + data[start] + 2
        if data[start + 1] != ord("P"):
            out += data[start:end] + fletcher(data[start:end])
    return bytes(out)


def flipped_name(data):
    """A good journal in version 1 whose header's zero byte after the game name is 0xFF:
    Fletcher-16 mod 255 cannot see it (0x00 and 0xFF are the same mod 255), so only the
    name tells (docs/gadget.md, Saved game: the journal file)."""
    data = version1(data)
    zero = data.index(b"\x00", 6)
    return data[:zero] + b"\xff" + data[zero + 1:]


def one_line(err):
    assert len(err.splitlines()) == 1 and err.endswith("\n"), err
    assert "Traceback" not in err
    return err


# -- item 9: a header name that is not valid UTF-8 ------------------------------------

@pytest.mark.parametrize("command", [["replay"], ["replay", "--json"], ["export", "--csv"],
                                     ["export", "--json"]])
def test_a_game_name_that_is_not_utf8_is_one_line(tmp_path, capsys, command):
    _, good = virtual_game(2, seed=3)
    f = tmp_path / "flipped.goj"
    f.write_bytes(flipped_name(good))
    reason = jn.parse(f.read_bytes())[4]
    assert "game name" in reason
    code, out, err = run(capsys, "logs", *command, str(f))
    assert code == 2 and out == ""
    assert one_line(err) == "geekout: error: {}: damaged journal ({})\n".format(f, reason)


def test_game_name_bytes_that_are_not_utf8(tmp_path, capsys):
    f = tmp_path / "name.goj"
    f.write_bytes(HEAD + header(game=b"mast\xc3\x28rs") + actions(b"\x00\x04"))
    code, out, err = run(capsys, "logs", "replay", str(f))
    assert code == 2 and out == ""
    assert one_line(err) == "geekout: error: {}: damaged journal ({})\n".format(
        f, jn.parse(f.read_bytes())[4])


def test_a_file_name_with_a_newline_stays_on_one_line(tmp_path, capsys):
    _, good = virtual_game(1, seed=3)
    f = tmp_path / "two\nlines\x1b[2J.goj"
    f.write_bytes(flipped_name(good))
    code, _, err = run(capsys, "logs", "replay", str(f))
    assert code == 2 and "\x1b" not in one_line(err)
    assert "two\\x0alines\\x1b[2J.goj: damaged journal (game name" in err


# -- item 10: sizes ---------------------------------------------------------------------

def test_a_journal_over_the_limit_is_refused_before_parsing(tmp_path, capsys):
    _, good = virtual_game(1, seed=4)
    f = tmp_path / "big.goj"
    f.write_bytes(good + bytes(MAX_JOURNAL_BYTES + 1 - len(good)))
    for command in (["replay"], ["export", "--json"]):
        code, out, err = run(capsys, "logs", *command, str(f))
        assert code == 2 and out == ""
        assert one_line(err) == "geekout: error: {}: larger than 1024 KB, too large for a journal\n".format(f)


def test_a_journal_at_the_limit_is_read(tmp_path, capsys):
    _, good = virtual_game(1, seed=4)
    f = tmp_path / "padded.goj"
    f.write_bytes(good + bytes(MAX_JOURNAL_BYTES - len(good)))
    code, out, err = run(capsys, "logs", "replay", str(f), "--json")
    assert code == 1 and json.loads(out)["finished"]  # the zeros after it are damage
    reason = jn.parse(f.read_bytes())[4]
    assert "at byte {}".format(len(good)) in reason
    assert one_line(err) == "note: {}: damaged journal ({}); read up to byte {}\n".format(
        f, reason, len(good))


def test_dev_zero_is_refused_without_reading_it_all(tmp_path):
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")

    def small():  # a run that reads /dev/zero whole would hit this, not fill the machine
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, resource.RLIM_INFINITY))

    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    for command in (["replay"], ["export"]):
        proc = subprocess.run([sys.executable, "-m", "geekout_tools.cli", "logs", *command, "/dev/zero"],
                              capture_output=True, text=True, timeout=120, preexec_fn=small,
                              env=env, cwd=str(tmp_path))
        assert proc.returncode == 2 and proc.stdout == ""
        assert one_line(proc.stderr) == \
            "geekout: error: /dev/zero: larger than 1024 KB, too large for a journal\n"


@pytest.mark.parametrize("action", ["replay", "export"])
def test_help_states_the_size_limit(capsys, action):
    with pytest.raises(SystemExit) as e:
        main(["logs", action, "--help"])
    assert e.value.code == 0
    assert "journals over 1024 KB are refused" in " ".join(capsys.readouterr().out.split())


# -- item 15: say what is wrong; read up to the damage ----------------------------------

def test_no_header_record(tmp_path, capsys):
    f = tmp_path / "nohead.goj"
    f.write_bytes(HEAD + actions(b"\x00\x04"))
    code, out, err = run(capsys, "logs", "replay", str(f))
    assert code == 2 and out == ""
    assert one_line(err) == "geekout: error: {}: damaged journal (no header record)\n".format(f)


GOOD = HEAD + header() + actions(b"\x00\x04\x0b")  # table dice: seat 1 first, 4 scored, bust
AT = len(GOOD)


@pytest.mark.parametrize("tail, reason", [
    (header() + actions(b"\x02"), "second header at byte {}".format(AT)),
    (bytes(jn.record(jn.T_UNDO, b"\x01\x2c")), "undo of 300 bytes at byte {} goes past the start".format(AT)),
    (bytes(jn.record(0x5A, b"x")) + actions(b"\x02"), "unknown record type 0x5a at byte {}".format(AT)),
    (actions(b"\x02\x03")[:-1], "record at byte {} runs past the end of the file".format(AT)),
    (bytes([3, jn.T_ACTIONS, 2, 2, 2, 0, 0]) + actions(b"\x02"), "record at byte {} fails its checksum".format(AT)),
])
def test_damage_after_the_header_is_named_and_the_good_records_replayed(tmp_path, capsys, tail, reason):
    f = tmp_path / "damaged.goj"
    f.write_bytes(GOOD + tail)
    note = "note: {}: damaged journal ({}); read up to byte {}\n".format(f, reason, AT)
    code, out, err = run(capsys, "logs", "replay", str(f), "--json")
    assert code == 1 and one_line(err) == note  # read in part (logs replay --help)
    summary = json.loads(out)
    assert summary["damage"] == reason and summary["turns"] == 2 and summary["totals"] == [10, 0]
    code, out, err = run(capsys, "logs", "replay", str(f))
    assert code == 1 and err == note
    assert out.startswith("{}: masters (table mode), 2 player(s), in play (2 turns so far)\n".format(f))
    assert f.read_bytes() == GOOD + tail  # the file is left alone


def test_export_json_stays_one_object_with_a_damaged_journal(tmp_path, capsys):
    _, good = virtual_game(2, seed=6)
    second = record_starts(good)[2]
    bad = bytearray(good)
    bad[second + 2] ^= 0x01  # a payload byte of the second action record
    a, b = tmp_path / "a.goj", tmp_path / "b.goj"
    a.write_bytes(good)
    b.write_bytes(bytes(bad))
    code, out, err = run(capsys, "logs", "export", str(a), str(b), "--json")
    assert code == 1  # one of them read in part
    games = json.loads(out)["games"]
    assert [g["damage"] for g in games] == [None, "record at byte {} fails its checksum".format(second)]
    assert one_line(err) == ("note: {}: damaged journal (record at byte {n} fails its checksum);"
                             " read up to byte {n}\n").format(b, n=second)


# -- item 14: output paths --------------------------------------------------------------

@pytest.fixture
def journal(tmp_path):
    _, data = virtual_game(3, seed=5)
    f = tmp_path / "in" / "g.goj"
    f.parent.mkdir()
    f.write_bytes(data)
    return f


def test_export_into_a_missing_folder(tmp_path, capsys, journal):
    out = tmp_path / "missing" / "turns.csv"
    code, stdout, err = run(capsys, "logs", "export", str(journal), "--out", str(out))
    assert code == 2 and stdout == ""
    assert one_line(err) == "geekout: error: cannot write --out {}: the folder {} does not exist\n".format(
        out, out.parent)
    assert not out.parent.exists()


def test_export_into_a_file_taken_for_a_folder(tmp_path, capsys, journal):
    out = journal / "turns.csv"
    code, _, err = run(capsys, "logs", "export", str(journal), "--out", str(out))
    assert code == 2
    assert one_line(err) == "geekout: error: cannot write --out {}: the folder {} is a file, not a folder\n".format(
        out, journal)


def test_export_into_an_unwritable_folder(capsys, journal):
    out = Path("/sys/geekout-turns.csv")
    try:
        open(out, "xb").close()
    except OSError:
        pass
    else:
        out.unlink()
        pytest.skip("/sys is writable here")
    code, _, err = run(capsys, "logs", "export", str(journal), "--out", str(out))
    assert code == 2
    assert one_line(err).startswith("geekout: error: cannot write --out {}: ".format(out))
    assert not out.exists()


class FileSizeLimit:
    """Writes past `size` bytes fail (EFBIG, as a full disk fails them) while active."""

    def __init__(self, size):
        self.size = size
        self.soft, self.hard = resource.getrlimit(resource.RLIMIT_FSIZE)

    def __enter__(self):
        resource.setrlimit(resource.RLIMIT_FSIZE, (self.size, self.hard))
        return self

    def __exit__(self, *exc):
        resource.setrlimit(resource.RLIMIT_FSIZE, (self.soft, self.hard))

    def lifted(self):
        return _Lifted(self)


class _Lifted:
    def __init__(self, limit):
        self.limit = limit

    def __enter__(self):
        resource.setrlimit(resource.RLIMIT_FSIZE, (self.limit.soft, self.limit.hard))

    def __exit__(self, *exc):
        resource.setrlimit(resource.RLIMIT_FSIZE, (self.limit.size, self.limit.hard))


def test_export_onto_a_full_disk_leaves_nothing(tmp_path, capsys, journal):
    out = tmp_path / "turns.csv"
    with FileSizeLimit(64):
        code, _, err = run(capsys, "logs", "export", str(journal), "--out", str(out))
    assert code == 2
    assert one_line(err).startswith("geekout: error: cannot write --out {}: ".format(out))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in"]  # no file, no temp file
    code, _, err = run(capsys, "logs", "export", str(journal), "--out", str(out))  # not blocked
    assert code == 0 and err == "" and out.read_text().count("\n") == 16  # header + 15 turns


def test_export_to_dev_full_is_refused_as_existing(capsys, journal):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    code, _, err = run(capsys, "logs", "export", str(journal), "--out", "/dev/full")
    assert code == 2
    assert one_line(err) == "geekout: error: /dev/full exists: choose another --out (nothing is overwritten)\n"


def test_pull_into_a_regular_file(tmp_path, capsys):
    f = tmp_path / "notes.txt"
    f.write_text("keep me")
    for dest in (f, f / "sub"):
        code, out, err = run(capsys, "logs", "pull", "--port", str(tmp_path / "noport"), "--dest", str(dest))
        assert code == 2 and out == ""
        assert one_line(err) == "geekout: error: --dest {}: {} is a file, not a folder\n".format(dest, f)
    assert f.read_text() == "keep me"


def test_pull_into_an_unwritable_path(tmp_path, capsys):
    dest = Path("/sys/geekout-logs")
    try:
        dest.mkdir()
    except OSError:
        pass
    else:
        dest.rmdir()
        pytest.skip("/sys is writable here")
    code, _, err = run(capsys, "logs", "pull", "--port", str(tmp_path / "noport"), "--dest", str(dest))
    assert code == 2
    assert one_line(err).startswith("geekout: error: --dest {}: cannot make the folder {} (".format(dest, dest))
    assert not dest.exists()


class FakeBoard:
    """The transport pull() uses, over a dict of the board's files (path -> bytes): its
    listing is what LIST_CODE prints (the pico tests below run LIST_CODE itself)."""

    port = "fake"

    def __init__(self, files, listing=None):
        self.files = dict(files)
        self.listing = listing

    def call(self, *steps, timeout=None):
        out = ""
        for step in steps:
            if step[0] == "exec":
                if self.listing is not None:
                    return self.listing
                pairs = [[p, hashlib.sha256(d).hexdigest()] for p, d in self.files.items()]
                out += "noise@@LOGS@@" + json.dumps(pairs) + "@@LOGS@@\n"
            elif step[:2] == ["fs", "cp"]:
                Path(step[3]).write_bytes(self.files[step[2][1:]])
            elif step[:2] == ["fs", "rm"]:
                del self.files[step[2][1:]]
        return out


class DeadBoard:
    port = "/dev/ttyACM9"

    def call(self, *steps, timeout=None):
        raise UsageError("no board on /dev/ttyACM9")


def test_a_failed_pull_leaves_no_folder_it_made(tmp_path, capsys):
    dest = tmp_path / "new" / "deeper"
    with pytest.raises(UsageError):
        pull(DeadBoard(), dest)
    assert list(tmp_path.iterdir()) == []
    code, _, err = run(capsys, "logs", "pull", "--port", str(tmp_path / "noport"), "--dest", str(dest))
    assert code == 2 and one_line(err) and list(tmp_path.iterdir()) == []


def test_a_pull_of_nothing_leaves_no_folder(tmp_path):
    lines = []
    assert pull(FakeBoard({}), tmp_path / "new", out=lines.append) == []
    assert lines == ["no games on the board"] and list(tmp_path.iterdir()) == []


def test_a_pull_onto_a_full_disk_leaves_no_part_file(tmp_path):
    _, data = virtual_game(2, seed=8)
    limit = FileSizeLimit(64)

    class Board(FakeBoard):
        def call(self, *steps, timeout=None):  # the board's copy lands; the pulled one not
            with limit.lifted():
                return super().call(*steps, timeout=timeout)

    dest = tmp_path / "new"
    with limit, pytest.raises(UsageError) as e:
        pull(Board({"logs/0001.goj": data}), dest, out=lambda line: None)
    assert str(e.value).startswith("cannot write journal {}: ".format(dest / "0001.goj"))
    assert list(tmp_path.iterdir()) == []


def test_a_board_that_does_not_list_its_journals(tmp_path):
    with pytest.raises(UsageError) as e:
        pull(FakeBoard({}, listing="@@LOGS@@[[1, 2]@@LOGS@@\x1b[2J"), tmp_path / "new")
    assert str(e.value) == "the board on fake did not list its journals: @@LOGS@@[[1, 2]@@LOGS@@\\x1b[2J"
    assert list(tmp_path.iterdir()) == []


def test_odd_board_names_are_skipped_or_shown_safely(tmp_path):
    _, data = virtual_game(1, seed=2)
    board = FakeBoard({"logs/../../escape.goj": data, "main.py": b"x", "logs/\x1b[2J.goj": data})
    lines, notes = [], []
    dest = tmp_path / "pulled"
    written = pull(board, dest, out=lines.append, warn=notes.append)
    assert written == [dest / "\x1b[2J.goj"]
    assert notes == ["note: logs/../../escape.goj: not a journal the gadget keeps: skipped",
                     "note: main.py: not a journal the gadget keeps: skipped"]
    assert lines[0].startswith("logs/\\x1b[2J.goj -> {}/\\x1b[2J.goj (".format(dest))
    assert not any("\x1b" in line for line in lines)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pulled"]


# -- items 2 and 9 on the stand-in Pico (LIST_CODE runs on MicroPython) -------------------

@pytest.mark.micropython
def test_pull_copies_every_good_file_and_names_a_bad_one(pico, tmp_path, capsys):
    link, root = pico
    (root / "logs").mkdir()
    _, first = virtual_game(2, seed=8)
    _, second = virtual_game(3, seed=9)
    _, running = virtual_game(1, seed=10)
    bad = flipped_name(second)
    (root / "logs" / "0001.goj").write_bytes(first)
    (root / "logs" / "0002.goj").write_bytes(bad)
    (root / "logs" / "0003.goj").write_bytes(second)
    (root / "game.goj").write_bytes(running)
    dest = tmp_path / "pulled"
    code, out, err = run(capsys, "logs", "pull", "--port", str(link), "--dest", str(dest))
    assert code == 0
    assert (dest / "0001.goj").read_bytes() == first
    assert (dest / "0002.goj").read_bytes() == bad  # copied as it is: the evidence
    assert (dest / "0003.goj").read_bytes() == second
    assert (dest / "running-game.goj").read_bytes() == running
    assert one_line(err) == "note: logs/0002.goj: damaged journal ({}); copied as it is to {}\n".format(
        jn.parse(bad)[4], dest / "0002.goj")
    assert "logs/0002.goj -> {} (unreadable)".format(dest / "0002.goj") in out


@pytest.mark.micropython
def test_pull_copies_the_saves_the_gadget_set_aside(pico, tmp_path, capsys):
    link, root = pico
    (root / "logs").mkdir()
    (root / "bad").mkdir()
    _, finished = virtual_game(2, seed=8)
    _, running = virtual_game(1, seed=9)
    cut = GOOD + bytes(jn.record(0x5A, b"x"))
    files = {"game.goj": running, "logs/0001.goj": finished, "bad/0001.goj": cut,
             "bad/0002.goj": flipped_name(finished), "game.bad": b"GOJ\x01 an old firmware's damaged save"}
    for name, data in files.items():
        (root / name).write_bytes(data)
    (root / "game.goj.tmp").write_bytes(b"")  # neither is a journal the gadget keeps
    (root / "main.goj").write_bytes(running)
    dest = tmp_path / "pulled"
    code, out, err = run(capsys, "logs", "pull", "--port", str(link), "--dest", str(dest), "--delete")
    assert code == 0 and err == ""
    local = {"game.goj": "running-game.goj", "logs/0001.goj": "0001.goj"}
    for name, data in files.items():
        assert (dest / local.get(name, name)).read_bytes() == data, name
    assert sorted(str(p.relative_to(dest)) for p in dest.rglob("*")) == [
        "0001.goj", "bad", "bad/0001.goj", "bad/0002.goj", "game.bad", "running-game.goj"]
    lines = out.splitlines()
    assert lines[-5:] == [
        "bad/0001.goj -> {} (set aside by the gadget: damaged journal (unknown record type 0x5a at"
        " byte {n}); read up to byte {n})".format(dest / "bad" / "0001.goj", n=AT),
        "bad/0002.goj -> {} (set aside by the gadget: damaged journal ({}))".format(
            dest / "bad" / "0002.goj", jn.parse(flipped_name(finished))[4]),
        "game.bad -> {} (set aside by the gadget: damaged journal (record at byte 4 runs past the"
        " end of the file))".format(dest / "game.bad"),
        "3 damaged save(s) set aside by the gadget: kept on the board (--delete never removes them)",
        "removed 1 finished game(s) from the board",
    ]
    # --delete removed the finished game only.
    assert not (root / "logs" / "0001.goj").exists()
    for name in ("game.goj", "bad/0001.goj", "bad/0002.goj", "game.bad"):
        assert (root / name).read_bytes() == files[name]
    code, out, err = run(capsys, "logs", "pull", "--port", str(link), "--dest", str(dest))
    assert code == 0 and out.count("already pulled") == 4 and err == ""


@pytest.mark.micropython
def test_pull_joins_a_save_set_aside_in_parts(pico, tmp_path, capsys):
    """A save the gadget could not join (a part lost or unreadable) is set aside part by
    part (docs/gadget.md, On boot): pull copies every part, in order, as one file; the
    gap shows as damage."""
    from flash import FakeFlash
    from geekout import journal as jn

    link, root = pico
    (root / "bad").mkdir()
    j = jn.Journal(FakeFlash())
    j.start("masters", b"\x00\x02")
    for _ in range(200):
        j.append(b"\x01\x10")
    parts = {i: bytes(j.storage.files[jn.part_name("game.goj", i)])
             for i in jn.present_parts(j.storage, "game.goj")}
    del parts[1]  # the part lost: the later ones were kept as they were
    for i, data in parts.items():
        (root / "bad" / jn.part_name("0001.goj", i)).write_bytes(data)
    dest = tmp_path / "pulled"
    code, out, err = run(capsys, "logs", "pull", "--port", str(link), "--dest", str(dest))
    assert code == 0 and err == ""
    pulled = (dest / "bad" / "0001.goj").read_bytes()
    assert pulled == b"".join(parts[i] for i in sorted(parts))
    assert jn.parse(pulled)[4].startswith("part 1 missing or cut short")


def test_a_version_1_journal_from_older_firmware_is_read(tmp_path, capsys):
    state, data = virtual_game(2, seed=7)
    f = tmp_path / "old.goj"
    f.write_bytes(version1(data))
    code, out, err = run(capsys, "logs", "replay", str(f), "--json")
    assert code == 0 and err == ""
    summary = json.loads(out)
    assert summary["finished"] and summary["totals"] == state.totals and summary["damage"] is None


def test_a_newer_format_version_is_not_called_damage(tmp_path, capsys):
    _, data = virtual_game(1, seed=7)
    f = tmp_path / "new.goj"
    f.write_bytes(data[:3] + b"\x09" + data[4:])
    code, out, err = run(capsys, "logs", "replay", str(f))
    assert code == 2 and out == ""
    assert one_line(err) == "geekout: error: {}: journal {}\n".format(f, jn.parse(f.read_bytes())[4])
    assert err.startswith("geekout: error: {}: journal format version 9 (".format(f))


def test_export_to_a_full_stdout_is_one_line(tmp_path, journal):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    for command in (["export", str(journal)], ["export", str(journal), "--json"], ["replay", str(journal)]):
        with open("/dev/full", "w") as full:
            proc = subprocess.run([sys.executable, "-m", "geekout_tools.cli", "logs", *command],
                                  stdout=full, stderr=subprocess.PIPE, text=True, timeout=120,
                                  env=env, cwd=str(tmp_path))
        assert proc.returncode == 1
        assert one_line(proc.stderr) == "geekout: error: cannot write output: No space left on device\n"


def test_an_oversized_board_file_is_copied_but_not_read(tmp_path):
    big = HEAD + header() + bytes(MAX_JOURNAL_BYTES)
    lines, notes = [], []
    dest = tmp_path / "pulled"
    pull(FakeBoard({"logs/0001.goj": big}), dest, out=lines.append, warn=notes.append)
    assert (dest / "0001.goj").read_bytes() == big
    assert notes == ["note: logs/0001.goj: larger than 1024 KB, too large for a journal; copied as it"
                     " is to {}".format(dest / "0001.goj")]


def test_a_failing_export_says_only_its_error(tmp_path, capsys):
    damaged, unreadable = tmp_path / "a.goj", tmp_path / "b.goj"
    damaged.write_bytes(GOOD + bytes(jn.record(0x5A, b"x")))
    unreadable.write_bytes(HEAD + actions(b"\x00"))
    code, out, err = run(capsys, "logs", "export", str(damaged), str(unreadable))
    assert code == 2 and out == ""
    assert one_line(err) == "geekout: error: {}: damaged journal (no header record)\n".format(unreadable)
