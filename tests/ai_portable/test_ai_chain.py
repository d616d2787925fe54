"""The hard level's Markov chain: what it may propose (its strength is measured by tools.bench ai).

Its own file, so the MicroPython run (tests/test_ai_micropython.py) loads it in a VM of its own:
test_ai already fills most of that heap.
"""

from check import Rng

from seabattle import rules as R
from seabattle.ai_hard import Hard
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
        hard = Hard(rules, Rng(8), pool=30)
        fleet = random_fleet(rules, Rng(9))
        game = Game(rules, (fleet, fleet), 0)
        view = game.views[0]
        while True:  # up to the first hit that does not sink: a wounded ship for every fleet
            game.turn = 0
            shot = game.shoot(hard.choose(view))
            hard.learn(shot)
            while hard.busy():
                hard.step()
            if shot.answer == HIT:
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
