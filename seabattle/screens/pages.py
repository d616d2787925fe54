"""The menu and information pages the phases' menus share (the title's, the level's, placing's,
the pause's, the duel's), as functions of the Flow ``f``. Loaded by the first menu of a phase
and dropped when the phase changes (``Flow._phase``): the battle, the game's peak, shows no menu.
"""

from seabattle import ui


def menu(f, name, title, keys, texts, selected=0, hint=None):
    """The menu ``name``: rows ``texts`` (their keys ``keys``: ``f.keys``), row ``selected`` chosen."""
    f._page(name, ui.P_MENU, title)
    f.keys = keys
    f.screen.items = texts
    f.screen.selected = selected if selected < len(texts) else 0
    f.screen.hint = f.t("hint_menu") if hint is None else hint
    f.screen.changed()


def info(f, name, title, lines, hint=None):
    """The information page ``name``: ``lines`` of text."""
    f._page(name, ui.P_INFO, title)
    f.screen.selected = 0
    f.screen.lines = lines
    f.screen.hint = f.t("hint_info") if hint is None else hint
    f.screen.changed()


def menu_move(f, action):
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
