"""The computer's own fleet: placement styles that make a strong shooter work hardest.

A new style is drawn every game, so a human cannot learn one layout. Never ships placed one
after another "where there is still room": that bunches them in ways a good shooter learns.
Measured against the hard shooter with ``python -m tools.bench ai --fleets computer``.
"""

from seabattle.fleet import Fleet, Ship
from seabattle.placement import _Sea, _mix, _search, perelman_fleet, random_fleet
from seabattle.rules import TOUCH_NEVER

# (style, weight): how often each style is drawn
STYLES = (("uniform", 1), ("perelman", 1), ("edges", 2))


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
    if name == "perelman":
        if rules.touch != TOUCH_NEVER:
            # its packing search needs too much heap when ships may touch (measured: > 128 KB on
            # the 64-bit unix port under the corners rules); the edges style packs the border
            return edge_fleet(rules, rng)
        return perelman_fleet(rules, rng)
    if name == "edges":
        return edge_fleet(rules, rng)
    return random_fleet(rules, rng)


def edge_fleet(rules, rng):
    """Multi-deck ships on the outer ring of cells, singles anywhere, uniformly mixed."""
    w = rules.width
    h = rules.height
    ring = bytearray(rules.cells)
    for sq in range(rules.cells):
        x = sq % w
        y = sq // w
        if x == 0 or y == 0 or x == w - 1 or y == h - 1:
            ring[sq] = 1
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
