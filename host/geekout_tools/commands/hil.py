"""`geekout hil` (`make hil`): smoke test on a real gadget, or a note that none is there.

Deploys the firmware (only what changed), then runs tests/hil/smoke.py on the board with
mpremote: the display answers on I2C, the person confirms the screen, each button, the
seat LEDs, and a journal is written, read back and removed. Without a board it says so
and exits 0, so `make hil` is safe on any machine.
"""

import subprocess
import sys
import tempfile
from pathlib import Path

from ..errors import UsageError
from ..inputs import printable

ROOT = Path(__file__).resolve().parents[3]
SMOKE = ROOT / "tests" / "hil" / "smoke.py"


def register(sub):
    p = sub.add_parser("hil", help="hardware-in-the-loop smoke test on an attached gadget",
                       description=__doc__.split("\n\n")[1].replace("\n", " "),
                       epilog="examples:\n  geekout hil\n  geekout hil --no-prompts --no-deploy")
    p.add_argument("--port", help="serial port of the board (default: the one Pico plugged in)")
    p.add_argument("--no-prompts", action="store_true",
                   help="skip the steps that need a person at the gadget")
    p.add_argument("--no-deploy", action="store_true", help="test the firmware already on the board")
    p.set_defaults(func=run)


def run(args):
    from ..deploy.boards import choose_port

    try:
        port = choose_port(args.port)
    except UsageError as e:
        if str(e).startswith("no board found"):
            print("no Pico attached: hardware-in-the-loop test skipped")
            return 0
        raise
    if not args.no_deploy:
        from .. import cli

        code = cli.main(["deploy", "--port", port])
        if code:
            return code
    script = SMOKE.read_text()
    if args.no_prompts:
        script = script.replace("PROMPTS = True", "PROMPTS = False", 1)
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(script)
    mpremote = str(Path(sys.executable).parent / "mpremote")
    if args.no_prompts is False:
        print("follow the prompts on the gadget's screen (20 s per step)")
    proc = subprocess.run([mpremote, "connect", port, "run", f.name],
                          capture_output=True, text=True, timeout=600)
    Path(f.name).unlink()
    out = proc.stdout
    for line in out.splitlines():
        if line.startswith("HIL"):
            print(line.replace("HIL >> ", "  > ").replace("HIL ", "", 1))
    last = [line for line in out.splitlines() if line.startswith("HIL ") and "passed," in line]
    if proc.returncode != 0 or not last:
        tail = (proc.stderr or out).strip().splitlines()
        raise UsageError("the smoke test did not finish on {}: {}".format(
            printable(port), printable(tail[-1]) if tail else "no output"))
    return 0 if last[-1].endswith(" 0 failed") else 1
