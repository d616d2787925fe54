"""Property tests of the engine with hypothesis (CPython only; the portable suites cover the
same ground with fixed seeds on MicroPython)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from seabattle import coordparse, coords, fleetcheck, packing, placement, rules, rulescheck, save, saveload, textboard
from seabattle.board import HALO, UNKNOWN
from seabattle.game import Game

PRESETS = st.sampled_from(rules.preset_names())
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=150, deadline=None)
@given(PRESETS, SEEDS, st.sampled_from(["random", "perelman"]))
def test_every_random_fleet_is_legal(name, seed, style):
    r = rules.preset(name)
    make = packing.perelman_fleet if style == "perelman" else placement.random_fleet
    fleet = make(r, random.Random(seed))
    fleetcheck.validate(fleet)
    assert sorted([s.size for s in fleet.ships], reverse=True) == list(r.fleet)
    # and its picture reads back as the same fleet
    assert textboard.parse(textboard.format_fleet(fleet), r).fleet == fleet


def _packs_in_rows(w, h, sizes):
    """True if ships laid left to right on every other row fit: then a legal fleet exists
    under any touching rule."""
    x = y = 0
    for size in sorted(sizes, reverse=True):
        if x + size > w:
            x, y = 0, y + 2
        if y >= h:
            return False
        x += size + 1
    return True


@settings(max_examples=60, deadline=None)
@given(st.integers(5, 20), st.integers(5, 20), st.lists(st.integers(1, 5), min_size=1, max_size=12),
       st.sampled_from([rules.TOUCH_NEVER, rules.TOUCH_CORNERS, rules.TOUCH_FREE]), SEEDS)
def test_random_placement_never_fails_where_a_fleet_fits(w, h, sizes, touch, seed):
    try:
        r = rulescheck.check(rules.Rules("any", w, h, sizes, touch))
    except rules.RulesError:
        return
    if _packs_in_rows(w, h, sizes):
        fleetcheck.validate(placement.random_fleet(r, random.Random(seed)))
        fleetcheck.validate(packing.perelman_fleet(r, random.Random(seed)))


def _random_game(name, seed, shots=None):
    r = rules.preset(name)
    rng = random.Random(seed)
    g = Game(r, (placement.random_fleet(r, rng), packing.perelman_fleet(r, rng)), rng.randrange(2))
    n = 0
    while not g.over() and (shots is None or n < shots):
        v = g.views[g.turn]
        free = [sq for sq in range(r.cells) if v.can_fire(sq)]
        g.shoot(rng.choice(free))
        n += 1
    return g


@settings(max_examples=80, deadline=None)
@given(PRESETS, SEEDS)
def test_random_games_end_with_every_ship_sunk_and_no_cell_fired_twice(name, seed):
    g = _random_game(name, seed)
    assert g.over()
    loser = g.boards[1 - g.winner]
    assert loser.defeated()
    fired = {0: [], 1: []}
    who = g.first
    for sq in g.moves:
        fired[who].append(sq)
        answer = g.boards[1 - who].answer(sq)
        if not g.rules.shoots_again(answer) and not (who == g.winner and sq == g.moves[-1]):
            who = 1 - who
    for p in (0, 1):
        assert len(fired[p]) == len(set(fired[p])) == g.stats[p].shots
        board = g.boards[1 - p]
        view = g.views[p]
        for sq in range(g.rules.cells):  # halo cells are truly water, unknown ones unfired
            if view.cells[sq] == HALO:
                assert board.fleet.owner[sq] == 0
            if view.cells[sq] in (UNKNOWN, HALO):
                assert not board.shots[sq]


@settings(max_examples=80, deadline=None)
@given(PRESETS, SEEDS, st.integers(0, 200), st.binary(max_size=40))
def test_save_then_load_is_identity(name, seed, shots, extra):
    g = _random_game(name, seed, shots)
    data = save.dumps(g, extra)
    back, got = saveload.loads(data)
    assert got == extra
    assert save.dumps(back, extra) == data
    assert bytes(back.moves) == bytes(g.moves) and back.turn == g.turn and back.winner == g.winner
    for p in (0, 1):
        assert bytes(back.views[p].cells) == bytes(g.views[p].cells)
        assert back.stats[p].as_tuple() == g.stats[p].as_tuple()


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_garbage_never_loads(data):
    try:
        saveload.loads(data)
    except saveload.SaveError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=6))
def test_parse_cell_gives_a_cell_or_a_cell_error(text):
    for conv in coords.CONVENTIONS:
        try:
            sq = coordparse.parse(conv, text, 10, 10)
        except coords.CellError:
            continue
        assert 0 <= sq < 100
        assert coordparse.parse(conv, conv.format(sq, 10), 10, 10) == sq
