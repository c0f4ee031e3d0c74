"""Host tools for the Geek Out! table companion: the `geekout` command."""

__version__ = "0.1.0"
