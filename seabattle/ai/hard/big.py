"""The hard level's checks of an answer on boards whose ship codes pass a byte (over 127 cells;
see seabattle.ai.hard.player): there the filter has no table (``cover``) and asks these, fleet by
fleet. Loaded by the filter and dropped when a pool is rebuilt (seabattle.compat.forget), so
that the rebuilding's peak does not hold it too. Functions of the Hard player ``self``.
"""

from seabattle.board import HIT


def fits(self, base, j, answer, ship):
    """Does pool fleet at ``base``, whose ship ``j`` covers the square of a hit or a sunk
    ship, agree with the answer (applied to ``known`` already)?"""
    fleets = self.fleets
    code = fleets[base + j]
    size = self.sizes[j]
    if answer == HIT:
        # a ship hit on every cell would have been answered «Убил!»
        step = self.w if code & 1 else 1
        c = code >> 1
        known = self.known
        for _ in range(size):
            if known[c] != HIT:
                return True
            c += step
        return False
    # sunk: exactly that ship
    first = min(ship)
    if size != len(ship) or code >> 1 != first:
        return False
    if size > 1 and (code & 1) != (1 if max(ship) - first == (size - 1) * self.w else 0):
        return False
    self._tally_ship(code, size, -1)
    fleets[base + j] = self.dead
    return True


def owner(self, base, sq):
    """The index of the ship of pool fleet ``base`` that covers ``sq``, or -1."""
    fleets = self.fleets
    if self.cover_at == sq:
        cover = self.cover
        row = self.row
        for j in range(self.ships):
            if cover[(row[j] << 8) + fleets[base + j]]:
                return j
        return -1
    sizes = self.sizes
    w = self.w
    for j in range(self.ships):
        code = fleets[base + j]
        if code == self.dead:
            continue
        start = code >> 1
        if code & 1:
            d = sq - start
            if d >= 0 and d % w == 0 and d // w < sizes[j]:
                return j
        elif start <= sq < start + sizes[j] and sq // w == start // w:
            return j
    return -1
