"""Geekmon Capture on the gadget: the game screen, one mode per phase of the rules core.

draw    lay out the round's cards; mark the ones drawn after a luminous encounter (C1)
cards   name the cards from the catalog (type advantage, C13 thresholds), choose the
        active Geekmons (from round 2), then Throw!
throw   whose throw now and everyone's cubes left (the seat LED lights the thrower);
        UP/DOWN picks the cube thrown (or a critical catch, an elemental zone, an
        elemental cube), OK enters it (C2, C3, C12, C13)
check   card by card, each player's points on it, then the gadget decides (C3, C11);
        a tie asks type advantage when the catalog cannot tell, then the bull's eye
over    the end of the game: collections, line structure, scores (games/capture_end.py)
Every confirmed step is one journal record (payload: games/capture_fold.py); undo drops
the last step. Refused entries are toasted with the rules core's reason, nothing saved.
"""

from micropython import const

from geekout.games import capture_cat as cat
from geekout.games import capture_fold as F
from geekout.rules import capture as C
from geekout.ui import keys
from geekout.ui.core import Screen, title
from geekout.ui.widgets import SEAT_NAMES, Confirm, Menu, TextPage

_FLASH_SCORE = const(2)  # hal.leds.FLASH_SCORE
# Throw-mode options.
_GEEK = const(0)
_HYPER = const(1)
_CRIT = const(2)
_ZONE = const(3)
_ECUBE_OUT = const(4)
_ECUBE_BACK = const(5)
_OPT_TEXT = ("Geekcube", "Hypercube", "Critical catch", "Elemental zone", "Elem. cube out",
             "Elem. cube back")
HOW_TEXT = ("", "critical", "points", "type adv.", "bull's eye", "fled", "kept", "Munchkey",
            "taken", "caught")


