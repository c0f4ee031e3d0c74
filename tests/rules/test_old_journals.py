"""Journals the firmware wrote before the rules cores were refactored
(tests/data/journals/, recorded once by make_journals.py) replay on today's rules cores
to the outcome the gadget showed then: Masters totals (virtual, auto and table dice),
Capture collection sizes and the end screen's final scores (C4-C13 scorer on the
collections and the players' line entries), battle star values and winner (B8), or
for a battle journal that recorded what a later ruling forbids, its refusal at that event.

The files are read with the gadget's own journal parser, so a change to how a journal
folds (a score, the end of a game, a refused step) shows here."""

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "tests" / "data" / "journals"
for sub in ("host/geekout_tools/sim/pyfb", "firmware"):
    if str(ROOT / sub) not in sys.path:
        sys.path.insert(0, str(ROOT / sub))

from geekout import journal as jn  # noqa: E402
from geekout.battle import rules as B  # noqa: E402
from geekout.capture import cards as cat  # noqa: E402
from geekout.capture import score as S  # noqa: E402
from geekout.capture import steps as F  # noqa: E402
from geekout.masters import consts as mc  # noqa: E402
from geekout.masters import rules as M  # noqa: E402

CSV = ROOT / "firmware" / "geekout" / "data" / "geekmon_catalog.csv"
# Battle journals that recorded what a later ruling forbids: (ruling, event index). The
# 3-player game's opening: Green merged a supernova of Red's 2 small stars and one of its
# own, but Red's 2 stars, placed together, lay on 2 cells (B11: the firmware offered the
# merge then).
BATTLE_REFUSED = {"battle-3p-undo": ("B11", 8)}
NAMES = sorted(p.stem for p in HERE.glob("*.goj"))


def load(name):
    data = (HERE / (name + ".goj")).read_bytes()
    want = json.loads((HERE / (name + ".json")).read_text())
    game, config, actions, good, problem = jn.parse(data)
    assert problem is None and good == len(data) == want["file_bytes"]
    assert game == want["game"] and config.hex() == want["config"]
    assert len(actions) == want["action_bytes"]
    return want, config, bytes(actions)


def test_every_game_and_mode_is_there():
    kinds = {(json.loads((HERE / (n + ".json")).read_text())["game"], n.split("-")[1]) for n in NAMES}
    assert {("masters", "virtual"), ("masters", "table"), ("masters", "auto"), ("capture", "full"),
            ("capture", "quick"), ("capture", "solo"), ("capture", "wicked"), ("capture", "arena"),
            ("battle", "3p"), ("battle", "4p")} <= kinds
    docs = [json.loads((HERE / (n + ".json")).read_text()) for n in NAMES]
    assert sum(d["undo_records"] > 0 for d in docs) >= 12
    assert any(d.get("line_entries") for d in docs)  # end-of-game line entries
    assert any(not d["over"] for d in docs)


class _End:
    """What the gadget's end screen (geekout/capture/end.py) reads to build the score
    file: its structure() and score_cards(), borrowed, on a replayed game."""

    structure = None
    score_cards = None

    def __init__(self, cfg, game, catalog):
        self.cfg = cfg
        self.game = game
        self.cat = catalog

    @property
    def state(self):
        return self.game.state


def _final_scores(cfg, game):
    from geekout.capture.end import EndScreen

    _End.structure = EndScreen.structure
    _End.score_cards = EndScreen.score_cards
    c = cat.Catalog()
    with open(CSV) as f:
        cat.load(c, f)
    end = _End(cfg, game, c)
    checked = []
    for p in range(cfg.players):
        checked += S.check_players([{"name": str(p), "geekmons": end.score_cards(p)}])
    res = S.score(checked, cfg.arena, cfg.players == 1)
    return [e["total"] for e in res["players"]], [int(w) for w in res["winners"]]


@pytest.mark.parametrize("name", [n for n in NAMES if n.startswith("masters")])
def test_masters_journal_replays_to_its_totals(name):
    want, config, actions = load(name)
    mode, players = config
    if mode == mc.TABLE:
        st = M.replay_table(players, actions)
    else:  # virtual and auto dice write the same journal
        st = M.replay(players, actions)
    assert bytes(st.journal) == actions
    assert st.totals == want["scores"]
    assert st.is_terminal() == want["over"]
    if want["over"]:
        assert len(st.turns) == players * mc.ROUNDS  # M8: five rounds


@pytest.mark.parametrize("name", [n for n in NAMES if n.startswith("capture")])
def test_capture_journal_replays_to_its_scores(name):
    want, config, actions = load(name)
    cfg = F.Config(config)
    game = F.replay(cfg, actions)
    st = game.state
    assert [len(c) for c in st.collections] == want["scores"]
    assert st.is_terminal() == want["over"]
    assert len(game.notes) == want["line_entries"]
    if want["over"]:
        totals, winners = _final_scores(cfg, game)
        assert totals == want["final"]
        assert winners == want["winners"]


@pytest.mark.parametrize("name", [n for n in NAMES if n.startswith("battle")])
def test_battle_journal_replays_to_its_star_values(name):
    want, config, actions = load(name)
    players = config[0]
    if name in BATTLE_REFUSED:  # recorded what a later ruling forbids: refused there, named
        ruling, index = BATTLE_REFUSED[name]
        with pytest.raises(B.Illegal) as info:
            B.replay(players, actions)
        assert (info.value.ruling, info.value.event) == (ruling, index)
        return
    st = B.replay(players, actions)
    assert bytes(st.journal) == actions
    assert [st.star_value(p) for p in range(players)] == want["scores"]
    assert st.is_terminal() == want["over"]
    assert st.winner == want["winner"]


def test_a_changed_journal_fails_its_outcome():
    """The fixture can catch a change: one Masters decision flipped replays elsewhere."""
    want, config, actions = load("masters-table-2p-undo")
    changed = bytearray(actions)
    changed[3] = (changed[3] + 1) % (mc.BUST + 1)
    assert M.replay_table(config[1], bytes(changed)).totals != want["scores"]
