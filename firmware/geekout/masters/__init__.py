"""Geek Out! Masters: its rules core and its screens, one module a job.

Rules side (pure, importable alone by the host tools): consts.py (the journal's byte
values and the game's numbers), rules.py (the rules core: virtual dice and the
table-dice scorepad), hint.py (the hint table reader).
Screens: play.py (what the app calls), setup.py, game.py (what both modes share),
dice.py (virtual dice), table.py (table dice), hintpage.py (the hint on screen),
end.py (game over).
"""
