"""The flow of screens: abstract actions in (seabattle.ui UP ... NEXT), a ui.Screen out.

No display code: a renderer shows ``flow.screen`` after each ``act(action)`` or ``tick(now)``,
and a test can play a whole game by calling ``act``. The clock is injected through ``tick(now)``
(seconds, any origin): the computer's shots and the pause after the last shot wait on it.

Screens (``flow.name``): title, level, place, place_menu, making (the computer places its fleet,
a step a frame: ``tick``), battle, pause, end, stats, about, and
the duel screens duel, duel_host, duel_join, duel_code, duel_wait, duel_reconnect, duel_gone,
duel_saved (seabattle.screens.duel: loaded when a duel is chosen, dropped back on the title).

This module holds the state and what every screen shares; the screens of each phase are
functions in a module of their own (see PHASES), so that a board holds and compiles only the
phase on screen (its code is heap on CircuitPython) and never all of them at once.
"""

from seabattle import strings, ui
from seabattle.compat import forget  # noqa: F401  (the phases' modules import it from here)

# (key, the computer player's class): a class, or "module.Class" of seabattle imported when that
# level is chosen, so that a level's module is loaded only for its games (never in a duel)
LEVELS = (("easy", "seabattle.ai.easy.Easy"), ("normal", "seabattle.ai.normal.Normal"), ("hard", "seabattle.ai.hard.player.Hard"))
MOVE_DELAY = 0.7  # seconds between the computer's shots, so a player can follow them
END_DELAY = 1.2  # seconds the last «Убил!» stays before the end screen
# the screens of each phase are functions in a module of their own (seabattle.screens.title: title,
# settings, level, stats, about; flowplace: placing the fleet; flowmaking: the computer's fleet;
# flowbattle: the battle; flowend: the end), loaded when the phase starts (``Flow._phase``); flowpause and flowplacemenu, the
# battle's and placing's menus, are loaded by their phase's module while they show and dropped
# with the phase like the others
PHASES = ("seabattle.screens.title", "seabattle.screens.place", "seabattle.screens.enemy_fleet", "seabattle.screens.battle",
          "seabattle.screens.end", "seabattle.screens.pause", "seabattle.screens.place_menu")
# Flow's entry points that are functions of a module, called with the flow (``Flow.__getattr__``):
# the duel's screens and what its adapter calls (seabattle.screens.duel's functions of those names:
# these, and any name "duel_..."), and the others, found in seabattle.screens.pages' table. Not
# methods: a method is ~80 bytes of heap on a 32-bit VM, held through the battle (the game's
# peak) where most of these are never called; and the names in a long literal are not interned
_DUEL_CALLS = " show_duel go_duel_wait go_duel_saved "
SCREENS = {"title": "seabattle.screens.title", "level": "seabattle.screens.title", "stats": "seabattle.screens.title",
           "about": "seabattle.screens.title", "place": "seabattle.screens.place", "place_menu": "seabattle.screens.place",
           "making": "seabattle.screens.enemy_fleet", "battle": "seabattle.screens.battle",
           "pause": "seabattle.screens.battle", "end": "seabattle.screens.end"}


class Settings:
    """What the title menu changes; a board may save it."""

    def __init__(self, lang="ru", letters=None, rules="classic", sound_on=True, level=0):
        # letters None: the language's own (А–К for ru/uk, A–J for en) until the player picks
        self.lang = lang
        self.letters = letters
        self.rules = rules
        self.sound_on = sound_on
        self.level = level


class Flow:
    # a board's hook (hardware.appstart: BoardProfile.fresh), called before a level's big module
    # loads (seabattle.screens.levels.EARLY): it may start that level's game in a fresh VM
    relaunch = None

    def __init__(self, rng, settings=None, sounds=None, records=None, levels=None,
                 on_records=None, duel=None, saved=None):
        # the state's first values, the settings applied and a save offered on the title are
        # seabattle.screens.title.start, the title's phase (loaded now): not code held all game
        self._phase_name = ""
        self._phase_mod = None
        self._phase("seabattle.screens.title").start(self, rng, settings, sounds, records, levels, on_records, duel, saved)

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
        """Apply one action to the current screen."""
        if self.name.startswith("duel"):
            from seabattle.screens import duel as flowduel

            flowduel.act(self, action)
        else:
            self._phase(SCREENS[self.name]).act(self, action)

    def tick(self, now):
        """Let time pass: the computer's shots, the pause before the end screen, the duel link."""
        self.now = now
        if self.name in ("battle", "making"):
            self._phase(SCREENS[self.name]).tick(self, now)
        if self.duel is not None and getattr(self.duel, "active", True):
            self.duel.poll(self, now)

    def _move(self, square, action):
        """The square a cursor at ``square`` moves to (placing and battle), or -1 for another
        action."""
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
        """The module ``seabattle.<name>`` of a phase's screens, loaded now if another phase's
        was; that one is dropped first (see ``forget``), so a board holds the code of the phase
        on screen only, and compiles one module of a few KB at a time."""
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
            self._phase_mod = __import__(name, None, None, ("act",))
            self._phase_name = name
        return self._phase_mod

    # ----- saved games (offering one on the title: seabattle.screens.title.offer) ------------------

    def saving(self):
        """(Game, extra bytes) for seabattle.save.dumps while a game against the computer is on,
        else None (no game, a duel (it keeps its own state), or a finished game: the end
        screen's statistics clear it). Ask after ``results`` changes, never per frame."""
        m = self.match
        if m is None or m.duel or m.over() or self.name not in ("battle", "pause"):
            return None  # "end": over, or surrendered
        return m.game, self.mode[3:].encode()

    # ----- the phases' entry points (_CALLS) ---------------------------------------------------

    def __getattr__(self, name):
        """The entry points (seabattle.screens.pages._CALLS, _DUEL_CALLS), called with this flow: go_title(selected=0) (the title
        menu, row ``selected``: an index or a key such as "stats"), go_place(keep=False),
        go_battle(), start_battle(resumed=False), continue_game() (the game in ``resumable``),
        go_end(surrender=False), go_duel(); the menu pages' _menu(name, title, keys, texts,
        selected=0, hint=None), _info(name, title, lines, hint=None), _menu_move(action),
        _drop_phase() (the phase's module forgotten until the next ``_phase``); the
        duel's screens (show_duel, go_duel_wait, go_duel_saved) and what the duel adapter,
        seabattle.duel.adapter, calls as the link's news arrives (duel_resumed, duel_place,
        duel_verdict, duel_link; a battle's answers and its end it shows itself). Only for names Flow
        lacks (Python asks __getattr__ last)."""
        if name.startswith("duel_") or " " + name + " " in _DUEL_CALLS:
            from seabattle.screens import duel as flowduel

            call = getattr(flowduel, name)
        else:  # (the table is read only when an entry point is called, never in a battle's turn)
            from seabattle.screens import pages

            call = pages.entry(self, name)
        return lambda *args, **params: call(self, *args, **params)
