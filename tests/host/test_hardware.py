"""hardware/ agrees with the pin map (firmware/geekout/hal/pins.py), its one source."""

import csv
import re
import shutil
import subprocess

import pytest
from geekout.hal import pins
from geekout_tools.hardware import wiring
from geekout_tools.hardware.pico import PINS, physical_pin


def test_generated_files_are_current():
    for path, text in wiring.outputs().items():
        assert path.read_text() == text, "{} is stale: run python -m geekout_tools.hardware.wiring".format(path.name)


def test_every_wire_lands_on_a_matching_header_pin():
    for part, signal, pin, _note in wiring.connections():
        name = PINS[pin]
        if signal in ("GND", "common", "-"):
            assert name == "GND", (part, signal)
        elif signal == "VCC":
            assert name == "3V3"
        elif signal == "5V":
            assert name == "VBUS"
        else:
            assert name.startswith("GP"), (part, signal, name)
    gpios = [pins.I2C_SDA, pins.I2C_SCL, pins.BUTTON_UP, pins.BUTTON_DOWN, pins.BUTTON_OK,
             pins.BUTTON_BACK, pins.NEOPIXEL_PIN, pins.PIEZO_PIN, pins.SPI_SCK, pins.SPI_MOSI,
             pins.SPI_CS, pins.SPI_DC, pins.SPI_RES]
    assert len(set(gpios)) == len(gpios), "two parts on one GPIO"


def test_rp2040_i2c_pins_belong_to_the_bus():
    # RP2040: I2C0 SDA on GP0/4/8/12/16/20, SCL on GP1/5/9/13/17/21; I2C1 shifted by 2.
    assert pins.I2C_SDA % 4 == 2 * pins.I2C_ID
    assert pins.I2C_SCL % 4 == 2 * pins.I2C_ID + 1


def test_the_leds_data_goes_through_the_level_shifter():
    # WS2812B at 5 V: a high is 0.7 x 5 V = 3.5 V, over the Pico's 3.3 V. The GPIO drives
    # the 74AHCT125's input, whose VCC is 5 V; the LEDs' DIN is reached off the header.
    rows = wiring.connections()
    led_gpio = [r for r in rows if r[2] == physical_pin(pins.NEOPIXEL_PIN)]
    assert [(r[0], r[1]) for r in led_gpio] == [("74AHCT125 level shifter", "1A")]
    assert ("74AHCT125 level shifter", "5V", 40) in [r[:3] for r in rows]
    assert not [r for r in rows if r[1] == "DIN"]
    links = {a: b for a, b, _note in wiring.links()}
    assert links["74AHCT125 1Y (pin 3)"] == "WS2812 LED 1 DIN"
    assert links["74AHCT125 1OE (pin 1)"] == "GND"
    bom = {r["ref"]: r for r in csv.DictReader(open(wiring.HARDWARE / "bom.csv"))}
    assert "74AHCT125" in bom["U2"]["part number"]


def test_wiring_table_in_pins_docstring_matches_values():
    rows = re.findall(r"^\s+.*?\s(\d+)\s+\[(\d+)\]", pins.__doc__, re.M)
    assert len(rows) >= 7
    for gpio, header in rows:
        assert physical_pin(int(gpio)) == int(header), (gpio, header)
    # Every "GPIO [pin]" pair, a row's further ones too (the SPI option's row).
    pairs = re.findall(r"\b(\d+)\s+\[(\d+)\]", pins.__doc__)
    assert len(pairs) >= len(rows) + 4
    for gpio, header in pairs:
        assert physical_pin(int(gpio)) == int(header), (gpio, header)


def test_bom_counts_match_pin_map():
    rows = list(csv.DictReader(open(wiring.HARDWARE / "bom.csv")))
    by_ref = {r["ref"]: r for r in rows}
    buttons = [k for k in pins.PINS if k.startswith("BUTTON_")]
    assert int(by_ref["SW1-SW4"]["qty"]) == len(buttons)
    assert int(by_ref["LED1-LED4"]["qty"]) == pins.NEOPIXEL_COUNT
    for r in rows:
        assert float(r["rough price USD each"]) > 0 and int(r["qty"]) > 0 and r["part number"]


def test_enclosure_parameters_match():
    scad = (wiring.HARDWARE / "enclosure.scad").read_text()
    assert re.search(r"button_count = (\d+);", scad).group(1) == "4"
    assert int(re.search(r"seat_leds = (\d+);", scad).group(1)) == pins.NEOPIXEL_COUNT


@pytest.mark.skipif(shutil.which("openscad") is None, reason="OpenSCAD not installed")
@pytest.mark.parametrize("part", ["base", "lid"])
def test_enclosure_renders(tmp_path, part):
    out = tmp_path / (part + ".stl")
    res = subprocess.run(["openscad", "-o", str(out), "-D", 'part="{}"'.format(part),
                          str(wiring.HARDWARE / "enclosure.scad")], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-500:]
    assert out.stat().st_size > 1000
