"""The computer's single-deck ships hidden (seabattle.ai.fleet's corner and band styles): off the
packed ships' strip and off the border, spread out, the least exposed of ``CANDIDATES`` layouts
kept. A module of its own so that a board compiling from .py compiles the computer's fleet in parts.
"""

from seabattle import packing
from seabattle.fleet import Fleet, Ship
from seabattle.placement import _search, random_fleet

CANDIDATES = 8  # single-deck layouts drawn for the corner and band styles; the best hidden is kept


def ring(rules):
    """The outer ring of cells (1 on it, 0 inside)."""
    w = rules.width
    h = rules.height
    border = bytearray(rules.cells)
    for sq in range(rules.cells):
        x = sq % w
        y = sq // w
        if x == 0 or y == 0 or x == w - 1 or y == h - 1:
            border[sq] = 1
    return border


def exposure(rules, blocked, sq):
    """How exposed a single at ``sq`` is: off-board or blocked cells within two steps of it."""
    w = rules.width
    h = rules.height
    x0 = sq % w
    y0 = sq // w
    n = 0
    for y in range(y0 - 2, y0 + 3):
        for x in range(x0 - 2, x0 + 3):
            if x < 0 or y < 0 or x >= w or y >= h or blocked[y * w + x]:
                n += 1
    return n


def hide(rules, sea, placed, strip, rng):
    """Add the single-deck ships off ``strip`` and off the border, spread out; of
    ``CANDIDATES`` such layouts keep the least exposed one. A fleet for ``rules``; a step
    per layout."""
    singles = len(rules.fleet) - len(placed)
    border = ring(rules)
    allowed = bytearray(rules.cells)  # open water: off the strip and the border
    for sq in range(rules.cells):
        allowed[sq] = 0 if strip[sq] or border[sq] else 1
    blocked = bytearray(sea.blocked)  # the big ships' zones only, for the exposure
    n = len(placed)
    best = None  # (its score, the singles' spots)
    for _ in range(CANDIDATES):
        yield
        for spread in (3, 2, 0):
            done = yield from packing.spread(sea, singles, rng, placed, allowed, spread)
            if done:
                break
        else:
            continue
        score = 0
        for k in range(n, len(placed)):
            score += exposure(rules, blocked, placed[k][0])
        if best is None or score < best[0]:
            best = (score, placed[n:])
        for k in range(n, len(placed)):
            sea.remove(placed[k])
        del placed[n:]
    if best is None:  # no room off the border: anywhere legal
        if not _search(sea, [1] * singles, rng, placed):
            return random_fleet(rules, rng)
        best = (0, placed[n:])
        del placed[n:]
    return Fleet(rules, [Ship(c) for c in placed + best[1]])
