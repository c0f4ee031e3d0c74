"""Paths given to the host commands (docs/limits.md, Everywhere): a file a command writes
is never a link, a device, a FIFO or a folder (refused before any work: one line, exit
status 2, the thing at the path untouched) and is written whole through a temp file;
an input file that is a FIFO is refused at once, not waited on; `sim --flash` takes
only an empty, new or gadget's folder; seeds are plain digits.

No test here points a command at a real device node: on the code before these checks,
`--out /dev/null` as root replaced /dev/null with a regular file. FIFOs made in the
test's folder stand for "not a regular file", and run in a subprocess with a timeout
(writing to a FIFO with no reader, or reading one with no writer, waits for ever)."""

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from geekout_tools.cli import main
from geekout_tools.errors import UsageError

MARKER = ".geekout-sim-flash"  # sim/flash.py's MARKER

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
CATALOG = DATA / "capture" / "catalog_ok.csv"
SCORE = DATA / "capture" / "design_example.json"
BATTLE = DATA / "battle" / "supremacy.json"
GEEKOUT = [sys.executable, "-m", "geekout_tools.cli"]


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def geekout(*argv, cwd=None, timeout=60):
    """The command in a subprocess: a FIFO the old code opened would hang it."""
    try:
        return subprocess.run(GEEKOUT + [str(a) for a in argv], capture_output=True, text=True,
                              timeout=timeout, cwd=cwd)
    except subprocess.TimeoutExpired:
        pytest.fail("geekout {} hung (a FIFO opened?)".format(" ".join(map(str, argv))))


def refused(code, out, err, *words):
    assert code == 2, (code, err)
    assert out == "" and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    for w in words:
        assert w in err, (w, err)


def hostile_targets(tmp_path):
    """{kind: path} of things no command may replace: a link to a file (the target's
    contents must not change), a dangling link, a link to a folder, a FIFO, a folder."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    made = {}
    for kind in ("link", "dangling", "dirlink", "fifo", "folder"):
        made[kind] = tmp_path / "{}-target.png".format(kind)
    made["link"].symlink_to(victim)
    made["dangling"].symlink_to(tmp_path / "nowhere.png")
    made["dirlink"].symlink_to(tmp_path)
    os.mkfifo(made["fifo"])
    made["folder"].mkdir()
    return victim, made


def untouched(victim, made):
    assert victim.read_text() == "precious\n"
    assert made["link"].is_symlink() and made["dangling"].is_symlink()
    assert not (made["dangling"].parent / "nowhere.png").exists()
    assert stat.S_ISFIFO(os.lstat(made["fifo"]).st_mode)
    assert made["folder"].is_dir() and not made["folder"].is_symlink()
    leftovers = [p.name for p in victim.parent.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []


KINDS = ("link", "dangling", "dirlink", "fifo", "folder")


# -- item 5: output paths -----------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_catalog_import_out_never_replaces_a_link_or_fifo(tmp_path, kind):
    victim, made = hostile_targets(tmp_path)
    res = geekout("capture", "catalog", "import", CATALOG, "--out", made[kind])
    refused(res.returncode, res.stdout, res.stderr, "--out")
    untouched(victim, made)


@pytest.mark.parametrize("kind", KINDS)
def test_solve_table_never_replaces_a_link_or_fifo(tmp_path, kind):
    """Refused before the solve (minutes without the cache): a bad path costs nothing."""
    victim, made = hostile_targets(tmp_path)
    res = geekout("masters", "solve", "--win", "--table", made[kind], "--json")
    refused(res.returncode, res.stdout, res.stderr, "--table")
    untouched(victim, made)


@pytest.mark.parametrize("kind", KINDS)
def test_sim_screenshot_never_replaces_a_link_or_fifo(tmp_path, kind):
    victim, made = hostile_targets(tmp_path)
    res = geekout("sim", "--headless", "--keys", "OK", "--screenshot", made[kind])
    refused(res.returncode, res.stdout, res.stderr, "--screenshot")
    untouched(victim, made)


@pytest.mark.parametrize("kind", ("link", "dangling", "fifo"))
def test_sim_pico_flash_image_never_a_link_or_fifo(tmp_path, kind):
    """--runtime pico's --flash image is saved at the end: checked before anything."""
    victim, made = hostile_targets(tmp_path)
    res = geekout("sim", "--runtime", "pico", "--headless", "--flash", made[kind])
    refused(res.returncode, res.stdout, res.stderr, "--flash")
    untouched(victim, made)


