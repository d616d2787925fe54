"""Rules presets and cell names (portable: runs on CPython and MicroPython)."""

from check import raises

from seabattle import coordparse, coords, rules, rulescheck
from seabattle.board import HIT, MISS, SUNK


def test_presets():
    c = rules.preset("classic")
    assert (c.width, c.height, c.fleet) == (10, 10, (4, 3, 3, 2, 2, 2, 1, 1, 1, 1))
    assert c.touch == rules.TOUCH_NEVER and c.turns == rules.TURNS_AGAIN
    assert rules.preset("corners").touch == rules.TOUCH_CORNERS
    assert rules.preset("alternate").turns == rules.TURNS_ALTERNATE
    mb = rules.preset("mb")
    assert mb.fleet == (5, 4, 3, 3, 2) and mb.touch == rules.TOUCH_FREE
    assert rules.preset_names() == ["classic", "corners", "alternate", "mb"]
    raises(rules.RulesError, rules.preset, "chess")


def test_turn_policy():
    c = rules.preset("classic")
    assert c.shoots_again(HIT) and c.shoots_again(SUNK) and not c.shoots_again(MISS)
    a = rules.preset("alternate")
    assert not a.shoots_again(HIT) and not a.shoots_again(SUNK) and not a.shoots_again(MISS)


def test_bad_rules_refused():
    def check(*args):
        return rulescheck.check(rules.Rules(*args))

    raises(rules.RulesError, check, "x", 4, 10, (1,))
    raises(rules.RulesError, check, "x", 10, 21, (1,))
    raises(rules.RulesError, check, "x", 10, 10, (11,))
    raises(rules.RulesError, check, "x", 5, 5, (5, 5, 5))
    raises(rules.RulesError, check, "x", 10, 10, (1,), 7)
    raises(rules.RulesError, check, "x", 10, 10, (1,), 0, 9)
    raises(rules.RulesError, check, "x", 10, 10, (1,), 0, 0, "bent")
    big = check("big", 20, 20, (4, 3, 2, 1))
    assert big.cells == 400


def test_rules_encode_round_trip():
    for name in rules.preset_names():
        r = rules.preset(name)
        back, end = rulescheck.decode(rules.encode(r))
        assert back == r and back.name == name and end == len(rules.encode(r))
    custom = rules.Rules("custom", 16, 12, (5, 1, 3), rules.TOUCH_CORNERS, rules.TURNS_ALTERNATE)
    back, _ = rulescheck.decode(rules.encode(custom))
    assert back == custom and back.fleet == (5, 3, 1)
    raises(rules.RulesError, rulescheck.decode, rules.encode(custom)[:6])


def test_halo_follows_touching():
    c = rules.preset("classic")
    # a two-decker at А1-Б1 (squares 0, 1): classic halo is В1, А2, Б2, В2
    assert c.halo((0, 1)) == [2, 10, 11, 12]
    assert rules.preset("corners").halo((0, 1)) == [2, 10, 11]
    assert rules.preset("mb").halo((0, 1)) == []
    # a single in the middle: 8 neighbours
    assert len(c.halo((55,))) == 8


def test_format_and_parse_examples():
    R = coords.RUSSIAN
    assert R.format(2, 10) == "В1"
    assert R.format(99, 10) == "К10"
    assert coordparse.parse(R, "В1", 10, 10) == 2
    assert coordparse.parse(R, "к10", 10, 10) == 99
    assert coordparse.parse(R, " д 4 ", 10, 10) == 34
    L = coords.LATIN
    assert coordparse.parse(L, "b1", 10, 10) == 1
    assert coordparse.parse(L, "J10", 10, 10) == 99
    assert L.format(1, 10) == "B1"
    assert coords.RESPUBLIKA.format(0, 10) == "Р1"
    assert coordparse.parse(coords.RESPUBLIKA, "а10", 10, 10) == 99
    assert coords.SNEGUROCHKA.format(9, 10) == "А1"
    assert coordparse.parse(coords.SNEGUROCHKA, "Ч3", 10, 10) == 27


def test_round_trip_every_cell_every_convention():
    for conv in coords.CONVENTIONS:
        for width, height in ((10, 10), (5, 7), (20, 20)):
            if width > conv.max_width():
                raises(coords.CellError, coordparse.parse, conv, "А1", width, height)
                continue
            for sq in range(width * height):
                text = conv.format(sq, width)
                assert coordparse.parse(conv, text, width, height) == sq
                assert coordparse.parse(conv, coordparse.upper(text), width, height) == sq


def test_wider_boards_use_further_letters():
    assert coords.RUSSIAN.format(10, 12) == "Л1"
    assert coords.LATIN.format(10, 12) == "K1"
    assert coordparse.parse(coords.RUSSIAN, "Л1", 12, 12) == 10


def test_not_a_cell():
    R = coords.RUSSIAN
    for bad in ("", "В", "1", "Й1", "Л1", "В0", "В11", "В01", "В1а", "ВВ1", "W1"):
        err = raises(coords.CellError, coordparse.parse, R, bad, 10, 10)
        assert "cell" in str(err)
    raises(coords.CellError, coordparse.parse, coords.LATIN, "K1", 10, 10)
    raises(coords.CellError, coordparse.parse, R, 5, 10, 10)
    raises(coords.CellError, coords.convention, "klingon")
    assert coords.convention("latin") is coords.LATIN


def test_ship_names():
    assert coords.RUSSIAN.format_cells((34, 44, 54), 10) == "Д4\u2013Д6"
    assert coords.RUSSIAN.format_cells((11,), 10) == "Б2"
