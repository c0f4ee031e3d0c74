"""Geekmon Capture on the gadget: the end of the game (imported when it comes; the
rules core and the game screen are dropped from RAM by then: the end screen holds the
collections, see games/capture.py final_data).

Each player's collection is listed by catalog card; a card the catalog does not place in
a line (or that was never named) shows "?" and the players enter its line structure:
1-stage, 2-stage, 3-stage, Hyro, legendary, Milemoon, Mouselet or a Mouselet branch,
and for a line the letter it shares with the other cards of that line (the starter's
line is A). Each entry is a journal step (a note, games/capture_fold.py). Scores: the
rules' scorer (rules/capture_score: C4-C9, C12 arena, C7 Milemoon search, C10 winners
and tiebreaks, C13 rank), with totals and a per-line breakdown.
"""

from micropython import const

from geekout.games import capture_cat as cat
from geekout.games import capture_fold as F
from geekout import keys
from geekout.ui.core import Screen, title
from geekout.ui.widgets import SEAT_NAMES, Confirm, Menu, TextPage

_LEGENDARY = const(4096)  # traits bits (rules/capture_actions)
_LUMINOUS = const(16384)
_T_SHIFT = const(4)
# Offsets in a catalog card's bytes (games/capture_cat.py), specials bits
# (rules/capture_catalog SP_*).
_STAGES = const(2)
_SPECIAL = const(5)
_LINE = const(6)  # 255: no line
_SP_MILEMOON = const(4)
_SP_HYRO = const(8)
_SP_MOUSELET = const(16)
_SP_MALE = const(32)
_SP_FEMALE = const(64)
_SP_LEGENDARY = const(2)
# Line structure kinds of a collection card (the end-of-game entry, C4-C9).
_K_UNKNOWN = const(0)
_K_SINGLE = const(1)
_K_TWO = const(2)
_K_THREE = const(3)
_K_HYRO = const(4)
_K_LEGEND = const(5)
_K_MILEMOON = const(6)
_K_MOUSELET = const(7)
_K_MALE = const(8)
_K_FEMALE = const(9)
LINES = "ABCDEFGHIJKL"  # line letters a player gives the cards of one line
# Type ids 1-8 (rules/capture_score.TYPE_NAMES, kept here so the lines need no scorer).
TYPE_NAMES = ("fire", "water", "plant", "magnetic", "mystical", "twilight", "earth", "beast")
KIND_NAMES = ("?", "1-stage", "2-stage", "3-stage", "Hyro (4)", "Legendary", "Milemoon",
              "Mouselet", "Male branch", "Female branch")
KIND_SHORT = ("?", "1", "2", "3", "H", "L", "Mm", "Mo", "M", "F")


