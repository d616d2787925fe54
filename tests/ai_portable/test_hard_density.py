"""The hard level's density (seabattle.ai.hard.density): the count, and the hunting move it weighs.

Its own file, so the MicroPython run (tests/test_ai_micropython.py) loads it in a VM of its own.
"""

from check import Rng

from seabattle import rules as R
from seabattle.ai.hard.density import Density
from seabattle.ai.hard.player import DENSITY, Hard
from seabattle.board import HIT, SUNK, UNKNOWN
from seabattle.game import Game
from seabattle.placement import random_fleet


def spots_through(rules, cells, sizes):
    """Per cell: the spots through it of each ship of ``sizes`` that lie on unknown cells only,
    counted spot by spot (the density's definition, not its line-by-line count)."""
    w = rules.width
    h = rules.height
    out = [0] * rules.cells
    for size in sizes:
        for vertical in (0, 1):
            if vertical and size == 1:
                break
            step = w if vertical else 1
            for y in range(h - size + 1 if vertical else h):
                for x in range(w if vertical else w - size + 1):
                    start = y * w + x
                    ok = True
                    for i in range(size):
                        if cells[start + i * step] != UNKNOWN:
                            ok = False
                    if ok:
                        for i in range(size):
                            out[start + i * step] += 1
    return out


def play_checked(name, share, seed):
    """A whole game of the hard level with the density's ``share``: every hunting move must be
    counted on the chart as it is and be the best mix of the pool's counts and the density.
    Returns how many moves were checked."""
    rules = R.preset(name)
    hard = Hard(rules, Rng(seed), pool=12)
    hard.density = Density(share)  # (made by the player only where its rules give it a share)
    return _play_checked(rules, hard, share, seed)


def _play_checked(rules, hard, share, seed):
    fleet = random_fleet(rules, Rng(seed + 1))
    game = Game(rules, (fleet, fleet), 0)
    view = game.views[0]
    afloat = list(rules.fleet)
    checked = 0
    while not game.over():
        game.turn = 0
        sq = hard.choose(view)
        cells = view.cells
        assert cells[sq] == UNKNOWN
        hunting = True
        for c in range(rules.cells):
            if cells[c] == HIT:
                hunting = False
        if hunting:
            assert hard.density.seen == hard.seen  # counted for this very chart
            dens = spots_through(rules, cells, afloat)
            sp = 0
            sd = 0
            for c in range(rules.cells):
                if cells[c] == UNKNOWN:
                    assert hard.density.dens[c] == dens[c], (name, c, hard.density.dens[c], dens[c])
                    sp += hard.counts[c]
                    sd += dens[c]
            if sp and sd:
                best = 0
                for c in range(rules.cells):
                    if cells[c] == UNKNOWN:
                        v = (4 - share) * hard.counts[c] * sd + share * dens[c] * sp
                        if v > best:
                            best = v
                assert (4 - share) * hard.counts[sq] * sd + share * dens[sq] * sp == best
                checked += 1
        shot = game.shoot(sq)
        if shot.answer == SUNK:
            afloat.remove(len(shot.ship))
        hard.learn(shot)
        while hard.busy():
            hard.step()
    return checked


def test_density_counts_the_spots_and_the_hunting_move_weighs_it():
    # mb (ships may touch) and classic (the halos of sunk ships are known water), a share between
    # and the density alone: each hunting move is checked, and every one is
    for name in ("mb", "classic"):
        for share in (2, 4):
            assert play_checked(name, share, 20 + share) >= 10


def test_density_off_costs_no_heap():
    # with no share the pool alone decides, and the density's buffer is never made
    rules = R.preset("classic")
    hard = Hard(rules, Rng(3), pool=12)
    assert hard.density is None  # classic: the pool alone
    fleet = random_fleet(rules, Rng(4))
    game = Game(rules, (fleet, fleet), 0)
    view = game.views[0]
    while not game.over():
        game.turn = 0
        hard.learn(game.shoot(hard.choose(view)))
    assert hard.density is None  # (never made: no buffer of its own)


def test_density_only_with_a_uniform_pool():
    # the density is a uniform prior's: mb takes it, but not once learnt habits put styles in the
    # pool (it would pull the move back toward uniform fleets), nor classic
    mb = R.preset("mb")
    assert Hard(mb, Rng(1), pool=10).density is not None
    assert DENSITY[mb.touch] == 2 and Hard(mb, Rng(1), pool=10).density.share == 2
    assert Hard(mb, Rng(1), pool=10, styles=b"\x00\x00\x02").density is None
    assert Hard(R.preset("classic"), Rng(1), pool=10, styles=b"\x00").density is None


class _Chart:
    """What the count reads of a hard player (seabattle.ai.hard.density._count), nothing else."""

    def __init__(self, rules, sizes):
        self.rules = rules
        self.w = rules.width
        self.h = rules.height
        self.sizes = sizes
        self.ships = len(sizes)
        self.known = bytearray([UNKNOWN] * rules.cells)
        self.sunk = []
        self.seen = 0


def test_density_of_a_fleet_past_a_byte_counts_every_cell():
    # a cell takes up to 2 * size spots of each ship: a fleet of 128 decks or more needs 16-bit
    # counts, one per cell (the array was made from bytes, half as many entries on CPython)
    rules = R.preset("mb")  # (the count reads only the board's size from the rules)
    sizes = [5] * 26  # 130 decks
    chart = _Chart(rules, sizes)
    density = Density(2)
    for _ in density._count(chart):
        pass
    assert len(density.dens) == rules.cells
    assert [density.dens[c] for c in range(rules.cells)] == spots_through(rules, chart.known, sizes)
    assert max(density.dens) > 255
