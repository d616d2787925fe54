"""The hard level: fires where a ship most likely is, reasoning over whole fleets.

It keeps a pool of ``POOL`` whole enemy fleets, each consistent with every answer so far (misses,
hits, sunk ships and their halos, the sizes still afloat, the touching rule), and fires at the
unknown cell most of them put a ship on. Counting single ships' placements (probability density)
ignores that ships must fit together; a pool of whole fleets does not, and so it is not fooled
by a player who packs a corner or hugs the border.

How the pool follows the game (sequential Monte Carlo):

- each answer removes the fleets that contradict it (a sunk ship: the fleets with exactly that
  ship keep it, marked sunk; all others go). The survivors are still fair samples, now
  conditioned on one more answer;
- each removed fleet is replaced by a copy of a survivor (each survivor copied as evenly as the
  numbers allow: systematic resampling), moved by a Markov chain that
  leaves the consistent fleets' uniform distribution unchanged: a ship not yet hit jumps to a
  uniformly random spot among those on unknown cells (kept up to date per answer), taken when no
  other ship forbids it (Metropolis); a wounded ship is redrawn among the few legal spots through
  its hits (Gibbs). A few sweeps make the copy a new sample (drawn from the whole board, late in a
  game nearly every spot was refused and half the copies stayed equal to their parent); after a
  miss the sweeps grow with the copies each survivor makes (SWEEPS_MAX), since a few survivors
  copied many times otherwise leave the pool in families of near copies;
- if no fleet survives (the pool was too small for a surprise), a randomised search builds one
  consistent fleet and the chain grows REBUILD fleets from it (the next answers' copies refill
  the rest); right after a hit the normal level moves instead, and this waits for the next miss. The search is sliced like the rest of
  the work (``search_slice`` units of work a step, a unit being one cell or spot examined) and
  bounded (``search_total`` units): if it finds nothing in time, the normal level picks that move
  and the search runs again after the next answer.

The prior is not only uniform: a share of the pool (``STYLES``) follows chains that favour the
spots human players like (big ships on the edge line, every ship on the border, the big ships
packed at a corner), so the shooter is not fooled by those habits; the answers decide how much
of the pool each style keeps.

The player waits for as little as possible: after a miss the work of the answer is done during
the player's turn (``busy()`` is true while there is some; a player who fires before it is done
waits for the rest), while after a hit, when the computer fires
again at once, only the filter and at most TOPUP copies come before the next shot: at most
POOL fleets checked, half of them tallied (the filter tallies the fewer of the fleets that went
and those that stayed) and TOPUP copies; the fleets removed meanwhile are replaced after the
next miss. A device shows the answer for a moment before the next shot and steps the work
during it. Which work comes before which move depends only on the answers (never on the clock),
so a seed replays its game however the slices fall, unless a device's patience runs out first
(``hurry``: the move then comes from the part of the refill done by then). A wounded ship may
also hand its hits to an unhit ship of another size (a Metropolis-Hastings swap), so copies do
not keep the size their ancestor first gave it.

The first pool comes from an opening table (see TABLE_MAGIC) when there is one for the rules.

A board's heap holds only the chain's code for the battle: what runs once or rarely is a module of
its own, loaded for that moment (``load``) and dropped after (seabattle.compat.forget): making the
buffers (seabattle.ai.hard.buffers), reading the opening table (seabattle.ai.hard.opening), the fallback
search and the pool it rebuilds (seabattle.ai.hard.search), a resync (seabattle.ai.hard.resync), the
checks of boards over 127 cells (seabattle.ai.hard.big), and the normal level's move after a
collapse (seabattle.ai.normal).

Fleets are stored as ship codes (first square * 2 + vertical) in one ``bytearray`` (one byte a
ship on boards up to 127 cells, else an ``array('H')``); the working
buffers are allocated once, so per-cell loops allocate nothing. The work is a generator: ``step``
runs one slice of it, so a device interleaves it with input and drawing, and the work an answer
causes is done during the human's turn, before the computer needs its next move. Only the answer
counts, not the clock: the same seed gives the same game however the slices fall.
"""

