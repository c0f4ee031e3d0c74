"""Geek Out! table companion firmware: rules core, screens and hardware adapters."""

# The project's one version: pyproject.toml, the host tools (geekout_tools) and the freeze
# manifest (firmware/manifest.py) all read it from here.
__version__ = "0.1.0"
