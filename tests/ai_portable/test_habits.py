"""The human's placement habits (seabattle.ai.habits): learnt from whole fleets after the game, saved
with the statistics, turned into the hard level's prior styles. Fleets of a known habit must
move the styles toward the style that explains them; bad bytes load as no habits."""

from check import Rng

from seabattle.ai import habits as H
from seabattle import rules as R
from seabattle.ai.styles import border_fleet
from seabattle.ai.hard.player import STYLES, Hard
from seabattle.packing import perelman_fleet
from seabattle.placement import random_fleet
from seabattle import recordbook
from seabattle.records import Records

CLASSIC = R.preset("classic")


def shares(styles):
    n = [0, 0, 0, 0]
    for b in styles:
        n[b] += 1
    return n


def learnt(make, games, seed, data=None, rules=CLASSIC):
    rng = Rng(seed)
    for _ in range(games):
        data = H.observe(data, rules, make(rules, rng))
    return data


def test_no_habits_gives_the_hard_levels_own_default():
    assert H.styles(None) is None
    assert H.styles(H.empty()) is None
    # None lets the hard level choose by the rules: its styled mix where ships may not touch,
    # uniform under mb
    assert Hard(CLASSIC, Rng(1), pool=10, styles=None).styles == STYLES
    assert max(Hard(R.preset("mb"), Rng(1), pool=10, styles=None).styles) == 0


def test_habits_round_trip_through_bytes_and_records():
    data = learnt(perelman_fleet, 5, 1)
    assert len(data) == 6 and data[0] == H.VERSION and data[1] == 5
    assert H.load(data) == bytearray(data)
    rec = Records()
    recordbook.add(rec, "ai:hard", True, 60, 20)
    rec.habits["classic"] = data
    rec.habits["mb"] = learnt(random_fleet, 2, 2, rules=R.preset("mb"))
    again = recordbook.from_bytes(recordbook.to_bytes(rec))
    assert again.habits == rec.habits
    assert again.rows == rec.rows
    assert H.styles(again.habits["classic"]) == H.styles(data)


def test_a_run_of_perelman_fleets_shifts_the_styles_to_the_corner():
    # «Перельман» packs its big ships at a corner (and on the edge line, often): the corner style
    # explains the fleets best
    n = shares(H.styles(learnt(perelman_fleet, 12, 3)))
    assert n[3] >= 12 and n[3] > n[0] and n[3] > n[1] + n[2], n  # default: 4 of 20 slots
    assert n[0] >= H.FLOOR, n


def test_the_corner_style_is_told_by_a_packed_corner_not_by_big_ships_on_the_edge_line():
    # the corner style's evidence is the fleet's best corner: «Перельман» fleets at any corner
    # weigh for it, uniform fleets and fleets all on the border against it
    # (a uniform fleet now and then packs a corner too: 1 in 12 of these seeds)
    against = 0
    for seed in range(12):
        lik = H.likelihoods(CLASSIC, perelman_fleet(CLASSIC, Rng(20 + seed)))
        assert lik[3] > 100 and lik[3] > lik[2], (seed, lik)
        lik = H.likelihoods(CLASSIC, random_fleet(CLASSIC, Rng(30 + seed)))
        against += lik[3] < 1
        lik = H.likelihoods(CLASSIC, border_fleet(CLASSIC, Rng(40 + seed)))
        assert lik[3] < lik[2] / 100, (seed, lik)
    assert against >= 9, against


def test_a_run_of_border_fleets_shifts_the_styles_to_the_border():
    n = shares(H.styles(learnt(border_fleet, 12, 4)))
    assert n[2] >= 12 and n[2] > n[1], n  # default: 2 of 20 slots
    assert n[0] >= H.FLOOR, n


def test_uniform_fleets_keep_the_styles_mostly_uniform():
    n = shares(H.styles(learnt(random_fleet, 12, 5)))
    assert n[0] >= 14, n  # default: 12 of 20 slots


def test_a_change_of_habit_is_caught():
    data = learnt(border_fleet, 30, 6)
    assert shares(H.styles(data))[2] >= 12
    n = shares(H.styles(learnt(perelman_fleet, 12, 7, data)))
    assert n[3] > n[2], n
    n = shares(H.styles(learnt(random_fleet, 16, 8, data)))
    assert n[0] > n[1] + n[2], n


