"""The computer's own fleet under the corners rules (ships may touch at their corners): the band
style packs its big ships there too, and the mix draws it where classic draws the corner (how
hard the fleets are to find is measured by tools.bench ai --rules corners --fleets computer)."""

from check import Rng

from seabattle.ai import fleet as A
from seabattle.ai import styles as S
from seabattle import fleetcheck
from seabattle import rules as R


def in_one_band(rules, fleet):
    """Does every multi-deck cell lie within BAND_LINES of one and the same edge?"""
    w = rules.width
    h = rules.height
    big = [sq for s in fleet.ships if len(s.cells) > 1 for sq in s.cells]
    for edge in range(4):
        if max([(sq // w, h - 1 - sq // w, sq % w, w - 1 - sq % w)[edge] for sq in big]) < A.BAND_LINES:
            return True
    return False


def touches_at_a_corner(rules, fleet):
    """Do two ships meet at a corner (legal here, never under classic)?"""
    w = rules.width
    owner = {}
    for i in range(len(fleet.ships)):
        for sq in fleet.ships[i].cells:
            owner[sq] = i
    for sq in owner:
        for dx in (-1, 1):
            x = sq % w + dx
            y = sq // w + 1
            if 0 <= x < w and y < rules.height and owner.get(y * w + x, owner[sq]) != owner[sq]:
                return True
    return False


def test_the_band_packs_its_big_ships_where_ships_may_touch_at_corners():
    rules = R.preset("corners")
    rng = Rng(31)
    touching = 0
    for _ in range(12):
        fleet = S.style_fleet("band", rules, rng)
        fleetcheck.validate(fleet)
        assert in_one_band(rules, fleet), sorted([list(s.cells) for s in fleet.ships])
        touching += touches_at_a_corner(rules, fleet)
    assert touching > 0  # packed as these rules allow, not as classic's


def test_the_corners_mix_draws_the_band_where_classic_draws_the_corner():
    corners = R.preset("corners")
    banded = 0
    for seed in range(30):
        fleet = A.computer_fleet(corners, Rng(seed))
        fleetcheck.validate(fleet)
        banded += in_one_band(corners, fleet)
    # band 4 + corner 5 of the 10 shares (the spread style's big ships are on the whole ring)
    assert banded >= 20, banded
