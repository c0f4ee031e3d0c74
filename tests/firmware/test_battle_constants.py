"""The battle's screens and legal-event helper keep private copies of the rules core's
constants (private `const` names take no RAM on the gadget). This checks every copy
against the core, and the action ids the turn screen and the entry screens share."""

import importlib

from geekout.rules import battle as B

COPIES = ("geekout.games.battle", "geekout.games.battle_after", "geekout.games.battle_end",
          "geekout.games.battle_entry", "geekout.games.battle_status",
          "geekout.rules.battle_legal")


# The core's constants that other modules copy (phases, unique-action bits, star kinds,
# limits); other private names of a module are its own (word indexes, question ids).
MIRRORED = ("_PH_", "_ACTION_POINTS", "_BOMB", "_SMALL", "_NOVA", "_TELEPORT", "_WORMHOLE_UA",
            "_SHIELD", "_MAX_LEVEL", "_WIN_")


def _mirrored(k):
    return any(k == m or (m.endswith("_") and k.startswith(m)) for m in MIRRORED)


def _consts(mod):
    return {k: v for k, v in vars(mod).items() if k.isupper() or (k[:1] == "_" and k[1:].isupper())
            if isinstance(v, int) and not isinstance(v, bool)}


def test_private_copies_equal_the_rules_core():
    core = _consts(B)
    checked = 0
    for name in COPIES:
        for k, v in _consts(importlib.import_module(name)).items():
            if not _mirrored(k):
                continue
            want = core.get(k, core.get(k[1:]))  # PH_TACTICAL may be copied as _PH_TACTICAL
            assert want is not None, "{}.{}: no such constant in the core".format(name, k)
            assert v == want, "{}.{} = {}, the core says {}".format(name, k, v, want)
            checked += 1
    assert checked >= 15


def test_turn_and_entry_screens_agree_on_action_ids():
    turn = _consts(importlib.import_module("geekout.games.battle"))
    entry = _consts(importlib.import_module("geekout.games.battle_entry"))
    common = [k for k in entry if k.startswith("_A_") and k in turn]
    assert len(common) >= 6
    assert all(turn[k] == entry[k] for k in common)
