"""The hard level's fallback search (see seabattle.ai_hard): when no pool fleet survives an
answer (the pool was too small for a surprise), or a game is resumed with no opening table to
read, a randomised search builds one fleet consistent with everything known and the chain grows
a pool from it. Loaded for that moment and dropped after (seabattle.compat.forget): a battle
holds it only while it rebuilds a pool, and most battles never do. Here too: starting again from
the view (``_sync``: a resumed game, shots the player was not told of), and the checks of an answer
on boards whose ship codes pass a byte (``fits``, ``owner``: the filter uses a table elsewhere).
Functions of the Hard player ``self``, moved here whole from its class; ``build`` is Hard._build's
search, with the clearing of the pool before it.
"""

from array import array

from seabattle.ai_hard import BUILD_CHUNK, EXTRA_TOTAL, INIT_SWEEPS, REBUILD, RESTART
from seabattle.board import HIT, UNKNOWN


def _sync(self, view):
    """Start again from what the view shows (a resumed game, shots I was not told of)."""
    self.known[:] = view.cells
    self.changed = 2
    self.cached = 0
    self.queue = []
    self.seen = view.shots
    self.ready = False
    self.gen = None
    self.hold = False
    if self.cover_at >= 0:  # an answer was being checked
        self._cover(self.cover_at, 0)
    if self.cover is None and self.dead == 255:  # let go of by a pool's building it cut short
        self.cover = bytearray(256 * (self.row[self.ships - 1] + 1))
    self.sunk = list(view.sunk)


def build(self):
    """Generator: the pool cleared, one fleet by search, the others by a long chain from it
    (after a collapse: REBUILD fleets, some of them found by searches of their own); with
    nothing found in time, ``ready`` with no fleet alive (the normal level moves)."""
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
    found = yield from _search(self, 0, self.search_total)
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
    sweeps = INIT_SWEEPS if not ready else self.sweeps * 2
    for i in range(1, REBUILD if ready and REBUILD < self.n else self.n):
        if ready and i % 8 == 0:
            found = yield from _search(self, i, EXTRA_TOTAL)
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
            if k > BUILD_CHUNK:
                k = BUILD_CHUNK
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


def _search(self, i, total):
    """Generator: randomised search for one fleet consistent with ``known``, stored as pool
    fleet ``i``; yields -1 between slices, returns True if found within ``total`` units."""
    s = self.ships
    base = i * s
    fleets = self.fleets
    blocked = self.blocked
    # one slot of each sunk ship's size stays ``dead``
    todo = list(range(s))
    for ship in self.sunk:
        for t in range(len(todo)):
            if self.sizes[todo[t]] == len(ship):
                fleets[base + todo[t]] = self.dead
                todo.pop(t)
                break
    known = self.known
    hits = [c for c in range(self.rules.cells) if known[c] == HIT]
    self.pause = self.work + self.search_slice
    # restarts with doubling bounds: a depth-first search that took a bad early turn wastes
    # its whole bound below it, a fresh random order usually does not
    budget = RESTART
    left = total
    while left > 0:
        blocked[:] = self.empty
        self.used = 0
        self.budget = budget if budget < left else left
        found = yield from _place(self, base, todo, hits)
        if found:
            return True
        left -= self.used
        budget *= 2
    return False

def spots(self, size, aim):
    """Legal codes for a ship of ``size`` now (through square ``aim`` if >= 0), shuffled."""
    w = self.w
    h = self.h
    known = self.known
    blocked = self.blocked
    out = bytearray() if self.dead == 255 else array("H")  # kept per search level: small
    for vertical in (0, 1):
        if vertical and size == 1:
            break
        step = w if vertical else 1
        for y in range(h - size + 1 if vertical else h):
            for x in range(w if vertical else w - size + 1):
                start = y * w + x
                c = start
                ok = False if aim >= 0 else True
                hits = 0
                self.work += size
                self.used += size
                for _ in range(size):
                    state = known[c]
                    if blocked[c] or (state != UNKNOWN and state != HIT):
                        ok = None
                        break
                    if c == aim:
                        ok = True
                    if state == HIT:
                        hits += 1
                    c += step
                if ok and hits < size:
                    out.append(start * 2 + vertical)
    rng = self.rng
    for k in range(len(out) - 1, 0, -1):
        m = rng.randrange(k + 1)
        out[k], out[m] = out[m], out[k]
    return out

