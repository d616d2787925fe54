"""The computer's shooters and its own fleet: correctness, not strength (tools.bench ai measures that).

Every level, every preset: never fires twice, never outside the board, always finishes; normal and
hard never fire into a cell the rules prove empty; a seed replays the same game; the sliced
interface (start/step) gives the same moves as choose. Hard runs with a small pool here, so the
suite stays cheap on MicroPython; the pool size changes its strength, not its rules.
"""

from check import Rng

from seabattle import fleetcheck
from seabattle import rules as R
from seabattle.ai.easy import Easy
from seabattle.ai.normal import Normal
from seabattle.ai.fleet import STYLES, computer_fleet
from seabattle.ai.styles import style_fleet
from seabattle.ai.hard import player
from seabattle.ai.hard import seek
from seabattle.ai.hard.player import SEARCH_SLICE, Hard
from seabattle.ai.hard.player import STYLES as HARD_STYLES
from seabattle.board import UNKNOWN
from seabattle.game import Game
from seabattle.match import LocalMatch
from seabattle.packing import perelman_fleet
from seabattle.placement import random_fleet

from ai_checks import check_pool, provably_empty


def small_hard(rules, rng):
    return Hard(rules, rng, pool=12)


def play(rules, factory, fleet, seed, careful, sliced=False):
    game = Game(rules, (fleet, fleet), 0)
    shooter = factory(rules, Rng(seed))
    view = game.views[0]
    moves = []
    while not game.over():
        game.turn = 0
        if sliced:
            shooter.start(view)
            sq = shooter.step()
            while sq < 0:
                sq = shooter.step()
        else:
            sq = shooter.choose(view)
        assert view.can_fire(sq), (shooter.name, sq)
        if careful:
            assert not provably_empty(view, sq), (shooter.name, rules.name, sq, bytes(view.cells))
        moves.append(sq)
        shooter.learn(game.shoot(sq))
        assert len(moves) <= rules.cells
    return moves


def test_every_level_finishes_every_preset_without_waste():
    for name in R.preset_names():
        rules = R.preset(name)
        for k, (factory, careful) in enumerate(((Easy, False), (Normal, True), (small_hard, True))):
            # perelman_fleet needs > 128k of this VM's heap under corners/mb (its packing search)
            styled = k == 1 and rules.touch == R.TOUCH_NEVER
            fleet = perelman_fleet(rules, Rng(k + 7)) if styled else random_fleet(rules, Rng(k + 7))
            moves = play(rules, factory, fleet, 5 + k, careful)
            assert len(set(moves)) == len(moves)


def test_a_seed_replays_the_same_game_and_slices_change_nothing():
    rules = R.preset("classic")
    fleet = random_fleet(rules, Rng(21))
    for factory in (Easy, Normal, small_hard):
        a = play(rules, factory, fleet, 3, False)
        b = play(rules, factory, fleet, 3, False, sliced=True)
        assert a == b
    other = play(rules, small_hard, fleet, 4, False)
    assert other != a


def test_hard_works_in_slices():
    rules = R.preset("classic")
    fleet = random_fleet(rules, Rng(2))
    game = Game(rules, (fleet, fleet), 0)
    hard = small_hard(rules, Rng(1))
    hard.start(game.views[0])
    slices = 1
    while hard.step() < 0:
        slices += 1
    assert slices > 3  # building the first pool is spread over frames


def test_hard_catches_up_with_shots_it_was_not_told_of():
    rules = R.preset("classic")
    fleet = random_fleet(rules, Rng(8))
    game = Game(rules, (fleet, fleet), 0)
    view = game.views[0]
    hard = small_hard(rules, Rng(8))
    normal = Normal(rules, Rng(9))
    for _ in range(25):  # someone else fires (a resumed game): the hard shooter hears nothing
        game.turn = 0
        game.shoot(normal.choose(view))
    while not game.over():
        game.turn = 0
        sq = hard.choose(view)
        assert view.can_fire(sq) and not provably_empty(view, sq)
        hard.learn(game.shoot(sq))


