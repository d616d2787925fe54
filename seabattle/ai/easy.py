"""The computer's easy shooter, and what the levels share.

A shooter sees only its View (the answers to its own shots), never the enemy fleet. Its
interface: ``choose(view)`` returns a square at once (scripts, tests, the benchmark);
``start(view)`` then ``step()`` once a frame returns -1 until the square is ready, so a slow level
never freezes the screen; ``learn(shot)`` hears each answer. The random source is injected.

- ``Easy`` fires at random, but finishes a ship it has hit, as a beginner does.
- ``seabattle.ai.normal.Normal`` plays like a careful paper player (see there).
- ``seabattle.ai.hard.player.Hard`` reasons over whole fleets (see there).

Each level's module is loaded when its level is chosen (seabattle.screens.levels): an easy game does
not hold the normal level's code (~0.8 KB of a board's heap through the battle, the game's peak).
"""

from seabattle.board import HALO, HIT, UNKNOWN

_SIDES = ((0, -1), (-1, 0), (1, 0), (0, 1))


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

    ``careful``: None, or a test of the cells the rules prove empty (``known_empty(view, sq)``,
    seabattle.ai.normal's): skip those and ends beyond the largest ship afloat. Fills ``out``;
    returns how many.
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
        if careful is not None and (careful(view, sq) or len(run) + 1 > biggest):
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
        if wounded(view, hits) and line_targets(view, hits, out, None):
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
