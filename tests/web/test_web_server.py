"""`geekout web`'s server against hostile and careless clients (docs/web.md "The server's
limits"): a bounded pool of workers, idle connections closed, 400 for a bad path, no
traceback for anything a client does, nothing served from outside the site. Each test
runs the server on port 0 in a thread, on a copy of the page's files in a temp folder,
with its limits passed in small so that nothing waits on the real ones."""

import shutil
import socket
import struct
import threading

import pytest
from geekout_tools.errors import UsageError
from geekout_tools.web import serve
from geekout_tools.web import site as sitebuilder

# Every wait below is bounded by this: generous against what it waits for (at most
# tenths of a second here), so a busy machine never fails a test.
PATIENCE = 10.0
SECRET = b"secret outside the site\n"


@pytest.fixture
def site(tmp_path):
    """A copy of the page's files, a folder with an index, a big file, and a secret file
    beside the site folder."""
    folder = tmp_path / "site"
    folder.mkdir()
    for name in sitebuilder.PAGE_FILES:
        shutil.copy(sitebuilder.HERE / name, folder / name)
    (folder / "sub").mkdir()
    (folder / "sub" / "index.html").write_text("<p>sub</p>")
    (folder / "big.bin").write_bytes(bytes(16 << 20))  # more than the loopback buffers hold
    (tmp_path / "secret.txt").write_bytes(SECRET)
    return folder


@pytest.fixture
def start(site, capfd):
    """start(**limits) -> the port of a server on `site`; every server is stopped after
    the test, and the test fails if the server wrote anything to stdout or stderr."""
    servers = []

    def start_(**limits):
        srv = serve.make_server(0, **limits)
        serve.attach(srv, site)
        thread = threading.Thread(target=srv.serve_forever, args=(0.05,), daemon=True)
        thread.start()
        servers.append((srv, thread))
        return srv.server_address[1]

    yield start_
    for srv, thread in servers:
        srv.shutdown()
        srv.server_close()
        thread.join(PATIENCE)
    out, err = capfd.readouterr()
    assert (out, err) == ("", "")


def connect(port, sent=b""):
    s = socket.create_connection(("127.0.0.1", port), timeout=PATIENCE)
    if sent:
        s.sendall(sent)
    return s


def read_all(s):
    """What the server sends until it closes the connection."""
    data = b""
    try:
        while True:
            part = s.recv(65536)
            if not part:
                return data
            data += part
    except ConnectionResetError:
        return data
    finally:
        s.close()


def ask(port, raw):
    """(status, body) of a raw request."""
    reply = read_all(connect(port, raw))
    head, _, body = reply.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def get(port, path):
    return ask(port, b"GET " + path + b" HTTP/1.0\r\n\r\n")


def test_the_page_is_served(start, site):
    port = start()
    status, body = get(port, b"/")
    assert status == 200 and body == (site / "index.html").read_bytes()
    assert get(port, b"/page.js") == (200, (site / "page.js").read_bytes())
    assert get(port, b"/sub/") == (200, b"<p>sub</p>")
    assert get(port, b"/sub")[0] == 301  # a folder's address ends with '/'
    assert get(port, b"/page.js/")[0] == 404  # a file is no folder
    assert get(port, b"/nothing.js")[0] == 404


def test_half_sent_requests_hold_a_bounded_pool_and_are_closed_when_idle(start):
    # 300 clients that send half a request and then nothing. Before, each held a thread
    # for ever (300 threads); now 4 workers serve, 8 wait, the rest get a 503 at once
    # (while every slot is taken), and every connection is closed after 0.1 s idle: the
    # last of the first 12 within (1 + 8 / 4) x 0.1 s, well inside PATIENCE.
    port = start(workers=4, waiting=8, idle_timeout=0.1)
    threads = threading.active_count()
    clients = []
    most = threads
    for _ in range(300):
        clients.append(connect(port, b"GET /index.html HTTP/1.1\r\nHost: x\r\n"))
        most = max(most, threading.active_count())
    assert most == threads
    replies = [read_all(s) for s in clients]  # each returns when the server closes it
    busy = [r for r in replies if r.startswith(b"HTTP/1.0 503 ")]
    idle = [r for r in replies if r == b""]
    assert len(busy) + len(idle) == 300
    assert len(idle) >= 12
    assert threading.active_count() == threads
    assert get(port, b"/sub/") == (200, b"<p>sub</p>")  # and the server serves on


def test_excess_connections_are_refused_with_503(start):
    port = start(workers=1, waiting=1)
    held = [connect(port, b"GET / HTTP/1.0\r\n"), connect(port, b"GET / HTTP/1.0\r\n")]
    status, _ = ask(port, b"GET / HTTP/1.0\r\n\r\n")
    assert status == 503
    for s in held:
        s.close()


@pytest.mark.parametrize("path", [
    b"/%00", b"/index.html%00.js", b"/%ED%A0%80", b"/%ed%b0%80.js", b"/%FF", b"/%C0%AE%C0%AE/x",
    b"/a%0Ab", b"/%7F", b"/\xed\xa0\x80", b"/\xff", b"/\x00", b"/\x01x", b"/\x7f",
    b"/\xe9t\xe9.js",
], ids=repr)
def test_a_bad_path_is_400(start, path):
    # Not UTF-8 (lone surrogates, overlong forms), a control character, or a byte that
    # is not visible ASCII: 400, and nothing on stderr (checked by `start`).
    assert get(start(), path)[0] == 400