from seabattle.board import HALO, HIT, MISS, SUNK, UNKNOWN
from seabattle.compat import forget, load_module
from seabattle.rules import TOUCH_CORNERS, TOUCH_FREE, TOUCH_NEVER, TURNS_AGAIN

POOL = 500  # fleets kept; memory: POOL * ships bytes (5 KB for the classic fleet)
SWEEPS = 2  # chain moves per ship for each replaced fleet, times the copies each survivor makes
SWEEPS_MAX = 8  # (up to this): copies of few survivors need more moves to become new samples
# (Capping a refill's copies * sweeps at 2,000, half the worst, cut the background after a miss
# by ~40 % (p99 and worst, CPU time) but cost strength: uniform 56.22 ± 0.55 (seed 1) and
# 57.02 ± 0.55 (seed 2) against 55.99 ± 0.57 and 56.38 ± 0.57, Perelman 59.09 ± 0.67 against
# 58.75 ± 0.67; 500 games each. Not used.)
INIT_SWEEPS = 10  # between consecutive fleets of the first pool (one long chain)
SEARCH_SLICE = 400  # units of search work (cells or spots examined) per step: about one chain move's
SEARCH_TOTAL = 24000  # units the fallback search may spend before the normal level moves instead
RESTART = 1500  # units of the search's first attempt; each restart doubles it
EXTRA_TOTAL = 3000  # units for each extra search while a pool is rebuilt (on failure: a chain copy)
BUILD_CHUNK = 2  # sweeps of the first pool's long chain per step
# Slices: a device calls ``step`` once a frame (and sleeps a frame between), so each is sized to
# roughly 0.2-0.6 ms on the MicroPython unix port (~100-200 ms on a CLUE): the screen still answers
# the buttons, and the work does not wait a frame per fleet.
FILTER_SLICE = 128  # fleets checked per slice
REFILL_SLICE = 4  # fleets copied and moved per slice
# After a hit the computer fires again at once: no player's turn hides the work, so it fires from
# the survivors when at least FIRE_MIN survive, else after at most TOPUP copies; the other removed
# fleets are replaced after the next miss, during the player's turn.
# FIRE_MIN of 400 would make the wait after a hit, with 100-399 survivors, their tally
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
FIRE_MIN = 100
TOPUP = 16
# (Moving a few pool fleets one sweep after each miss, in turn, was tried: the copies are moved
# when made, but a fleet that survives answer after answer never is. It was left off, and removed.)
REBUILD = 100  # fleets a pool rebuilt after a collapse starts with (the next answers refill the rest)
COUNT_SLICE = 64  # fleets counted per slice
# The prior: people do not place ships uniformly. Each pool fleet carries a style, drawn from
# STYLES by its index, and its chain favours, LIFT times, the spots that style expects: 0 is
# uniform; 1 puts multi-deck ships on the board's edge line (as «Перельман» and edge huggers
# do); 2 puts every ship on the outer ring; 3..6 pack a corner (3 + which corner: bit 0 the right
# edge, bit 1 the bottom), as «Перельман» does: a multi-deck ship wholly within the corner's L
# (the BAND lines along its two edges) is favoured, and so is a single-deck ship outside it. A
# corner-style fleet's corner is drawn again (Gibbs, given its ships and the sunk ones) at each
# chain run (``corner``): the pool holds the mixture over the four corners and the answers find
# the corner. The answers sort the styles out: a fleet of a wrong style contradicts them sooner,
# and survivors are copied with their style. STYLES names a corner-style slot by 3.
#
# Two corner slots for two uniform ones, against
# the mix before (6 uniform : 3 edge line : 1 border), the same fleets (tools.bench ai's):
# «Перельман» 58.80 -> 57.22 ± 0.33 (2,000 games, seeds 2+3), uniform 56.29 -> 56.41 ± 0.27
# (2,000, seed 2), border 49.66 -> 49.61 ± 1.23 (500, seed 1), the computer's own fleet (which
# packs a corner half the time) 61.11 -> 60.09 ± 0.40 (1,000, seed 2). With the weights capped
# (``corner``) as without (the research runs, paired): «Перельман» -0.33 ± 0.44, uniform +0.25 ± 0.37.
#
# That prior is the default where ships may not touch (classic, corners, alternate). Where they may
# (mb), nobody has measured players' habits, and the styles cost the hard level 1.5 shots against
# uniform fleets (300 games, seed 1: 45.97 ± 1.13 styled, 44.51 ± 1.20 uniform): it starts
# uniform there, and learnt habits (seabattle.ai.habits) may pass styles for it too.
STYLES = b"\x00\x00\x00\x00\x03\x03\x01\x01\x01\x02"
LIFT = 8
BAND = 3  # the corner style's L: the edge line, a gap, a line (as seabattle.placement.BAND)
# The opening table: the first pool is read from a file of independent fleets drawn once on a
# desktop (python -m tools.hard_table), one section per style (the corner styles share one: a
# fleet's corner is drawn again as it moves), instead of the long chain that took seconds on a board. A game takes each style's fleets from a random place in its section and
# turns the board by one of its symmetries (the styles' priors are symmetric), so games differ
# and a seed still replays its game. Read into the pool's own buffer: no extra heap.
TABLE_MAGIC = b"SBH2"  # SBH1 (before the corner style) had three sections
TABLE_SLICE = 100  # table fleets turned and counted per step
# While no ship is wounded (the hunt), the move may weigh the pool's counts against a probability
# density (seabattle.ai.hard.density: each ship afloat counted over its spots on unknown cells on its
# own): the pool's 500 fleets are a noisy estimate, the density a noise-free one whose error (it
# ignores that ships must not overlap or touch) is small where they may touch. DENSITY: the
# density's share of the score in quarters (0: the pool alone, 4: the density alone), per touching
# rule (TOUCH_NEVER, TOUCH_CORNERS, TOUCH_FREE); under a hit the pool alone decides.
# mb (the same 2,000 fleets of seed 1 as tools.bench ai): 45.14 ± 0.40 -> 44.33 ± 0.39
# with a share of 2 (paired: -0.81 ± 0.51); seed 2: 45.02 ± 0.40 -> 44.74 ± 0.40 (-0.28 ± 0.50);
# both, 4,000 fleets: 45.08 ± 0.28 -> 44.54 ± 0.28 (-0.54 ± 0.36). Screened over 500 fleets of seed 5 (45.21 ± 0.75 the
# pool alone): 2 quarters 44.41, the density alone in the hunt 44.93; mixed into every move, hits
# weighed 20x a spot, 1/2/3 quarters 45.33/45.03/44.25. Classic (ships never touch, ten of them)
# gained nothing: 56.27 ± 0.59 against 56.28 ± 0.54 (500 fleets of seed 5, a share of 2).
DENSITY = b"\x00\x00\x02"


