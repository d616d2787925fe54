"""The hard level's probability density (see DENSITY in seabattle.ai.hard.player): while no ship is
wounded, each ship afloat counted over its spots on unknown cells on its own, and the move that
weighs it against the pool's counts.

A ``Density`` is made by a player whose rules give the density a share (where ships may touch) and
held for its battle; elsewhere never loaded, so the classic game's heap does not hold this code.
Its buffers are made once, at the first count: nothing is allocated per cell, and the score is in
small ints (no float on a board's heap). Its methods read the player ``hard``, never change it.
"""

from array import array

from seabattle.board import HIT, UNKNOWN

LINES = 5  # lines (rows or columns) counted per slice (~50 ms on a CLUE: the whole count ~60-90 ms)


def hunting(hard):
    """No ship is wounded (no hit that is not of a sunk ship)."""
    known = hard.known
    for c in range(hard.rules.cells):
        if known[c] == HIT:
            return False
    return True


class Density:
    def __init__(self, share):
        self.share = share  # the density's share of the score, in quarters (see DENSITY)
        self.dens = None  # per cell, the spots through it of every ship afloat (see _count)
        self.live = None  # per ship slot, 1 if afloat
        self.seen = -1  # the player's shots learnt when ``dens`` was counted

    def count(self, hard):
        """What to count before the hunting move: ``()`` if nothing (counted for this chart
        already, or a ship is wounded: the pool alone decides then), else the count's generator."""
        if self.seen == hard.seen or not hunting(hard):
            return ()
        return self._count(hard)

    def _count(self, hard):
        """Generator: fill ``dens`` per unknown cell with the spots on unknown cells through it
        of each ship afloat, line by line over the runs of unknown cells (a cell i into a run of n
        cells takes min(i + 1, size, n - size + 1, n - i) spots of a ship of ``size``)."""
        cells = hard.rules.cells
        sizes = hard.sizes
        ships = hard.ships
        if self.dens is None:  # (a cell takes at most ``size`` spots of each ship each way)
            self.dens = bytearray(cells) if 2 * sum(sizes) < 256 else array("H", range(cells))  # (zeroed below)
            self.live = bytearray(ships)
        dens = self.dens
        for c in range(cells):
            dens[c] = 0
        # which slots are afloat: the sunk ships of a size take its first slots
        live = self.live
        for j in range(ships):
            rank = 0
            while rank < j and sizes[j - rank - 1] == sizes[j]:
                rank += 1
            for ship in hard.sunk:
                if len(ship) == sizes[j]:
                    rank -= 1
            live[j] = 1 if rank >= 0 else 0
        known = hard.known
        w = hard.w
        h = hard.h
        for line in range(w + h):
            if line < h:  # a row
                first = line * w
                step = 1
                length = w
            else:  # a column
                first = line - h
                step = w
                length = h
            k = 0
            while k < length:
                if known[first + k * step] != UNKNOWN:
                    k += 1
                    continue
                start = k
                while k < length and known[first + k * step] == UNKNOWN:
                    k += 1
                n = k - start  # the run's length
                for j in range(ships):
                    size = sizes[j]
                    if not live[j] or size > n or (size == 1 and line >= h):  # (a single: one way)
                        continue
                    for i in range(n):
                        v = i + 1
                        if size < v:
                            v = size
                        if n - size + 1 < v:
                            v = n - size + 1
                        if n - i < v:
                            v = n - i
                        dens[first + (start + i) * step] += v
            if line % LINES == LINES - 1:
                yield -1
        self.seen = hard.seen

    def choose(self, hard):
        """The weights of the hunting move (seabattle.ai.hard.player.run): ``(dens, sd, sp)`` for a score of
        ``counts * sd + dens * sp`` per unknown cell (ties drawn at random there), the pool's counts
        and the density each normalised to the same sum over the unknown cells, the density's share D
        in quarters: (4 - D) * count * Sd + D * dens * Sp. (Named as the shooter's own method so that
        the hard level's code interns no new name for it: see tests/test_ramreport.py.)"""
        counts = hard.counts
        if self.seen != hard.seen:  # a wounded ship: the pool alone
            return counts, 1, 0
        dens = self.dens
        known = hard.known
        share = self.share
        sp = 0
        sd = 0
        for c in range(hard.rules.cells):
            if known[c] == UNKNOWN:
                sp += counts[c]
                sd += dens[c]
        if not sp:  # no pool (it collapsed right after a sinking): no square scores, the normal level moves
            return dens, 1, 0
        if not sd:  # (cannot be while the pool's fleets fit the chart: the pool alone, then)
            return dens, 1, 0
        return dens, sd * (4 - share), sp * share
