"""Hardware documents generated from the firmware's pin map (firmware/geekout/hal/pins.py):
the wiring diagram (SVG) and the pin table, so the docs can never disagree with the pins."""
