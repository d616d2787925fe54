"""The «Перельман» style of placing a fleet, and the search it and the computer's corner and band
styles (seabattle.ai.fleet) place ships with: ships packed against the board's edges, single-deckers
spread apart.

``perelman_fleet`` follows the strategy Yakov Perelman describes: the multi-deck ships packed
along the two edges at one corner, the single-deck ships spread out over the open water, so the
enemy wastes shots on a wide empty sea. The searches are generators that a board runs a step a
frame (seabattle.placement.finish), over a ``seabattle.placement._Sea``. A module of its own: a
random fleet, the common case, never loads it, and a board compiling from .py compiles the placing
code in parts.
"""

from seabattle.fleet import Fleet, Ship
from seabattle.placement import _Sea, finish, random_fleet

BAND = 3  # the edge strip the «Перельман» big ships are packed into: the edge line, a gap, a line



def perelman_fleet(rules, rng):
    """«Перельман»: multi-deck ships along the two edges at a random corner, singles spread out.

    Single-deck ships keep a Chebyshev distance of at least 3 from each other where the board
    allows it; if the rules leave no such fleet, the distance rule is relaxed step by step, and
    in the end a plain random fleet is returned, so this never fails where a fleet exists.
    """
    band, right, bottom = corner_band(rules, rng)
    big = [s for s in rules.fleet if s > 1]
    singles = len(rules.fleet) - len(big)
    for gap in (3, 2, 0):
        sea = _Sea(rules)
        placed = []
        if not finish(pack(sea, big, rng, placed, band, right, bottom)):
            break
        open_water = bytearray(rules.cells)
        for sq in range(rules.cells):
            open_water[sq] = 0 if band[sq] else 1
        if finish(spread(sea, singles, rng, placed, open_water, gap)) or finish(
                spread(sea, singles, rng, placed, None, gap)):
            return Fleet(rules, [Ship(c) for c in placed])
    return random_fleet(rules, rng)


def corner_band(rules, rng):
    """(band, right, bottom): a random corner (``right``, ``bottom``: its edges, 0 or 1) and the
    cells within BAND lines of either of its two edges (1 in ``band``), where the big ships pack."""
    w = rules.width
    h = rules.height
    corner = rng.randrange(4)
    right = corner & 1
    bottom = corner >> 1
    band = bytearray(rules.cells)
    for sq in range(rules.cells):
        dx = w - 1 - sq % w if right else sq % w
        dy = h - 1 - sq // w if bottom else sq // w
        if dx < BAND or dy < BAND:
            band[sq] = 1
    return band, right, bottom


def pack(sea, sizes, rng, placed, band, right, bottom, floor=-1, budget=None):
    """Place ``sizes`` inside ``band``, preferring spots on the board's edge lines.

    Complete like ``seabattle.placement._complete`` (equal sizes in increasing order), within ``budget`` spots; a
    generator like ``_complete``."""
    if budget is None:
        budget = [2000, 0]
    if not sizes:
        return True
    w = sea.rules.width
    h = sea.rules.height
    size = sizes[0]
    spots = sea.spots(size, band)
    # hug the edges: spots on the outer line first, then the next usable line, random among
    # equals; the order is packed into each int (line << 20 | random << 10 | spot) so the
    # sort allocates no tuples
    for i in range(len(spots)):
        code = spots[i]
        far_x = far_y = 0  # how far the ship's farthest cell is from each of the two edges
        for sq in sea.cells(code >> 1, code & 1, size):
            dx = w - 1 - sq % w if right else sq % w
            dy = h - 1 - sq // w if bottom else sq // w
            far_x = max(far_x, dx)
            far_y = max(far_y, dy)
        spots[i] = (min(far_x, far_y) << 20) | (rng.randrange(1024) << 10) | code
    spots.sort()
    budget[1] += sea.rules.cells
    if budget[1] >= 300:
        budget[1] = 0
        yield
    for key in spots:
        code = key & 1023
        if code <= floor:
            continue
        if budget[0] <= 0:
            return False
        budget[0] -= 1
        cells = sea.cells(code >> 1, code & 1, size)
        sea.add(cells)
        placed.append(cells)
        nxt = code if len(sizes) > 1 and sizes[1] == size else -1
        done = yield from pack(sea, sizes[1:], rng, placed, band, right, bottom, nxt, budget)
        if done:
            return True
        placed.pop()
        sea.remove(cells)
    return False


def spread(sea, count, rng, placed, allowed, spread, tries=200):
    """Place ``count`` single-deck ships at Chebyshev distance >= ``spread`` from each other;
    a generator (see ``seabattle.placement.finish``) that yields every 16 tries. True if it placed them."""
    w = sea.rules.width
    chosen = []
    for t in range(tries):
        if t and not t % 16:
            yield
        del chosen[:]
        for _ in range(count):
            # count the free squares, then walk to the chosen one: no list of them (up to 400
            # on a 20x20 board, a 4 KB allocation per ship and try on a 64-bit VM)
            n = 0
            for sq in range(sea.rules.cells):
                if _apart(sea, sq, allowed, chosen, w, spread):
                    n += 1
            if not n:
                break
            k = rng.randrange(n)
            for sq in range(sea.rules.cells):
                if _apart(sea, sq, allowed, chosen, w, spread):
                    if not k:
                        break
                    k -= 1
            chosen.append(sq)
            sea.add([sq])
        if len(chosen) == count:
            for sq in chosen:
                placed.append([sq])
            return True
        for sq in chosen:
            sea.remove([sq])
    return False


def _apart(sea, sq, allowed, chosen, w, spread):
    """True if a single may stand on ``sq``: free, ``allowed``, ``spread`` from every chosen."""
    if sea.blocked[sq] or (allowed is not None and not allowed[sq]):
        return False
    for c in chosen:
        if max(abs(c % w - sq % w), abs(c // w - sq // w)) < spread:
            return False
    return True
