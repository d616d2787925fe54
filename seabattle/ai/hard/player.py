# The hard level: fires where a ship most likely is, reasoning over whole fleets.
#
# It keeps a pool of ``POOL`` whole enemy fleets, each consistent with every answer so far (misses,
# hits, sunk ships and their halos, the sizes still afloat, the touching rule), and fires at the
# unknown cell most of them put a ship on. Counting single ships' placements (probability density)
# ignores that ships must fit together; a pool of whole fleets does not, and so it is not fooled
# by a player who packs a corner or hugs the border.
#
# How the pool follows the game (sequential Monte Carlo):
#
# - each answer removes the fleets that contradict it (a sunk ship: the fleets with exactly that
#   ship keep it, marked sunk; all others go). The survivors are still fair samples, now
#   conditioned on one more answer;
# - each removed fleet is replaced by a copy of a survivor (each survivor copied as evenly as the
#   numbers allow: systematic resampling), moved by a Markov chain that
#   leaves the consistent fleets' uniform distribution unchanged: a ship not yet hit jumps to a
#   uniformly random spot among those on unknown cells (kept up to date per answer), taken when no
#   other ship forbids it (Metropolis); a wounded ship is redrawn among the few legal spots through
#   its hits (Gibbs). A few sweeps make the copy a new sample (drawn from the whole board, late in a
#   game nearly every spot was refused and half the copies stayed equal to their parent); after a
#   miss the sweeps grow with the copies each survivor makes (seabattle.ai.hard.answers' _SWEEPS_MAX), since a few survivors
#   copied many times otherwise leave the pool in families of near copies;
# - if no fleet survives (the pool was too small for a surprise), a randomised search builds one
#   consistent fleet and the chain grows seabattle.ai.hard.search's _REBUILD fleets from it (the next answers' copies refill
#   the rest); right after a hit the normal level moves instead, and this waits for the next miss. The search is sliced like the rest of
#   the work (``search_slice`` units of work a step, a unit being one cell or spot examined) and
#   bounded (``search_total`` units): if it finds nothing in time, the normal level picks that move
#   and the search runs again after the next answer.
#
# The prior is not only uniform: a share of the pool (``STYLES``) follows chains that favour the
# spots human players like (big ships on the edge line, every ship on the border, the big ships
# packed at a corner), so the shooter is not fooled by those habits; the answers decide how much
# of the pool each style keeps.
#
# The player waits for as little as possible: after a miss the work of the answer is done during
# the player's turn (``busy()`` is true while there is some; a player who fires before it is done
# waits for the rest), while after a hit, when the computer fires
# again at once, only the filter and at most TOPUP (seabattle.ai.hard.answers) copies come before the next shot: at most
# POOL fleets checked, half of them tallied (the filter tallies the fewer of the fleets that went
# and those that stayed) and TOPUP copies; the fleets removed meanwhile are replaced after the
# next miss. A device shows the answer for a moment before the next shot and steps the work
# during it. Which work comes before which move depends only on the answers (never on the clock),
# so a seed replays its game however the slices fall, unless a device's patience runs out first
# (``hurry``: the move then comes from the part of the refill done by then). A wounded ship may
# also hand its hits to an unhit ship of another size (a Metropolis-Hastings swap), so copies do
# not keep the size their ancestor first gave it.
#
# The first pool comes from an opening table (seabattle.ai.hard.opening) when there is one for the rules.
#
# The player sits above its parts: the filter and the refill (seabattle.ai.hard.answers), the chain
# (seabattle.ai.hard.chain) and its other moves (seabattle.ai.hard.moves) are its methods, held for
# the battle; every field they use is set in ``__init__`` below. What runs once or rarely is a module
# of its own, loaded for that moment (``load_module``) and dropped after (seabattle.compat.forget):
# making the pool's tables (seabattle.ai.hard.buffers), reading the opening table
# (seabattle.ai.hard.opening), the fallback search and the pool it rebuilds
# (seabattle.ai.hard.search), a resync (seabattle.ai.hard.resync), the checks of boards over 127
# cells (seabattle.ai.hard.big), and the normal level's move after a collapse (seabattle.ai.normal).
# The density (seabattle.ai.hard.density) is an object the player holds where the rules give it a
# share.
#
# Fleets are stored as ship codes (first square * 2 + vertical) in one ``bytearray`` (one byte a
# ship on boards up to 127 cells, else an ``array('H')``); the working
# buffers are allocated once, so per-cell loops allocate nothing. The work is a generator: ``step``
# runs one slice of it, so a device interleaves it with input and drawing, and the work an answer
# causes is done during the human's turn, before the computer needs its next move. Only the answer
# counts, not the clock: the same seed gives the same game however the slices fall.

from array import array

from seabattle.ai.hard.answers import Answers
from seabattle.ai.hard.chain import Chain
from seabattle.board import MISS, UNKNOWN
from seabattle.compat import const, forget, load_module
from seabattle.rules import TOUCH_FREE, TURNS_AGAIN