class Hard:
    name = "hard"

    def __init__(self, rules, rng, pool=POOL, sweeps=SWEEPS, styles=None):
        # the buffers are made by seabattle.ai.hard.buffers: code run once, not held for the battle
        load_module("seabattle.ai.hard.buffers").setup(self, rules, rng, pool, sweeps, styles)
        forget("seabattle.ai.hard.buffers")
        # the density's share of a hunting move (see DENSITY): its code is loaded only where it has
        # one, and held by this player alone (out of sys.modules), so it goes with the player. The
        # density is a uniform prior's: with styles in the pool (learnt habits) it would pull the
        # move back toward uniform fleets (mb, a border hugger, 300 games learnt: 29.06 ± 0.79
        # shots with it, 25.98 ± 0.62 without), so only a uniform pool takes it
        self.density = None
        if DENSITY[rules.touch] and max(self.styles) == 0:
            self.density = load_module("seabattle.ai.hard.density")
            forget("seabattle.ai.hard.density")

    # ----- the shooter interface ----------------------------------------------------------------

    def choose(self, view):
        self.start(view)
        while True:
            sq = self.step()
            if sq >= 0:
                return sq

    def start(self, view):
        """Begin the move on ``view`` (the chart of the enemy); ``step()`` until it returns >= 0."""
        if not self.verify(view):
            load_module("seabattle.ai.hard.resync")._sync(self, view)  # (then the pool is rebuilt: seabattle.ai.hard.search)
            forget("seabattle.ai.hard.resync")
        self.view = view
        self.want = True

    def step(self):
        """One slice of work: the square to fire at once the move is ready, else -1."""
        if self.gen is None:
            if not self.queue and not self.want and self.ready:
                return -1
            self.gen = self.run()
        try:
            sq = next(self.gen)
        except StopIteration:
            self.gen = None
            return -1
        if sq >= 0:
            self.want = False  # (the generator goes on: a hurried move may come amid a refill)
        return sq

    def hurry(self):
        """The player has waited long enough for this move (a device's patience: PATIENCE after
        the answer's pause, seabattle.screens.battle): if the refill after the last answer is not done,
        the move comes from the pool as it stands (the survivors and the copies made so far) and
        the refill goes on after it; once the next move is asked for, an answer that came
        meanwhile is applied first (the rest of that refill waits for the next one). After a target
        phase the refill takes up to ~30 s on a CLUE (docs/opponent.md): a player who fires at once
        meets a slightly weaker shot instead of that wait; one who takes a few seconds never
        notices. Unlike the rest, this depends on the clock."""
        if self.want:
            self.want = 2

    def busy(self):
        """True while there is work ``step`` can do before the next move is asked for (in the
        background: after a miss, the player's turn; after a hit, the pause before the next shot)."""
        return bool(self.queue) or not self.ready or (self.gen is not None and not self.hold)

    def learn(self, shot):
        # does the computer fire again at once? then only the work its next shot needs comes first
        shoots_again = shot.answer != MISS and self.rules.turns == TURNS_AGAIN and not shot.over
        self.queue.append((shot.square, shot.answer, shot.ship, shoots_again))
        self.seen += 1

    # ----- keeping in step with the view --------------------------------------------------------

    def verify(self, view):
        """True if my chart, with the answers still queued, matches the view."""
        if view.shots != self.seen:
            return False
        known = self.known
        cells = view.cells
        for sq in range(self.rules.cells):
            if known[sq] != cells[sq]:
                for q in self.queue:
                    if q[0] == sq or (q[2] is not None and sq in self.rules.halo(q[2]) + list(q[2])):
                        break
                else:
                    return False
        return True

    # ----- the work -----------------------------------------------------------------------------

    def run(self):
        """Generator, one for the whole game: apply each answer, refill the pool (all of it after a
        miss; after a hit only what the next shot needs), pick a square when asked. What it does
        depends on the answers and the moves asked for, never on how the slices fall."""
        if not self.ready:
            for _ in self._build():
                yield -1
        fill = None  # the refill under way (a generator): a hurried move may come amid it
        while True:
            if fill is not None:
                if self.want != 2 or self.queue or shoots_again:
                    try:
                        next(fill)
                    except StopIteration:
                        fill = None
                        continue
                    yield -1
                    continue
                # hurried (see hurry): the move now from the pool as it stands (the survivors and
                # the copies made so far: all consistent with every answer), the refill after it;
                # after a hit its work is bounded already (TOPUP)
            elif self.queue:
                sq, answer, ship, shoots_again = self.queue.pop(0)
                for _ in self.filter(sq, answer, ship):
                    yield -1
                fill = self.fill(shoots_again and not self.queue)
                continue
            else:
                if self.density is not None:
                    # counted before the move is asked for when it can be (after a miss: the
                    # player's turn); () when there is nothing to count (done for this chart, or
                    # a ship wounded)
                    work = self.density.count(self)
                    if work:
                        for _ in work:
                            yield -1
                        continue
                if not self.want:
                    self.hold = True
                    yield -1
                    self.hold = False
                    continue
            # the move: ``counts`` holds, per cell, how many pool fleets have a ship there; while
            # hunting with the density (see DENSITY) each cell's score is weighed against it,
            # ``counts * sd + dens * sp`` (seabattle.ai.hard.density's weights; the pool alone: 1, 0)
            # (the density's names are its module's: a classic game's hard level interns none of
            # them, and its names stay within six pools: tests/test_ramreport.py)
            counts = self.counts
            dens, sd, sp = (counts, 1, 0) if self.density is None else self.density.choose(self)
            known = self.known
            best = 0
            t = 0  # squares tied at ``best`` so far (one of them chosen at random)
            chosen = -1
            for c in range(self.rules.cells):
                if known[c] != UNKNOWN:
                    continue
                k = counts[c] * sd + dens[c] * sp
                if k > best:
                    best = k
                    t = 1
                    chosen = c
                elif k == best and k:
                    t += 1
                    if self.rng.randrange(t) == 0:
                        chosen = c
            if chosen < 0 or not self.view.can_fire(chosen):
                # the normal level picks this move (after a collapse, rarely): its module and
                # player are made for the move and dropped after, not held for the rest of the
                # battle (~3.5 KB); ``normal`` keeps the one number its player draws when first
                # made, which it is given back by ``randrange`` (the random source stays in step).
                # The filter's table is idle meanwhile (all 0 between answers): it is let
                # go of for the move, 1 KB less at what was then the level's peak (16.1 KB, unix
                # port), and made again after (if this raises, the filter does without it:
                # seabattle.ai.hard.big's checks, and a resync makes it again)
                n = len(self.cover) if self.cover is not None else 0
                self.cover = None
                made = load_module("seabattle.ai.normal").Normal(self.rules, self.rng if self.normal is None else self)
                made.rng = self.rng
                self.normal = made.offset
                chosen = made.choose(self.view)
                made = None
                forget("seabattle.ai.normal")
                forget("seabattle.ai.easy")  # (its base, the easy level's)
                if n:
                    self.cover = bytearray(n)
            yield chosen

    def randrange(self, n):
        """The normal level's player, made again for a move of its own, draws this (see run)."""
        return self.normal

    def filter(self, sq, answer, ship):
        """Generator: note the answer and remove the pool fleets that contradict it, keeping
        ``counts`` in step: the fleets that went are taken off, or when most went, ``counts`` is
        made again from the survivors (the fewer fleets are tallied: ``tallied``)."""
        known = self.known  # the answer on my chart first
        if not self.changed:
            self.changed = 1
        self.cached = 0
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
            if i % FILTER_SLICE == FILTER_SLICE - 1:
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
            if self.tallied % COUNT_SLICE == 0:
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
                cover[base + code] = 2 if full and self.is_sunk(code, size) else on
            if size > 1:
                lo = y - size + 1 if y >= size - 1 else 0
                hi = y if y <= h - size else h - size
                for p in range(lo, hi + 1):
                    code = (p * w + x) * 2 + 1
                    cover[base + code] = 2 if full and self.is_sunk(code, size) else on
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
        TOPUP copies and only if fewer than FIRE_MIN fleets survive (none if none survive: the
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
            if left >= FIRE_MIN:
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
            if sweeps > SWEEPS_MAX:
                sweeps = SWEEPS_MAX if SWEEPS_MAX > self.sweeps else self.sweeps
        per = REFILL_SLICE * self.sweeps // sweeps or 1  # copies a slice: about the same work
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

    def _build(self):
        """A new pool: the opening table's at the start of a game if there is one for these rules,
        else (and after a collapse) one fleet by search, the others by a long chain from it. The
        table's reading and the search are modules of their own (seabattle.ai.hard.opening,
        seabattle.ai.hard.search), loaded for that moment and dropped after; so is clearing the
        pool (the search's ``build`` does it; a new player's pool is clear: seabattle.ai.hard.buffers)."""
        if not self.ready and not self.seen and self.dead == 255:
            loaded = yield from load_module("seabattle.ai.hard.opening")._open(self)
            forget("seabattle.ai.hard.opening")
            if loaded:
                self.ready = True
                return
        forget("seabattle.ai.hard.big")  # (the filter's, on big boards: not held at this peak too)
        yield from load_module("seabattle.ai.hard.search").build(self)
        forget("seabattle.ai.hard.search")

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
        afloat. A copy of the same survivor as the fleet loaded last (the refill makes a survivor's
        copies in a row) gets that load's state back in two copies (``blocked0``, ``wounded0``)."""
        fleets = self.fleets
        s = self.ships
        last = self.loaded  # the codes of the fleet loaded last, when ``cached``
        if self.cached:
            for j in range(s):
                if last[j] != fleets[base + j]:
                    break
            else:
                self.blocked[:] = self.blocked0
                self.wounded[:] = self.wounded0
                return self.afloat0
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
            last[j] = code
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
        self.blocked0[:] = blocked
        self.wounded0[:] = wounded
        self.afloat0 = afloat
        self.cached = 1
        return afloat

    def _spot_count(self, size):
        w = self.w
        h = self.h
        return (w - size + 1) * h + (w * (h - size + 1) if size > 1 else 0)

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
            if self.changed == 2:  # every spot on the board, in the order of _move's old draw
                across = (w - size + 1) * self.h
                for k in range(self._spot_count(size)):
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

    def corner(self, base):
        """Gibbs draw of the corner of the corner-style fleet at ``base``, given its ships afloat
        and the sunk ones: corner c weighs LIFT ** (the ships ``habit`` favours at c); sets and
        returns the fleet's style (3 + c). The weights are relative to the best corner's, and a
        corner 9 ships behind it weighs 0 (it would weigh 8 ** -9 of it): every number is a small
        int below 2 ** 30 (4 * 8 ** 9 at most), as a board's ints and ``random.randrange`` need.
        ``habit``'s test for the four corners at once, one ship at a time (a third of the time)."""
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
        """Does a ship at ``code`` lie where ``style`` favours it (see STYLES)?"""
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

    def is_sunk(self, code, size):
        """Is the ship at ``code`` hit on every cell (sunk, had it been there)?"""
        known = self.known
        step = self.w if code & 1 else 1
        c = code >> 1
        for _ in range(size):
            if known[c] != HIT:
                return False
            c += step
        return True

    def _hits(self, code, size):
        """How many hits the ship at ``code`` covers; the first one's square goes to ``anchor`` (a
        tuple back would be allocated: every chain move of a wounded ship asks)."""
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
        """Fill ``codes`` with the legal codes of a ship of ``size`` through ``anchor`` covering
        ``hits`` hits (those of the ship that covered them); returns how many."""
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
        """Metropolis-Hastings move: wounded ship ``j`` hands its hits to the unhit ship ``k`` of
        another size (drawn among the spots through them) and goes to a random spot. Accepted with
        the ratio that keeps the pool's law (uniform, or the style's prior). Ship ``j`` (size ``a``)
        goes from ``code`` to ``new``, ship ``k`` (size ``b``) from ``other`` to ``moved``; ``n`` and
        ``m``: the spots of each size through the hits."""
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
        """Gibbs move of a wounded ship: among the legal spots covering its hits, each weighed by
        the fleet's style (uniformly for style 0)."""
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
