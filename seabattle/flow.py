"""The flow of screens: abstract actions in (seabattle.ui UP ... NEXT), a ui.Screen out.

No display code: a renderer shows ``flow.screen`` after each ``act(action)`` or ``tick(now)``,
and a test can play a whole game by calling ``act``. The clock is injected through ``tick(now)``
(seconds, any origin): the computer's shots and the pause after the last shot wait on it.

Screens (``flow.name``): title, level, place, place_menu, battle, pause, end, stats, about, and
the duel screens duel, duel_host, duel_join, duel_code, duel_wait, duel_reconnect, duel_gone,
duel_saved (seabattle.flowduel: loaded when a duel is chosen, dropped back on the title).
"""

import sys

from seabattle import board as B
from seabattle import coords, fleet, placement, rules as R, sound, strings, ui
from seabattle.match import LocalMatch
from seabattle.records import Records

# (key, the computer player's class): a class, or "module.Class" of seabattle imported when that
# level is chosen, so that a level's module is loaded only for its games (never in a duel)
LEVELS = (("easy", "ai.Easy"), ("normal", "ai.Normal"), ("hard", "ai_hard.Hard"))
# what a game against the computer uses at its start (the computer's fleet) and end (the habits
# it learns from the player's fleet), each loaded for that moment only, not kept for the battle
COMPUTER = ("ai_fleet", "habits")
MOVE_DELAY = 0.7  # seconds between the computer's shots, so a player can follow them
END_DELAY = 1.2  # seconds the last «Убил!» stays before the end screen
LETTERS = ("russian", "latin", "respublika", "snegurochka")


class Settings:
    """What the title menu changes; a board may save it."""

    def __init__(self, lang="ru", letters=None, rules="classic", sound_on=True, level=0):
        # letters None: the language's own (А–К for ru/uk, A–J for en) until the player picks
        self.lang = lang
        self.letters = letters
        self.rules = rules
        self.sound_on = sound_on
        self.level = level


def forget(name):
    """Drop the module ``name`` of seabattle (loaded on demand) from sys.modules and the package,
    so its code and tables can be collected once nothing else refers to them. Only on a board's
    VM (MicroPython, CircuitPython): on a desktop it would only part tests from the module they
    imported."""
    if sys.implementation.name != "cpython" and name in sys.modules:
        del sys.modules[name]
        import seabattle

        try:
            delattr(seabattle, name.split(".")[-1])
        except (AttributeError, TypeError):
            pass


def _cycle(options, value, step):
    i = options.index(value) if value in options else 0
    return options[(i + step) % len(options)]


