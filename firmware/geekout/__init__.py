"""Geek Out! table companion firmware: rules core, screens and hardware adapters."""

__version__ = "0.1.0"
