"""Geekmon Capture's help pages on the gadget: the game menu's Help during the rounds and
at the end, and a long OK on the count of the "?" cards. Loaded for the page only (the
page keeps its wrapped lines, show() drops the module); the buttons' own page is
home.py's."""

from geekout.modules import forget
from geekout.ui.widgets import TextPage

ROUNDS = (
    "Draw: OK marks a card luminous, then Go.\n"
    "Cards: OK names one (the cursor goes on to the next card), then Throw! or All "
    "thrown.\n"
    "Quick check: who caught each card; the cursor starts on the round's first player, "
    "on an active Geekmon's owner (keeps).\n"
    "A card caught unnamed is called by its round and place: R2 place 3.\n"
    "Hold OK: game menu. Hold BACK: home."
)

END = (
    "Each ? card needs its line.\n"
    "OK on a player, then Count the ?: sort those cards by line and say how many: "
    "Line A + (your starter's line), 3-stage 2/3 (lines of 3 with 2 held) and so on, "
    "legendaries, specials, arena type. The rest are 1-stage. Which ? card gets which "
    "line does not change a score.\n"
    "Or OK on one card: kind, letter (the card before's, while its line has room), "
    "arena type.\n"
    "Then Scores."
)


def show(ui, part):
    """Push the page `part` ("rounds" or "end"), then leave RAM: the page keeps only its
    lines."""
    ui.push(TextPage(ui, "Capture help", END if part == "end" else ROUNDS, "capture.help"))
    forget("geekout.capture.help")
