"""Putting a fleet on the board at random: plain random, and the «Перельман» style.

``random_fleet`` never fails for rules whose fleet fits, and its fleets are close to uniform
over all legal fleets: a randomised search finds a first legal fleet, then a Markov chain moves
one ship at a time to a uniformly chosen spot when the spot is legal. Uniform fleets matter:
ships placed one after another "where there is still room" bunch up in ways a good shooter
learns; every legal fleet is a fixed point of the chain's uniform distribution.

``perelman_fleet`` follows the strategy Yakov Perelman describes: the multi-deck ships packed
along the two edges at one corner, the single-deck ships spread out over the open water, so the
enemy wastes shots on a wide empty sea.

The random source is injected: any object with ``randrange(n)`` (``random`` module, a seeded
``random.Random``, or a test's generator).
"""

from seabattle.fleet import Fleet, Ship
from seabattle.rules import TOUCH_NEVER, RulesError

MIX_STEPS_PER_SHIP = 24  # Markov steps per ship after the first legal fleet (see bench figures)
# The searches are generators that yield a step at a time (see ``finish``). A search step: listing
# a node's legal spots looks at every spot of the board, about 0.3 ms on the MicroPython unix port
# for 10x10 (0.1 s on a CLUE), the rest is small, so a step ends once its nodes have looked at 300
# squares' spots (3 nodes on 10x10: ~1 ms, ~0.4 s on a CLUE), counted in the budget's second item;
# ``_spread`` yields every 16 tries (a try: ~40 us on the unix port, 15 ms on a CLUE). Numbers, not
# named constants: every name in a module's source is interned for good on a board.


