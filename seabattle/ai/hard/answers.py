"""What an answer does to the hard level's pool (see seabattle.ai.hard.player): the filter removes
the fleets that contradict it, keeping ``counts`` in step, and the refill replaces them by moved
copies of the survivors. Methods of the Hard player, held for its battle; its fields are set in
Hard.__init__.
"""

from seabattle.board import HALO, HIT, MISS, SUNK, UNKNOWN
from seabattle.compat import const, load_module

_SWEEPS_MAX = const(8)  # (up to this): copies of few survivors need more moves to become new samples
# (Capping a refill's copies * sweeps at 2,000, half the worst, cut the background after a miss
# by ~40 % (p99 and worst, CPU time) but cost strength: uniform 56.22 ± 0.55 (seed 1) and
# 57.02 ± 0.55 (seed 2) against 55.99 ± 0.57 and 56.38 ± 0.57, Perelman 59.09 ± 0.67 against
# 58.75 ± 0.67; 500 games each. Not used.)
# Slices: a device calls ``step`` once a frame (and sleeps a frame between), so each is sized to
# roughly 0.2-0.6 ms on the MicroPython unix port (~100-200 ms on a CLUE): the screen still answers
# the buttons, and the work does not wait a frame per fleet.
_FILTER_SLICE = const(128)  # fleets checked per slice
_REFILL_SLICE = const(4)  # fleets copied and moved per slice
# After a hit the computer fires again at once: no player's turn hides the work, so it fires from
# the survivors when at least _FIRE_MIN survive, else after at most TOPUP copies; the other removed
# fleets are replaced after the next miss, during the player's turn.
# _FIRE_MIN of 400 would make the wait after a hit, with 100-399 survivors, their tally
# (up to half the pool) plus 16 copies, the slowest waits of a game, over the 1 s goal (
# tools.bench, classic uniform, 10 games of seed 1: p99 / worst 1,430 / 1,630 ms on a CLUE, x 380;
# 789 / 858 with 100). 16 copies among 100 or more survivors add little: 400 -> 100 played
# 56.45 -> 56.10 (seed 2, 2,000 paired games, -0.35 ± 0.34) and 56.25 -> 56.25 (seed 3, +0.00 ±
# 0.35); no copies at all after a hit (0) 56.41 (seed 2, -0.05 ± 0.35): copies still come where
# they matter, for a few survivors.
# (Fewer copies when the filter tallied many fleets, to shorten the wait, cost strength: a bound
# of 400 tallies, a copy counted as 20, played 56.34 ± 0.58 uniform and 59.52 ± 0.65 Perelman
# against 56.22 ± 0.55 and 59.09 ± 0.67 without it, 500 games each, seed 1, both with a refill
# cap of 2,000 fleet-sweeps after a miss.)
_FIRE_MIN = const(100)
TOPUP = const(16)
# (Moving a few pool fleets one sweep after each miss, in turn, was tried: the copies are moved
# when made, but a fleet that survives answer after answer never is. It was left off, and removed.)
_COUNT_SLICE = const(64)  # fleets counted per slice


