"""The hard level's Markov chain: what it may propose (its strength is measured by tools.bench ai).

Its own file, so the MicroPython run (tests/test_ai_micropython.py) loads it in a VM of its own:
test_ai already fills most of that heap.
"""

from check import Rng

from seabattle import rules as R
from seabattle.ai.hard.player import Hard
from seabattle.board import UNKNOWN
from seabattle.game import Game
from seabattle.placement import random_fleet


def test_hard_chain_proposes_exactly_the_spots_on_unknown_cells():
    # an unhit ship's new spot is drawn from ``legal``: pruned in place after each answer and
    # rebuilt after a resync, it must always be every spot whose cells are all unknown, and no other
    for name in ("classic", "mb"):
        rules = R.preset(name)
        w = rules.width
        h = rules.height
        hard = Hard(rules, Rng(5), pool=12)
        fleet = random_fleet(rules, Rng(6))
        game = Game(rules, (fleet, fleet), 0)
        view = game.views[0]
        checked = 0
        while not game.over():
            game.turn = 0
            if checked == 5:  # shots it was not told of: a resync rebuilds the lists whole
                game.shoot(hard.choose(view))
                game.turn = 0
            hard.learn(game.shoot(hard.choose(view)))
            while hard.busy():
                hard.step()
            if hard.changed:  # brought up to date by the next chain move only
                continue
            for j in range(len(rules.fleet)):
                size = rules.fleet[j]
                want = []
                for vertical in (0, 1):
                    if vertical and size == 1:
                        break
                    step = w if vertical else 1
                    for y in range(h - size + 1 if vertical else h):
                        for x in range(w if vertical else w - size + 1):
                            start = y * w + x
                            if all(view.cells[start + k * step] == UNKNOWN for k in range(size)):
                                want.append(start * 2 + vertical)
                at = hard.legal_at[hard.row[j]]
                got = sorted([hard.legal[t] for t in range(at, at + hard.legal_n[hard.row[j]])])
                assert got == sorted(want), (name, size, len(got), len(want))
            checked += 1
        assert checked > 5, (name, checked)


def test_hard_chain_allocates_nothing():
    # the chain's moves run some 200,000 times a game: an object made in them (a tuple handed
    # back, a range with a step that is not a constant) costs a board its heap's collections and
    # cost the unix port a third of its time. Counted where the heap says (MicroPython's
    # gc.mem_alloc, tests/test_ai_micropython.py); CPython has no such count and skips
    import gc

    if not hasattr(gc, "mem_alloc"):
        return
    from seabattle.board import HIT

    for name in ("classic", "mb"):
        rules = R.preset(name)
        # every style (mb's default is uniform): the corner styles' draw of the corner counts the
        # sunk ships too, so up to a hit after the first sunk ship
        hard = Hard(rules, Rng(8), pool=30, styles=b"\x00\x01\x02\x03\x03")
        fleet = random_fleet(rules, Rng(9))
        game = Game(rules, (fleet, fleet), 0)
        view = game.views[0]
        while True:  # up to a hit that does not sink: a wounded ship for every fleet
            game.turn = 0
            shot = game.shoot(hard.choose(view))
            hard.learn(shot)
            while hard.busy():
                hard.step()
            if shot.answer == HIT and view.sunk:
                break
        s = hard.ships
        wounded = 0
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()
        for i in range(hard.n):
            if hard.alive[i]:
                hard._move(i * s, 4)
                wounded += hard.wounded[0] + hard.wounded[1] + hard.wounded[2] + hard.wounded[s - 1]
        grown = gc.mem_alloc() - before
        gc.enable()
        assert grown == 0, (name, grown)
        assert wounded > 0, name


def corner_packing(hard, base):
    """Of the fleet at ``base``, the ships the corner style favours at its best corner."""
    best = 0
    for style in range(3, 7):
        n = 0
        for j in range(hard.ships):
            n += hard.habit(hard.fleets[base + j], hard.sizes[j], style)
        if n > best:
            best = n
    return best


def codes_of(rules, fleet):
    """The fleet's ship codes (first square * 2 + vertical), largest ship first as in a pool."""
    out = []
    for size in rules.fleet:
        for ship in fleet.ships:
            first = ship.cells[0]
            code = first * 2 + (1 if size > 1 and ship.cells[1] - first == rules.width else 0)
            if len(ship.cells) == size and code not in out:
                out.append(code)
                break
    return out


