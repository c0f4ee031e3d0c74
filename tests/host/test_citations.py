"""Every citation resolves: each ruling id the code, tests and docs cite is a ruling of
docs/rules.md, each docs/<name>.md they name exists, and the rulings and the design are
cited at their paths in the repository. Project text never points at a tracker's thread
numbers: it cites the ruling or the doc section instead."""

import re
import subprocess
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules.md"
CITING = (".py", ".md", ".mjs", ".js", ".html")  # and Makefile: where citations are written

# A ruling id: M, C or B, a number from 1, an optional sub-letter (M3e). A leading 0 is
# never a ruling (Cortex-M0+, the B0 display command), nor is part of a longer word.
ID = r"[MCB][1-9][0-9]?[a-z]?(?![\w+])"
# Ids cited together: "M3a-M3e", "M1..M8", "C4-C9, C12", "C1/C3", "B4 and B10".
SEP = r"(?:\s*(?:,|/|-|\u2013|\.\.|;)\s*|\s+(?:and|or|to)\s+)"
IDS = re.compile(r"(?<!\w)" + ID + "(?:" + SEP + ID + ")*")
# An id counts as cited when the text around it is how the project cites: after "ruling",
# "rules.md", an opening bracket, a quote or backtick (refusal strings "B4: ...", vector ids
# "C7-greedy-..."), a comment mark, a table bar, a list separator or colon, the start of a
# line, or a short word that leads a reference ("the M7 values", "before B11"); or before
# ":", ")", ";", ", ", "'s", a full stop, the line's end, or "(docs/rules.md)". Data with
# no such context, a CSV row "C14,x" or a hex dump "B1 C3 5F", is not read as a citation.
BEFORE = re.compile(
    r"(?:\brulings?\s+|rules\.md[`'\")]*[\s,:(]*|[(\[]\s*|[\"'`]|(?:#|//)[\s-]*|\|\s*"
    r"|[,;:]\s+|^\s*|'s\s+|\b(?:and|or|of|by|for|from|before|after|since|the|an?|see|per"
    r"|what|each|every|breaks|merge)\s+)$", re.IGNORECASE)
AFTER = re.compile(r"(?::|\)|;|,\s|'s\b|\.(?!\w)|$|\s+\((?:docs/)?rules\.md)")
# A ruling is defined by its bold heading in docs/rules.md: "- **M3e No target.**".
DEFINED = re.compile(r"^\s*-\s+\*\*(" + ID + ")", re.MULTILINE)
DOC = re.compile(r"\bdocs/([\w.-]+\.md)\b")
# The old homes of the rulings and the design, outside the repository (case matters:
# docs/rules.md and docs/design.md are the copies that resolve).
OLD_HOME = re.compile(r"\b(?:RULES|DESIGN)\.md\b")
# "issue" or "issues", then a number, "#" optional. Built from pieces so this file does
# not hold what it forbids.
ISSUE = re.compile(r"\bissues?" + r"\s+#?" + "[0-9]" + "+", re.IGNORECASE)


@cache
def tracked():
    """The tracked files (git ls-files), as paths relative to the checkout."""
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                             check=True).stdout.decode()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: no list of tracked files")
    return [name for name in out.split("\0") if name and (ROOT / name).is_file()]


def text_of(name):
    try:
        return (ROOT / name).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None  # a binary file: no text to cite from


THIS = Path(__file__).resolve().relative_to(ROOT).as_posix()


def citing():
    """The tracked files citations are written in, with their text; not this file, whose
    examples cite what does not exist on purpose."""
    for name in tracked():
        if name != THIS and (name.endswith(CITING) or Path(name).name == "Makefile"):
            text = text_of(name)
            if text is not None:
                yield name, text


def cited_ids(line):
    """The ruling ids a line cites, in order."""
    out = []
    for m in IDS.finditer(line):
        if BEFORE.search(line[:m.start()]) or AFTER.match(line[m.end():]):
            out += re.findall(r"[MCB][1-9][0-9]?[a-z]?", m.group(0))
    return out


def defined_ids():
    return set(DEFINED.findall(RULES.read_text(encoding="utf-8")))


def test_the_rulings_are_all_there():
    ids = defined_ids()
    want = ({f"M{i}" for i in range(1, 10)} | {f"M3{c}" for c in "abcde"}
            | {f"C{i}" for i in range(1, 14)} | {f"B{i}" for i in range(1, 12)})
    assert ids == want


@pytest.mark.parametrize("line, ids", [
    ("# ruling M3e: a lone spaceship busts", ["M3e"]),
    ("rulings C1-C3, C11 and C13 (docs/rules.md)", ["C1", "C3", "C11", "C13"]),
    ('raise Illegal("B4: a drone needs a drone in supply")', ["B4"]),
    ("the turn ends as a bust (M5).", ["M5"]),
    ('{"id": "C7-greedy-loses-hyro"}', ["C7"]),
    ("cited as M1..M8 (docs/rules.md).", ["M1", "M8"]),
    ("# -- B11 stars, bases and the box --", ["B11"]),
    ("ruling M10 and (C99)", ["M10", "C99"]),
    ("name,C14,stage", []),
    ("bytes 0A B1 C3 5F", []),
    ("the RP2040 boot ROM, revision B1 (16,384 bytes)", []),
    ("Cortex-M0+ at 125 MHz", []),
    ("screw the lid down with four M2 screws", []),
])
def test_what_reads_as_a_citation(line, ids):
    assert cited_ids(line) == ids


def test_every_cited_ruling_is_in_docs_rules():
    ids = defined_ids()
    unknown = ["{}:{}: {}".format(name, n, rid)
               for name, text in citing()
               for n, line in enumerate(text.splitlines(), 1)
               for rid in cited_ids(line) if rid not in ids]
    assert unknown == [], "\n".join(unknown)


def test_every_docs_page_named_exists():
    missing = ["{}:{}: docs/{}".format(name, n, page)
               for name, text in citing()
               for n, line in enumerate(text.splitlines(), 1)
               for page in DOC.findall(line) if not (ROOT / "docs" / page).is_file()]
    assert missing == [], "\n".join(missing)


def test_the_rulings_and_design_are_cited_in_docs():
    old = ["{}:{}: {}".format(name, n, line.strip())
           for name, text in citing()
           for n, line in enumerate(text.splitlines(), 1) if OLD_HOME.search(line)]
    assert old == [], "\n".join(old)


def test_no_thread_numbers_in_project_text():
    found = []
    for name in tracked():
        text = text_of(name) if name != THIS else None
        for n, line in enumerate((text or "").splitlines(), 1):
            if ISSUE.search(line):
                found.append("{}:{}: {}".format(name, n, line.strip()))
    assert found == [], "\n".join(found)
