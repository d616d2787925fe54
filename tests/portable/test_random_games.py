"""Whole games of random shots on random fleets, every preset (portable)."""

from check import Rng

from seabattle import placement, rules
from seabattle.board import HALO, HIT, MISS, SUNK, UNKNOWN
from seabattle.game import Game


def test_random_games_always_end_with_every_ship_sunk():
    rng = Rng(21)
    for name in rules.preset_names():
        r = rules.preset(name)
        for _ in range(3):
            g = Game(r, (placement.random_fleet(r, rng), placement.random_fleet(r, rng)), rng.randrange(2))
            while not g.over():
                v = g.views[g.turn]
                # the k-th square still free, found without a list of them (the VM's heap is small)
                k = rng.randrange(r.cells - v.shots)
                sq = -1
                while k >= 0:
                    sq += 1
                    if v.can_fire(sq):
                        k -= 1
                g.shoot(sq)
            loser = g.boards[1 - g.winner]
            assert loser.defeated() and g.views[g.winner].defeated()
            for p in (0, 1):  # each view agrees with the board it charts
                v = g.views[p]
                b = g.boards[1 - p]
                for sq in range(r.cells):
                    if b.shots[sq]:
                        assert v.cells[sq] in (MISS, HIT, SUNK)
                    else:
                        assert v.cells[sq] in (UNKNOWN, HALO)
                        if v.cells[sq] == HALO:
                            assert b.fleet.owner[sq] == 0
            assert len(g.moves) == sum([g.stats[p].shots for p in (0, 1)])