def _place(self, base, todo, hits):
    """Generator: depth-first, cover the first uncovered hit, else place the largest ship
    left; returns True when every ship is placed. Yields -1 whenever a slice of work is done.

    Which ship covers a hit is tried in a random order of sizes, so fleets built after a
    surprise do not all agree on it."""
    self.work += 1 + len(hits)  # search work, counted; the current search's bound used up?
    self.used += 1 + len(hits)
    if self.used > self.budget:
        return False
    if self.work >= self.pause:
        self.pause = self.work + self.search_slice
        yield -1
    aim = -1
    for c in hits:
        if ship_at(self, base, c, todo) < 0:
            aim = c
            break
    if not todo:
        return aim < 0
    fleets = self.fleets
    sizes = self.sizes
    rng = self.rng
    if aim < 0:
        # no hit left to cover: the largest ship, on random spots first (cheap, no lists)
        j = todo[0]
        size = sizes[j]
        rest = todo[1:]
        w = self.w
        h = self.h
        known = self.known
        blocked = self.blocked
        for _ in range(24):
            self.work += 1
            self.used += 1
            across = (w - size + 1) * h
            k = rng.randrange(across + (w * (h - size + 1) if size > 1 else 0))
            if k < across:
                start = (k // (w - size + 1)) * w + k % (w - size + 1)
                step = 1
                code = start * 2
            else:
                start = k - across
                step = w
                code = start * 2 + 1
            c = start
            for _ in range(size):
                if blocked[c] or known[c] != UNKNOWN:
                    break
                c += step
            else:
                fleets[base + j] = code
                self._mark(code, size, 1)
                found = yield from _place(self, base, rest, hits)
                if found:
                    return True
                self._mark(code, size, -1)
                if self.used > self.budget:
                    return False
                break
        options = [0]
    else:
        options = []
        for t in range(len(todo)):
            size = sizes[todo[t]]
            if t == 0 or size != sizes[todo[t - 1]]:
                options.append(t)
        for k in range(len(options) - 1, 0, -1):
            m = rng.randrange(k + 1)
            options[k], options[m] = options[m], options[k]
    for t in options:
        j = todo[t]
        size = sizes[j]
        rest = todo[:t] + todo[t + 1:]
        codes = spots(self, size, aim)
        if self.work >= self.pause:
            self.pause = self.work + self.search_slice
            yield -1
        for code in codes:
            fleets[base + j] = code
            self._mark(code, size, 1)
            found = yield from _place(self, base, rest, hits)
            if found:
                return True
            self._mark(code, size, -1)
            if self.used > self.budget:
                return False
    return False

def ship_at(self, base, sq, todo):
    """Like ``owner`` but ignores the ships in ``todo`` (not placed yet)."""
    fleets = self.fleets
    sizes = self.sizes
    w = self.w
    for j in range(self.ships):
        if j in todo:
            continue
        code = fleets[base + j]
        if code == self.dead:
            continue
        start = code >> 1
        if code & 1:
            d = sq - start
            if d >= 0 and d % w == 0 and d // w < sizes[j]:
                return j
        elif start <= sq < start + sizes[j] and sq // w == start // w:
            return j
    return -1


def fits(self, base, j, answer, ship):
    """Does pool fleet at ``base``, whose ship ``j`` covers the square of a hit or a sunk
    ship, agree with the answer (applied to ``known`` already)?"""
    fleets = self.fleets
    code = fleets[base + j]
    size = self.sizes[j]
    if answer == HIT:
        # a ship hit on every cell would have been answered «Убил!»
        step = self.w if code & 1 else 1
        c = code >> 1
        known = self.known
        for _ in range(size):
            if known[c] != HIT:
                return True
            c += step
        return False
    # sunk: exactly that ship
    first = min(ship)
    if size != len(ship) or code >> 1 != first:
        return False
    if size > 1 and (code & 1) != (1 if max(ship) - first == (size - 1) * self.w else 0):
        return False
    self._tally_ship(code, size, -1)
    fleets[base + j] = self.dead
    return True


def owner(self, base, sq):
    """The index of the ship of pool fleet ``base`` that covers ``sq``, or -1."""
    fleets = self.fleets
    if self.cover_at == sq:
        cover = self.cover
        row = self.row
        for j in range(self.ships):
            if cover[(row[j] << 8) + fleets[base + j]]:
                return j
        return -1
    return ship_at(self, base, sq, ())
