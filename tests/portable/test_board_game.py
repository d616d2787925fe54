"""Shots, answers, halo marking, turns and statistics (portable)."""

from check import raises

from seabattle import board, fleetcheck, rules
from seabattle.board import HALO, HIT, MISS, SUNK
from seabattle.fleet import Fleet, Ship
from seabattle.game import Game

# ####..###.
# ..........
# ###..##.##
# ..........
# ##.......#
# .......#..
# #.........
# ...#......
MINE = ((0, 1, 2, 3), (6, 7, 8), (20, 21, 22), (25, 26), (28, 29), (40, 41), (49,), (57,), (60,), (73,))


def fleet_of(ships, name="classic"):
    return fleetcheck.validate(Fleet(rules.preset(name), [Ship(c) for c in ships]))


def test_answers_and_sinking():
    b = board.Board(fleet_of(MINE))
    assert b.fire(10) == (MISS, -1)
    answer, i = b.fire(0)
    assert answer == HIT and b.fleet.ships[i].size == 4
    assert b.fire(1)[0] == HIT and b.fire(2)[0] == HIT
    assert b.fire(3)[0] == SUNK and b.is_sunk(i)
    assert b.fire(60) == (SUNK, b.fleet.ship_at(60))  # a single sinks at once


def test_shot_errors_change_nothing():
    b = board.Board(fleet_of(MINE))
    b.fire(0)
    before = (bytes(b.shots), bytes(b.hits), b.afloat)
    raises(board.ShotTwice, b.fire, 0)
    raises(board.ShotOffBoard, b.fire, 100)
    raises(board.ShotOffBoard, b.fire, -1)
    raises(board.ShotOffBoard, b.fire, "A1")
    assert (bytes(b.shots), bytes(b.hits), b.afloat) == before


def test_halo_on_the_shooters_view_follows_the_rules():
    for name, expect in (("classic", [2, 10, 11, 12]), ("corners", [2, 10, 11])):
        v = board.View(rules.preset(name))
        v.record(0, HIT)
        v.record(1, SUNK, (0, 1))
        assert v.cells[0] == SUNK and v.cells[1] == SUNK
        assert [sq for sq in range(100) if v.cells[sq] == HALO] == expect
        assert v.sunk == [(0, 1)] and 2 not in v.afloat or v.afloat.count(2) == 2
    mb = board.View(rules.preset("mb"))
    mb.record(0, HIT)
    mb.record(1, SUNK, (0, 1))
    assert HALO not in list(mb.cells)  # MicroPython has no `in` for bytearrays


def test_halo_never_overwrites_what_was_seen():
    v = board.View(rules.preset("classic"))
    v.record(10, MISS)
    v.record(0, SUNK, (0,))
    assert v.cells[10] == MISS and v.cells[1] == HALO and v.cells[11] == HALO
    assert v.can_fire(1)  # known water may still be fired at; it is a waste, not an error
    v.record(1, MISS)


def test_view_refuses_impossible_answers_without_change():
    v = board.View(rules.preset("classic"))
    v.record(5, MISS)
    before = bytes(v.cells)
    raises(board.ShotTwice, v.record, 5, HIT)
    raises(ValueError, v.record, 6, SUNK, None)
    raises(ValueError, v.record, 6, SUNK, (6, 7))  # 7 was never hit
    raises(ValueError, v.record, 6, 9)
    raises(ValueError, v.record, 6, SUNK, (6, 7, 8, 9, 10))  # no five-decker in the fleet
    assert bytes(v.cells) == before and v.shots == 1


def test_turns_pass_on_a_miss_only_in_classic():
    r = rules.preset("classic")
    g = Game(r, (fleet_of(MINE), fleet_of(MINE)))
    assert g.turn == 0
    shot = g.shoot(0)  # hit
    assert shot.answer == HIT and shot.next_player == 0 and g.turn == 0
    shot = g.shoot(10)  # miss
    assert shot.answer == MISS and g.turn == 1
    a = Game(rules.preset("alternate"), (fleet_of(MINE, "alternate"), fleet_of(MINE, "alternate")), 1)
    assert a.shoot(0).next_player == 0  # a hit still passes the turn
    assert a.shoot(0).next_player == 1


def test_errors_do_not_use_up_the_turn():
    g = Game(rules.preset("classic"), (fleet_of(MINE), fleet_of(MINE)))
    g.shoot(0)
    raises(board.ShotTwice, g.shoot, 0)
    raises(board.ShotOffBoard, g.shoot, 100)
    assert g.turn == 0 and g.stats[0].shots == 1 and len(g.moves) == 1


def test_stats_and_game_over():
    r = rules.preset("classic")
    g = Game(r, (fleet_of(MINE), fleet_of(MINE)))
    ships = [s.cells for s in g.fleets[1].ships]
    g.shoot(10)  # miss: player 1's turn
    g.shoot(99)  # player 1 misses too
    for cells in ships:
        for sq in cells:
            shot = g.shoot(sq)
    assert shot.over and g.over() and g.winner == 0
    s = g.stats[0]
    assert (s.shots, s.hits, s.sunk, s.longest_run) == (21, 20, 10, 20)
    assert g.last == [ships[-1][-1], 99]
    raises(board.GameOver, g.shoot, 11)
