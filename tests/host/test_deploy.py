"""`geekout deploy`: the plan against a fake board, port discovery, and failures."""

import json
from types import SimpleNamespace

import pytest
from geekout_tools.deploy import boards, plan
from geekout_tools.deploy.transport import DryRunTransport, MpremoteTransport, describe_failure
from geekout_tools.errors import UsageError


class FakeBoard:
    """A board's filesystem in a dict; records each step the deploy takes."""

    def __init__(self, files=None, free=1 << 20, mpy=6 | (3 << 8)):
        self.files = dict(files or {})
        self.free = free
        self.mpy = mpy
        self.steps = []

    def probe(self, manifest_path):
        self.steps.append("probe")
        raw = self.files.get(manifest_path)
        return {"mpy": self.mpy, "version": "1.24.1", "machine": "Raspberry Pi Pico",
                "free": self.free, "manifest": json.loads(raw) if raw else None}

    def mkdirs(self, dirs):
        self.steps.append(("mkdirs", tuple(dirs)))

    def put(self, pairs):
        for local, remote in pairs:
            self.files[remote] = open(local, "rb").read()
        self.steps.append(("put", tuple(r for _, r in pairs)))

    def remove(self, paths):
        for p in paths:
            del self.files[p]
        self.steps.append(("remove", tuple(paths)))

    def write_file(self, remote, data):
        self.files[remote] = data
        self.steps.append(("write", remote))

    def mip(self, package):
        self.steps.append(("mip", package))

    def restart(self):
        self.steps.append("restart")


@pytest.fixture
def build(tmp_path):
    root = tmp_path / "build"
    (root / "geekout" / "masters").mkdir(parents=True)
    (root / "main.py").write_text("import geekout\n")
    (root / "geekout" / "__init__.mpy").write_bytes(b"M\x06a")
    (root / "geekout" / "masters" / "rules.mpy").write_bytes(b"M\x06b" * 100)
    return root


def test_first_deploy_copies_everything_and_writes_manifest_last(build):
    board = FakeBoard({"games/current.jnl": b"saved game", "settings.json": b"{}"})
    p = plan.deploy(board, build, out=lambda *_: None)
    assert sorted(p.copy) == ["geekout/__init__.mpy", "geekout/masters/rules.mpy", "main.py"]
    assert board.steps[1] == ("mkdirs", ("geekout", "geekout/masters"))
    assert board.steps[-2] == ("write", plan.MANIFEST_PATH) and board.steps[-1] == "restart"
    assert board.files["games/current.jnl"] == b"saved game"  # saved data kept
    assert board.files["settings.json"] == b"{}"
    manifest = json.loads(board.files[plan.MANIFEST_PATH])
    assert manifest["files"]["main.py"]["sha256"] == plan.file_hash(build / "main.py")


def test_second_deploy_copies_only_what_changed(build):
    board = FakeBoard()
    plan.deploy(board, build, out=lambda *_: None)
    board.steps.clear()
    (build / "main.py").write_text("import geekout  # changed\n")
    p = plan.deploy(board, build, out=lambda *_: None)
    assert p.copy == ["main.py"]
    assert ("put", ("main.py",)) in board.steps
    board.steps.clear()
    p = plan.deploy(board, build, out=lambda *_: None)
    assert p.copy == [] and not any(s[0] == "put" for s in board.steps if isinstance(s, tuple))


def test_removed_firmware_file_is_deleted_but_not_user_files(build):
    board = FakeBoard({"games/g1.jnl": b"x"})
    plan.deploy(board, build, out=lambda *_: None)
    (build / "geekout" / "masters" / "rules.mpy").unlink()
    p = plan.deploy(board, build, out=lambda *_: None)
    assert p.remove == ["geekout/masters/rules.mpy"]
    assert "geekout/masters/rules.mpy" not in board.files
    assert board.files["games/g1.jnl"] == b"x"


def test_damaged_manifest_means_full_copy(build):
    board = FakeBoard({plan.MANIFEST_PATH: b"[1, 2]"})
    p = plan.deploy(board, build, out=lambda *_: None)
    assert len(p.copy) == 3


def test_full_filesystem_refused_before_copying(build):
    board = FakeBoard(free=4096)
    with pytest.raises(UsageError, match="filesystem is full"):
        plan.deploy(board, build, out=lambda *_: None)
    assert board.steps == ["probe"]


def test_old_micropython_refused(build):
    board = FakeBoard(mpy=6 | (2 << 8))
    with pytest.raises(UsageError, match=r"\.mpy v6\.2.*update MicroPython"):
        plan.deploy(board, build, out=lambda *_: None)
    assert board.steps == ["probe"]


