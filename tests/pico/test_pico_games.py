"""One whole game of each title on the emulated Pico (the real rp2 MicroPython, the
deployed .mpy firmware on littlefs, the real hal/board.py), key for key against the unix
port: after every key the panel (the SSD1306 model fed by the firmware's I2C writes)
shows the unix port's frame buffer, and the journal on the Pico's flash at the end is
the unix port's, byte for byte. Then power cuts at flash operations all through the
game (mid-erase and mid-program included, rebuilt from the game's log of flash
operations): each resumes to the journal's last complete action, on the same screen
the unix port shows for that journal."""

import random

import picoplay
import pytest
from geekout_tools.logs import reader

pytestmark = pytest.mark.pico

# Cuts per game: a sample of every kind of operation, torn and not (CUTS of each).
CUTS = 4
# A game's two tests share its play (the `played` fixture): one pytest-xdist worker takes
# both (tests/tiers.py, xdist_scope), so the game is played once.
GAMES = [pytest.param(game, seed, id=game) for game, seed in picoplay.GAME_CASES]


@pytest.fixture(scope="module")
def played(image, refs, tmp_path_factory):
    """Each game played once on the emulated Pico, with its flash operations logged."""
    out = {}

    def get(game, seed):
        if (game, seed) in out:
            return out[(game, seed)]
        ref = refs(game, seed)
        with picoplay.Pico(flash=image, panel="ssd1306") as pico:
            g, bad, first, keys_ops = picoplay.play_logged(pico, ref, seed)
            # The last key's cue ends (Capture's win cue comes with the scores, the
            # game's last key: 490 ms of notes, geekout/hal/buzzer.py).
            pico.run(600)
            tones = list(pico.tones)
            leds = list(pico.led_frames)
            files = picoplay.saved_files(pico, tmp_path_factory.mktemp("after"))
            log = pico.flash_ops()
            cuts_dir = tmp_path_factory.mktemp("cuts")
            images = {}
            rng = random.Random(seed)
            # The operations that ran while the game was played (not the boot's), by kind.
            game_ops = [(first + i, op) for i, op in enumerate(log[1])
                        if first + i >= keys_ops[0][0]]
            erases = [n for n, op in game_ops if op[0] == "E"]
            programs = [n for n, op in game_ops if op[0] == "P"]
            chosen = [(n, "torn") for n in rng.sample(erases, min(CUTS, len(erases)))]
            chosen += [(n, "torn") for n in rng.sample(programs, CUTS)]
            chosen += [(n, "skip") for n in rng.sample(erases + programs, CUTS)]
            for n, mode in sorted(chosen):
                path = cuts_dir / "cut{}{}.img".format(n, mode)
                pico.flash_at(n, path, mode)
                images[(n, mode)] = path
            # Every operation of the game, torn: the saved files each cut leaves (the
            # images themselves are 1.4 MB each, so only their files are kept).
            every = {}
            scratch = cuts_dir / "scratch.img"
            for n, _op in game_ops:
                pico.flash_at(n, scratch, "torn")
                every[n] = picoplay.user_files(
                    picoplay.fsimage.read_files(scratch, skip=("geekout/",)))
        out[(game, seed)] = {"ref": ref, "gadget": g, "bad": bad, "files": files,
                             "keys_ops": keys_ops, "cuts": images, "tones": tones,
                             "leds": leds, "every": every}
        return out[(game, seed)]

    return get


@pytest.mark.parametrize("game,seed", GAMES)
def test_whole_game_key_for_key(played, game, seed):
    run = played(game, seed)
    ref, g = run["ref"], run["gadget"]
    assert len(ref["keys"]) > 300
    assert run["bad"] == [], "panel differs from the unix port after keys {}".format(run["bad"][:10])
    assert g.errors == 0
    assert picoplay.journal_of(run["files"]) == ref["journal"]
    assert g.screen == ref["report"]["screen"]
    assert 0 < g.peak_heap < g.free_at_boot
    # The piezo played cues (tones, each ended by silence) and the seat LEDs showed turns.
    hz = [h for _t, h in run["tones"]]
    first = next(i for i, h in enumerate(hz) if h > 0)
    assert 0 in hz[first:]
    assert len({tuple(map(tuple, rgb)) for _t, rgb in run["leds"]}) > 2


