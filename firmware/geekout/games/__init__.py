"""Game screens, one module per game, each imported only when that game is chosen."""
