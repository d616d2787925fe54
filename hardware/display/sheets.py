"""Draws the sprite sheets (hardware/display/tiles.py has their palette and tile numbers): loaded when a
board page is built and dropped again by the renderer (hardware.display.render.forget), so its code is
not held while the page is on show.
"""

import displayio

from hardware.display.tiles import (C_BAD, C_CURSOR, C_GRID, C_HALO, C_HALO_DOT, C_HIT, C_MARK, C_MISS,
                            C_OK, C_SHIP, C_SHIP_EDGE, C_SUNK, C_SUNK_DARK, C_WATER, COLORS)
from seabattle import ui


def _rect(bmp, x0, y0, w, h, color):
    for y in range(y0, y0 + h):
        for x in range(x0, x0 + w):
            bmp[x, y] = color


def _cross(bmp, ox, n, color, edge):
    """A diagonal cross inside the n x n tile at x offset ox (content starts at 1), ``edge``
    pixels in from its sides."""
    lo = 1 + edge
    hi = n - 1 - edge
    width = 2 if n >= 14 else 1  # of a stroke
    for i in range(lo, hi + 1):
        for t in range(width):
            x = i + t
            if x <= hi:
                bmp[ox + x, i] = color
                bmp[ox + x, lo + hi - i] = color


def _dot(bmp, ox, n, color, size):
    c = 1 + (n - 1 - size) // 2
    _rect(bmp, ox + c, c, size, size, color)


def _frame(bmp, ox, n, color, width):
    _rect(bmp, ox, 0, n + 1, width, color)
    _rect(bmp, ox, n + 1 - width, n + 1, width, color)
    _rect(bmp, ox, 0, width, n + 1, color)
    _rect(bmp, ox + n + 1 - width, 0, width, n + 1, color)


def sheet(n):
    """The sprite sheet for n-pixel cells: TILE_COUNT tiles side by side.

    Cell tiles are n x n (grid line + n-1 content); the overlay tiles are (n+1) x (n+1) so that
    they cover the cell's grid lines on all four sides: ``overlay_sheet`` cuts those.
    """
    bmp = displayio.Bitmap(n * ui.T_COUNT, n, len(COLORS))
    size = n - 1
    small = n < 6
    for kind in range(ui.T_COUNT):
        ox = kind * n
        _rect(bmp, ox, 0, n, n, C_GRID)
        fill = C_WATER
        if kind == ui.T_HALO:
            fill = C_HALO
        elif kind == ui.T_SUNK:
            fill = C_SUNK
        elif kind in (ui.T_SHIP, ui.T_SHIP_HIT):
            fill = C_SHIP
        elif kind == ui.T_OK:
            fill = C_OK
        elif kind == ui.T_BAD:
            fill = C_BAD
        elif kind == ui.T_HIT and small:
            fill = C_HIT
        _rect(bmp, ox + 1, 1, size, size, fill)
        if small:
            if kind == ui.T_MISS:
                _dot(bmp, ox, n, C_MISS, 1)
            elif kind == ui.T_SHIP_HIT:
                _dot(bmp, ox, n, C_HIT, max(1, size - 2) if size > 2 else 1)
            continue
        edge = max(1, size // 5)  # a cross's, in from the tile's sides
        if kind == ui.T_MISS:
            _dot(bmp, ox, n, C_MISS, max(2, size // 4))
        elif kind == ui.T_HALO:
            _dot(bmp, ox, n, C_HALO_DOT, 1 if size < 12 else 2)
        elif kind in (ui.T_HIT, ui.T_SHIP_HIT):
            _cross(bmp, ox, n, C_HIT, edge)
        elif kind == ui.T_SUNK:
            _cross(bmp, ox, n, C_SUNK_DARK, edge)
        elif kind in (ui.T_SHIP, ui.T_OK, ui.T_BAD):
            _rect(bmp, ox + 1, 1, size, 1, C_SHIP_EDGE if kind == ui.T_SHIP else C_GRID)
            if kind == ui.T_BAD:
                _cross(bmp, ox, n, C_GRID, edge)
    return bmp


def overlay_sheet(n):
    """Cursor and last-shot mark for n-pixel cells: two (n+1)-square tiles, transparent inside."""
    m = n + 1
    bmp = displayio.Bitmap(2 * m, m, len(COLORS))
    _frame(bmp, 0, n, C_CURSOR, 2 if n >= 9 else 1)
    # The mark: four corner brackets, so a cursor can sit on the same cell and both show.
    size = max(2, m // 3)  # a bracket's arms
    for x, y in ((0, 0), (m - 1, 0), (0, m - 1), (m - 1, m - 1)):
        dx = 1 if x == 0 else -1
        dy = 1 if y == 0 else -1
        for i in range(size):
            bmp[m + x + dx * i, y] = C_MARK
            bmp[m + x, y + dy * i] = C_MARK
    return bmp
