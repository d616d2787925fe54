"""The computer's shooters, easy and normal, and what every level shares.

A shooter sees only its View (the answers to its own shots), never the enemy fleet. Its
interface: ``choose(view)`` returns a square at once (scripts, tests, the benchmark);
``start(view)`` then ``step()`` once a frame returns -1 until the square is ready, so a slow level
never freezes the screen; ``learn(shot)`` hears each answer. The random source is injected.

- ``Easy`` fires at random, but finishes a ship it has hit, as a beginner does.
- ``Normal`` plays like a careful paper player: follows a hit along its line, never fires at
  cells the rules prove empty (the halo of a sunk ship; under the classic no-touch rule the
  diagonal neighbours of a hit and the sides of a line of hits) and hunts on a diagonal pattern
  spaced by the largest ship still afloat.
- ``seabattle.ai_hard.Hard`` reasons over whole fleets (see there).
"""

from seabattle.board import HALO, HIT, UNKNOWN
from seabattle.rules import TOUCH_FREE, TOUCH_NEVER

_SIDES = ((0, -1), (-1, 0), (1, 0), (0, 1))
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


def wounded(view, out):
    """Fill ``out`` with the hit cells of ships not yet sunk; returns how many."""
    del out[:]
    cells = view.cells
    for sq in range(view.rules.cells):
        if cells[sq] == HIT:
            out.append(sq)
    return len(out)


def line_targets(view, hits, out, careful):
    """Cells that may finish a wounded ship: around the first hit, or along its line.

    ``careful``: skip cells the rules prove empty and ends beyond the largest ship afloat.
    Fills ``out``; returns how many.
    """
    del out[:]
    rules = view.rules
    w = rules.width
    h = rules.height
    cells = view.cells
    first = hits[0]
    x = first % w
    y = first // w
    # the other hits in a straight run through the first one
    run = [first]
    for dx, dy in _SIDES:
        nx = x + dx
        ny = y + dy
        while 0 <= nx < w and 0 <= ny < h and cells[ny * w + nx] == HIT:
            run.append(ny * w + nx)
            nx += dx
            ny += dy
    xs = [sq % w for sq in run]
    ys = [sq // w for sq in run]
    if len(run) > 1 and min(xs) != max(xs) and min(ys) != max(ys):
        run = [first]  # hits of two ships side by side (free touching): start from one
    biggest = max(view.afloat) if view.afloat else 1
    if len(run) == 1:
        directions = _SIDES
    elif min(xs) == max(xs):
        directions = ((0, -1), (0, 1))
    else:
        directions = ((-1, 0), (1, 0))
    for dx, dy in directions:
        # walk from the run's end in this direction to the first cell not hit
        nx = x
        ny = y
        while 0 <= nx < w and 0 <= ny < h and cells[ny * w + nx] == HIT:
            nx += dx
            ny += dy
        if not (0 <= nx < w and 0 <= ny < h):
            continue
        sq = ny * w + nx
        if not view.can_fire(sq):
            continue
        if careful and (known_empty(view, sq) or len(run) + 1 > biggest):
            continue
        out.append(sq)
    return len(out)


class Easy:
    """Random shots; after a hit, the cells around it until the ship sinks."""

    name = "easy"

    def __init__(self, rules, rng):
        self.rules = rules
        self.rng = rng
        self._hits = []
        self._out = []
        self._square = -1

    def choose(self, view):
        hits = self._hits
        out = self._out
        if wounded(view, hits) and line_targets(view, hits, out, False):
            return out[self.rng.randrange(len(out))]
        # a beginner heeds the dots around a sunk ship only one shot in four
        del out[:]
        careful = self.rng.randrange(4) == 0
        cells = view.cells
        for sq in range(self.rules.cells):
            if cells[sq] == UNKNOWN or (not careful and cells[sq] == HALO):
                out.append(sq)
        if not out:  # only halo cells are left (cannot happen in a fair game)
            for sq in range(self.rules.cells):
                if view.can_fire(sq):
                    out.append(sq)
        return out[self.rng.randrange(len(out))]

    def start(self, view):
        self._square = self.choose(view)

    def step(self):
        sq = self._square
        self._square = -1
        return sq

    def learn(self, shot):
        pass


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
            if line_targets(view, hits, out, True) or line_targets(view, hits, out, False):
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
