"""`geekout sim`: the gadget's firmware on the host (terminal, headless, screenshots)."""
