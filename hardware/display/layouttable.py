"""The layout of each supported screen size (hardware.display.layouts.Layout) and picking one
(``choose``): a board uses them at start-up only. ``keep_only`` drops the other sizes and this
module once the display's layout is chosen.
"""

import sys

from hardware.display.layouts import FONT_W, Layout
from seabattle.compat import forget


def _layout(size, cell, board_at, small_cell, small_at, side, message, hint,
             title, row_y, row_h, rows, page_hint, col_labels=True, row_labels=True):
    lay = Layout()
    lay.size = size
    lay.width, lay.height = size
    lay.cell = cell
    lay.board_x, lay.board_y = board_at
    lay.small_cell = small_cell
    lay.small_x, lay.small_y = small_at
    lay.side = side
    lay.message = message
    lay.hint = hint
    lay.title_y, lay.title_scale = title
    lay.row_y = row_y
    lay.row_h = row_h
    lay.rows = rows
    lay.chars = size[0] // FONT_W - 1
    lay.page_hint = page_hint
    lay.col_labels = col_labels
    lay.row_labels = row_labels
    return lay


LAYOUTS = (
    # PyBadge / PyGamer: big board 101 px on the left, small board and side text on the right.
    _layout((160, 128), cell=10, board_at=(13, 13), small_cell=4, small_at=(117, 1),
            side=((116, 45, 5, 7),), message=(2, 115, 26, 1), hint=None,
            title=(2, 2), row_y=30, row_h=14, rows=6, page_hint=(2, 115, 26)),
    # CLUE / TFT Gizmo: room for 16 px cells and a double-size message.
    _layout((240, 240), cell=16, board_at=(14, 13), small_cell=6, small_at=(178, 13),
            side=((178, 80, 7, 10),), message=(4, 181, 19, 2), hint=(4, 222, 39),
            title=(4, 2), row_y=36, row_h=18, rows=9, page_hint=(4, 222, 39)),
    # ESP32-S3 TFT Feathers: a wide, short screen.
    _layout((240, 135), cell=11, board_at=(13, 13), small_cell=6, small_at=(130, 2),
            side=((194, 2, 5, 7), (130, 66, 3, 18)), message=(130, 104, 18, 1),
            hint=(130, 120, 18), title=(2, 2), row_y=30, row_h=14, rows=6, page_hint=(2, 121, 39)),
    # Mini TFT FeatherWing: 6 px cells, no row numbers (the cursor's cell is named in the text).
    _layout((160, 80), cell=6, board_at=(1, 13), small_cell=4, small_at=(118, 1),
            side=((66, 1, 3, 8), (66, 44, 1, 15)), message=(66, 56, 15, 1), hint=(66, 68, 15),
            title=(1, 1), row_y=15, row_h=13, rows=5, page_hint=None, row_labels=False),
)


def choose(width, height):
    """The layout for a width x height display."""
    for layout in LAYOUTS:
        if (layout.width, layout.height) == (width, height):
             return layout
    fits = [lay for lay in LAYOUTS if lay.width <= width and lay.height <= height]
    if not fits:
        raise ValueError("no layout fits a %dx%d display (smallest is 160x80)" % (width, height))
    best = fits[0]
    for lay in fits:
        if lay.width * lay.height > best.width * best.height:
             best = lay
    return best


def keep_only(layout):
    """Drops every other size's Layout once the display's (``layout``) is chosen, with this
    module (a board has one display; the table is ~1 KB of objects). Only on a board's VM: on a
    desktop, tests and tools walk every size."""
    if sys.implementation.name != "cpython":
        forget("hardware.display.layouttable")
