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
        ("OLED 128x64 I2C", "SCL", physical_pin(p.I2C_SCL), "I2C{} clock, {} kHz".format(p.I2C_ID, p.I2C_FREQ // 1000)),
        ("OLED 128x64 I2C", "VCC", 36, "3V3"),
        ("OLED 128x64 I2C", "GND", 38, "GND"),
        ("button UP", "leg 1", physical_pin(p.BUTTON_UP), "other leg to GND; internal pull-up"),
        ("button DOWN", "leg 1", physical_pin(p.BUTTON_DOWN), "other leg to GND"),
        ("button OK", "leg 1", physical_pin(p.BUTTON_OK), "other leg to GND"),
        ("button BACK", "leg 1", physical_pin(p.BUTTON_BACK), "other leg to GND; held at power-up = safe mode"),
        ("buttons", "common", 18, "GND"),
        ("WS2812 LEDs x{}".format(p.NEOPIXEL_COUNT), "DIN", physical_pin(p.NEOPIXEL_PIN), "through 330 ohm, one LED per seat"),
        ("WS2812 LEDs x{}".format(p.NEOPIXEL_COUNT), "5V", 40, "VBUS (USB 5 V)"),
        ("WS2812 LEDs x{}".format(p.NEOPIXEL_COUNT), "GND", 23, "GND"),
        ("piezo (passive)", "+", physical_pin(p.PIEZO_PIN), "PWM tone"),
        ("piezo (passive)", "-", 28, "GND"),
    ]
    for _part, _sig, pin, note in rows:
        if pin not in HEADER:
            raise ValueError("no header pin {} ({})".format(pin, note))
    return rows


def pinout_markdown():
    lines = [
        "# Pinout",
        "",
        "Generated from `firmware/geekout/hal/pins.py` by `python -m geekout_tools.hardware.wiring`;",
        "do not edit by hand. Display type default: {} (SH1106 for most 1.3-inch modules:".format(
            pins.DISPLAY_DEFAULT.upper()),
        "choose it in Settings).",
        "",
        "| part | signal | Pico pin | pin name | note |",
        "|---|---|---|---|---|",
    ]
    for part, signal, pin, note in connections():
        lines.append("| {} | {} | {} | {} | {} |".format(part, signal, pin, HEADER[pin], note))
    return "\n".join(lines) + "\n"


_COLOURS = {"OLED": "#1f77b4", "button": "#2ca02c", "buttons": "#2ca02c", "WS2812": "#d62728",
            "piezo": "#9467bd"}


def _colour(part):
    return _COLOURS.get(part.split()[0], "#444")


def wiring_svg():
    """A deterministic SVG: the Pico's header in the middle, parts on either side."""
    pitch, top, pico_x, pico_w, reach = 22, 60, 400, 140, 150
    width, height = 940, top + 20 * pitch + 60
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
    for part, signal, pin, _note in connections():
        x, y = pin_xy(pin)
        colour = _colour(part)
        if pin <= 20:
            end = x - reach
            label = '<text x="{}" y="{}" text-anchor="end" fill="{}">{} {}</text>'
            label = label.format(end - 6, y + 4, colour, part, signal)
        else:
            end = x + reach
            label = '<text x="{}" y="{}" text-anchor="start" fill="{}">{} {}</text>'
            label = label.format(end + 6, y + 4, colour, part, signal)
        out.append('<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="2"/>'.format(
            x, y, end, y, colour))
        out.append(label)
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