@pytest.mark.parametrize("argv", [
    ["capture", "catalog", "import", str(CATALOG), "--out", ""],
    ["capture", "catalog", "import", str(CATALOG), "--out", "{tmp}/sub/"],
    ["capture", "catalog", "import", str(CATALOG), "--out", "{tmp}/nofolder/x.csv"],
    ["masters", "solve", "--win", "--table", ""],
    ["masters", "solve", "--win", "--table", "{tmp}/plain.txt/x.csv"],
])
def test_output_path_shapes_refused(tmp_path, capsys, argv):
    (tmp_path / "plain.txt").write_text("x")
    refused(*run(capsys, *[a.format(tmp=tmp_path) for a in argv]))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plain.txt"]


def test_catalog_import_still_replaces_a_regular_file_keeping_its_mode(tmp_path, capsys):
    out = tmp_path / "cat.csv"
    out.write_text("old\n")
    os.chmod(out, 0o640)
    code, _, err = run(capsys, "capture", "catalog", "import", CATALOG, "--out", out)
    assert code == 0, err
    assert out.read_text().startswith("number,name,")
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cat.csv"]


def test_write_file_whole_or_nothing(tmp_path, monkeypatch):
    """A failing write leaves the old file and no temp file; a link put at the path
    between the check and the rename is refused, not replaced."""
    from geekout_tools import outputs

    target = tmp_path / "t.bin"
    target.write_bytes(b"old")
    with pytest.raises(UsageError), outputs.replacing(target, "--out") as (f, _tmp):
        f.write(b"half")
        raise UsageError("stopped half way")
    assert target.read_bytes() == b"old" and sorted(tmp_path.iterdir()) == [target]

    other = tmp_path / "other"
    other.write_bytes(b"other")
    with pytest.raises(UsageError, match="symbolic link"):
        with outputs.replacing(target, "--out") as (f, _tmp):
            f.write(b"new")
            target.unlink()
            target.symlink_to(other)
    assert other.read_bytes() == b"other" and target.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other", "t.bin"]

    fresh = tmp_path / "fresh.bin"
    outputs.write_file(fresh, "text é", "--out")
    assert fresh.read_bytes() == "text é".encode()
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o666 & ~umask


def test_dev_tools_write_through_the_helper(tmp_path):
    """hint_table/win_table --out, winsolve --gadget-table, the wiring docs, the UF2 and
    the sim's files: every writer of host/geekout_tools goes through outputs (no bare
    write_bytes/write_text/open(.., "w") left, logs/ and web/ aside: their own owners')."""
    import re

    bare = re.compile(r"\.write_(bytes|text)\(|open\([^)]*[\"'][wax]b?[\"']|savefig\(\w+\)")
    found = []
    for path in sorted((ROOT / "host" / "geekout_tools").rglob("*.py")):
        rel = path.relative_to(ROOT / "host" / "geekout_tools").as_posix()
        if rel.startswith(("logs/", "web/", "commands/logs.py", "commands/web.py")):
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if bare.search(line) and "outputs-ok" not in line:
                found.append("{}:{}: {}".format(rel, n, line.strip()))
    assert found == []