def test_bad_or_old_bytes_load_as_no_habits():
    good = learnt(perelman_fleet, 3, 9)
    bad = [None, b"", b"\x01", b"\x02", good[:5], good + b"\x00", bytes([H.VERSION + 1]) + good[1:],
           b"\x01" + good[1:], b"\xff" * 6, b"\x00" * 6, b"\x00" * 5, b"\x01\x05\x10\x10"]
    for data in bad:
        assert H.load(data) == bytearray(H.empty()), data
        assert H.styles(data) is None, data
        after = H.observe(data, CLASSIC, perelman_fleet(CLASSIC, Rng(10)))
        assert after[1] == 1 and len(after) == 6 and after[0] == H.VERSION, (data, after)
    # a saved count at its limit stays there, every style id stays in range
    full = bytes([H.VERSION, 255, 255, 255, 255, 255])
    out = H.observe(full, CLASSIC, random_fleet(CLASSIC, Rng(11)))
    assert out[1] == 255 and max(H.styles(out)) <= 3


def test_habits_saved_before_the_corner_style_load_with_their_evidence():
    # version 1 (five bytes: games, then the counts of styles 0, 1, 2) was saved by the game
    # before the corner style: its games and counts are kept, the corner's starts at 0
    old = bytes([1, 7, 3, 40, 2])
    assert H.load(old) == bytearray([H.VERSION, 7, 3, 40, 2, 0])
    n = shares(H.styles(old))
    assert n[1] >= 10 and n[1] > n[3] and n[0] >= H.FLOOR, n  # the edge-line habit it held
    new = H.observe(old, CLASSIC, perelman_fleet(CLASSIC, Rng(12)))
    assert len(new) == 6 and new[0] == H.VERSION and new[1] == 8 and new[5] > 0, new
    rec = recordbook.from_bytes(b"ai:hard=3,1,180,60,55\nhabits:classic:1,7,3,40,2")
    assert H.load(rec.habits["classic"])[1:] == bytearray([7, 3, 40, 2, 0])
    saved = recordbook.to_bytes(recordbook.from_bytes(b"habits:classic:1,7,3,40,2"))
    assert recordbook.from_bytes(saved).habits["classic"] == old


def test_records_survive_damaged_or_old_habit_lines():
    rec = recordbook.from_bytes(b"ai:hard=3,1,180,60,55\nhabits:classic:1,2,x\nhabits:corners:1,300,0,0,0")
    assert rec.rows == {"ai:hard": [3, 1, 180, 60, 55]}
    assert "classic" not in rec.habits
    assert H.styles(rec.habits.get("corners")) is None or max(H.styles(rec.habits["corners"])) <= 3
    old = recordbook.from_bytes(b"ai:easy=1,1,80,20,80\nduel=2,0,100,30,0")  # a save made before habits
    assert old.habits == {} and old.rows["duel"] == [2, 0, 100, 30, 0]
    assert recordbook.from_bytes(b"\xff\xfe=\x80").rows == {}


def test_learnt_styles_drive_a_hard_game_on_every_preset():
    from seabattle.game import Game

    for name in R.preset_names():
        rules = R.preset(name)
        for make in (border_fleet, perelman_fleet):
            data = learnt(make, 4, 12, rules=rules)
            styles = H.styles(data)
            n = shares(styles)
            if make is border_fleet:  # the edge styles (the same thing with no single-deck ships: mb)
                assert n[1] + n[2] > n[3] + 6, (name, n)
            elif 1 in rules.fleet:  # the corner style leads (mb's «Перельман» lies on the edge line)
                assert n[3] > n[1] and n[3] > n[2], (name, n)
            hard = Hard(rules, Rng(13), pool=20, styles=styles)
            fleet = random_fleet(rules, Rng(14))
            game = Game(rules, (fleet, fleet), 0)
            while not game.over():
                game.turn = 0
                hard.learn(game.shoot(hard.choose(game.views[0])))
            assert game.views[0].shots <= rules.cells