def test_local_match_thinks_a_slice_at_a_time():
    rules = R.preset("classic")
    mine = random_fleet(rules, Rng(4))
    theirs = computer_fleet(rules, Rng(5))
    match = LocalMatch(rules, mine, theirs, small_hard(rules, Rng(6)), first=1)
    frames = 0
    while not match.over() and frames < 20000:
        frames += 1
        if match.my_turn():
            free = [sq for sq in range(rules.cells) if match.view.can_fire(sq)]
            match.fire(free[frames % len(free)])
            continue
        assert match.think(may_fire=False) is None  # still in its pause: never fires
        shot = match.think()
        if shot is not None:
            assert shot.player == 1
    assert match.over() and match.verify() == []


def test_computer_fleets_are_legal_and_vary():
    for name in R.preset_names():
        rules = R.preset(name)
        seen = []
        rng = Rng(len(name))
        for _ in range(6):
            fleet = computer_fleet(rules, rng)
            fleetcheck.validate(fleet)
            cells = sorted([s.cells for s in fleet.ships])
            if cells not in seen:
                seen.append(cells)
        assert len(seen) >= 5, name


def test_every_computer_style_places_a_legal_fleet_under_every_preset():
    for name in R.preset_names():
        rules = R.preset(name)
        for style, _weight in STYLES:
            fleetcheck.validate(style_fleet(style, rules, Rng(len(style) + len(name))))


def counted(calls, key, method):
    def wrapper(*args):
        calls[key] += 1
        return method(*args)

    return wrapper


_SEARCH = (seek.place, seek.spots, player.forget)


def with_counted_search(calls):
    """Count the calls of the fallback search's functions in ``calls`` (its module's own: the
    search calls them through its globals), or with None put them back. The search's module
    (seabattle.ai.hard.seek) stays loaded meanwhile: the hard level drops it after each pool it
    rebuilds on a board's VM, and a fresh one would not count."""
    if calls is None:
        seek.place, seek.spots, player.forget = _SEARCH
        return
    import sys

    import seabattle

    sys.modules["seabattle.ai.hard.seek"] = seabattle.ai.hard.seek = seek  # if dropped since
    place, spots, forget = _SEARCH
    seek.place = counted(calls, "place", place)
    if "spots" in calls:
        seek.spots = counted(calls, "spots", spots)
    player.forget = lambda name: None if name == "seabattle.ai.hard.seek" else forget(name)


def sliced_game(hard, rules, fleet, calls, worst):
    """Plays ``hard`` to the end through start/step, with the background work a device does
    between moves; ``worst`` gets, per counter, the most calls and search work seen in one step."""
    game = Game(rules, (fleet, fleet), 0)
    view = game.views[0]
    steps = 0
    while not game.over():
        game.turn = 0
        hard.start(view)
        sq = -1
        while sq < 0:
            for key in calls:
                calls[key] = 0
            work = hard.work
            sq = hard.step()
            steps += 1
            for key in calls:
                worst[key] = max(worst[key], calls[key])
            worst["work"] = max(worst["work"], hard.work - work)
            assert steps < 200000
        assert view.can_fire(sq) and not provably_empty(view, sq), (sq, bytes(view.cells))
        hard.learn(game.shoot(sq))
    return steps


