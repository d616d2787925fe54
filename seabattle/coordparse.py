"""Reading a cell a player names: ``"в1"``, ``" К10 "`` -> a square (``parse``).

Apart from seabattle.coords because a game on a board only shows cells (the tests read them): a
board never loads this module.
"""

from seabattle.coords import CellError


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


def parse(conv, text, width, height):
    """The square ``text`` names in the convention ``conv`` (seabattle.coords) on a width x height
    board. Raises CellError."""
    if width > len(conv.letters):
        raise CellError("the %s convention names only %d columns" % (conv.name, len(conv.letters)))
    if not isinstance(text, str):
        raise CellError("a cell is text such as %s1, not %r" % (conv.letters[0], text))
    t = ""
    for ch in upper(text):
        if ch not in " \t-":
            t += ch
    if len(t) < 2:
        raise CellError("%r is not a cell: write a letter and a row, such as %s1" % (text, conv.letters[0]))
    letter = t[0]
    digits = t[1:]
    x = conv.letters.find(letter)
    if x < 0 or x >= width:
        raise CellError("%r is not a cell: columns are %s to %s" % (text, conv.letters[0], conv.letters[width - 1]))
    for d in digits:
        if d not in "0123456789":
            raise CellError("%r is not a cell: the row must be a number from 1 to %d" % (text, height))
    row = int(digits)
    if digits[0] == "0" or not 1 <= row <= height:
        raise CellError("%r is not a cell: rows are 1 to %d" % (text, height))
    return (row - 1) * width + x
