"""The computer's normal shooter: it plays like a careful paper player, follows a hit along its
line, never fires at cells the rules prove empty (the halo of a sunk ship; under the classic
no-touch rule the diagonal neighbours of a hit and the sides of a line of hits) and hunts on a
diagonal pattern spaced by the largest ship still afloat. Its base, the easy level, and the
helpers are seabattle.ai.easy's. The hard level makes one for a move after its pool collapses
(seabattle.ai.hard.player), loading this module for that move.
"""

from seabattle.ai.easy import _SIDES, Easy, line_targets, wounded
from seabattle.board import HALO, HIT, UNKNOWN
from seabattle.rules import TOUCH_FREE, TOUCH_NEVER

_DIAGONALS = ((-1, -1), (1, -1), (-1, 1), (1, 1))


def known_empty(view, sq):
    """True if the rules prove ``sq`` is water although nobody fired there.

    The halo of a sunk ship; with ships that never touch, the diagonal neighbours of a hit (a
    straight ship cannot bend, another ship cannot touch it); with no side touching, the
    sides of two hits in a line.
    """
    cells = view.cells
    state = cells[sq]
    if state == HALO:
        return True
    if state != UNKNOWN:
        return False
    rules = view.rules
    if rules.touch == TOUCH_FREE:
        return False
    w = rules.width
    h = rules.height
    x = sq % w
    y = sq // w
    if rules.touch == TOUCH_NEVER:
        for dx, dy in _DIAGONALS:
            nx = x + dx
            ny = y + dy
            if 0 <= nx < w and 0 <= ny < h and cells[ny * w + nx] == HIT:
                return True
    # a side neighbour that is a hit lying in a line perpendicular to us: that ship runs past
    # our side, and ships may not share a side
    for dx, dy in _SIDES:
        nx = x + dx
        ny = y + dy
        if 0 <= nx < w and 0 <= ny < h and cells[ny * w + nx] == HIT:
            for ex, ey in ((dy, dx), (-dy, -dx)):  # along the line through the neighbour
                mx = nx + ex
                my = ny + ey
                if 0 <= mx < w and 0 <= my < h and cells[my * w + mx] == HIT:
                    return True
    return False


class Normal(Easy):
    """Hunt on a diagonal pattern, then target along the line, never into known water."""

    name = "normal"

    def __init__(self, rules, rng):
        Easy.__init__(self, rules, rng)
        self.offset = rng.randrange(rules.width)  # which diagonals this game's pattern uses

    def choose(self, view):
        hits = self._hits
        out = self._out
        rng = self.rng
        if wounded(view, hits):
            if line_targets(view, hits, out, known_empty) or line_targets(view, hits, out, None):
                return out[rng.randrange(len(out))]
        rules = self.rules
        w = rules.width
        cells = view.cells
        biggest = max(view.afloat) if view.afloat else 1
        smallest = min(view.afloat) if view.afloat else 1
        # diagonals spaced by the largest ship afloat: every placement of it crosses one
        for spacing in (biggest, smallest, 1):
            del out[:]
            for sq in range(rules.cells):
                if cells[sq] != UNKNOWN or (sq % w + sq // w + self.offset) % spacing:
                    continue
                if not known_empty(view, sq) and self._room(view, sq, smallest):
                    out.append(sq)
            if out:
                return out[rng.randrange(len(out))]
        for sq in range(rules.cells):
            if view.can_fire(sq) and not known_empty(view, sq):
                out.append(sq)
        if not out:
            for sq in range(rules.cells):
                if view.can_fire(sq):
                    out.append(sq)
        return out[rng.randrange(len(out))]

    def _room(self, view, sq, size):
        """Could a ship of ``size`` lie over ``sq`` on unknown cells (across or down)?"""
        if size <= 1:
            return True
        w = self.rules.width
        h = self.rules.height
        cells = view.cells
        x = sq % w
        y = sq // w
        for dx, dy in ((1, 0), (0, 1)):
            n = 1
            for sign in (1, -1):
                nx = x + dx * sign
                ny = y + dy * sign
                while 0 <= nx < w and 0 <= ny < h and cells[ny * w + nx] == UNKNOWN \
                        and not known_empty(view, ny * w + nx):
                    n += 1
                    nx += dx * sign
                    ny += dy * sign
            if n >= size:
                return True
        return False