class CaptureGame(Screen):
    name = "capture.game"

    def __init__(self, app, cfg, game):
        super().__init__(app.ui)
        self.app = app
        self.cfg = cfg
        self.game = game
        self.cat = cat.cards(app)
        self.note = ""  # the last thing that happened, shown on the screen
        self.menu = None  # the menu of a menu-like mode
        self.mode = ""
        self.opt = 0  # throw mode: option index
        self.lum = 0  # draw mode: luminous slots
        self.cursor = 0  # draw mode: slot cursor
        self.row = 0  # check mode: player row
        self.vals = bytearray(cfg.players)
        self.tkey = -1
        self.asked = False  # a tie: type advantage already asked
        self.end = None
        self.sync()

    # -- state queries ---------------------------------------------------------------
    @property
    def state(self):
        return self.game.state

    def counts(self):
        return [len(c) for c in self.state.collections]

    def seat(self):
        st = self.state
        if st.phase_name() == "throw":
            return st.thrower()
        if st.phase_name() == "check" and 0 <= self.row < st.players:
            return self.row
        return st.first

    def emit(self, event, text, scores=None, winners=None):
        st = self.state
        self.app.emit(event, min(st.round, self.cfg.rounds() - 1), self.cfg.rounds(),
                      self.seat(), st.players, scores or self.counts(), text, winners)

    # -- steps -------------------------------------------------------------------------
    def commit(self, acts, text):
        """Apply one step and save it as one journal record; False (and a toast with
        the reason) when the rules core refuses it: nothing is saved."""
        st = self.state
        rnd = st.round
        try:
            self.game.apply_step(acts)
        except ValueError as e:
            if len(acts) > 1:  # part of the step may have gone in: rebuild
                self.game = F.replay(self.cfg, self.app.journal.actions)
            self.refuse(str(e))
            return False
        self.app.journal.append(F.encode(acts))
        st = self.state
        if text:
            self.note = text
            self.emit("action", text)
        if st.is_terminal():
            self.emit("round", "Round {} over".format(rnd + 1))
            self.ui.cue("win")
        elif st.round != rnd:
            self.emit("round", "Round {} over, {} fled".format(rnd + 1, st.fled))
        self.sync()
        return True

    def refuse(self, reason):
        self.ui.toast(reason[:45])
        self.ui.cue("error")

    def undo(self):
        j = self.app.journal
        cut = F.last_step(j.actions)
        if cut < 0:
            self.ui.toast("Nothing to undo")
            return
        acts = F.step_actions(j.actions, cut)
        self.game = F.replay(self.cfg, j.actions[:cut])
        j.undo(len(j.actions) - cut)
        self.end = None
        self.tkey = -1
        text = "Undone: " + step_text(acts)
        self.note = text
        self.sync()
        self.ui.toast(text)
        self.emit("undo", text)

    # -- modes -------------------------------------------------------------------------
    def sync(self):
        """Choose the mode (and its menu) from the rules core's phase."""
        st = self.state
        phase = st.phase_name()
        self.menu = None
        leds = self.app.board.leds
        if phase == "over":
            if self.end is None:
                from geekout.games.capture_end import EndFlow

                self.end = EndFlow(self)
            self.mode = "end"
            self.menu = self.end.menu()
            leds.show_seats(st.players)
        elif phase == "draw":
            self.mode = "draw"
            self.lum = 0
            self.cursor = self.draw_count()
        elif phase == "setup":
            self.mode = "cards"
            self.menu = self.cards_menu()
        elif phase == "throw":
            self.mode = "throw"
            self.opt = 0
        elif phase == "check":
            self.mode = "check"
            key = st.round * 16 + st.tpos
            if key != self.tkey:
                self.tkey = key
                self.asked = False
                for p in range(st.players):
                    self.vals[p] = st.points[p]
                self.row = self.next_row(-1)
        elif phase == "bullseye":
            self.mode = "tie"
            self.menu = self.tie_menu()
        else:
            self.mode = "take"
            self.menu = self.take_menu()
        name = "capture." + self.mode
        if name != self.name:
            self.name = name
            if name not in self.ui.visited:
                self.ui.visited.append(name)
        if phase != "over":
            leds.show_turn(self.seat(), st.players)

    def enter(self):
        self.sync()

    # draw ------------------------------------------------------------------------------
    def draw_count(self):
        return min(C.SLOTS, self.state.deck)

    def key_draw(self, k):
        n = self.draw_count()
        if k == keys.UP:
            self.cursor = (self.cursor - 1) % (n + 1)
        elif k == keys.DOWN:
            self.cursor = (self.cursor + 1) % (n + 1)
        elif k == keys.OK:
            if self.cursor == n:
                lum = self.lum
                self.commit(F.draw_actions(lum, n), "Round {}: {} cards".format(
                    self.state.round + 1, n))
                return
            bit = 1 << self.cursor
            if not self.lum & bit and bin(self.lum).count("1") >= self.state.encounters:
                self.refuse("No encounter card left")
                return
            self.lum ^= bit

    # cards (setup phase) -----------------------------------------------------------------
    def cards_menu(self):
        st = self.state
        items = []
        self.slot_of = []
        for s in range(C.SLOTS):
            if st.slots[s] != C.NO_CARD:
                items.append(cat.slot_label(self.cat, st, s))
                self.slot_of.append(s)
        if st.round:
            items.append("Actives")
        items.append("Throw!")
        return Menu(self.ui, "R{}/{} cards".format(st.round + 1, self.cfg.rounds()), items,
                    self.chose_card, "capture.cards", _nothing, len(items) - 1)

    def chose_card(self, i):
        if i < len(self.slot_of):
            self.name_card(self.slot_of[i])
        elif i == len(self.slot_of) and self.state.round:
            self.choose_actives()
        else:
            self.commit([C.GO], "Throw!")

    def name_card(self, slot):
        """Name a card on the table from the catalog (C3 weakness, C13, C11 Munchkey)."""
        names = ["Unlisted"] + [c[1] for c in self.cat]

        def chose(i):
            self.ui.pop()
            if i == 0:
                return
            row = i - 1
            number = cat.number_for(self.cat, row)
            t = self.state.slots[slot]
            if t == C.NO_CARD:
                self.refuse("That card is gone")
            elif not number:
                self.refuse("No number for that card")
            elif C.number_of(t) != number and cat.in_play(self.state, number):
                self.refuse("Already in play")
            else:
                self.commit(cat.identify(self.cat, slot, row), "Card {} is {}".format(
                    slot + 1, self.cat[row][1]))

        self.ui.push(Menu(self.ui, "Card {} is".format(slot + 1), names, chose, "capture.catalog"))

    def choose_actives(self):
        st = self.state
        items = []
        for p in range(st.players):
            i = st.active[p]
            items.append("{} {}".format(SEAT_NAMES[p][:3], cat.coll_name(
                self.cat, self.cfg, p, i, st.collections[p][i])))

        def player(p):
            coll = self.state.collections[p]
            names = [cat.coll_name(self.cat, self.cfg, p, i, coll[i]) for i in range(len(coll))]

            def chose(i):
                self.ui.pop()
                self.ui.pop()
                self.commit([C.active_action(p, i)], "{} chooses {}".format(
                    SEAT_NAMES[p], names[i]))

            self.ui.push(Menu(self.ui, SEAT_NAMES[p] + "'s active", names, chose,
                              "capture.active", None, self.state.active[p]))

        self.ui.push(Menu(self.ui, "Actives", items, player, "capture.actives"))

    # throw -----------------------------------------------------------------------------
    def options(self):
        st = self.state
        out = []
        p = st.thrower()
        if st.phase_name() == "throw":
            if st.queue:
                out.append(st.queue[0] >> 2)
            else:
                if st.geek[p]:
                    out.append(_GEEK)
                if st.hyper[p]:
                    out.append(_HYPER)
        out.append(_CRIT)
        if self.cfg.arena:
            out.append(_ZONE)
        if st.solo:
            out.append(_ECUBE_OUT if st.ecubes else _ECUBE_BACK)
            if 0 < st.ecubes < C.ELEMENTAL_CUBES:
                out.append(_ECUBE_BACK)
        return out

    def key_throw(self, k):
        opts = self.options()
        if k == keys.UP:
            self.opt = (self.opt - 1) % len(opts)
        elif k == keys.DOWN:
            self.opt = (self.opt + 1) % len(opts)
        elif k == keys.OK:
            o = opts[self.opt % len(opts)]
            self.do_option(o)

    def do_option(self, o):
        st = self.state
        p = st.thrower()
        if o == _GEEK or o == _HYPER:
            self.opt = 0
            self.commit([C.throw_action(o)], "{}: {}".format(SEAT_NAMES[p], _OPT_TEXT[o]))
        elif o == _CRIT:
            self.critical()
        elif o == _ZONE:
            self.zone()
        else:
            back = o == _ECUBE_BACK
            self.commit([C.ecube_action(back)], "Elemental cube " + ("back" if back else "out"))

    def legal_of(self, kind):
        return [a for a in self.state.legal_actions() if a & 31 == kind]

    def critical(self):
        """C3: a cube on the critical catch icon: which card, whose cube."""
        crits = self.legal_of(C.A_CRITICAL)
        if not crits:
            self.refuse("No card to catch")
            return
        targets = []
        for a in crits:
            t = (a >> 5) & 15
            if t not in targets:
                targets.append(t)
        st = self.state
        labels = [cat.target_label(self.cat, st, t) for t in targets]

        def target(i):
            t = targets[i]
            who = [(a >> 9) & 3 for a in crits if (a >> 5) & 15 == t]
            last = st.last_thrower

            def catcher(j):
                self.ui.pop()
                self.ui.pop()
                c = who[j]
                if self.commit([C.critical_action(t, c)], "{} critical: {}".format(
                        SEAT_NAMES[c], labels[i])):
                    board = self.app.board
                    board.leds.flash(_FLASH_SCORE, board.clock(), c)
                    self.ui.cue("score")

            self.ui.push(Menu(self.ui, "Whose cube?", [SEAT_NAMES[c] for c in who], catcher,
                              "capture.catcher", None, who.index(last) if last in who else 0))

        self.ui.push(Menu(self.ui, "Critical catch", labels, target, "capture.crit"))

    def zone(self):
        """C12: a thrown cube landed in an elemental zone: it is thrown again."""
        acts = self.legal_of(C.A_ELEMENTAL)
        if not acts:
            self.refuse("No thrown cube")
            return
        labels = ["{} {}".format(SEAT_NAMES[(a >> 5) & 3][:3], _OPT_TEXT[(a >> 7) & 1])
                  for a in acts]

        def chose(i):
            self.ui.pop()
            self.commit([acts[i]], labels[i] + ": zone")

        self.ui.push(Menu(self.ui, "Cube in a zone", labels, chose, "capture.zone"))

    # check -----------------------------------------------------------------------------
    def room(self, p):
        st = self.state
        return st.max_points() - st.spent[p]

    def next_row(self, r):
        for p in range(r + 1, self.state.players):
            if self.room(p) > 0:
                return p
        return self.state.players  # past the last row: OK checks the card

    def prev_row(self, r):
        for p in range(r - 1, -1, -1):
            if self.room(p) > 0:
                return p
        return r

    def key_check(self, k):
        st = self.state
        r = self.row
        if r < st.players:
            span = self.room(r) + 1
            if k == keys.UP:
                self.vals[r] = (self.vals[r] + 1) % span
            elif k == keys.DOWN:
                self.vals[r] = (self.vals[r] - 1) % span
        if k == keys.BACK:
            self.row = self.prev_row(r)
        elif k == keys.OK:
            acts = []
            if r < st.players and self.vals[r] != st.points[r]:
                acts.append(C.points_action(r, self.vals[r]))
            nxt = self.next_row(r) if r < st.players else r
            if nxt >= st.players:
                acts.append(C.RESOLVE)
            target = st.target()
            label = cat.target_label(self.cat, st, target)
            if acts:
                if acts[-1] == C.RESOLVE:
                    self.check(acts, label)
                elif self.commit(acts, "{} {} pts".format(SEAT_NAMES[r], self.vals[r])):
                    self.row = nxt
            else:
                self.row = nxt

    def check(self, acts, label):
        """The capture check of one target (C3, C11, C13): the gadget decides."""
        st = self.state
        n = len(st.results)
        if not self.commit(acts, ""):
            return
        st = self.state
        if len(st.results) > n:
            self.note = result_text(label, st.results[-1])
        elif st.phase_name() == "bullseye":
            self.note = label + ": tie"
        else:
            self.note = label + ": take a card"
        self.emit("action", self.note)

    def tie_menu(self):
        """C3 tie: type advantage (when the catalog cannot tell), then the bull's eye."""
        st = self.state
        tied = st.tied
        t = st.target()
        if t >= C.ACTIVE_TARGET:
            w = C.weakness_of(st.active_card(t - C.ACTIVE_TARGET))
        else:
            w = C.weakness_of(st.slots[t])
        known = w != 0
        for p in tied:
            if not C.types_of(st.active_card(p)):
                known = False
        names = [SEAT_NAMES[p] for p in tied]
        if not known and not self.asked:
            return Menu(self.ui, "Type advantage?", names + ["No one"], self.chose_type,
                        "capture.type", _nothing)
        return Menu(self.ui, "Bull's eye?", names, self.chose_bullseye, "capture.bullseye",
                    _nothing)

    def chose_type(self, i):
        st = self.state
        if i >= len(st.tied):
            self.asked = True
            self.sync()
            return
        self.resolve_tie(st.tied[i], "type adv.")

    def chose_bullseye(self, i):
        self.resolve_tie(self.state.tied[i], "bull's eye")

    def resolve_tie(self, p, how):
        st = self.state
        label = cat.target_label(self.cat, st, st.target())
        # The core records the answer as the bull's eye: both name the capturer.
        if self.commit([C.bullseye_action(p)], ""):
            self.note = "{}: {} ({})".format(label, SEAT_NAMES[p], how)
            self.emit("action", self.note)

    def take_menu(self):
        """C11: a starter cannot be captured: the capturer may take another card."""
        st = self.state
        owner = st.target() - C.ACTIVE_TARGET
        coll = st.collections[owner]
        items = ["Nothing"] + [cat.coll_name(self.cat, self.cfg, owner, i, coll[i])
                               for i in range(1, len(coll))]

        def chose(i):
            self.commit([C.take_action(i)], "{} takes {}".format(SEAT_NAMES[st.taker], items[i]))

        return Menu(self.ui, SEAT_NAMES[st.taker][:3] + " takes from " + SEAT_NAMES[owner][:3],
                    items, chose, "capture.take", _nothing)

    # -- keys ------------------------------------------------------------------------
    def key(self, k):
        if self.menu is not None:
            self.menu.key(k)
        elif self.mode == "draw":
            self.key_draw(k)
        elif self.mode == "throw":
            self.key_throw(k)
        elif self.mode == "check":
            self.key_check(k)

    def long_ok(self):
        if self.end is not None:
            self.end.long_ok()
            return
        st = self.state
        items = ["Undo"]
        if self.legal_of(C.A_CRITICAL):
            items.append("Critical catch")
        if self.cfg.arena and self.legal_of(C.A_ELEMENTAL):
            items.append("Elemental zone")
        if self.mode in ("cards", "throw", "check") and st.target() < C.ACTIVE_TARGET:
            for s in st.slots:
                if s != C.NO_CARD:
                    items.append("Name a card")
                    break
        items += ["Collections", "Help", "Home", "End game"]
        self.ui.push(Menu(self.ui, "Game menu", items, lambda i: self.game_menu(items[i]),
                          "capture.menu"))

    def game_menu(self, item):
        ui = self.ui
        ui.pop()
        if item == "Undo":
            self.undo()
        elif item == "Critical catch":
            self.critical()
        elif item == "Elemental zone":
            self.zone()
        elif item == "Name a card":
            st = self.state
            slots = [s for s in range(C.SLOTS) if st.slots[s] != C.NO_CARD]
            ui.push(Menu(ui, "Name which?", [cat.slot_label(self.cat, st, s) for s in slots],
                         lambda i: (ui.pop(), self.name_card(slots[i])), "capture.which"))
        elif item == "Collections":
            show_collections(self)
        elif item == "Help":
            self.app.show_help()
        elif item == "Home":
            self.app.go_home()
        else:
            ui.push(Confirm(ui, "End this game? It will not be saved.", self.app.finish,
                            None, False, "capture.end?"))

    # -- drawing ---------------------------------------------------------------------
    def draw(self, fb):
        if self.menu is not None:
            self.menu.draw(fb)
            if self.mode in ("tie", "take"):
                fb.text(self.note[:16], 0, 56, 1)
            return
        if self.mode == "draw":
            self.draw_draw(fb)
        elif self.mode == "throw":
            self.draw_throw(fb)
        elif self.mode == "check":
            self.draw_check(fb)

    def draw_draw(self, fb):
        st = self.state
        n = self.draw_count()
        title(fb, "Round {}/{} draw".format(st.round + 1, self.cfg.rounds()))
        fb.text("First: " + SEAT_NAMES[st.first], 0, 11, 1)
        fb.text("Lay out {} cards".format(n), 0, 20, 1)
        for i in range(n + 1):
            x = i * 18
            if i < n:
                fb.rect(x + 2, 31, 14, 12, 1)
                fb.text(str(i + 1), x + 5, 33, 1)
                if self.lum & (1 << i):
                    fb.text("*", x + 5, 45, 1)
            else:
                fb.text("Go", x + 1, 33, 1)
            if i == self.cursor:
                fb.hline(x + 1, 53, 16, 1)
        fb.text("OK:luminous/Go" if self.cursor < n else "Fled {} Enc {}".format(
            st.fled, st.encounters), 0, 56, 1)

    def draw_throw(self, fb):
        st = self.state
        p = st.thrower()
        title(fb, "R{}/{} {} throws".format(st.round + 1, self.cfg.rounds(), SEAT_NAMES[p]))
        g, h = st.cubes
        for q in range(st.players):
            y = 11 + q * 9
            if q == p:
                fb.text(">", 0, y, 1)
            fb.text(SEAT_NAMES[q][:3], 8, y, 1)
            x = 36
            for i in range(g):
                if i < st.geek[q]:
                    fb.fill_rect(x, y + 1, 5, 5, 1)
                else:
                    fb.rect(x, y + 1, 5, 5, 1)
                x += 6 if g > 4 else 7
            x += 3
            for i in range(h):
                if i < st.hyper[q]:
                    fb.fill_rect(x, y, 7, 7, 1)
                else:
                    fb.rect(x, y, 7, 7, 1)
                x += 9
        if st.solo:
            fb.text("Zones: {} cubes".format(st.ecubes), 0, 29, 1)
        opts = self.options()
        o = opts[self.opt % len(opts)]
        text = _OPT_TEXT[o]
        if st.queue and o <= _HYPER:
            text = "Again: " + ("hyper" if o else "geek")
        fb.text("^v " + text, 0, 47, 1)
        fb.text(self.note[:16] if self.note else "OK: enter", 0, 56, 1)

    def draw_check(self, fb):
        st = self.state
        t = st.target()
        n = len(st.targets)
        title(fb, "Check {}/{}".format(st.tpos + 1, n))
        label = cat.target_label(self.cat, st, t)
        if st.solo and t < C.ACTIVE_TARGET:
            label = label[:10] + " need{}".format(solo_need(st, t))
        fb.text(label[:16], 0, 10, 1)
        for p in range(st.players):
            y = 20 + p * 9
            if p == self.row:
                fb.text(">", 0, y, 1)
            room = self.room(p)
            fb.text(SEAT_NAMES[p][:6], 8, y, 1)
            if room:
                fb.text("{:>2} of{:>2}".format(self.vals[p], room), 64, y, 1)
            else:
                fb.text(" no cubes", 56, y, 1)
        if self.row >= st.players:
            fb.text("OK: check card", 0, 56, 1)
        else:
            fb.text(self.note[:16] if self.note else "^v points OK", 0, 56, 1)


