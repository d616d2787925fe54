"""The placing menu (undo, a random or Perelman fleet, clear, to battle, quit), as functions
of the Flow ``f``: loaded by seabattle.screens.place while the menu shows and dropped when placing
goes on or its phase ends (``Flow._phase``), so the placing screen does not hold it.
"""

from seabattle import ui
from seabattle.screens import pages

# the menu's choices that seabattle.screens.place carries out (a whole fleet placed: act_menu's result)
RANDOM = "random"
PERELMAN = "perelman"


def go_menu(f):
    keys = ["undo", RANDOM, PERELMAN, "clear", "back_place"]
    if not f.todo:
        keys.insert(0, "battle")
    keys.append("quit")
    pages.menu(f, "place_menu", f.t("place_title"), keys, [f.t("pm_" + k) for k in keys])


def act_menu(f, action):
    """RANDOM or PERELMAN if the player chose a whole fleet of that kind (the placing's module
    places it), else None (done here)."""
    if pages.menu_move(f, action):
        return None
    if action in (ui.BACK, ui.MENU):
        f.go_place(True)
        return None
    if action != ui.FIRE:
        return None
    key = f.keys[f.screen.selected]
    if key == RANDOM or key == PERELMAN:
        return key
    if key == "undo":
        _undo(f)
        f.go_place(True)
    elif key == "clear":
        f.go_place()
    elif key == "battle":
        f._phase("seabattle.screens.enemy_fleet").go_battle(f)
    elif key == "quit":
        f.go_title()
    else:  # back_place
        f.go_place(True)
    return None


def _undo(f):
    """Take the last ship placed back into hand."""
    if f.ships:
        ship = f.ships.pop()
        f.todo.insert(0, ship.size)
        f.vertical = ship.size > 1 and ship.cells[1] - ship.cells[0] != 1
        f.anchor = ship.cells[0]