def test_hard_rebuilds_after_a_collapse_in_bounded_slices():
    # a pool of two fleets collapses on most surprises: the search for a consistent fleet then
    # runs often, and must run a small slice at a time like the rest of the work
    rules = R.preset("classic")
    worst = {"place": 0, "spots": 0, "move": 0, "work": 0}
    collapses = 0
    searched = 0
    calls = {"place": 0, "spots": 0, "move": 0}
    with_counted_search(calls)
    try:
        for seed in range(3):
            hard = Hard(rules, Rng(40 + seed), pool=2)
            hard.search_slice = 40
            hard._move = counted(calls, "move", hard._move)
            sliced_game(hard, rules, random_fleet(rules, Rng(50 + seed)), calls, worst)
            collapses += hard.collapses
            searched += hard.work
    finally:
        with_counted_search(None)
    assert collapses >= 3 and searched > 20 * 40  # the searches really ran, over many slices
    # one step: a slice of search work, plus at most one node's list of spots (2 * 100 cells *
    # 4 decks) and the node's own checks (its hits and 24 random spots)
    assert worst["work"] <= 40 + 2 * rules.cells * 4 + rules.cells + 25, worst
    assert worst["place"] <= 41 and worst["spots"] <= 41 and worst["move"] <= 1, worst


def test_hard_falls_back_to_the_normal_move_when_the_search_gives_up():
    rules = R.preset("classic")
    hard = Hard(rules, Rng(3), pool=2)
    hard.search_total = 60  # far too little to place ten ships: every search gives up
    calls = {"place": 0}
    worst = {"place": 0, "work": 0}
    with_counted_search(calls)
    try:
        sliced_game(hard, rules, random_fleet(rules, Rng(4)), calls, worst)
    finally:
        with_counted_search(None)
    assert worst["place"] > 0  # the counters saw the searches
    assert hard.failures > 0 and hard.collapses > 0
    assert worst["work"] <= SEARCH_SLICE + 2 * rules.cells * 4 + rules.cells + 25, worst


def test_hard_pool_fleets_of_every_style_stay_consistent_with_every_answer():
    # the styled chains (a prior favouring edge spots) may only change which consistent fleets the
    # pool holds, never let an inconsistent one in; and the per-cell counts follow the pool
    for name in ("classic", "mb"):
        rules = R.preset(name)
        for seed in range(2):
            hard = Hard(rules, Rng(60 + seed), pool=30, styles=HARD_STYLES)  # mb's default is uniform
            fleet = perelman_fleet(rules, Rng(70 + seed)) if seed else random_fleet(rules, Rng(70))
            game = Game(rules, (fleet, fleet), 0)
            view = game.views[0]
            styles = set()
            while not game.over():
                game.turn = 0
                sq = hard.choose(view)
                hard.learn(game.shoot(sq))
                while hard.busy():
                    hard.step()
                styles |= check_pool(hard, view)
            # every style of STYLES, the corner styles (3 + which corner) under their corners
            assert {0, 1, 2} <= styles and len(styles) > 3 and max(styles) <= 6, styles


def test_hard_without_a_table_builds_its_pool_by_the_chain():
    rules = R.preset("classic")
    hard = Hard(rules, Rng(2), pool=501, styles=b"\x00")  # more fleets of style 0 than the table holds
    fleet = random_fleet(rules, Rng(3))
    game = Game(rules, (fleet, fleet), 0)
    hard.learn(game.shoot(hard.choose(game.views[0])))
    assert hard.opened == -1 and sum(hard.alive) == 501
    rules = R.Rules("big", 12, 12, (4, 3, 3, 2, 2, 2, 1, 1, 1, 1))  # codes need 16 bits: no table
    big = Hard(rules, Rng(2), pool=12)
    assert play(rules, lambda r, rng: big, random_fleet(rules, Rng(3)), 2, True) and big.opened == -1


