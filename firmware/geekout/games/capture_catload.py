"""Geekmon Capture on the gadget: reads the catalog data file into capture_cat.Catalog
(imported for that and dropped again). Checks each row's shape and values: 7 fields, a
name, a number 0-999, stages 0-4, known types, one weakness, known specials.
"""

# No module-level names but the two functions: each name is interned for good on the
# gadget.


def _bits(text, names):
    """Bit mask of "/"-joined words (bit i for names[i]); ValueError for an unknown one."""
    mask = 0
    for w in text.split("/"):
        w = w.strip().lower()
        if w:
            mask |= 1 << names.index(w)  # ValueError when not there
    return mask


def load(cat, stream):
    """Read the data file's lines (header first); ValueError naming a bad line."""
    types = ("fire", "water", "plant", "magnetic", "mystical", "twilight", "earth", "beast")
    specials = ("starter", "legendary", "milemoon", "hyro", "mouselet", "male", "female",
                "munchkey")
    names = []
    data = bytearray()
    lines = []
    n = 0
    for raw in stream:
        n += 1
        f = raw.strip().split(",")
        if n == 1:
            if ",".join(f).lower() != "number,name,line,stages,types,weakness,specials":
                raise ValueError("line 1: not a catalog header")
            continue
        if len(f) != 7:
            if len(f) == 1 and not f[0]:
                continue
            raise ValueError("line {}: {} fields".format(n, len(f)))
        try:
            num = int(f[0]) if f[0] else 0
            st = int(f[3]) if f[3] else 0
            tmask = _bits(f[4], types)
            weak = _bits(f[5], types)
            sp = _bits(f[6], specials)
        except ValueError:
            raise ValueError("line {}: bad value".format(n)) from None
        if not f[1] or not 0 <= num <= 999 or not 0 <= st <= 4 or weak & (weak - 1):
            raise ValueError("line {}: bad value".format(n))
        line = 255
        if f[2]:
            if f[2] not in lines:
                lines.append(f[2])
            line = min(lines.index(f[2]), 254)
        w = 0
        while weak:
            w += 1
            weak >>= 1
        names.append(f[1])
        data.extend(bytes((num & 255, num >> 8, st, tmask, w, sp, line)))
    text = bytearray()
    offsets = bytearray()
    for nm in names:
        offsets.append(len(text) & 255)
        offsets.append(len(text) >> 8)
        text.extend(nm.encode())
        text.append(10)
    cat.text = bytes(text)
    cat.offsets = offsets
    cat.data = data
