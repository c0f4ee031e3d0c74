"""Screens and widgets drawn on a framebuf-compatible canvas (the UI toolkit)."""
