"""The fleets ``python -m tools.bench ai`` shoots at (its ``--fleets`` styles, listed in
tools/bench_ai.py), drawn from the portable xorshift generator: the same fleets for a seed
everywhere (tools.hard_table and the tests draw from the same stream)."""

from seabattle.fleet import Fleet, Ship
from seabattle.packing import perelman_fleet


class XorShift:
    """The portable xorshift32 generator (tests/portable/check.py): same numbers everywhere."""

    def __init__(self, seed=1):
        self.state = (seed * 2654435761 + 12345) & 0xFFFFFFFF or 1

    def getrandbits(self, bits):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x >> (32 - bits) if bits < 32 else x

    def randrange(self, n):
        return self.getrandbits(32) % n


def _spots(rules, size, ring_only):
    w = rules.width
    h = rules.height
    out = []
    for vertical in (False, True):
        if vertical and size == 1:
            break
        for y in range(h - size + 1 if vertical else h):
            for x in range(w if vertical else w - size + 1):
                cells = [(y + i) * w + x if vertical else y * w + x + i for i in range(size)]
                if ring_only and not all(c % w in (0, w - 1) or c // w in (0, h - 1) for c in cells):
                    continue
                out.append(cells)
    return out


class RejectionFleets:
    """Each ship uniformly among its spots; redraw the whole fleet on any overlap or touch.

    Each spot is kept as two bit masks over the board (its cells; its cells and the squares its
    ship forbids): a try is a few integer operations a ship, not a walk over its neighbours. The
    border style's fleets (all ten ships on the ring) take ~10^4 tries each: 1.4 s a fleet before,
    longer than the games. The same draws, tries and fleets as the walk."""

    def __init__(self, rules, ring_only=False):
        self.rules = rules
        self.spots = {s: _spots(rules, s, ring_only) for s in set(rules.fleet)}
        offsets = rules.forbidden_offsets()
        w = rules.width
        h = rules.height
        self.masks = {}
        for size, spots in self.spots.items():
            masks = []
            for cells in spots:
                own = 0
                zone = 0
                for c in cells:
                    own |= 1 << c
                    zone |= 1 << c
                    x = c % w
                    y = c // w
                    for dx, dy in offsets:
                        if 0 <= x + dx < w and 0 <= y + dy < h:
                            zone |= 1 << ((y + dy) * w + x + dx)
                masks.append((own, zone))
            self.masks[size] = masks

    def draw(self, rng):
        rules = self.rules
        while True:
            blocked = 0
            ships = []
            for size in rules.fleet:
                spots = self.spots[size]
                k = rng.randrange(len(spots))
                own, zone = self.masks[size][k]
                if blocked & own:
                    break
                blocked |= zone
                ships.append(spots[k])
            else:
                return Fleet(rules, [Ship(c) for c in ships])


def fleet_source(rules, style):
    """A function rng -> Fleet for the named style."""
    if style == "uniform":
        return RejectionFleets(rules).draw
    if style == "border":
        return RejectionFleets(rules, ring_only=True).draw
    if style == "perelman":
        return lambda rng: perelman_fleet(rules, rng)
    if style == "computer":
        from seabattle.ai.fleet import computer_fleet

        return lambda rng: computer_fleet(rules, rng)
    if style.startswith("computer:"):  # one of the computer's styles alone, to weigh the mix
        from seabattle.ai.styles import style_fleet

        return lambda rng: style_fleet(style[9:], rules, rng)
    raise SystemExit("unknown fleet style %r" % style)