class _Sea:
    """Bookkeeping for placement: ``blocked[sq]`` counts ships that forbid ``sq``."""

    def __init__(self, rules):
        self.rules = rules
        self.blocked = bytearray(rules.cells)
        self.offsets = rules.forbidden_offsets()

    def cells(self, start, vertical, size):
        step = self.rules.width if vertical else 1
        return [start + i * step for i in range(size)]

    def zone(self, cells):
        return cells + self.rules.around(cells, self.offsets)

    def fits(self, cells):
        blocked = self.blocked
        for sq in cells:
            if blocked[sq]:
                return False
        return True

    def add(self, cells):
        self._mark(cells, 1)

    def remove(self, cells):
        self._mark(cells, -1)

    def _mark(self, cells, delta):
        blocked = self.blocked
        if self.rules.touch == TOUCH_NEVER:
            # a straight ship's zone is its bounding box grown by one, clipped to the board:
            # walk the box instead of building the ring (this runs thousands of times a fleet)
            w = self.rules.width
            first = cells[0]
            last = cells[-1]
            x0 = max(first % w - 1, 0)
            x1 = min(last % w + 1, w - 1)
            y0 = max(first // w - 1, 0)
            y1 = min(last // w + 1, self.rules.height - 1)
            for y in range(y0, y1 + 1):
                row = y * w
                for sq in range(row + x0, row + x1 + 1):
                    blocked[sq] += delta
            return
        for sq in self.zone(cells):
            blocked[sq] += delta

    def random_spot(self, size, rng):
        """A uniformly random (start, vertical) for a straight ship of ``size`` on the board."""
        w = self.rules.width
        h = self.rules.height
        across = (w - size + 1) * h
        down = w * (h - size + 1) if size > 1 else 0
        k = rng.randrange(across + down)
        if k < across:
            row = k // (w - size + 1)
            return row * w + k % (w - size + 1), False
        k -= across
        return k, True  # k < w * (h - size + 1): any column, rows 0..h-size

    def spots(self, size, allowed=None):
        """Every legal spot for ``size`` now (optionally only on ``allowed`` squares), each as
        one int ``start * 2 + vertical``: a list of small ints costs no objects on a board."""
        w = self.rules.width
        h = self.rules.height
        out = []
        for vertical in (0, 1):
            if vertical and size == 1:
                break
            for y in range(h - size + 1 if vertical else h):
                for x in range(w if vertical else w - size + 1):
                    cells = self.cells(y * w + x, vertical, size)
                    if self.fits(cells) and (allowed is None or _all_in(cells, allowed)):
                        out.append((y * w + x) * 2 + vertical)
        return out


def _all_in(cells, allowed):
    for sq in cells:
        if not allowed[sq]:
            return False
    return True


def _shuffle(items, rng):
    """Fisher–Yates in place: the boards' ``random`` has no shuffle."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.randrange(i + 1)
        items[i], items[j] = items[j], items[i]


def _quick(sea, sizes, rng, placed, tries=24):
    """One greedy pass: each ship (largest first) at the first of ``tries`` random legal spots.

    Almost always enough for real fleets; on failure the ships it placed are taken back."""
    mark = len(placed)
    for size in sizes:
        for _ in range(tries):
            start, vertical = sea.random_spot(size, rng)
            cells = sea.cells(start, vertical, size)
            if sea.fits(cells):
                sea.add(cells)
                placed.append(cells)
                break
        else:
            while len(placed) > mark:
                sea.remove(placed.pop())
            return False
    return True


def _search(sea, sizes, rng, placed, allowed=None, budget=20000):
    """Place ``sizes`` (largest first) among the ships already on ``sea``, only on ``allowed``
    squares if given: quick random passes first, then the complete search. True on success."""
    if allowed is None:
        for _ in range(8):
            if _quick(sea, sizes, rng, placed):
                return True
    return finish(_complete(sea, sizes, rng, placed, allowed, -1, [budget, 0]))


def _complete(sea, sizes, rng, placed, allowed, floor, budget):
    """Depth-first search over every legal spot, in random order: finds a fleet if one exists.

    Ships of equal size are placed in increasing order of their first cell (``floor``), so the
    search never tries the same set of ships in another order: that keeps an impossible fleet
    (ten single-deckers on 5x5) from taking factorial time. ``budget`` (a list: units, spots) counts
    down the spots tried; at zero the search gives up. A generator (see ``finish``): it yields
    about every 300 squares' spots listed (``budget[1]``), so a board can spread a long search
    over its frames; the random numbers drawn do not depend on the steps.
    """
    if not sizes:
        return True
    size = sizes[0]
    rest = sizes[1:]
    spots = sea.spots(size, allowed)
    _shuffle(spots, rng)
    budget[1] += sea.rules.cells
    if budget[1] >= 300:
        budget[1] = 0
        yield
    for code in spots:
        if code <= floor:
            continue
        if budget[0] <= 0:
            return False
        budget[0] -= 1
        cells = sea.cells(code >> 1, code & 1, size)
        sea.add(cells)
        placed.append(cells)
        nxt = code if rest and rest[0] == size else -1
        done = yield from _complete(sea, rest, rng, placed, allowed, nxt, budget)
        if done:
            return True
        placed.pop()
        sea.remove(cells)
    return False


def finish(steps):
    """Run a generator of steps to its end and return its value. The searches here are
    generators so that a board can run them a step a frame (``seabattle.ai.fleet.fleet_steps``:
    the computer's fleet, whose search may take seconds on a board); elsewhere they just run."""
    try:
        while True:
            next(steps)
    except StopIteration as e:
        return e.value


def _mix(sea, placed, rng, steps):
    """Markov chain over legal fleets: move a random ship to a uniformly random spot if legal.

    The proposal is symmetric and illegal moves are refused, so the uniform distribution over
    legal fleets is stationary; about 24 steps per ship bring a classic fleet's cell
    occupancy to within sampling noise of a long chain's (see tests/test_placement.py).
    Ships are kept as (first cell, step) here so a step allocates nothing but the result.
    """
    n = len(placed)
    w = sea.rules.width
    h = sea.rules.height
    blocked = sea.blocked
    boxed = sea.rules.touch == TOUCH_NEVER
    for _ in range(steps):
        i = rng.randrange(n)
        old = placed[i]
        size = len(old)
        across = (w - size + 1) * h
        k = rng.randrange(across + (w * (h - size + 1) if size > 1 else 0))
        if k < across:
            start = (k // (w - size + 1)) * w + k % (w - size + 1)
            step = 1
        else:
            start = k - across
            step = w
        if boxed:
            # test the spot with the ship still in place: a cell blocked once, and only by
            # this ship's own zone (its box grown by one), is free once the ship moves
            x0 = old[0] % w - 1
            x1 = old[-1] % w + 1
            y0 = old[0] // w - 1
            y1 = old[-1] // w + 1
            ok = True
            for j in range(size):
                sq = start + j * step
                b = blocked[sq]
                if b and (b > 1 or not (x0 <= sq % w <= x1 and y0 <= sq // w <= y1)):
                    ok = False
                    break
            if ok:
                sea.remove(old)
                old = [start + j * step for j in range(size)]
                placed[i] = old
                sea.add(old)
            continue
        sea.remove(old)
        ok = True
        for j in range(size):
            if blocked[start + j * step]:
                ok = False
                break
        if ok:
            old = [start + j * step for j in range(size)]
            placed[i] = old
        sea.add(old)


def random_fleet(rules, rng, mix=None):
    """A random legal fleet for ``rules``. Raises RulesError only if no legal fleet exists."""
    sea = _Sea(rules)
    placed = []
    if not _search(sea, list(rules.fleet), rng, placed, None, 1000000):
        raise RulesError("the fleet %r cannot be placed on a %dx%d board" % (rules.fleet, rules.width, rules.height))
    _mix(sea, placed, rng, MIX_STEPS_PER_SHIP * len(placed) if mix is None else mix)
    return Fleet(rules, [Ship(c) for c in placed])


BAND = 3  # the edge strip the «Перельман» big ships are packed into: the edge line, a gap, a line


def perelman_fleet(rules, rng):
    """«Перельман»: multi-deck ships along the two edges at a random corner, singles spread out.

    Single-deck ships keep a Chebyshev distance of at least 3 from each other where the board
    allows it; if the rules leave no such fleet, the distance rule is relaxed step by step, and
    in the end a plain random fleet is returned, so this never fails where a fleet exists.
    """
    w = rules.width
    h = rules.height
    corner = rng.randrange(4)
    right = corner & 1
    bottom = corner >> 1
    band = bytearray(rules.cells)
    for sq in range(rules.cells):
        x = sq % w
        y = sq // w
        dx = w - 1 - x if right else x
        dy = h - 1 - y if bottom else y
        if dx < BAND or dy < BAND:
            band[sq] = 1
    big = [s for s in rules.fleet if s > 1]
    singles = len(rules.fleet) - len(big)
    for spread in (3, 2, 0):
        sea = _Sea(rules)
        placed = []
        if not finish(_pack(sea, big, rng, placed, band, right, bottom)):
            break
        open_water = bytearray(rules.cells)
        for sq in range(rules.cells):
            open_water[sq] = 0 if band[sq] else 1
        if finish(_spread(sea, singles, rng, placed, open_water, spread)) or finish(
                _spread(sea, singles, rng, placed, None, spread)):
            return Fleet(rules, [Ship(c) for c in placed])
    return random_fleet(rules, rng)


def _pack(sea, sizes, rng, placed, band, right, bottom, floor=-1, budget=None):
    """Place ``sizes`` inside ``band``, preferring spots on the board's edge lines.

    Complete like ``_complete`` (equal sizes in increasing order), within ``budget`` spots; a
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
        done = yield from _pack(sea, sizes[1:], rng, placed, band, right, bottom, nxt, budget)
        if done:
            return True
        placed.pop()
        sea.remove(cells)
    return False


def _spread(sea, count, rng, placed, allowed, spread, tries=200):
    """Place ``count`` single-deck ships at Chebyshev distance >= ``spread`` from each other;
    a generator (see ``finish``) that yields every 16 tries. True if it placed them."""
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
