"""The placing menu (undo, a random or Perelman fleet, clear, to battle, quit), as functions
of the Flow ``f``: loaded by seabattle.screens.place while the menu shows and dropped when placing
goes on or its phase ends (``Flow._phase``), so the placing screen does not hold it.
"""

from seabattle import ui
from seabattle.screens import place


def go_menu(f):
    keys = ["undo", "random", "perelman", "clear", "back_place"]
    if not f.todo:
        keys.insert(0, "battle")
    keys.append("quit")
    f._menu("place_menu", f.t("place_title"), keys, [f.t("pm_" + k) for k in keys])


def act_menu(f, action):
    if f._menu_move(action):
        return
    if action in (ui.BACK, ui.MENU):
        f.go_place(True)
        return
    if action != ui.FIRE:
        return
    key = f.keys[f.screen.selected]
    if key == "undo":
        _undo(f)
    elif key == "random":
        place._auto(f, "random_fleet")
    elif key == "perelman":
        place._auto(f, "perelman_fleet")
    elif key == "clear":
        f.go_place()
        return
    elif key == "battle":
        f.go_battle()
        return
    elif key == "quit":
        f.go_title()
        return
    f.go_place(True)


def _undo(f):
    """Take the last ship placed back into hand."""
    if f.ships:
        ship = f.ships.pop()
        f.todo.insert(0, ship.size)
        f.vertical = ship.size > 1 and ship.cells[1] - ship.cells[0] != 1
        f.anchor = ship.cells[0]
