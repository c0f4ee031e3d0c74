"""The wiring table and the SVG wiring diagram, generated from the pin map.

`python -m geekout_tools.hardware.wiring` rewrites hardware/wiring.svg and
hardware/PINOUT.md; tests/host/test_hardware.py fails if the committed files differ
from what the pin map gives, so the pin map stays the single source.
"""

import sys
from pathlib import Path

from geekout.hal import pins

from ..outputs import write_file
from .pico import PINS as HEADER
from .pico import physical_pin

ROOT = Path(__file__).resolve().parents[3]
HARDWARE = ROOT / "hardware"


def connections():
    """[(part, signal, header pin, note)] for every wire, in assembly order."""
    p = pins
    rows = [
        ("OLED 128x64 I2C", "SDA", physical_pin(p.I2C_SDA), "I2C{} data, address 0x{:02X}".format(p.I2C_ID, p.OLED_ADDR)),
        ("OLED 128x64 I2C", "SCL", physical_pin(p.I2C_SCL), "I2C{} clock, {} kHz at most".format(p.I2C_ID, p.I2C_MAX_HZ // 1000)),
        ("OLED 128x64 I2C", "VCC", 36, "3V3"),
        ("OLED 128x64 I2C", "GND", 38, "GND"),
        # The SPI module instead of the I2C one (a build or setting for it: hal/pins.py).
        (_SPI, "D0 (SCK)", physical_pin(p.SPI_SCK), "SPI{} clock, {} MHz asked (8 MHz given)".format(
            p.SPI_ID, p.SPI_FREQ // 1000000)),
        (_SPI, "D1 (MOSI)", physical_pin(p.SPI_MOSI), "SPI{} data to the panel (no MISO)".format(p.SPI_ID)),
        (_SPI, "CS", physical_pin(p.SPI_CS), "chip select, low while sending"),
        (_SPI, "DC", physical_pin(p.SPI_DC), "low = command, high = display data"),
        (_SPI, "RES", physical_pin(p.SPI_RES), "reset, pulsed low before the power-up commands"),
        (_SPI, "VCC", 36, "3V3"),
        (_SPI, "GND", 8, "GND"),
        ("button UP", "leg 1", physical_pin(p.BUTTON_UP), "other leg to GND; internal pull-up"),
        ("button DOWN", "leg 1", physical_pin(p.BUTTON_DOWN), "other leg to GND"),
        ("button OK", "leg 1", physical_pin(p.BUTTON_OK), "other leg to GND"),
        ("button BACK", "leg 1", physical_pin(p.BUTTON_BACK), "other leg to GND; held at power-up = safe mode"),
        ("buttons", "common", 18, "GND"),
        # The LEDs' data through a 74AHCT125 gate: at 5 V a WS2812B needs 3.5 V for a high
        # (0.7 x VDD); the Pico drives 3.3 V, the 74AHCT reads 2 V as high and drives 5 V.
        (_SHIFTER, "1A", physical_pin(p.NEOPIXEL_PIN), "gate 1 input (pin 2): the LEDs' data at 3.3 V"),
        (_SHIFTER, "5V", 40, "VCC (pin 14) at VBUS 5 V: 1Y drives 0-5 V"),
        (_SHIFTER, "GND", 13, "GND (pin 7); 1OE (pin 1) to GND too"),
        ("WS2812 LEDs x{}".format(p.NEOPIXEL_COUNT), "5V", 40, "VBUS (USB 5 V)"),
        ("WS2812 LEDs x{}".format(p.NEOPIXEL_COUNT), "GND", 23, "GND"),
        ("piezo (passive)", "+", physical_pin(p.PIEZO_PIN), "PWM tone"),
        ("piezo (passive)", "-", 28, "GND"),
    ]
    for _part, _sig, pin, note in rows:
        if pin not in HEADER:
            raise ValueError("no header pin {} ({})".format(pin, note))
    return rows


_SPI = "OLED 128x64 SPI (option)"
_SHIFTER = "74AHCT125 level shifter"


def links():
    """[(from, to, note)]: the wires that do not reach the Pico's header."""
    return [
        ("74AHCT125 1Y (pin 3)", "WS2812 LED 1 DIN", "through R1 (330 ohm); each LED's DOUT to the next one's DIN"),
        ("74AHCT125 1OE (pin 1)", "GND", "OE is active low: gate 1 always drives"),
        ("74AHCT125 2A, 3A, 4A (pins 5, 9, 12)", "GND", "unused inputs never left floating"),
        ("74AHCT125 2OE, 3OE, 4OE (pins 4, 10, 13)", "5 V", "unused outputs off"),
        ("C2 100 nF", "74AHCT125 pins 14 and 7", "decoupling, close to the chip"),
        ("C1 100 uF", "LED strip 5V and GND", "at the strip's input"),
    ]


def pinout_markdown():
    lines = [
        "# Pinout",
        "",
        "Generated from `firmware/geekout/hal/pins.py` by `python -m geekout_tools.hardware.wiring`;",
        "do not edit by hand. Display type default: {} (SH1106 for most 1.3-inch modules:".format(
            pins.DISPLAY_DEFAULT.upper()),
        "choose it in Settings). Wire one panel: the 4-pin I2C module, or the 7-pin SPI module",
        "(a full frame's bits in about 1 ms instead of 25 ms; set `DISPLAY_DEFAULT` to `ssd1306-spi` or",
        "`sh1106-spi` in the pin map for it, hardware/README.md).",
        "",
        "| part | signal | Pico pin | pin name | note |",
        "|---|---|---|---|---|",
    ]
    for part, signal, pin, note in connections():
        lines.append("| {} | {} | {} | {} | {} |".format(part, signal, pin, HEADER[pin], note))
    lines += ["", "Wires off the Pico's header:", "", "| from | to | note |", "|---|---|---|"]
    for a, b, note in links():
        lines.append("| {} | {} | {} |".format(a, b, note))
    return "\n".join(lines) + "\n"


_COLOURS = {"OLED": "#1f77b4", "button": "#2ca02c", "buttons": "#2ca02c", "WS2812": "#d62728",
            "74AHCT125": "#e65100", "piezo": "#9467bd"}


def _colour(part):
    return _COLOURS.get(part.split()[0], "#444")


def wiring_svg():
    """A deterministic SVG: the Pico's header in the middle, parts on either side."""
    pitch, top, pico_x, pico_w, reach = 22, 60, 400, 140, 150
    extra = links()
    width, height = 1060, top + 20 * pitch + 60 + 16 * (len(extra) + 1)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" '
           'font-family="sans-serif" font-size="11">'.format(width, height),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="{}" y="24" font-size="16" text-anchor="middle">Geek Out! companion wiring '
           '(Raspberry Pi Pico, top view, USB up)</text>'.format(width // 2),
           '<rect x="{}" y="{}" width="{}" height="{}" rx="8" fill="#2e7d32" stroke="#1b5e20"/>'.format(
               pico_x, top - 20, pico_w, 20 * pitch + 20),
           '<rect x="{}" y="{}" width="36" height="18" fill="#bbb"/>'.format(pico_x + pico_w // 2 - 18, top - 28)]

    def pin_xy(n):
        if n <= 20:
            return pico_x, top + (n - 1) * pitch
        return pico_x + pico_w, top + (40 - n) * pitch

    used = {pin for _p, _s, pin, _n in connections()}
    for n, name in sorted(HEADER.items()):
        x, y = pin_xy(n)
        fill = "#ffd54f" if n in used else "#ddd"
        out.append('<circle cx="{}" cy="{}" r="5" fill="{}" stroke="#333"/>'.format(x, y, fill))
        anchor, dx = ("start", 9) if n <= 20 else ("end", -9)
        out.append('<text x="{}" y="{}" text-anchor="{}" fill="white">{} {}</text>'.format(
            x + dx, y + 4, anchor, n, name))
    # One line a header pin; the parts sharing a pin (a supply, the two panels' 3V3) are
    # labelled in turn along it.
    at_pin = {}
    for part, signal, pin, _note in connections():
        at_pin.setdefault(pin, []).append((part, signal))
    for pin, parts in at_pin.items():
        x, y = pin_xy(pin)
        colour = _colour(parts[0][0])
        label = " / ".join("{} {}".format(part, signal) for part, signal in parts)
        if pin <= 20:
            end = x - reach
            text = '<text x="{}" y="{}" text-anchor="end" fill="{}">{}</text>'
            text = text.format(end - 6, y + 4, colour, label)
        else:
            end = x + reach
            text = '<text x="{}" y="{}" text-anchor="start" fill="{}">{}</text>'
            text = text.format(end + 6, y + 4, colour, label)
        out.append('<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="2"/>'.format(
            x, y, end, y, colour))
        out.append(text)
    y = top + 20 * pitch + 30
    out.append('<text x="20" y="{}" fill="#333" font-weight="bold">Wires off the header:</text>'.format(y))
    for a, b, note in extra:
        y += 16
        out.append('<text x="20" y="{}" fill="{}">{} to {}: {}</text>'.format(
            y, _colour(a), a, b, note))
    out.append('<text x="20" y="{}" fill="#333">Generated from firmware/geekout/hal/pins.py '
               '(python -m geekout_tools.hardware.wiring)</text>'.format(height - 16))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def outputs():
    return {HARDWARE / "wiring.svg": wiring_svg(), HARDWARE / "PINOUT.md": pinout_markdown()}


def main(argv=None):
    for path, text in outputs().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        write_file(path, text, "output")
        print("wrote", path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
