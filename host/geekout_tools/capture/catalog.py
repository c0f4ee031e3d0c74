"""`geekout capture catalog import`: check an owner's catalog CSV, write the device file.

The owner types the cards in a spreadsheet and saves CSV with a header row naming the
columns (number, name, line, stages, types, weakness, specials; any order, any case).
Rows are numbered as in the spreadsheet: the header is row 1. Multi-valued fields
(types, specials) take "/", ";" or spaces between values. Every row is checked with the
device's own rules (geekout.capture.catalog.check_row) and then across rows,
including what the gadget can hold (at most MAX_CARDS cards, names of MAX_NAME bytes);
the first bad row stops the import with a message naming the row and the field, and
nothing is written. The output is the normalised data file the gadget reads: written to
a temporary file beside it, read back with the tools' reader and with the gadget's own
(geekout/capture/cards.py), and renamed over the old file only when both give back the
cards that were checked. The new file keeps the mode of the file it replaces, or gets
the one a plain open() gives (0o666 less the umask), not tempfile's 0o600.
"""

import csv
import io
from pathlib import Path

from geekout.capture import catalog as cat

from .. import inputs, outputs
from ..errors import UsageError

DEFAULT_OUT = Path(__file__).resolve().parents[3] / "firmware" / "geekout" / "data" / "geekmon_catalog.csv"


def _norm_multi(text):
    for sep in (";", " ", "\t"):
        text = text.replace(sep, "/")
    return "/".join(p for p in text.split("/") if p)


def parse_csv(text):
    """CSV text -> checked card tuples; UsageError naming row and field."""
    reader = csv.reader(io.StringIO(text))
    rows = []
    try:
        for row in reader:
            rows.append(row)
    except csv.Error as e:
        if "new-line" in str(e):
            raise UsageError("line {}: a line break (CR) inside a field that is not quoted; "
                             "rows end with LF or CR LF".format(reader.line_num)) from None
        raise UsageError("line {}: not CSV: {}".format(reader.line_num, e)) from None
    if not rows:
        raise UsageError("row 1: empty file (a header row is needed: {})".format(",".join(cat.COLUMNS)))
    header = [h.strip().lower() for h in rows[0]]
    for h in header:
        if h not in cat.COLUMNS:
            raise UsageError("row 1, field {!r}: unknown column (columns: {})".format(
                h, ", ".join(cat.COLUMNS)))
    for col in cat.COLUMNS:
        if header.count(col) != 1:
            raise UsageError("row 1, field {}: {} in the header".format(
                col, "missing" if col not in header else "repeated"))
    order = [header.index(col) for col in cat.COLUMNS]
    cards = []
    rownos = []
    for i in range(1, len(rows)):
        row = rows[i]
        if not any(f.strip() for f in row):
            continue
        if len(row) != len(header):
            raise UsageError("row {}: {} fields, the header has {}".format(i + 1, len(row), len(header)))
        if len(cards) == cat.MAX_CARDS:
            raise UsageError("row {}: more than {} cards: the gadget holds at most {}".format(
                i + 1, cat.MAX_CARDS, cat.MAX_CARDS))
        fields = [row[j] for j in order]
        fields[4] = _norm_multi(fields[4])
        fields[6] = _norm_multi(fields[6])
        try:
            cards.append(cat.check_row(fields))
        except cat.RowError as e:
            raise UsageError("row {}, field {}: {}".format(i + 1, e.field, e.problem)) from None
        rownos.append(i + 1)
    if not cards:
        raise UsageError("row 2: no cards after the header")
    bad = cat.check_catalog(cards)
    if bad:
        raise UsageError("row {}, field {}: {}".format(rownos[bad[0]], bad[1], bad[2]))
    return cards


def render(cards):
    return ",".join(cat.COLUMNS) + "\n" + "".join(cat.format_row(c) + "\n" for c in cards)


LIMITS = ("The gadget holds at most {} cards, names of at most {} letters (one line of its "
          "screen; an accented letter counts 2), line keys of at most {} characters, and "
          "only the first {} cards may go without a number 1-899").format(
              cat.MAX_CARDS, cat.MAX_NAME, cat.MAX_KEY, cat.ROW_NUMBERS)
# The largest CSV read: 150 cards are about 10 KB; a spreadsheet may pad with empty rows.
MAX_CSV_BYTES = 1024 * 1024
# The largest data file `score --catalog` reads: 151 lines of at most 300 bytes.
MAX_DATA_BYTES = 64 * 1024


def _reads_back(tmp, cards):
    """None when the file at `tmp` reads back as `cards` with the tools' reader and with
    the gadget's (the same values, cards of one line sharing a line id), else what
    differs (one line)."""
    try:
        with open(tmp, encoding="utf-8") as f:
            again = cat.read_catalog(f)
    except (ValueError, OSError) as e:
        return "the tools' reader refuses it: {}".format(e)
    if again != cards:
        n = min(len(again), len(cards))
        i = next((i for i in range(n) if again[i] != cards[i]), n)
        return "the tools' reader gives card {} differently".format(i + 1)
    from geekout.capture.cards import Catalog, load

    got = Catalog()
    try:
        with open(tmp, "rb") as f:
            load(got, f)
    except (ValueError, OSError) as e:
        return "the gadget's reader refuses it: {}".format(e)
    if len(got) != len(cards):
        return "the gadget's reader gives {} cards, not {}".format(len(got), len(cards))
    ids = {}
    for i, c in enumerate(cards):
        line = 255 if c[cat.LINE] is None else ids.setdefault(c[cat.LINE], min(len(ids), 254))
        mine = (got.number(i), got.name(i), got.get(i, 2), got.get(i, 3), got.get(i, 4),
                got.get(i, 5), got.get(i, 6))
        if mine != (c[cat.NUMBER], c[cat.NAME], c[cat.STAGES], c[cat.TYPES], c[cat.WEAKNESS],
                    c[cat.SPECIAL], line):
            return "the gadget's reader gives card {} differently".format(i + 1)
    return None


def import_catalog(src, out=DEFAULT_OUT):
    """Check `src` and write the device data file to `out` (outputs.replacing: a temp
    file beside it, read back, then renamed, so a failed import leaves the old file
    whole; a link, a device or a folder at `out` is refused before any work). Returns
    the cards written."""
    outputs.check_output(out, "--out")
    text = inputs.read_text(src, MAX_CSV_BYTES, "catalog CSV")
    if text.startswith("\ufeff"):  # the byte order mark some spreadsheets write
        text = text[1:]
    cards = parse_csv(text)
    data = render(cards).encode("utf-8")
    with outputs.replacing(out, "--out") as (f, tmp):
        f.write(data)
        f.flush()
        why = _reads_back(tmp, cards)
        if why:
            raise UsageError("{}: nothing written: the data file would not read back as "
                             "checked ({})".format(inputs.printable(src),
                                                   inputs.printable(why, 300)))
    return cards


def load_data_file(path):
    """Cards of a device data file (for `score --catalog`): at most MAX_DATA_BYTES,
    read as the tools read it (universal newlines)."""
    text = inputs.read_text(path, MAX_DATA_BYTES, "catalog data file")
    shown = inputs.printable(path)
    if not text.strip():
        raise UsageError("{}: empty file, not a catalog data file (the header row and at "
                         "least one card; `geekout capture catalog import` writes one)".format(shown))
    try:
        cards = cat.read_catalog(io.StringIO(text, newline=None))
    except ValueError as e:
        raise UsageError("{}: {}".format(shown, inputs.printable(e))) from None
    if not cards:
        raise UsageError("{}: no cards after the header".format(shown))
    return cards