# -- item 9: input files, seeds, sim's path arguments ---------------------------------------
@pytest.mark.parametrize("argv", [
    ["battle", "replay", "{fifo}"],
    ["capture", "score", "{fifo}"],
    ["capture", "score", str(SCORE), "--catalog", "{fifo}"],
    ["capture", "catalog", "import", "{fifo}", "--out", "{tmp}/out.csv"],
])
def test_fifo_input_refused_at_once(tmp_path, argv):
    fifo = tmp_path / "in.fifo"
    os.mkfifo(fifo)
    res = geekout(*[a.format(fifo=fifo, tmp=tmp_path) for a in argv], timeout=30)
    refused(res.returncode, res.stdout, res.stderr, "is a FIFO, not a regular file")
    assert not (tmp_path / "out.csv").exists()


@pytest.mark.parametrize("text", ["", "\n\n", "number,name,line,stages,types,weakness,specials\n"])
def test_empty_catalog_data_file_refused(tmp_path, capsys, text):
    cat = tmp_path / "empty.csv"
    cat.write_text(text)
    refused(*run(capsys, "capture", "score", SCORE, "--catalog", cat), str(cat))


@pytest.mark.parametrize("argv", [
    ["masters", "simulate", "--games", "2"],
    ["masters", "play"],
    ["sim", "--headless"],
])
@pytest.mark.parametrize("seed", [" 5", "5 ", "+5", "5\n", "0x5", "\t5"])
def test_seed_is_plain_digits(capsys, argv, seed):
    refused(*run(capsys, *argv, "--seed", seed), "--seed", "plain digits")


@pytest.mark.parametrize("value", ["", ".png", "x/.png", "..png", " .png", "{tmp}/", "{tmp}",
                                   "{tmp}/missing/a.png", "{tmp}/file.txt/a.png", "a.PNG/"])
def test_sim_screenshot_shapes_one_line(tmp_path, capsys, monkeypatch, value):
    monkeypatch.chdir(tmp_path)  # a relative name a regression accepts lands here
    (tmp_path / "file.txt").write_text("x")
    code, out, err = run(capsys, "sim", "--headless", "--screenshot", value.format(tmp=tmp_path))
    refused(code, out, err, "--screenshot")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt"]


@pytest.mark.parametrize("option", ["--uf2", "--bootrom"])
@pytest.mark.parametrize("value", ["", "{tmp}", "{fifo}", "{tmp}/missing"])
def test_sim_pico_inputs_one_line(tmp_path, option, value):
    fifo = tmp_path / "p.fifo"
    os.mkfifo(fifo)
    res = geekout("sim", "--runtime", "pico", "--headless", option,
                  value.format(tmp=tmp_path, fifo=fifo), timeout=30)
    refused(res.returncode, res.stdout, res.stderr)


# -- item 6: sim --flash --------------------------------------------------------------------
def test_flash_empty_path_refused_and_cwd_untouched(tmp_path):
    (tmp_path / "notes.txt").write_text("mine\n")
    (tmp_path / "logs").mkdir()
    res = geekout("sim", "--headless", "--random-presses", "50", "--flash", "", cwd=tmp_path)
    refused(res.returncode, res.stdout, res.stderr, "--flash", "empty path")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["logs", "notes.txt"]


@pytest.mark.parametrize("layout", [
    {"notes.txt": "mine"},
    {"settings.json": "{}", "photo.jpg": "x"},
    {"logs/0001.goj": "GOJ", "logs/diary.txt": "x"},
    {"game.goj.x": "x"},
])
def test_flash_foreign_folder_refused(tmp_path, capsys, layout):
    folder = tmp_path / "f"
    for name, text in layout.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    before = sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))
    refused(*run(capsys, "sim", "--headless", "--random-presses", "20", "--flash", folder),
            "--flash", "which the gadget does not write")
    assert sorted(str(p.relative_to(folder)) for p in folder.rglob("*")) == before


def test_flash_cwd_and_link_refused(tmp_path, capsys, monkeypatch):
    (tmp_path / "a.txt").write_text("x")
    monkeypatch.chdir(tmp_path)
    refused(*run(capsys, "sim", "--headless", "--flash", "."), "holds a.txt")
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "ln").symlink_to(real)
    refused(*run(capsys, "sim", "--headless", "--flash", tmp_path / "ln"), "symbolic link")
    assert list(real.iterdir()) == []