POOL = 500  # fleets kept; memory: POOL * ships bytes (5 KB for the classic fleet)
SWEEPS = 2  # chain moves per ship for each replaced fleet, times the copies each survivor makes
SEARCH_SLICE = 400  # units of search work (cells or spots examined) per step: about one chain move's
_SEARCH_TOTAL = const(24000)  # units the fallback search may spend before the normal level moves instead
# what is asked of the player (``want``): nothing, a move, or a move hurried by the player's
# patience (``hurry``: the refill is cut short); seabattle.ai.hard.answers and .search read it
# as a truth value only
_NO_MOVE = const(0)
_MOVE = const(1)
_HURRIED = const(2)

# The prior: people do not place ships uniformly. Each pool fleet carries a style, drawn from
# STYLES by its index, and its chain favours, LIFT times (seabattle.ai.hard.moves), the spots that style expects: 0 is
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


class Hard(Answers, Chain):
    name = "hard"

    def __init__(self, rules, rng, pool=POOL, sweeps=SWEEPS, styles=None):
        if styles is None:  # the default prior for these rules (see STYLES)
            styles = STYLES if rules.touch != TOUCH_FREE else b"\x00"
        cells = rules.cells
        ships = len(rules.fleet)
        self.rules = rules
        self.rng = rng
        self.random = rng.randrange  # made once: a bound method made per chain run is 32 bytes of heap
        self.w = rules.width
        self.h = rules.height
        self.touch = rules.touch
        self.n = pool  # fleets in the pool
        self.sweeps = sweeps
        self.sizes = bytes(rules.fleet)  # the ship slots' sizes, largest first
        self.ships = ships
        self.styles = styles  # the prior's styles, repeated over the pool's index (see STYLES)
        # the pool and the tables made by loops (seabattle.ai.hard.buffers: code run once, not held
        # for the battle), in this order
        (
            # the pool: each fleet's ship codes (first square * 2 + vertical), ``ships`` a fleet; a
            # byte a code where every code fits one
            self.fleets,
            self.dead,  # a sunk ship's code in ``fleets``: 255 where the codes fit a byte, else 0xFFFF
            self.style,  # per pool fleet, its style (see STYLES)
            self.counts,  # per cell, how many pool fleets put a ship there
            self.row,  # each ship slot's row of ``cover`` and of ``legal_at``: one a ship size
            # while an answer is checked: cover[row[j] * 256 + code] is 1 if a ship of slot j's size at
            # code covers the answered square, 2 if it settles the answer (see _cover); None where the
            # codes pass a byte (the filter asks seabattle.ai.hard.big instead)
            self.cover,
            # the spots of each ship size on unknown cells only (``legal`` from ``legal_at[row]``,
            # ``legal_n[row]`` of them): where the chain proposes to move an unhit ship (see _move).
            # Only shrinks as answers come, so each answer prunes it in place (see ``changed``)
            self.legal_at,
            self.legal_n,
            self.legal,
        ) = load_module("seabattle.ai.hard.buffers").build(rules, pool, styles)
        forget("seabattle.ai.hard.buffers")
        self.alive = bytearray(pool)  # per pool fleet, 1: in the pool (while an answer is applied, 2: gone, 3: a copy)
        self.known = bytearray(cells)  # my own chart: UNKNOWN MISS HIT SUNK HALO per cell
        # the chain's state for the fleet it moves (see load): per cell, how many of its ships
        # forbid it; per ship slot, 1 if wounded; the slots afloat, in order
        self.blocked = bytearray(cells)
        self.empty = bytes(cells)  # clears ``blocked`` in one copy
        self.wounded = bytearray(ships)
        self.order = bytearray(ships)
        self.codes = array("H", range(2 * max(rules.fleet) + 2))  # scratch: the legal codes of a ship through its hits (see through)
        self.sunk = []  # the sunk ships' cells, in the order they sank
        self.hits = 0  # HIT squares on ``known``, counted with ``legal`` (see open_water)
        self.changed = 2  # 2: fill ``legal`` from scratch, 1: prune it, 0: it is up to date
        self.cover_at = -1  # the square ``cover`` is marked for, -1 for none
        self.tallied = 0  # fleets the last filter tallied
        self.anchor = 0  # the first hit the last ship asked of covers (see _hits)
        # the work: answers and moves asked for (see run)
        self.queue = []  # answers not yet applied to the pool: (square, answer, ship cells, shoots again)
        self.seen = 0  # shots learnt
        self.ready = False  # the pool exists
        self.want = _NO_MOVE  # what is asked of the player
        self.gen = None  # the work's generator (run)
        self.hold = False  # the work is done until an answer comes or a move is asked for
        self.view = None  # the chart of the last move asked for
        self.normal = None  # the offset the normal level drew when it first moved for me (see run)
        # the fallback search (seabattle.ai.hard.search)
        self.search_slice = SEARCH_SLICE
        self.search_total = _SEARCH_TOTAL
        self.work = 0  # search work done so far (units), for slicing and for tests
        self.pause = 0  # ``work`` at which the search yields next
        self.used = 0  # work of the current search
        self.budget = 0  # its bound
        self.collapses = 0  # pools rebuilt after no fleet survived an answer
        self.failures = 0  # searches that gave up
        self.opened = -1  # the symmetry the opening table was turned by, -1 if it was not used
        # the density's share of a hunting move (see DENSITY): its code is loaded only where it has
        # one, and held by this player alone (out of sys.modules), so it goes with the player. The
        # density is a uniform prior's: with styles in the pool (learnt habits) it would pull the
        # move back toward uniform fleets (mb, a border hugger, 300 games learnt: 29.06 ± 0.79
        # shots with it, 25.98 ± 0.62 without), so only a uniform pool takes it
        self.density = None
        if DENSITY[rules.touch] and max(styles) == 0:
            self.density = load_module("seabattle.ai.hard.density").Density(DENSITY[rules.touch])
            forget("seabattle.ai.hard.density")

    # ----- the shooter interface ----------------------------------------------------------------

    def choose(self, view):
        self.start(view)
        while True:
            sq = self.step()
            if sq >= 0:
                return sq

    def start(self, view):
        # Begin the move on ``view`` (the chart of the enemy); ``step()`` until it returns >= 0.
        if not self.verify(view):
            load_module("seabattle.ai.hard.resync")._sync(self, view)  # (then the pool is rebuilt: seabattle.ai.hard.search)
            forget("seabattle.ai.hard.resync")
        self.view = view
        self.want = _MOVE

    def step(self):
        # One slice of work: the square to fire at once the move is ready, else -1.
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
            self.want = _NO_MOVE  # (the generator goes on: a hurried move may come amid a refill)
        return sq

    def hurry(self):
        # The player has waited long enough for this move (a device's patience: PATIENCE after
        # the answer's pause, seabattle.screens.battle): if the refill after the last answer is not done,
        # the move comes from the pool as it stands (the survivors and the copies made so far) and
        # the refill goes on after it; once the next move is asked for, an answer that came
        # meanwhile is applied first (the rest of that refill waits for the next one). After a target
        # phase the refill takes up to ~30 s on a CLUE (docs/opponent.md): a player who fires at once
        # meets a slightly weaker shot instead of that wait; one who takes a few seconds never
        # notices. Unlike the rest, this depends on the clock.
        if self.want:
            self.want = _HURRIED

    def busy(self):
        # True while there is work ``step`` can do before the next move is asked for (in the
        # background: after a miss, the player's turn; after a hit, the pause before the next shot).
        return bool(self.queue) or not self.ready or (self.gen is not None and not self.hold)

    def learn(self, shot):
        # does the computer fire again at once? then only the work its next shot needs comes first
        shoots_again = shot.answer != MISS and self.rules.turns == TURNS_AGAIN and not shot.over
        self.queue.append((shot.square, shot.answer, shot.ship, shoots_again))
        self.seen += 1

    # ----- keeping in step with the view --------------------------------------------------------

    def verify(self, view):
        # True if my chart, with the answers still queued, matches the view.
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
        # Generator, one for the whole game: apply each answer, refill the pool (all of it after a
        # miss; after a hit only what the next shot needs), pick a square when asked. What it does
        # depends on the answers and the moves asked for, never on how the slices fall.
        if not self.ready:
            for _ in self._build():
                yield -1
        fill = None  # the refill under way (a generator): a hurried move may come amid it
        while True:
            if fill is not None:
                if self.want != _HURRIED or self.queue or shoots_again:
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
        # The normal level's player, made again for a move of its own, draws this (see run).
        return self.normal

    def _build(self):
        # A new pool: the opening table's at the start of a game if there is one for these rules,
        # else (and after a collapse) one fleet by search, the others by a long chain from it. The
        # table's reading and the search are modules of their own (seabattle.ai.hard.opening,
        # seabattle.ai.hard.search with seabattle.ai.hard.seek), loaded for that moment and dropped after; so is clearing the
        # pool (the search's ``build`` does it; a new player's pool is clear: seabattle.ai.hard.buffers).
        if not self.ready and not self.seen and self.dead == 255:
            loaded = yield from load_module("seabattle.ai.hard.opening")._open(self)
            forget("seabattle.ai.hard.opening")
            if loaded:
                self.ready = True
                return
        forget("seabattle.ai.hard.big")  # (the filter's, on big boards: not held at this peak too)
        yield from load_module("seabattle.ai.hard.search").build(self)
        forget("seabattle.ai.hard.search")
        forget("seabattle.ai.hard.seek")  # (its search for one fleet)
