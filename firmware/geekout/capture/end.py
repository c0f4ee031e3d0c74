"""Geekmon Capture on the gadget: the end of the game.

Each player's collection is listed by catalog card; a card the catalog does not place in
a line (or that was never named) shows "?" and the players give its line structure: all
the "?" cards of a player at once by line (tally.py), or one card at a time (kind, line
letter, arena type). Each entry is a journal step of notes (steps.note_action). Scores:
the rules' scorer (score.py: C4-C9, C12, C7 Milemoon search, C10 winners and tiebreaks,
C13 rank), with totals and a breakdown by line, luminous and arena points.
"""

from geekout.capture import cards, score, steps
from geekout.capture.consts import (
    A_NOTE,
    K_FEMALE,
    K_HYRO,
    K_LEGEND,
    K_MALE,
    K_MILEMOON,
    K_MOUSELET,
    K_SINGLE,
    K_THREE,
    K_TWO,
    K_UNKNOWN,
    LEGENDARY,
    LINES,
    LUMINOUS,
    SP_HYRO,
    SPECIAL_KINDS,
    T_SHIFT,
    TYPE_NAMES,
)
from geekout.capture.pick import Rows, seat_led
from geekout.capture.screen import CaptureScreen
from geekout.modules import forget
from geekout.ui.core import title
from geekout.ui.widgets import MENU_END, SEAT_NAMES, Fields, TextPage

KIND_NAMES = ("?", "1-stage", "2-stage", "3-stage", "Hyro (4)", "Legendary", "Milemoon",
              "Mouselet", "Male line", "Female line")  # C9: the Mouselet's two lines
KIND_SHORT = ("?", "1", "2", "3", "H", "L", "Mm", "Mo", "M", "F")
_WIDE = 15  # columns a list item fills: the 16th is the scroll marks' (pick.Rows)


