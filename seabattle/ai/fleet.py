"""The computer's own fleet: placement styles that make a strong shooter work hardest.

A new style is drawn every game, so a human cannot learn one layout. Never ships placed one
after another "where there is still room": that bunches them in ways a good shooter learns.
Measured against the hard shooter with ``python -m tools.bench ai --fleets computer``.
"""

from seabattle.fleet import Fleet, Ship
from seabattle import mixing, packing
from seabattle.ai import hiding
from seabattle.placement import _Sea, _all_in, _complete, _search, finish, random_fleet
from seabattle.rules import TOUCH_CORNERS, TOUCH_FREE

# (style, weight): how often each style is drawn. Weighed by the shots the hard shooter (its
# styled prior expects big ships on the edge line, every ship on the border, the big ships in a
# corner's L; opening table) needed (python -m tools.bench ai --fleets computer:STYLE, classic,
# 300 games, seed 2): band 64.28 ± 0.92 (61.46 ± 0.73 with a 4-line strip, 59.69 ± 0.63 with
# 5), corner 60.11 ± 0.73, spread 57.64 ± 0.74 (edges 56.24 ± 0.82; uniform fleets ~56.4).
# Three families of layout (a packed corner, a packed edge, big ships spread on the ring) so a
# human still meets more than one habit to learn. Where ships may touch on their sides (mb) the
# corner and band styles are the edges style (see corner_fleet): 50.57 ± 0.95, spread 50.34 ±
# 0.96 (300 games, seed 2; mb uniform fleets ~45). Under the corners rules they pack as those
# rules allow (ships meeting at corners): band 69.93 ± 1.09, corner 65.71 ± 0.90 (edges 66.01 ±
# 0.97, spread 66.34 ± 0.92, uniform fleets 66.78 ± 0.90; 300 games, seed 2), so the mix draws the
# band for the corner there (fleet_steps): 69.39 ± 0.57 (1,000 games, seed 2). The mix (classic,
# python -m tools.bench ai --fleets computer --games 2000 --seed 1): 61.33 ± 0.32 (with the
# 4-line band 60.09 ± 0.40, 1,000 games of seed 2).
STYLES = (("corner", 5), ("band", 4), ("spread", 1))
# the band style's strip along one edge: 3 lines (the edge line, a gap, a line) pack the big ships
# tight, leave the most open water for the singles, and keep the big ships off the edge line
# (what the hard shooter's prior expects) as often as on it
BAND_LINES = 3


def computer_fleet(rules, rng):
    """A legal fleet for ``rules`` in a style drawn at random (weights in ``STYLES``)."""
    return finish(fleet_steps(rules, rng))


def fleet_steps(rules, rng):
    """``computer_fleet`` as a generator of steps (``seabattle.placement.finish``), its value the
    fleet: the packing searches of the corner and band styles take ~1-5 s on a CLUE and now and
    then 20-30 s (measured: 2.5 ms median, 52 ms p99 on the MicroPython unix port, x380), so a
    board runs them a step a frame with the screen saying why it waits. The same random numbers
    are drawn however the steps fall: the same fleet as ``computer_fleet``."""
    total = 0
    for _name, n in STYLES:  # (n: the style's weight)
        total += n
    k = rng.randrange(total)
    for name, n in STYLES:
        if k < n:
            break
        k -= n
    if name == "corner" and rules.touch == TOUCH_CORNERS:
        # where ships may touch at their corners the corner packing is no harder to find than
        # a uniform fleet and the band is (see STYLES): its share goes to the band there (the
        # same number drawn, so classic's fleets are unchanged)
        name = "band"
    if name == "corner":
        return (yield from corner_fleet(rules, rng))
    if name == "band":
        return (yield from band_fleet(rules, rng))
    return (yield from spread_fleet(rules, rng))


def edge_fleet(rules, rng):
    """Multi-deck ships on the outer ring of cells (``border``), singles anywhere, uniformly mixed."""
    border = hiding.ring(rules)
    big = [s for s in rules.fleet if s > 1]
    singles = [s for s in rules.fleet if s == 1]
    sea = _Sea(rules)
    placed = []
    if not _search(sea, big, rng, placed, border):
        return random_fleet(rules, rng)
    if not _search(sea, singles, rng, placed):
        return random_fleet(rules, rng)
    # mix only the singles (the chain keeps the big ones where they are)
    rest = placed[len(big):]
    if rest:
        mixing.mix(sea, rest, rng, 24 * len(rest))
    return Fleet(rules, [Ship(c) for c in placed[:len(big)] + rest])


def _ring_mix(sea, placed, rng, steps, border, only):
    """Chain moves of the ships ``placed[i]`` for i in ``only``: to a uniformly random spot on
    the ring ``border``, if legal (symmetric proposals: the ring fleets' uniform distribution stays)."""
    rules = sea.rules
    for _ in range(steps):
        i = only[rng.randrange(len(only))]
        old = placed[i]
        size = len(old)
        start, vertical = sea.random_spot(size, rng)
        cells = sea.cells(start, vertical, size)
        for sq in cells:
            if not border[sq]:
                break
        else:
            sea.remove(old)
            if sea.fits(cells):
                placed[i] = cells
                sea.add(cells)
            else:
                sea.add(old)
    return placed


