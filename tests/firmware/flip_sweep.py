"""The byte-flip sweep of saved games, run on CPython and inside the MicroPython unix
port: every byte of a small journal, XORed with each of three masks, is booted by the
app as the saved game. Each flip must either resume with every record before the
damaged one (the gadget says "Save damaged", keeps the whole file in bad/, and the
resumed game is the one those records make) or, when the damage is in the file's start
or its header, set the file aside and say so; boot never fails and never resumes
anything else. Prints one line per failing flip and a count line, or returns the counts.
"""

from boards.sim import SimBoard
from flash import FakeFlash
from geekout import journal as jn
from geekout import keys
from keydriver import KeyDriver

MASKS = (0x01, 0x80, 0xFF)


def records(data):
    """(start, end, type, payload) of each record of a sound journal."""
    out = []
    pos = 4
    while pos < len(data):
        end = pos + data[pos] + 4
        out.append((pos, end, data[pos + 1], data[pos + 2:end - 2]))
        pos = end
    return out


def folded(recs):
    """The action bytes a run of records makes (as journal.parse folds them)."""
    actions = bytearray()
    for _start, _end, rtype, payload in recs:
        if rtype == jn.T_ACTIONS:
            actions += payload
        elif rtype == jn.T_UNDO:
            actions = actions[:len(actions) - ((payload[0] << 8) | payload[1])]
    return bytes(actions)


def expect(data, recs, pos):
    """(kept, actions) the boot must give for damage at byte `pos`: kept = the bytes of
    game.goj afterwards (None: set aside, no game), actions = the resumed action bytes."""
    for i in range(1, len(recs)):  # recs[0] is the header
        start, end = recs[i][0], recs[i][1]
        if start <= pos < end:
            return data[:start], folded(recs[1:i])
    return None, None


def boot_on(files, data, seed):
    board = SimBoard(storage=FakeFlash(files), data=data, seed=seed)
    d = KeyDriver(board)
    d.boot()
    return d


def check_flip(data, recs, pos, mask, store, seed=1):
    """None if the flip at `pos` with `mask` went as it must, else what went wrong."""
    bad = bytearray(data)
    bad[pos] ^= mask
    bad = bytes(bad)
    if pos == 3 and jn.parse(bad)[1:] == jn.parse(data)[1:]:
        # Version 3 read as version 2: the same records (one part has no part
        # record), so the same game: nothing was lost, nothing to tell.
        d = boot_on({"game.goj": bad}, store, seed)
        return None if d.top().name == "resume?" and d.ui.toast_text is None else \
            "a flip to the same records, not resumed as it was"
    try:
        d = boot_on({"game.goj": bad}, store, seed)
    except Exception as e:  # noqa: BLE001 - the failure being looked for
        return "boot raised " + repr(e)
    flash = d.board.storage
    kept, actions = expect(data, recs, pos)
    if flash.read("bad/0001.goj") != bad:
        return "the damaged file was not kept whole (problem: {})".format(d.app.journal.problem)
    if kept is None:
        if d.top().name != "home" or d.ui.toast_text != "Save unreadable: kept for logs":
            return "set aside, but on screen: {} / {}".format(d.top().name, d.ui.toast_text)
        return "a save left behind" if flash.read("game.goj") is not None else None
    if flash.read("game.goj") != kept:
        return "the records before the damage were not saved back"
    if d.top().name != "resume?" or d.ui.toast_text != "Save damaged: 1 step lost, copy kept":
        return "damaged, but on screen: {} / {}".format(d.top().name, d.ui.toast_text)
    try:
        d.press(keys.OK)  # resume
    except Exception as e:  # noqa: BLE001
        return "resume raised " + repr(e)
    # The game before the damage; a game resumed at its very start may add its opening
    # steps (Masters' first seat) to the journal at once.
    now = bytes(d.app.journal.actions)
    if d.top().name == "home" or now[:len(actions)] != actions or actions and now != actions:
        return "resumed {} instead of the game before the damage".format(d.top().name)
    return None


def sweep(data, store=None, masks=MASKS, seed=1, quiet=False):
    """Every byte of `data` (a sound journal) with every mask; returns (flips, failed)."""
    recs = records(data)
    flips = failed = 0
    for pos in range(len(data)):
        for mask in masks:
            flips += 1
            why = check_flip(data, recs, pos, mask, store, seed)
            if why is not None:
                failed += 1
                if not quiet:
                    print("FAIL byte {} mask 0x{:02x}: {}".format(pos, mask, why))
    if not quiet:
        print("{} bytes, {} flips, {} failed".format(len(data), flips, failed))
    return flips, failed
