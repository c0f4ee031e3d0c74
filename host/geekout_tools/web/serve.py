"""`geekout web`'s static file server for build/web/ on 127.0.0.1: http.server's, with the
types a browser insists on (.mjs as JavaScript, .wasm as application/wasm), no caching
and no line per request. Its limits are docs/web.md "The server's limits".

Subclassed, because the standard library has no setting for these: the server, for a
fixed pool of WORKERS threads with WAITING connections queued and the rest refused
(ThreadingHTTPServer starts a thread per connection, without bound), and errors said in
one line or none; the handler, for an IDLE_TIMEOUT on each connection, a 400 for a path
that is not UTF-8 or holds a control character, and no file outside the site (its real
path, symlinks resolved, must lie in the site folder's).
"""

import errno
import functools
import os
import queue
import socket
import sys
import threading
import urllib.parse
from http import HTTPStatus
from http.server import HTTPServer, SimpleHTTPRequestHandler

from ..errors import UsageError

HOST = "127.0.0.1"
# A connection that sends or takes nothing for this long is closed (a page's requests
# come within milliseconds; a half-sent request must not hold a worker for ever).
IDLE_TIMEOUT = 5.0
# Threads serving connections: a page load makes 8 requests, a browser 6 at a time.
WORKERS = 16
# Connections accepted while every worker is busy, served in turn; past these, a 503.
WAITING = 64

_BUSY = (b"HTTP/1.0 503 Service Unavailable\r\nContent-Length: 0\r\nRetry-After: 1\r\n"
         b"Connection: close\r\n\r\n")


class _Refused(Exception):
    """A request answered with an error status instead of a file."""

    def __init__(self, status, reason):
        super().__init__(reason)
        self.status = status
        self.reason = reason


class _Handler(SimpleHTTPRequestHandler):
    # No client sends HTTP/0.9 any more: with 1.0 as the default, the answer to a request
    # line too bad to tell its version still has a status line.
    default_request_version = "HTTP/1.0"
    extensions_map = dict(SimpleHTTPRequestHandler.extensions_map, **{
        ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".py": "text/plain; charset=utf-8", ".mpy": "application/octet-stream",
        ".json": "application/json"})

    def setup(self):
        # StreamRequestHandler applies `timeout` to the socket: every read and write.
        self.timeout = getattr(self.server, "idle_timeout", IDLE_TIMEOUT)
        super().setup()

    def parse_request(self):
        if not super().parse_request():
            return False
        # RFC 9112 section 3.2: a request target is visible ASCII (anything else is
        # percent-encoded). Raw bytes would reach the file system as Latin-1 text.
        if not all("!" <= c <= "~" for c in self.path):
            self.send_error(HTTPStatus.BAD_REQUEST, "Bad characters in the path")
            return False
        return True

    def do_GET(self):
        try:
            super().do_GET()
        except _Refused as e:
            self.send_error(e.status, e.reason)

    def do_HEAD(self):
        try:
            super().do_HEAD()
        except _Refused as e:
            self.send_error(e.status, e.reason)

    def translate_path(self, path):
        """The real path of the file for `path`, never outside the site (raises _Refused)."""
        target = path.split("?", 1)[0].split("#", 1)[0]
        try:
            decoded = urllib.parse.unquote(target, errors="strict")
        except UnicodeDecodeError:
            raise _Refused(HTTPStatus.BAD_REQUEST, "The path is not UTF-8") from None
        if any(c < " " or c == "\x7f" for c in decoded):
            raise _Refused(HTTPStatus.BAD_REQUEST, "Control character in the path")
        # The standard library's mapping drops '.', '..' and empty segments.
        local = super().translate_path(path)
        real = self._inside(local)
        if local.endswith("/"):
            if not os.path.isdir(real):
                return real + "/"  # a file named as a folder: send_head says 404
            # The folder's index.html, resolved and checked here: send_head would open it
            # unchecked (a symlink to anywhere).
            return self._inside(os.path.join(real, "index.html"))
        return real

    def _inside(self, path):
        real = os.path.realpath(path)
        if real != self.directory and not real.startswith(self.directory + os.sep):
            raise _Refused(HTTPStatus.FORBIDDEN, "Outside the site")
        return real

    def list_directory(self, path):
        # Only a folder whose index.html is itself a folder gets here: no listings.
        self.send_error(HTTPStatus.NOT_FOUND, "File not found")

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


