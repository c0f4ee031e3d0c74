"""Hardware adapters: the only firmware code that imports machine, neopixel, display
drivers or touches flash. Everything else receives these objects as arguments."""
