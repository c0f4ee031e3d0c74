"""The gadget's pin map, GPIO [Pico pin]: one source for hardware/ (wiring diagram, BOM).

  OLED SDA            4   [6]   I2C0, 400 kHz at most, 0x3C (0x3D on some); 3V3 [36], GND [38]
  OLED SCL            5   [7]   the module's pull-ups
  SPI OLED (option)   18  [24]  SCK; MOSI 19 [25], CS 17 [22], DC 20 [26], RES 21 [27]
  button UP           10  [14]  to GND; internal pull-up, pressed = 0
  button DOWN         11  [15]
  button OK           12  [16]
  button BACK         13  [17]  held at power-up = safe mode
  WS2812 LEDs (DIN)   16  [21]  through a 74AHCT125 gate (3.3 V to 5 V); VBUS [40], GND [23]
  passive piezo (+)   15  [20]  PWM; the other leg to GND
"""

# Plain data (integers and strings only): the host tools import this module
# (geekout_tools.hardware), and tests/host/test_hardware.py checks the table above.
I2C_ID = 0
I2C_SDA = 4
I2C_SCL = 5
# The panels' fastest I2C clock: the SSD1306's and SH1106's datasheets give a 2.5 us
# cycle at least (400 kHz). MicroPython's `freq` is not the clock on the wire: pico-sdk's
# i2c_set_baudrate programs the I2C block's counts from it, and the block holds SCL high
# its HCNT + SPKLEN + 7 cycles and low LCNT + 1 (RP2040 datasheet 4.3.14), plus the
# bus's rise time. At 400 kHz asked that is 332 cycles at 125 MHz, 2.66 us with no rise
# at all: 376 kHz at best, 338 with a 300 ns rise. 425 kHz asked programs 313 cycles,
# 2.504 us with no rise (the panels' limit, never under it), 357 kHz with 300 ns: a full
# frame 1.2 ms sooner (host/geekout_tools/pico/parts.mjs models the same counts).
I2C_MAX_HZ = 400000
I2C_FREQ = 425000
OLED_ADDR = 0x3C
OLED_WIDTH = 128
OLED_HEIGHT = 64
# The panel a fresh gadget drives: "ssd1306" or "sh1106" (most 1.3-inch modules) on
# I2C, "ssd1306-spi" or "sh1106-spi" on SPI (set it so for a build with the SPI module).
# The settings menu then picks the controller, on the bus the gadget started with
# (docs/gadget.md, The display adapters).
DISPLAY_DEFAULT = "ssd1306"

# The SPI panel option: SPI0 on its GP18/GP19 pins, no MISO (the SPI0 default MISO would
# be GP16, the LEDs' pin). CS, DC and RES are plain GPIO outputs.
SPI_ID = 0
SPI_SCK = 18
SPI_MOSI = 19
SPI_CS = 17
SPI_DC = 20
SPI_RES = 21
# The SSD1306's fastest serial clock is 10 MHz (100 ns cycle, datasheet 13.4). MicroPython
# runs the SPI blocks from clk_peri, 48 MHz (the USB PLL), divided by an even prescale
# times an integer: 10 MHz asked gives 8 MHz (12 MHz, the next step up, is beyond the
# datasheet). A whole frame is 1048 bytes on the wire: 1.05 ms at 8 MHz.
SPI_FREQ = 10000000

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
    "I2C_MAX_HZ": I2C_MAX_HZ,
    "I2C_FREQ": I2C_FREQ,
    "OLED_ADDR": OLED_ADDR,
    "DISPLAY_DEFAULT": DISPLAY_DEFAULT,
    "SPI_ID": SPI_ID,
    "SPI_SCK": SPI_SCK,
    "SPI_MOSI": SPI_MOSI,
    "SPI_CS": SPI_CS,
    "SPI_DC": SPI_DC,
    "SPI_RES": SPI_RES,
    "SPI_FREQ": SPI_FREQ,
    "BUTTON_UP": BUTTON_UP,
    "BUTTON_DOWN": BUTTON_DOWN,
    "BUTTON_OK": BUTTON_OK,
    "BUTTON_BACK": BUTTON_BACK,
    "NEOPIXEL_PIN": NEOPIXEL_PIN,
    "NEOPIXEL_COUNT": NEOPIXEL_COUNT,
    "PIEZO_PIN": PIEZO_PIN,
}
