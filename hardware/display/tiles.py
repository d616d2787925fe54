"""The sprite sheets' palette and tile numbers; hardware/display/sheets.py draws the sheets: one small
Bitmap per cell size, drawn when a board page is built.

A board on screen is a TileGrid whose tile indices are the ui tile kinds (``seabattle.ui.T_*``),
so showing a shot is one ``grid[square] = kind``: no pixels are drawn at run time. Each tile
carries the grid line on its top and left edge; the board adds its right and bottom edge.

The two overlay tiles (cursor, last-shot mark) are mostly transparent (palette index 0) and
live in a one-tile TileGrid of their own that moves over the board.

The drawing code (hardware.display.sheets) and the palette's (hardware.display.pages.palette) are held only
while a page is built: the renderer drops them from sys.modules afterwards (RAM: tools.ramreport).
"""

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
