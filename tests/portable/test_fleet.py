"""Fleet validation: every kind of mistake, named with ships and cells (portable)."""

from check import raises

from seabattle import coords, fleet, fleetcheck, rules, strings, textboard

CLASSIC_OK = """
####..###.
..........
###..##.##
..........
##.......#
.......#..
#.........
...#......
..........
..........
"""


def classic(text):
    return textboard.parse(text, rules.preset("classic")).fleet


def test_a_legal_fleet_passes():
    f = classic(CLASSIC_OK)
    assert fleetcheck.validate(f) is f
    assert sorted([s.size for s in f.ships], key=lambda s: -s) == [4, 3, 3, 2, 2, 2, 1, 1, 1, 1]


def test_missing_ship():
    err = raises(fleetcheck.MissingShip, fleetcheck.validate, classic(CLASSIC_OK.replace("...#......", "..........")))
    assert err.fields["size"] == 1 and err.fields["need"] == 4 and err.fields["have"] == 3
    assert "size 1" in str(err)


def test_extra_ship():
    extra = classic(CLASSIC_OK.replace("...#......\n..........\n..........\n", "...#......\n..........\n.....#....\n"))
    err = raises(fleetcheck.ExtraShip, fleetcheck.validate, extra)
    assert err.fields["size"] == 1 and err.fields["need"] == 4 and err.fields["have"] == 5


def test_ship_of_a_size_the_fleet_lacks():
    bad = CLASSIC_OK.replace("####..###.", "#####.###.")
    err = raises(fleetcheck.ExtraShip, fleetcheck.validate, classic(bad))
    assert err.fields["size"] == 5 and err.fields["need"] == 0
    assert "A1" in str(err) and "E1" in str(err)


def test_touching_at_a_side_names_both_ships_and_the_cell():
    r = rules.preset("classic")
    a = fleetcheck.line(r, 3, 3, 3)  # Г4-Е4
    b = fleetcheck.line(r, 3, 4, 1)  # Г5, right below
    err = raises(fleetcheck.ShipsTouch, fleetcheck.check_ship, r, b, [a])
    assert not err.fields["corner"] and err.fields["cell"] == 43
    text = err.text("ru", coords.RUSSIAN)
    assert "Г4\u2013Е4" in text and "Г5" in text and "бортом" in text


def test_touching_at_a_corner():
    r = rules.preset("classic")
    a = fleetcheck.line(r, 3, 3, 3, True)  # Г4-Г6
    b = fleetcheck.line(r, 4, 6, 1)  # Д7: corner of Г6
    err = raises(fleetcheck.ShipsTouch, fleetcheck.check_ship, r, b, [a])
    assert err.fields["corner"] and err.kind == "touch_corner"
    assert err.text("ru", coords.RUSSIAN) == "Корабль Г4\u2013Г6 касается корабля Д7 углом в Д7."
    # the corners house rule allows it, but not a side
    c = rules.preset("corners")
    fleetcheck.check_ship(c, fleetcheck.line(c, 4, 6, 1), [fleetcheck.line(c, 3, 3, 3, True)])
    raises(fleetcheck.ShipsTouch, fleetcheck.check_ship, c, fleetcheck.line(c, 4, 5, 1),
           [fleetcheck.line(c, 3, 3, 3, True)])
    # Milton Bradley: side by side is fine, overlapping is not
    m = rules.preset("mb")
    fleetcheck.check_ship(m, fleetcheck.line(m, 0, 1, 5), [fleetcheck.line(m, 0, 0, 5)])
    err = raises(fleetcheck.ShipsOverlap, fleetcheck.check_ship, m, fleetcheck.line(m, 4, 0, 3, True),
                 [fleetcheck.line(m, 0, 0, 5)])
    assert err.fields["cell"] == 4


def test_overlap():
    r = rules.preset("classic")
    err = raises(fleetcheck.ShipsOverlap, fleetcheck.check_ship, r, fleetcheck.line(r, 2, 0, 3, True),
                 [fleetcheck.line(r, 0, 0, 4)])
    assert err.fields["cell"] == 2 and "C1" in str(err)


def test_not_straight_and_off_board():
    r = rules.preset("classic")
    err = raises(fleetcheck.ShipNotStraight, fleetcheck.check_ship, r, fleet.Ship((0, 1, 11)), [])
    assert "A1, B1, B2" in str(err)
    raises(fleetcheck.ShipNotStraight, fleetcheck.check_ship, r, fleet.Ship((9, 10)), [])  # wraps a row end
    raises(fleetcheck.ShipNotStraight, fleetcheck.check_ship, r, fleet.Ship((0, 2)), [])  # a gap
    err = raises(fleetcheck.ShipOffBoard, fleetcheck.line, r, 8, 0, 3)
    assert err.fields["cell"] == 8 and "I1" in str(err)
    raises(fleetcheck.ShipOffBoard, fleetcheck.line, r, 0, 8, 3, True)
    raises(fleetcheck.ShipOffBoard, fleetcheck.check_ship, r, fleet.Ship((99, 100)), [])
    bent = CLASSIC_OK.replace("..........\n###..##.##", ".......#..\n###..##.#.")
    raises(fleetcheck.ShipNotStraight, fleetcheck.validate, classic(bent))


def test_every_error_is_a_value_error_with_words_in_each_language():
    r = rules.preset("classic")
    errors = [
        raises(fleetcheck.FleetError, fleetcheck.check_ship, r, fleetcheck.line(r, 3, 4, 1),
               [fleetcheck.line(r, 3, 3, 3)]),
        raises(fleetcheck.FleetError, fleetcheck.check_ship, r, fleet.Ship((0, 1, 11)), []),
        raises(fleetcheck.FleetError, fleetcheck.line, r, 8, 0, 3),
        raises(fleetcheck.FleetError, fleetcheck.validate, classic(CLASSIC_OK.replace("#.........\n", "..........\n"))),
    ]
    for err in errors:
        assert isinstance(err, ValueError)
        for lang in strings.LANGUAGES:
            text = err.text(lang, coords.RUSSIAN)
            assert text and "{" not in text and "err_" not in text
            strings.unload()  # one table at a time, as on a board
