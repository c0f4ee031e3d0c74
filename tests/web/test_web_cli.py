"""`make web`'s site and `geekout web`: what the site holds (the firmware as deployed,
the runtime, no address outside it), when it is rebuilt, what the server hands out, and
bad arguments (one line, exit status 2)."""

import json
import re
import signal
import socket
import subprocess
import sys
import urllib.request

import pytest
import webplay
from geekout_tools import build
from geekout_tools.web import site as sitebuilder
from mpy_harness import ROOT


def geekout(*args, timeout=60):
    return subprocess.run([sys.executable, "-m", "geekout_tools.cli", *args], capture_output=True,
                          text=True, timeout=timeout, cwd=ROOT)


@pytest.mark.parametrize("port,says", [
    ("abc", "--port: 'abc' is not a whole number"),
    ("65536", "--port: 65536 is not in 0..65535"),
    ("-1", "--port: -1 is not in 0..65535"),
    ("٣", "is not a whole number"),
])
def test_bad_port_is_one_line_and_exit_2(port, says):
    res = geekout("web", "--port", port)
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr.count("\n") == 1 and says in res.stderr


def test_a_port_in_use_is_one_line_and_exit_2_before_any_build():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        res = geekout("web", "--port", str(port))
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr == "geekout: error: port {} on 127.0.0.1 is in use: choose another with " \
                         "--port\n".format(port)


def test_unknown_argument_is_exit_2():
    res = geekout("web", "--frob")
    assert res.returncode == 2 and res.stderr.count("\n") == 1


@pytest.mark.node
def test_the_site_holds_the_deployed_firmware_and_the_page(site, tmp_path):
    manifest = json.loads((site / "manifest.json").read_text())
    bundle = (site / "bundle.bin").read_bytes()
    assert sum(size for _, size in manifest["files"]) == len(bundle)
    files = {}
    at = 0
    for name, size in manifest["files"]:
        files[name] = bundle[at:at + size]
        at += size
    # Byte for byte what `make deploy` copies (geekout_tools.build), but the Pico's main.py.
    deployed = tmp_path / "deployed"
    written, errors = build.build(deployed)
    assert errors == []
    expect = {"firmware/" + rel.as_posix(): (deployed / rel).read_bytes()
              for rel in written if rel.as_posix() != "main.py"}
    assert {k: v for k, v in files.items() if k.startswith("firmware/")} == expect
    assert "firmware/geekout/app.mpy" in files and "firmware/geekout/masters/hint.bin" in files
    assert set(k for k in files if k.startswith("web/")) == {"web/boards/__init__.py", "web/boards/web.py",
                                                                "web/boards/sim.py"}
    assert manifest["micropython"] == json.loads(
        (ROOT / "package.json").read_text())["dependencies"][sitebuilder.RUNTIME_PACKAGE]
    for name in ("micropython/micropython.mjs", "micropython/micropython.wasm"):
        assert (site / name).read_bytes() == (sitebuilder.RUNTIME / name.split("/")[1]).read_bytes()


@pytest.mark.node
def test_the_page_loads_nothing_from_elsewhere(site):
    # No CDN, no font or script from another host: every address in the page's own
    # files is relative (the site works offline once served).
    for name in sitebuilder.PAGE_FILES:
        text = (site / name).read_text()
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text, re.I), name
    html = (site / "index.html").read_text()
    assert 'src="page.js"' in html and 'href="page.css"' in html


@pytest.mark.node
def test_a_changed_input_makes_the_site_stale(site, tmp_path, monkeypatch):
    assert sitebuilder.is_current(site)
    extra = tmp_path / "extra.txt"
    extra.write_text("one")
    real = sitebuilder.inputs
    monkeypatch.setattr(sitebuilder, "inputs", lambda: real() + [extra])
    before = sitebuilder.source_hash()
    extra.write_text("two")
    assert sitebuilder.source_hash() != before
    assert not sitebuilder.is_current(tmp_path / "no-site")


@pytest.mark.node
def test_geekout_web_serves_the_site_with_the_types_browsers_want(site):
    proc, url = webplay.start_server()
    try:
        assert url and url.endswith("/")
        types = {}
        for path in ("", "page.js", "gadget.js", "micropython/micropython.mjs",
                     "micropython/micropython.wasm", "manifest.json", "bundle.bin"):
            with urllib.request.urlopen(url + path, timeout=10) as r:
                assert r.status == 200
                types[path] = r.headers["Content-Type"]
        assert types[""].startswith("text/html")
        assert types["page.js"] == types["micropython/micropython.mjs"] == "text/javascript"
        assert types["micropython/micropython.wasm"] == "application/wasm"
    finally:
        proc.send_signal(signal.SIGINT)  # Ctrl-C
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
    assert proc.returncode == 0 and "stopped" in proc.stderr.read()
