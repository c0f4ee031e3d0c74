"""Host side of the galaxy battle: the JSON form of its events."""