class Answers:
    def filter(self, sq, answer, ship):
        """Generator: note the answer and remove the pool fleets that contradict it, keeping
        ``counts`` in step: the fleets that went are taken off, or when most went, ``counts`` is
        made again from the survivors (the fewer fleets are tallied: ``tallied``)."""
        known = self.known  # the answer on my chart first
        if not self.changed:
            self.changed = 1
        if answer == SUNK:
            for c in ship:
                known[c] = SUNK
            for c in self.rules.halo(ship):
                if known[c] == UNKNOWN:
                    known[c] = HALO
            self.sunk.append(tuple(ship))
        else:
            known[sq] = answer
        alive = self.alive
        n = self.n
        s = self.ships
        cover = self.cover
        if cover is not None:
            self._cover(sq, 1, answer, ship)
        else:  # codes past a byte (boards over 127 cells): the slower checks of seabattle.ai.hard.big,
            # loaded until a pool is rebuilt (_build drops it)
            big = load_module("seabattle.ai.hard.big")
        fleets = self.fleets
        row = self.row
        sizes = self.sizes
        dead = self.dead
        left = 0
        dropped = 0
        for i in range(n):
            if alive[i]:
                base = i * s
                if cover is not None:
                    # the table's word on the ship over the square (0: none; see _cover), one
                    # lookup per ship: the filter's inner loop
                    v = 0
                    for j in range(s):
                        v = cover[(row[j] << 8) + fleets[base + j]]
                        if v:
                            break
                    if answer == MISS:
                        drop = v != 0
                    elif answer == HIT:
                        drop = v != 1
                    else:
                        drop = v != 2
                        if not drop:  # the sunk ship is this fleet's: it stays, dead
                            self._tally_ship(fleets[base + j], sizes[j], -1)
                            fleets[base + j] = dead
                else:
                    j = big.owner(self, base, sq)
                    if answer == MISS:
                        drop = j >= 0
                    else:
                        drop = j < 0 or not big.fits(self, base, j, answer, ship)
                if drop:
                    alive[i] = 2  # gone with this answer: taken off ``counts`` below
                    dropped += 1
                else:
                    left += 1
            if i % _FILTER_SLICE == _FILTER_SLICE - 1:
                yield -1
        if cover is not None:
            self._cover(sq, 0)
        counts = self.counts
        clear = left < dropped  # most went: ``counts`` made again from the survivors
        if clear:
            for c in range(self.rules.cells):
                counts[c] = 0
        self.tallied = 0
        for i in range(n):
            a = alive[i]
            if a == 2:
                alive[i] = 0
                if clear:
                    continue
                self.add(i * s, -1)
            elif not a or not clear:
                continue
            else:
                self.add(i * s, 1)
            self.tallied += 1
            if self.tallied % _COUNT_SLICE == 0:
                yield -1

    def add(self, base, delta):
        """Add ``delta`` to ``counts`` over every ship cell of the pool fleet at ``base``."""
        fleets = self.fleets
        sizes = self.sizes
        counts = self.counts
        dead = self.dead
        w = self.w
        for j in range(self.ships):
            code = fleets[base + j]
            if code == dead:
                continue
            step = w if code & 1 else 1
            c = code >> 1
            for _ in range(sizes[j]):
                counts[c] += delta
                c += step

    def _tally_ship(self, code, size, delta):
        counts = self.counts
        step = self.w if code & 1 else 1
        c = code >> 1
        for _ in range(size):
            counts[c] += delta
            c += step

    def _cover(self, sq, on, answer=MISS, ship=None):
        """Mark (``on`` 1) or clear (0) in ``cover`` the codes of every size that cover ``sq``.
        Marking for an answer (applied to ``known`` already) gives 2 to the codes that settle
        it: after a hit, a ship hit on every cell (it would have been answered «Убил!»: no
        fleet with it fits); after «Убил!», the sunk ship itself (only fleets with it fit)."""
        cover = self.cover
        w = self.w
        h = self.h
        x = sq % w
        y = sq // w
        sizes = self.sizes
        for j in range(self.ships):
            if j and sizes[j] == sizes[j - 1]:
                continue
            size = sizes[j]
            base = self.row[j] * 256
            lo = x - size + 1 if x >= size - 1 else 0
            hi = x if x <= w - size else w - size
            full = on and answer == HIT
            for p in range(lo, hi + 1):
                code = (y * w + p) * 2
                cover[base + code] = 2 if full and self._hits(code, size) == size else on
            if size > 1:
                lo = y - size + 1 if y >= size - 1 else 0
                hi = y if y <= h - size else h - size
                for p in range(lo, hi + 1):
                    code = (p * w + x) * 2 + 1
                    cover[base + code] = 2 if full and self._hits(code, size) == size else on
            if on and answer == SUNK and size == len(ship):
                first = min(ship)
                vertical = 1 if size > 1 and max(ship) - first == (size - 1) * w else 0
                cover[base + first * 2 + vertical] = 2
        self.cover_at = sq if on else -1

    # ----- refilling the pool -------------------------------------------------------------------

    def fill(self, shoots_again=False):
        """Generator: replace removed fleets by moved copies of the survivors, each survivor
        copied as evenly as the numbers allow (systematic resampling: more different copies than
        drawing each at random). ``shoots_again``: the computer fires again at once, so only up to
        TOPUP copies and only if fewer than _FIRE_MIN fleets survive (none if none survive: the
        normal level moves, the pool is rebuilt after the next miss)."""
        alive = self.alive
        n = self.n
        left = 0
        for i in range(n):
            if alive[i]:
                left += 1
        if left == 0:
            if shoots_again:
                return
            self.collapses += 1
            for _ in self._build():
                yield -1
            return
        todo = n - left
        if shoots_again:
            if left >= _FIRE_MIN:
                return
            if todo > TOPUP:
                todo = TOPUP
        if not todo:
            return
        fleets = self.fleets
        s = self.ships
        # when few fleets survive, each is copied many times and 2 sweeps leave families of near
        # copies (the pool's marginals 20 shots in were as far from a long chain's as ~50 honest
        # samples' would be): after a miss (not before a shot the player waits for) the sweeps
        # grow with the copies per survivor
        sweeps = self.sweeps
        if not shoots_again:
            sweeps = self.sweeps * ((todo + left - 1) // left)
            if sweeps > _SWEEPS_MAX:
                sweeps = _SWEEPS_MAX if _SWEEPS_MAX > self.sweeps else self.sweeps
        per = _REFILL_SLICE * self.sweeps // sweeps or 1  # copies a slice: about the same work
        offset = self.rng.randrange(256)  # one random phase for all the copies
        t = 0
        # The survivor of rank p (in pool order) gets the copies t in [T(p), T(p + 1)), T(p) the
        # first t with (t * 256 + offset) * left >= p * todo * 256 (systematic resampling). They
        # are made round by round, each survivor's first copy before any survivor's second
        # (``turn``: the copy of each survivor made in this walk of the pool), so that a move
        # hurried amid the refill (``hurry``: a player who fires at once) meets copies of every
        # survivor; made survivor by survivor instead, it met many copies of the
        # first few in pool order, all near those fleets: 57.74 -> 57.34 shots against a player
        # who fires at once (classic, 4,000 paired games, tools.bench's --quick 8: -0.41 +- 0.27),
        # the same strength against one who waits (every copy still gets all its sweeps). A walk of the
        # pool a round (~todo / left rounds) costs little beside the copies' sweeps; no list of
        # the survivors is kept (1 KB). The copies are marked 3 meanwhile, then 1.
        i = -1
        turn = 0
        while t < todo:
            p = 0  # the rank of the next survivor
            lo = 0  # T(p)
            for j in range(n):
                if alive[j] != 1:
                    continue
                p += 1
                hi = p * todo * 256 - offset * left  # T(p), p now the next rank
                hi = 0 if hi <= 0 else (hi + 256 * left - 1) // (256 * left)
                if hi - lo > turn:  # survivor j has a copy in this round: into the next free slot
                    i += 1
                    while alive[i]:
                        i += 1
                    t += 1
                    for k in range(s):
                        fleets[i * s + k] = fleets[j * s + k]
                    self.style[i] = self.style[j]
                    alive[i] = 3
                    self._move(i * s, sweeps)
                    self.add(i * s, 1)
                    if t % per == 0:
                        yield -1
                        if self.want and self.queue:
                            # a move is asked for and a newer answer waits (a quick player, see
                            # hurry): that answer first, the rest of this refill with the next one
                            todo = t
                            break
                    if t == todo:  # (the last copy: no need to walk the rest of the pool)
                        break
                lo = hi
            turn += 1
        for i in range(n):
            if alive[i] == 3:
                alive[i] = 1
