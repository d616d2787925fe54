"""Placing the fleet (place, place_menu), as functions of the Flow ``f``.

A phase of seabattle.flow: loaded when the placing starts, dropped when the battle does (a
board holds only the phase on screen, see ``Flow._phase``).
"""

import sys

from seabattle import fleet, fleetcheck, sound, ui
from seabattle.flow import forget


def go_place(f, keep=False):
    if not keep:
        f.ships = []
        f.todo = list(f.rules.fleet)
        f.vertical = False
        f.anchor = 0
    f._page("place", ui.P_BOARD, f.t("place_title"))
    f._labels()
    f.error = ""
    show(f)


def _preview(f):
    """The ship at the cursor (kept on the board), and the error that forbids it or None."""
    if not f.todo:
        return None, None
    size = f.todo[0]
    w = f.rules.width
    h = f.rules.height
    x = f.anchor % w
    y = f.anchor // w
    if f.vertical:
        y = min(y, h - size)
    else:
        x = min(x, w - size)
    f.anchor = y * w + x
    ship = fleetcheck.line(f.rules, x, y, size, f.vertical)
    try:
        fleetcheck.check_ship(f.rules, ship, f.ships)
    except fleet.FleetError as err:
        return ship, err
    return ship, None


def show(f):
    s = f.screen
    big = s.big  # the fleet being placed (here, not in seabattle.ui: the battle holds ui)
    for sq in range(len(big)):
        big[sq] = ui.T_WATER
    for ship in f.ships:
        for sq in ship.cells:
            big[sq] = ui.T_SHIP
    ship, err = _preview(f)
    s.show_small = False
    s.mark = -1
    s.cursor = f.anchor
    if ship is not None:
        kind = ui.T_BAD if err is not None else ui.T_OK
        for sq in ship.cells:
            s.big[sq] = kind
        s.message = err.text(f.table, f.conv) if err is not None else f.t("place_hint")
        s.tone = ui.TONE_HIT if err is not None else ui.TONE_PLAIN
        s.lines = [
            f.t("place_ship", size=f.todo[0]),
            f.t("place_left", n=len(f.todo)),
            f.cell(f.anchor),
            f.t("vertical" if f.vertical else "horizontal"),
        ]
    else:
        s.message = f.t("place_ready")
        s.tone = ui.TONE_GOOD
        s.lines = [f.t("place_done"), f.cell(f.anchor)]
    if f.error:
        s.message = f.error
        s.tone = ui.TONE_HIT
        f.error = ""
    s.hint = f.t("hint_place")
    s.changed()


def act_place(f, action):
    moved = f._move(f.anchor, action)
    if moved >= 0:
        f.anchor = moved
    elif action == ui.BACK:
        f.vertical = not f.vertical
    elif action == ui.FIRE:
        if _fire(f):
            return
    elif action == ui.SWITCH:
        _auto(f, "random_fleet")
    elif action == ui.MENU:
        go_menu(f)
        return
    show(f)


def _fire(f):
    """Put the ship in hand down; with the fleet complete, start the battle (True)."""
    ship, err = _preview(f)
    if ship is None:
        f.go_battle()
        return True
    if err is not None:
        f.error = err.text(f.table, f.conv)
        f._cue(sound.BAD)
    else:
        f.ships.append(ship)
        f.todo.pop(0)
        f._cue(sound.CLICK)
        _next_free(f)
    return False


def _next_free(f):
    """Move the cursor on to the next spot where the ship in hand may stand, so that
    placing a fleet with few buttons takes few presses."""
    if not f.todo:
        return
    start = f.anchor
    cells = f.rules.cells
    for i in range(cells):
        f.anchor = (start + i) % cells
        ship, err = _preview(f)
        if err is None and f.anchor == (start + i) % cells:
            return
    f.anchor = start


def _undo(f):
    """Take the last ship placed back into hand."""
    if f.ships:
        ship = f.ships.pop()
        f.todo.insert(0, ship.size)
        f.vertical = ship.size > 1 and ship.cells[1] - ship.cells[0] != 1
        f.anchor = ship.cells[0]


def _auto(f, make):
    """The whole fleet placed by seabattle.placement's ``make`` (a function's name): the
    module is loaded for that moment only (the computer's fleet loads it again, see go_battle)."""
    from seabattle import placement

    fl = getattr(placement, make)(f.rules, f.rng)
    placement = None
    if "seabattle.ai_fleet" not in sys.modules:  # ai_fleet imports it: then it goes with ai_fleet
        forget("seabattle.placement")
    f.ships = list(fl.ships)
    f.todo = []
    f._cue(sound.CLICK)


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
        go_place(f, True)
        return
    if action != ui.FIRE:
        return
    key = f.keys[f.screen.selected]
    if key == "undo":
        _undo(f)
    elif key == "random":
        _auto(f, "random_fleet")
    elif key == "perelman":
        _auto(f, "perelman_fleet")
    elif key == "clear":
        go_place(f)
        return
    elif key == "battle":
        f.go_battle()
        return
    elif key == "quit":
        f.go_title()
        return
    go_place(f, True)


def act(f, action):
    if f.name == "place":
        act_place(f, action)
    else:
        act_menu(f, action)
