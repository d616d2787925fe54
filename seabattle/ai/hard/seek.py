# The hard level's search for one fleet consistent with everything known (see
# seabattle.ai.hard.search, which grows a pool from it): loaded with that module, for the moment
# a pool is rebuilt, and dropped with it. Functions of the Hard player ``self``, whose fields are
# set in Hard.__init__.

from array import array

from seabattle.board import HIT, UNKNOWN
from seabattle.compat import const

_RESTART = const(1500)  # units of the search's first attempt; each restart doubles it


def spots(self, size, aim, out, at):
    # Write to ``out`` from ``at`` the legal codes for a ship of ``size`` now (through square
    # ``aim`` if >= 0), shuffled; returns how many. ``out`` grows when it must.
    w = self.w
    h = self.h
    known = self.known
    blocked = self.blocked
    n = at
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
                    if n < len(out):
                        out[n] = start * 2 + vertical
                    else:
                        out.append(start * 2 + vertical)
                    n += 1
    rng = self.rng
    for k in range(n - 1, at, -1):
        m = at + rng.randrange(k - at + 1)
        out[k], out[m] = out[m], out[k]
    return n - at


# a level of the search: its fields in ``lv`` (_FIELDS a level)
_J = const(0)  # the ship it places
_TRY = const(1)  # random spots tried; past _TRIES: it goes through lists of spots (its options)
_T = const(2)  # the option listed now (an index into the level's ``opts``)
_NOPT = const(3)  # its options
_AT = const(4)  # where its list of spots starts in ``stack``
_N = const(5)  # the list's length
_K = const(6)  # the next spot of the list to try
_AIM = const(7)  # the hit it covers, -1 for none
_FIELDS = const(8)
_TRIES = const(24)  # random spots tried for the largest ship before it lists them all


