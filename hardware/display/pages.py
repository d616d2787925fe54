"""Builds the renderer's pages (hardware/display/render.py): the LIST page (title, rows, selection bar),
the palettes and root group, the filled rectangles and the text objects the BOARD page
(hardware.display.boardpage: boards, overlays, coordinates, side lines, message, hint) is built of. Loaded when a page is built and dropped again by the
renderer (Renderer._show), so the building code is not held while a page is on show; the pages'
objects are the renderer's (its ``listing`` or ``board``).
Making the text objects (hardware.display.text's Line, Stamps and their palettes) is here too: those
classes have no __init__ a board would hold all game.
"""

import displayio

from hardware.display import text
from hardware.display import tiles
from hardware.display.layouts import FONT_H, FONT_W


def palettes():
    """The sheets' palette, then one per colour that lines share: dim, plain and accent."""
    return palette(), palette_for(tiles.TEXT_DIM), palette_for(tiles.TEXT), palette_for(tiles.TEXT_ACCENT)


def root(layout, pal):
    """The display's root group, with the background."""
    g = displayio.Group()
    g.append(solid(layout.width, layout.height, tiles.C_BG, pal))
    return g


def palette():
    """The sprite sheets' palette (hardware.display.tiles.COLORS; index C_CLEAR transparent)."""
    pal = displayio.Palette(len(tiles.COLORS))
    for i, color in enumerate(tiles.COLORS):
        pal[i] = color
    pal.make_transparent(tiles.C_CLEAR)
    return pal


def solid(width, height, color_index, pal):
    """A filled rectangle (the background, the menu's selection bar, a board's grid lines): a
    vectorio.Rectangle, which keeps no pixels (one small native object on a board: the
    Bitmap and TileGrid below were ~0.4-0.6 KB each, 1.2-1.5 KB on a board page, 32-bit VM).
    A firmware without vectorio gets one row of pixels repeated ``height`` times as tiles, so a
    screen-sized background costs a few hundred bytes, not a width x height bitmap. A row, not
    a column: a bitmap's rows are padded to 32 bits, so a 1-pixel column costs 4 bytes a pixel
    (512 bytes for a 128 px screen's background; a 160 px row of 4-bit pixels is 80)."""
    try:
        import vectorio
    except ImportError:
        vectorio = None
    if vectorio is not None:
        return vectorio.Rectangle(pixel_shader=pal, width=width, height=height, color_index=color_index)
    bmp = displayio.Bitmap(width, 1, len(tiles.COLORS))
    bmp.fill(color_index)
    return displayio.TileGrid(bmp, pixel_shader=pal, width=1, height=height, tile_width=width,
                              tile_height=1)


def palette_for(color):
    """Transparent background and ``color``: what a Line draws with (Lines may share one)."""
    p = displayio.Palette(2)
    p.make_transparent(0)
    p[1] = color
    return p


def line(t, font, x, y, chars, color, scale=1, palette=None, rows=1):
    """Makes ``t`` (a hardware.display.text.Line, or a class of it) ``chars`` tiles of text at (x, y) in
    ``color``, ``scale`` times the font size, ``rows`` lines stacked a cell's height apart, with
    ``palette`` or one of its own; returns it."""
    t.font = font
    t.chars = chars
    if palette is None:
        palette = palette_for(color)
    t.palette = palette
    t.grid = displayio.TileGrid(font.sheet, pixel_shader=palette, width=chars, height=rows,
                                tile_width=font.width, tile_height=font.height, default_tile=font.blank)
    if scale == 1:
        t.grid.x = x
        t.grid.y = y + text.TOP
        t.item = t.grid
    else:
        t.grid.y = text.TOP
        t.item = displayio.Group(scale=scale, x=x, y=y)
        t.item.append(t.grid)
    return t


def stamps(font, x, y, places, chars, palette, right=False, step=0):
    """A hardware.display.text.Stamps for texts at ``places`` (box top-left corners relative to (x, y)),
    ``chars`` cells each, right-aligned when ``right``. ``step``: the places are a column
    ``step`` px apart, at least the font's height: each text is drawn into a tile of its own,
    side by side in the bitmap, and the TileGrid stacks those tiles (a bitmap's rows are padded
    to 32 bits: the 12 px column of a 240x240 board's row numbers took 624 bytes, its tiles 256)."""
    s = text.Stamps()
    s.font = font
    s.places = places
    s.chars = chars
    s.right = right
    s.x = x
    s.y = y
    s.tiled = step >= font.height
    w = h = 0
    for dx, dy in places:
        w = max(w, dx + chars * font.width)
        h = max(h, dy + font.height)
    if s.tiled:
        s.bitmap = displayio.Bitmap(len(places) * w, step, 2)
        s.item = displayio.TileGrid(s.bitmap, pixel_shader=palette, width=1, height=len(places),
                                    tile_width=w, tile_height=step, x=x, y=y + text.TOP)
        for i in range(len(places)):
            s.item[0, i] = i
    else:
        s.bitmap = displayio.Bitmap(w, h, 2)
        s.item = displayio.TileGrid(s.bitmap, pixel_shader=palette, x=x, y=y + text.TOP)
    s.texts = [""] * len(places)
    return s


def text_at(r, group, x, y, chars, color=tiles.TEXT, scale=1, palette=None):
    """A text.Text on the renderer ``r``, appended to ``group``."""
    t = line(text.Text(), r.font, x, y, chars, color, scale, palette)
    t.owner = r
    t.text = ""
    t.color = color
    t.full = ""
    t.offset = 0
    group.append(t.item)
    return t


def build_list(r):
    """The LIST page (a hardware.display.listview.ListPage): its Group, the selection bar, the
    title, the rows, the scroll marks and the page hint."""
    from hardware.display.listview import ListPage  # held while the page shows only

    lay = r.layout
    g = displayio.Group()
    w = lay.width
    bar = solid(w - 2, lay.row_h, tiles.C_GRID, r.palette)
    bar.x = 1
    g.append(bar)
    scale = lay.title_scale
    title = text_at(r, g, 2, lay.title_y, (w - 4) // (FONT_W * scale), tiles.TEXT_ACCENT, scale, r.accent)
    # each row's text centred in its row_h band (where a GridLayout cell put it)
    dy = (lay.row_h - FONT_H) // 2
    # the rows share the plain and the accent palette (text.Text._show swaps them)
    rows = [text_at(r, g, 2, lay.row_y + i * lay.row_h + dy, lay.chars - 1, palette=r.plain)
            for i in range(lay.rows)]
    more_up = text_at(r, g, w - FONT_W - 1, lay.row_y, 1, tiles.TEXT_DIM, palette=r.dim)
    more_down = text_at(r, g, w - FONT_W - 1, min(lay.row_y + (lay.rows - 1) * lay.row_h + 2, lay.height - FONT_H), 1,
                      tiles.TEXT_DIM, palette=r.dim)
    page_hint = None
    if lay.page_hint:
        x, y, chars = lay.page_hint
        page_hint = text_at(r, g, x, y, chars, tiles.TEXT_DIM, palette=r.dim)
    return ListPage(g, bar, title, rows, more_up, more_down, page_hint)
