"""A glitch is not a key, on the emulated Pico (the real rp2 MicroPython, the deployed
firmware, hal/buttons.py): spikes of 1 us and 200 us on the buttons' lines (a cable, a
static discharge) make no key, at rest or while a save stalls the chip, and a player's
30 ms tap is one key, also when it falls in that save (docs/gadget.md, Buttons).

Each key's screen is checked against the unix port's reference game, and the probe
(geekout_tools/pico/gadget.py) counts the keys the gadget took: a glitch taken for a key
shows as one too many. With the old edge latch (a fall latched by the pin's IRQ counted
as a tap) both tests fail at the first glitch.
"""

import picoplay
import pytest
from geekout_tools.pico.emulator import BUTTON_GPIO, KEY_GPIO

pytestmark = pytest.mark.pico

TAP_MS = 30  # a quick tap
SPIKES_US = (1, 200)


def test_spikes_at_rest_are_no_key_and_30_ms_taps_one_each(image, refs):
    ref = refs("masters", 5)
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        g = picoplay.Gadget(pico, seed=5)
        for n, k in enumerate(ref["keys"][:12]):
            shown = pico.frame()
            for gpio in BUTTON_GPIO.values():  # on every button, between two keys
                for us in SPIKES_US:
                    pico.glitch(gpio, us)
                    pico.run(9)
            pico.run(40)
            assert g.taken() == n, "a spike made a key before key {}".format(n)
            assert pico.frame() == shown
            g.key(k, hold_ms=TAP_MS)  # raises unless the gadget took exactly one key
            assert pico.frame() == ref["frames"][n], n
        assert g.errors == 0


def test_spikes_during_a_save_are_no_key_and_a_tap_in_it_is_one(image, erase_key):
    """Key i's save erases a flash sector (45 ms, interrupts off) erase_ms after its
    release. Spikes on the other buttons come before and inside the erase; the next key
    is tapped for 30 ms from before the erase (the sampler reads it down) to inside it."""
    ref, i, erase = erase_key["ref"], erase_key["i"], erase_key["erase_ms"]
    keys = ref["keys"]
    gpio = KEY_GPIO[keys[i + 1]]
    others = [p for p in BUTTON_GPIO.values() if p != gpio]
    # Down 14 ms before the erase: the sampler reads it from 15 ms after the loop's last
    # poll (the one that took key i's release, 10 ms at most after it) on.
    down = erase - 14
    plan = [(down - 10, others[0], 1), (down - 6, others[1], 200), (down, gpio, 0),
            (down + TAP_MS, gpio, 1), (erase + 25, others[2], 1), (erase + 30, others[0], 200),
            (erase + 35, gpio, 1)]
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        g = picoplay.Gadget(pico, seed=5)
        assert picoplay.play_to_an_erase(pico, g, keys, stop=i)[0] == i
        t0 = pico.now
        flash = []
        for at, pin, what in sorted(plan):
            pico.run(max(t0 + at * 1e6 - pico.now, 0) / 1e6)
            if (at, pin) == (down, gpio):
                pico.set_pin(gpio, 0)
                flash.append(pico.stats()["flash"]["erases"])
            elif (at, pin) == (down + TAP_MS, gpio):
                pico.set_pin(gpio, 1)
                flash.append(pico.stats()["flash"]["erases"])
                polled = ("#k {}\r".format(i + 1)).encode() in pico.serial
            else:
                pico.glitch(pin, what)
        assert not polled, "the gadget polled during the tap: no save to tap in"
        assert flash[1] > flash[0], "the erase did not begin during the tap"
        g.keys = i + 2  # the tap is the gadget's next key, once the save is done
        waited = 0
        while g.taken() < g.keys and waited < 3000:
            pico.run(10)
            waited += 10
        g.settle()
        assert g.taken() == i + 2  # the tap, once; no spike
        assert pico.frame() == ref["frames"][i + 1]
        for n in range(i + 2, i + 10):  # and the game goes on in step
            g.key(keys[n])
            assert pico.frame() == ref["frames"][n], n
        assert g.errors == 0
