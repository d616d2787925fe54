"""Builds the renderer's BOARD page (hardware/display/render.py): the two boards with their
overlays, the coordinates, the side lines, the message and the hint, out of hardware.display.pages'
pieces. Loaded for the build and dropped after it, as hardware.display.pages is (a module of its own
so that a board compiling from .py compiles the builders in parts).
"""

import displayio

from hardware.display import pages, text, tiles
from hardware.display.layouts import FONT_H, FONT_W
from seabattle import ui


def _grid(r, g, n, x, y, w, h, cursor=True):
    from hardware.display import sheets  # the board page's only: the renderer drops it after the build

    sheet = sheets.sheet(n)
    grid = displayio.TileGrid(sheet, pixel_shader=r.palette, width=w, height=h,
                              tile_width=n, tile_height=n, x=x, y=y)
    # the board's right and bottom grid lines: one rectangle of grid colour under the board
    # (one TileGrid, not one per edge), the board's tiles covering the rest of it
    t = pages.solid(w * n + 1, h * n + 1, tiles.C_GRID, r.palette)
    t.x = x
    t.y = y
    g.append(t)
    g.append(grid)
    sheet = sheets.overlay_sheet(n)
    out = [grid, None, None]  # the board, its last-shot mark and its cursor
    # the small board never shows a cursor: no overlay is made for it
    for i in range(2 if cursor else 1):
        t = displayio.TileGrid(sheet, pixel_shader=r.palette, width=1, height=1,
                               tile_width=n + 1, tile_height=n + 1,
                               default_tile=(tiles.TILE_MARK, tiles.TILE_CURSOR)[i] - ui.T_COUNT)
        t.hidden = True
        g.append(t)
        out[i + 1] = t
    return out


def build(r, w=10, h=10):
    """The BOARD page (a hardware.display.boardview.BoardPage) for a w x h board: its Group,
    boards, overlays, stamps and lines."""
    from hardware.display.boardview import BoardPage  # held while the page shows only

    lay = r.layout
    g = displayio.Group()
    n = lay.cell
    x = lay.board_x
    y = lay.board_y
    big, mark, cursor = _grid(r, g, n, x, y, w, h)
    small_group = displayio.Group()
    small, small_mark, _ = _grid(r, small_group, lay.small_cell, lay.small_x, lay.small_y, w, h, False)
    g.append(small_group)
    col_stamps = row_stamps = None
    if lay.col_labels:
        # one letter centred over each column; one pixel higher than the box says: Blinka
        # draws descenders (Д, Ц) one row low
        col_stamps = pages.stamps(r.font, x + (n + 1 - FONT_W) // 2, y - FONT_H - 1,
                            [(k * n, 0) for k in range(w)], 1, r.dim)
        g.append(col_stamps.item)
    if lay.row_labels:
        # row numbers right-aligned in two cells against the board
        row_stamps = pages.stamps(r.font, x - 1 - 2 * FONT_W, y + (n + 1 - FONT_H) // 2,
                            [(0, k * n) for k in range(h)], 2, r.dim, True, n)
        g.append(row_stamps.item)
    # each side box's lines in one TileGrid (text.Lines)
    side = []
    for x, y, lines, chars in lay.side:
        t = pages.line(text.Lines(), r.font, x, y, chars, tiles.TEXT, 1, r.plain, lines)
        t.owner = r
        t.texts = [""] * lines
        g.append(t.item)
        side.append(t)
    # the message: double size where the layout has it, normal size for texts too long for
    # that: one line as wide as the normal size's, in a Group whose scale changes
    # (BoardPage._set_message); at double size only its first ``chars`` tiles show text
    x, y, chars, scale = lay.message
    message = pages.text_at(r, g, x, y, chars * scale, tiles.TEXT, scale)
    message.chars = chars
    hint = None
    if lay.hint:
        x, y, chars = lay.hint
        hint = pages.text_at(r, g, x, y, chars, tiles.TEXT_DIM, palette=r.dim)
    return BoardPage(g, big, mark, cursor, small_group, small, small_mark, col_stamps, row_stamps, side, message, hint)
