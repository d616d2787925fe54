"""The hard level's Markov chain (see seabattle.ai.hard.player): a pool fleet's ships moved while it
stays consistent with every answer, each ship's zone counted in ``blocked``; the spots on open
water it proposes from (``legal``), kept up to date with the chart. Methods of the Hard player,
held for its battle; its fields are set in Hard.__init__.
"""

from seabattle.ai.hard.moves import LIFT, Moves
from seabattle.board import HIT, UNKNOWN
from seabattle.rules import TOUCH_CORNERS, TOUCH_FREE, TOUCH_NEVER


class Chain(Moves):
    def _mark(self, code, size, delta):
        """Add ``delta`` to ``blocked`` over the cells a ship at ``code`` forbids to the others."""
        blocked = self.blocked
        w = self.w
        start = code >> 1
        touch = self.touch
        if touch != TOUCH_CORNERS:
            # its box (the ship's cells where ships may touch), grown by one where they may not
            y0 = start // w
            x0 = start - y0 * w
            if code & 1:
                x1 = x0
                y1 = y0 + size - 1
            else:
                x1 = x0 + size - 1
                y1 = y0
            if touch == TOUCH_NEVER:
                if x0:
                    x0 -= 1
                if y0:
                    y0 -= 1
                if x1 < w - 1:
                    x1 += 1
                if y1 < self.h - 1:
                    y1 += 1
            for y in range(y0, y1 + 1):  # (a constant step: MicroPython counts, no range object)
                row = y * w
                for c in range(row + x0, row + x1 + 1):
                    blocked[c] += delta
            return
        step = w if code & 1 else 1
        c = start
        cells = self.rules.cells
        for _ in range(size):
            blocked[c] += delta
            x = c % w
            if x > 0:
                blocked[c - 1] += delta
            if x < w - 1:
                blocked[c + 1] += delta
            if c >= w:
                blocked[c - w] += delta
            if c + w < cells:
                blocked[c + w] += delta
            c += step

    def load(self, base):
        """Fill ``blocked``, ``wounded`` and ``order`` for the pool fleet at ``base``; returns its ships
        afloat."""
        fleets = self.fleets
        s = self.ships
        blocked = self.blocked
        blocked[:] = self.empty  # (a loop over the cells: ~3 us of a copy's ~30-90 on the unix port)
        sizes = self.sizes
        known = self.known
        wounded = self.wounded
        order = self.order
        dead = self.dead
        hits = self.hits
        w = self.w
        afloat = 0
        for j in range(s):
            code = fleets[base + j]
            wounded[j] = 0
            if code == dead:
                continue
            order[afloat] = j
            afloat += 1
            self._mark(code, sizes[j], 1)
            if hits:
                step = w if code & 1 else 1
                c = code >> 1
                for _ in range(sizes[j]):
                    if known[c] == HIT:
                        wounded[j] = 1
                        break
                    c += step
        return afloat

    def open_water(self):
        """Bring ``legal`` (the spots on open water: unknown cells only) up to date with ``known``
        (see ``changed``)."""
        known = self.known
        legal = self.legal
        w = self.w
        for j in range(self.ships):
            kind = self.row[j]
            if j and kind == self.row[j - 1]:
                continue
            size = self.sizes[j]
            at = self.legal_at[kind]
            n = 0
            if self.changed == 2:  # every spot on the board: across, row by row, then down
                across = (w - size + 1) * self.h
                for k in range(across + (w * (self.h - size + 1) if size > 1 else 0)):
                    if k < across:
                        legal[at + n] = ((k // (w - size + 1)) * w + k % (w - size + 1)) * 2
                    else:
                        legal[at + n] = (k - across) * 2 + 1
                    n += 1
                self.legal_n[kind] = n
            m = self.legal_n[kind]
            n = 0
            for t in range(at, at + m):
                code = legal[t]
                step = w if code & 1 else 1
                c = code >> 1
                for _ in range(size):
                    if known[c] != UNKNOWN:
                        break
                    c += step
                else:
                    legal[at + n] = code
                    n += 1
            self.legal_n[kind] = n
        hits = 0
        for c in range(self.rules.cells):
            if known[c] == HIT:
                hits += 1
        self.hits = hits
        self.changed = 0

    def _move(self, base, sweeps):
        """Markov chain moves on the pool fleet at ``base``, keeping it consistent."""
        if self.changed:
            self.open_water()
        afloat = self.load(base)
        if not afloat:
            return
        random = self.random  # (the loop's lookups cached in locals: its cost is per move)
        fleets = self.fleets
        sizes = self.sizes
        blocked = self.blocked
        w = self.w
        h = self.h
        # extra: how far a ship's zone reaches past it, where only its own cells (0: ships may
        # touch) or its box grown by one (1) count once per cell (see _mark); -1 (corners): the
        # zone counts a cell more than once, so the ship is taken off before the test
        touch = self.touch
        extra = 1 if touch == TOUCH_NEVER else (0 if touch == TOUCH_FREE else -1)
        style = self.style[base // self.ships]
        if style > 2:
            style = self.corner(base)
        legal = self.legal
        legal_at = self.legal_at
        legal_n = self.legal_n
        row = self.row
        order = self.order
        wounded = self.wounded  # (_swap changes it in place)
        for _ in range(sweeps * afloat):
            j = order[random(afloat)]
            size = sizes[j]
            code = fleets[base + j]
            if wounded[j]:
                if afloat > 1 and random(2):
                    # which ship the hits belong to: otherwise every copy of a fleet keeps the
                    # size it first gave the wounded ship, and the pool dies when it is wrong
                    k = order[random(afloat)]
                    if not wounded[k] and sizes[k] != size:
                        self._swap(base, j, k, style)
                    continue
                self._mark(code, size, -1)
                code = self._redraw(code, size, style)
                fleets[base + j] = code
                self._mark(code, size, 1)
                continue
            # a spot on unknown cells only, uniformly (the current one is among them, so the
            # proposal is symmetric): late in a game most of the board is known, and a spot drawn
            # from the whole board was nearly always refused, leaving copies equal to their parent.
            # Only ``blocked`` is left to check: ``legal`` is up to date with ``known``
            kind = row[j]
            new = legal[legal_at[kind] + random(legal_n[kind])]
            c = new >> 1
            step = w if new & 1 else 1
            if extra >= 0:
                # test the spot with the ship still in place: a cell counted once, and only by
                # this ship's own zone, is free once it moves (its zone: found at the first such cell)
                x0 = -1
                for _ in range(size):
                    b = blocked[c]
                    if b:
                        if b > 1:
                            break
                        if x0 < 0:
                            y0 = (code >> 1) // w
                            x0 = (code >> 1) - y0 * w
                            x1 = x0 + (0 if code & 1 else size - 1) + extra
                            y1 = y0 + (size - 1 if code & 1 else 0) + extra
                            x0 -= extra
                            y0 -= extra
                        y = c // w
                        if not (x0 <= c - y * w <= x1 and y0 <= y <= y1):
                            break
                    c += step
                else:
                    # Metropolis for the style's prior: a move off a favoured spot is kept 1 in LIFT
                    if not (style and self.habit(code, size, style) and not self.habit(new, size, style)
                            and random(LIFT)):
                        fleets[base + j] = new
                        # the zone off at ``code`` and on at ``new``: _mark inline (its commonest call)
                        d = -1
                        while True:
                            y0 = (code >> 1) // w
                            x0 = (code >> 1) - y0 * w
                            if code & 1:
                                x1 = x0
                                y1 = y0 + size - 1
                            else:
                                x1 = x0 + size - 1
                                y1 = y0
                            if extra:
                                if x0:
                                    x0 -= 1
                                if y0:
                                    y0 -= 1
                                if x1 < w - 1:
                                    x1 += 1
                                if y1 < h - 1:
                                    y1 += 1
                            for y in range(y0, y1 + 1):
                                r = y * w
                                for c in range(r + x0, r + x1 + 1):
                                    blocked[c] += d
                            if d > 0:
                                break
                            d = 1
                            code = new
                continue
            self._mark(code, size, -1)
            for _ in range(size):
                if blocked[c]:
                    break
                c += step
            else:
                if not (style and self.habit(code, size, style) and not self.habit(new, size, style)
                        and random(LIFT)):
                    code = new
            fleets[base + j] = code
            self._mark(code, size, 1)
