"""Replaying saved actions: how a game's rules core rebuilds a state from its journal.

Masters and Capture keep their journal as a list of action ints, each applied in turn by
the state's `apply_action`; a refused entry is named by its place in the journal, so a
damaged save or a bad file given to the host tools says where it went wrong. (The
battle's journal is bytes of variable-length events: battle/rules.py walks it itself.)
"""


def fold(state, journal):
    """Apply a journal's entries to `state` in order and return it; raises ValueError
    naming the first bad entry."""
    for i in range(len(journal)):
        try:
            state.apply_action(journal[i])
        except ValueError as e:
            raise ValueError("entry {}: {}".format(i, e)) from None
    return state
