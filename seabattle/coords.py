"""Cells named as players say them: ``В1``, ``К10``, ``b1``, ``J10``.

Columns are letters, rows are numbers from 1. Three conventions from the paper game: the
Russian alphabet without Ё and Й (А Б В Г Д Е Ж З И К, then Л М Н ... for wider boards), the
Latin alphabet (A–J, then K ...), and the ten-letter words РЕСПУБЛИКА and СНЕГУРОЧКА, whose
letters are all different so that each names one column.

A square is an ``int``: ``y * width + x``.
"""


class CellError(ValueError):
    """Text that names no cell on this board."""


def upper(text):
    """Upper case for ASCII and Cyrillic (MicroPython's ``str.upper`` knows ASCII only)."""
    out = ""
    for ch in text:
        o = ord(ch)
        if 0x61 <= o <= 0x7A or 0x430 <= o <= 0x44F:
            ch = chr(o - 0x20)
        elif o == 0x451:  # ё
            ch = "Ё"
        elif 0x450 <= o <= 0x45F:  # ѐ..џ incl. Ukrainian і ї є
            ch = chr(o - 0x50)
        out += ch
    return out


class Convention:
    """One way of naming columns: ``letters[x]`` names column x."""

    def __init__(self, name, letters):
        self.name = name
        self.letters = letters

    def __repr__(self):
        return "Convention(%r)" % self.name

    def max_width(self):
        return len(self.letters)

    def column(self, x):
        if not 0 <= x < len(self.letters):
            raise CellError("column %d has no letter in the %s convention" % (x + 1, self.name))
        return self.letters[x]

    def format(self, square, width):
        """``square`` as text: column letter then row number (``format(0, 10) == "А1"``)."""
        return self.column(square % width) + str(square // width + 1)

    def format_cells(self, cells, width):
        """A ship's cells as a player names them: ``Д4–Д6`` for a line, ``Б3`` for one cell."""
        cells = sorted(cells)
        if len(cells) == 1:
            return self.format(cells[0], width)
        return self.format(cells[0], width) + "\u2013" + self.format(cells[-1], width)

    def parse(self, text, width, height):
        """The square named by ``text`` (``"в1"``, ``" К10 "``) on a width x height board."""
        if width > len(self.letters):
            raise CellError("the %s convention names only %d columns" % (self.name, len(self.letters)))
        if not isinstance(text, str):
            raise CellError("a cell is text such as %s1, not %r" % (self.letters[0], text))
        t = ""
        for ch in upper(text):
            if ch not in " \t-":
                t += ch
        if len(t) < 2:
            raise CellError("%r is not a cell: write a letter and a row, such as %s1" % (text, self.letters[0]))
        letter = t[0]
        digits = t[1:]
        x = self.letters.find(letter)
        if x < 0 or x >= width:
            raise CellError("%r is not a cell: columns are %s to %s" % (text, self.letters[0], self.letters[width - 1]))
        for d in digits:
            if d not in "0123456789":
                raise CellError("%r is not a cell: the row must be a number from 1 to %d" % (text, height))
        row = int(digits)
        if digits[0] == "0" or not 1 <= row <= height:
            raise CellError("%r is not a cell: rows are 1 to %d" % (text, height))
        return (row - 1) * width + x


RUSSIAN = Convention("russian", "АБВГДЕЖЗИКЛМНОПРСТУФ")
LATIN = Convention("latin", "ABCDEFGHIJKLMNOPQRST")
RESPUBLIKA = Convention("respublika", "РЕСПУБЛИКА")
SNEGUROCHKA = Convention("snegurochka", "СНЕГУРОЧКА")

CONVENTIONS = (RUSSIAN, LATIN, RESPUBLIKA, SNEGUROCHKA)


def convention(name):
    for c in CONVENTIONS:
        if c.name == name:
            return c
    raise CellError("unknown coordinate convention %r: choose one of %s" % (
        name, ", ".join([c.name for c in CONVENTIONS])))
