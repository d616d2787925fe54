"""Where things go on each screen size: plain numbers, one Layout per supported display.

The font is 6 x 12 px (fonts/seabattle-12.bdf). Sizes: 160x128 (PyBadge, PyGamer), 240x240
(CLUE, TFT Gizmo), 240x135 (ESP32-S3 TFT Feathers), 160x80 (Mini TFT FeatherWing). ``choose``
picks the layout for a display's size; an unknown size gets the largest layout that fits.
"""

import sys

FONT_W = 6
FONT_H = 12


class Layout:
    """Board page: the big board's cell size and top-left corner (coordinate labels sit above
    and to the left when ``col_labels``/``row_labels``), the small board, ``side`` boxes
    ``(x, y, lines, chars)`` that side lines flow through in order, the message line
    ``(x, y, chars, scale)`` and the hint line ``(x, y, chars)`` or None.
    Menu and info pages: title ``(y, scale)``, rows from ``row_y`` every ``row_h`` px,
    ``rows`` of them, ``chars`` wide, and the page hint line.
    """

    def __init__(self, size, cell, board_at, small_cell, small_at, side, message, hint,
                 title, row_y, row_h, rows, page_hint, col_labels=True, row_labels=True):
        self.width, self.height = size
        self.cell = cell
        self.board_x, self.board_y = board_at
        self.small_cell = small_cell
        self.small_x, self.small_y = small_at
        self.side = side
        self.message = message
        self.hint = hint
        self.title_y, self.title_scale = title
        self.row_y = row_y
        self.row_h = row_h
        self.rows = rows
        self.chars = size[0] // FONT_W - 1
        self.page_hint = page_hint
        self.col_labels = col_labels
        self.row_labels = row_labels

    @property
    def size(self):
        return (self.width, self.height)

    def __repr__(self):
        return "Layout(%dx%d)" % (self.width, self.height)


LAYOUTS = (
    # PyBadge / PyGamer: big board 101 px on the left, small board and side text on the right.
    Layout((160, 128), cell=10, board_at=(13, 13), small_cell=4, small_at=(117, 1),
           side=((116, 45, 5, 7),), message=(2, 115, 26, 1), hint=None,
           title=(2, 2), row_y=30, row_h=14, rows=6, page_hint=(2, 115, 26)),
    # CLUE / TFT Gizmo: room for 16 px cells and a double-size message.
    Layout((240, 240), cell=16, board_at=(14, 13), small_cell=6, small_at=(178, 13),
           side=((178, 80, 7, 10),), message=(4, 181, 19, 2), hint=(4, 222, 39),
           title=(4, 2), row_y=36, row_h=18, rows=9, page_hint=(4, 222, 39)),
    # ESP32-S3 TFT Feathers: a wide, short screen.
    Layout((240, 135), cell=11, board_at=(13, 13), small_cell=6, small_at=(130, 2),
           side=((194, 2, 5, 7), (130, 66, 3, 18)), message=(130, 104, 18, 1),
           hint=(130, 120, 18), title=(2, 2), row_y=30, row_h=14, rows=6, page_hint=(2, 121, 39)),
    # Mini TFT FeatherWing: 6 px cells, no row numbers (the cursor's cell is named in the text).
    Layout((160, 80), cell=6, board_at=(1, 13), small_cell=4, small_at=(118, 1),
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
    """Drops every other size's Layout once the display's is chosen (a board has one display;
    the table is ~1 KB of objects). Only on a board's VM: on a desktop, tests and tools walk
    every size."""
    global LAYOUTS
    if sys.implementation.name != "cpython":
        LAYOUTS = (layout,)