@pytest.mark.parametrize("raw,status", [
    (b"GET /" + b"a" * 70000 + b" HTTP/1.0\r\n\r\n", 414),  # RFC 9112 section 3: 414
    (b"GET / HTTP/1.0\r\nX-Long: " + b"a" * 70000 + b"\r\n\r\n", 431),
    (b"GET / HTTP/1.0\r\n" + b"X: y\r\n" * 101 + b"\r\n", 431),
    (b"GET / HTTP/9.9\r\n\r\n", 505),
    (b"FROB / HTTP/1.0\r\n\r\n", 501),
    (b"GET\r\n\r\n", 400),
], ids=["long request line", "long header", "101 headers", "HTTP/9.9", "FROB", "no path"])
def test_a_malformed_request_is_a_4xx_or_5xx_without_traceback(start, raw, status):
    assert ask(start(), raw)[0] == status


def test_a_client_hanging_up_mid_request_or_mid_response_prints_nothing(start):
    # One worker: each connection is served after the one before has ended, so when the
    # last request is answered the hang-ups have been dealt with.
    port = start(workers=1, idle_timeout=PATIENCE)
    connect(port, b"GET /index.html HTTP/1.1\r\nHo").close()
    connect(port, b"GET /big.bin HTTP/1.0\r\n").close()
    s = connect(port, b"GET /big.bin HTTP/1.0\r\n\r\n")
    assert s.recv(100).startswith(b"HTTP/1.0 200 ")
    # A reset, not a polite close: the server's next write fails at once.
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.close()
    assert get(port, b"/sub/") == (200, b"<p>sub</p>")


@pytest.mark.parametrize("path", [b"/" + b"a" * 60000, b"/a" * 20000, b"/loop", b"/loop/x"],
                         ids=["long name", "deep", "symlink loop", "in a loop"])
def test_an_impossible_file_is_404(start, site, path):
    (site / "loop").symlink_to(site / "loop")
    assert get(start(), path)[0] == 404


def test_nothing_outside_the_site_is_served(start, site, tmp_path):
    passwd = open("/etc/passwd", "rb").read(200)
    (site / "passwd").symlink_to("/etc/passwd")
    (site / "etc").symlink_to("/etc")
    (site / "up").symlink_to("..")
    (site / "secret").symlink_to(tmp_path / "secret.txt")
    (site / "leak").mkdir()
    (site / "leak" / "index.html").symlink_to(tmp_path / "secret.txt")
    # A symlink that stays inside the site is followed.
    (site / "inside.js").symlink_to(site / "page.js")
    port = start()
    for path in [b"/passwd", b"/etc/passwd", b"/up/secret.txt", b"/secret", b"/leak/",
                 b"/../secret.txt", b"/../../../../../../etc/passwd", b"/%2e%2e/secret.txt",
                 b"/%2E%2E%2Fsecret.txt", b"/..%2fsecret.txt", b"/sub/../../secret.txt",
                 b"/sub/%2e%2e/%2e%2e/secret.txt", b"//etc/passwd", b"/./../secret.txt",
                 b"/..\\secret.txt", b"/up/site/../secret.txt", b"/etc/"]:
        status, body = get(port, path)
        assert status in (403, 404), path
        assert SECRET not in body and passwd not in body, path
    assert get(port, b"/inside.js") == (200, (site / "page.js").read_bytes())


def test_a_site_folder_reached_through_a_symlink_is_served(start, site, tmp_path):
    link = tmp_path / "link"
    link.symlink_to(site)
    srv = serve.make_server(0, workers=1)
    serve.attach(srv, link)
    thread = threading.Thread(target=srv.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        assert get(srv.server_address[1], b"/sub/") == (200, b"<p>sub</p>")
    finally:
        srv.shutdown()
        srv.server_close()
        thread.join(PATIENCE)


def test_closing_the_server_ends_its_workers_and_connections(site):
    before = set(threading.enumerate())
    srv = serve.make_server(0, workers=3, idle_timeout=PATIENCE)
    serve.attach(srv, site)
    workers = set(threading.enumerate()) - before
    thread = threading.Thread(target=srv.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    held = connect(srv.server_address[1], b"GET / HTTP/1.0\r\n")
    srv.shutdown()
    srv.server_close()
    thread.join(PATIENCE)
    # Closed at once, not after the idle timeout.
    assert read_all(held) == b""
    for t in workers:
        t.join(PATIENCE)
    assert len(workers) == 3 and not any(t.is_alive() for t in workers)


def test_a_port_in_use_is_a_usage_error_and_starts_no_thread(capfd):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        before = threading.active_count()
        with pytest.raises(UsageError, match="is in use"):
            serve.make_server(s.getsockname()[1])
        assert threading.active_count() == before
    assert capfd.readouterr() == ("", "")


def test_the_limits_are_named_and_a_few_seconds():
    assert 1 <= serve.IDLE_TIMEOUT <= 10
    assert serve.WORKERS >= 8 and serve.WAITING >= serve.WORKERS
