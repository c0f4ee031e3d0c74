"""The I2C bus and USB serial when something is stuck, on the emulated Pico: a slave
holding SDA low is cleared (nine clocks on SCL, a stop condition, I2C set up again) and
the panel comes back; the board's messages about the panel never wait for a USB host
that does not read (docs/gadget.md, When something goes wrong)."""

import picoplay
import pytest
from geekout.hal import pins

pytestmark = pytest.mark.pico


def test_a_slave_holding_sda_low_is_cleared_and_the_panel_comes_back(image, refs):
    """Mid-game a slave holds SDA low until clocked nine times (cut off at the start of
    a byte): every transaction fails. The panel is lost as with a loose wire, then the
    first look for it clears the bus and the game shows again. Without the bus clear the
    panel never comes back."""
    ref = refs("masters", 5)
    keys = ref["keys"]
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        g = picoplay.Gadget(pico, seed=5)
        for i in range(20):
            g.key(keys[i])
        pico.stick_sda(9)
        i = 20
        while b"no display" not in pico.serial and i < 40:
            g.key(keys[i])
            i += 1
        assert b"no display" in pico.serial
        pico.run(2500)  # looked for 2 s after the loss
        bus = pico.i2c_bus()
        assert bus == {"stuck": 0, "clocks": 9, "stops": 1}, bus
        assert b"I2C bus cleared: 9 clocks" in pico.serial
        assert b"display back: ssd1306 0x3c" in pico.serial
        assert pico.frame() == ref["frames"][i - 1]
        for n in range(i, i + 10):  # the game goes on, on the panel
            g.key(keys[n])
            assert pico.frame() == ref["frames"][n], n
        assert g.errors == 0 and b"Restarted after an error" not in pico.serial


# Runs on the board (the raw REPL, a fresh heap): the USB FIFO filled while the host
# does not read, then the panel lost: how long that held the loop up, and a print.
LOST = """
import sys, time
from geekout.hal.board import Board
b = Board(lenient=True)
for _ in range(12):  # event lines the host does not read: the 256-byte FIFO fills
    b.events.write("x" * 40)
t = time.ticks_us()
b.display_lost(OSError(5))
lost_us = time.ticks_diff(time.ticks_us(), t)
t = time.ticks_us()
print("a print nobody reads")
print_us = time.ticks_diff(time.ticks_us(), t)
"""


def test_the_panel_lost_while_no_host_reads_holds_nothing_up(image):
    """display_lost runs in the middle of a key (the redraw that failed): its message on
    USB serial must not wait for a host that holds the port without reading (a print
    held it up 1.2 s there; 1.1 ms now, on the emulated Pico)."""
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        pico.run(400)
        pico.raw_repl()
        pico.soft_reset()
        pico.exec_raw(LOST, wait=False)  # back once the board said OK: the code runs now
        pico.host_reading(False)
        pico.run(1500)
        pico.host_reading(True)
        pico.run(200)
        out, err = pico.exec_raw("print('took', lost_us, print_us)")
        assert not err, err
        lost_us, print_us = (int(x) for x in out.split("took")[1].split()[:2])
        assert lost_us < 20000, lost_us
        # what a print costs there instead: its text and its newline each wait 500 ms
        # (MICROPY_HW_USB_CDC_TX_TIMEOUT, ports/rp2/mphalport.h)
        assert print_us > 400000, print_us


def test_the_i2c_clock_is_as_fast_as_the_panels_allow_and_no_faster(image):
    """The counts the I2C block is given for hal/pins.py's I2C_FREQ make an SCL cycle of
    2.5 us or more with no rise time at all (the SSD1306's and SH1106's fastest), and
    within 1% of it: the bus at its 300 ns rise then runs at 357 kHz, not the 338 kHz of
    MicroPython's 400 kHz setting."""
    with picoplay.Pico(flash=image, panel="ssd1306") as pico:
        pico.run(1500)
        assert pico.panel.lit
        stats = pico.stats()
        assert stats["clk_sys"] == 125e6
        cycle = stats["i2c_cycle_ns"]
        assert 1e9 / pins.I2C_MAX_HZ <= cycle <= 1.01e9 / pins.I2C_MAX_HZ, cycle
        assert 350e3 < stats["i2c_hz"] < pins.I2C_MAX_HZ, stats["i2c_hz"]
