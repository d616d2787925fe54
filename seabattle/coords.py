"""Cells named as players say them: ``В1``, ``К10``, ``b1``, ``J10``.

Columns are letters, rows are numbers from 1. Three conventions from the paper game: the
Russian alphabet without Ё and Й (А Б В Г Д Е Ж З И К, then Л М Н ... for wider boards), the
Latin alphabet (A–J, then K ...), and the ten-letter words РЕСПУБЛИКА and СНЕГУРОЧКА, whose
letters are all different so that each names one column.

A square is an ``int``: ``y * width + x``. Reading a cell a player names is seabattle.coordparse:
a game on a board only shows cells.
"""

from seabattle.compat import DESKTOP


class CellError(ValueError):
    """Text that names no cell on this board."""


class Convention:
    """One way of naming columns: ``letters[x]`` names column x."""

    def __init__(self, name, letters):
        self.name = name
        self.letters = letters

    if DESKTOP:  # a debugging aid: see seabattle.compat.DESKTOP

        def __repr__(self):
            return "Convention(%r)" % self.name

    def max_width(self):
        return len(self.letters)

    def column(self, x):
        if not 0 <= x < len(self.letters):
            raise CellError("column %d has no letter in the %s convention" % (x + 1, self.name))
        return self.letters[x:x + 1]  # a slice: indexing a str interns the letter on MicroPython

    def format(self, square, width):
        """``square`` as text: column letter then row number (``format(0, 10) == "А1"``)."""
        return self.column(square % width) + str(square // width + 1)

    def format_cells(self, cells, width):
        """A ship's cells as a player names them: ``Д4–Д6`` for a line, ``Б3`` for one cell."""
        cells = sorted(cells)
        if len(cells) == 1:
            return self.format(cells[0], width)
        return self.format(cells[0], width) + "\u2013" + self.format(cells[-1], width)


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

