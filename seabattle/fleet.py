"""Ships and fleets: which ship stands on each square.

A ship is a set of cells (squares), not a start, a length and a direction, so that other shapes
can be added as rules data later. The checks that make a fleet legal and the ``FleetError``
subclass for each way it can be wrong are in seabattle.fleetcheck, loaded when a fleet is placed
or checked: a battle does not hold them.
"""

from seabattle.compat import DESKTOP


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
    Construction only indexes the ships; seabattle.fleetcheck.validate checks them against the rules.
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
