"""firmware/manifest.py names what exists, in the form MicroPython's freezer reads."""

from pathlib import Path

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"


def test_manifest_points_at_real_files(monkeypatch):
    # The freezer runs the manifest from its own folder (MicroPython's tools/manifestfile.py).
    monkeypatch.chdir(FIRMWARE)
    calls = []
    env = {name: (lambda *a, _n=name, **k: calls.append((_n, a, k)))
           for name in ("metadata", "include", "package", "module", "require", "freeze")}
    exec(compile((FIRMWARE / "manifest.py").read_text(), "manifest.py", "exec"), env)
    packages = [a[0] for n, a, _ in calls if n == "package"]
    modules = [a[0] for n, a, _ in calls if n == "module"]
    assert packages == ["geekout"] and (FIRMWARE / "geekout" / "__init__.py").exists()
    assert modules == ["main.py", "boot.py", "geekout_uf2.py"]
    # The UF2's start-up modules (docs/uf2.md) live in firmware/boards/uf2/, the only part
    # of firmware/boards/ frozen: the simulator's and the web page's boards are not.
    bases = [Path(k.get("base_path", ".")) for n, a, k in calls if n == "module"]
    for name, base in zip(modules, bases):
        assert (FIRMWARE / base / name).exists(), name
    assert bases[1:] == [Path("boards/uf2")] * 2
    assert ("include", ("$(PORT_DIR)/boards/manifest.py",), {}) in calls
