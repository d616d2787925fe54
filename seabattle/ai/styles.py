"""Every style the computer's fleet can be made in, by name, and the border style, for the
benchmarks and the tests (``python -m tools.bench ai --fleets computer:STYLE``, tools.fleet_styles):
the game draws its fleets through seabattle.ai.fleet.fleet_steps and never loads this.
"""

from seabattle import packing
from seabattle.ai.fleet import _ring_mix, band_fleet, corner_fleet, edge_fleet, spread_fleet
from seabattle.ai.hiding import ring
from seabattle.fleet import Fleet, Ship
from seabattle.placement import _Sea, _search, finish, random_fleet
from seabattle.rules import TOUCH_NEVER


def style_fleet(name, rules, rng):
    """A fleet in the named style (one of ``STYLES``'s names, ``perelman``, ``edges``,
    ``border`` or ``uniform``)."""
    if name == "corner":
        return finish(corner_fleet(rules, rng))
    if name == "band":
        return finish(band_fleet(rules, rng))
    if name == "perelman":
        if rules.touch != TOUCH_NEVER:
            # its packing search needs too much heap when ships may touch (measured: > 128 KB on
            # the 64-bit unix port under the corners rules); the edges style packs the border
            return edge_fleet(rules, rng)
        return packing.perelman_fleet(rules, rng)
    if name == "edges":
        return edge_fleet(rules, rng)
    if name == "border":
        return border_fleet(rules, rng)
    if name == "spread":
        return finish(spread_fleet(rules, rng))
    if name == "uniform":
        return random_fleet(rules, rng)
    raise ValueError("unknown fleet style %r" % name)


def border_fleet(rules, rng):
    """Every ship on the outer ring of cells (a human habit that fools per-ship counting)."""
    border = ring(rules)
    sea = _Sea(rules)
    placed = []
    if not _search(sea, list(rules.fleet), rng, placed, border):
        return random_fleet(rules, rng)
    _ring_mix(sea, placed, rng, 24 * len(placed), border, list(range(len(placed))))
    return Fleet(rules, [Ship(c) for c in placed])