class _Server(HTTPServer):
    """HTTPServer with a fixed pool of worker threads (see the module docstring)."""

    # The kernel's queue of connections not yet accepted (the standard library's 5 drops
    # a burst of connects, each then retried a second later).
    request_queue_size = 128

    def __init__(self, address, workers, waiting, idle_timeout):
        self.idle_timeout = idle_timeout
        # One slot per connection held, served or queued: taken on accept, given back
        # when the connection is closed.
        self._slots = threading.BoundedSemaphore(workers + waiting)
        self._queue = queue.SimpleQueue()
        self._serving = set()
        self._lock = threading.Lock()
        self._closed = False
        self._workers = []  # server_close runs inside __init__ when the port is taken
        super().__init__(address, _Handler)
        # Daemon threads: Ctrl-C never waits for a connection to go idle.
        self._workers = [threading.Thread(target=self._work, name="geekout-web-{}".format(i),
                                          daemon=True) for i in range(workers)]
        for t in self._workers:
            t.start()

    def process_request(self, request, client_address):
        if self._slots.acquire(blocking=False):
            self._queue.put((request, client_address))
            return
        # Refused without waiting: the serving loop must never block on a client. What
        # the client has sent is read first, or closing would reset the connection and
        # the client might lose the 503.
        try:
            request.setblocking(False)
            request.send(_BUSY)
            request.recv(65536)
        except OSError:
            pass
        self.shutdown_request(request)

    def _work(self):
        while True:
            job = self._queue.get()
            if job is None:
                return
            request, client_address = job
            with self._lock:
                self._serving.add(request)
            try:
                self.finish_request(request, client_address)
            except Exception:  # noqa: BLE001 - said in one line by handle_error
                self.handle_error(request, client_address)
            finally:
                with self._lock:
                    self._serving.discard(request)
                self.shutdown_request(request)
                self._slots.release()

    def handle_error(self, request, client_address):
        """One line on stderr, and none when the client hung up or went quiet."""
        exc = sys.exc_info()[1]
        if exc is None or isinstance(exc, (ConnectionError, TimeoutError)):
            return
        print("geekout web: a request from {}:{} failed: {}: {}".format(
            client_address[0], client_address[1], type(exc).__name__, exc),
            file=sys.stderr, flush=True)

    def server_close(self):
        """Close the listening socket, the queued connections and those being served,
        and stop the workers."""
        super().server_close()
        if self._closed:
            return
        self._closed = True
        while True:
            try:
                job = self._queue.get_nowait()
            except queue.Empty:
                break
            if job is not None:
                self.shutdown_request(job[0])
                self._slots.release()
        with self._lock:
            for request in self._serving:
                try:
                    request.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
        for _ in self._workers:
            self._queue.put(None)


def make_server(port, *, workers=WORKERS, waiting=WAITING, idle_timeout=IDLE_TIMEOUT):
    """A server bound to 127.0.0.1:port, not yet serving (its files are set by serve());
    UsageError when the port cannot be had."""
    try:
        return _Server((HOST, port), workers, waiting, idle_timeout)
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            raise UsageError("port {} on {} is in use: choose another with --port".format(
                port, HOST)) from None
        raise UsageError("cannot listen on {}:{}: {}".format(HOST, port, e.strerror or e)) from None


def attach(server, folder):
    """The server hands out `folder`'s files (call serve_forever to start it). Files are
    checked against the folder's real path, so the folder itself may be a symlink."""
    server.RequestHandlerClass = functools.partial(_Handler, directory=os.path.realpath(folder))


def serve(server, folder):
    """Serve `folder` until Ctrl-C, having printed the URL."""
    attach(server, folder)
    print("The gadget in your browser: http://{}:{}/ (serving {}; Ctrl-C stops)".format(
        HOST, server.server_address[1], folder), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