def show_collections(game):
    """Game menu > Collections: each player's cards (luminous marked *) and fled count."""
    ui = game.ui
    st = game.state
    items = ["{} {} cards".format(SEAT_NAMES[p], len(st.collections[p])) for p in range(st.players)]
    items.append("Fled: {}".format(st.fled))

    def chose(p):
        if p >= st.players:
            return
        coll = st.collections[p]
        text = "\n".join("{}{}".format(cat.coll_name(game.cat, game.cfg, p, i, coll[i]),
                                       "*" if coll[i] & C.LUMINOUS else "")
                         for i in range(len(coll)))
        ui.push(TextPage(ui, SEAT_NAMES[p], text, "capture.coll"))

    ui.push(Menu(ui, "Collections", items, chose, "capture.colls"))


def _nothing():
    pass


def solo_need(st, t):
    """C13: points that capture wild card t in the solo trials (as the core counts)."""
    card = st.slots[t]
    need = 2
    if card & C.LEGENDARY:
        need += 1
    if st.arena and C.types_of(card) & (1 << (st.arena - 1)):
        need += 1
    w = C.weakness_of(card)
    if w and C.types_of(st.active_card(0)) & (1 << (w - 1)):
        need -= 1
    return need


def result_text(label, res):
    _target, who, how = res
    if who < 0:
        return "{}: {}".format(label, HOW_TEXT[how])
    return "{}: {} ({})".format(label, SEAT_NAMES[who], HOW_TEXT[how])


def step_text(acts):
    """A short description of a step for the undo toast."""
    a = acts[-1] if acts else 0
    if a & 31 == F.A_NOTE:
        return "line entry"
    if a & 31 == C.A_DRAW:
        return "the draw"
    return C.action_text(a)
