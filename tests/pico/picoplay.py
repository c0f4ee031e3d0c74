"""Shared by the emulated-Pico tests and bench/bench_pico.py: the UF2 and boot ROM to run,
the firmware as deployed on a littlefs image, the unix-port reference of a game (its keys,
the screen after each key, its journal), and a game played on the emulated Pico key for
key against that reference.

The emulated Pico needs node, rp2040js (`make setup`), the MicroPython rp2 UF2 and the
RP2040 boot ROM (GEEKOUT_PICO_UF2, GEEKOUT_PICO_BOOTROM; `make test` points them at
../shared/pico/ when that folder is there). Without them the tests skip with one line
saying what is missing.
"""

import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for _p in (ROOT / "tests", ROOT / "tests" / "firmware", ROOT / "tests" / "fakes", ROOT / "host"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

import heapreplay  # noqa: E402
from geekout_tools import build  # noqa: E402
from geekout_tools.pico import fsimage  # noqa: E402
from geekout_tools.pico.emulator import Pico, PicoUnavailable, find_files, node_ready  # noqa: E402
from geekout_tools.pico.gadget import Gadget  # noqa: E402

# One game of each title (heapreplay.GAMES entries): 4-player Masters with a hint, a
# 2-player Capture, a 4-player battle with an undo every 9th decision.
GAME_CASES = (("masters", 5), ("capture", 1), ("battle", 5))


def missing():
    """Why the emulated Pico cannot run here (one line), or "" when it can."""
    try:
        find_files()
        node_ready()
    except PicoUnavailable as e:
        return str(e)
    return ""


def deployed_image(folder, extra=None):
    """A littlefs image of the deployed build (plus `extra` {path: bytes}) in folder."""
    out = Path(folder) / "build"
    written, errors = build.build(out)
    assert not errors, errors
    files = fsimage.build_files(out)
    files.update(extra or {})
    return fsimage.make_image(files, Path(folder) / "flash.img")


def reference(folder, game, seed):
    """The unix-port game of heapreplay's entry (game, seed): {"keys": bytes, "frames":
    [1024-byte screen after each key], "journals": [the journal's actions after each
    key], "journal": the game.goj bytes at the end}."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    if not (folder / "geekout").exists():
        heapreplay.build(str(folder))
    entry = next(e for e in heapreplay.GAMES if (e[0], e[2]) == (game, seed))
    # The driver's own flash must be blank: a saved game there would make it resume.
    shutil.rmtree(folder / "rec{}{}".format(game, seed), ignore_errors=True)
    keys, _want = heapreplay.record(str(folder), entry)
    frames = keys + ".frames"
    root = str(folder / "ref{}{}".format(game, seed))
    got, err = heapreplay.replay(str(folder), keys, seed, 1024, frames=frames, root=root)
    assert got is not None, err
    data = Path(frames).read_bytes()
    shots, journals, at = [], [], 0
    while at < len(data):
        shots.append(data[at:at + 1024])
        n = (data[at + 1024] << 8) | data[at + 1025]
        journals.append(data[at + 1026:at + 1026 + n])
        at += 1026 + n
    return {"keys": Path(keys).read_bytes(), "frames": shots, "journals": journals,
            "journal": journal_of({p.name: p.read_bytes() for p in Path(root).glob("game.goj*")}),
            "report": got}


def play(pico, ref, seed, on_key=None, collect=True, xip=False):
    """Play the reference's keys on the gadget (simulator dice of `seed`); returns (the
    Gadget, the indexes of keys after which the panel differed from the unix port).
    on_key(i, gadget) runs after each key; collect: the probe's collection after each
    key (the peak heap); xip: count each key's XIP cache misses (Gadget.count_xip)."""
    g = Gadget(pico, seed=seed, collect=collect)
    if xip:
        g.count_xip()
    bad = []
    for i, k in enumerate(ref["keys"]):
        g.key(k)
        if pico.cuts:
            break
        if pico.frame() != ref["frames"][i]:
            bad.append(i)
        if on_key is not None:
            on_key(i, g)
    g.settle()
    return g, bad


def play_logged(pico, ref, seed):
    """play() with the flash's operations logged from the start: returns (the Gadget, the
    keys whose panel differed, the index of the first logged operation, keys_ops: per key
    (operations before it, operations after it, the journal's bytes after it))."""
    first = pico.log_flash()
    keys_ops = []
    state = {"ops": first}

    def on_key(i, g):
        ops = pico.stats()["flash"]["ops"]
        keys_ops.append((state["ops"], ops, g.journal_bytes))
        state["ops"] = ops

    g, bad = play(pico, ref, seed, on_key)
    return g, bad, first, keys_ops


ON_RELEASE = (2, 3)  # OK, BACK: their key (and its work) comes at the release
SHORT_KEYS = (0, 1, 2, 3)  # UP DOWN OK BACK: the keys a tap makes