class EndScreen(CaptureScreen):
    """Game over: a menu of the players' collections, Scores, Done. The line entries
    are steps of the game (game.py); undoing the last check goes back into the game."""

    name = "capture.end"

    def __init__(self, app, cfg, game, marks, game_screen):
        super().__init__(app, cfg, game, marks)
        self.game_screen = game_screen  # round.CaptureGame, for an undo back into the game
        self.cat = cards.cards(app)
        self.scored = None  # (totals, winner seats) once the scores were shown
        self.last = None  # (player, kind, line, arena) of the last card entered alone
        self.menu = self.end_menu()

    def enter(self):
        self.app.board.leds.show_seats(self.players())

    def key(self, k):
        self.menu.key(k)

    def draw(self, fb):
        self.menu.draw(fb)

    def refresh(self, index=-1):
        """The menu again (its counts), the cursor on item `index` (-1: the useful one)."""
        self.menu = self.end_menu(index)

    def counted(self, p):
        """Player p's "?" cards were counted (tally.py): back to the players, on the
        next one with "?" cards, else on Scores. The count's module leaves RAM with its
        screen (the scores' peak)."""
        while self.ui.top() is not self:
            self.ui.pop()
        forget("geekout.capture.tally")
        self.refresh()

    def emit(self, event, text, scores=None, winners=None):
        n = self.cfg.rounds()
        self.app.emit(event, n - 1, n, -1, self.players(), scores or
                      [len(c) for c in self.state.collections], text, winners)

    def take(self, acts, text=""):
        """A line entry as one step (game.py); False (toast) when refused."""
        if not super().take(acts):
            return False
        self.emit("action", text)
        return True

    def show_seat(self):
        self.app.board.leds.show_seats(self.players())

    def undone(self, removed):
        notes = True
        for a in steps.step_actions(removed, 0):
            if a & 31 != A_NOTE:
                notes = False
        if notes:
            self.refresh()
            return "Undone: line entry"
        # the last check undone: back into the game
        self.ui.replace(self.game_screen(self.app, self.cfg, self.game, self.marks))
        return "Undone: last check"

    # -- structures ------------------------------------------------------------------
    def structure(self, p, i):
        """(kind, line letter index, arena) of collection card i of player p: the
        players' entry, else what the starter and the catalog say."""
        got = self.game.notes.get(p | i << 2)
        if got is not None:
            return (got & 15, got >> 4 & 15, got >> 8)
        cfg = self.cfg
        traits = self.state.collections[p][i]
        arena = 0
        if cfg.arena and (traits >> T_SHIFT & 255) & (1 << (cfg.arena - 1)):
            arena = 1
        if i == 0:
            return (K_THREE if cfg.stages[p] == 3 else K_TWO, 0, arena)
        c = self.cat
        r = cards.row_of(c, traits)
        if r < 0:
            return (K_LEGEND if traits & LEGENDARY else K_UNKNOWN, 0, arena)
        sp = c.get(r, cards.SPECIAL)
        st = c.get(r, cards.STAGES)
        line = c.get(r, cards.LINE)
        for bit, kind in SPECIAL_KINDS:
            if sp & bit:
                return (kind, 0, arena)
        if st == 1:
            return (K_SINGLE, 0, arena)
        if line == 255 or not (st or sp & SP_HYRO):
            return (K_UNKNOWN, 0, arena)
        # The letter of the catalog line in player p's collection: the starter's line is
        # A, the other catalog lines B, C... in the order their first card was caught.
        kind = K_HYRO if st == 4 or sp & SP_HYRO else st
        r0 = cfg.rows[p] - 1
        own = c.get(r0, cards.LINE) if 0 <= r0 < len(c) else 255
        if own == line:
            return (kind, 0, arena)
        seen = []
        coll = self.state.collections[p]
        for j in range(1, len(coll)):
            r = cards.row_of(c, coll[j])
            if r < 0:
                continue
            key = c.get(r, cards.LINE)
            if key == 255 or key in seen or key == own:
                continue
            seen.append(key)
            if key == line:
                n = len(seen)
                return (kind, n, arena) if n < len(LINES) else (K_UNKNOWN, 0, arena)
        return (K_UNKNOWN, 0, arena)

    def letters(self, p, skip=-1):
        """How many of player p's cards (card `skip` aside) each line letter holds: A is
        the starter's line."""
        used = bytearray(len(LINES))
        used[0] = 1
        for j in range(1, len(self.state.collections[p])):
            if j != skip:
                kind, line, _a = self.structure(p, j)
                if kind in (K_TWO, K_THREE, K_HYRO):
                    used[line] += 1
        return used

    def unknown(self, p):
        n = 0
        for i in range(len(self.state.collections[p])):
            if self.structure(p, i)[0] == K_UNKNOWN:
                n += 1
        return n

    # -- screens ---------------------------------------------------------------------
    def end_menu(self, index=-1):
        """Each player ("Red 12 cards", or the "?" cards left: "Red: 11 ?"), Scores,
        Done; the cursor on `index`, else on the first player with "?" cards, else on
        Scores."""
        n = self.players()
        items = []
        for p in range(n):
            u = self.unknown(p)
            if u:
                items.append("{}: {} ?".format(SEAT_NAMES[p], u))
                if index < 0:
                    index = p
            else:
                items.append("{} {}".format(SEAT_NAMES[p], cards.n_cards(len(self.state.collections[p]))))
        items += ["Scores", "Done"]
        head = "Trials failed" if self.state.lost else "Game over"
        return Rows(self.ui, head, items, self.chose, "capture.end", cards.stay,
                    n if index < 0 else index, "", list(range(n)), n)

    def chose(self, i):
        if i < self.players():
            self.ui.push(self.card_list(i))
        elif i == self.players():
            self.scores()
        else:
            self.app.finish()

    def card_list(self, p, card=-1):
        """Player p's cards with their structures; first, while any is "?", the way to
        count them all at once. The cursor on `card`, else on the count (three "?" cards
        or more), else on the first "?" card."""
        coll = self.state.collections[p]
        u = self.unknown(p)
        items = []
        at = []  # the card of each item (-1: the count)
        if u:
            items.append("Count the {} ?".format(u))
            at.append(-1)
        first = -1
        for i in range(len(coll)):
            traits = coll[i]
            kind, line, arena = self.structure(p, i)
            tag = KIND_SHORT[kind]
            if kind in (K_TWO, K_THREE, K_HYRO):
                tag += LINES[line]
            elif kind == K_UNKNOWN and first < 0:
                first = len(items)
            name = cards.coll_name(self.cat, self.game, p, i)
            if traits & LUMINOUS:
                tag += "*"
            # the structure at the right end ("Zapstrum    3B*"), a column short of the
            # scroll marks; a long name puts it on a second line
            pad = _WIDE - len(name) - len(tag)
            items.append(name + (" " * pad if pad > 0 else "\n" + " " * (_WIDE - len(tag))) + tag)
            at.append(i)
        index = at.index(card) if card in at else (0 if u >= 3 else max(first, 0))

        def chose(j):
            i = at[j]
            if i < 0:
                from geekout.capture.tally import Count  # in RAM while its screen is shown

                # in the list's place: the two are not in RAM together (the end's peak)
                self.ui.replace(Count(self, p))
            elif i == 0:
                self.ui.toast("The starter's line is A")
            else:
                self.ui.push(LineEditor(self, p, i))

        m = Rows(self.ui, SEAT_NAMES[p] + "'s lines", items, chose, "capture.cards_end",
                 None, index, "", p, self.players())
        m.cards = at
        return m

    def long_ok(self):
        items = ("Undo",) + MENU_END

        def chose(i):
            self.ui.pop()
            if i == 0:
                self.undo()
            elif items[i] == "Help":
                from geekout.capture import help as h  # for the page only

                h.show(self.ui, "end")
            else:
                self.app.menu_end(items[i])

        self.ui.push(Rows(self.ui, "Game menu", items, chose, "capture.end_menu"))

    # -- scoring ---------------------------------------------------------------------
    def score_cards(self, p):
        """Player p's collection as score-file Geekmons (docs/design.md), or raise
        ValueError naming the first card still to enter."""
        cfg = self.cfg
        coll = self.state.collections[p]
        out = []
        for i in range(len(coll)):
            kind, line, arena = self.structure(p, i)
            traits = coll[i]
            name = cards.coll_name(self.cat, self.game, p, i)
            if kind == K_UNKNOWN:
                raise ValueError("{} card {}: its line?".format(SEAT_NAMES[p], i + 1))
            d = {"name": name}
            if kind == K_SINGLE:
                d["stages"] = 1
            elif kind in (K_TWO, K_THREE, K_HYRO):
                d["stages"] = kind
                d["line"] = LINES[line]
            elif kind == K_LEGEND:
                d["legendary"] = True
            elif kind == K_MILEMOON:
                d["milemoon"] = True
            else:
                d["line"] = "mouselet"
                if kind == K_MOUSELET:
                    d["mouselet"] = True
                else:
                    d["branch"] = "male" if kind == K_MALE else "female"
            if i == 0:
                d["starter"] = True
            if traits & LUMINOUS:
                d["luminous"] = True
            mask = (traits >> T_SHIFT & 255)
            if arena and cfg.arena:
                mask |= 1 << (cfg.arena - 1)
            if mask:
                d["types"] = [TYPE_NAMES[t] for t in range(8) if mask & (1 << t)]
            out.append(d)
        return out

    def scores(self):
        checked = []
        given = []  # each player's score-file Geekmons: the breakdown's luminous and arena
        try:
            for p in range(self.players()):
                given.append(self.score_cards(p))
                checked += score.check_players([{"name": SEAT_NAMES[p], "geekmons": given[p]}])
        except ValueError as e:
            self.refuse(str(e).replace("player ", "").replace("'", ""))
            return
        res = score.score(checked, self.cfg.arena, self.state.solo)
        lines = []
        totals = [e["total"] for e in res["players"]]
        winners = [SEAT_NAMES.index(w) for w in res["winners"]]
        if self.state.solo:
            e = res["players"][0]
            lines.append("Score {}".format(e["total"]))
            lines.append("Trials failed" if self.state.lost else e["rank"])
        else:
            if len(winners) == 1:
                lines.append("Winner: " + SEAT_NAMES[winners[0]])
            else:
                lines.append("Shared: " + ", ".join(SEAT_NAMES[w] for w in winners))
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
        for p in range(self.players()):
            e = res["players"][p]
            lines.append("{} {}".format(SEAT_NAMES[p], cards.n_pts(e["total"])))
            lines += self.breakdown(p, given[p], e["cards"])
        if self.scored is None:
            self.emit("end", lines[0], totals, winners)
        self.scored = (totals, winners)
        self.ui.cue("win")
        self.ui.push(TextPage(self.ui, "Scores", "\n".join(lines), "capture.scores"))

    def breakdown(self, p, given, points):
        """Points per line (A, B...), Mouselet, 1-stage, legendary, Milemoon, then the
        luminous and arena bonuses apart: they go with a card, not with its line (C4,
        C12), and which "?" card holds which structure is the players' choice."""
        heads = []
        counts = []
        pts = []
        lum = 0
        arena = 0
        kind_of_arena = TYPE_NAMES[self.cfg.arena - 1] if self.cfg.arena else ""
        for i in range(len(points)):
            kind, line, _a = self.structure(p, i)
            v = points[i]["points"]
            if given[i].get("luminous"):
                lum += 1
                v -= score.BONUS_LUMINOUS
            if kind_of_arena in given[i].get("types", ()):
                arena += 1
                v -= score.BONUS_ARENA
            if kind in (K_TWO, K_THREE, K_HYRO):
                h = "Line " + LINES[line]
            elif kind >= K_MOUSELET:
                h = "Mouselet"
            else:
                h = KIND_NAMES[kind] if kind != K_LEGEND else "Legend"
            if h in heads:
                j = heads.index(h)
                counts[j] += 1
                pts[j] += v
            else:
                heads.append(h)
                counts.append(1)
                pts.append(v)
        if lum:
            heads.append("Luminous")
            counts.append(lum)
            pts.append(lum * score.BONUS_LUMINOUS)
        if arena:
            heads.append("Arena")
            counts.append(arena)
            pts.append(arena * score.BONUS_ARENA)
        # "Legend   x1    9": the kind (8 letters at most), how many cards, their points
        return ["{:<8} x{:<2} {:>3}".format(heads[j], counts[j], pts[j]) for j in range(len(heads))]


