"""A glitch is not a key, on the emulated Pico (the real rp2 MicroPython, the deployed
firmware, hal/buttons.py and its PIO debouncer, hal/debouncer.py): spikes of 1 us and
200 us on the buttons' lines (a cable, a static discharge) make no key, at rest or while
a save stalls the chip, and a player's 30 ms tap is one key, also when it falls wholly
inside that save's flash erase (interrupts off: nothing on the CPU reads the pins), and
60 ms taps inside an erase at the flash's datasheet maximum (400 ms) are each a key
(docs/gadget.md, Buttons). The harness steps PIO on the emulated clock (docs/pico.md).

Each key's screen is checked against the unix port's reference game, and the probe
(geekout_tools/pico/gadget.py) counts the keys the gadget took: a glitch taken for a key
shows as one too many, a lost tap as one too few. With the old edge latch (a fall
latched by the pin's IRQ counted as a tap) the spike tests fail at the first glitch;
with the polls and the soft-timer sampler of before, the taps inside an erase are lost.
"""

import picoplay
import pytest
from geekout_tools.pico.emulator import BUTTON_GPIO, KEY_GPIO

pytestmark = pytest.mark.pico

TAP_MS = 30  # a quick tap
SPIKES_US = (1, 200)
ERASE_MS = {"typical": 45, "max": 400}  # a sector erase (flash.mjs, W25Q16JV datasheet)


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
    is tapped for 30 ms from before the erase to inside it (down 14 ms before it: when
    the sampler of before read it down)."""
    ref, i, erase = erase_key["ref"], erase_key["i"], erase_key["erase_ms"]
    keys = ref["keys"]
    gpio = KEY_GPIO[keys[i + 1]]
    others = [p for p in BUTTON_GPIO.values() if p != gpio]
    # Down 14 ms before the erase (the old sampler read it from 15 ms after the loop's
    # last poll, the one that took key i's release, 10 ms at most after it, on).
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


def to_the_erase(pico, g, keys, i):
    """Play the keys up to key i (an OK or BACK whose save erases a sector), press and
    release it, then step 1 ms at a time until the erase begins. Returns (the last time
    before it began, the first after), in ns."""
    picoplay.play_to_an_erase(pico, g, keys, stop=i)
    erases = pico.stats()["flash"]["erases"]
    before = pico.now
    for _ in range(3000):
        st = pico.run(1)
        if pico.stats()["flash"]["erases"] > erases:
            return before, st["t"]
        before = st["t"]
    raise AssertionError("key {}'s save erased nothing".format(i))


def taps_in_the_erase(pico, g, ref, i, timing, taps, tap_ms, start_ms):
    """Keys i + 1 .. i + taps tapped for tap_ms each, tap_ms apart, from start_ms after
    the erase of key i's save began; each tap checked to lie wholly inside the erase
    with nothing polling. Then every tap is a key: the game's screen is the reference's
    after the last, and the game goes on in step."""
    keys = ref["keys"]
    began_after, began_by = to_the_erase(pico, g, keys, i)
    ends_after = began_after + ERASE_MS[timing] * 1e6  # the erase's busy time, from its start
    pico.run(start_ms - (pico.now - began_by) / 1e6)
    for n in range(i + 1, i + 1 + taps):
        gpio = KEY_GPIO[keys[n]]
        down = pico.set_pin(gpio, 0)
        pico.run(tap_ms)
        up = pico.set_pin(gpio, 1)
        assert began_by <= down and up < ends_after, "the tap is not inside the erase"
        assert ("#k {}\r".format(i + 1)).encode() not in pico.serial, "the gadget polled"
        pico.run(tap_ms)
    g.keys = i + 1 + taps  # each tap is a key, once the save is done
    waited = 0
    while g.taken() < g.keys and waited < 5000:
        pico.run(10)
        waited += 10
    g.settle()
    assert g.taken() == i + 1 + taps, "the gadget took {} keys".format(g.taken())
    assert pico.frame() == ref["frames"][i + taps]
    for n in range(i + 1 + taps, i + 8 + taps):  # and the game goes on in step
        g.key(keys[n])
        assert pico.frame() == ref["frames"][n], n
    assert g.errors == 0


def test_a_30_ms_tap_wholly_inside_a_saves_erase_is_one_key(image, erase_key):
    """Key i's save erases a flash sector (45 ms, interrupts off); the next key is
    tapped for 30 ms from 5 ms after the erase began: down and up while nothing on the
    CPU runs. The PIO read it: one key."""
    ref, i = erase_key["ref"], erase_key["i"]
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        g = picoplay.Gadget(pico, seed=5)
        taps_in_the_erase(pico, g, ref, i, "typical", taps=1, tap_ms=TAP_MS, start_ms=5)


def test_60_ms_taps_inside_an_erase_at_the_datasheets_maximum_are_each_a_key(image, erase_key):
    """The flash's busy times at the W25Q16JV datasheet's maximum: the same save's
    sector erase stalls the chip 400 ms with interrupts off. The next keys (short ones)
    are tapped inside it, 60 ms each, 60 ms apart: every one is a key."""
    ref, i = erase_key["ref"], erase_key["i"]
    keys = ref["keys"]
    taps = 0
    while taps < 3 and keys[i + 1 + taps] in picoplay.SHORT_KEYS:
        taps += 1
    assert taps >= 2, keys[i + 1:i + 4]
    with picoplay.Pico(flash=image, panel="ssd1306", flash_timing="max") as pico:
        g = picoplay.Gadget(pico, seed=5)
        taps_in_the_erase(pico, g, ref, i, "max", taps=taps, tap_ms=60, start_ms=10)
