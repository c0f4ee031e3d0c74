"""Writes the sample galaxy battle journals of this directory from short scripts.

Run from the repository root: .venv/bin/python tests/data/battle/make_samples.py
The scripts use the notation of tests/vectors/battle_check.py; each game is also a
worked example in tests/vectors/battle_vectors.py (B8-*).
"""

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "vectors"))

from battle_check import parse_one, split_token  # noqa: E402
from battle_vectors import LEAVE, OPEN3, PASS  # noqa: E402
from geekout.battle import rules as b  # noqa: E402
from geekout_tools.battle import json_events as jsonev  # noqa: E402

SAMPLES = {
    "supremacy.json": (3, "P0 creates two drones while the others keep one ship each",
                       OPEN3 + "cell done move:0:s*3 done " + PASS * 2
                       + "cell done drone:s move:1:s turn:0 done " + PASS * 2
                       + "cell done done drone:s"),
    "overload.json": (3, "P0 collects the centre supernova and six small stars",
                      OPEN3 + "cell done move:0:n move:0:s*2 done " + PASS * 2
                      + "cell done move:0:s*3 done " + PASS * 2 + "cell done move:0:s"),
    "destroyer.json": (3, "P0 destroys three motherships",
                       OPEN3 + LEAVE * 3 + "cell atk:0>1.0 done turn:0 atk:0>2.0 turn:0*2 done "
                       + LEAVE * 2 + "cell atk:0>1.0"),
    "four-players-running.json": (4, "a 4-player game in progress: bombs, a shield, a "
                                  "teleport, a merge; no winner yet",
                                  "first:2 cell*8 stars:sb stars:bb stars:ss stars:sb "
                                  "cell done move:0:sb! move:0:s turn:0 done "
                                  "cell done move:0 turn:0*2 done "
                                  "cell done stars:sb+ssb move:0:b turn:0 done "
                                  "cell done move:0 turn:0*2 done "
                                  "cell atk:0>3.0! done turn:0*3 done"),
    "second-drone.json": (3, "illegal: P0 tries a second drone in one turn (B4)",
                          OPEN3 + "cell done move:0:s*3 done " + PASS * 2
                          + "cell done drone:s move:1:s drone:s"),
    # Journals as the rules before ruling B11 took them.
    "pre-b11-merge.json": (3, "written before B11, refused by it: P0 places 2 small stars "
                           "and enters a supernova of 3 bombs already on the map (event 12)",
                           "first:0 cell*6 stars:bb*3 cell done stars:ss+bbb"),
    "pre-b11-base.json": (3, "written before B11, refused by it: P0's mothership moves onto "
                          "the base its new drone stands on (event 31)",
                          OPEN3 + "cell done move:0:s*3 done " + PASS * 2
                          + "cell done drone:s move:0@base"),
    "pre-b11-replays.json": (3, "written before B11, replays with it: P0's star shield on "
                             "two bombs (its star now stays on the map), P1's mothership "
                             "destroyed while P1's drone holds the base (now beside it, "
                             "off the base), then play both rules allow",
                             "first:0 cell*6 stars:bb stars:ss stars:ss "
                             "cell done move:0:bb! turn:0*2 done "
                             "cell done move:0:s*3 done " + PASS + LEAVE
                             + "cell done drone:s turn:0*2 done " + PASS
                             + "cell atk:0>1.0 done turn:0*3 done "
                             "cell move:1 done done turn:0*3 done"),
}


def events_of(players, steps):
    """The script's events; past the first refusal the events are kept as written."""
    s = b.new_initial_state(players)
    out = []
    for token in steps.split():
        times, p, bare = split_token(token, -1)
        for _ in range(times):
            ev = parse_one(bare, s.seat if p < 0 else p)
            out.append(ev)
            if s.is_legal(ev):
                s.apply(ev)
    return out


def main():
    for name, (players, note, steps) in SAMPLES.items():
        events = [jsonev.to_json(ev) for ev in events_of(players, steps)]
        lines = ",\n".join("  " + json.dumps(ev) for ev in events)
        text = '{{"note": {},\n "players": {},\n "events": [\n{}\n]}}\n'.format(
            json.dumps(note), players, lines)
        (HERE / name).write_text(text)
        print(name, len(events), "events")


if __name__ == "__main__":
    main()
