"""Reads the game's font from its glyph sheet (fonts/seabattle-12.sheet, written by tools.font
from the BDF) into a hardware.display.text.Font, the sheet's pixels copied by
``bitmaptools.readinto`` in C. Reading the BDF in Python (hardware.display.bdf) sets every pixel
from Python: ~80 % of the start-up to the title when precompiled (python -m tools.startuptime).
Used once, at start-up: hardware.display.render.load_font drops this module afterwards.

The file: the cell's width and height (a byte each), the number of glyphs and the length of
their code points in UTF-8 (two bytes each, little-endian), the code points in sheet order,
then the sheet's rows, each ceil(width x glyphs / 8) bytes, the leftmost pixel in the top bit.
"""

import bitmaptools
import displayio


def read(font, path):
    """Fills ``font``'s ``width``, ``height``, ``sheet``, ``codes`` and ``blank`` from ``path``;
    OSError if there is no such file, ValueError if it is not a glyph sheet, EOFError if it is
    cut short (``font`` is set only once all of it was read)."""
    with open(path, "rb") as f:
        head = f.read(6)
        if len(head) != 6 or not head[0] or not head[1]:
            raise ValueError("%s: not a glyph sheet" % path)
        n = head[2] | head[3] << 8
        codes = f.read(head[4] | head[5] << 8)
        sheet = displayio.Bitmap(head[0] * n, head[1], 2)
        bitmaptools.readinto(sheet, f, 1, 1, True)  # 1 bit a pixel, bytes, the first in the top bit
    font.width = head[0]
    font.height = head[1]
    font.sheet = sheet
    font.codes = codes.decode("utf-8")
    font.blank = font.codes.find(" ")
