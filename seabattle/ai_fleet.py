"""The computer's own fleet: placement styles that make a strong shooter work hardest.

A new style is drawn every game, so a human cannot learn one layout. Never ships placed one
after another "where there is still room": that bunches them in ways a good shooter learns.
Measured against the hard shooter with ``python -m tools.bench ai --fleets computer``.
"""

from seabattle.fleet import Fleet, Ship
from seabattle.placement import _Sea, _mix, _search, _spread, perelman_fleet, random_fleet
from seabattle.rules import TOUCH_NEVER

# (style, weight): how often each style is drawn. Weighed by the shots the current hard shooter
# (its styled prior expects big ships on the edge line and every ship on the border) needed
# (python -m tools.bench ai --fleets computer:STYLE, classic, 120 games, seed 1): perelman 59.2,
# edges 58.7, spread 58.0, border 55.8 (big ships inside the ring, singles spread: 55.6, not
# kept). Border stays at a low weight so a human still meets three kinds of layout, not one
# habit to learn; the mix measured 59.1 (200 games, seed 1) and 59.5 (seed 2).
STYLES = (("perelman", 6), ("spread", 3), ("border", 1))


def computer_fleet(rules, rng):
    """A legal fleet for ``rules`` in a style drawn at random (weights in ``STYLES``)."""
    total = 0
    for _name, weight in STYLES:
        total += weight
    k = rng.randrange(total)
    for name, weight in STYLES:
        if k < weight:
            break
        k -= weight
    return style_fleet(name, rules, rng)


def style_fleet(name, rules, rng):
    """A fleet in the named style (one of ``STYLES``'s names, or ``uniform``)."""
    if name == "perelman":
        if rules.touch != TOUCH_NEVER:
            # its packing search needs too much heap when ships may touch (measured: > 128 KB on
            # the 64-bit unix port under the corners rules); the edges style packs the border
            return edge_fleet(rules, rng)
        return perelman_fleet(rules, rng)
    if name == "edges":
        return edge_fleet(rules, rng)
    if name == "border":
        return border_fleet(rules, rng)
    if name == "spread":
        return spread_fleet(rules, rng)
    if name == "uniform":
        return random_fleet(rules, rng)
    raise ValueError("unknown fleet style %r" % name)


def edge_fleet(rules, rng):
    """Multi-deck ships on the outer ring of cells, singles anywhere, uniformly mixed."""
    ring = _ring(rules)
    big = [s for s in rules.fleet if s > 1]
    singles = [s for s in rules.fleet if s == 1]
    sea = _Sea(rules)
    placed = []
    if not _search(sea, big, rng, placed, ring):
        return random_fleet(rules, rng)
    if not _search(sea, singles, rng, placed):
        return random_fleet(rules, rng)
    # mix only the singles (the chain keeps the big ones where they are)
    ones = placed[len(big):]
    if ones:
        _mix(sea, ones, rng, 24 * len(ones))
    return Fleet(rules, [Ship(c) for c in placed[:len(big)] + ones])


def _ring(rules):
    w = rules.width
    h = rules.height
    ring = bytearray(rules.cells)
    for sq in range(rules.cells):
        x = sq % w
        y = sq // w
        if x == 0 or y == 0 or x == w - 1 or y == h - 1:
            ring[sq] = 1
    return ring


def _ring_mix(sea, placed, rng, steps, ring, only):
    """Chain moves of the ships ``placed[i]`` for i in ``only``: to a uniformly random spot on
    the ring, if legal (symmetric proposals: the ring fleets' uniform distribution stays)."""
    rules = sea.rules
    for _ in range(steps):
        i = only[rng.randrange(len(only))]
        old = placed[i]
        size = len(old)
        start, vertical = sea.random_spot(size, rng)
        cells = sea.cells(start, vertical, size)
        for sq in cells:
            if not ring[sq]:
                break
        else:
            sea.remove(old)
            if sea.fits(cells):
                placed[i] = cells
                sea.add(cells)
            else:
                sea.add(old)
    return placed


def border_fleet(rules, rng):
    """Every ship on the outer ring of cells (a human habit that fools per-ship counting)."""
    ring = _ring(rules)
    sea = _Sea(rules)
    placed = []
    if not _search(sea, list(rules.fleet), rng, placed, ring):
        return random_fleet(rules, rng)
    _ring_mix(sea, placed, rng, 24 * len(placed), ring, list(range(len(placed))))
    return Fleet(rules, [Ship(c) for c in placed])


def spread_fleet(rules, rng):
    """Multi-deck ships on the ring, singles inside it, far apart (Chebyshev distance >= 3 where
    the board allows): the last singles are what a strong shooter spends its shots on."""
    ring = _ring(rules)
    inside = bytearray(rules.cells)
    for sq in range(rules.cells):
        inside[sq] = 0 if ring[sq] else 1
    big = [s for s in rules.fleet if s > 1]
    singles = len(rules.fleet) - len(big)
    sea = _Sea(rules)
    placed = []
    if not _search(sea, big, rng, placed, ring):
        return random_fleet(rules, rng)
    _ring_mix(sea, placed, rng, 24 * len(placed), ring, list(range(len(placed))))
    for spread in (3, 2, 0):
        if _spread(sea, singles, rng, placed, inside, spread):
            return Fleet(rules, [Ship(c) for c in placed])
    return edge_fleet(rules, rng)
