"""The hard level hurried (Hard.hurry): a device's patience ran out before its move was ready.

Its own file, so the MicroPython run (tests/test_ai_micropython.py) plays it in a VM of its own:
test_ai already fills most of that heap.
"""

from check import Rng

from seabattle import rules as R
from seabattle.ai.hard.player import Hard
from seabattle.game import Game
from seabattle.placement import random_fleet

from ai_checks import check_pool, provably_empty


def test_hard_hurried_fires_from_the_fleets_it_has_and_refills_the_rest_later():
    # a player who fires at once (a device's patience ran out: Hard.hurry): the refill after a
    # miss stops at its next slice and the move comes from the survivors and the copies made so
    # far: consistent fleets only, never a cell known to be empty; a later refill that runs to its
    # end fills the pool again
    for name in ("classic", "mb"):
        rules = R.preset(name)
        fleet = random_fleet(rules, Rng(81))
        game = Game(rules, (fleet, fleet), 0)
        view = game.views[0]
        hard = Hard(rules, Rng(82), pool=60)
        again = True  # the first move: the pool is read whole
        short = full = 0
        while not game.over():
            game.turn = 0
            if again:
                sq = hard.choose(view)
            elif view.shots % 2 == 0:  # hurried at once: no slice of the player's turn
                hard.start(view)
                hard.hurry()
                sq = hard.step()
                while sq < 0:
                    sq = hard.step()
                if sum(1 for a in hard.alive if a) < hard.n:
                    short += 1
            else:  # a player who takes their time: the whole refill, the pool full again
                while hard.busy():
                    hard.step()
                if sum(1 for a in hard.alive if a) == hard.n:  # (not when a search found nothing)
                    full += 1
                sq = hard.choose(view)
            assert view.can_fire(sq) and not provably_empty(view, sq), (name, sq)
            check_pool(hard, view)
            shot = game.shoot(sq)
            hard.learn(shot)
            again = shot.answer != 1 and not shot.over
        assert short > 3 and full > 3, (name, short, full)
