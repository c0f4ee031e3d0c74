"""Finding the gadget's board among the serial ports (pyserial's port list).

A Pico running MicroPython shows as a USB serial port with the Raspberry Pi vendor id
(0x2E8A); MicroPython's own id (0xF055) covers other boards. A Pico held in BOOTSEL
has no serial port: it mounts as a drive holding INFO_UF2.TXT, which we look for to say
"copy MicroPython onto it" instead of "no board".

A port named by the user that is a path (/dev/ttyACM0, ./ttyPico) must exist and be a
device: mpremote says "failed to access ... (it may be in use by another program)" for a
port that does not exist, which sent people looking for a program that was not there.
"""

import glob
import os
import stat

from ..errors import UsageError
from ..inputs import printable

MICROPYTHON_VIDS = (0x2E8A, 0xF055)
BOOTSEL_GLOBS = ("/media/*/*/INFO_UF2.TXT", "/media/*/INFO_UF2.TXT", "/run/media/*/*/INFO_UF2.TXT",
                 "/Volumes/*/INFO_UF2.TXT", "/mnt/*/INFO_UF2.TXT")


def list_boards(comports=None):
    """[(device, description)] of serial ports that look like a MicroPython board."""
    if comports is None:
        from serial.tools import list_ports

        comports = list_ports.comports()
    found = []
    for p in comports:
        if getattr(p, "vid", None) in MICROPYTHON_VIDS:
            label = getattr(p, "description", None) or getattr(p, "product", None) or "board"
            serial = getattr(p, "serial_number", None)
            if serial:
                label += ", serial " + serial
            found.append((p.device, label))
    return sorted(found)


def bootsel_drives(globs=BOOTSEL_GLOBS):
    return sorted(os.path.dirname(p) for g in globs for p in glob.glob(g))


def is_path(port):
    """Whether a port name is a file path (not a pyserial URL, an mpremote shortcut such
    as a0, or a Windows COM name), so that it can be looked for."""
    return port.startswith(("/", "./", "../", "~"))


def port_problem(port):
    """Why a port given by path cannot be a board's serial port (it does not exist, or
    it is a file or a folder), or None."""
    if not is_path(port):
        return None
    shown = printable(port)
    try:
        mode = os.stat(os.path.expanduser(port)).st_mode
    except FileNotFoundError:
        return ("no serial port {}: it does not exist (is the gadget plugged in? without a "
                "port named, the board is found by itself)".format(shown))
    except OSError as e:
        return "cannot open the port {}: {}".format(shown, e.strerror or e)
    if not stat.S_ISCHR(mode):
        return "{} is not a serial port (a {})".format(
            shown, "folder" if stat.S_ISDIR(mode) else "file")
    return None


def choose_port(port=None, comports=None, globs=BOOTSEL_GLOBS):
    """The port to deploy to, or UsageError with what to do about it."""
    if port:
        problem = port_problem(port)
        if problem:
            raise UsageError(problem)
        return port
    boards = list_boards(comports)
    if len(boards) == 1:
        return boards[0][0]
    if len(boards) > 1:
        names = "; ".join("{} ({})".format(d, label) for d, label in boards)
        raise UsageError("several boards found: {}: choose one with PORT=... (make) or --port".format(names))
    drives = bootsel_drives(globs)
    if drives:
        raise UsageError("a Pico in BOOTSEL mode is mounted at {}: it has no MicroPython yet; copy the"
                         " MicroPython .uf2 onto that drive (README: First-time setup), then deploy".format(drives[0]))
    raise UsageError("no board found: plug the Pico in with a data USB cable (README: First-time setup),"
                     " or name its port with PORT=/dev/ttyACM0")