class EndScreen(Screen):
    """Game over: a menu of the players' collections, Scores, Done."""

    name = "capture.end"

    def __init__(self, app, data):
        super().__init__(app.ui)
        self.app = app
        # A finished game without the rules core (games/capture.py final_data): the
        # collections as traits ints, whether the solo trials were lost, the fled count,
        # and the players' line entries (notes: player | card<<2 -> kind | line<<4 |
        # arena<<8, as capture_fold.Game), kept up to date as entries are added or undone.
        (self.cfg, self.players, self.solo, self.lost, self.fled, self.collections,
         self.notes, self.steps) = data
        self.cat = cat.cards(app)
        self.scored = None  # (totals, winner seats) once the scores were shown
        self.menu = self.end_menu()

    def enter(self):
        self.app.board.leds.show_seats(self.players)

    def key(self, k):
        self.menu.key(k)

    def draw(self, fb):
        self.menu.draw(fb)

    def refresh(self, index=0):
        self.menu = self.end_menu()
        self.menu.index = index

    def emit(self, event, text, scores=None, winners=None):
        n = self.cfg.rounds()
        self.app.emit(event, n - 1, n, -1, self.players, scores or
                      [len(c) for c in self.collections], text, winners)

    def apply_step(self, acts):
        for a in acts:
            if a & 31 != F.A_NOTE:
                raise ValueError("the game is over")
        for a in acts:
            a >>= 5
            p = a & 3
            i = (a >> 2) & 127
            if p >= self.players or i >= len(self.collections[p]) or (a >> 9) & 15 > _K_FEMALE \
                    or (a >> 13) & 15 >= len(LINES):
                raise ValueError("no such card")
            self.notes[a & 511] = a >> 9 & 511
        self.steps += 1

    def refold(self, payload, cut):
        """The line entries again, up to offset `cut` (an undo of an entry)."""
        notes = {}
        for start, acts in F.steps(payload):
            if start >= cut:
                break
            for a in acts:
                if a & 31 == F.A_NOTE:
                    notes[a >> 5 & 511] = a >> 14 & 511
        self.notes = notes
        self.steps -= 1

    def refuse(self, reason):
        self.ui.toast(reason[:45])
        self.ui.cue("error")

    def commit(self, acts, text):
        """A line entry as one journal step; False (toast) when refused."""
        try:
            self.apply_step(acts)
        except ValueError as e:
            self.refuse(str(e))
            return False
        self.app.journal.append(F.encode(acts))
        self.emit("action", text)
        return True

    def undo(self):
        j = self.app.journal
        cut = F.last_step(j.actions)
        if cut < 0:
            self.ui.toast("Nothing to undo")
            return
        acts = F.step_actions(j.actions, cut)
        notes = True
        for a in acts:
            if a & 31 != F.A_NOTE:
                notes = False
        j.undo(len(j.actions) - cut)
        self.emit("undo", "Undone: " + ("line entry" if notes else "last check"))
        if notes:
            self.refold(j.actions, cut)
            self.refresh()
            self.ui.toast("Undone: line entry")
            return
        # Back into the game at the next tick, once this module and the scorer have left
        # RAM: the rules core replays the journal.
        cat.unload("geekout.games.capture_end")
        cat.unload("geekout.rules.capture_score")
        from geekout.games import capture

        self.ui.replace(capture.Starting(self.app, self.cfg.data, j.actions))

    # -- structures ------------------------------------------------------------------
    def structure(self, p, i):
        """(kind, line letter index, arena) of collection card i of player p: the
        players' entry, else what the starter and the catalog say."""
        got = self.notes.get(p | i << 2)
        if got is not None:
            return (got & 15, got >> 4 & 15, got >> 8)
        cfg = self.cfg
        traits = self.collections[p][i]
        arena = 0
        if cfg.arena and (traits >> _T_SHIFT & 255) & (1 << (cfg.arena - 1)):
            arena = 1
        if i == 0:
            return (_K_THREE if cfg.stages[p] == 3 else _K_TWO, 0, arena)
        cards = self.cat
        r = cat.row_of(cards, traits)
        if r < 0:
            return (_K_LEGEND if traits & _LEGENDARY else _K_UNKNOWN, 0, arena)
        sp = cards.get(r, _SPECIAL)
        st = cards.get(r, _STAGES)
        line = cards.get(r, _LINE)
        if sp & _SP_MILEMOON:
            return (_K_MILEMOON, 0, arena)
        if sp & _SP_LEGENDARY:
            return (_K_LEGEND, 0, arena)
        if sp & _SP_MOUSELET:
            return (_K_MOUSELET, 0, arena)
        if sp & _SP_MALE:
            return (_K_MALE, 0, arena)
        if sp & _SP_FEMALE:
            return (_K_FEMALE, 0, arena)
        if st == 1:
            return (_K_SINGLE, 0, arena)
        if line == 255 or not (st or sp & _SP_HYRO):
            return (_K_UNKNOWN, 0, arena)
        # The letter of the catalog line in player p's collection: the starter's line is
        # A, the other catalog lines B, C... in the order their first card was caught.
        kind = _K_HYRO if st == 4 or sp & _SP_HYRO else st
        r0 = cfg.rows[p] - 1
        own = cards.get(r0, _LINE) if 0 <= r0 < len(cards) else 255
        if own == line:
            return (kind, 0, arena)
        seen = []
        coll = self.collections[p]
        for j in range(1, len(coll)):
            r = cat.row_of(cards, coll[j])
            if r < 0:
                continue
            key = cards.get(r, _LINE)
            if key == 255 or key in seen or key == own:
                continue
            seen.append(key)
            if key == line:
                n = len(seen)
                return (kind, n, arena) if n < len(LINES) else (_K_UNKNOWN, 0, arena)
        return (_K_UNKNOWN, 0, arena)

    def unknown(self, p):
        n = 0
        for i in range(len(self.collections[p])):
            if self.structure(p, i)[0] == _K_UNKNOWN:
                n += 1
        return n

    # -- screens ---------------------------------------------------------------------
    def end_menu(self):
        items = []
        for p in range(self.players):
            u = self.unknown(p)
            items.append("{} {} cards{}".format(SEAT_NAMES[p][:3], len(self.collections[p]),
                                                 " ?{}".format(u) if u else ""))
        items += ["Scores", "Done"]
        head = "Trials failed" if self.lost else "Game over"
        return Menu(self.ui, head, items, self.chose, "capture.end", _nothing)

    def chose(self, i):
        if i < self.players:
            self.ui.push(self.card_list(i))
        elif i == self.players:
            self.scores()
        else:
            self.app.finish()

    def card_list(self, p, index=0):
        coll = self.collections[p]
        items = []
        for i in range(len(coll)):
            traits = coll[i]
            kind, line, arena = self.structure(p, i)
            tag = KIND_SHORT[kind]
            if kind in (_K_TWO, _K_THREE, _K_HYRO):
                tag += LINES[line]
            name = cat.coll_name(self.cat, self.cfg, p, i, traits)
            items.append("{:<10}{}{}".format(name[:9], tag, "*" if traits & _LUMINOUS else ""))

        def chose(i):
            if i == 0:
                self.ui.toast("The starter's line is A")
                return
            self.ui.push(LineEditor(self, p, i))

        return Menu(self.ui, SEAT_NAMES[p] + " lines", items, chose, "capture.cards_end", None,
                    index)

    def long_ok(self):
        items = ["Undo", "Help", "Home", "End game"]

        def chose(i):
            ui = self.ui
            ui.pop()
            if i == 0:
                self.undo()
            elif i == 1:
                self.app.show_help()
            elif i == 2:
                self.app.go_home()
            else:
                ui.push(Confirm(ui, "End this game? It will not be saved.", self.app.finish,
                                None, False, "capture.end?"))

        self.ui.push(Menu(self.ui, "Game menu", items, chose, "capture.end_menu"))

    # -- scoring ---------------------------------------------------------------------
    def score_cards(self, p):
        """Player p's collection as score-file Geekmons (DESIGN.md), or raise
        ValueError naming the first card still to enter."""
        cfg = self.cfg
        coll = self.collections[p]
        out = []
        for i in range(len(coll)):
            kind, line, arena = self.structure(p, i)
            traits = coll[i]
            name = cat.coll_name(self.cat, cfg, p, i, traits)
            if kind == _K_UNKNOWN:
                raise ValueError("{} card {}: its line?".format(SEAT_NAMES[p], i + 1))
            d = {"name": name}
            if kind == _K_SINGLE:
                d["stages"] = 1
            elif kind in (_K_TWO, _K_THREE, _K_HYRO):
                d["stages"] = kind
                d["line"] = LINES[line]
            elif kind == _K_LEGEND:
                d["legendary"] = True
            elif kind == _K_MILEMOON:
                d["milemoon"] = True
            else:
                d["line"] = "mouselet"
                if kind == _K_MOUSELET:
                    d["mouselet"] = True
                else:
                    d["branch"] = "male" if kind == _K_MALE else "female"
            if i == 0:
                d["starter"] = True
            if traits & _LUMINOUS:
                d["luminous"] = True
            mask = (traits >> _T_SHIFT & 255)
            if arena and cfg.arena:
                mask |= 1 << (cfg.arena - 1)
            if mask:
                d["types"] = [TYPE_NAMES[t] for t in range(8) if mask & (1 << t)]
            out.append(d)
        return out

    def scores(self):
        st = self
        checked = []
        # The scorer is in RAM only while it scores: the lines below are plain values.
        from geekout.rules import capture_score as S

        try:
            for p in range(st.players):
                checked += S.check_players([{"name": SEAT_NAMES[p], "geekmons": self.score_cards(p)}])
        except ValueError as e:
            self.refuse(str(e).replace("player ", "").replace("'", ""))
            return
        res = S.score(checked, self.cfg.arena, st.solo)
        S = None
        cat.unload("geekout.rules.capture_score")
        lines = []
        totals = [e["total"] for e in res["players"]]
        winners = [SEAT_NAMES.index(w) for w in res["winners"]]
        if st.solo:
            e = res["players"][0]
            lines.append("Score {}".format(e["total"]))
            lines.append("Trials failed" if st.lost else e["rank"])
        else:
            if len(winners) == 1:
                lines.append("Winner: " + SEAT_NAMES[winners[0]])
            else:
                lines.append("Shared: " + " ".join(SEAT_NAMES[w][:3] for w in winners))
            # C10: why the winner(s) won: points, then more Geekmons, then more legendaries
            players = res["players"]
            top = players[winners[0]]["total"]
            level = [i for i in range(len(players)) if players[i]["total"] == top]
            if len(level) == 1:
                why = "most points"
            else:
                g = players[winners[0]]["geekmons"]
                level = [i for i in level if players[i]["geekmons"] == g]
                if len(level) == 1:
                    why = "tie: more Geekmons"
                elif len(winners) == 1:
                    why = "tie: more legendaries"
                else:
                    why = "tie shared"
            lines.append("(" + why + ")")
        for p in range(st.players):
            e = res["players"][p]
            lines.append("{} {} pts".format(SEAT_NAMES[p], e["total"]))
            lines += self.breakdown(p, e["cards"])
        if self.scored is None:
            self.emit("end", lines[0], totals, winners)
        self.scored = (totals, winners)
        self.ui.cue("win")
        self.ui.push(TextPage(self.ui, "Scores", "\n".join(lines), "capture.scores"))

    def breakdown(self, p, cards):
        """Points per line (A, B...), Mouselet, 1-stage, legendary, Milemoon."""
        heads = []
        counts = []
        pts = []
        for i in range(len(cards)):
            kind, line, _a = self.structure(p, i)
            if kind in (_K_TWO, _K_THREE, _K_HYRO):
                h = "Line " + LINES[line]
            elif kind >= _K_MOUSELET:
                h = "Mouselet"
            else:
                h = KIND_NAMES[kind]
            if h in heads:
                j = heads.index(h)
                counts[j] += 1
                pts[j] += cards[i]["points"]
            else:
                heads.append(h)
                counts.append(1)
                pts.append(cards[i]["points"])
        return [" {:<8}x{:<2}{:>4}".format(heads[j][:8], counts[j], pts[j]) for j in range(len(heads))]


