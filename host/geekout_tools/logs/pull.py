"""`geekout logs pull`: copy the gadget's journals (running game and finished games)
to a folder on the laptop with mpremote, checking each copy against the board.

On the board the running game is game.goj and finished games are logs/NNNN.goj
(docs/gadget.md). Nothing on the laptop is overwritten: a file whose name is taken by
different content gets a new name. With --delete, finished games are removed from the
board once their copy is checked; the running game never is.
"""

import hashlib
import json
import tempfile
from pathlib import Path

from ..errors import UsageError
from .reader import parse

LIST_CODE = (
    "import os,json\n"
    "def h(p):\n"
    " import hashlib,binascii\n"
    " d=hashlib.sha256()\n"
    " f=open(p,'rb')\n"
    " while True:\n"
    "  b=f.read(512)\n"
    "  if not b: break\n"
    "  d.update(b)\n"
    " f.close()\n"
    " return binascii.hexlify(d.digest()).decode()\n"
    "r=[]\n"
    "for d in ('', 'logs'):\n"
    " try:\n"
    "  names=os.listdir(d or '.')\n"
    " except OSError:\n"
    "  names=[]\n"
    " for n in names:\n"
    "  if n.endswith('.goj'):\n"
    "   p=(d+'/'+n) if d else n\n"
    "   r.append([p,h(p)])\n"
    "print('@@LOGS@@'+json.dumps(r)+'@@LOGS@@')\n"
)


def list_remote(transport):
    out = transport.call(["exec", LIST_CODE])
    parts = out.split("@@LOGS@@")
    if len(parts) < 3:
        raise UsageError("the board on {} did not list its journals: {}".format(
            transport.port, out.strip()[-120:] or "no answer"))
    return json.loads(parts[1])


def _free_name(dest, name, data):
    """dest/name, or dest/stem-2.goj... when name is taken by other content; None when
    the same content is already there."""
    target = dest / name
    n = 2
    while target.exists():
        if target.read_bytes() == data:
            return None
        target = dest / "{}-{}{}".format(Path(name).stem, n, Path(name).suffix)
        n += 1
    return target


def pull(transport, dest, delete=False, out=print):
    """Returns the list of files written."""
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    remote = list_remote(transport)
    if not remote:
        out("no games on the board")
        return []
    written, removable = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for path, digest in remote:
            local = Path(tmp) / path.replace("/", "_")
            transport.call(["fs", "cp", ":" + path, str(local)])
            data = local.read_bytes()
            if hashlib.sha256(data).hexdigest() != digest:
                out("{}: copy differs from the board (USB trouble?): skipped".format(path))
                continue
            try:
                log = parse(data, path)
                note = "{} game, {} actions{}".format(log.game, len(log.actions),
                                                      ", last record torn" if log.torn else "")
            except UsageError as e:
                note = "unreadable ({}); copied as it is".format(str(e).split(": ", 1)[-1])
            name = ("running-" if path == "game.goj" else "") + Path(path).name
            target = _free_name(dest, name, data)
            if target is None:
                out("{}: already pulled".format(path))
            else:
                target.write_bytes(data)
                written.append(target)
                out("{} -> {} ({})".format(path, target, note))
            if path != "game.goj":
                removable.append(path)
    if delete and removable:
        transport.call(*[["fs", "rm", ":" + p] for p in removable])
        out("removed {} finished game(s) from the board".format(len(removable)))
    return written
