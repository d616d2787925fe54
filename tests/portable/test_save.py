"""Saved games: round trips for every preset, size, and refusal of bad bytes (portable)."""

from check import Rng, raises

from seabattle import fleetcheck, rules, save, saveload
from seabattle.fleet import Fleet, Ship
from seabattle.game import Game

CLASSIC_A = ((0, 1, 2, 3), (6, 7, 8), (20, 21, 22), (25, 26), (28, 29), (40, 41), (49,), (57,), (60,), (73,))
CLASSIC_B = ((90, 91, 92, 93), (9, 19, 29), (3, 4, 5), (51, 61), (77, 78), (44, 45), (0,), (37,), (59,), (96,))
MB_A = ((0, 1, 2, 3, 4), (10, 11, 12, 13), (20, 30, 40), (55, 56, 57), (98, 99))
MB_B = ((5, 15, 25, 35, 45), (6, 16, 26, 36), (90, 91, 92), (70, 71, 72), (88, 89))


def fleets(r):
    pair = (MB_A, MB_B) if r.name == "mb" else (CLASSIC_A, CLASSIC_B)
    return [fleetcheck.validate(Fleet(r, [Ship(c) for c in ships])) for ships in pair]


def play(g, rng, shots):
    for _ in range(shots):
        if g.over():
            break
        v = g.views[g.turn]
        free = [sq for sq in range(g.rules.cells) if v.can_fire(sq)]
        g.shoot(free[rng.randrange(len(free))])


def test_save_round_trip_every_preset():
    rng = Rng(9)
    for name in rules.preset_names():
        r = rules.preset(name)
        for shots in (0, 37, 400):
            g = Game(r, fleets(r), rng.randrange(2))
            play(g, rng, shots)
            data = save.dumps(g, b"lvl")
            # what the loaded game must show, kept small so that only one game is in RAM
            want = (bytes(g.moves), g.turn, g.winner, list(g.last), [s.cells for s in g.fleets[0].ships],
                    [s.cells for s in g.fleets[1].ships], bytes(g.views[0].cells), bytes(g.views[1].cells),
                    g.stats[0].as_tuple(), g.stats[1].as_tuple())
            g = None
            back, extra = saveload.loads(data)
            assert extra == b"lvl"
            assert want == (bytes(back.moves), back.turn, back.winner, list(back.last),
                            [s.cells for s in back.fleets[0].ships], [s.cells for s in back.fleets[1].ships],
                            bytes(back.views[0].cells), bytes(back.views[1].cells),
                            back.stats[0].as_tuple(), back.stats[1].as_tuple())
            assert save.dumps(back, b"lvl") == data
            back = None


def test_classic_save_is_small():
    r = rules.preset("classic")
    rng = Rng(4)
    g = Game(r, fleets(r))
    play(g, rng, 400)
    assert g.over()
    assert len(save.dumps(g)) == 88 + len(g.moves) < 512


def test_truncated_corrupted_and_foreign_saves_are_refused():
    r = rules.preset("classic")
    rng = Rng(5)
    g = Game(r, fleets(r))
    play(g, rng, 50)
    data = save.dumps(g)
    for n in range(len(data)):
        raises(saveload.SaveError, saveload.loads, data[:n])
    for i in range(0, len(data), 7):
        bad = bytearray(data)
        bad[i] ^= 0x20
        raises(saveload.SaveError, saveload.loads, bytes(bad))
    newer = bytearray(data)
    newer[2] = 9
    assert "format 9" in str(raises(saveload.SaveError, saveload.loads, bytes(newer)))
    raises(saveload.SaveError, saveload.loads, b"XX" + data[2:])
    raises(saveload.SaveError, saveload.loads, data + b"\x00")
