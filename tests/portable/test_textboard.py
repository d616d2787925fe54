"""Text pictures of boards: round trips and refusals (portable)."""

from check import Rng, raises

from seabattle import fleetcheck, rules, textboard
from seabattle.game import Game


def play(g, rng, shots):
    for _ in range(shots):
        if g.over():
            break
        v = g.views[g.turn]
        free = [sq for sq in range(g.rules.cells) if v.can_fire(sq)]
        g.shoot(free[rng.randrange(len(free))])


CLASSIC = """
#.####.###
#.........
..........
....#....#
.........#
.#.......#
.......#..
.......#..
.#..#....#
.........#
"""


def test_picture_round_trip_with_shots():
    r = rules.preset("classic")
    rng = Rng(2)
    f = fleetcheck.validate(textboard.parse(CLASSIC, r).fleet)
    g = Game(r, (f, f))
    play(g, rng, 60)
    text = textboard.format_board(g.boards[0])
    pic = textboard.parse(text, r)
    assert pic.fleet == f
    assert bytes(pic.shots) == bytes(g.boards[0].shots)
    assert textboard.format_board(pic.board()) == text


def test_touching_ships_are_lettered_and_read_back():
    r = rules.preset("mb")
    text = "AAAAA.....\nBBBB......\nC.........\nC.........\nC..DDD....\n..........\nEE........\n..........\n" \
           "..........\n..........\n"
    pic = textboard.parse(text, r)
    fleetcheck.validate(pic.fleet)
    assert [s.size for s in pic.fleet.ships] == [5, 4, 3, 3, 2]
    out = textboard.format_fleet(pic.fleet)
    assert out.count("A") == 5 and "#" not in out
    assert textboard.parse(out, r).fleet == pic.fleet
    hit = textboard.parse(text.replace("AAAAA", "aAaAA"), r)
    assert hit.shots[0] and hit.shots[2] and not hit.shots[1]


def test_bad_pictures():
    r = rules.preset("classic")
    raises(textboard.PictureError, textboard.parse, "#" * 10, r)
    raises(textboard.PictureError, textboard.parse, ("." * 10 + "\n") * 9 + "." * 11, r)
    err = raises(textboard.PictureError, textboard.parse, ("." * 10 + "\n") * 9 + "....?.....", r)
    assert "row 10, column 5" in str(err)
    pic = textboard.parse("; a comment\n" + (". . . . . . . . . .\n") * 10, r)
    assert pic.fleet.ships == []
