# The hard level's chain moves past the plain jump of an unhit ship (seabattle.ai.hard.chain): the
# style prior (which spots each style of STYLES favours, a corner style's corner drawn again) and the
# moves of a wounded ship (redrawn through its hits, or its hits handed to a ship of another size).
# Methods of the Hard player (seabattle.ai.hard.player), held for its battle; its fields are set in
# Hard.__init__.

from seabattle.board import HIT, UNKNOWN
from seabattle.compat import const

# The prior: a pool fleet's chain favours, LIFT times, the spots its style expects (see STYLES in
# seabattle.ai.hard.player)
LIFT = const(8)
BAND = 3  # the corner style's L: the edge line, a gap, a line (as seabattle.packing.BAND)


class Moves:
    def corner(self, base):
        # Gibbs draw of the corner of the corner-style fleet at ``base``, given its ships afloat
        # and the sunk ones: corner c weighs LIFT ** (the ships ``habit`` favours at c); sets and
        # returns the fleet's style (3 + c). The weights are relative to the best corner's, and a
        # corner 9 ships behind it weighs 0 (it would weigh 8 ** -9 of it): every number is a small
        # int below 2 ** 30 (4 * 8 ** 9 at most), as a board's ints and ``random.randrange`` need.
        # ``habit``'s test for the four corners at once, one ship at a time (a third of the time).
        fleets = self.fleets
        sizes = self.sizes
        dead = self.dead
        w = self.w
        h = self.h
        s = self.ships
        sunk = self.sunk
        counts = self.codes  # scratch (_redraw's and _swap's, idle before the chain's moves)
        for c in range(4):
            counts[c] = 0
        for j in range(s + len(sunk)):
            if j < s:
                code = fleets[base + j]
                if code == dead:
                    continue
                size = sizes[j]
            else:
                ship = sunk[j - s]
                code = min(ship)
                size = len(ship)
                code = code * 2 + (1 if size > 1 and max(ship) - code >= w else 0)
            start = code >> 1
            y = start // w
            x = start - y * w
            # within BAND lines of each edge: the ship's cell farthest from it
            if code & 1:
                left = x < BAND
                top = y + size - 1 < BAND
            else:
                left = x + size - 1 < BAND
                top = y < BAND
            right = w - 1 - x < BAND
            bottom = h - 1 - y < BAND
            for c in range(4):
                # a multi-deck ship within the corner's L, a single-deck ship outside it
                if ((right if c & 1 else left) or (bottom if c & 2 else top)) != (size == 1):
                    counts[c] += 1
        best = 0
        for c in range(4):
            if counts[c] > best:
                best = counts[c]
        total = 0
        for c in range(4):
            if counts[c] + 9 > best:
                total += LIFT ** (counts[c] + 9 - best)
        r = self.random(total)
        for c in range(4):
            if counts[c] + 9 > best:
                r -= LIFT ** (counts[c] + 9 - best)
                if r < 0:
                    break
        self.style[base // self.ships] = 3 + c
        return 3 + c

    def habit(self, code, size, style):
        # Does a ship at ``code`` lie where ``style`` favours it (see STYLES)?
        if style == 1 and size == 1:
            return False
        start = code >> 1
        w = self.w
        x = start % w
        y = start // w
        if style > 2:
            # the corner's L: mirrored so that the corner is (0, 0), a ship lies within it when its
            # farthest cell from the corner is in the BAND lines along one of the two edges
            c = style - 3
            if c & 1:  # the right edge
                x = w - 1 - x
            elif not code & 1:
                x += size - 1
            if c & 2:  # the bottom edge
                y = self.h - 1 - y
            elif code & 1:
                y += size - 1
            if size == 1:
                return x >= BAND and y >= BAND
            return x < BAND or y < BAND
        if size == 1:
            return x == 0 or y == 0 or x == w - 1 or y == self.h - 1
        if code & 1:
            return x == 0 or x == w - 1
        return y == 0 or y == self.h - 1

    def _hits(self, code, size):
        # How many hits the ship at ``code`` covers; the first one's square goes to ``anchor`` (a
        # tuple back would be allocated: every chain move of a wounded ship asks).
        known = self.known
        step = self.w if code & 1 else 1
        c = code >> 1
        anchor = -1
        hits = 0
        for _ in range(size):
            if known[c] == HIT:
                hits += 1
                if anchor < 0:
                    anchor = c
            c += step
        self.anchor = anchor
        return hits

    def through(self, anchor, size, hits):
        # Fill ``codes`` with the legal codes of a ship of ``size`` through ``anchor`` covering
        # ``hits`` hits (those of the ship that covered them); returns how many.
        w = self.w
        h = self.h
        known = self.known
        blocked = self.blocked
        x = anchor % w
        y = anchor // w
        codes = self.codes
        n = 0
        for vertical in (0, 1):
            if vertical and size == 1:
                break
            step = w if vertical else 1
            pos = y if vertical else x
            length = h if vertical else w
            lo = pos - size + 1
            if lo < 0:
                lo = 0
            hi = length - size
            if hi > pos:
                hi = pos
            for p in range(lo, hi + 1):
                start = p * w + x if vertical else y * w + p
                c = start
                found = 0
                ok = True
                for _ in range(size):
                    state = known[c]
                    if blocked[c] or (state != UNKNOWN and state != HIT):
                        ok = False
                        break
                    if state == HIT:
                        found += 1
                    c += step
                if ok and found == hits:
                    codes[n] = start * 2 + vertical
                    n += 1
        return n

    def _swap(self, base, j, k, style):
        # Metropolis-Hastings move: wounded ship ``j`` hands its hits to the unhit ship ``k`` of
        # another size (drawn among the spots through them) and goes to a random spot. Accepted with
        # the ratio that keeps the pool's law (uniform, or the style's prior). Ship ``j`` (size ``a``)
        # goes from ``code`` to ``new``, ship ``k`` (size ``b``) from ``other`` to ``moved``; ``n`` and
        # ``m``: the spots of each size through the hits.
        fleets = self.fleets
        sizes = self.sizes
        a = sizes[j]
        b = sizes[k]
        code = fleets[base + j]
        other = fleets[base + k]
        hits = self._hits(code, a)
        anchor = self.anchor
        if b <= hits:  # a ship that small would have sunk
            return
        self._mark(code, a, -1)
        self._mark(other, b, -1)
        n = self.through(anchor, a, hits)
        m = self.through(anchor, b, hits)
        rng = self.rng
        if m and self.legal_n[self.row[j]]:
            moved = self.codes[rng.randrange(m)]
            self._mark(moved, b, 1)
            # ``a`` goes to a spot on unknown cells (see _move); the way back would draw ``b``'s
            # among its own such spots, and ``b`` is unhit now, so it lies on one of them
            spots = self.legal_n[self.row[j]]
            new = self.legal[self.legal_at[self.row[j]] + rng.randrange(spots)]
            start = new >> 1
            step = self.w if new & 1 else 1
            known = self.known
            blocked = self.blocked
            c = start
            for _ in range(a):
                if blocked[c] or known[c] != UNKNOWN:
                    break
                c += step
            else:
                # accepted with probability p / q
                p = m * spots
                q = n * self.legal_n[self.row[k]]
                if style:
                    d = (self.habit(new, a, style) + self.habit(moved, b, style)
                         - self.habit(code, a, style) - self.habit(other, b, style))
                    while d > 0:
                        p *= LIFT
                        d -= 1
                    while d < 0:
                        q *= LIFT
                        d += 1
                if p >= q or rng.randrange(q) < p:
                    self._mark(new, a, 1)
                    fleets[base + j] = new
                    fleets[base + k] = moved
                    self.wounded[j] = 0
                    self.wounded[k] = 1
                    return
            self._mark(moved, b, -1)
        self._mark(code, a, 1)
        self._mark(other, b, 1)

    def _redraw(self, code, size, style=0):
        # Gibbs move of a wounded ship: among the legal spots covering its hits, each weighed by
        # the fleet's style (uniformly for style 0).
        hits = self._hits(code, size)
        anchor = self.anchor
        n = self.through(anchor, size, hits)
        codes = self.codes
        if n == 0:  # cannot happen: the current spot is legal
            return code
        if not style:
            return codes[self.rng.randrange(n)]
        total = 0
        for k in range(n):
            total += LIFT if self.habit(codes[k], size, style) else 1
        r = self.rng.randrange(total)
        for k in range(n):
            r -= LIFT if self.habit(codes[k], size, style) else 1
            if r < 0:
                return codes[k]
        return codes[n - 1]