def test_the_corner_style_chain_packs_a_corner_from_random_fleets():
    # a fleet of the corner style (3: its corner is drawn by the chain) moved from a random
    # fleet packs its big ships in a corner's L and its singles off it; style 0 does not
    rules = R.preset("classic")
    packed = []
    corners = [0, 0, 0, 0]
    for style in (0, 3):
        hard = Hard(rules, Rng(20 + style), pool=1, styles=bytes([style]))
        rng = Rng(30)
        total = 0
        for _ in range(12):
            codes = codes_of(rules, random_fleet(rules, rng))
            for j in range(hard.ships):
                hard.fleets[j] = codes[j]
            hard.style[0] = style
            hard._move(0, 30)
            total += corner_packing(hard, 0)
            if style:
                corners[hard.style[0] - 3] += 1
        packed.append(total)
    assert packed[1] > packed[0] + 12 * 2, packed  # ~2.5 ships more a fleet
    assert max(corners) < 12, corners  # the corner is drawn, not one for all


def test_the_corner_style_finds_the_corner_of_a_perelman_fleet():
    # a corner-style pool fleet draws its corner from where its ships lie (Hard.corner, before
    # each chain run): a «Перельман» fleet, its big ships packed along two edges by a corner,
    # draws that corner nearly always; the same count on random fleets spreads over the four.
    # (Played as 20 shots with a pool of 100 on three seeds and counted the
    # surviving corner-style fleets and their corners: one game's family of copies made most of
    # that count, and over 100 seeds it did not separate the two kinds of fleet: 846 survivors
    # against «Перельман» fleets, 1,150 against random ones, 86 % against 71 % of them with the
    # right corner under the refill of the time, 66 % under the one by rounds)
    from seabattle.packing import perelman_fleet

    rules = R.preset("classic")
    found = []
    for make in (perelman_fleet, random_fleet):
        hard = Hard(rules, Rng(40), pool=1, styles=b"\x03")
        right = 0
        for seed in range(6):
            fleet = make(rules, Rng(50 + seed))
            codes = codes_of(rules, fleet)
            for j in range(hard.ships):
                hard.fleets[j] = codes[j]
            favoured = []
            for c in range(4):
                n = 0
                for j in range(hard.ships):
                    n += hard.habit(codes[j], hard.sizes[j], 3 + c)
                favoured.append(n)
            truth = favoured.index(max(favoured))
            for _ in range(20):
                right += hard.corner(0) == 3 + truth
        found.append(right)
    assert found[0] >= 6 * 20 * 9 // 10, found  # 1 in 4 by chance
    assert found[0] > found[1] + 20, found


def test_the_corner_draw_keeps_every_number_a_small_int():
    # a board's ints are small up to 2 ** 30 and ``random.randrange`` takes no bound above that:
    # the corner's weights (LIFT ** ships) stay relative to the best corner and capped
    from seabattle.packing import perelman_fleet

    class Watch:
        def __init__(self, rng):
            self.rng = rng
            self.top = 0

        def randrange(self, n):
            if n > self.top:
                self.top = n
            return self.rng.randrange(n)

    rules = R.preset("classic")
    rng = Watch(Rng(60))
    hard = Hard(rules, rng, pool=40, styles=b"\x03")
    fleet = perelman_fleet(rules, Rng(61))
    game = Game(rules, (fleet, fleet), 0)
    view = game.views[0]
    while not game.over():
        game.turn = 0
        hard.learn(game.shoot(hard.choose(view)))
        while hard.busy():
            hard.step()
    assert 8 ** 9 <= rng.top < 1 << 30, rng.top  # the best corner's weight was drawn among


def test_the_corner_draw_counts_the_ships_habit_favours():
    # ``corner`` tests the four corners at once, inline: it must count, at each corner, the ships
    # afloat and sunk that ``habit`` favours there (and draw a corner among those in reach)
    from seabattle.packing import perelman_fleet

    rules = R.preset("classic")
    w = rules.width
    hard = Hard(rules, Rng(70), pool=40, styles=b"\x03\x00")
    fleet = perelman_fleet(rules, Rng(71))
    game = Game(rules, (fleet, fleet), 0)
    view = game.views[0]
    checked = 0
    while not game.over() and len(view.sunk) < 5:
        game.turn = 0
        hard.learn(game.shoot(hard.choose(view)))
        while hard.busy():
            hard.step()
        for i in range(hard.n):
            if not hard.alive[i] or hard.style[i] < 3:
                continue
            base = i * hard.ships
            style = hard.corner(base)
            want = []
            for c in range(4):
                n = 0
                for j in range(hard.ships):
                    code = hard.fleets[base + j]
                    n += code != hard.dead and hard.habit(code, hard.sizes[j], 3 + c)
                for ship in hard.sunk:
                    a = min(ship)
                    vertical = len(ship) > 1 and max(ship) - a >= w
                    n += hard.habit(a * 2 + (1 if vertical else 0), len(ship), 3 + c)
                want.append(n)
            assert [hard.codes[c] for c in range(4)] == want, (i, want)
            assert 3 <= style <= 6 and hard.style[i] == style and want[style - 3] + 9 > max(want)
            checked += 1
    assert checked > 100 and hard.sunk, checked


