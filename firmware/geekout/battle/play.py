"""The app's way into the game: its setup screens and play (a new or resumed game).

The game still lives in geekout/games/ and geekout/rules/ while it moves into this
package."""

from geekout.games.battle import play, setup  # noqa: F401
