"""The gadget's own UF2 (`make uf2`, geekout_tools.uf2) on the emulated Pico: it boots
the gadget from blank flash with no file copied, its Masters hints and Capture catalog
come from the UF2's ROMFS partition, a whole game of each title plays key for key as the
unix port plays it, a game in progress survives flashing the UF2 over another firmware, and
`geekout deploy` sees the frozen build and copies nothing.

Skipped, saying why, when the toolchain (arm-none-eabi-gcc, cmake, make) or the
MicroPython sources are missing: MICROPYTHON_SRC, else the rp2 source tarball beside the
stock UF2 that GEEKOUT_PICO_UF2 names (../shared/pico/ in CI). The first run builds the
UF2 (about 3 minutes on two cores); later runs reuse build/uf2/.
"""

import os
import subprocess
import sys
from pathlib import Path

import picoplay
import pytest
import tiers
from geekout_tools import uf2

# One pytest-xdist worker builds the UF2 once for all of them (the `built` fixture); the
# flash-over test's `geekout deploy` rebuilds build/firmware, as the mpremote deploy test
# does (tests/pico/test_pico_board.py): the same worker runs both (tests/tiers.py).
pytestmark = pytest.mark.uf2

ROOT = Path(__file__).resolve().parents[2]
GEEKOUT = Path(sys.executable).parent / "geekout"
FS_BLOCKS = uf2.STORAGE_BYTES // 4096
FS_OFFSET = uf2.STORAGE_BASE - uf2.XIP_BASE
HINT_BYTES = (ROOT / "firmware" / "geekout" / "masters" / "hint.bin").stat().st_size


@pytest.fixture(scope="module")
def built():
    """The UF2 (built, or reused from build/uf2/ when its inputs are unchanged)."""
    # The tier (tests/tiers.py) has checked the toolchain and the sources.
    return uf2.build(tiers.micropython_source(), say=lambda *_a: None)


def gadget_pico(built, **kw):
    return picoplay.Pico(uf2=str(built), fs_offset=FS_OFFSET, fs_size=uf2.STORAGE_BYTES, **kw)


def fs_files(pico, tmp_path, name="fs.img"):
    path = tmp_path / name
    pico.save_flash(path)
    return picoplay.fsimage.read_files(path, block_count=FS_BLOCKS)


def test_the_uf2_is_one_file_with_code_and_data_in_their_regions(built):
    blocks = uf2.read_uf2(built.read_bytes())
    code = [a for a, _p in blocks if a < uf2.ROMFS_BASE]
    rom = [a for a, _p in blocks if uf2.ROMFS_BASE <= a < uf2.STORAGE_BASE]
    assert code and rom
    # Nothing in the UF2 lands on littlefs: flashing it leaves the saved games alone.
    assert max(a + len(p) for a, p in blocks) <= uf2.STORAGE_BASE
    assert len(rom) * 256 > HINT_BYTES


def test_the_uf2_boots_the_gadget_with_no_files_copied(built, tmp_path):
    with gadget_pico(built, panel="ssd1306") as pico:
        g = picoplay.Gadget(pico)
        assert g.screen and g.errors == 0
        assert g.free_at_boot > 200_000
        pico.raw_repl()
        out, err = pico.exec_raw(
            "import os, sys\n"
            "print(os.stat('geekout/masters/hint.bin')[6],"
            " os.stat('geekout/data/geekmon_catalog.csv')[6])\n"
            "import geekout.app\n"
            "print(sys.path[0], geekout.app.__file__)\n")
        assert err == ""
        sizes, where = out.strip().splitlines()
        catalog = (ROOT / "firmware" / "geekout" / "data" / "geekmon_catalog.csv").stat().st_size
        assert sizes.split() == [str(HINT_BYTES), str(catalog)]
        # Frozen modules first (a stale geekout/ on littlefs cannot shadow them); a frozen
        # module's __file__ is its name in the manifest.
        assert where.split() == [".frozen", "geekout/app.py"]
        # littlefs holds nothing of the firmware: only what the gadget itself writes.
        files = fs_files(pico, tmp_path)
        assert not [p for p in files if p.startswith("geekout/") or p.endswith(".mpy")]


