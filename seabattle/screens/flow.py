# The flow of screens: abstract actions in (seabattle.ui UP ... NEXT), a ui.Screen out.
#
# No display code: a renderer shows ``flow.screen`` after each ``act(action)`` or ``tick(now)``,
# and a test can play a whole game by calling ``act``. The clock is injected through ``tick(now)``
# (seconds, any origin): the computer's shots and the pause after the last shot wait on it.
#
# Screens (``flow.name``): title, level, place, place_menu, making (the computer places its fleet,
# a step a frame: ``tick``), battle, pause, end, stats, about, and
# the duel screens duel, duel_host, duel_join, duel_code, duel_wait, duel_reconnect, duel_gone,
# duel_saved (seabattle.screens.lobby and seabattle.screens.duel: loaded when a duel is chosen,
# dropped back on the title).
#
# This module holds the state and what every screen shares; the screens of each phase are
# functions of the Flow in a module of their own (see PHASES, ``_phase``), so that a board holds
# and compiles only the phase on screen (its code is heap on CircuitPython) and never all of them
# at once. Those modules never import this one: they get the Flow as their ``f``.

from seabattle import strings, ui
from seabattle.compat import forget, load_module

LEVELS = ("easy", "normal", "hard")  # the computer's levels (seabattle.screens.levels loads their players)
# the phases' modules, the phase's name being its module's: title (title, settings, level,
# stats, about), place (placing the fleet), enemy_fleet (the computer's fleet), battle, end;
# pause and place_menu, the battle's and placing's menus, are loaded by their phase's module
# while they show and dropped with the phase like the others
PHASES = ("seabattle.screens.title", "seabattle.screens.place", "seabattle.screens.enemy_fleet", "seabattle.screens.battle",
          "seabattle.screens.end", "seabattle.screens.pause", "seabattle.screens.place_menu")
# the duel's screens that seabattle.screens.lobby shows and acts on (the others: seabattle.screens.duel)
LOBBY_SCREENS = ("duel", "duel_saved", "duel_host", "duel_join")


class Settings:
    # What the title menu changes; a board may save it.

    def __init__(self, lang="ru", letters=None, rules="classic", sound_on=True, level=0):
        # letters None: the language's own (А–К for ru/uk, A–J for en) until the player picks
        self.lang = lang
        self.letters = letters
        self.rules = rules
        self.sound_on = sound_on
        self.level = level


