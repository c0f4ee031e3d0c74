"""The gadget's pin map, GPIO [Pico pin]: one source for hardware/ (wiring diagram, BOM).

  OLED SDA            4   [6]   I2C0, 400 kHz, 0x3C (0x3D on some); 3V3 [36], GND [38]
  OLED SCL            5   [7]   the module's pull-ups
  button UP           10  [14]  to GND; internal pull-up, pressed = 0
  button DOWN         11  [15]
  button OK           12  [16]
  button BACK         13  [17]  held at power-up = safe mode
  WS2812 LEDs (DIN)   16  [21]  one per seat; VBUS [40] for 5 V, GND [23]
  passive piezo (+)   15  [20]  PWM; the other leg to GND
"""

# Plain data (integers and strings only): the host tools import this module
# (geekout_tools.hardware), and tests/host/test_hardware.py checks the table above.
I2C_ID = 0
I2C_SDA = 4
I2C_SCL = 5
I2C_FREQ = 400000
OLED_ADDR = 0x3C
OLED_WIDTH = 128
OLED_HEIGHT = 64
DISPLAY_DEFAULT = "ssd1306"  # "sh1106" for most 1.3-inch modules (settings menu)

BUTTON_UP = 10
BUTTON_DOWN = 11
BUTTON_OK = 12
BUTTON_BACK = 13

NEOPIXEL_PIN = 16
NEOPIXEL_COUNT = 4
# WS2812 bit timing for neopixel.NeoPixel(timing=...): 1 = 800 kHz, or a tuple of
# (T0H, T0L, T1H, T1L) nanoseconds if an RP2350 (Pico 2) needs it tuned (micropython#18295).
NEOPIXEL_TIMING = 1

PIEZO_PIN = 15

# The same map as one dict (name -> value), in wiring-table order, for host tools.
PINS = {
    "I2C_ID": I2C_ID,
    "I2C_SDA": I2C_SDA,
    "I2C_SCL": I2C_SCL,
    "I2C_FREQ": I2C_FREQ,
    "OLED_ADDR": OLED_ADDR,
    "DISPLAY_DEFAULT": DISPLAY_DEFAULT,
    "BUTTON_UP": BUTTON_UP,
    "BUTTON_DOWN": BUTTON_DOWN,
    "BUTTON_OK": BUTTON_OK,
    "BUTTON_BACK": BUTTON_BACK,
    "NEOPIXEL_PIN": NEOPIXEL_PIN,
    "NEOPIXEL_COUNT": NEOPIXEL_COUNT,
    "PIEZO_PIN": PIEZO_PIN,
}
