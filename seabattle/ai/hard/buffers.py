"""The hard level's buffers (see seabattle.ai.hard.player), made once when its player is made: the body
of Hard.__init__, loaded for that moment and dropped after (seabattle.compat.forget), before the
first pool is read (seabattle.ai.hard.opening): neither the battle nor the opening holds this code.
"""

from array import array

from seabattle.ai.hard.player import SEARCH_SLICE, SEARCH_TOTAL, STYLES
from seabattle.rules import TOUCH_FREE


def setup(self, rules, rng, pool, sweeps, styles):
    if styles is None:  # the default prior for these rules (see STYLES)
        styles = STYLES if rules.touch != TOUCH_FREE else b"\x00"
    self.rules = rules
    self.rng = rng
    self.random = rng.randrange  # made once: a bound method made per chain run is 32 bytes of heap
    self.w = rules.width
    self.h = rules.height
    self.n = pool
    self.sweeps = sweeps
    self.sizes = bytes(rules.fleet)
    ships = len(rules.fleet)
    self.ships = ships
    cells = rules.cells
    # ``dead``: a sunk ship's code in a pool fleet; 255 where every other code fits a byte (half
    # the memory)
    if 2 * cells <= 255:
        self.fleets = bytearray(pool * ships)
        self.dead = 255
    else:
        self.fleets = array("H", range(pool * ships))
        self.dead = 0xFFFF
    self.alive = bytearray(pool)  # 1: in the pool (while an answer is applied, 2: gone, 3: a copy)
    self.styles = styles
    self.style = bytearray(pool)  # each pool fleet's style (see STYLES)
    self.known = bytearray(cells)  # my own chart: UNKNOWN MISS HIT SUNK HALO
    self.blocked = bytearray(cells)  # scratch: how many ships of one fleet forbid each cell
    self.empty = bytes(cells)  # clears ``blocked`` in one copy
    self.counts = array("H", range(cells))
    # the pool clear, as the opening table's reading expects it (seabattle.ai.hard.opening; the search
    # clears it itself): each fleet's style, no fleet counted
    for i in range(pool):
        self.style[i] = styles[i % len(styles)]
    for c in range(cells):
        self.counts[c] = 0
    self.codes = array("H", range(2 * max(rules.fleet) + 2))
    self.wounded = bytearray(ships)
    # while an answer is checked: cover[row[j] + code] is 1 if a ship of slot j's size at code
    # covers the answered square (one row of 256 per size: codes and ``dead`` fit a byte)
    self.row = bytearray(ships)
    rows = 0
    for j in range(ships):
        if j and self.sizes[j] != self.sizes[j - 1]:
            rows += 1
        self.row[j] = rows
    self.cover = bytearray(256 * (rows + 1)) if self.dead == 255 else None
    # the spots of each ship size (a row of ``row``) that lie on unknown cells only: where the
    # chain proposes to move an unhit ship (see _move). Only shrinks as answers come, so each
    # answer prunes it in place; rebuilt whole when the chart is replaced (_sync)
    self.legal_at = array("H", range(rows + 2))
    self.legal_n = array("H", range(rows + 1))
    total = 0
    for j in range(ships):
        if j == 0 or self.row[j] != self.row[j - 1]:
            self.legal_at[self.row[j]] = total
            total += self._spot_count(self.sizes[j])
    self.legal_at[rows + 1] = total
    self.legal = bytearray(total) if self.dead == 255 else array("H", range(total))
    self.changed = 2  # 2: fill ``legal`` from scratch, 1: prune it, 0: it is up to date
    self.cover_at = -1
    self.order = bytearray(ships)
    # load's state for the fleet loaded last (see there); ``cached`` 0 once ``known`` changes
    self.loaded = bytearray(ships) if self.dead == 255 else array("H", range(ships))
    self.blocked0 = bytearray(cells)
    self.wounded0 = bytearray(ships)
    self.afloat0 = 0
    self.cached = 0
    self.anchor = 0  # (see _hits)
    self.hits = 0  # HIT squares on ``known``, counted with ``legal`` (see open_water)
    self.queue = []  # answers not yet applied to the pool: (square, answer, ship cells)
    self.seen = 0  # shots learnt
    self.ready = False  # the pool exists
    self.want = False  # a move was asked for
    self.gen = None
    self.hold = False  # the work is done until an answer comes or a move is asked for
    self.normal = None  # the offset the normal level drew when it first moved for me (see run)
    self.touch = rules.touch
    self.sunk = []  # the sunk ships' cells, in the order they sank
    self.view = None
    self.search_slice = SEARCH_SLICE
    self.search_total = SEARCH_TOTAL
    self.tallied = 0  # fleets the last filter tallied
    self.work = 0  # search work done so far (units), for slicing and for tests
    self.pause = 0  # ``work`` at which the search yields next
    self.used = 0  # work of the current search
    self.budget = 0  # its bound
    self.collapses = 0  # pools rebuilt after no fleet survived an answer
    self.failures = 0  # searches that gave up
    self.opened = -1  # the symmetry the opening table was turned by, -1 if it was not used
