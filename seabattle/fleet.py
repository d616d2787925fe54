"""Ships and fleets: which ship stands on each square.

A ship is a set of cells (squares), not a start, a length and a direction, so that other shapes
can be added as rules data later. The checks that make a fleet legal and the ``FleetError``
subclass for each way it can be wrong are in seabattle.fleetcheck, loaded when a fleet is placed
or checked: a battle does not hold them. Their names are still this module's (``fleet.line``,
``fleet.check_ship``, ``fleet.ShipsTouch`` ...), found there on first use.
"""


from seabattle.compat import DESKTOP


class FleetError(ValueError):
    """A fleet that breaks the rules. ``kind`` and the fields name what and where.

    ``str(error)`` is English with Latin coordinates; ``error.text(lang, convention)`` says it
    in the player's language (see seabattle.strings).
    """

    kind = "fleet"

    def __init__(self, width, **fields):
        super().__init__()
        self.width = width
        self.fields = fields
        for key in fields:
            setattr(self, key, fields[key])

    def __str__(self):
        # made on demand: building it loads a language table, which costs RAM on a board
        return self.text()

    def text(self, lang=None, convention=None):
        """The message in ``lang`` (a code or a table from seabattle.strings.load; None for
        English), cells named in ``convention`` (Latin if None)."""
        from seabattle import fleetcheck

        return fleetcheck.text(self, lang, convention)


class Ship:
    """One ship: its cells (sorted squares). ``size`` is how many."""

    def __init__(self, cells):
        cells = sorted(cells)
        self.cells = tuple(cells)
        self.size = len(cells)

    if DESKTOP:  # a debugging aid: see seabattle.compat.DESKTOP

        def __repr__(self):
            return "Ship(%r)" % (self.cells,)

    def __eq__(self, other):
        return isinstance(other, Ship) and self.cells == other.cells

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self.cells)


class Fleet:
    """The ships of one player, and which ship (if any) stands on each square.

    ``owner[square]`` is 0 for water, else the index of the ship there plus one.
    Construction only indexes the ships; ``validate()`` checks them against the rules.
    """

    def __init__(self, rules, ships):
        self.rules = rules
        self.ships = list(ships)
        self.owner = bytearray(rules.cells)
        for i, ship in enumerate(self.ships):
            for sq in ship.cells:
                if 0 <= sq < rules.cells and not self.owner[sq]:
                    self.owner[sq] = i + 1

    if DESKTOP:  # a debugging aid: see seabattle.compat.DESKTOP

        def __repr__(self):
            return "Fleet(%r)" % (self.ships,)

    def __eq__(self, other):
        return isinstance(other, Fleet) and self.rules == other.rules and sorted(
            [s.cells for s in self.ships]) == sorted([s.cells for s in other.ships])

    def __ne__(self, other):
        return not self == other

    def ship_at(self, square):
        """Index of the ship on ``square``, or -1 for water."""
        return self.owner[square] - 1

    def validate(self):
        """Raise the first FleetError this fleet commits (seabattle.fleetcheck: each ship's own
        shape, then clashes between ships, then the fleet's sizes), or return the fleet."""
        from seabattle import fleetcheck

        return fleetcheck.validate(self)


def __getattr__(name):
    """The errors and checks of seabattle.fleetcheck (``fleet.check_ship``, ``fleet.line``,
    ``fleet.ShipsTouch`` ...) as this module's names, loaded when first asked for."""
    from seabattle import fleetcheck

    return getattr(fleetcheck, name)
