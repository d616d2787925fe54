"""The table of Flow's entry points (``entry``: seabattle.screens.flow.Flow.__getattr__), and the menu and
information pages the phases' menus share (the title's, the level's, placing's,
the pause's, the duel's), as functions of the Flow ``f`` it calls as its own ``_menu``,
``_info``, ``_menu_move`` and ``_drop_phase`` (seabattle.screens.flow._CALLS). Loaded by the first menu of a phase and
dropped when the phase changes (``Flow._phase``): the battle, the game's peak, shows no menu.
"""

from seabattle import ui
from seabattle.compat import forget
from seabattle.screens.flow import PHASES

# "module:name,name=function,..." (a name alone: the module's function of that name). A module of
# PHASES loads as the phase (Flow._phase), another for the call: this module's page helpers
# (dropped with the phase: the battle shows no menu) and the duel's choice (flowlevels.go_duel).
# Here, not in seabattle.screens.flow: read only when an entry point is called (a phase change, a menu),
# so the battle does not hold it
_CALLS = (" title:go_title place:go_place enemy_fleet:go_battle end:go_end,_end_show=show"
          " battle:start_battle=start,continue_game,_resume=resume,_shown=shown levels:go_duel"
          " pages:_menu,_info,_menu_move,_drop_phase ")


def entry(f, name):
    """The function of the Flow ``f``'s entry point ``name`` (its module loaded), or
    AttributeError."""
    i = 0
    while True:  # ``name`` as a whole entry: after ":" or ",", before ",", "=" or " "
        i = _CALLS.find(name, i + 1)
        if i < 0:
            raise AttributeError(name)
        k = i + len(name)
        if _CALLS[i - 1:i] in ":," and _CALLS[k:k + 1] in ",= ":
            break
    j = _CALLS.rfind(" ", 0, i) + 1
    mod = _CALLS[j:_CALLS.find(":", j)]
    call = name
    if _CALLS[k:k + 1] == "=":  # another function's name: up to the next "," or " "
        j = k + 1
        while _CALLS[j:j + 1] not in ", ":
            j += 1
        call = _CALLS[k + 1:j]
    mod = "seabattle.screens." + mod
    if mod in PHASES:
        mod = f._phase(mod)
    else:
        mod = __import__(mod, None, None, ("forget",))
    return getattr(mod, call)


def _menu(f, name, title, keys, texts, selected=0, hint=None):
    f._page(name, ui.P_MENU, title)
    f.keys = keys
    f.screen.items = texts
    f.screen.selected = selected if selected < len(texts) else 0
    f.screen.hint = f.t("hint_menu") if hint is None else hint
    f.screen.changed()


def _info(f, name, title, lines, hint=None):
    f._page(name, ui.P_INFO, title)
    f.screen.selected = 0
    f.screen.lines = lines
    f.screen.hint = f.t("hint_info") if hint is None else hint
    f.screen.changed()


def _menu_move(f, action):
    """Up/down (and NEXT) through a menu; returns True if the action was a move."""
    s = f.screen
    n = len(s.items)
    if action == ui.UP:
        s.selected = (s.selected - 1) % n
    elif action in (ui.DOWN, ui.NEXT):
        s.selected = (s.selected + 1) % n
    else:
        return False
    s.changed()
    return True


def _drop_phase(f):
    """Forget the phase module on screen until the next ``Flow._phase`` loads one (a duel screen
    that shows none of its screens needs the room: the lobby, a lost link)."""
    if f._phase_name:
        forget(f._phase_name)
    f._phase_mod = None
    f._phase_name = ""
