"""Reads the game's monospaced BDF font into a hardware.text.Font: one 1-bit Bitmap with all
glyphs side by side and a string of the code points in sheet order. Used once, at start-up:
hardware.render.load_font drops this module from sys.modules afterwards.
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
    with open(path, "r") as f:
        ox = oy = 0
        count = 0
        row = -1  # >= 0 while reading a glyph's BITMAP rows
        gx = gy = gw = 0
        for line in f:
            if row >= 0:
                if line.startswith("ENDCHAR"):
                    row = -1
                    count += 1
                    continue
                bits = int(line.strip(), 16)
                nbits = len(line.strip()) * 4
                y = gy + row
                for i in range(gw):
                    if bits >> (nbits - 1 - i) & 1:
                        sheet[count * font.width + gx + i, y] = 1
                row += 1
            elif line.startswith("ENCODING "):
                end = _utf8(codes, end, int(line[9:]))
            elif line.startswith("BBX "):
                gw, gh, dx, dy = [int(v) for v in line[4:].split()]
                gx = dx - ox
                gy = (font.height + oy) - (gh + dy)  # rows from the cell's top
            elif line.startswith("BITMAP"):
                row = 0
            elif line.startswith("FONTBOUNDINGBOX "):
                font.width, font.height, ox, oy = [int(v) for v in line[16:].split()]
            elif line.startswith("CHARS "):
                n = int(line[6:])
                sheet = displayio.Bitmap(font.width * n, font.height, 2)
                codes = bytearray(3 * n)
    font.sheet = sheet
    font.codes = bytes(codes[:end]).decode("utf-8")
    font.blank = font.codes.find(" ")


def _utf8(buf, at, cp):
    """Writes code point ``cp`` (below U+10000) into ``buf`` at ``at`` as UTF-8; the new end."""
    if cp < 0x80:
        buf[at] = cp
        return at + 1
    if cp < 0x800:
        buf[at] = 0xC0 | cp >> 6
        buf[at + 1] = 0x80 | cp & 0x3F
        return at + 2
    buf[at] = 0xE0 | cp >> 12
    buf[at + 1] = 0x80 | cp >> 6 & 0x3F
    buf[at + 2] = 0x80 | cp & 0x3F
    return at + 3
