"""The sprite sheets: one small Bitmap per cell size, drawn once at start-up.

A board on screen is a TileGrid whose tile indices are the ui tile kinds (``seabattle.ui.T_*``),
so showing a shot is one ``grid[square] = kind``: no pixels are drawn at run time. Each tile
carries the grid line on its top and left edge; the board adds its right and bottom edge.

The two overlay tiles (cursor, last-shot mark) are mostly transparent (palette index 0) and
live in a one-tile TileGrid of their own that moves over the board.
"""

import displayio

from seabattle import ui

# Palette indices (0 is transparent: the overlays' holes).
C_CLEAR = 0
C_BG = 1
C_WATER = 2
C_GRID = 3
C_MISS = 4
C_HIT = 5
C_SUNK = 6
C_SUNK_DARK = 7
C_HALO = 8
C_HALO_DOT = 9
C_SHIP = 10
C_SHIP_EDGE = 11
C_OK = 12
C_BAD = 13
C_CURSOR = 14
C_MARK = 15

COLORS = (
    0x000000,  # C_CLEAR (transparent)
    0x08142A,  # C_BG: the screen behind everything
    0x1E5AA8,  # C_WATER
    0x0E3366,  # C_GRID
    0xF0F4F8,  # C_MISS: the dot
    0xFF4A2A,  # C_HIT: the cross
    0xB01818,  # C_SUNK
    0x3A0808,  # C_SUNK_DARK
    0x2F6DB8,  # C_HALO: water known empty, a shade lighter
    0x7FA4D4,  # C_HALO_DOT
    0x9AA4AE,  # C_SHIP
    0x5A6470,  # C_SHIP_EDGE
    0x38C060,  # C_OK: a ship being placed where it may stand
    0xFF40C0,  # C_BAD: ... where it may not
    0xFFE000,  # C_CURSOR
    0xFF8A00,  # C_MARK: the latest shot
)

# Tiles after the cell kinds.
TILE_CURSOR = ui.T_COUNT
TILE_MARK = ui.T_COUNT + 1
TILE_COUNT = ui.T_COUNT + 2

# Text colours (labels take RGB, not palette indices).
TEXT = 0xFFFFFF
TEXT_DIM = 0x9FB4CC
TEXT_ACCENT = 0xFFE000
TONE_COLORS = (TEXT, 0x7FD0FF, 0xFF8A40, 0xFF4A4A, 0x60E080)  # ui.TONE_*


def palette():
    pal = displayio.Palette(len(COLORS))
    for i, color in enumerate(COLORS):
        pal[i] = color
    pal.make_transparent(C_CLEAR)
    return pal


def _rect(bmp, x0, y0, w, h, color):
    for y in range(y0, y0 + h):
        for x in range(x0, x0 + w):
            bmp[x, y] = color


def _cross(bmp, ox, n, color, pad):
    """A diagonal cross inside the n x n tile at x offset ox (content starts at 1)."""
    lo = 1 + pad
    hi = n - 1 - pad
    thick = 2 if n >= 14 else 1
    for i in range(lo, hi + 1):
        for t in range(thick):
            x = i + t
            if x <= hi:
                bmp[ox + x, i] = color
                bmp[ox + x, lo + hi - i] = color


def _dot(bmp, ox, n, color, size):
    c = 1 + (n - 1 - size) // 2
    _rect(bmp, ox + c, c, size, size, color)


def _frame(bmp, ox, n, color, thick):
    _rect(bmp, ox, 0, n + 1, thick, color)
    _rect(bmp, ox, n + 1 - thick, n + 1, thick, color)
    _rect(bmp, ox, 0, thick, n + 1, color)
    _rect(bmp, ox + n + 1 - thick, 0, thick, n + 1, color)


def sheet(n):
    """The sprite sheet for n-pixel cells: TILE_COUNT tiles side by side.

    Cell tiles are n x n (grid line + n-1 content); the overlay tiles are (n+1) x (n+1) so that
    they cover the cell's grid lines on all four sides: ``overlay_sheet`` cuts those.
    """
    bmp = displayio.Bitmap(n * ui.T_COUNT, n, len(COLORS))
    inner = n - 1
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
        _rect(bmp, ox + 1, 1, inner, inner, fill)
        if small:
            if kind == ui.T_MISS:
                _dot(bmp, ox, n, C_MISS, 1)
            elif kind == ui.T_SHIP_HIT:
                _dot(bmp, ox, n, C_HIT, max(1, inner - 2) if inner > 2 else 1)
            continue
        pad = max(1, inner // 5)
        if kind == ui.T_MISS:
            _dot(bmp, ox, n, C_MISS, max(2, inner // 4))
        elif kind == ui.T_HALO:
            _dot(bmp, ox, n, C_HALO_DOT, 1 if inner < 12 else 2)
        elif kind in (ui.T_HIT, ui.T_SHIP_HIT):
            _cross(bmp, ox, n, C_HIT, pad)
        elif kind == ui.T_SUNK:
            _cross(bmp, ox, n, C_SUNK_DARK, pad)
        elif kind in (ui.T_SHIP, ui.T_OK, ui.T_BAD):
            _rect(bmp, ox + 1, 1, inner, 1, C_SHIP_EDGE if kind == ui.T_SHIP else C_GRID)
            if kind == ui.T_BAD:
                _cross(bmp, ox, n, C_GRID, pad)
    return bmp


def overlay_sheet(n):
    """Cursor and last-shot mark for n-pixel cells: two (n+1)-square tiles, transparent inside."""
    m = n + 1
    bmp = displayio.Bitmap(2 * m, m, len(COLORS))
    thick = 2 if n >= 9 else 1
    _frame(bmp, 0, n, C_CURSOR, thick)
    # The mark: four corner brackets, so a cursor can sit on the same cell and both show.
    arm = max(2, m // 3)
    for cx, cy in ((0, 0), (m - 1, 0), (0, m - 1), (m - 1, m - 1)):
        dx = 1 if cx == 0 else -1
        dy = 1 if cy == 0 else -1
        for i in range(arm):
            bmp[m + cx + dx * i, cy] = C_MARK
            bmp[m + cx, cy + dy * i] = C_MARK
    return bmp