@pytest.mark.parametrize("game,seed", picoplay.GAME_CASES, ids=[c[0] for c in picoplay.GAME_CASES])
def test_a_whole_game_plays_as_on_the_unix_port(built, refs, tmp_path, game, seed):
    """The full-game test of tests/pico/test_pico_games.py on the UF2: every key's panel
    and the journal as on the unix port (the Masters game asks for a hint, read from the
    hint table in the ROMFS; Capture reads the catalog there)."""
    ref = refs(game, seed)
    with gadget_pico(built, panel="ssd1306") as pico:
        g, bad = picoplay.play(pico, ref, seed)
        files = picoplay.user_files(fs_files(pico, tmp_path))
    assert bad == [], "panel differs from the unix port after keys {}".format(bad[:10])
    assert g.errors == 0
    assert picoplay.journal_of(files) == ref["journal"]
    assert g.screen == ref["report"]["screen"]


def test_a_game_in_progress_survives_flashing_the_uf2_over_another_firmware(built, refs,
                                                                            tmp_path):
    """A game half played on the UF2; then the firmware and data regions are overwritten
    (with the stock MicroPython's image: another firmware, as an older UF2 would be) and
    the UF2 flashed over the chip block by block: littlefs is untouched, the gadget
    offers to resume and resumes the same game."""
    game, seed = picoplay.GAME_CASES[0]
    ref = refs(game, seed)
    chip = tmp_path / "chip.bin"
    with gadget_pico(built, panel="ssd1306") as pico:
        g = picoplay.Gadget(pico, seed=seed)
        for k in ref["keys"][:80]:
            g.key(k)
        g.settle()
        played = g.journal_bytes
        assert played > 0 and g.errors == 0
        pico.save_chip(chip)
        before = picoplay.user_files(fs_files(pico, tmp_path, "before.img"))
    data = bytearray(chip.read_bytes())
    for addr, payload in uf2.read_uf2(Path(os.environ["GEEKOUT_PICO_UF2"]).read_bytes()):
        at = addr - uf2.XIP_BASE
        if at + len(payload) <= FS_OFFSET:
            data[at:at + len(payload)] = payload
    data[uf2.ROMFS_BASE - uf2.XIP_BASE:FS_OFFSET] = b"\x00" * uf2.ROMFS_BYTES
    chip.write_bytes(bytes(data))
    with gadget_pico(built, panel="ssd1306", chip=chip) as pico:
        after = picoplay.user_files(fs_files(pico, tmp_path, "after.img"))
        # The new boot adds a byte to the boot count (app.BOOTS) until a key confirms it.
        assert after.pop("boots", b"b") == b"b" and after == before
        g = picoplay.Gadget(pico, seed=seed)
        assert g.screen == "resume?"
        g.key(2)  # OK: resume
        g.settle()
        assert g.errors == 0
        assert g.journal_bytes == played
        want, _ = picoplay.cpython_resume(tmp_path / "resume", before, seed)
        assert pico.frame() == want


def test_deploy_sees_the_frozen_build_and_copies_nothing(built, tmp_path):
    with gadget_pico(built, panel="ssd1306", serial_port=0) as pico:
        pico.run(300)
        port = "socket://127.0.0.1:{}".format(pico.serial_port)
        pico.free()
        done = subprocess.run([str(GEEKOUT), "deploy", "--port", port], capture_output=True,
                              text=True, timeout=600, cwd=ROOT)
        pico.pause()
        assert done.returncode == 0, done.stderr
        assert "nothing to copy" in done.stdout
        files = fs_files(pico, tmp_path)
        assert not [p for p in files if p.startswith("geekout/") or p == "main.py"]
