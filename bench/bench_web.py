"""The gadget in a web page (docs/web.md, Figures): the size of build/web/, page load to
the first frame, and the median key-to-frame time, in headless Chromium on this machine.

The page is served by `geekout web`'s server on 127.0.0.1 and driven by playwright-core
(tests/web/browser_check.mjs, its Masters part): RUNS fresh page loads, each in a new browser
(nothing cached) and followed by a 2-player Masters game of the Driver's keys, every
short key held 80 ms as a finger does, and a reload. First frame: the page's
performance.now() (from the navigation's start) when the first frame is drawn on the
canvas. Key to frame: from the event that makes the key (UP
and DOWN act going down, OK and BACK coming up) to the canvas drawn with its frame.
Without Chromium (or node) it says so and exits 0.

    .venv/bin/python bench/bench_web.py [--json]
"""

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "web")]

import webplay  # noqa: E402
from geekout_tools.web import serve, site  # noqa: E402

RUNS = 3
SEED = 3
DECISIONS = 24
CHROMIUM = os.environ.get("GEEKOUT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


def main():
    as_json = "--json" in sys.argv[1:]
    why = webplay.node_missing()
    if why is None and not Path(CHROMIUM).exists():
        why = "chromium not installed"
    if why:
        print("bench_web skipped: " + why)
        return 0
    if not site.is_current():
        site.build_site()
    parts = {
        "runtime (micropython.wasm + .mjs)": sum((site.SITE / "micropython" / n).stat().st_size
                                                 for n in site.RUNTIME_FILES),
        "bundle.bin (firmware .mpy, data, board)": (site.SITE / "bundle.bin").stat().st_size,
        "page (html, css, js, manifest)": sum((site.SITE / n).stat().st_size
                                              for n in site.PAGE_FILES + ("manifest.json",)),
    }
    total = site.site_bytes()
    server = serve.make_server(0)
    serve.attach(server, site.SITE)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:{}/".format(server.server_address[1])
    keys, _ = webplay.driver_keys(seed=SEED, decisions=DECISIONS)
    first, again, key_ms = [], [], []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for i in range(RUNS):
                out = Path(tmp) / str(i)
                out.mkdir()
                spec = out / "input.json"
                spec.write_text(json.dumps({"url": url, "chromium": CHROMIUM, "keys": keys,
                                            "outdir": str(out), "only": "masters", "tap_ms": 80}))
                res = subprocess.run(["node", str(webplay.HERE / "browser_check.mjs"), str(spec)],
                                     capture_output=True, text=True, timeout=300, cwd=ROOT)
                if res.returncode != 0:
                    print(res.stderr[-2000:], file=sys.stderr)
                    return 1
                rep = json.loads(res.stdout.strip().splitlines()[-1])
                if rep["errors"]:
                    print("console errors: {}".format(rep["errors"]), file=sys.stderr)
                    return 1
                first.append(rep["load"]["first_frame_ms"])
                again.append(rep["load"]["reload_first_frame_ms"])
                key_ms += rep["steps"]["masters"]["key_to_frame_ms"]
    finally:
        server.shutdown()
        server.server_close()
    figures = {
        "site_bytes": total,
        "site_parts": parts,
        "first_frame_ms": {"median": round(statistics.median(first), 1),
                           "runs": [round(v, 1) for v in first]},
        "reload_first_frame_ms": {"median": round(statistics.median(again), 1),
                                  "runs": [round(v, 1) for v in again]},
        "key_to_frame_ms": {"median": round(statistics.median(key_ms), 1),
                            "p95": round(sorted(key_ms)[int(0.95 * (len(key_ms) - 1))], 1),
                            "max": round(max(key_ms), 1), "keys": len(key_ms)},
        "chromium": CHROMIUM, "runs": RUNS,
    }
    if as_json:
        print(json.dumps(figures))
        return 0
    print("build/web: {:,} bytes ({:.2f} MB)".format(total, total / 1e6))
    for name, size in parts.items():
        print("  {:<42} {:>9,} bytes".format(name, size))
    print("page load to first frame: median {} ms over {} loads in a new browser ({}); "
          "a reload: median {} ms ({})".format(
              figures["first_frame_ms"]["median"], RUNS, ", ".join("{:.0f}".format(v) for v in first),
              figures["reload_first_frame_ms"]["median"], ", ".join("{:.0f}".format(v) for v in again)))
    k = figures["key_to_frame_ms"]
    print("key to frame: median {} ms, p95 {} ms, max {} ms over {} keys (headless Chromium, "
          "keys held 80 ms)".format(k["median"], k["p95"], k["max"], k["keys"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
