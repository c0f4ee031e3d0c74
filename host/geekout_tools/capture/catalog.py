"""`geekout capture catalog import`: check an owner's catalog CSV, write the device file.

The owner types the cards in a spreadsheet and saves CSV with a header row naming the
columns (number, name, line, stages, types, weakness, specials; any order, any case).
Rows are numbered as in the spreadsheet: the header is row 1. Multi-valued fields
(types, specials) take "/", ";" or spaces between values. Every row is checked with the
device's own rules (geekout.rules.capture_catalog.check_row) and then across rows; the
first bad row stops the import with a message naming the row and the field, and nothing
is written. The output is the normalised data file the gadget reads.
"""

import csv
import io
import os
import tempfile
from pathlib import Path

from geekout.rules import capture_catalog as cat

from ..errors import UsageError

DEFAULT_OUT = Path(__file__).resolve().parents[3] / "firmware" / "geekout" / "data" / "geekmon_catalog.csv"


def _norm_multi(text):
    for sep in (";", " ", "\t"):
        text = text.replace(sep, "/")
    return "/".join(p for p in text.split("/") if p)


def parse_csv(text):
    """CSV text -> checked card tuples; UsageError naming row and field."""
    reader = csv.reader(io.StringIO(text))
    rows = list(reader)
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


def import_catalog(src, out=DEFAULT_OUT):
    """Check `src` and write the device data file to `out` (temp file, then rename, so
    a failed import leaves the old file whole). Returns the cards written."""
    try:
        with open(src, encoding="utf-8-sig", newline="") as f:
            text = f.read()
    except OSError as e:
        raise UsageError("cannot read {}: {}".format(src, e.strerror or e)) from None
    except UnicodeDecodeError:
        raise UsageError("{}: not UTF-8 text".format(src)) from None
    cards = parse_csv(text)
    data = render(cards)
    out = Path(out)
    if not out.parent.is_dir():
        raise UsageError("--out {}: no such directory".format(out.parent))
    fd, tmp = tempfile.mkstemp(dir=str(out.parent), prefix=".catalog-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(data)
        os.replace(tmp, out)
    except OSError as e:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise UsageError("cannot write {}: {}".format(out, e.strerror or e)) from None
    return cards


def load_data_file(path):
    """Cards of a device data file (for `score --catalog`)."""
    try:
        with open(path, encoding="utf-8") as f:
            return cat.read_catalog(f)
    except OSError as e:
        raise UsageError("cannot read {}: {}".format(path, e.strerror or e)) from None
    except ValueError as e:
        raise UsageError("{}: {}".format(path, e)) from None
