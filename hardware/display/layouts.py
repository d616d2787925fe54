"""Where things go on each screen size: plain numbers, one Layout per supported display.

The font is 6 x 12 px (fonts/seabattle-12.bdf). Sizes: 160x128 (PyBadge, PyGamer), 240x240
(CLUE, TFT Gizmo), 240x135 (ESP32-S3 TFT Feathers), 160x80 (Mini TFT FeatherWing). ``choose``
picks the layout for a display's size; an unknown size gets the largest layout that fits.

The table (``LAYOUTS``), ``choose`` and ``keep_only`` are hardware/display/layouttable.py, which
callers import themselves: a board uses them at start-up only, and ``keep_only`` drops that module
with the other sizes' layouts, so the game holds the chosen Layout and this class only.
"""

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

    # ``size`` is (width, height): an attribute (hardware.display.layouttable sets it), not a property
    # computed from them: a property and its function are heap a board holds all game

