# The hard level's fallback search (see seabattle.ai.hard.player): when no pool fleet survives an
# answer (the pool was too small for a surprise), or a game is resumed with no opening table to
# read, a randomised search builds one fleet consistent with everything known and the chain grows
# a pool from it. Loaded for that moment and dropped after (seabattle.compat.forget): a battle
# holds it only while it rebuilds a pool, and most battles never do. That moment is the hard
# level's peak of heap, so this module holds the rebuilding alone: starting again from the view
# is seabattle.ai.hard.resync's, the checks of boards past a byte seabattle.ai.hard.big's.
# Functions of the Hard player ``self``, whose fields are set in Hard.__init__; ``build`` is
# Hard._build's search, with the clearing of the pool before it; the search for one fleet is
# seabattle.ai.hard.seek's (two modules, so that a board compiles each within its budget).

from seabattle.ai.hard import seek
from seabattle.compat import const

_INIT_SWEEPS = const(10)  # between consecutive fleets of the first pool (one long chain)
_EXTRA_TOTAL = const(3000)  # units for each extra search while a pool is rebuilt (on failure: a chain copy)
_BUILD_CHUNK = const(2)  # sweeps of the first pool's long chain per step
_REBUILD = const(100)  # fleets a pool rebuilt after a collapse starts with (the next answers refill the rest)


def build(self):
    # Generator: the pool cleared, one fleet by search, the others by a long chain from it
    # (after a collapse: _REBUILD fleets, some of them found by searches of their own); with
    # nothing found in time, ``ready`` with no fleet alive (the normal level moves).
    s = self.ships
    alive = self.alive
    styles = self.styles
    for i in range(self.n):
        alive[i] = 0
        self.style[i] = styles[i % len(styles)]
    counts = self.counts
    for c in range(self.rules.cells):
        counts[c] = 0
    # the filter's table is idle while the search builds a pool: let go of it meanwhile (1 KB
    # less at that peak; made again, zeroed as the filter leaves it, after)
    n = len(self.cover) if self.cover is not None else 0
    self.cover = None
    found = yield from seek.place(self, 0, self.search_total)
    if not found:
        self.failures += 1
        self.ready = True  # nothing consistent found in time: the normal level moves
        if n:
            self.cover = bytearray(n)
        return
    alive[0] = 1
    self.add(0, 1)
    last = [0, 0, 0, 0]  # the latest fleet of each style of STYLES (the corner styles share one)
    yield -1
    fleets = self.fleets
    ready = self.ready  # the pool existed: rebuilt after a surprise, new searches now and then
    sweeps = _INIT_SWEEPS if not ready else self.sweeps * 2
    for i in range(1, _REBUILD if ready and _REBUILD < self.n else self.n):
        if self.want and self.queue:
            break  # a move asked for, a newer answer waiting (Hard.hurry): the i fleets made will do
        if ready and i % 8 == 0:
            found = yield from seek.place(self, i, _EXTRA_TOTAL)
            if found:
                alive[i] = 1
                self.add(i * s, 1)
                yield -1
                continue
        # each style's chain goes on from its own latest fleet (a corner style's by STYLES: its
        # corner is drawn again)
        style = min(styles[i % len(styles)], 3)  # (any corner named: the corner styles' chain)
        j = last[style]
        if not j:
            j = i - 1
        for t in range(s):
            fleets[i * s + t] = fleets[j * s + t]
        done = 0
        while done < sweeps:  # the same chain as one call (same random numbers), in chunks
            k = sweeps - done
            if k > _BUILD_CHUNK:
                k = _BUILD_CHUNK
            if done:
                yield -1
            self._move(i * s, k)
            done += k
        alive[i] = 1
        last[style] = i
        self.add(i * s, 1)
        yield -1
    self.ready = True
    if n:
        self.cover = bytearray(n)