@pytest.mark.parametrize("game,seed", GAMES)
def test_a_cut_at_every_flash_operation_keeps_the_last_saved_step(played, game, seed):
    """The power cut mid-way through each erase and program of the game, in turn: the
    gadget's own reading of what is left (journal.Journal.load, as at boot) is a sound
    save of the step before the key in progress or the key's own, never earlier and never
    damaged; a cut while the finished game is filed away leaves it saved or logged."""
    run = played(game, seed)
    assert len(run["every"]) > 100
    problems = [picoplay.cut_problem(files, run["ref"]["journals"], run["keys_ops"], op)
                for op, files in sorted(run["every"].items())]
    assert [p for p in problems if p] == [], game


@pytest.mark.parametrize("game,seed", GAMES)
def test_power_cuts_resume_to_the_last_complete_action(played, game, seed, image,
                                                       tmp_path_factory):
    run = played(game, seed)
    journals = run["ref"]["journals"]
    assert len(run["cuts"]) >= 2 * CUTS
    for (op, mode), path in sorted(run["cuts"].items()):
        # The key in progress when the power went: the journal is what it was before that
        # key or what the key made of it (an undo shortens it), or in between, never less.
        i = next(i for i, (lo, hi, _j) in enumerate(run["keys_ops"]) if lo <= op < hi)
        before = journals[i - 1] if i else b""
        after = journals[i]
        shorter, longer = sorted((before, after), key=len)
        files = picoplay.user_files(picoplay.fsimage.read_files(path))
        where = "{} cut at flash operation {} ({}), key {}".format(game, op, mode, i)
        assert "game.goj" in files, where
        log = reader.parse(picoplay.journal_of(files))
        assert log.damage is None, where  # littlefs keeps or drops a whole append
        assert longer.startswith(log.actions), where
        assert len(log.actions) >= len(shorter), where
        # Power up on that flash: resume, and the same screen as the unix port's resume.
        want, _ = picoplay.cpython_resume(tmp_path_factory.mktemp("resume"), files, seed)
        with picoplay.Pico(flash=path, panel="ssd1306") as pico:
            g = picoplay.Gadget(pico, seed=seed)
            assert g.screen == "resume?", where
            g.key(2)  # OK: resume
            g.settle()
            assert g.errors == 0, where
            assert g.journal_bytes == len(log.actions), where
            assert pico.frame() == want, where


def test_a_power_cut_while_playing_resumes(image, refs, tmp_path):
    """The power goes in the middle of a flash operation while the gadget runs (torn),
    the chip stops there; powered up again it resumes the journal's last complete action."""
    game, seed = picoplay.GAME_CASES[0]
    ref = refs(game, seed)
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        g = picoplay.Gadget(pico, seed=seed)
        for k in ref["keys"][:60]:
            g.key(k)
        pico.cut_at(pico.stats()["flash"]["ops"] + 3, "torn")
        i = 60
        while not pico.cuts and i < 300:
            g.key(ref["keys"][i])
            i += 1
        assert pico.cuts and pico.cuts[0]["mode"] == "torn"
        assert pico.stats()["halted"]
        files = picoplay.saved_files(pico, tmp_path)
        log = reader.parse(picoplay.journal_of(files))
        assert log.damage is None  # the torn append never landed: littlefs is atomic
        shorter, longer = sorted((ref["journals"][i - 2], ref["journals"][i - 1]), key=len)
        assert longer.startswith(log.actions) and len(log.actions) >= len(shorter)
        pico.power_cycle()
        g = picoplay.Gadget(pico, seed=seed)
        assert g.screen == "resume?"
        g.key(2)
        g.settle()
        assert g.errors == 0
        assert g.journal_bytes == len(log.actions)
        want, _ = picoplay.cpython_resume(tmp_path / "resume", files, seed)
        assert pico.frame() == want