def place(self, i, total):
    # Generator: randomised search for one fleet consistent with ``known``, stored as pool
    # fleet ``i``; yields -1 between slices, returns True if found within ``total`` units.
    #
    # Depth-first: each level covers the first uncovered hit, else places the largest ship left.
    # Which ship covers a hit is tried in a random order of sizes, so fleets built after a
    # surprise do not all agree on it. Restarts with doubling bounds: a search that took a bad
    # early turn wastes its whole bound below it, a fresh random order usually does not.
    #
    # One loop, its levels' state in arrays (``lv``; their lists of spots one after the other in
    # ``stack``): a generator a level, each with its frame, its list of the ships left and its
    # iterator, held ~450 bytes a level on the unix port, 3.3 KB at a rebuild's deepest (the hard
    # level's peak, over its 16 KB). It draws the same numbers in the same order as that recursion
    # did, and yields at the same points: the same fleets, slice for slice.
    s = self.ships
    base = i * s
    fleets = self.fleets
    sizes = self.sizes
    rng = self.rng
    w = self.w
    h = self.h
    known = self.known
    blocked = self.blocked
    # the ships to place: 1 in ``free``; one slot of each sunk ship's size stays ``dead``
    free = bytearray(s)
    for j in range(s):
        free[j] = 1
    for ship in self.sunk:
        for j in range(s):
            if free[j] and sizes[j] == len(ship):
                fleets[base + j] = self.dead
                free[j] = 0
                break
    left = 0  # ships still to place at level ``d``
    for j in range(s):
        left += free[j]
    hits = bytearray() if self.dead == 255 else array("H")
    for c in range(self.rules.cells):
        if known[c] == HIT:
            hits.append(c)
    nh = 1 + len(hits)
    lv = array("h", range(_FIELDS * (left + 1)))
    kinds = self.row[s - 1] + 1  # ship sizes: a level's options at most
    opts = bytearray(kinds * (left + 1))  # each level's options: the ships (one a size) it may list
    stack = bytearray() if self.dead == 255 else array("H")
    self.pause = self.work + self.search_slice
    budget = _RESTART
    d = 0
    f = 0  # d * _FIELDS
    # what the loop does next: 2 a new attempt, -1 enter level d, -2 level d's next spot, -3 place
    # ship j at code, 0 or 1: level d returns False or True
    ret = 2
    while True:
        if ret == 2:
            if total <= 0:
                return False
            blocked[:] = self.empty
            self.used = 0
            self.budget = budget if budget < total else total
            lv[_AT] = 0
            ret = -1
        if ret == -1:
            self.work += nh  # search work, counted; the current search's bound used up?
            self.used += nh
            if self.used > self.budget:
                ret = 0
            else:
                if self.work >= self.pause:
                    self.pause = self.work + self.search_slice
                    yield -1
                aim = -1
                for c in hits:
                    if ship_at(self, base, c, free) < 0:
                        aim = c
                        break
                lv[f + _AIM] = aim
                lv[f + _N] = 0
                lv[f + _K] = 0
                lv[f + _T] = -1
                if not left:
                    ret = 1 if aim < 0 else 0
                elif aim < 0:
                    # no hit left to cover: the largest ship, on random spots first (cheap, no lists)
                    j = 0
                    while not free[j]:
                        j += 1
                    lv[f + _J] = j
                    size = sizes[j]
                    tries = 0
                    while tries < _TRIES:
                        tries += 1
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
                            break
                    else:
                        tries = _TRIES + 1  # none free: list them all (its one option)
                    lv[f + _TRY] = tries
                    if tries > _TRIES:
                        opts[d * kinds] = j
                        lv[f + _NOPT] = 1
                        ret = -2
                    else:
                        ret = -3  # placed at ``code``: the level below
                else:
                    # a hit to cover: which size covers it, in a random order
                    n = 0
                    last = 0
                    for j in range(s):
                        if free[j] and (not n or sizes[j] != last):
                            opts[d * kinds + n] = j
                            n += 1
                        if free[j]:
                            last = sizes[j]
                    for k in range(n - 1, 0, -1):
                        m = rng.randrange(k + 1)
                        opts[d * kinds + k], opts[d * kinds + m] = opts[d * kinds + m], opts[d * kinds + k]
                    lv[f + _NOPT] = n
                    lv[f + _TRY] = _TRIES + 1
                    ret = -2
        elif ret >= 0:
            # level d returns ``ret`` to the level above, which takes its ship off again on False
            if not d:
                if ret:
                    return True
                total -= self.used
                budget *= 2
                ret = 2
                continue
            d -= 1
            f -= _FIELDS
            if ret:
                continue
            j = lv[f + _J]
            self._mark(fleets[base + j], sizes[j], -1)
            free[j] = 1
            left += 1
            if self.used > self.budget:
                continue
            if lv[f + _TRY] <= _TRIES:  # a random spot failed: list them all (its one option)
                lv[f + _TRY] = _TRIES + 1
                opts[d * kinds] = j
                lv[f + _NOPT] = 1
            ret = -2
        if ret == -2:
            # the next spot of level d's list, or the next option's list; none left: False
            while True:
                k = lv[f + _K]
                if k < lv[f + _N]:
                    lv[f + _K] = k + 1
                    j = lv[f + _J]
                    code = stack[lv[f + _AT] + k]
                    ret = -3
                    break
                t = lv[f + _T] + 1
                if t >= lv[f + _NOPT]:
                    ret = 0
                    break
                lv[f + _T] = t
                j = opts[d * kinds + t]
                lv[f + _J] = j
                lv[f + _N] = spots(self, sizes[j], lv[f + _AIM], stack, lv[f + _AT])
                lv[f + _K] = 0
                if self.work >= self.pause:
                    self.pause = self.work + self.search_slice
                    yield -1
        if ret == -3:
            # ship ``j`` at ``code``: the level below places the rest
            fleets[base + j] = code
            self._mark(code, sizes[j], 1)
            free[j] = 0
            left -= 1
            at = lv[f + _AT] + lv[f + _N]
            d += 1
            f += _FIELDS
            lv[f + _AT] = at
            ret = -1


def ship_at(self, base, sq, free):
    # The index of the ship of pool fleet ``base`` that covers ``sq``, or -1, ignoring the ships
    # ``free`` marks (not placed yet).
    fleets = self.fleets
    sizes = self.sizes
    w = self.w
    for j in range(self.ships):
        if free[j]:
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
