"""The checks that make a fleet legal under the rules, and the errors that say what is wrong.

Every way a fleet can be wrong has its own ``FleetError`` subclass that names the ships and the
cell, so a player can see what to move. Apart from seabattle.fleet so that a board holds this
code only while a fleet is placed or checked (placing, the start of a battle, a save read, the
end's verification), not through the battle.
"""

from seabattle.fleet import Ship


class FleetError(ValueError):
    """A fleet that breaks the rules: ``kind`` names what, ``fields`` where (``ship``, ``other``,
    ``cell``, ``size``, ``need``, ``have``, ``corner``: those the kind has).

    ``str(error)`` is English with Latin coordinates; ``error.text(lang, convention)`` says it
    in the player's language (see seabattle.strings).
    """

    kind = "fleet"

    def __init__(self, width, **fields):
        super().__init__()
        self.width = width
        self.fields = fields

    def __str__(self):
        # made on demand: building it loads a language table, which costs RAM on a board
        return self.text()

    def text(self, lang=None, convention=None):
        """The message in ``lang`` (a code or a table from seabattle.strings.load; None for
        English), cells named in ``convention`` (Latin if None)."""
        from seabattle import strings

        if convention is None:
            from seabattle.coords import LATIN as convention

        width = self.width
        fields = self.fields
        params = {}
        for key in fields:
            value = fields[key]
            if key in ("ship", "other"):
                value = convention.format_cells(value, width) if _is_line(value, width) else \
                    ", ".join([convention.format(c, width) for c in sorted(value)])
            elif key == "cell":
                value = convention.format(value, width) if value >= 0 else "?"
            params[key] = value
        return strings.say(lang, "err_" + self.kind, params)


class WrongShips(FleetError):
    """A ship missing, or one too many, of some size (``size``, ``need``, ``have``)."""

    kind = "count"


class MissingShip(WrongShips):
    kind = "missing"


class ExtraShip(WrongShips):
    kind = "extra"

    def __init__(self, width, **fields):
        if fields.get("need") == 0:
            self.kind = "extra_size"  # a size the fleet does not have at all
        WrongShips.__init__(self, width, **fields)


class ShipOffBoard(FleetError):
    kind = "off_board"


class ShipNotStraight(FleetError):
    kind = "not_straight"


class ShipsOverlap(FleetError):
    kind = "overlap"


class ShipsTouch(FleetError):
    """Two ships touch (``ship``, ``other``, the ``cell`` of ``other`` that touches, ``corner``)."""

    kind = "touch"

    def __init__(self, width, **fields):
        if fields.get("corner"):
            self.kind = "touch_corner"
        FleetError.__init__(self, width, **fields)


def _is_line(cells, width):
    """True when cells form one straight unbroken line (or a single cell)."""
    n = len(cells)
    if n == 0:
        return False
    cells = sorted(cells)
    first = cells[0]
    if n == 1:
        return True
    step = cells[1] - first
    if step == 1:
        if first // width != cells[-1] // width:
            return False
    elif step != width:
        return False
    for i in range(1, n):
        if cells[i] - cells[i - 1] != step:
            return False
    return True


def validate(fleet):
    """Raise the first FleetError ``fleet`` (a seabattle.fleet.Fleet) commits, or return it if legal.

    Each ship's own shape first, then clashes between ships, then the fleet's sizes, so the
    message points at the most local mistake.
    """
    rules = fleet.rules
    placed = []
    for ship in fleet.ships:
        check_ship(rules, ship, placed)
        placed.append(ship)
    check_counts(rules, fleet.ships)
    return fleet


def line(rules, x, y, size, vertical=False):
    """The straight ship of ``size`` cells from column x, row y (0-based) rightwards or down.

    Raises ShipOffBoard (naming the first cell off the board) if it does not fit.
    """
    width = rules.width
    height = rules.height
    step = width if vertical else 1
    ex = x if vertical else x + size - 1
    ey = y + size - 1 if vertical else y
    if not (0 <= x < width and 0 <= y < height and ex < width and ey < height):
        start = y * width + x if 0 <= x < width and 0 <= y < height else -1
        raise ShipOffBoard(width, cell=start, size=size)
    start = y * width + x
    return Ship([start + i * step for i in range(size)])


def check_ship(rules, ship, placed):
    """Raise FleetError if ``ship`` cannot stand among ``placed`` under ``rules``.

    This is the check a placement screen makes before putting one more ship down.
    """
    width = rules.width
    if ship.size == 0:
        raise ShipNotStraight(width, ship=ship.cells, cell=-1)
    for sq in ship.cells:
        if not 0 <= sq < rules.cells:
            raise ShipOffBoard(width, cell=-1, size=ship.size)
    if not _is_line(ship.cells, width):
        raise ShipNotStraight(width, ship=ship.cells, cell=ship.cells[0])
    sizes = rules.counts()
    if ship.size not in sizes:
        raise ExtraShip(width, ship=ship.cells, size=ship.size, need=0, have=1)
    offsets = rules.forbidden_offsets()
    for other in placed:
        for sq in ship.cells:
            if sq in other.cells:
                raise ShipsOverlap(width, ship=other.cells, other=ship.cells, cell=sq)
        if offsets:
            for sq in ship.cells:
                x = sq % width
                y = sq // width
                for dx, dy in offsets:
                    nx = x + dx
                    ny = y + dy
                    if 0 <= nx < width and 0 <= ny < rules.height and (ny * width + nx) in other.cells:
                        raise ShipsTouch(width, ship=other.cells, other=ship.cells, cell=sq,
                                         corner=dx != 0 and dy != 0)


def check_counts(rules, ships):
    """Raise MissingShip/ExtraShip unless ``ships`` has exactly the rules' sizes."""
    need = rules.counts()
    have = {}
    for ship in ships:
        have[ship.size] = have.get(ship.size, 0) + 1
    for size in sorted(set(list(need) + list(have)), key=lambda s: -s):
        n = need.get(size, 0)
        h = have.get(size, 0)
        if h < n:
            raise MissingShip(rules.width, size=size, need=n, have=h)
        if h > n:
            raise ExtraShip(rules.width, size=size, need=n, have=h,
                            ship=[s for s in ships if s.size == size][-1].cells)
