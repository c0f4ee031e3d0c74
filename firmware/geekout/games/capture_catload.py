"""Geekmon Capture on the gadget: reads the catalog data file into capture_cat.Catalog
(imported for that and dropped again). Checks each row's shape and values: 7 fields, a
name of 1-16 bytes of UTF-8, a number 0-999 in ASCII digits, stages 0-4, known types,
one weakness, known specials; and the limits of rules/capture_catalog (MAX_CARDS 150
cards, lines of at most 300 bytes: the longest row the importer writes is about 260).

Nothing allocated grows with the catalog, so a heap in pieces serves it (issue 13: a
150-card catalog read into growing buffers made 2048-byte allocations that failed at
128K on the unix port). The file is read twice, a line at a time:
1. the line ids (cards of one line share the id the line's first card got), found by
   searching each block's line keys, kept only for this pass ("\n" before and after
   each key), and the bytes of names per block;
2. with the keys gone, the blocks are made at their exact size, one after the other,
   and filled: 7 bytes a card, then the names, "\n" after each (capture_cat.Catalog).
The largest allocation is a block of 16 cards: 16 x (7 + 17) = 384 bytes at most.
"""

from micropython import const

# Compile-time constants only (no module-level names but the functions: each name is
# interned for good on the gadget). Limits as rules/capture_catalog MAX_CARDS, MAX_NAME
# (tests/firmware/test_capture_catalog_size.py checks they agree); _BLOCK as
# capture_cat.
_MAX_CARDS = const(150)
_MAX_NAME = const(16)  # bytes (UTF-8): the screen draws each byte as one 8-pixel glyph
_MAX_LINE = const(300)  # bytes: 3 + 16 + 24 x 4 (UTF-8) + 1 + 17 + 8 + 61 + 6 commas + CRLF
_BLOCK = const(16)  # cards a block
_HEADER = b"number,name,line,stages,types,weakness,specials"


def _bits(text, names):
    """Bit mask of "/"-joined words (bit i for names[i]); ValueError for an unknown one."""
    mask = 0
    for w in text.split(b"/"):
        w = w.strip().lower()
        if w:
            mask |= 1 << names.index(w)  # ValueError when not there
    return mask


def _number(text):
    """A field of ASCII digits (or empty: 0) as an int; ValueError otherwise."""
    v = 0
    for c in text:
        if not 48 <= c <= 57:
            raise ValueError
        v = v * 10 + c - 48
    return v if len(text) <= 3 else 1000


def _rows(stream):
    """Each card line's fields (a list of 7 bytes) with its line number; ValueError for a
    line of the wrong shape. Blank lines are skipped."""
    n = 0
    count = 0
    while True:
        raw = stream.readline(_MAX_LINE + 1)
        if not raw:
            return
        n += 1
        if isinstance(raw, str):  # a text stream (tests on CPython)
            raw = raw.encode()
        if len(raw) > _MAX_LINE:
            raise ValueError("line {}: longer than {} bytes".format(n, _MAX_LINE))
        f = raw.strip().split(b",")
        if n == 1:
            if b",".join(f).lower() != _HEADER:
                raise ValueError("line 1: not a catalog header")
            continue
        if len(f) != 7:
            if len(f) == 1 and not f[0]:
                continue
            raise ValueError("line {}: {} fields".format(n, len(f)))
        if count == _MAX_CARDS:
            raise ValueError("line {}: more than {} cards".format(n, _MAX_CARDS))
        count += 1
        yield n, f


def load(cat, stream):
    """Read the data file (a seekable binary or text stream, header first) into cat;
    ValueError naming a bad line."""
    # Pass 1: line ids and the size of each block.
    ids = bytearray(_MAX_CARDS)
    sizes = []  # bytes of a block: 7 a card plus its names
    keys = []  # each block's line keys
    given = 0  # line ids given
    count = 0
    for _n, f in _rows(stream):
        if not count % _BLOCK:
            sizes.append(0)
            keys.append(bytearray(b"\n"))
        sizes[-1] += 8 + len(f[1])
        line = 255
        if f[2]:
            key = b"\n" + f[2] + b"\n"
            for b in range(len(keys)):
                at = keys[b].find(key)
                if at >= 0:  # a card of this line came before: its id
                    line = ids[b * _BLOCK + keys[b].count(b"\n", 0, at)]
                    break
            if line == 255:
                line = min(given, 254)
                given += 1
            keys[-1].extend(f[2])
        keys[-1].append(10)
        ids[count] = line
        count += 1
    keys = None
    # Pass 2: the blocks, made at their size, then filled.
    blocks = []
    for s in sizes:
        blocks.append(bytearray(s))
    stream.seek(0)
    types = (b"fire", b"water", b"plant", b"magnetic", b"mystical", b"twilight", b"earth",
             b"beast")
    specials = (b"starter", b"legendary", b"milemoon", b"hyro", b"mouselet", b"male",
                b"female", b"munchkey")
    r = 0
    at = 0  # where the next name goes in its block
    for n, f in _rows(stream):
        try:
            num = _number(f[0])
            st = _number(f[3])
            tmask = _bits(f[4], types)
            weak = _bits(f[5], types)
            sp = _bits(f[6], specials)
            f[1].decode()  # UnicodeError (a ValueError) if not UTF-8
        except ValueError:
            raise ValueError("line {}: bad value".format(n)) from None
        name = f[1]
        if not name or len(name) > _MAX_NAME or num > 999 or st > 4 or weak & (weak - 1):
            raise ValueError("line {}: bad value".format(n))
        if r >= count:
            raise ValueError("line {}: the file changed while read".format(n))
        w = 0
        while weak:
            w += 1
            weak >>= 1
        d = blocks[r // _BLOCK]
        i = r % _BLOCK
        if not i:
            at = min(_BLOCK, count - r) * 7
        i *= 7
        d[i] = num & 255
        d[i + 1] = num >> 8
        d[i + 2] = st
        d[i + 3] = tmask
        d[i + 4] = w
        d[i + 5] = sp
        d[i + 6] = ids[r]
        d[at:at + len(name)] = name
        at += len(name)
        d[at] = 10
        at += 1
        r += 1
    if r != count:
        raise ValueError("the file changed while read")
    cat.blocks = blocks
    cat.n = count
