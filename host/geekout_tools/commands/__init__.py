"""Sub-commands of `geekout`: one module each, discovered by cli.py."""
