"""A tap made while the gadget is busy is still seen, on the emulated Pico (the real rp2
MicroPython, the deployed firmware, its buttons' PIO debouncer: hal/buttons.py,
hal/debouncer.py).

The main loop polls the buttons every 10 ms, but not while a key's work runs: the
screen update, then the journal's save (a flash erase runs with interrupts off), or a
game's start (its modules load). A player's quick tap can go down and up inside that
stall, between two polls. Here the next key of a Masters game (the unix port's
reference) is tapped for 60 ms inside such a stall, and must reach the screen: the
frame after it is the reference's, and the gadget took it exactly once.

Each test also checks that its tap really fell between two polls: the probe
(geekout_tools/pico/gadget.py) prints its "#k" line at the first poll after a key, and
that line must not be out until after the tap's release: with polling alone nothing reads the
tap and it is lost.
"""

import picoplay
import pytest
from geekout_tools.pico.emulator import KEY_GPIO, SHORT_HOLD_MS

pytestmark = pytest.mark.pico

MASTERS = ("masters", 5)
TAP_MS = 60  # a player's quick tap
AFTER_MS = 30  # from the key's release to the tap: its poll (<= 10 ms) and 20 ms debounce
SHORT_KEYS = (0, 1, 2, 3)  # UP DOWN OK BACK: the keys a tap makes
ON_RELEASE = (2, 3)  # OK, BACK: their key (and its work) comes at the release


@pytest.fixture(scope="module")
def game(refs, image):
    """The reference game and, from one play of it on the emulated Pico: how long each
    key took to reach the screen, and the first key after the start whose save erased a
    flash sector (a long stall: 45 ms of erase with interrupts off, after the screen)."""
    ref = refs(*MASTERS)
    keys = ref["keys"]
    ms, erase_key = [], None
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        g = picoplay.Gadget(pico, seed=MASTERS[1])
        for i, k in enumerate(keys[:-1]):
            erases = pico.stats()["flash"]["erases"]
            ms.append(g.key(k) or 0.0)
            if (i >= 10 and pico.stats()["flash"]["erases"] > erases and k in ON_RELEASE
                    and keys[i + 1] in SHORT_KEYS):
                erase_key = i
                break
        assert g.errors == 0
    assert erase_key is not None, "no save with a flash erase in the game"
    return {"ref": ref, "ms": ms, "erase_key": erase_key}


def tap_in_stall(pico, g, ref, i, chatter=0):
    """Play the reference up to key i, press key i (OK or BACK: its work starts at the
    release), then AFTER_MS after the release tap key i + 1 for TAP_MS (its contacts
    chattering `chatter` times, 1 ms each, at the press and at the release).
    Returns what the flash did during the tap and whether the gadget polled meanwhile."""
    keys = ref["keys"]
    for k in keys[:i]:
        g.key(k)
    k, nxt = keys[i], keys[i + 1]
    assert k in ON_RELEASE and nxt in SHORT_KEYS
    pico.set_pin(KEY_GPIO[k], 0)
    pico.run(SHORT_HOLD_MS)
    pico.set_pin(KEY_GPIO[k], 1)
    pico.run(AFTER_MS)
    gpio = KEY_GPIO[nxt]
    before = pico.stats()["flash"]
    for _ in range(chatter):
        pico.set_pin(gpio, 0)
        pico.run(1)
        pico.set_pin(gpio, 1)
        pico.run(1)
    pico.set_pin(gpio, 0)
    pico.run(TAP_MS - 4 * chatter)
    for _ in range(chatter):
        pico.set_pin(gpio, 1)
        pico.run(1)
        pico.set_pin(gpio, 0)
        pico.run(1)
    pico.set_pin(gpio, 1)
    during = pico.stats()["flash"]
    pico.run(3)  # the probe's line, had the gadget polled by the release, is out by now
    polled = ("#k {}\r".format(i + 1)).encode() in pico.serial
    # The tap is the gadget's next key: it reaches the screen once the stall is over.
    g.keys = i + 2
    waited = 0
    while g.taken() < g.keys and waited < 3000:
        pico.run(10)
        waited += 10
    g.settle()
    return {"polled": polled, "ops": during["ops"] - before["ops"],
            "erases": during["erases"] - before["erases"]}


def test_a_tap_during_a_games_start_is_seen(image, game):
    """The longest stall: the OK that starts the game (its modules load and its first
    screen is drawn before the loop polls again; ~230 ms on the emulated Pico)."""
    ref = game["ref"]
    first = game["ms"][:10]
    i = first.index(max(first))
    assert first[i] > AFTER_MS + TAP_MS + 30, first  # the stall is longer than the tap
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        g = picoplay.Gadget(pico, seed=MASTERS[1])
        got = tap_in_stall(pico, g, ref, i)
        assert not got["polled"], "the gadget polled during the tap: no stall to test"
        assert g.taken() == i + 2  # the tap, once
        assert pico.frame() == ref["frames"][i + 1]
        for n in range(i + 2, i + 12):  # and the game goes on in step
            g.key(ref["keys"][n])
            assert pico.frame() == ref["frames"][n], n
        assert g.errors == 0


def test_a_bouncing_tap_during_a_saves_flash_erase_is_seen_once(image, game):
    """A key whose save (after its screen) erases a flash sector: the tap, its contacts
    chattering, goes down during the screen update and the save and comes up while the
    erase runs with interrupts off."""
    ref = game["ref"]
    i = game["erase_key"]
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        g = picoplay.Gadget(pico, seed=MASTERS[1])
        got = tap_in_stall(pico, g, ref, i, chatter=3)
        assert not got["polled"], "the gadget polled during the tap: no stall to test"
        assert got["erases"] >= 1, got  # the save's erase began while the button was down
        assert g.taken() == i + 2  # one key, whatever the chatter
        assert pico.frame() == ref["frames"][i + 1]
        for n in range(i + 2, i + 12):
            g.key(ref["keys"][n])
            assert pico.frame() == ref["frames"][n], n
        assert g.errors == 0
