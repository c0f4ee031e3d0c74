"""`geekout deploy`: compile the firmware with mpy-cross and copy what changed with mpremote."""

from pathlib import Path

from ..errors import UsageError
from ..inputs import printable

ROOT = Path(__file__).resolve().parents[3]


def register(sub):
    p = sub.add_parser(
        "deploy",
        help="compile the firmware and copy it to a Pico (keeps saved games and settings)",
        description="Compile firmware/ to .mpy with mpy-cross into build/firmware, then copy to the "
                    "board with mpremote only what changed since the last deploy, install the "
                    "micropython-lib packages the firmware needs with mip, and restart the gadget. "
                    "Saved games and settings on the board are kept.",
        epilog="examples:\n  geekout deploy --dry-run\n  geekout deploy --port /dev/ttyACM0",
    )
    p.add_argument("--port", help="serial port of the board (default: the one Pico plugged in)")
    p.add_argument("--dry-run", action="store_true",
                   help="print the mpremote steps without touching a board")
    p.add_argument("--full", action="store_true", help="copy every file, changed or not")
    p.add_argument("--no-build", action="store_true",
                   help="deploy build/firmware as it is, without compiling again")
    p.set_defaults(func=run)


def _shown(path):
    try:
        return path.relative_to(ROOT)
    except ValueError:
        return path


def run(args):
    from ..build import BUILD, build
    from ..deploy.boards import choose_port
    from ..deploy.plan import deploy
    from ..deploy.transport import DryRunTransport, MpremoteTransport

    if args.no_build:
        if not BUILD.is_dir():
            raise UsageError("no build in {}: run without --no-build".format(_shown(BUILD)))
    else:
        written, errors = build(BUILD)
        if errors:
            raise UsageError("mpy-cross cannot compile " + errors[0])
        print("built {} files into {}".format(len(written), _shown(BUILD)))
    if args.dry_run:
        port = args.port or "auto"
        print("dry run: these mpremote steps would run")
        transport = DryRunTransport(port)
    else:
        transport = MpremoteTransport(choose_port(args.port))
        print("deploying to {}".format(printable(transport.port)))
    deploy(transport, BUILD, ROOT / "pyproject.toml", full=args.full or args.dry_run,
           dry_run=args.dry_run)
    return 0
