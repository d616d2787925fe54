"""Experiment shooters for issue 3 (mb/classic strength): the hard level whose cell choice mixes the
pool's per-cell counts with a noise-free probability density count. Desktop only (floats, lists).

VARIANT (env-free: set by exp/run.py as attributes of Mix):
  mode  'mix'   score = (1 - a) * pool + a * density, both normalised to the same sum over unknown cells,
                every move
        'hunt'  the same only while no unresolved hit is on the chart, pool alone in the target phase
  a     the density's share (1.0 with mode 'hunt' = density alone in the hunt phase)
  hw    weight of a placement per unresolved hit it covers (density in the target phase)
"""
from seabattle.ai_hard import Hard
from seabattle.board import HIT, UNKNOWN, HALO
from seabattle.rules import TOUCH_NEVER


class Mix(Hard):
    mode = "mix"
    a = 0.5
    hw = 20.0
    diag = 1  # classic: cells diagonal to an unresolved hit are closed to every ship

    def brute_density(self):
        """Per unknown cell: sum over the ships afloat of their placements on open cells covering
        it, a placement through k unresolved hits weighed hw ** k."""
        w = self.w
        h = self.h
        known = self.known
        cells = self.rules.cells
        left = list(self.rules.fleet)
        for ship in self.sunk:
            left.remove(len(ship))
        open_ = [known[c] == UNKNOWN or known[c] == HIT for c in range(cells)]
        if self.touch == TOUCH_NEVER and self.diag:
            for c in range(cells):
                if known[c] == HIT:
                    x, y = c % w, c // w
                    for dx in (-1, 1):
                        for dy in (-1, 1):
                            if 0 <= x + dx < w and 0 <= y + dy < h:
                                open_[(y + dy) * w + x + dx] = False
        d = [0.0] * cells
        hw = self.hw
        for size in left:
            for vertical in (0, 1):
                if vertical and size == 1:
                    break
                step = w if vertical else 1
                for y in range(h - size + 1 if vertical else h):
                    for x in range(w if vertical else w - size + 1):
                        s = y * w + x
                        hits = 0
                        ok = True
                        c = s
                        for _ in range(size):
                            if not open_[c]:
                                ok = False
                                break
                            if known[c] == HIT:
                                hits += 1
                            c += step
                        if not ok or hits == size:
                            continue
                        v = hw ** hits
                        c = s
                        for _ in range(size):
                            d[c] += v
                            c += step
        return d

    def pick(self):
        known = self.known
        cells = self.rules.cells
        a = self.a
        if self.mode == "hunt":
            for c in range(cells):
                if known[c] == HIT:
                    a = 0.0
                    break
        if a <= 0:
            return Hard.pick(self)
        counts = self.counts
        d = self.brute_density()
        sp = 0
        sd = 0.0
        for c in range(cells):
            if known[c] == UNKNOWN:
                sp += counts[c]
                sd += d[c]
        if sd <= 0 or sp <= 0:
            return Hard.pick(self)
        kp = (1 - a) / sp
        kd = a / sd
        best = -1.0
        chosen = -1
        t = 0
        for c in range(cells):
            if known[c] != UNKNOWN:
                continue
            v = kp * counts[c] + kd * d[c]
            if v > best + 1e-12:
                best = v
                chosen = c
                t = 1
            elif v > best - 1e-12 and v > 0:
                t += 1
                if self.rng.randrange(t) == 0:
                    chosen = c
        return chosen
