"""`geekout monitor`: live scoreboard from the gadget's USB serial event lines.

A --port that names no port at all (frob://x, loop://?foo=bar, a regular file) is a
one-line error, exit status 2; a port not there yet is waited for.
"""

import sys

from ..errors import UsageError


def register(sub):
    p = sub.add_parser(
        "monitor",
        help="live scoreboard in the terminal from the gadget on USB",
        description="Show a live scoreboard from the event lines the gadget prints on its USB "
                    "serial port (docs/events.md). Lines that are not events are ignored; when the "
                    "gadget is unplugged the monitor waits for it and carries on. Ctrl-C quits.",
    )
    p.add_argument("--port", help="serial port (default: the one Pico plugged in)")
    p.add_argument("--json", action="store_true",
                   help="print each event as a JSON line instead of drawing the scoreboard")
    p.add_argument("--plain", action="store_true", help="append to the terminal instead of redrawing")
    p.set_defaults(func=run)


def run(args):
    from ..deploy.boards import choose_port
    from ..monitor import monitor

    port = args.port
    if not port:
        try:
            port = choose_port(None)
        except UsageError as e:
            if "several boards" in str(e):
                raise
            raise UsageError("no gadget found: plug it in, or name its port with --port") from None
    board = monitor(port, clear=not args.plain and sys.stdout.isatty(), json_lines=args.json)
    if board.ignored and not args.json:
        print("{} non-event lines ignored".format(board.ignored), file=sys.stderr)
    if board.bad and not args.json:
        print(board.bad_note(), file=sys.stderr)
    return 0