class Flow:
    # A few entry points are methods here (go_title, go_place, start_battle, go_duel): the
    # phases' modules call them across phases. Each method is ~80 bytes of heap on a 32-bit VM,
    # held through the battle (the game's peak): the others are a phase module's functions,
    # called as ``f._phase("seabattle.screens.battle").resume(f)``.

    def __init__(self, rng, settings=None, sounds=None, records=None, levels=None,
                 on_records=None, duel=None, saved=None):
        from seabattle import sound
        from seabattle.records import Records

        self.rng = rng
        self.settings = settings or Settings()
        self.sounds = sounds or sound.Silent()
        self.records = records or Records()
        self.levels = levels or LEVELS  # the level keys the level menu offers
        self.on_records = on_records  # called with the Records after each finished game
        self.duel = duel  # a duel adapter (seabattle.duel.protocol), or None: the duel menu says so
        # a board's hook (hardware.appstart: BoardProfile.fresh), called before a level's big
        # module loads (seabattle.screens.levels.choose): it may start that level's game in a fresh VM
        self.relaunch = None
        self.now = 0  # the loop's clock, integer ms (Flow.tick)
        self.screen = ui.Screen()
        self.name = ""  # the screen shown (see above)
        self.keys = []  # a menu's rows' keys
        self.mode = "ai:" + self.levels[0]  # "ai:<level>" or "duel": the statistics' row
        # the language's texts, the letters' convention and the rules (seabattle.screens.title.apply_settings)
        self.table = None
        self.conv = None
        self.rules = None
        # the phase's module on screen (``_phase``)
        self._phase_name = ""
        self._phase_mod = None
        # placing the fleet (seabattle.screens.place): the ships placed, the sizes still to
        # place, the ship in hand's direction and square, an error to show once
        self.ships = []
        self.todo = []
        self.vertical = False
        self.anchor = 0
        self.error = ""
        self.making = None  # the computer's fleet being made: [its steps, my fleet]
        self.match = None
        # the battle (seabattle.screens.battle): the square aimed at, the boards swapped, the
        # last shot's text and tone, when the computer's shot or the end screen is due (-1:
        # nothing waits), when the hard level is hurried
        self.aim = 0
        self.swapped = False
        self.result = ""
        self.result_tone = ui.TONE_PLAIN
        self.wait_until = -1
        self.hurry_at = -1
        # the end screen (seabattle.screens.end): won, and what the fleets' check found (None:
        # a duel's still being revealed)
        self.end_won = False
        self.end_problems = None
        # a duel: the screen a lost link left, to go back to once it is up again; the opponent's name
        self.before_reconnect = ""
        self.peer = ""
        # saved games: ``results`` counts shot results, so the board can save the game (see
        # ``saving``) at those safe points only; ``resumable`` is (Game, level index) that the
        # title menu offers to continue, from a save or a game left through the pause menu
        self.results = 0
        self.resumable = None
        # the settings applied, a save (``saved``: seabattle.save.loads' pair) offered, the title
        self._phase("seabattle.screens.title").start(self, saved)

    # ----- helpers -----------------------------------------------------------------------------

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
        s.items = []  # a menu sets its own: the last menu's texts are not held through a battle

    # ----- input -------------------------------------------------------------------------------

    def act(self, action):
        # Apply one action to the current screen.
        if self.name in LOBBY_SCREENS:
            load_module("seabattle.screens.lobby").act(self, action)
        elif self.name.startswith("duel"):
            load_module("seabattle.screens.duel").act(self, action)
        else:  # a phase's screen: its module is the one held (its menu's too: pause, place_menu)
            self._phase_mod.act(self, action)

    def tick(self, now):
        # Let time pass (``now``: integer ms, never a float: a board's floats lose the milliseconds
        # after about an hour): the computer's shots, the pause before the end screen, the duel link.
        self.now = now
        if self.name in ("battle", "making"):  # seabattle.screens.battle's, seabattle.screens.enemy_fleet's
            self._phase_mod.tick(self, now)
        if self.duel is not None and getattr(self.duel, "active", True):
            self.duel.poll(self, now)

    def _move(self, square, action):
        # The square a cursor at ``square`` moves to (placing and battle), or -1 for another
        # action.
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

    # ----- the phases: title and menus, placing, battle, end (a module each) --------------------

    def _phase(self, name):
        # The module ``name`` of a phase's screens (one of PHASES' first five), loaded now if
        # another phase's was; that one is dropped first (see ``forget``), so a board holds the
        # code of the phase on screen only, and compiles one module of a few KB at a time. ``name``
        # "": no phase's module held (a duel screen that shows none of theirs needs the room: the
        # lobby, a lost link); None returned.
        if self._phase_name != name:
            self._phase_mod = None
            for other in PHASES:
                if other != name:
                    forget(other)
            if name != "seabattle.screens.title":  # the title menu's texts too (seabattle.strings)
                strings.unload("menu")
            if name in ("seabattle.screens.enemy_fleet", "seabattle.screens.battle", "seabattle.screens.end"):  # and placing's, once placed
                strings.unload("place")
            if name != "seabattle.screens.end":  # the end screen's, and the pause menu's (any phase change)
                strings.unload("end")
            strings.unload("pause")
            forget("seabattle.screens.pages")  # and the menu pages' helpers (a phase's menu loads them)
            if name == "seabattle.screens.title":
                self._phase_mod = load_module("seabattle.screens.title")
            elif name == "seabattle.screens.place":
                self._phase_mod = load_module("seabattle.screens.place")
            elif name == "seabattle.screens.enemy_fleet":
                self._phase_mod = load_module("seabattle.screens.enemy_fleet")
            elif name == "seabattle.screens.battle":
                self._phase_mod = load_module("seabattle.screens.battle")
            elif name == "seabattle.screens.end":
                self._phase_mod = load_module("seabattle.screens.end")
            self._phase_name = name
        return self._phase_mod

    def go_title(self, selected=0):
        # The title menu, row ``selected`` (an index or a key such as "stats").
        self._phase("seabattle.screens.title").go_title(self, selected)

    def go_place(self, keep=False):
        # Placing the fleet: a new one, or (``keep``) the one in hand.
        self._phase("seabattle.screens.place").go_place(self, keep)

    def start_battle(self, resumed=False):
        # The battle's screen, the match made (``resumed``: a saved duel's, shown again).
        self._phase("seabattle.screens.battle").start(self, resumed)

    def go_duel(self):
        # The duel menu (seabattle.screens.levels.go_duel).
        load_module("seabattle.screens.levels").go_duel(self)

    # ----- saved games (offering one on the title: seabattle.screens.title.offer) ------------------

    def saving(self):
        # (Game, extra bytes) for seabattle.save.dumps while a game against the computer is on,
        # else None (no game, a duel (it keeps its own state), or a finished game: the end
        # screen's statistics clear it). Ask after ``results`` changes, never per frame.
        m = self.match
        if m is None or m.duel or m.over() or self.name not in ("battle", "pause"):
            return None  # "end": over, or surrendered
        return m.game, self.mode[3:].encode()
