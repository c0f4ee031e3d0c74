"""Host side of Geekmon Capture: score files and catalog import for `geekout capture`."""