class LineEditor(Fields):
    """One card's line structure: UP/DOWN change the field, OK goes on (and saves at the
    end), BACK goes back (or leaves without saving)."""

    name = "capture.line"

    def __init__(self, flow, p, i):
        super().__init__(flow.ui)
        self.flow = flow
        self.p = p
        self.i = i
        kind, line, arena = flow.structure(p, i)
        self.used = flow.letters(p, i)  # the letters the player's other cards hold
        last = flow.last
        new = kind not in (K_TWO, K_THREE, K_HYRO)
        if kind == K_UNKNOWN and last is not None and last[0] == p:
            # The cards of a line come one after the other: the card before's kind, and
            # its line and arena answer while that line has room (a line's kind is its
            # stages, K_TWO to K_HYRO); a full line: a new line of that kind.
            kind = last[1]
            if kind in (K_TWO, K_THREE, K_HYRO) and self.used[last[2]] < kind:
                line = last[2]
                arena = last[3]
                new = False
        if new:
            # a new line: the first letter no other card holds, never the starter's A
            line = 1
            while line < len(LINES) - 1 and self.used[line]:
                line += 1
        self.kind = kind or K_SINGLE
        self.line = line
        self.arena = arena
        self.field = 0
        self.ask_arena = flow.cfg.arena and not flow.state.collections[p][i] >> T_SHIFT & 255

    def has_line(self):
        return self.kind in (K_TWO, K_THREE, K_HYRO)

    def count(self):
        return 1 + (1 if self.has_line() else 0) + (1 if self.ask_arena else 0)

    def change(self, field, step):
        if field == 0:
            self.kind = (self.kind - 1 + step) % K_FEMALE + 1
        elif field == 1 and self.has_line():
            self.line = (self.line + step) % len(LINES)
        else:
            self.arena ^= 1

    def finish(self):
        line = self.line if self.has_line() else 0
        if self.flow.take([steps.note_action(self.p, self.i, self.kind, line, self.arena)],
                            "{} card {}: {}".format(SEAT_NAMES[self.p], self.i + 1,
                                                    KIND_NAMES[self.kind])):
            fl = self.flow
            p = self.p
            fl.last = (p, self.kind, line, self.arena)
            # the card list again, on the next "?" card (else on this one)
            n = len(fl.state.collections[p])
            nxt = self.i
            for j in range(1, n):
                k = (self.i + j) % n
                if fl.structure(p, k)[0] == K_UNKNOWN:
                    nxt = k
                    break
            fl.ui.pop()
            fl.ui.replace(fl.card_list(p, nxt))
            fl.refresh(p if fl.unknown(p) else -1)

    def draw(self, fb):
        fl = self.flow
        seat_led(fl.app.board.leds, self.p, fl.players())
        title(fb, "{} card {}".format(SEAT_NAMES[self.p], self.i + 1))
        fb.text(cards.coll_name(fl.cat, fl.game, self.p, self.i), 0, 10, 1)
        rows = [KIND_NAMES[self.kind]]
        if self.kind in (K_TWO, K_THREE, K_HYRO):
            n = self.used[self.line]
            # which line the letter is: the starter's, a new one, or one with cards in it
            rows.append("Line {}: {}".format(LINES[self.line], "starter" if not self.line else (
                "{} more".format(n) if n else "new")))
        if self.ask_arena:
            rows.append("Arena type: " + ("yes" if self.arena else "no"))
        for r in range(len(rows)):
            y = 21 + r * 11
            if r == self.field:
                fb.text(">", 0, y, 1)
            fb.text(rows[r], 8, y, 1)
        fb.text("^v change  OK", 12, 56, 1)

