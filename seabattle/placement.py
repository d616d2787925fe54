"""Putting a fleet on the board at random (the «Перельман» style is seabattle.packing's).

``random_fleet`` never fails for rules whose fleet fits, and its fleets are close to uniform
over all legal fleets: a randomised search finds a first legal fleet, then a Markov chain moves
one ship at a time to a uniformly chosen spot when the spot is legal. Uniform fleets matter:
ships placed one after another "where there is still room" bunch up in ways a good shooter
learns; every legal fleet is a fixed point of the chain's uniform distribution.

The random source is injected: any object with ``randrange(n)`` (``random`` module, a seeded
``random.Random``, or a test's generator).
"""

from seabattle import mixing
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


def random_fleet(rules, rng, mix=None):
    """A random legal fleet for ``rules``. Raises RulesError only if no legal fleet exists."""
    sea = _Sea(rules)
    placed = []
    if not _search(sea, list(rules.fleet), rng, placed, None, 1000000):
        raise RulesError("the fleet %r cannot be placed on a %dx%d board" % (rules.fleet, rules.width, rules.height))
    mixing.mix(sea, placed, rng, MIX_STEPS_PER_SHIP * len(placed) if mix is None else mix)
    return Fleet(rules, [Ship(c) for c in placed])