def spread_fleet(rules, rng):
    """Multi-deck ships on the ring, singles inside it, far apart (Chebyshev distance >= 3 where
    the board allows): the last singles are what a strong shooter spends its shots on. Like
    ``corner_fleet`` and ``band_fleet``, a generator of steps whose value is the fleet
    (``seabattle.ai.styles.style_fleet`` runs it to the end)."""
    border = hiding.ring(rules)
    inside = bytearray(rules.cells)
    for sq in range(rules.cells):
        inside[sq] = 0 if border[sq] else 1
    big = [s for s in rules.fleet if s > 1]
    singles = len(rules.fleet) - len(big)
    sea = _Sea(rules)
    placed = []
    if not _search(sea, big, rng, placed, border):
        return random_fleet(rules, rng)
    _ring_mix(sea, placed, rng, 24 * len(placed), border, list(range(len(placed))))
    for spread in (3, 2, 0):
        yield
        done = yield from packing.spread(sea, singles, rng, placed, inside, spread)
        if done:
            return Fleet(rules, [Ship(c) for c in placed])
    return edge_fleet(rules, rng)


def corner_fleet(rules, rng):
    """«Перельман»'s corner with its single-deck ships hidden: the multi-deck ships packed along
    the two edges at a random corner, the singles spread in the open water off the border and
    as far from the packed ships as the best of ``seabattle.ai.hiding.CANDIDATES`` draws puts them.

    Why: once the big ships are found the hard shooter hunts the singles, and it looks first
    where its prior puts them: on the border (its border style, and uniform fleets crowd the
    edges) and next to the cells already known empty (a single there excludes fewer others).
    Measured against «Перельман» (singles anywhere off the corner's strip): the singles on the
    far border were found after 31-34 shots on average, those deep inside after 44-54.

    A generator of steps, its value the fleet (``seabattle.placement.finish`` runs it)."""
    if rules.touch == TOUCH_FREE:  # (see STYLES; under the corners rules this packing's peak
        # between steps is 6.7 KB, 20 fleets in a 48 KB unix port VM, not perelman's > 128 KB)
        return edge_fleet(rules, rng)
    strip, right, bottom = packing.corner_band(rules, rng)
    sea = _Sea(rules)
    placed = []
    done = yield from packing.pack(sea, [s for s in rules.fleet if s > 1], rng, placed, strip, right, bottom)
    if not done:
        return packing.perelman_fleet(rules, rng)
    return (yield from hiding.hide(rules, sea, placed, strip, rng))


def band_fleet(rules, rng):
    """The multi-deck ships packed anywhere in a strip ``BAND_LINES`` wide along one random edge
    (not only on its edge line, where the hard shooter's prior expects them), the singles hidden
    in the open water as in ``corner_fleet``. A generator of steps, its value the fleet."""
    if rules.touch == TOUCH_FREE:
        return edge_fleet(rules, rng)
    w = rules.width
    h = rules.height
    edge = rng.randrange(4)
    strip = bytearray(rules.cells)
    for sq in range(rules.cells):
        x = sq % w
        y = sq // w
        if edge == 0:
            d = y
        elif edge == 1:
            d = h - 1 - y
        elif edge == 2:
            d = x
        else:
            d = w - 1 - x
        if d < BAND_LINES:
            strip[sq] = 1
    sea = _Strip(rules)
    k = BAND_LINES
    sea.box = (w - k if edge == 3 else 0, k if edge == 2 else w, h - k if edge == 1 else 0, k if edge == 0 else h)
    placed = []
    done = yield from _complete(sea, [s for s in rules.fleet if s > 1], rng, placed, strip, -1, [4000, 0])
    if not done:
        return (yield from corner_fleet(rules, rng))
    return (yield from hiding.hide(rules, sea, placed, strip, rng))


class _Strip(_Sea):
    """A sea whose ``spots`` lists only the multi-deck spots whose first square lies in ``box``
    (x0, x1, y0, y1: x0 <= x < x1, y0 <= y < y1), the band's strip: its search lists a node's
    spots at every node, and a 3-line strip leaves four fifths of the board's out anyway."""

    def spots(self, size, allowed):
        w = self.rules.width
        x0, x1, y0, y1 = self.box
        out = []
        for v in (0, 1):
            for y in range(y0, y1 - v * (size - 1)):
                for x in range(x0, x1 - (1 - v) * (size - 1)):
                    cells = self.cells(y * w + x, v, size)
                    if self.fits(cells) and _all_in(cells, allowed):
                        out.append((y * w + x) * 2 + v)
        return out