def test_hard_battle_holds_only_the_chains_code():
    # the set-up (seabattle.ai.hard.buffers), the opening table's reading (seabattle.ai.hard.opening), the
    # search that rebuilds the pool after a collapse (seabattle.ai.hard.search, seek) and the normal level's
    # move that stands in after one (seabattle.ai.normal, with seabattle.ai.easy, its base) are loaded
    # for their moment and dropped: between moves a battle holds seabattle.ai.hard.player alone (~12 KB
    # of a board's heap for the four). Checked
    # on a board's VM (tests/test_ai_micropython.py): on CPython seabattle.compat.forget keeps modules
    import sys

    rules = R.preset("classic")
    hard = Hard(rules, Rng(41), pool=2)  # two fleets: they collapse on most surprises
    fleet = random_fleet(rules, Rng(51))
    game = Game(rules, (fleet, fleet), 0)
    view = game.views[0]
    board_vm = sys.implementation.name != "cpython"
    held = []
    while not game.over():
        game.turn = 0
        hard.learn(game.shoot(hard.choose(view)))
        while hard.busy():
            hard.step()
        for name in ("seabattle.ai.hard.buffers", "seabattle.ai.hard.opening", "seabattle.ai.hard.search", "seabattle.ai.hard.seek",
                     "seabattle.ai.normal",
                     "seabattle.ai.easy"):
            if board_vm and name in sys.modules:
                held.append((view.shots, name))
    assert hard.collapses > 1 and hard.normal is not None  # the search ran, the normal level moved
    assert not held, held


def test_hard_resync_during_a_rebuild_gives_the_filter_its_table_back():
    # while the search builds a pool the filter's table (``cover``) is let go of, and made again
    # after; a resync that cuts the building short must make it again too
    rules = R.preset("classic")
    hard = Hard(rules, Rng(41), pool=2)
    fleet = random_fleet(rules, Rng(51))
    game = Game(rules, (fleet, fleet), 0)
    view = game.views[0]
    cut = False
    while not game.over():
        game.turn = 0
        sq = hard.choose(view)
        assert view.can_fire(sq)
        hard.learn(game.shoot(sq))
        while hard.busy() and (cut or hard.cover is not None):
            hard.step()
        if not cut and hard.cover is None and not game.over():  # a rebuild under way
            game.turn = 0
            free = [c for c in range(rules.cells) if view.can_fire(c)]
            game.shoot(free[len(free) // 2])  # a shot it is not told of: it starts again (_sync)
            cut = True
    assert cut and hard.cover is not None and not any(hard.cover)


def test_every_field_of_the_hard_player_is_set_by_its_init():
    # its parts (seabattle.ai.hard.answers, chain, moves, search, opening, resync) change the
    # player's fields, never add one: a game with collapses, a resync and a hurried move ends with
    # the very fields __init__ set (mb: with its density, an object of its own)
    for name, pool in (("classic", 25), ("mb", 20)):
        rules = R.preset(name)
        hard = Hard(rules, Rng(7), pool=pool)
        fields = sorted(hard.__dict__)
        fleet = random_fleet(rules, Rng(8))
        game = Game(rules, (fleet, fleet), 0)
        view = game.views[0]
        shots = 0
        while not game.over():
            game.turn = 0
            if shots == 6:  # a shot it was not told of: a resync
                game.shoot([c for c in range(rules.cells) if view.cells[c] == UNKNOWN][0])
                game.turn = 0
                if game.over():
                    break
            hard.start(view)
            steps = 0
            while True:
                sq = hard.step()
                if sq >= 0:
                    break
                steps += 1
                if steps == 2 and shots % 5 == 0:
                    hard.hurry()
            if shots != 5:
                hard.learn(game.shoot(sq))
            else:
                game.shoot(sq)
            shots += 1
        assert hard.collapses, name  # (the search rebuilt the pool)
        assert sorted(hard.__dict__) == fields, (name, set(hard.__dict__) ^ set(fields))
