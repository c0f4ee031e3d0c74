"""Every example in every `--help` runs (exit status 0).

The examples are found by walking the argparse tree of `geekout` (cli.help_examples: a
line "  geekout ..." or "example: geekout ..." in a description or an epilog), so a new
example is tested without touching this file. Each runs in a folder of its own, holding
the files the examples name (FILES: copies of tests/data and of the firmware's catalog).

How each kind is run, honestly:
- most: as typed, in a subprocess (`python -m geekout_tools.cli`), stdin closed;
- interactive ones (`sim` without --headless, `masters play`): on a pseudo-terminal,
  where the test types `q` (quit) and waits for the exit;
- `--runtime micropython` ones: the same, in the micropython tier;
- hardware ones, never touching a board: `deploy` in-process with --dry-run added when
  missing (the mpremote steps printed, not run) and the build going to the test's folder;
  `hil` in-process with the port lookup answering "no board found", so it takes the path
  of a machine with no gadget (its own example of exit status 0);
- `--runtime pico` ones would need the emulated Pico: none are in the help today, and
  one added fails here until this file says how to run it.
"""

import os
import pty
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from geekout_tools.cli import build_parser, help_examples, main

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
FILES = {
    "game.json": DATA / "capture" / "design_example.json",
    "journal.json": DATA / "battle" / "supremacy.json",
    "spreadsheet.csv": DATA / "capture" / "catalog_ok.csv",
    "cards.csv": ROOT / "firmware" / "geekout" / "data" / "geekmon_catalog.csv",
    "game.goj": DATA / "journals" / "masters-virtual-2p-undo.goj",
    "gadget-logs/0001.goj": DATA / "journals" / "masters-virtual-4p-undo.goj",
    "gadget-logs/running-game.goj": DATA / "journals" / "masters-virtual-3p-unfinished.goj",
}
GEEKOUT = [sys.executable, "-m", "geekout_tools.cli"]
EXAMPLES = list(help_examples(build_parser()))


def _param(words, argv):
    marks = []
    if "--runtime" in argv and argv[argv.index("--runtime") + 1] == "micropython":
        marks.append(pytest.mark.micropython)
    return pytest.param(argv, marks=marks, id=" ".join(argv))


def test_examples_found():
    """The walk finds the examples (the advise one, in the contract, among them)."""
    argvs = [argv for _w, argv in EXAMPLES]
    assert len(argvs) >= 15
    assert ["masters", "advise", "--active", "42,42,DRAGON,MEEPLE", "--inactive", "3",
            "--used", "2", "--scored", "1"] in argvs
    assert {w[0] for w, _a in EXAMPLES} >= {"masters", "capture", "battle", "sim"}


def test_examples_shown_one_per_line(capsys):
    """Each example is a line of its own in the printed help, as the walk found it."""
    for words, argv in EXAMPLES:
        with pytest.raises(SystemExit):
            main(list(words) + ["--help"])
        shown = capsys.readouterr().out.splitlines()
        assert any(line.strip() == "geekout " + " ".join(argv) or
                   line.strip() == "example: geekout " + " ".join(argv) for line in shown), argv


def _folder(tmp_path):
    for name, src in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, tmp_path / name)
    return tmp_path


def _interactive(argv):
    return (argv[0] == "sim" and "--headless" not in argv) or argv[:2] == ["masters", "play"]


def _on_a_terminal(argv, cwd, keys=b"q\r", timeout=120):
    """Run on a pty, type `keys` (q, Enter) once the program has drawn something;
    (status, output)."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(GEEKOUT + argv, stdin=slave, stdout=slave, stderr=slave, cwd=cwd,
                            env=dict(os.environ, TERM="xterm", HOME=str(cwd)))
    os.close(slave)
    out = b""
    sent = False
    end = time.monotonic() + timeout
    try:
        while proc.poll() is None and time.monotonic() < end:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    out += os.read(master, 65536)
                except OSError:
                    break
            if out and not sent:
                time.sleep(0.5)
                os.write(master, keys)
                sent = True
        proc.wait(timeout=max(1, end - time.monotonic()))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    return proc.returncode, out.decode("utf-8", "replace")


@pytest.mark.parametrize("argv", [_param(w, a) for w, a in EXAMPLES
                                  if a[0] not in ("deploy", "hil")])
def test_example_runs(argv, tmp_path):
    cwd = _folder(tmp_path)
    assert "pico" not in argv, "an emulated-Pico example: say here how to run it"
    if _interactive(argv):
        code, out = _on_a_terminal(argv, cwd)
        assert code == 0, out[-2000:]
        return
    res = subprocess.run(GEEKOUT + argv, capture_output=True, text=True, timeout=600,
                         cwd=cwd, stdin=subprocess.DEVNULL, env=dict(os.environ, HOME=str(cwd)))
    assert res.returncode == 0, res.stderr[-2000:]
    assert "Traceback" not in res.stderr


@pytest.mark.parametrize("argv", [a for _w, a in EXAMPLES if a[0] == "deploy"], ids=" ".join)
def test_deploy_example_as_a_dry_run(argv, tmp_path, monkeypatch, capsys):
    """Hardware: --dry-run added (the steps printed, no board touched), built into the
    test's folder rather than the checkout's build/firmware."""
    import geekout_tools.build as b

    monkeypatch.setattr(b, "BUILD", tmp_path / "build")
    run = argv if "--dry-run" in argv else argv + ["--dry-run"]
    assert main(run) == 0, capsys.readouterr().err
    assert "dry run" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [a for _w, a in EXAMPLES if a[0] == "hil"], ids=" ".join)
def test_hil_example_without_a_board(argv, monkeypatch, capsys):
    """Hardware: the port lookup answers as on a machine with no gadget plugged in."""
    from geekout_tools.deploy import boards
    from geekout_tools.errors import UsageError

    def none_found(_port=None):
        raise UsageError("no board found")

    monkeypatch.setattr(boards, "choose_port", none_found)
    assert main(argv) == 0
    assert "no Pico attached" in capsys.readouterr().out
