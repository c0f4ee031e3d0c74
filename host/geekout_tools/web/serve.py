"""A static file server for build/web/ on 127.0.0.1 (`geekout web`): the standard
library's, with the types a browser insists on for the page's modules (.mjs as
JavaScript, .wasm as application/wasm for streaming compilation), no caching (a
rebuilt site is what the next reload gets), and no line per request.
"""

import errno
import functools
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

from ..errors import UsageError

HOST = "127.0.0.1"


class _Handler(SimpleHTTPRequestHandler):
    extensions_map = dict(SimpleHTTPRequestHandler.extensions_map, **{
        ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".py": "text/plain; charset=utf-8", ".mpy": "application/octet-stream",
        ".json": "application/json"})

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


def make_server(port):
    """A server bound to 127.0.0.1:port, not yet serving (its files are set by serve());
    UsageError when the port cannot be had."""
    try:
        return ThreadingHTTPServer((HOST, port), _Handler)
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            raise UsageError("port {} on {} is in use: choose another with --port".format(
                port, HOST)) from None
        raise UsageError("cannot listen on {}:{}: {}".format(HOST, port, e.strerror or e)) from None


def attach(server, folder):
    """The server hands out `folder`'s files (call serve_forever to start it)."""
    server.RequestHandlerClass = functools.partial(_Handler, directory=str(folder))


def serve(server, folder):
    """Serve `folder` until Ctrl-C, having printed the URL."""
    attach(server, folder)
    print("The gadget in your browser: http://{}:{}/ (serving {}; Ctrl-C stops)".format(
        HOST, server.server_address[1], folder), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
