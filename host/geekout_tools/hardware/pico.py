"""The Raspberry Pi Pico's 40 header pins: physical number -> name (from its datasheet
pinout, the same for Pico, Pico W and Pico 2)."""

_LEFT = ["GP0", "GP1", "GND", "GP2", "GP3", "GP4", "GP5", "GND", "GP6", "GP7",
         "GP8", "GP9", "GND", "GP10", "GP11", "GP12", "GP13", "GND", "GP14", "GP15"]
_RIGHT = ["GP16", "GP17", "GND", "GP18", "GP19", "GP20", "GP21", "GND", "GP22", "RUN",
          "GP26", "GP27", "AGND", "GP28", "ADC_VREF", "3V3", "3V3_EN", "GND", "VSYS", "VBUS"]

# Pins 1-20 run down the left edge (USB at the top), 21-40 up the right edge.
PINS = {i + 1: name for i, name in enumerate(_LEFT)}
PINS.update({21 + i: name for i, name in enumerate(_RIGHT)})


def physical_pin(gpio):
    """Header pin number of GPIO `gpio` (ValueError if the Pico has no such GPIO pin)."""
    name = "GP{}".format(gpio)
    for number, label in PINS.items():
        if label == name:
            return number
    raise ValueError("GPIO {} is not on the Pico's header".format(gpio))
