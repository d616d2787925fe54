"""The benchmark's games (``python -m tools.bench ai``): a shooter fires at one fleet until it
sinks it, its moves timed on CPython, and the figures summed up."""

import math
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
sys.path.append(os.path.join(ROOT, "tests"))  # the test doubles (doubles.randomplayer)

from seabattle import rules as R  # noqa: E402
from seabattle.game import Game  # noqa: E402
from tools.fleet_styles import XorShift  # noqa: E402


def shooter_factory(level):
    from seabattle.ai import easy

    if level == "easy":
        return easy.Easy
    if level == "normal":
        from seabattle.ai.normal import Normal

        return Normal
    if level == "hard":
        from seabattle.ai.hard.player import Hard

        return Hard
    if level == "random":
        from doubles.randomplayer import RandomOpponent

        return RandomOpponent
    raise SystemExit("unknown level %r" % level)


def play(rules, factory, fleet, rng, rec=None, clock=time.perf_counter, quick=-1):
    """Shots a new shooter needs to sink ``fleet``.

    ``rec`` (a dict of lists) collects seconds: ``setup`` (the first pool, before the first move),
    ``background`` (the work after a miss, which a device does in slices during the player's
    turn), ``move`` (from the move being asked for to the square), ``latency`` (what the player
    waits for: the move, plus, when the computer shoots again after a hit, all the work between
    the answer and that shot, since no player's turn hides it; a sliced shooter's ``busy()``
    says which work it can do before the move is asked for) and ``slice`` (each single step).
    ``quick`` >= 0: after a miss only that many slices of background before the move, hurried.
    """
    game = Game(rules, (fleet, fleet), 0)
    shooter = factory(rules, rng)
    view = game.views[0]
    sliced = hasattr(shooter, "busy")
    again = False
    first = True
    while not game.over():
        game.turn = 0
        bg = 0.0
        hurried = quick >= 0 and not again and not first and hasattr(shooter, "hurry")
        # (a quick game's shot after a hit is asked for at once, as a device asks for it while the
        # answer shows: a refill still under way then gives way to the new answer)
        if sliced and not (quick >= 0 and again):
            t0 = clock()
            k = 0
            while shooter.busy() and not (hurried and k >= quick):
                s0 = clock()
                shooter.step()
                k += 1
                if rec is not None:
                    rec["slice"].append(clock() - s0)
            bg = clock() - t0
        t0 = clock()
        if hurried:
            shooter.start(view)
            shooter.hurry()
            sq = -1
            while sq < 0:
                sq = shooter.step()
        else:
            sq = shooter.choose(view)
        t1 = clock()
        if rec is not None:
            if first:
                rec["setup"].append(bg)
                bg = 0.0
            elif not again:
                rec["background"].append(bg)
            rec["move"].append(t1 - t0)
            rec["latency"].append(t1 - t0 + (bg if again else 0.0))
        first = False
        shot = game.shoot(sq)
        again = shot.answer != 1  # not a miss: the computer shoots again at once
        shooter.learn(shot)
    return view.shots


def play_task(task):
    """One game of a run (a worker process's unit): (shots, the times it recorded)."""
    level, preset, fleet, styles, game_seed, quick = task
    factory = shooter_factory(level)
    if styles is not None:
        hard = factory
        factory = lambda r, rng: hard(r, rng, styles=styles)  # noqa: E731
    rec = new_record()
    return play(R.preset(preset), factory, fleet, XorShift(game_seed), rec, quick=quick), rec


def new_record():
    return {"setup": [], "background": [], "move": [], "latency": [], "slice": []}


def quantile(sorted_values, q):
    if not sorted_values:
        return 0
    i = min(len(sorted_values) - 1, max(0, int(math.ceil(q * len(sorted_values))) - 1))
    return sorted_values[i]


def summary(shots):
    n = len(shots)
    mean = sum(shots) / n
    var = sum((s - mean) ** 2 for s in shots) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    s = sorted(shots)
    return {"games": n, "mean": round(mean, 2), "ci95": round(half, 2), "p50": quantile(s, 0.5),
            "p90": quantile(s, 0.9), "worst": s[-1]}


def time_summary(times):
    s = sorted(times)
    if not s:
        return {"median_ms": 0, "p99_ms": 0, "worst_ms": 0}
    return {"median_ms": round(quantile(s, 0.5) * 1000, 3), "p99_ms": round(quantile(s, 0.99) * 1000, 3),
            "worst_ms": round(s[-1] * 1000, 3) if s else 0}
