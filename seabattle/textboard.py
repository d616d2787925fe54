"""Boards as text pictures, one row per line: for fleet files, tests and bug reports.

    #..#......      #  a ship cell          .  water
    #.......#.      x  a hit ship cell      o  a fired-at water cell (miss)
    #.x.......      A..Z (not O, X)  a cell of the ship with that letter; a..z (not o, x) hit
    ....

``#``/``x`` cells that share a side form one ship. Letters keep ships apart where they touch
(Milton Bradley rules allow side-by-side ships). Spaces inside a row are ignored, so
``# . . #`` works too; lines starting with ``;`` are comments.
"""

from seabattle.board import HALO, HIT, MISS, SUNK, Board
from seabattle.fleet import Fleet, Ship


class PictureError(ValueError):
    """Text that is not a board picture (wrong size, an unknown character...)."""


class Picture:
    """A parsed picture: the fleet and the squares fired at (``shots[square]`` is 0 or 1)."""

    def __init__(self, fleet, shots):
        self.fleet = fleet
        self.shots = shots

    def board(self):
        """A Board for this fleet with the pictured shots already received."""
        board = Board(self.fleet)
        for sq in range(len(self.shots)):
            if self.shots[sq]:
                board.fire(sq)
        return board


def _rows(text):
    rows = []
    for raw in text.split("\n"):
        line = raw.strip()
        if not line or line[0] == ";":
            continue
        row = ""
        for ch in line:
            if ch not in " \t\r":
                row += ch
        rows.append(row)
    return rows


def parse(text, rules):
    """The Picture in ``text`` for a board of ``rules``' size. Does not validate the fleet
    (call ``seabattle.fleetcheck.validate(picture.fleet)``), so that an illegal fleet can still be read and explained.
    """
    rows = _rows(text)
    w = rules.width
    if len(rows) != rules.height:
        raise PictureError("the picture has %d rows; these rules need %d" % (len(rows), rules.height))
    for y in range(len(rows)):
        if len(rows[y]) != w:
            raise PictureError("row %d has %d cells; these rules need %d" % (y + 1, len(rows[y]), w))
    shots = bytearray(rules.cells)
    plain = bytearray(rules.cells)  # 1 for '#'/'x' cells, grouped by flood fill below
    named = {}
    for y in range(rules.height):
        for x in range(w):
            ch = rows[y][x]
            sq = y * w + x
            if ch == ".":
                continue
            if ch in "oO":
                shots[sq] = 1
            elif ch in "#xX":
                plain[sq] = 1
                shots[sq] = 1 if ch != "#" else 0
            elif "A" <= ch <= "Z":
                named.setdefault(ch, []).append(sq)
            elif "a" <= ch <= "z":
                named.setdefault(chr(ord(ch) - 32), []).append(sq)
                shots[sq] = 1
            else:
                raise PictureError("row %d, column %d: %r is not a cell (use . # x o or a letter)" % (y + 1, x + 1, ch))
    ships = []
    for sq in range(rules.cells):
        if plain[sq]:
            group = [sq]
            plain[sq] = 0
            i = 0
            while i < len(group):
                c = group[i]
                i += 1
                cx = c % w
                for n in (c - w, c + w, c - 1 if cx > 0 else -1, c + 1 if cx < w - 1 else -1):
                    if 0 <= n < rules.cells and plain[n]:
                        plain[n] = 0
                        group.append(n)
            ships.append(Ship(group))
    for letter in sorted(named):
        ships.append(Ship(named[letter]))
    ships.sort(key=lambda s: (-s.size, s.cells))
    return Picture(Fleet(rules, ships), shots)


_LETTERS = "ABCDEFGHIJKLMNPQRSTUVWYZ"  # no O or X: those mean miss and hit


def _needs_letters(fleet):
    """True if two ships share a side, so '#' groups would merge them."""
    w = fleet.rules.width
    owner = fleet.owner
    for sq in range(fleet.rules.cells):
        a = owner[sq]
        if not a:
            continue
        if sq % w < w - 1 and owner[sq + 1] and owner[sq + 1] != a:
            return True
        if sq + w < fleet.rules.cells and owner[sq + w] and owner[sq + w] != a:
            return True
    return False


def format_fleet(fleet, shots=None, letters=None):
    """The picture of ``fleet`` (with ``shots`` received, if given). Letters are used when
    ``letters`` is True, or when None and some ships touch at a side."""
    if letters is None:
        letters = _needs_letters(fleet)
    if letters and len(fleet.ships) > len(_LETTERS):
        raise PictureError("too many ships to letter: %d" % len(fleet.ships))
    w = fleet.rules.width
    lines = []
    for y in range(fleet.rules.height):
        row = ""
        for x in range(w):
            sq = y * w + x
            i = fleet.owner[sq]
            fired = shots is not None and shots[sq]
            if not i:
                row += "o" if fired else "."
            elif letters:
                ch = _LETTERS[i - 1]
                row += chr(ord(ch) + 32) if fired else ch
            else:
                row += "x" if fired else "#"
        lines.append(row)
    return "\n".join(lines) + "\n"


def format_board(board, letters=None):
    """The picture of a Board: its fleet and the shots it received."""
    return format_fleet(board.fleet, board.shots, letters)


_VIEW = {0: ".", MISS: "o", HIT: "x", SUNK: "#", HALO: "*"}


def format_view(view):
    """A player's chart of the enemy: ``.`` unknown, ``o`` miss, ``x`` hit, ``#`` sunk, ``*`` halo."""
    w = view.rules.width
    lines = []
    for y in range(view.rules.height):
        lines.append("".join([_VIEW[view.cells[y * w + x]] for x in range(w)]))
    return "\n".join(lines) + "\n"
