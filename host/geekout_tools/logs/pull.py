"""`geekout logs pull`: copy the gadget's journals (running game, finished games, and the
saves it set aside as damaged) to a folder on the laptop with mpremote, checking each
copy against the board.

On the board (docs/gadget.md) the running game is game.goj with its later parts
game.goj.1, game.goj.2... (the journal's bytes in order; older firmware kept one file),
finished games are logs/NNNN.goj, and saves the gadget could not use are set aside as
bad/NNNN.goj (older firmware kept one game.bad). On the laptop they become running-game.goj, NNNN.goj,
bad/NNNN.goj and game.bad. Nothing on the laptop is overwritten: a file whose name is
taken by different content gets a new name. A journal the reader finds damaged is still
copied as it is (it is the evidence) and named on stderr with what is wrong. With
--delete, finished games are removed from the board once their copy is checked; the
running game and the set-aside saves never are.

The destination is checked (and made) before the board is asked anything; a pull that
fails, or finds nothing to copy, leaves no folder it made.
"""

import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path

from ..errors import UsageError
from ..inputs import printable
from . import MAX_JOURNAL_BYTES, shown, write_new
from .reader import parse

# Run on the board (MicroPython): [path, sha256 hex] of every journal it keeps; an entry
# with later parts (the running game, a save set aside part by part: docs/gadget.md)
# adds their names, and its digest is over all its parts in order.
LIST_CODE = (
    "import os,json\n"
    "def h(ps):\n"
    " import hashlib,binascii\n"
    " d=hashlib.sha256()\n"
    " for p in ps:\n"
    "  f=open(p,'rb')\n"
    "  while True:\n"
    "   b=f.read(512)\n"
    "   if not b: break\n"
    "   d.update(b)\n"
    "  f.close()\n"
    " return binascii.hexlify(d.digest()).decode()\n"
    "def parts(p):\n"
    " d,_,b=p.rpartition('/')\n"
    " k=len(b)+1\n"
    " ns=sorted(int(n[k:]) for n in os.listdir(d or '.') if n[:k]==b+'.' and n[k:].isdigit())\n"
    " return [p]+[p+'.'+str(i) for i in ns]\n"
    "r=[]\n"
    "for d in ('','logs','bad'):\n"
    " try:\n"
    "  names=os.listdir(d or '.')\n"
    " except OSError:\n"
    "  names=[]\n"
    " for n in names:\n"
    "  if (n.endswith('.goj') if d else n in ('game.goj','game.bad')):\n"
    "   p=(d+'/'+n) if d else n\n"
    "   try:\n"
    "    ps=parts(p)\n"
    "    r.append([p,h(ps)]+([ps[1:]] if len(ps)>1 else []))\n"
    "   except OSError:\n"
    "    pass\n"
    "print('@@LOGS@@'+json.dumps(r)+'@@LOGS@@')\n"
)

RUNNING, FINISHED, SET_ASIDE = "running", "finished", "set aside"


def kind(path):
    """What a listed board path is (RUNNING, FINISHED, SET_ASIDE), None if it is not one
    of the journals the gadget keeps."""
    if path == "game.goj":
        return RUNNING
    if path == "game.bad":
        return SET_ASIDE
    folder, _, name = path.partition("/")
    if "/" in name or not name.endswith(".goj") or name.startswith("."):
        return None
    return {"logs": FINISHED, "bad": SET_ASIDE}.get(folder)


def local_name(path):
    """Where a board path goes in the destination (relative)."""
    if path == "game.goj":
        return Path("running-game.goj")
    if path.startswith("bad/"):
        return Path("bad") / Path(path).name
    return Path(Path(path).name)


def list_remote(transport):
    out = transport.call(["exec", LIST_CODE])
    parts = out.split("@@LOGS@@")
    listing = None
    if len(parts) >= 3:
        try:
            listing = json.loads(parts[1])
        except ValueError:
            listing = None
    if not isinstance(listing, list) or not all(_listed(e) for e in listing):
        raise UsageError("the board on {} did not list its journals: {}".format(
            transport.port, printable(out.strip()[-120:] or "no answer")))
    return listing


def _listed(entry):
    """A listing entry: [path, digest] or [path, digest, [later part paths]]."""
    if not isinstance(entry, list) or len(entry) not in (2, 3):
        return False
    if not all(isinstance(x, str) for x in entry[:2]):
        return False
    return len(entry) == 2 or (isinstance(entry[2], list) and all(
        isinstance(x, str) and x.startswith(entry[0] + ".") for x in entry[2]))


def _free_name(dest, name, data):
    """dest/name, or dest/stem-2.goj... when name is taken by other content; None when
    the same content is already there."""
    target = dest / name
    n = 2
    while target.exists():
        if target.is_file() and target.read_bytes() == data:
            return None
        target = dest / name.parent / "{}-{}{}".format(name.stem, n, name.suffix)
        n += 1
    return target


