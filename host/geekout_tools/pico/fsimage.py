"""The emulated Pico's filesystem as a file on the host: littlefs images laid out as
MicroPython's rp2 port lays out its own (littlefs2 at flash offset 0xa0000, 352 blocks
of 4 KB, program size 256 as the port's _boot.py mounts it, read size and lookahead 32,
cache 1 KB, so files up to 512 bytes are inlined exactly as on the board).

make_image() puts a deployed build on a blank flash for tests and benches that need
the gadget installed without the minutes a deploy over emulated USB takes (the deploy
test does it for real with mpremote); read_files() pulls files out of a saved flash.
"""

from pathlib import Path

import littlefs

from .. import outputs

BLOCK_SIZE = 4096
BLOCK_COUNT = 352
IMAGE_SIZE = BLOCK_SIZE * BLOCK_COUNT


def _fs(context=None, mount=True, block_count=BLOCK_COUNT):
    return littlefs.LittleFS(context=context, mount=mount, block_size=BLOCK_SIZE,
                             block_count=block_count, prog_size=256, read_size=32,
                             lookahead_size=32, cache_size=1024, block_cycles=100)


def make_image(files, path, block_count=BLOCK_COUNT):
    """Write an image holding `files` ({device path: bytes}) to `path` (block_count: the
    filesystem's size in 4 KB blocks, for a board with another split)."""
    fs = _fs(block_count=block_count)
    for name in sorted(files):
        parts = name.strip("/").split("/")
        for i in range(1, len(parts)):
            d = "/".join(parts[:i])
            try:
                fs.mkdir(d)
            except FileExistsError:
                pass
        with fs.open(name.strip("/"), "wb") as f:
            f.write(files[name])
    data = bytes(fs.context.buffer)
    outputs.write_file(path, data, "flash image")
    return path


def build_files(build_dir):
    """{device path: bytes} of a build/firmware tree (geekout_tools.build output)."""
    root = Path(build_dir)
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


def read_files(path, block_count=BLOCK_COUNT, skip=()):
    """{device path: bytes} of every file in a saved image (but those whose path starts
    with one of `skip`: the power-cut tests read a game's files, not the firmware's)."""
    data = Path(path).read_bytes()
    size = block_count * BLOCK_SIZE
    if len(data) != size:
        raise ValueError("{}: a flash image is {} bytes, not {}".format(path, size, len(data)))
    ctx = littlefs.UserContext(size)
    ctx.buffer[:] = data
    fs = _fs(ctx, block_count=block_count)
    out = {}
    for top, _dirs, names in fs.walk("/"):
        for n in names:
            p = (top.rstrip("/") + "/" + n).lstrip("/")
            if p.startswith(tuple(skip)):
                continue
            with fs.open(p, "rb") as f:
                out[p] = f.read()
    return out
