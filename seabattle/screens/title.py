# The title menu and what it leads to before a game: settings (rules, letters, language,
# sound) and the computer's level (statistics and about: seabattle.screens.info); as functions
# of the Flow ``f``.
#
# A phase of seabattle.screens.flow: loaded when one of these screens is shown, dropped when the game
# starts (a board holds only the phase on screen, see ``Flow._phase``).

from seabattle import coords, sound, strings, ui
from seabattle import rules
from seabattle.compat import forget, load_module
from seabattle.screens import pages

LETTERS = ("russian", "latin", "respublika", "snegurochka")


def _cycle(options, value, step):
    i = options.index(value) if value in options else 0
    return options[(i + step) % len(options)]


def start(f, saved):
    # Flow.__init__: the settings applied, a save (``saved``: seabattle.saveload.loads' pair, or
    # None) offered, and the title.
    if saved is not None:
        offer(f, saved[0], saved[1])
    apply_settings(f)
    go_title(f)


def apply_settings(f):
    # The language's texts, the letters and the rules of ``f.settings`` (at start-up and when
    # the title menu changes them).
    s = f.settings
    table = f.table
    if (table.get("lang", "en") if table is not None else "en") != s.lang:
        strings.unload()  # another language: the old one's tables can go
    f.table = strings.load(s.lang)
    if s.letters is None:
        s.letters = "latin" if s.lang == "en" else "russian"
    f.conv = coords.convention(s.letters)
    f.rules = rules.preset(s.rules)


def offer(f, game, extra):
    # Offer ``game`` (loaded by seabattle.save; ``extra`` is the level key) on the title.
    if game.over():
        return
    key = bytes(extra).decode()
    f.resumable = (game, f.levels.index(key) if key in f.levels else 0)


def go_title(f, selected=0):
    # The title menu, with row ``selected`` (an index, or a key such as "stats") chosen.
    s = f.settings
    # no duel goes on past the title: one over (its end screen, the opponent gone) is left (its
    # link closes; one unfinished stays offered) and its match let go (its Duel holds the link),
    # with the duel's texts, so a game against the computer after a duel holds none of them
    if getattr(f.duel, "active", False):
        f.duel.load().cancel()
    if f.match is not None and f.match.duel:
        f.match = None
    strings.unload("duel")
    strings.unload("lobby")
    if not getattr(f.duel, "active", False):  # and its screens' module
        forget("seabattle.screens.duel")
    forget("seabattle.screens.info")  # (statistics and about, if one was open)
    keys = ["play", "duel", "rules", "letters", "lang", "sound", "stats", "about"]
    texts = [
        f.t("menu_play"),
        f.t("menu_duel"),
        f.t("menu_rules", value=f.t("rules_" + s.rules)),
        f.t("menu_letters", value=f.t("letters_" + s.letters)),
        f.t("menu_lang", value=f.t("lang_name")),
        f.t("menu_sound", value=f.t("on" if s.sound_on else "off")),
        f.t("menu_stats"),
        f.t("menu_about"),
    ]
    offer = f.duel.resumable() if getattr(f.duel, "resumable", None) else None
    if offer is not None:  # a duel saved before a reset (seabattle.duel.adapter)
        keys.insert(0, "duel_continue")
        texts.insert(0, f.t("menu_duel_continue"))
    if f.resumable is not None:
        keys.insert(0, "continue")
        texts.insert(0, f.t("menu_continue"))
    if isinstance(selected, str):
        selected = keys.index(selected)
    pages.menu(f, "title", f.t("title"), keys, texts, selected)


def act_title(f, action):
    if pages.menu_move(f, action):
        return
    key = f.keys[f.screen.selected]
    step = -1 if action == ui.LEFT else 1
    s = f.settings
    if action in (ui.LEFT, ui.RIGHT) or (action == ui.FIRE and key in ("rules", "letters", "lang", "sound")):
        if key == "rules":
            s.rules = _cycle(rules.preset_names(), s.rules, step)
        elif key == "letters":
            s.letters = _cycle(LETTERS, s.letters, step)
        elif key == "lang":
            s.lang = _cycle(strings.LANGUAGES, s.lang, step)
        elif key == "sound":
            s.sound_on = not s.sound_on
        else:
            return
        apply_settings(f)
        f._cue(sound.CLICK)
        go_title(f, f.screen.selected)
        return
    if action != ui.FIRE:
        return
    f._cue(sound.CLICK)
    if key == "continue":
        f._phase("seabattle.screens.battle").continue_game(f)
    elif key == "duel_continue":
        load_module("seabattle.screens.lobby").go_duel_saved(f)
    elif key == "play":
        go_level(f)
    elif key == "duel":
        f.go_duel()
    elif key == "stats":
        load_module("seabattle.screens.info").go_stats(f)
    elif key == "about":
        load_module("seabattle.screens.info").go_about(f)


def go_level(f):
    keys = list(f.levels)
    texts = [f.t("level_" + k) for k in keys]
    pages.menu(f, "level", f.t("level_title"), keys, texts, f.settings.level)


def act_level(f, action):
    if pages.menu_move(f, action):
        return
    if action == ui.FIRE:
        f.settings.level = f.screen.selected
        f._cue(sound.CLICK)
        f.mode = "ai:" + f.keys[f.screen.selected]
        from seabattle.screens import levels

        levels.choose(f, f.screen.selected)  # the hard level's module loads now
        levels = None
        forget("seabattle.screens.levels")
        f.go_place()
    elif action in (ui.BACK, ui.MENU):
        go_title(f)


def act(f, action):
    if f.name == "title":
        act_title(f, action)
    elif f.name == "level":
        act_level(f, action)
    else:  # statistics and about
        load_module("seabattle.screens.info").act(f, action)
