"""Replaying saved actions: how a game's rules core rebuilds a state from its journal.

Masters and Capture keep their journal as a list of action ints, each applied in turn by
the state's `apply_action`; a refused entry is named by its place in the journal, so a
damaged save or a bad file given to the host tools says where it went wrong. (The
battle's journal is bytes of variable-length events: battle/rules.py walks it itself.)

Undo is a replay of the journal less its last step; Marks keeps copies of the state at a
few boundaries (a turn's or a round's start) so that only the stretch from the nearest
one is replayed: on the Pico a replayed entry costs about 1 ms, and a whole game holds
hundreds.
"""


class Marks:
    """Copies of a game's state at a few boundaries, each with the journal length it was
    taken at. `key(state)` names the stretch a state is in (e.g. the turns finished):
    note() keeps a copy whenever it changes, so the copies sit where stretches start.
    At most `keep` copies are kept, the oldest dropped first. `state.clone()` makes an
    independent copy (no list shared with the state)."""

    def __init__(self, key, keep=3):
        self.key = key
        self.keep = keep
        self.kept = []  # (journal length, key, copy), oldest first
        self.last = None  # the key of the last state noted
        self.waiting = None  # (state, at) that later() left for settle()

    def later(self, state, at):
        """note(state, at) at settle(), which the gadget runs once a press's screen is
        out (game.py): the copy that starts a stretch took 1.4-2.4 ms of a battle turn's
        last press on the emulated Pico, before its screen. `state` must not change
        until then: every step and undo settles first, and so does every use of the
        marks here."""
        self.waiting = (state, at)

    def settle(self):
        """The note() that later() left, if any."""
        w = self.waiting
        if w is not None:
            self.waiting = None
            self.note(w[0], w[1])

    def note(self, state, at):
        """`state` is the game after the first `at` journal entries (or bytes)."""
        self.settle()
        k = self.key(state)
        if k == self.last:
            return
        self.last = k
        kept = self.kept
        while kept and kept[-1][0] >= at:  # a later copy no longer on this journal
            kept.pop()
        kept.append((at, k, state.clone()))
        if len(kept) > self.keep:
            kept.pop(0)

    def before(self, cut):
        """(at, a fresh copy of the state after the first `at` entries) for the latest
        copy with at <= cut, or None (replay from a new state); the copies past the cut
        are dropped (the journal is about to be cut there)."""
        self.settle()
        kept = self.kept
        while kept and kept[-1][0] > cut:
            kept.pop()
        if not kept:
            self.last = None
            return None
        at, k, copy = kept[-1]
        self.last = k
        return at, copy.clone()

    def clear(self):
        self.kept = []
        self.last = None
        self.waiting = None


def copy_fields(src, dst, shared, lists, arrays):
    """Give `dst` the fields of `src` named in `shared` as they are (ints, strings,
    tuples: never changed in place), and own copies of those in `lists` and `arrays`
    (bytearray): how a rules core's clone() makes the independent copy Marks keeps."""
    for name in shared:
        setattr(dst, name, getattr(src, name))
    for name in lists:
        setattr(dst, name, list(getattr(src, name)))
    for name in arrays:
        setattr(dst, name, bytearray(getattr(src, name)))
    return dst


def fold(state, journal, marks=None, at=0):
    """Apply a journal's entries to `state` in order and return it; raises ValueError
    naming the first bad entry. `journal` continues a journal whose first `at` entries
    `state` already holds; with `marks`, the state is noted after each entry."""
    for i in range(len(journal)):
        try:
            state.apply_action(journal[i])
        except ValueError as e:
            raise ValueError("entry {}: {}".format(at + i, e)) from None
        if marks is not None:
            marks.note(state, at + i + 1)
    return state


def rewind(payload, cut, marks, new_state, fold_range):
    """The game of payload[:cut] (`cut`: where a step starts): replayed from the latest
    copy in `marks` at or before the cut (the marks follow the cut), else from
    new_state(). fold_range(state, payload, start, end, marks) is the game's fold. The
    one way every game takes steps back: the gadget's undo (game.py) and the cores'."""
    got = marks.before(cut) if marks is not None else None
    at, state = got if got is not None else (0, new_state())
    return fold_range(state, payload, at, cut, marks)