def test_hard_fires_again_after_a_hit_with_bounded_work_and_refills_after_a_miss():
    from seabattle.ai.hard.answers import TOPUP

    rules = R.preset("classic")
    fleet = random_fleet(rules, Rng(31))
    game = Game(rules, (fleet, fleet), 0)
    view = game.views[0]
    hard = Hard(rules, Rng(32), pool=60)
    calls = {"move": 0}
    hard._move = counted(calls, "move", hard._move)
    again = False
    streaks = 0
    while not game.over():
        game.turn = 0
        calls["move"] = 0
        while hard.busy():
            hard.step()
        if again:  # only what the next shot needs: the filter and at most TOPUP copies
            assert calls["move"] <= TOPUP
            streaks += 1
        elif hard.collapses == 0:  # after a miss the whole pool is refilled
            assert sum(hard.alive) == hard.n
        assert not hard.busy()
        shot = game.shoot(hard.choose(view))
        hard.learn(shot)
        again = shot.answer != 1 and not shot.over
    assert streaks > 10


def test_hard_prior_is_styled_where_ships_may_not_touch_and_uniform_where_they_may():
    assert Hard(R.preset("classic"), Rng(1), pool=10).styles == HARD_STYLES
    assert Hard(R.preset("mb"), Rng(1), pool=10).styles == b"\x00"
    assert Hard(R.preset("mb"), Rng(1), pool=10, styles=b"\x02").styles == b"\x02"


def test_hard_background_slices_do_not_change_the_game():
    # a device steps the shooter once a frame for as long as the player thinks: any number of
    # steps between the answers must leave the same moves
    rules = R.preset("classic")
    fleet = random_fleet(rules, Rng(41))
    games = []
    for frames in (0, 1, 7):
        game = Game(rules, (fleet, fleet), 0)
        view = game.views[0]
        hard = Hard(rules, Rng(42), pool=40)
        jitter = Rng(frames)
        moves = []
        while not game.over():
            game.turn = 0
            for _ in range(jitter.randrange(frames * 20 + 1)):
                hard.step()
            sq = hard.choose(view)
            moves.append(sq)
            hard.learn(game.shoot(sq))
        games.append(moves)
    assert games[0] == games[1] == games[2]


def test_hard_filter_by_table_and_by_search_agree():
    # the filter reads each fleet's verdict from the ``cover`` table (codes over the answered
    # square, and those that settle a hit or a sunk ship); boards whose codes do not fit a byte
    # have no table and ask owner/fits instead: both must keep the same fleets, so the same game
    rules = R.preset("classic")
    fleet = random_fleet(rules, Rng(43))
    games = []
    for table in (True, False):
        hard = Hard(rules, Rng(44), pool=40)
        if not table:
            hard.cover = None
        games.append(play(rules, lambda r, rng: hard, fleet, 44, True))
    assert games[0] == games[1]



def test_hard_work_after_a_hit_is_bounded_and_any_slicing_plays_the_same_game():
    # after a hit the player waits for the filter and the copies: every fleet checked, the
    # smaller side tallied (the fleets that went, or the survivors: at most half the pool), at
    # most TOPUP copies. Any slicing of the work plays the same game.
    from seabattle.ai.hard.answers import TOPUP

    rules = R.preset("classic")
    fleet = random_fleet(rules, Rng(45))
    games = []
    for frames in (0, 3):
        game = Game(rules, (fleet, fleet), 0)
        view = game.views[0]
        hard = Hard(rules, Rng(46), pool=60)
        done = []
        hard._move = lambda base, sweeps, move=hard._move: done.append(sweeps) or move(base, sweeps)
        jitter = Rng(frames)
        again = False
        hits = 0
        moves = []
        while not game.over():
            game.turn = 0
            before = sum(hard.alive)
            collapses = hard.collapses
            del done[:]
            for _ in range(jitter.randrange(frames * 20 + 1)):
                hard.step()
            while hard.busy():
                hard.step()
            if hard.collapses == collapses:
                assert 2 * hard.tallied <= before, (hard.tallied, before)
                if again:
                    assert len(done) <= TOPUP, done
                    hits += 1
            sq = hard.choose(view)
            moves.append(sq)
            shot = game.shoot(sq)
            hard.learn(shot)
            again = shot.answer != 1 and not shot.over
        assert hits > 10, hits
        games.append(moves)
    assert games[0] == games[1]
