"""The UF2 build's host side without building: the UF2 it writes (the port's blocks,
the ROMFS image appended at its partition, renumbered), its refusals (a firmware that
would run into the ROMFS, data larger than the partition, missing sources or tools: one
line each), and `geekout deploy` on a board that runs the frozen build."""

import pytest
from geekout_tools import uf2
from geekout_tools.deploy import plan


def port_uf2(end):
    """A UF2 like the port's: 256-byte blocks from the start of flash up to `end`."""
    blocks = [(uf2.XIP_BASE + at, bytes([at // 256 % 251]) * 256) for at in range(0, end, 256)]
    return uf2.write_uf2(blocks)


def test_the_romfs_goes_after_the_firmware_and_every_block_is_renumbered():
    data, code = uf2.combine(port_uf2(4096), b"R" * 600)
    assert code == 4096
    blocks = uf2.read_uf2(data)
    assert len(blocks) == 16 + 3
    rom = [(a, p) for a, p in blocks if a >= uf2.ROMFS_BASE]
    assert [a for a, _p in rom] == [uf2.ROMFS_BASE, uf2.ROMFS_BASE + 256, uf2.ROMFS_BASE + 512]
    assert b"".join(p for _a, p in rom)[:600] == b"R" * 600
    for i in range(len(blocks)):
        no, total = int.from_bytes(data[i * 512 + 20:i * 512 + 24], "little"), \
            int.from_bytes(data[i * 512 + 24:i * 512 + 28], "little")
        assert (no, total) == (i, len(blocks))


def test_a_firmware_past_its_region_or_data_past_the_partition_is_refused():
    with pytest.raises(RuntimeError, match="past its 640 KB"):
        uf2.combine(port_uf2(uf2.CODE_BYTES + 256), b"R")
    with pytest.raises(RuntimeError, match="partition"):
        uf2.combine(port_uf2(256), b"R" * (uf2.ROMFS_BYTES + 1))


def test_missing_sources_and_tools_say_what_in_one_line(tmp_path):
    for src in (None, tmp_path / "nope", tmp_path):
        with pytest.raises(uf2.Missing) as e:
            uf2.sources(src and str(src), tmp_path / "out", say=lambda *_a: None)
        assert "\n" not in str(e.value)
    with pytest.raises(uf2.Missing, match="apt-get install"):
        uf2.check_tools(which=lambda tool: None)
    assert uf2.main(["--src", str(tmp_path / "nope")]) == 2


class FrozenBoard:
    def __init__(self):
        self.steps = []

    def probe(self, manifest_path):
        self.steps.append("probe")
        return {"mpy": 6 | (3 << 8), "frozen": 1, "version": "1.28.0", "free": 1 << 20,
                "machine": "Raspberry Pi Pico", "manifest": None}

    def __getattr__(self, name):
        def step(*args):
            self.steps.append(name)
        return step


def test_deploy_to_a_frozen_build_copies_nothing(tmp_path):
    (tmp_path / "geekout").mkdir()
    (tmp_path / "geekout" / "app.mpy").write_bytes(b"M")
    board = FrozenBoard()
    said = []
    done = plan.deploy(board, tmp_path, out=said.append)
    assert board.steps == ["probe"]
    assert done.copy == [] and done.remove == []
    assert any("nothing to copy" in s for s in said)
