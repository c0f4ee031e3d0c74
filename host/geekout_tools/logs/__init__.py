"""Game logs from the gadget: reading its journal files, replaying them on the rules
core, turning them into per-turn tables, and pulling them off the board."""