def test_mip_packages_installed_once(build, tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[tool.geekout]\ndevice-packages = ["ssd1306"]\n')
    board = FakeBoard()
    plan.deploy(board, build, pyproject, out=lambda *_: None)
    assert ("mip", "ssd1306") in board.steps
    board.steps.clear()
    plan.deploy(board, build, pyproject, out=lambda *_: None)
    assert ("mip", "ssd1306") not in board.steps


def port(device, vid, description="Board in FS mode", serial="E66138"):
    return SimpleNamespace(device=device, vid=vid, description=description, serial_number=serial)


@pytest.fixture
def tty():
    """An existing serial-like device: the slave side of a pty."""
    import os

    master, slave = os.openpty()
    yield os.ttyname(slave)
    os.close(slave)
    os.close(master)


def test_choose_port(tty):
    assert boards.choose_port(tty) == tty
    for name in ("COM3", "a0", "socket://localhost:2217", "rfc2217://x:1"):
        assert boards.choose_port(name) == name  # not paths: mpremote's to judge
    ports = [port("/dev/ttyACM0", 0x2E8A), port("/dev/ttyUSB0", 0x10C4)]
    assert boards.choose_port(None, ports, globs=()) == "/dev/ttyACM0"
    with pytest.raises(UsageError, match="several boards found: /dev/ttyACM0.*/dev/ttyACM1"):
        boards.choose_port(None, [port("/dev/ttyACM0", 0x2E8A), port("/dev/ttyACM1", 0xF055)], globs=())
    with pytest.raises(UsageError, match="no board found"):
        boards.choose_port(None, [port("/dev/ttyUSB0", 0x10C4)], globs=())


def test_bootsel_drive_named(tmp_path):
    drive = tmp_path / "RPI-RP2"
    drive.mkdir()
    (drive / "INFO_UF2.TXT").write_text("UF2 Bootloader")
    with pytest.raises(UsageError, match="BOOTSEL.*RPI-RP2"):
        boards.choose_port(None, [], globs=(str(tmp_path / "*" / "INFO_UF2.TXT"),))


@pytest.mark.parametrize("stderr, words", [
    ("mpremote: could not enter raw repl", "does not answer as MicroPython"),
    ("mpremote: failed to access {port} (it may be in use by another program)", "in use"),
    ("OSError: [Errno 28] ENOSPC", "filesystem is full"),
    ("something else\nmpremote: odd failure", "odd failure"),
])
def test_failures_mapped_to_one_line(stderr, words, tty):
    msg = describe_failure(tty, stderr.format(port=tty))
    assert words in msg and "\n" not in msg


@pytest.mark.parametrize("port, words", [
    ("/dev/ttyGEEKOUT-NONE", "no serial port /dev/ttyGEEKOUT-NONE: it does not exist"),
    ("/etc/passwd", "/etc/passwd is not a serial port (a file)"),
    ("/", "/ is not a serial port (a folder)"),
    ("./no\x1b[2Jport", "no serial port ./no\\x1b[2Jport: it does not exist"),
])
def test_port_that_is_not_there_is_not_in_use(port, words):
    """mpremote says "failed to access ... (it may be in use by another program)" for a
    port that does not exist: the message says it does not exist."""
    msg = describe_failure(port, "mpremote: failed to access {} (it may be in use by "
                                 "another program)".format(port))
    assert msg.startswith(words) and "in use" not in msg
    with pytest.raises(UsageError) as e:
        boards.choose_port(port)
    assert str(e.value).startswith(words)


@pytest.mark.parametrize("argv", [
    ["deploy", "--no-build", "--port", "/dev/ttyGEEKOUT-NONE"],
    ["logs", "pull", "--port", "/dev/ttyGEEKOUT-NONE", "--dest", "{tmp}/logs"],
])
def test_commands_say_the_port_does_not_exist(argv, capsys, tmp_path, private_build):
    from geekout_tools.cli import main

    private_build.mkdir()
    code = main([a.format(tmp=tmp_path) for a in argv])
    out, err = capsys.readouterr()
    assert code == 2 and "Traceback" not in err
    assert err == ("geekout: error: no serial port /dev/ttyGEEKOUT-NONE: it does not exist (is "
                   "the gadget plugged in? without a port named, the board is found by itself)\n")
    assert not (tmp_path / "logs").exists()


def test_transport_raises_usage_error_on_failure():
    def run(args, **_kw):
        return SimpleNamespace(returncode=1, stdout="", stderr="mpremote: could not enter raw repl")

    t = MpremoteTransport("/dev/ttyACM0", run=run)
    with pytest.raises(UsageError, match="does not answer as MicroPython"):
        t.probe(plan.MANIFEST_PATH)


def test_dry_run_prints_steps_without_a_board(build):
    lines = []
    t = DryRunTransport("auto", out=lines.append)
    plan.deploy(t, build, out=lines.append, full=True, dry_run=True)
    text = "\n".join(lines)
    assert "mpremote connect auto" in text
    assert "fs cp" in text and ":main.py" in text and "soft-reset" in text
    assert "nothing was sent" in text
