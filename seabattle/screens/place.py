"""Placing the fleet (place; its menu, place_menu, is seabattle.screens.place_menu), as functions
of the Flow ``f``.

A phase of seabattle.screens.flow: loaded when the placing starts, dropped when the battle does (a
board holds only the phase on screen, see ``Flow._phase``).
"""

import sys

from seabattle import fleetcheck, sound, ui
from seabattle.compat import forget


def go_place(f, keep=False):
    forget("seabattle.screens.place_menu")
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
    except fleetcheck.FleetError as err:
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
        _auto(f)
    elif action == ui.MENU:
        go_menu(f)
        return
    show(f)


def _fire(f):
    """Put the ship in hand down; with the fleet complete, start the battle (True)."""
    ship, err = _preview(f)
    if ship is None:
        f._phase("seabattle.screens.enemy_fleet").go_battle(f)
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


def _auto(f, perelman=False):
    """The whole fleet placed by seabattle.placement (at random, or ``perelman``: Perelman's
    style, seabattle.packing): the modules are loaded for that moment only (the computer's fleet
    loads them again, see go_battle)."""
    if perelman:
        from seabattle import packing

        made = packing.perelman_fleet(f.rules, f.rng)
        packing = None
    else:
        from seabattle import placement

        made = placement.random_fleet(f.rules, f.rng)
        placement = None
    if "seabattle.ai.fleet" not in sys.modules:  # seabattle.ai.fleet imports them: then they go with that
        forget("seabattle.placement")
        forget("seabattle.packing")
        forget("seabattle.mixing")
    f.ships = list(made.ships)
    f.todo = []
    f._cue(sound.CLICK)


def go_menu(f):
    """The placing menu (seabattle.screens.place_menu: loaded while it shows, dropped when placing
    goes on or the phase ends, so the placing screen does not hold it)."""
    from seabattle.screens import place_menu

    place_menu.go_menu(f)


def act(f, action):
    if f.name == "place":
        act_place(f, action)
        return
    from seabattle.screens import place_menu

    chosen = place_menu.act_menu(f, action)
    if chosen is not None:  # a whole fleet (here: seabattle.screens.place_menu does not import this module)
        _auto(f, chosen == place_menu.PERELMAN)
        go_place(f, True)
