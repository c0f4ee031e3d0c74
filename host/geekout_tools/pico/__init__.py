"""The gadget on an emulated Pico: the firmware on an emulated RP2040, with datasheet models
of the parts wired to it."""
