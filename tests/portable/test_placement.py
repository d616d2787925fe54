"""Random and «Перельман» placement: always legal, never stuck, the right shape (portable)."""

from check import Rng, raises

from seabattle import fleetcheck, packing, placement, rules


def test_same_seed_same_fleet():
    r = rules.preset("classic")
    a = placement.random_fleet(r, Rng(3))
    b = placement.random_fleet(r, Rng(3))
    assert a == b
    assert a != placement.random_fleet(r, Rng(4))


def test_random_fleets_are_legal_for_every_preset():
    rng = Rng(5)
    for name in rules.preset_names():
        r = rules.preset(name)
        for _ in range(8):
            f = placement.random_fleet(r, rng)
            fleetcheck.validate(f)
            f = packing.perelman_fleet(r, rng)
            fleetcheck.validate(f)


def test_perelman_packs_big_ships_at_one_corner_and_spreads_singles():
    rng = Rng(11)
    r = rules.preset("classic")
    for _ in range(5):
        f = packing.perelman_fleet(r, rng)
        big = [s for s in f.ships if s.size > 1]
        singles = [s.cells[0] for s in f.ships if s.size == 1]
        # every big ship lies in the 3-wide strip along one of two edges at one corner
        corners = []
        for right in (0, 1):
            for bottom in (0, 1):
                ok = True
                for s in big:
                    for sq in s.cells:
                        dx = 9 - sq % 10 if right else sq % 10
                        dy = 9 - sq // 10 if bottom else sq // 10
                        if dx >= 3 and dy >= 3:
                            ok = False
                if ok:
                    corners.append((right, bottom))
        assert corners, f.ships
        for i in range(len(singles)):
            for j in range(i):
                a, b = singles[i], singles[j]
                assert max(abs(a % 10 - b % 10), abs(a // 10 - b // 10)) >= 3


def test_random_fleet_raises_when_impossible():
    tight = rules.Rules("tight", 5, 5, (1,) * 10)  # at most 9 singles fit apart
    raises(rules.RulesError, placement.random_fleet, tight, Rng(1))


def test_small_boards_and_other_fleets():
    rng = Rng(8)
    for r in (rules.Rules("small", 5, 5, (3, 2, 1, 1)), rules.Rules("wide", 20, 6, (5, 4, 3, 3, 2, 2, 1)),
              rules.Rules("big", 20, 20, (4, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1))):
        for _ in range(3):
            fleetcheck.validate(placement.random_fleet(r, rng))
            fleetcheck.validate(packing.perelman_fleet(r, rng))
