"""The hard level's extra heap when its pool collapses (at most 16 KB at its peak).

No pool fleet survives an answer (rare): after a miss the pool is rebuilt by a search whose code
(seabattle.ai.hard.search) is loaded meanwhile, after a hit the normal level's module
(seabattle.ai.normal) makes the moves until the next miss. Both are the level's peak. The collapse is
forced as it happens: every fleet gone and ``counts`` cleared, as the filter leaves them when all
contradict the answer. Measured as tools.bench ai does (gc.mem_alloc after gc.collect between
the steps, from before the player is made), plus the moment the normal level has chosen its move.
Its own file, so the MicroPython run (tests/test_ai_heap_micropython.py) has a VM of its own;
CPython has no such count and skips.
"""

from check import Rng

from seabattle.ai.hard import player
from seabattle import rules as R
from seabattle.ai.hard.player import Hard
from seabattle.board import HIT, MISS
from seabattle.game import Game
from seabattle.placement import random_fleet

BUDGET = 16 * 1024  # the "extra heap for the hard level ≤ 16 KB at its peak"


class _Peak:
    """The highest live heap over ``base`` seen by ``take``; ``hook`` takes it again when the
    normal level's player has chosen a move, its module and player still live."""

    def __init__(self, gc):
        self.gc = gc
        self.base = 0
        self.high = 0
        self.moves = 0  # normal moves seen
        self.choose = None  # the loaded module's Normal.choose, for the moment of one move
        self.load = player.load_module

    def take(self):
        self.gc.collect()
        m = self.gc.mem_alloc() - self.base
        if m > self.high:
            self.high = m

    def hook(self, name):
        m = self.load(name)
        if name == "seabattle.ai.normal":
            peak = self
            self.choose = m.Normal.choose

            def choose(shooter, view):
                sq = peak.choose(shooter, view)
                peak.choose = None  # (it holds the module: the level drops that after the move)
                peak.moves += 1
                peak.take()
                return sq

            m.Normal.choose = choose
        return m


def collapse_peak(gc, preset, seed, at, answer):
    """Plays a game whose pool is emptied after the answer ``answer`` to the shot ``at`` (or the
    first such answer after it); returns (peak extra heap, collapses, normal moves)."""
    rules = R.preset(preset)
    fleet = random_fleet(rules, Rng(500 + seed))
    game = Game(rules, (fleet, fleet), 0)
    view = game.views[0]
    peak = _Peak(gc)
    player.load_module = peak.hook
    try:
        gc.collect()
        peak.base = gc.mem_alloc()
        hard = Hard(rules, Rng(1000 + seed))
        emptied = False
        while not game.over():
            game.turn = 0
            while hard.busy():
                hard.step()
                peak.take()
            sq = hard.choose(view)
            peak.take()
            shot = game.shoot(sq)
            if not emptied and view.shots >= at and shot.answer == answer and not game.over():
                for i in range(hard.n):
                    hard.alive[i] = 0
                for c in range(rules.cells):
                    hard.counts[c] = 0
                emptied = True
            hard.learn(shot)
            shot = None
        return peak.high, hard.collapses, peak.moves
    finally:
        player.load_module = peak.load


def test_a_collapsed_pool_rebuilds_within_the_heap_budget():
    import gc

    if not hasattr(gc, "mem_alloc"):
        return
    seen = []
    for preset, seed, at, answer in (("classic", 0, 5, HIT), ("classic", 0, 20, HIT), ("classic", 0, 20, MISS),
                                     ("classic", 0, 40, MISS), ("mb", 0, 20, HIT)):
        high, collapses, moves = collapse_peak(gc, preset, seed, at, answer)
        seen.append((preset, at, answer, high))
        assert collapses == 1, (preset, at, answer, collapses)  # the pool was rebuilt by the search
        if answer == HIT:
            assert moves > 0, (preset, at)  # the normal level moved before the next miss
        assert high <= BUDGET, seen
    # the measure sees the rebuild: more than the level's own buffers (~10.5 KB classic)
    assert seen[0][3] > 12 * 1024, seen
