"""The menu and information pages the phases' menus share (the title's, the level's, placing's,
the pause's, the duel's), as functions of the Flow ``f`` it calls as its own ``_menu``,
``_info``, ``_menu_move`` and ``_drop_phase`` (seabattle.flow._CALLS). Loaded by the first menu of a phase and
dropped when the phase changes (``Flow._phase``): the battle, the game's peak, shows no menu.
"""

from seabattle import ui
from seabattle.compat import forget


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
        forget("seabattle." + f._phase_name)
    f._phase_mod = None
    f._phase_name = ""
