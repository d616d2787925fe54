"""Reads the game's monospaced BDF font into a hardware.display.text.Font: one 1-bit Bitmap with all
glyphs side by side and a string of the code points in sheet order. Used once, at start-up, where
the quicker glyph sheet (hardware.display.fontsheet) cannot be read, and by tools.font to write
that sheet: hardware.display.render.load_font drops this module from sys.modules afterwards.
"""

import displayio


def read(font, path):
    """Fills ``font``'s ``width``, ``height``, ``sheet``, ``codes`` and ``blank`` from ``path``."""
    font.width = font.height = 0
    # the code points as UTF-8 in one buffer sized at CHARS: no list of 194 one-character
    # strings growing while the file is read (that list's reallocations failed first in a
    # fragmented heap: python -m tools.ramreport --min-heap)
    codes = None
    end = 0
    sheet = None
    # (the locals' names are ones the game has anyway: every distinct identifier of a module a
    # board compiles is an interned name for good: tests/test_ramreport.py -k six_pools)
    with open(path, "r") as f:
        x0 = y0 = 0  # the font's bounding box's offset
        count = 0
        row = -1  # >= 0 while reading a glyph's BITMAP rows
        gx = gy = w = 0  # the glyph's box (w, h) and its top-left in the cell
        for line in f:
            if row >= 0:
                if line.startswith("ENDCHAR"):
                    row = -1
                    count += 1
                    continue
                bits = int(line.strip(), 16)
                top = len(line.strip()) * 4 - 1  # the row's leftmost pixel's bit
                y = gy + row
                for i in range(w):
                    if bits >> (top - i) & 1:
                        sheet[count * font.width + gx + i, y] = 1
                row += 1
            elif line.startswith("ENCODING "):
                end = _utf8(codes, end, int(line[9:]))
            elif line.startswith("BBX "):
                w, h, dx, dy = [int(v) for v in line[4:].split()]
                gx = dx - x0
                gy = (font.height + y0) - (h + dy)  # rows from the cell's top
            elif line.startswith("BITMAP"):
                row = 0
            elif line.startswith("FONTBOUNDINGBOX "):
                font.width, font.height, x0, y0 = [int(v) for v in line[16:].split()]
            elif line.startswith("CHARS "):
                n = int(line[6:])
                sheet = displayio.Bitmap(font.width * n, font.height, 2)
                codes = bytearray(3 * n)
    font.sheet = sheet
    font.codes = bytes(codes[:end]).decode("utf-8")
    font.blank = font.codes.find(" ")


def _utf8(buf, at, code):
    """Writes code point ``code`` (below U+10000) into ``buf`` at ``at`` as UTF-8; the new end."""
    if code < 0x80:
        buf[at] = code
        return at + 1
    if code < 0x800:
        buf[at] = 0xC0 | code >> 6
        buf[at + 1] = 0x80 | code & 0x3F
        return at + 2
    buf[at] = 0xE0 | code >> 12
    buf[at + 1] = 0x80 | code >> 6 & 0x3F
    buf[at + 2] = 0x80 | code & 0x3F
    return at + 3
