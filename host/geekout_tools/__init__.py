"""Host tools for the Geek Out! table companion: the `geekout` command."""

# One version for the project, the firmware's: the tools ship with it and deploy it.
from geekout import __version__

__all__ = ["__version__"]
