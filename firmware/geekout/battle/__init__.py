"""battle: its rules core and its screens (play.py is what the app calls)."""
