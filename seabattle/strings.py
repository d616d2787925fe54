"""Every word a player reads, per language: ``say(lang, key, params)``.

Each language has one table of screen texts, seabattle/lang/<lang>.py, one of placing the
fleet's (<lang>_place.py) and one of the title menu's (settings, level, statistics, about:
<lang>_menu.py), asked in that order for a key the screen table lacks, one of the engine's
error texts (keys ``err_*``), seabattle/lang/<lang>_errors.py, and those of a Bluetooth duel,
its lobby, the end screen and the pause menu (the keys in PARTS), <lang>_duel.py,
<lang>_lobby.py, <lang>_end.py, <lang>_pause.py: each a dict named ``TEXT``.
Only the tables in use are imported: on a board every loaded string costs RAM, checking a
fleet needs no menus, and a game drops the tables of the phases it left (``unload(part)``).
A key missing from a language falls back to English, so a new string never crashes a screen.
"""

import sys

LANGUAGES = ("ru", "uk", "en")
_loaded = {}
# the keys of the tables of one screen or mode, <lang>_<part>.py: a Bluetooth duel's (a game
# against the computer never loads it), the end screen's and the pause menu's (dropped when they
# leave: Flow._phase, seabattle.screens.battle.resume). Key lists, not a lookup through the other tables: that
# would load those. Strings, not tuples of names: a game that never shows a part never interns
# its keys (qstrs, never freed), and a long literal is one str object
PARTS = (
    ("duel", " hint_cancel hint_code match_code compare_code waiting_fleet reconnecting peer_gone shot_sent"
             " checking turn_left "),
    # a duel's lobby (the duel menu, hosting, joining, the saved duel's menu): dropped when the
    # fleets are placed (seabattle.screens.duel.leave_lobby), so a duel's battle does not hold them
    ("lobby", " duel_saved_title duel_resume duel_abandon duel_host duel_join duel_back lobby waiting_peer"
              " searching no_radio "),
    ("end", " won lost verified not_verified accuracy best_run hint_end "),
    ("pause", " pause_title pause_resume pause_swap pause_surrender pause_quit "),
)


def load(lang, part=""):
    """The screen table (dict) of ``lang``, or with ``part`` ("place", "menu", "errors" or one of
    PARTS) that table. English for None."""
    lang = lang or "en"
    name = lang + ("_" + part if part else "")
    table = _loaded.get(name)
    if table is None:
        if lang not in LANGUAGES:
            raise ValueError("unknown language %r: choose one of %s" % (lang, ", ".join(LANGUAGES)))
        module = __import__("seabattle.lang." + name, None, None, ("TEXT",))
        table = module.TEXT
        _loaded[name] = table
    return table


def unload(part=None):
    """Forget the loaded tables (after a language change), or those of ``part`` ("menu",
    "errors") only, giving their RAM back (on a board's VM their modules go too)."""
    for name in list(_loaded):
        if part is None or name.endswith("_" + part):
            del _loaded[name]
            module = "seabattle.lang." + name
            if sys.implementation.name != "cpython" and module in sys.modules:
                del sys.modules[module]
                try:  # the package holds it too
                    delattr(sys.modules["seabattle.lang"], name)
                except (AttributeError, KeyError):
                    pass


def _find(lang, key, part, table=None):
    """The text of ``key`` in language ``lang``'s tables, or None: the errors' for an error,
    else the screen table's, then placing's and the title menu's (each loaded when first asked)."""
    text = (table or load(lang, part)).get(key)
    if text is None and not part:
        text = load(lang, "place").get(key)
        if text is None:
            text = load(lang, "menu").get(key)
    return text


def say(lang, key, params=None):
    """The text for ``key`` in ``lang`` (a code, a table from ``load``, or None for English),
    with ``{name}`` fields filled from ``params``."""
    part = "errors" if key.startswith("err_") else ""
    if not part:
        spaced = " " + key + " "
        for name, keys in PARTS:
            if spaced in keys:
                part = name
                break
    table = isinstance(lang, dict)  # a table from ``load`` (its "lang" key), else a code or None
    text = _find(lang.get("lang", "en") if table else lang or "en", key, part, lang if table and not part else None)
    if text is None:
        text = _find("en", key, part)
    if text is None:
        text = key
    if params:
        return text.format(**params)
    return text