class Flow:
    def __init__(self, rng, settings=None, sounds=None, records=None, levels=None,
                 on_records=None, duel=None, saved=None):
        self.rng = rng
        self.settings = settings or Settings()
        self.sounds = sounds or sound.Silent()
        self.records = records or Records()
        self.levels = levels or LEVELS
        self.on_records = on_records  # called with the Records after each finished game
        self.duel = duel  # a duel adapter (seabattle.duel), or None: the duel menu says so
        self.now = 0.0
        self.screen = ui.Screen()
        self.name = ""
        self.match = None
        self.wait_until = -1.0
        self.keys = []
        self.mode = "ai:" + self.levels[0][0]
        self.swapped = False
        # saved games: ``results`` counts shot results, so the board can save the game (see
        # ``saving``) at those safe points only; ``resumable`` is (Game, level index) that the
        # title menu offers to continue, from a save (``saved``: seabattle.save.loads' pair) or
        # a game left through the pause menu
        self.results = 0
        self.resumable = None
        if saved is not None:
            self._offer(saved[0], saved[1])
        self._apply_settings()
        self.go_title()

    # ----- helpers -----------------------------------------------------------------------------

    def _apply_settings(self):
        s = self.settings
        self.table = strings.load(s.lang)
        if s.letters is None:
            s.letters = "latin" if s.lang == "en" else "russian"
        self.conv = coords.convention(s.letters)
        self.rules = R.preset(s.rules)

    def t(self, key, **params):
        return strings.say(self.table, key, params)

    def cell(self, square):
        return self.conv.format(square, self.rules.width)

    def _cue(self, cue):
        if self.settings.sound_on:
            self.sounds.play(cue)

    def _labels(self):
        s = self.screen
        w = self.rules.width
        s.cols = [self.conv.column(x) for x in range(w)]
        s.rows = [str(y + 1) for y in range(self.rules.height)]

    def _page(self, name, page, title=""):
        s = self.screen
        if s.width != self.rules.width or s.height != self.rules.height:
            s.resize(self.rules.width, self.rules.height)
        self.name = name
        s.name = name
        s.page = page
        s.title = title
        s.message = ""
        s.tone = ui.TONE_PLAIN
        s.hint = ""
        s.lines = []

    def _menu(self, name, title, keys, texts, selected=0, hint=None):
        self._page(name, ui.P_MENU, title)
        self.keys = keys
        self.screen.items = texts
        self.screen.selected = selected if selected < len(texts) else 0
        self.screen.hint = self.t("hint_menu") if hint is None else hint
        self.screen.changed()

    def _info(self, name, title, lines, hint=None):
        self._page(name, ui.P_INFO, title)
        self.screen.selected = 0
        self.screen.lines = lines
        self.screen.hint = self.t("hint_info") if hint is None else hint
        self.screen.changed()

    def _menu_move(self, action):
        """Up/down (and NEXT) through a menu; returns True if the action was a move."""
        s = self.screen
        n = len(s.items)
        if action == ui.UP:
            s.selected = (s.selected - 1) % n
        elif action in (ui.DOWN, ui.NEXT):
            s.selected = (s.selected + 1) % n
        else:
            return False
        s.changed()
        return True

    # ----- input -------------------------------------------------------------------------------

    def act(self, action):
        """Apply one action to the current screen."""
        if self.name.startswith("duel"):
            self._duel_screens().act(self, action)
        else:
            getattr(self, "_act_" + self.name)(action)

    def tick(self, now):
        """Let time pass: the computer's shots, the pause before the end screen, the duel link."""
        self.now = now
        if self.name == "battle" and self.wait_until >= 0 and now >= self.wait_until:
            self.wait_until = -1.0
            self._after_wait()
        elif self.name == "battle" and not self.match.duel:
            # a slice of the computer's thinking every frame; it fires only once the pause is over
            shot = self.match.think(self.wait_until < 0)
            if shot is not None:
                self._shown(shot, False)
        if self.duel is not None and getattr(self.duel, "active", True):
            self.duel.poll(self, now)

    # ----- title and settings ------------------------------------------------------------------

    def go_title(self, selected=0):
        """The title menu, with row ``selected`` (an index, or a key such as "stats") chosen."""
        s = self.settings
        self.forget_duel()
        keys = ["play", "duel", "rules", "letters", "lang", "sound", "stats", "about"]
        texts = [
            self.t("menu_play"),
            self.t("menu_duel"),
            self.t("menu_rules", value=self.t("rules_" + s.rules)),
            self.t("menu_letters", value=self.t("letters_" + s.letters)),
            self.t("menu_lang", value=self.t("lang_name")),
            self.t("menu_sound", value=self.t("on" if s.sound_on else "off")),
            self.t("menu_stats"),
            self.t("menu_about"),
        ]
        offer = self.duel.resumable() if getattr(self.duel, "resumable", None) else None
        if offer is not None:  # a duel saved before a reset (seabattle.duelplay)
            keys.insert(0, "duel_continue")
            texts.insert(0, self.t("menu_duel_continue"))
        if self.resumable is not None:
            keys.insert(0, "continue")
            texts.insert(0, self.t("menu_continue"))
        if isinstance(selected, str):
            selected = keys.index(selected)
        self._menu("title", self.t("title"), keys, texts, selected)

    def _act_title(self, action):
        if self._menu_move(action):
            return
        key = self.keys[self.screen.selected]
        step = -1 if action == ui.LEFT else 1
        s = self.settings
        if action in (ui.LEFT, ui.RIGHT) or (action == ui.FIRE and key in ("rules", "letters", "lang", "sound")):
            if key == "rules":
                s.rules = _cycle(R.preset_names(), s.rules, step)
            elif key == "letters":
                s.letters = _cycle(LETTERS, s.letters, step)
            elif key == "lang":
                s.lang = _cycle(strings.LANGUAGES, s.lang, step)
            elif key == "sound":
                s.sound_on = not s.sound_on
            else:
                return
            self._apply_settings()
            self._cue(sound.CLICK)
            self.go_title(self.screen.selected)
            return
        if action != ui.FIRE:
            return
        self._cue(sound.CLICK)
        if key == "continue":
            self.continue_game()
        elif key == "duel_continue":
            self.go_duel_saved()
        elif key == "play":
            self.go_level()
        elif key == "duel":
            self.go_duel()
        elif key == "stats":
            self.go_stats()
        elif key == "about":
            self.go_about()

    def go_level(self):
        keys = [k for k, _f in self.levels]
        texts = [self.t("level_" + k) for k in keys]
        self._menu("level", self.t("level_title"), keys, texts, self.settings.level)

    def _act_level(self, action):
        if self._menu_move(action):
            return
        if action == ui.FIRE:
            self.settings.level = self.screen.selected
            self._cue(sound.CLICK)
            self.mode = "ai:" + self.keys[self.screen.selected]
            self._factory(self.screen.selected)  # its module loads now, before the game's objects
            __import__("seabattle.ai_fleet")  # so does the fleet's: go_battle uses and drops it
            self.go_place()
        elif action in (ui.BACK, ui.MENU):
            self.go_title()

    def go_stats(self):
        rec = self.records
        games, wins, shots, hits, win_shots = rec.total()
        lines = [
            self.t("stats_games", games=games, wins=wins),
            self.t("stats_accuracy", pct=(100 * hits // shots) if shots else 0),
            self.t("stats_to_win", n=(win_shots // wins) if wins else "\u2014"),
        ]
        for mode in rec.modes():
            row = rec.rows[mode]
            lines.append(self.t("stats_mode", mode=self._mode_name(mode), wins=row[1], games=row[0],
                                pct=(100 * row[3] // row[2]) if row[2] else 0))
        if not rec.modes():
            lines.append(self.t("stats_none"))
        self._info("stats", self.t("menu_stats"), lines)

    def _mode_name(self, mode):
        if mode == "duel":
            return self.t("mode_duel")
        return self.t("level_" + mode[3:]) if mode.startswith("ai:") else mode

    def go_about(self):
        lines = [self.t("about_%d" % i) for i in range(1, 7)]
        self._info("about", self.t("menu_about"), lines)

    def _scroll(self, action):
        """Up/down scroll an info page (``selected`` is the first row shown)."""
        s = self.screen
        if action == ui.UP and s.selected > 0:
            s.selected -= 1
        elif action in (ui.DOWN, ui.NEXT) and s.selected < 2 * len(s.lines):
            s.selected += 1
        else:
            return False
        s.changed()
        return True

    def _act_stats(self, action):
        if self._scroll(action):
            return
        if action in (ui.FIRE, ui.BACK, ui.MENU):
            self.go_title("stats")

    def _act_about(self, action):
        if self._scroll(action):
            return
        if action in (ui.FIRE, ui.BACK, ui.MENU):
            self.go_title("about")

    # ----- placement ---------------------------------------------------------------------------

    def go_place(self, keep=False):
        if not keep:
            self.ships = []
            self.todo = list(self.rules.fleet)
            self.vertical = False
            self.anchor = 0
        self._page("place", ui.P_BOARD, self.t("place_title"))
        self._labels()
        self.error = ""
        self._place_show()

    def _preview(self):
        """The ship at the cursor (kept on the board), and the error that forbids it or None."""
        if not self.todo:
            return None, None
        size = self.todo[0]
        w = self.rules.width
        h = self.rules.height
        x = self.anchor % w
        y = self.anchor // w
        if self.vertical:
            y = min(y, h - size)
        else:
            x = min(x, w - size)
        self.anchor = y * w + x
        ship = fleet.line(self.rules, x, y, size, self.vertical)
        try:
            fleet.check_ship(self.rules, ship, self.ships)
        except fleet.FleetError as err:
            return ship, err
        return ship, None

    def _place_show(self):
        s = self.screen
        ui.ships_tiles(self.rules, self.ships, s.big)
        ship, err = self._preview()
        s.show_small = False
        s.mark = -1
        s.cursor = self.anchor
        if ship is not None:
            kind = ui.T_BAD if err is not None else ui.T_OK
            for sq in ship.cells:
                s.big[sq] = kind
            s.message = err.text(self.table, self.conv) if err is not None else self.t("place_hint")
            s.tone = ui.TONE_HIT if err is not None else ui.TONE_PLAIN
            s.lines = [
                self.t("place_ship", size=self.todo[0]),
                self.t("place_left", n=len(self.todo)),
                self.cell(self.anchor),
                self.t("vertical" if self.vertical else "horizontal"),
            ]
        else:
            s.message = self.t("place_ready")
            s.tone = ui.TONE_GOOD
            s.lines = [self.t("place_done"), self.cell(self.anchor)]
        if self.error:
            s.message = self.error
            s.tone = ui.TONE_HIT
            self.error = ""
        s.hint = self.t("hint_place")
        s.changed()

    def _move(self, square, action):
        w = self.rules.width
        h = self.rules.height
        x = square % w
        y = square // w
        if action == ui.LEFT:
            x = (x - 1) % w
        elif action == ui.RIGHT:
            x = (x + 1) % w
        elif action == ui.UP:
            y = (y - 1) % h
        elif action == ui.DOWN:
            y = (y + 1) % h
        elif action == ui.NEXT:
            x += 1
            if x == w:
                x = 0
                y = (y + 1) % h
        else:
            return -1
        return y * w + x

    def _act_place(self, action):
        moved = self._move(self.anchor, action)
        if moved >= 0:
            self.anchor = moved
        elif action == ui.BACK:
            self.vertical = not self.vertical
        elif action == ui.FIRE:
            if self._place_fire():
                return
        elif action == ui.SWITCH:
            self._auto(placement.random_fleet)
        elif action == ui.MENU:
            self.go_place_menu()
            return
        self._place_show()

    def _place_fire(self):
        """Put the ship in hand down; with the fleet complete, start the battle (True)."""
        ship, err = self._preview()
        if ship is None:
            self.go_battle()
            return True
        if err is not None:
            self.error = err.text(self.table, self.conv)
            self._cue(sound.BAD)
        else:
            self.ships.append(ship)
            self.todo.pop(0)
            self._cue(sound.CLICK)
            self._next_free()
        return False

    def _next_free(self):
        """Move the cursor on to the next spot where the ship in hand may stand, so that
        placing a fleet with few buttons takes few presses."""
        if not self.todo:
            return
        start = self.anchor
        cells = self.rules.cells
        for i in range(cells):
            self.anchor = (start + i) % cells
            ship, err = self._preview()
            if err is None and self.anchor == (start + i) % cells:
                return
        self.anchor = start

    def _undo(self):
        """Take the last ship placed back into hand."""
        if self.ships:
            ship = self.ships.pop()
            self.todo.insert(0, ship.size)
            self.vertical = ship.size > 1 and ship.cells[1] - ship.cells[0] != 1
            self.anchor = ship.cells[0]

    def _auto(self, make):
        f = make(self.rules, self.rng)
        self.ships = list(f.ships)
        self.todo = []
        self._cue(sound.CLICK)

    def go_place_menu(self):
        keys = ["undo", "random", "perelman", "clear", "back_place"]
        if not self.todo:
            keys.insert(0, "battle")
        keys.append("quit")
        self._menu("place_menu", self.t("place_title"), keys, [self.t("pm_" + k) for k in keys])

    def _act_place_menu(self, action):
        if self._menu_move(action):
            return
        if action in (ui.BACK, ui.MENU):
            self.go_place(True)
            return
        if action != ui.FIRE:
            return
        key = self.keys[self.screen.selected]
        if key == "undo":
            self._undo()
        elif key == "random":
            self._auto(placement.random_fleet)
        elif key == "perelman":
            self._auto(placement.perelman_fleet)
        elif key == "clear":
            self.go_place()
            return
        elif key == "battle":
            self.go_battle()
            return
        elif key == "quit":
            self.go_title()
            return
        self.go_place(True)

    # ----- battle ------------------------------------------------------------------------------

    def go_battle(self):
        mine = fleet.Fleet(self.rules, self.ships)
        try:
            mine.validate()
        except fleet.FleetError as err:  # cannot happen from the screen, but never start illegal
            self.error = err.text(self.table, self.conv)
            self.go_place(True)
            return
        self.resumable = None  # a new game takes the saved one's place at its first result
        if self.duel is not None and self.mode == "duel":
            self.match = self.duel.start(mine)
            self.go_duel_wait()
            return
        factory = self._factory(self.settings.level)
        from seabattle import ai_fleet

        enemy = ai_fleet.computer_fleet(self.rules, self.rng)
        ai_fleet = None
        forget("seabattle.ai_fleet")  # the battle does not need it
        first = self.rng.randrange(2)
        self.match = LocalMatch(self.rules, mine, enemy, self._opponent(factory, self.rules), first)
        self.start_battle()

    def _factory(self, level):
        """The computer player's class of ``level`` (an index in ``levels``), its module loaded
        now if the level names it ("ai_hard.Hard"); a module of another level is dropped."""
        factory = self.levels[level][1]
        self._drop_levels(factory)
        if isinstance(factory, str):
            mod, name = factory.split(".")
            factory = getattr(__import__("seabattle." + mod, None, None, (name,)), name)
        return factory

    def _drop_levels(self, keep=None):
        """Forget the modules of the levels given as "module.Class" (loaded on demand), but
        ``keep``'s: a game against another level does not hold them. With no ``keep`` (a duel)
        the modules of COMPUTER go too."""
        mine = keep.split(".")[0] if isinstance(keep, str) else ""
        for _key, other in self.levels:
            if isinstance(other, str) and other.split(".")[0] != mine:
                forget("seabattle." + other.split(".")[0])
        if keep is None:
            for name in COMPUTER:
                forget("seabattle." + name)

    def _opponent(self, factory, rules):
        """The computer player; the hard one expects the placement habits learnt from this
        player's earlier fleets (seabattle.habits, kept with the statistics)."""
        hard = sys.modules.get("seabattle.ai_hard")
        if hard is not None and factory is hard.Hard:
            from seabattle import habits

            styles = habits.styles(self.records.habits.get(rules.name))
            habits = None
            forget("seabattle.habits")
            return factory(rules, self.rng, styles=styles)
        return factory(rules, self.rng)

    def start_battle(self, resumed=False):
        self._page("battle", ui.P_BOARD, "")
        self._labels()
        self.aim = (self.rules.height // 2) * self.rules.width + self.rules.width // 2
        self.swapped = False
        self.result = ""
        self.result_tone = ui.TONE_PLAIN
        self.wait_until = -1.0
        if not self.match.my_turn():
            self.result = "" if resumed else self.t("enemy_first")
            self.wait_until = self.now + MOVE_DELAY
        self._battle_show()

    # ----- saved games -------------------------------------------------------------------------

    def _offer(self, game, extra):
        """Offer ``game`` (loaded by seabattle.save; ``extra`` is the level key) on the title."""
        if game.over():
            return
        key = bytes(extra).decode()
        level = 0
        for i in range(len(self.levels)):
            if self.levels[i][0] == key:
                level = i
        self.resumable = (game, level)

    def saving(self):
        """(Game, extra bytes) for seabattle.save.dumps while a game against the computer is on,
        else None (no game, a duel (it keeps its own state), or a finished game: the end
        screen's statistics clear it). Ask after ``results`` changes, never per frame."""
        m = self.match
        if m is None or m.duel or m.over() or self.name not in ("battle", "pause"):
            return None  # "end": over, or surrendered
        return m.game, self.mode[3:].encode()

    def continue_game(self):
        """Play on the game in ``resumable``: same fleets, shots, turn and computer level."""
        game, level = self.resumable
        self.resumable = None
        self.rules = game.rules
        self.settings.level = level
        self.mode = "ai:" + self.levels[level][0]
        factory = self._factory(level)
        # a fresh computer player: it reads what it knows from its chart (game.views[1])
        self.match = LocalMatch(game.rules, game.fleets[0], game.fleets[1], self._opponent(factory, game.rules),
                                game.first, game=game)
        self.start_battle(True)

    def _battle_show(self):
        s = self.screen
        m = self.match
        s.show_small = True
        if self.swapped:
            ui.board_tiles(m.board, s.big, m.enemy_view)
            ui.view_tiles(m.view, s.small)
            s.cursor = -1
            s.mark = m.last(1)
            s.small_mark = m.last(0)
        else:
            ui.view_tiles(m.view, s.big)
            ui.board_tiles(m.board, s.small, m.enemy_view)
            s.cursor = self.aim
            s.mark = m.last(0)
            s.small_mark = m.last(1)
        st = m.stats(0)
        left = self._afloat(m.view.afloat)
        turn = self.t("your_turn") if m.my_turn() else self.t("their_turn")
        s.lines = [turn, self.cell(self.aim), self.t("score", hits=st.hits, shots=st.shots)] + left
        if self.swapped:
            s.lines[1] = self.t("my_fleet")
        s.message = self.result
        s.tone = self.result_tone
        s.hint = self.t("hint_battle")
        s.changed()

    def _afloat(self, sizes):
        """Ships still afloat by size, two sizes a line: ``4:1 3:2``."""
        counts = []
        for size in sizes:
            if counts and counts[-1][0] == size:
                counts[-1][1] += 1
            else:
                counts.append([size, 1])
        parts = ["%d:%d" % (c[0], c[1]) for c in counts]
        lines = []
        for i in range(0, len(parts), 2):
            lines.append(" ".join(parts[i:i + 2]))
        return lines or [self.t("none_left")]

    def _answer(self, shot):
        if shot.answer == B.MISS:
            return self.t("miss"), ui.TONE_MISS, sound.SPLASH
        if shot.answer == B.HIT:
            return self.t("hit"), ui.TONE_HIT, sound.HIT
        return self.t("sunk"), ui.TONE_SUNK, sound.SUNK

    def _act_battle(self, action):
        if action in (ui.BACK, ui.SWITCH):
            self.swapped = not self.swapped
            self._battle_show()
            return
        if action == ui.MENU:
            self.go_pause()
            return
        if self.swapped:
            return
        moved = self._move(self.aim, action)
        if moved >= 0:
            self.aim = moved
            self._battle_show()
            return
        if action != ui.FIRE:
            return
        m = self.match
        if not m.my_turn() or self.wait_until >= 0:
            self.result = self.t("wait_turn")
            self.result_tone = ui.TONE_PLAIN
            self._battle_show()
            return
        try:
            shot = m.fire(self.aim)
        except ValueError:  # ShotError (that cell again); a duel's DuelError (not your turn)
            self.result = self.t("err_shot_twice", cell=self.cell(self.aim))
            self.result_tone = ui.TONE_PLAIN
            self._cue(sound.BAD)
            self._battle_show()
            return
        self._cue(sound.SHOT)
        if shot is None:  # a duel: the answer comes back over the link
            self.result = self.t("shot_sent", cell=self.cell(self.aim))
            self.result_tone = ui.TONE_PLAIN
            self._battle_show()
            return
        self._shown(shot, True)

    def _shown(self, shot, mine):
        self.results += 1  # a safe point: the board saves the game now (see ``saving``)
        text, tone, cue = self._answer(shot)
        self._cue(cue)
        if mine:
            self.result = "%s %s" % (self.cell(shot.square), text)
        else:
            self.result = self.t("enemy_shot", cell=self.cell(shot.square), answer=text)
        self.result_tone = tone
        if self.match.over():
            self.wait_until = self.now + END_DELAY
        elif not self.match.my_turn():
            self.wait_until = self.now + MOVE_DELAY
        self._battle_show()

    def _after_wait(self):
        m = self.match
        if m.over():
            self.go_end()
        elif not m.my_turn() and not m.duel:
            shot = m.think()  # its first slice; tick() calls again each frame until it fires
            if shot is not None:
                self._shown(shot, False)
            else:
                self._battle_show()
        else:
            self._battle_show()

    def go_pause(self):
        keys = ["resume", "swap", "quit"] if self.match.duel else ["resume", "swap", "surrender", "quit"]
        self._menu("pause", self.t("pause_title"), keys, [self.t("pause_" + k) for k in keys])

    def _act_pause(self, action):
        if self._menu_move(action):
            return
        if action in (ui.BACK, ui.MENU):
            self._resume()
            return
        if action != ui.FIRE:
            return
        key = self.keys[self.screen.selected]
        if key == "resume":
            self._resume()
        elif key == "swap":
            self.swapped = not self.swapped
            self._resume()
        elif key == "surrender":
            self.surrendered = True
            self.go_end(surrender=True)
        else:
            if self.saving() is not None:  # still saved: offer it on the title
                self.resumable = (self.match.game, self.settings.level)
            if self.match.duel:  # the link closes; the title offers the duel to go back to
                self.duel.cancel()
            self.go_title()

    def _resume(self):
        self._page("battle", ui.P_BOARD, "")
        self._labels()
        self._battle_show()

    # ----- end ---------------------------------------------------------------------------------

    def go_end(self, surrender=False):
        m = self.match
        self.resumable = None
        won = m.won() and not surrender
        st = m.stats(0)
        self.records.add(self.mode, won, st.shots, st.hits)
        if not m.duel:  # the loser may inspect the winner's board: the computer may learn from it
            from seabattle import habits

            known = self.records.habits
            known[m.rules.name] = habits.observe(known.get(m.rules.name), m.rules, m.game.fleets[0])
            habits = None
            forget("seabattle.habits")
        if self.on_records is not None:
            self.on_records(self.records)
        self._cue(sound.WIN if won else sound.LOSE)
        self._page("end", ui.P_BOARD, "")
        self._labels()
        self.end_won = won
        self.end_problems = m.verify()
        self.swapped = False
        self._end_show()

    def _end_show(self):
        s = self.screen
        m = self.match
        s.show_small = True
        if self.swapped:
            ui.board_tiles(m.board, s.big, m.enemy_view)
            ui.revealed_tiles(m.view, m.revealed(), s.small)
        else:
            ui.revealed_tiles(m.view, m.revealed(), s.big)
            ui.board_tiles(m.board, s.small, m.enemy_view)
        s.cursor = -1
        s.mark = -1
        s.small_mark = -1
        st = m.stats(0)
        if self.end_problems is None:  # a duel whose fleets are still being revealed
            checked = self.t("checking")
        elif self.end_problems:
            checked = self.t("not_verified", n=len(self.end_problems))
        else:
            checked = self.t("verified")
        s.lines = [
            checked,
            self.t("score", hits=st.hits, shots=st.shots),
            self.t("accuracy", pct=int(100 * st.accuracy())),
            self.t("best_run", n=st.longest_run),
        ]
        s.message = self.t("won") if self.end_won else self.t("lost")
        if self.end_problems:  # what the verification found, in words (scrolls when long)
            s.message += " " + self.end_problems[0]
        s.tone = ui.TONE_GOOD if self.end_won else ui.TONE_SUNK
        s.hint = self.t("hint_end")
        s.changed()

    def _act_end(self, action):
        if action == ui.FIRE and self.match.duel:  # a duel's rematch needs a new connection
            self.duel.cancel()
            self.go_duel()
        elif action == ui.FIRE:
            self.go_place()
        elif action in (ui.SWITCH, ui.BACK):
            self.swapped = not self.swapped
            self._end_show()
        elif action == ui.MENU:
            self.go_title()

    # ----- duel: the screens are in seabattle.flowduel, loaded only when a duel is chosen ------

    def _duel_screens(self):
        from seabattle import flowduel

        return flowduel

    def forget_duel(self):
        """Drop the duel screens' module when no duel is going on."""
        if not getattr(self.duel, "active", False):
            forget("seabattle.flowduel")

    def go_duel(self):
        self.match = None  # a duel needs no computer player: its modules can go
        self._drop_levels()
        self._duel_screens().go_duel(self)

    def show_duel(self, name, **params):
        """Show one of the duel screens; the duel adapter calls this as the link changes."""
        self._duel_screens().show_duel(self, name, **params)

    def go_duel_wait(self):
        self._duel_screens().show_duel(self, "duel_wait")

    def go_duel_saved(self):
        self._duel_screens().go_duel_saved(self)

    # what the duel adapter (seabattle.duelplay) calls as the link's news arrives

    def duel_resumed(self, match):
        self._duel_screens().duel_resumed(self, match)

    def duel_place(self, rules, peer):
        self._duel_screens().duel_place(self, rules, peer)

    def duel_answer(self, shot, mine):
        if self.name == "battle":
            self._shown(shot, mine)

    def duel_over(self):
        if self.name == "battle" and self.wait_until < 0:
            self.wait_until = self.now + END_DELAY

    def duel_verdict(self):
        self._duel_screens().duel_verdict(self)

    def duel_link(self, up):
        self._duel_screens().duel_link(self, up)
