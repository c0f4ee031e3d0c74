"""`geekout logs pull|export|replay`: the gadget's game journals on the laptop.

A journal over MAX_JOURNAL_BYTES (logs/__init__.py) or with no readable header is bad
input (one line, exit 2). A journal read only in part (damaged after its header, or an
entry the rules core refuses: a part lost from the middle shows so) is replayed and
exported up to there, with a one-line note on stderr saying how far once the command
has done its work (stdout keeps only the report, so --json stays one JSON object; a
command that fails says only its error), and the exit status is 1 (EXIT below). export
--out writes a new file through a temp file, so a failed write leaves nothing.
"""

import csv
import io
import json
import sys
from pathlib import Path

from ..errors import UsageError
from ..inputs import printable
from ..logs import MAX_JOURNAL_BYTES, shown

LIMIT = "journals over {} KB are refused".format(MAX_JOURNAL_BYTES // 1024)
PARTIAL = 1  # the exit status when a journal was read only up to a point
EXIT = ("Exit status: 0 every journal read to its end; 1 a journal read only up to its "
        "damage or to the first entry the rules refuse (what came before is still "
        "reported, and a note on stderr says how far, one line per journal); 2 bad "
        "input (not a journal, no readable header, a bad config, an unwritable --out): "
        "one line on stderr, nothing written.")


def register(sub):
    p = sub.add_parser("logs", help="game logs: pull from the gadget, export tables, check")
    lsub = p.add_subparsers(dest="logs_command", metavar="ACTION", parser_class=type(p))
    lsub.required = True

    pull = lsub.add_parser("pull", help="copy the running and finished games' journals from the gadget",
                           description="Copy game journals (.goj) from the gadget into a folder: the "
                                       "running game (running-game.goj), finished games (NNNN.goj) and "
                                       "the saves the gadget set aside as damaged (bad/NNNN.goj, "
                                       "game.bad). Nothing is overwritten; a damaged journal is copied "
                                       "as it is and named on stderr; --delete removes finished games "
                                       "from the board once their copy is checked (never the running "
                                       "game or the set-aside saves).")
    pull.add_argument("--port", help="serial port (default: the one Pico plugged in)")
    pull.add_argument("--dest", default="gadget-logs", help="folder to copy into (default gadget-logs)")
    pull.add_argument("--delete", action="store_true", help="remove finished games from the board after copying")
    pull.set_defaults(func=run_pull)

    exp = lsub.add_parser("export", help="per-turn tables of journals, as CSV or JSON",
                          description="Replay journals on the rules core and print one row per turn "
                                      "(Masters), round and player (Capture) or event (battle), for "
                                      "every mode the gadget saves. A journal damaged after its header "
                                      "is read up to the damage, one with an entry the rules refuse up "
                                      "to that entry; " + LIMIT + ".",
                          epilog=EXIT)
    exp.add_argument("files", nargs="+", metavar="FILE", help="journal files (.goj)")
    fmt = exp.add_mutually_exclusive_group()
    fmt.add_argument("--csv", action="store_true", help="CSV, one row per turn (default)")
    fmt.add_argument("--json", action="store_true", help="one JSON object: games with their turns")
    exp.add_argument("--out", help="write to this file instead of the terminal (refused if it exists)")
    exp.set_defaults(func=run_export)

    rep = lsub.add_parser("replay", help="check a journal against the rules core",
                          description="Replay a journal on the rules core and report the game's "
                                      "state (scores, winners) as far as it reads: up to the damage "
                                      "of a journal damaged after its header, up to the first entry "
                                      "the rules refuse; " + LIMIT + ".",
                          epilog=EXIT)
    rep.add_argument("file", metavar="FILE")
    rep.add_argument("--json", action="store_true", help="print one JSON object")
    rep.set_defaults(func=run_replay)


def run_pull(args):
    from ..deploy.boards import choose_port
    from ..deploy.transport import MpremoteTransport
    from ..logs.pull import Destination, pull

    folder = Destination(args.dest)  # checked (and made) before the board is looked for
    try:
        transport = MpremoteTransport(choose_port(args.port))
    except UsageError:
        folder.undo()  # no empty folder left by a pull that never started
        raise
    pull(transport, folder, delete=args.delete)
    return 0


def _tables(files):
    """(summary, rows) of each file, in order, and the notes on the ones read in part."""
    from ..logs.reader import how_far, read
    from ..logs.tables import table

    games, notes = [], []
    for f in files:
        log = read(f)
        summary, rows = table(log)
        games.append((summary, rows))
        line = how_far(log, summary["refused"])
        if line is not None:
            notes.append(line)
    return games, notes


def _status(notes):
    return PARTIAL if notes else 0


def _notes(notes):
    for line in notes:
        print(line, file=sys.stderr)


def _stdout(text):
    """The report on stdout. A file name from the command line may hold bytes that are
    not UTF-8 (surrogates in Python): shown as \\udcXX escapes rather than failing."""
    try:
        sys.stdout.write(text)
    except UnicodeEncodeError:
        encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
        sys.stdout.write(text.encode(encoding, "backslashreplace").decode(encoding))


def run_export(args):
    from ..logs import write_new

    out = Path(args.out) if args.out else None
    if out is not None and (out.exists() or out.is_symlink()):
        raise UsageError("{} exists: choose another --out (nothing is overwritten)".format(shown(out)))
    games, notes = _tables(args.files)
    if args.json:
        text = json.dumps({"games": [dict(s, rows=rows) for s, rows in games]}, indent=1) + "\n"
    else:
        buf = io.StringIO()
        fields = ["file", "game", "mode"]
        for _summary, rows in games:
            for key in (rows[0] if rows else {}):
                if key not in fields:
                    fields.append(key)
        w = csv.DictWriter(buf, fieldnames=fields, restval="", lineterminator="\n")
        w.writeheader()
        for summary, rows in games:
            for r in rows:
                w.writerow(dict(r, file=summary["file"], game=summary["game"], mode=summary.get("mode", "")))
        text = buf.getvalue()
    if out is not None:
        write_new(out, text.encode("utf-8", "surrogateescape"), "--out")
    else:
        _stdout(text)
    _notes(notes)
    return _status(notes)


def run_replay(args):
    ((summary, rows),), notes = _tables([args.file])
    if args.json:
        print(json.dumps(summary))
        _notes(notes)
        return _status(notes)
    state = "finished" if summary["finished"] else "in play ({} turns so far)".format(summary["turns"])
    print("{}: {} ({} mode), {} player(s), {}".format(
        shown(summary["file"]), printable(summary["game"]), summary.get("mode", "-"),
        summary["players"], state))
    if summary["game"] == "capture":
        print("cards: " + " ".join(str(t) for t in summary["totals"]))
        if summary["final"] is not None:
            print("final scores: " + " ".join(str(t) for t in summary["final"]))
        elif summary["finished"]:
            print("final scores: not known until every card's line is entered on the gadget")
    else:
        print("totals: " + " ".join(str(t) for t in summary["totals"]))
    if summary["winners"]:
        who = "player" if summary["game"] == "battle" else "seat"
        how = " ({})".format(summary["condition"]) if summary.get("condition") else ""
        print("winner(s): {} {}{}".format(who, ", ".join(str(w) for w in summary["winners"]), how))
    _notes(notes)
    return _status(notes)
