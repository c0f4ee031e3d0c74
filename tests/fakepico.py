"""A stand-in Pico on a pseudo-terminal: the MicroPython unix port behind a pty link.

Stock mpremote talks to it as to a board on USB serial: raw REPL, raw paste, `fs cp`,
`exec`, `soft-reset`. The board's filesystem is the working directory given. A soft
reset (Ctrl-D in the raw REPL) ends the unix process; the bridge then prints the
board's "soft reboot" line, starts a fresh interpreter and puts it back in the raw
REPL, as a real board would be. Used by the end-to-end deploy and monitor tests.

    python tests/fakepico.py LINK ROOT      # serve until killed
"""

import os
import pty
import select
import signal
import sys
import tty
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from mpy_harness import micropython_exe, micropython_path  # noqa: E402

RAW_PROMPT = b"raw REPL; CTRL-B to exit\r\n>"


class FakePico:
    # Heap: the deploy, monitor and hil tests on it pass down to 98K (bisection, checkout at
    # a 150-character path): 256K leaves a 161% margin.
    def __init__(self, link, root, heap="256K", extra_path=()):
        self.link = Path(link)
        self.root = Path(root)
        self.heap = heap
        self.extra_path = extra_path
        self.master, slave = os.openpty()
        tty.setraw(slave)
        self.slave_name = os.ttyname(slave)
        self._slave = slave  # kept open so the pty survives between host connections
        if self.link.exists() or self.link.is_symlink():
            self.link.unlink()
        self.link.symlink_to(self.slave_name)
        self.raw = False
        self.idle = False  # the board sits at a prompt (friendly ">>> " or raw ">")
        self.child = None
        self.child_fd = None
        self.resets = 0

    def spawn(self):
        pid, fd = pty.fork()
        if pid == 0:  # the board
            tty.setraw(0)
            os.chdir(self.root)
            env = dict(os.environ, MICROPYPATH=micropython_path(self.extra_path, firmware=False))
            exe = micropython_exe()
            os.execvpe(exe, [exe, "-X", "heapsize=" + self.heap], env)
        self.child, self.child_fd = pid, fd

    def _read_child_until(self, marker, limit=5.0):
        data = b""
        while not data.endswith(marker):
            r, _, _ = select.select([self.child_fd], [], [], limit)
            if not r:
                break
            try:
                chunk = os.read(self.child_fd, 1024)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
        return data

    def reboot(self):
        """The interpreter exited (soft reset): start again, in the raw REPL if it was."""
        try:
            os.waitpid(self.child, 0)
        except ChildProcessError:
            pass
        os.close(self.child_fd)
        self.resets += 1
        os.write(self.master, b"MPY: soft reboot\r\n")
        self.spawn()
        if self.raw:
            self._read_child_until(b">>> ")
            os.write(self.child_fd, b"\x01")
            self._read_child_until(RAW_PROMPT)
            os.write(self.master, RAW_PROMPT)
        self.idle = True

    def _track_mode(self, data):
        for b in data:
            if b == 1:
                self.raw = True
            elif b == 2:
                self.raw = False
            elif b == 3 and not self.idle and self.child:
                # A real board's USB serial turns Ctrl-C into KeyboardInterrupt even while
                # a program runs; the unix port in a raw pty needs the signal for that.
                os.kill(self.child, signal.SIGINT)

    def serve(self):
        self.spawn()
        while True:
            r, _, _ = select.select([self.master, self.child_fd], [], [])
            if self.master in r:
                try:
                    data = os.read(self.master, 4096)
                except OSError:
                    data = b""
                if data:
                    self._track_mode(data)
                    os.write(self.child_fd, data)
            if self.child_fd in r:
                try:
                    data = os.read(self.child_fd, 4096)
                except OSError:
                    data = b""
                if data:
                    self.idle = data.endswith(b">") or data.endswith(b">>> ")
                    os.write(self.master, data)
                else:
                    self.reboot()


def main(argv):
    if len(argv) != 3:
        print("usage: fakepico.py LINK ROOT", file=sys.stderr)
        return 2
    pico = FakePico(argv[1], argv[2])
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        pico.serve()
    finally:
        if pico.child:
            try:
                os.kill(pico.child, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if pico.link.is_symlink():
            pico.link.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
