"""How `geekout deploy` talks to a board: stock `mpremote`, one process per step.

mpremote is MicroPython's own tool for this (raw REPL, file copy, mip); we drive its
command line rather than its Python internals, which its authors say will change. Each
step is an mpremote argument list, so `--dry-run` can print exactly what would run, and
tests can swap in a fake transport with the same methods.
"""

import json
import os
import subprocess
import sys
import tempfile

from ..errors import UsageError
from ..inputs import printable
from .boards import port_problem

# Printed by the probe code on the board, between markers so REPL noise is ignored.
_MARK = "@@GEEKOUT@@"
PROBE_CODE = (
    "import os,sys,json\n"
    "m=None\n"
    "try:\n"
    " f=open('{manifest}');m=json.load(f);f.close()\n"
    "except Exception:\n"
    " pass\n"
    "s=os.statvfs('.')\n"
    # The UF2 build (`make uf2`) freezes geekout_uf2 in: code and data are in its image.
    "try:\n"
    " import geekout_uf2;z=1\n"
    "except ImportError:\n"
    " z=0\n"
    "print('{mark}'+json.dumps({{'mpy':getattr(sys.implementation,'_mpy',0),'frozen':z,"
    "'version':'.'.join(str(v) for v in sys.implementation.version[:3]),"
    "'machine':getattr(sys.implementation,'_machine',sys.platform),"
    "'free':s[0]*s[3],'manifest':m}})+'{mark}')\n"
)
MKDIRS_CODE = (
    "import os\n"
    "for d in {dirs!r}:\n"
    " try:\n"
    "  os.mkdir(d)\n"
    " except OSError:\n"
    "  pass\n"
)


def describe_failure(port, stderr):
    """One line for what went wrong talking to the board (mpremote's messages mapped)."""
    text = (stderr or "").strip()
    low = text.lower()
    raw, port = port, printable(port)
    if "could not enter raw repl" in low or "timeout" in low:
        return ("the board on {} does not answer as MicroPython (could not enter the raw REPL):"
                " flash MicroPython first (README: First-time setup on a new Pico), or unplug"
                " and replug it".format(port))
    if "in use" in low or "resource busy" in low or "failed to access" in low:
        # mpremote says "failed to access ... (it may be in use)" for a missing port too
        problem = port_problem(raw)
        if problem:
            return problem
        return "{} is in use by another program (close Thonny, screen or `geekout monitor`)".format(port)
    if "no such file" in low or "could not open" in low or "does not exist" in low:
        return "no board on {}: check the port name (`geekout deploy` finds it by itself)".format(port)
    if "no space" in low or "enospc" in low or "errno 28" in low:
        return "the board's filesystem is full: remove old game logs (`geekout logs pull --delete`)"
    last = text.splitlines()[-1] if text else "mpremote failed"
    return "mpremote on {}: {}".format(port, printable(last))


class MpremoteTransport:
    """A board reached with the `mpremote` command on a serial port."""

    def __init__(self, port, mpremote=None, run=subprocess.run, timeout=120):
        self.port = port
        self.mpremote = mpremote or os.path.join(os.path.dirname(sys.executable), "mpremote")
        if not os.path.exists(self.mpremote):
            self.mpremote = "mpremote"
        self._run = run
        self.timeout = timeout
        self._reset_done = False

    def command(self, *steps):
        """The full argument list for one mpremote invocation running `steps` in order
        (each step is a list; steps are chained with mpremote's `+`)."""
        args = [self.mpremote, "connect", self.port]
        if self._reset_done:
            args.append("resume")
        for i, step in enumerate(steps):
            if i:
                args.append("+")
            args.extend(step)
        return args

    def call(self, *steps, timeout=None):
        args = self.command(*steps)
        try:
            proc = self._run(args, capture_output=True, text=True,
                             timeout=timeout or self.timeout)
        except subprocess.TimeoutExpired:
            raise UsageError(describe_failure(self.port, "timeout")) from None
        except FileNotFoundError:
            raise UsageError("mpremote is not installed: run `make setup`") from None
        if proc.returncode != 0:
            raise UsageError(describe_failure(self.port, proc.stderr or proc.stdout))
        # The first connection soft-resets the board; later ones keep its state.
        self._reset_done = True
        return proc.stdout

    def probe(self, manifest_path):
        out = self.call(["exec", PROBE_CODE.format(manifest=manifest_path, mark=_MARK)])
        parts = out.split(_MARK)
        if len(parts) < 3:
            raise UsageError("the board on {} answered the probe with: {}".format(
                self.port, out.strip()[-120:] or "nothing"))
        return json.loads(parts[1])

    def mkdirs(self, dirs):
        if dirs:
            self.call(["exec", MKDIRS_CODE.format(dirs=list(dirs))])

    def put(self, pairs):
        """Copy (local path, remote path) pairs, in batches of one mpremote call."""
        batch = 40
        for i in range(0, len(pairs), batch):
            part = pairs[i:i + batch]
            # A slow link (an emulated Pico takes ~2 KB/s) must not time out a big file:
            # the limit grows by a second per kilobyte sent.
            size = sum(os.path.getsize(local) for local, _ in part)
            self.call(*[["fs", "cp", str(local), ":" + remote] for local, remote in part],
                      timeout=self.timeout + size // 1000)

    def remove(self, paths):
        if paths:
            self.call(*[["fs", "rm", ":" + p] for p in paths])

    def write_file(self, remote, data):
        with tempfile.NamedTemporaryFile("wb", suffix=".json", delete=False) as f:
            f.write(data)
            tmp = f.name
        try:
            self.put([(tmp, remote)])
        finally:
            os.unlink(tmp)

    def mip(self, package):
        self.call(["mip", "install", package])

    def restart(self):
        """Soft-reset, then start the app (main.py) and leave it running."""
        self.call(["soft-reset"], ["exec", "--no-follow", "import main"])


class DryRunTransport(MpremoteTransport):
    """Prints each mpremote step instead of running it; the board is taken as empty."""

    def __init__(self, port, out=print):
        super().__init__(port)
        self.mpremote = "mpremote"
        self.out = out

    def call(self, *steps, timeout=None):
        self.out("  " + " ".join(_quote(a) for a in self.command(*steps)))
        self._reset_done = True
        return ""

    def probe(self, manifest_path):
        self.out("  (dry run: the board is not read; a real deploy copies only what changed)")
        return {"mpy": 0, "version": "?", "machine": "?", "free": None, "manifest": None}

    def write_file(self, remote, data):
        self.call(["fs", "cp", "<deploy manifest>", ":" + remote])


def _quote(arg):
    if not arg or any(c in arg for c in " \n'\"()[]{};"):
        return "'" + arg.replace("'", "'\\''") + "'"
    return arg