def press_to_release(pico, g, k):
    """Press key k (OK or BACK) for SHORT_HOLD_MS and release it, as Gadget.key does;
    returns the release's emulated time (ns). The gadget's work for it starts now."""
    from geekout_tools.pico.emulator import KEY_GPIO, SHORT_HOLD_MS

    g.keys += 1
    pico.set_pin(KEY_GPIO[k], 0)
    pico.run(SHORT_HOLD_MS)
    return pico.set_pin(KEY_GPIO[k], 1)


def play_to_an_erase(pico, g, keys, stop=None):
    """Play `keys` from the start on the gadget `g`, each with Gadget.key, except each OK or
    BACK from the 11th key on that a short key of another button follows: that one is
    released and then
    stepped 1 ms at a time until taken, watching the flash. Returns (i, ms from key i's
    release to the first flash erase of its work) at the first such key whose save
    erased a sector. stop=i: key i is only pressed and released: (i, release time ns).
    The same keys give the same emulated times on every run."""
    from geekout_tools.pico.emulator import KEY_GPIO

    for i, k in enumerate(keys[:-1]):
        nxt = keys[i + 1]
        if not (i >= 10 and k in ON_RELEASE and nxt in SHORT_KEYS
                and KEY_GPIO[nxt] != KEY_GPIO[k]):
            g.key(k)
            continue
        t0 = press_to_release(pico, g, k)
        if i == stop:
            return i, t0
        erases = pico.stats()["flash"]["erases"]
        at = None
        waited = 0
        while g.taken() < g.keys and waited < 5000:
            st = pico.run(1)
            waited += 1
            if at is None and pico.stats()["flash"]["erases"] > erases:
                at = (st["t"] - t0) / 1e6
        g.settle(5)
        if at is not None:
            return i, at
    return None, None


def saved_files(pico, folder, name="after.img", block_count=fsimage.BLOCK_COUNT):
    """{path: bytes} of the gadget's own files (not the firmware) on its flash now
    (block_count: the filesystem's size in 4 KB blocks, for the UF2 build's split)."""
    img = Path(folder) / name
    pico.save_flash(img)
    return user_files(fsimage.read_files(img, block_count=block_count))


def journal_of(files, name="game.goj"):
    """The running game's journal in {path: bytes}: game.goj and its later parts
    (game.goj.1, ...) joined, as the gadget reads them; b"" without it."""
    from geekout import journal as jn

    out = b""
    i = 0
    while jn.part_name(name, i) in files:
        out += files[jn.part_name(name, i)]
        i += 1
    return out


def cut_problem(files, journals, keys_ops, op):
    """What is wrong with the saved files a power cut at flash operation `op` left
    (None: nothing): the gadget's own reading of them (journal.Journal.load, as at boot)
    must be a sound save of the journal before the key in progress or after it, never
    shorter and never damaged; a cut while the finished game is filed away leaves it
    saved or logged whole. journals: the journal after each key; keys_ops: (first op,
    op after, journal bytes) of each key."""
    from flash import FakeFlash
    from geekout import journal as jn

    i = next((i for i, (lo, hi, _j) in enumerate(keys_ops) if lo <= op < hi),
             len(journals) - 1)
    before = journals[i - 1] if i else b""
    shorter, longer = sorted((before, journals[i]), key=len)
    where = "cut at flash operation {}, key {}: ".format(op, i)
    flash = FakeFlash(files)
    j = jn.Journal(flash)
    status = j.load()
    if flash.listdir("bad"):
        return where + "set aside as damaged: " + str(j.problem)
    if status == jn.NONE and not shorter:  # no step saved yet: nothing to lose
        return None
    if status == jn.NONE:  # filed away whole: the newest log holds the game
        logs = flash.listdir("logs")
        log = jn.parse(files["logs/" + max(logs)]) if logs else None
        if log is None or log[4] is not None or bytes(log[2]) != journals[-1]:
            return where + "no save and no whole log"
        return None
    if status != jn.OK:
        return where + "load() answered {}".format(status)
    if not longer.startswith(bytes(j.actions)) or len(j.actions) < len(shorter):
        return where + "resumed {} action bytes, not {} or {}".format(
            len(j.actions), len(shorter), len(longer))
    return None


def user_files(files):
    return {p: d for p, d in files.items() if not p.startswith("geekout/") and p != "main.py"}


def cpython_resume(folder, files, seed):
    """The screen the firmware shows (CPython, simulated board) booted on these saved
    files and told OK (resume), as the unix-port reference of a resume on the Pico."""
    from geekout_tools.sim import host

    flash = Path(folder)
    shutil.rmtree(flash, ignore_errors=True)
    flash.mkdir(parents=True)
    for p, d in files.items():
        (flash / p).parent.mkdir(parents=True, exist_ok=True)
        (flash / p).write_bytes(d)
    report, frame, _leds = host.run_cpython(0, seed, str(flash), [2], heap=False)
    return bytes(frame), report


__all__ = ["GAME_CASES", "Pico", "Gadget", "missing", "deployed_image", "reference", "play",
           "ON_RELEASE", "SHORT_KEYS", "press_to_release", "play_to_an_erase",
           "saved_files", "user_files", "journal_of", "cpython_resume", "json"]