def test_flash_marker_on_new_and_empty_folders(tmp_path, capsys):
    for folder in (tmp_path / "new", tmp_path / "empty"):
        if folder.name == "empty":
            folder.mkdir()
        code, _, err = run(capsys, "sim", "--headless", "--keys", "OK", "--flash", folder)
        assert code == 0, err
        assert (folder / MARKER).is_file()
        # marked: taken again whatever the gadget has written since
        (folder / "zz-left-by-a-newer-gadget").write_text("x")
        code, _, err = run(capsys, "sim", "--headless", "--keys", "OK", "--flash", folder)
        assert code == 0, err


def test_flash_unmarked_gadget_folder_is_adopted(tmp_path, capsys):
    """A flash folder from before the marker (settings, a saved game in parts, logs and
    set-aside saves, a temp file a power cut left) is taken, and marked."""
    folder = tmp_path / "old"
    for name in ("settings.json", "game.goj", "game.goj.1", "game.goj.tmp",
                 "logs/0001.goj", "logs/0002.goj.tmp", "bad/0001.goj"):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(b"x")
    code, _, err = run(capsys, "sim", "--headless", "--keys", "OK", "--flash", folder)
    assert code == 0, err
    assert (folder / MARKER).is_file()
    assert (folder / "logs" / "0001.goj").exists()


# -- item 10: the simulator's default heap --------------------------------------------------
def test_default_heap_is_the_picos_free_heap(capsys):
    from geekout_tools.commands import sim

    assert sim.DEFAULT_HEAP == "240K" and sim.parse_heap(sim.DEFAULT_HEAP) == 245760
    with pytest.raises(SystemExit):
        main(["sim", "--help"])
    assert "241,824" in " ".join(capsys.readouterr().out.split())


@pytest.mark.micropython
def test_default_heap_starts_with_the_picos_free_bytes():
    """-X heapsize=240K: gc.mem_free() at the start is the emulated Pico's free heap at
    the top of main.py, 241,824 B (docs/gadget.md, Figures), within a few GC blocks: the
    unix port's sys.argv and sys.path hold the launcher's path, which varies by machine
    (measured 241,824-241,920 B)."""
    from geekout_tools.sim.host import micropython_exe

    res = subprocess.run([micropython_exe(), "-X", "heapsize=240K", "-c",
                          "import gc; gc.collect(); print(gc.mem_free())"],
                         capture_output=True, text=True, timeout=60)
    assert abs(int(res.stdout) - 241824) <= 256, (res.stdout, res.stderr)


@pytest.mark.micropython
@pytest.mark.parametrize("game", ["masters", "capture", "battle"])
def test_random_presses_at_the_default_heap(game):
    """A few thousand presses per game on the .mpy firmware, no --heap: 0 errors (the
    1,000,000-press figure is bench/bench_random_presses.py's)."""
    res = geekout("sim", "--headless", "--runtime", "micropython", "--random-presses", "3000",
                  "--seed", "11", "--game", game, "--json", timeout=600)
    assert res.returncode == 0, res.stderr[-2000:]
    out = json.loads(res.stdout)
    assert out["errors"] == 0 and out["presses"] == 3000
    assert out["peak_heap_bytes"] < 241824


@pytest.mark.pico
def test_pico_flash_image_relative_path_kept_between_runs(tmp_path):
    """--runtime pico --flash NAME (relative): the image is saved whole beside itself and
    loaded again by the next run (node runs in another folder: the path is made
    absolute, not resolved); no temporary file is left."""
    for _ in range(2):
        res = geekout("sim", "--runtime", "pico", "--headless", "--random-presses", "2",
                      "--flash", "f.img", "--json", cwd=tmp_path, timeout=300)
        assert res.returncode == 0, res.stderr[-2000:]
        assert json.loads(res.stdout)["errors"] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.img"]