class LineEditor(Screen):
    """One card's line structure: UP/DOWN change the field, OK goes on (and saves at the
    end), BACK goes back (or leaves without saving)."""

    name = "capture.line"

    def __init__(self, flow, p, i):
        super().__init__(flow.ui)
        self.flow = flow
        self.p = p
        self.i = i
        kind, line, arena = flow.structure(p, i)
        self.kind = kind or _K_SINGLE
        self.line = line
        self.arena = arena
        self.field = 0
        self.ask_arena = flow.cfg.arena and not flow.collections[p][i] >> _T_SHIFT & 255

    def fields(self):
        n = 1
        if self.kind in (_K_TWO, _K_THREE, _K_HYRO):
            n += 1
        return n + (1 if self.ask_arena else 0)

    def key(self, k):
        f = self.field
        has_line = self.kind in (_K_TWO, _K_THREE, _K_HYRO)
        if k == keys.UP or k == keys.DOWN:
            d = 1 if k == keys.UP else -1
            if f == 0:
                self.kind = (self.kind - 1 + d) % _K_FEMALE + 1
            elif f == 1 and has_line:
                self.line = (self.line + d) % len(LINES)
            else:
                self.arena ^= 1
        elif k == keys.BACK:
            if f:
                self.field -= 1
            else:
                self.ui.pop()
        elif k == keys.OK:
            if f + 1 < self.fields():
                self.field += 1
            else:
                line = self.line if has_line else 0
                # a note: games/capture_fold.py A_NOTE | player | card<<2 | kind<<9 |
                # line<<13 | arena<<17
                if self.flow.commit([F.A_NOTE | (self.p | self.i << 2 | self.kind << 9
                                                 | line << 13 | self.arena << 17) << 5],
                                         "{} card {}: {}".format(SEAT_NAMES[self.p], self.i + 1,
                                                                 KIND_NAMES[self.kind])):
                    # the card list again, on the same card
                    fl = self.flow
                    fl.ui.pop()
                    fl.ui.replace(fl.card_list(self.p, self.i))
                    fl.refresh(self.p)

    def draw(self, fb):
        fl = self.flow
        traits = fl.collections[self.p][self.i]
        title(fb, cat.coll_name(fl.cat, fl.cfg, self.p, self.i, traits))
        rows = ["Kind: " + KIND_NAMES[self.kind]]
        if self.kind in (_K_TWO, _K_THREE, _K_HYRO):
            rows.append("Line: " + LINES[self.line])
        if self.ask_arena:
            rows.append("Arena type: " + ("yes" if self.arena else "no"))
        for r in range(len(rows)):
            y = 14 + r * 11
            if r == self.field:
                fb.text(">", 0, y, 1)
            fb.text(rows[r][:15], 8, y, 1)
        fb.text("^v change  OK", 12, 56, 1)


def _nothing():
    pass
