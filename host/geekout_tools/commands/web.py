"""`geekout web [--port N]`: the gadget in a web browser. Serves build/web/ (the page,
MicroPython's WebAssembly port and the firmware as deployed: docs/web.md) on 127.0.0.1,
building it first when it is missing or stale, and prints the URL.

--port is ASCII digits, 0-65535 (0: any free port; default 8017). A port already in use
is one line, exit status 2. The server's limits (idle timeout, workers, bad requests,
nothing outside the site) are docs/web.md "The server's limits".
"""

from ..errors import UsageError
from ..inputs import ascii_int

DEFAULT_PORT = 8017


def register(sub):
    p = sub.add_parser("web", help="serve the gadget as a web page (MicroPython in the browser)",
                       description=__doc__.split("\n\n")[0])
    p.add_argument("--port", default=str(DEFAULT_PORT),
                   help="TCP port on 127.0.0.1, 0-65535 (0: any free one; default {})".format(DEFAULT_PORT))
    p.set_defaults(func=run)
    return p


def run(args):
    port = ascii_int(args.port, "--port", 0, 65535)
    from ..web import serve, site

    # The port first: a port in use is said before any building.
    server = serve.make_server(port)
    try:
        if not site.is_current():
            print("building {} ...".format(site.SITE.relative_to(site.ROOT)), flush=True)
            try:
                site.build_site()
            except UsageError:
                server.server_close()
                raise
        serve.serve(server, site.SITE)
    finally:
        server.server_close()
    return 0
