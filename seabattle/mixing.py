"""The Markov steps that make a random fleet close to uniform over all legal fleets
(seabattle.placement.random_fleet, after its search finds a first legal one; the computer's
fleet too, seabattle.ai.fleet). A module of its own so that a board compiling from .py compiles
the placing code in parts.
"""

from seabattle.rules import TOUCH_NEVER


def mix(sea, placed, rng, steps):
    """Markov chain over legal fleets: move a random ship to a uniformly random spot if legal.

    The proposal is symmetric and illegal moves are refused, so the uniform distribution over
    legal fleets is stationary; about 24 steps per ship bring a classic fleet's cell
    occupancy to within sampling noise of a long chain's (see tests/test_placement.py).
    Ships are kept as (first cell, step) here so a step allocates nothing but the result.
    """
    n = len(placed)
    w = sea.rules.width
    h = sea.rules.height
    blocked = sea.blocked
    boxed = sea.rules.touch == TOUCH_NEVER
    for _ in range(steps):
        i = rng.randrange(n)
        old = placed[i]
        size = len(old)
        across = (w - size + 1) * h
        k = rng.randrange(across + (w * (h - size + 1) if size > 1 else 0))
        if k < across:
            start = (k // (w - size + 1)) * w + k % (w - size + 1)
            step = 1
        else:
            start = k - across
            step = w
        if boxed:
            # test the spot with the ship still in place: a cell blocked once, and only by
            # this ship's own zone (its box grown by one), is free once the ship moves
            x0 = old[0] % w - 1
            x1 = old[-1] % w + 1
            y0 = old[0] // w - 1
            y1 = old[-1] // w + 1
            ok = True
            for j in range(size):
                sq = start + j * step
                b = blocked[sq]
                if b and (b > 1 or not (x0 <= sq % w <= x1 and y0 <= sq // w <= y1)):
                    ok = False
                    break
            if ok:
                sea.remove(old)
                old = [start + j * step for j in range(size)]
                placed[i] = old
                sea.add(old)
            continue
        sea.remove(old)
        ok = True
        for j in range(size):
            if blocked[start + j * step]:
                ok = False
                break
        if ok:
            old = [start + j * step for j in range(size)]
            placed[i] = old
        sea.add(old)
