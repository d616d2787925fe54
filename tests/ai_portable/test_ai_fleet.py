"""The computer's own fleet styles (seabattle.ai.fleet): always legal, varied from game to game,
and laid out as each style says (how hard they are to find is measured by tools.bench ai)."""

from check import Rng

from seabattle.ai import fleet as A
from seabattle.ai import styles as S
from seabattle.ai import hiding as H
from seabattle import fleetcheck
from seabattle import rules as R
from seabattle.packing import BAND


def on_ring(rules, sq):
    x = sq % rules.width
    y = sq // rules.width
    return x == 0 or y == 0 or x == rules.width - 1 or y == rules.height - 1


def layout(fleet):
    return sorted([list(s.cells) for s in fleet.ships])


def singles_exposure(rules, fleet):
    from seabattle.placement import _Sea

    sea = _Sea(rules)
    for s in fleet.ships:
        if len(s.cells) > 1:
            sea.add(s.cells)
    return sum([H.exposure(rules, sea.blocked, s.cells[0]) for s in fleet.ships if len(s.cells) == 1])


def test_new_styles_are_legal_and_distinct_under_every_preset():
    for name in R.preset_names():
        rules = R.preset(name)
        for style in ("corner", "band"):
            seen = []
            rng = Rng(len(name) * 7 + len(style))
            for _ in range(12):
                fleet = S.style_fleet(style, rules, rng)
                fleetcheck.validate(fleet)
                if layout(fleet) not in seen:
                    seen.append(layout(fleet))
            assert len(seen) >= 11, (name, style, len(seen))


def test_corner_packs_big_ships_at_a_corner_and_hides_singles_off_the_border():
    rules = R.preset("classic")
    w = rules.width
    rng = Rng(21)
    corners = []
    for _ in range(16):
        fleet = S.style_fleet("corner", rules, rng)
        big = [sq for s in fleet.ships if len(s.cells) > 1 for sq in s.cells]
        singles = [s.cells[0] for s in fleet.ships if len(s.cells) == 1]
        assert len(singles) == 4
        for sq in singles:
            assert not on_ring(rules, sq), sq
        # every big cell within BAND of one of the two edges that meet at one corner
        for right in (0, 1):
            for bottom in (0, 1):
                ok = True
                for sq in big:
                    dx = w - 1 - sq % w if right else sq % w
                    dy = rules.height - 1 - sq // w if bottom else sq // w
                    if dx >= BAND and dy >= BAND:
                        ok = False
                if ok and (right, bottom) not in corners:
                    corners.append((right, bottom))
        assert corners
    assert len(corners) >= 3  # the corner changes from game to game


def test_band_packs_big_ships_along_one_edge():
    rules = R.preset("classic")
    w = rules.width
    h = rules.height
    rng = Rng(22)
    edges = []
    for _ in range(16):
        fleet = S.style_fleet("band", rules, rng)
        big = [sq for s in fleet.ships if len(s.cells) > 1 for sq in s.cells]
        fits = []
        for edge in range(4):
            ds = [(sq // w, h - 1 - sq // w, sq % w, w - 1 - sq % w)[edge] for sq in big]
            if max(ds) < A.BAND_LINES:
                fits.append(edge)
        assert fits, layout(fleet)
        for edge in fits:
            if edge not in edges:
                edges.append(edge)
        for s in fleet.ships:
            if len(s.cells) == 1:
                assert not on_ring(rules, s.cells[0])
    assert len(edges) >= 3


def test_the_least_exposed_singles_are_kept():
    rules = R.preset("classic")
    saved = H.CANDIDATES
    try:
        totals = []
        for candidates in (1, H.CANDIDATES):
            H.CANDIDATES = candidates
            rng = Rng(23)
            totals.append(sum([singles_exposure(rules, S.style_fleet("corner", rules, rng)) for _ in range(12)]))
    finally:
        H.CANDIDATES = saved
    assert totals[1] <= totals[0] - 2 * 12, totals  # measured 256 against 313: not chance


def test_the_mix_is_legal_and_varies():
    rules = R.preset("classic")
    rng = Rng(24)
    seen = []
    for _ in range(30):
        fleet = A.computer_fleet(rules, rng)
        fleetcheck.validate(fleet)
        if layout(fleet) not in seen:
            seen.append(layout(fleet))
    assert len(seen) == 30
    names = [name for name, _weight in A.STYLES]
    assert "corner" in names and "band" in names


def test_the_band_search_lists_the_strips_spots_as_the_whole_board_does():
    # the band's search lists only its strip's spots (a fifth of the board's for 3 lines): the
    # same spots, in the same order, as the whole board's list cut to the strip, so the same
    # random numbers give the same fleet
    from seabattle.placement import _Sea

    for name in ("classic", "mb"):
        rules = R.preset(name)
        w = rules.width
        h = rules.height
        for edge in range(4):
            for lines in (A.BAND_LINES, 4):
                strip = bytearray(rules.cells)
                for sq in range(rules.cells):
                    d = (sq // w, h - 1 - sq // w, sq % w, w - 1 - sq % w)[edge]
                    strip[sq] = 1 if d < lines else 0
                whole = _Sea(rules)
                narrow = A._Strip(rules)
                narrow.box = (w - lines if edge == 3 else 0, lines if edge == 2 else w,
                              h - lines if edge == 1 else 0, lines if edge == 0 else h)
                for sea in (whole, narrow):
                    sea.add([(w + 1) * 2])  # a ship in the way: spots it blocks go from both
                for size in sorted(set([s for s in rules.fleet if s > 1])):
                    want = whole.spots(size, strip)
                    assert want, (name, edge, lines, size)
                    assert narrow.spots(size, strip) == want, (name, edge, lines, size)