class Destination:
    """The destination folder: made (with any missing parents) and tried with a temp
    file before the board is asked anything; `undo()` removes the folders it made that
    are still empty."""

    def __init__(self, path):
        self.path = Path(path)
        self.made = []
        self.folder(self.path)
        try:
            fd, probe = tempfile.mkstemp(dir=str(self.path), prefix=".geekout-", suffix=".tmp")
            os.close(fd)
            os.unlink(probe)
        except OSError as e:
            self.undo()
            raise UsageError("--dest {}: cannot write there ({})".format(
                shown(self.path), e.strerror or e)) from None

    def folder(self, path):
        """Make `path` a folder (with its missing parents), remembering those made."""
        missing = []
        p = path
        while not p.exists() and not p.is_symlink() and p != p.parent:
            missing.append(p)
            p = p.parent
        if not p.is_dir():
            self.undo()
            raise UsageError("--dest {}: {} is a file, not a folder".format(shown(self.path), shown(p)))
        for p in reversed(missing):
            try:
                p.mkdir()
            except OSError as e:
                self.undo()
                raise UsageError("--dest {}: cannot make the folder {} ({})".format(
                    shown(self.path), shown(p), e.strerror or e)) from None
            self.made.append(p)

    def undo(self):
        for p in reversed(self.made):
            try:
                p.rmdir()  # only if empty
            except OSError:
                pass
        self.made = []


def _describe(data, path):
    """(what the copy holds, what is wrong or None) for a copied journal."""
    if len(data) > MAX_JOURNAL_BYTES:
        return "unreadable", "larger than {} KB, too large for a journal".format(MAX_JOURNAL_BYTES // 1024)
    try:
        log = parse(data, path)
    except UsageError as e:
        return "unreadable", str(e)[len(shown(path)) + 2:]
    summary = "{} game, {} actions".format(printable(log.game), len(log.actions))
    if log.damage is None:
        return summary, None
    return summary + " up to byte {}".format(log.good), "damaged journal ({}); read up to byte {}".format(
        printable(log.damage), log.good)


ORDER = {RUNNING: 0, FINISHED: 1, SET_ASIDE: 2}


def _to_stderr(line):
    print(line, file=sys.stderr)


def pull(transport, dest, delete=False, out=print, warn=None):
    """Copy the board's journals into `dest`; returns the list of files written. `out`
    takes the report's lines, `warn` the lines naming damaged files (default stderr)."""
    if warn is None:
        warn = _to_stderr
    folder = dest if isinstance(dest, Destination) else Destination(dest)
    written = []
    try:
        remote = list_remote(transport)
        if not remote:
            out("no games on the board")
            return []
        known = []
        listed = {e[0]: [e[0]] + (e[2] if len(e) == 3 else []) for e in remote}
        for path, digest, *_ in remote:
            what = kind(path)
            if what is None:
                warn("note: {}: not a journal the gadget keeps: skipped".format(shown(path)))
            else:
                known.append((ORDER[what], path, digest, listed[path]))
        removable, set_aside = [], 0
        with tempfile.TemporaryDirectory() as tmp:
            for _, path, digest, pieces in sorted(known):
                where = shown(path)
                what = kind(path)
                data = b""
                for piece in pieces:  # a journal's parts, joined in order (gaps show as damage)
                    local = Path(tmp) / piece.replace("/", "_")
                    transport.call(["fs", "cp", ":" + piece, str(local)])
                    data += local.read_bytes()
                if hashlib.sha256(data).hexdigest() != digest:
                    warn("note: {}: copy differs from the board (USB trouble?): skipped".format(where))
                    continue
                summary, damage = _describe(data, path)
                if what == SET_ASIDE:
                    set_aside += 1
                    summary = "set aside by the gadget: " + (damage or summary)
                name = local_name(path)
                if name.parent != Path("."):
                    folder.folder(folder.path / name.parent)
                target = _free_name(folder.path, name, data)
                if target is None:
                    out("{}: already pulled".format(where))
                else:
                    write_new(target, data, "journal")
                    written.append(target)
                    out("{} -> {} ({})".format(where, shown(target), summary))
                    if damage is not None and what != SET_ASIDE:
                        warn("note: {}: {}; copied as it is to {}".format(where, damage, shown(target)))
                if what == FINISHED:
                    removable.append(path)
        if set_aside:
            out("{} damaged save(s) set aside by the gadget: kept on the board (--delete never"
                " removes them)".format(set_aside))
        if delete and removable:
            transport.call(*[["fs", "rm", ":" + p] for p in removable])
            out("removed {} finished game(s) from the board".format(len(removable)))
        return written
    finally:
        folder.undo()
