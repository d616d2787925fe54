"""The benchmark's games under the MicroPython unix port (``python -m tools.bench ai``, unless
``--no-mp``): each move timed, the shooter's peak heap, and the machine's pystone to project the
timings to a board."""

import os
import subprocess
import sys
import tempfile

from seabattle import rules as R
from tools.fleet_styles import XorShift, fleet_source

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

NRF_FACTOR = 380  # MicroPython unix port pystone / CircuitPython on nRF52840 pystone
# The factor's two sides: CircuitPython on an nRF52840 runs pystone at ~769 passes/s,
# the unix port "on our machines" at ~290,000. This machine's unix port is measured at each run
# (tools/pystone.py in the timing VM, between its games: the best run, as each timing is the
# least of three): a shared or slower machine times every step longer, and
# ``unix pystones / NRF_PYSTONES`` projects the same timings to the board as if it had been the
# reference machine (188,000-282,000 measured here within an hour, the other core
# busy: x 380 then overstates a board's times by up to ~1.5x).
NRF_PYSTONES = 769


# The MicroPython side: plays a few games of the same level and fleet style under the unix port
# (engine precompiled with mpy-cross, as a device loads it), times each move with ticks_us and
# measures the heap the shooter holds at its peak with gc.mem_alloc after gc.collect.
MP_SCRIPT = r"""
import gc, sys, time
from seabattle import rules as R
from seabattle.game import Game
from seabattle.fleet import Fleet, Ship
from check import Rng
LEVEL, PRESET, GAMES, SEED, FLEETS, RNG, QUICK = %r, %r, %d, %d, %r, %r, %d
def new_rng(seed):
    if RNG == 'random':  # the VM's own generator, as on a board
        import random
        random.seed(seed)
        return random
    return Rng(seed)
if LEVEL == 'hard':
    from seabattle.ai.hard.player import Hard as F
elif LEVEL == 'normal':
    from seabattle.ai.normal import Normal as F
elif LEVEL == 'easy':
    from seabattle.ai.easy import Easy as F
else:
    from doubles.randomplayer import RandomOpponent as F
rules = R.preset(PRESET)
# heap first, in games that record nothing (the timing lists below would count as heap)
peak = 0
for g in range(GAMES):
    rng = new_rng(SEED * 1000 + g)
    fleet = Fleet(rules, [Ship(c) for c in FLEETS[g]])
    game = Game(rules, (fleet, fleet), 0)
    view = game.views[0]
    gc.collect()
    base = gc.mem_alloc()
    shooter = F(rules, rng)
    sliced = hasattr(shooter, 'busy')
    while not game.over():
        game.turn = 0
        if sliced:
            while shooter.busy():
                shooter.step()
                gc.collect()
                peak = max(peak, gc.mem_alloc() - base)
        sq = shooter.choose(view)
        gc.collect()
        peak = max(peak, gc.mem_alloc() - base)
        shot = game.shoot(sq)
        shooter.learn(shot)
        del shot
    del shooter, game, view, fleet
# each game is played three times (the same seed plays the same game, step by step) and each
# figure is the least of its timings: the machine is shared, and a step the OS preempted (whole
# 4 ms scheduler ticks) would otherwise count as the step's own cost
def timed(g):
    out = {'setup': [], 'background': [], 'move': [], 'latency': [], 'slice': []}
    rng = new_rng(SEED * 1000 + g)
    fleet = Fleet(rules, [Ship(c) for c in FLEETS[g]])
    game = Game(rules, (fleet, fleet), 0)
    view = game.views[0]
    gc.collect()
    shooter = F(rules, rng)
    sliced = hasattr(shooter, 'busy')
    again = False
    first = True
    while not game.over():
        game.turn = 0
        bg = 0
        # a collection of this VM's 16 MB heap (the timing lists live in it) takes ms; a board's
        # ~150 KB heap collects in a fraction of that: collect here, outside the timing
        gc.collect()
        hurried = QUICK >= 0 and not again and not first and hasattr(shooter, 'hurry')
        if sliced and not (QUICK >= 0 and again):
            t0 = time.ticks_us()
            k = 0
            while shooter.busy() and not (hurried and k >= QUICK):
                s0 = time.ticks_us()
                shooter.step()
                k += 1
                out['slice'].append(time.ticks_diff(time.ticks_us(), s0))
            bg = time.ticks_diff(time.ticks_us(), t0)
        t0 = time.ticks_us()
        if hurried:
            shooter.start(view)
            shooter.hurry()
            sq = -1
            while sq < 0:
                sq = shooter.step()
        else:
            sq = shooter.choose(view)
        t1 = time.ticks_diff(time.ticks_us(), t0)
        if first:
            out['setup'].append(bg)
            bg = 0
        elif not again:
            out['background'].append(bg)
        out['move'].append(t1)
        out['latency'].append(t1 + (bg if again else 0))
        first = False
        shot = game.shoot(sq)
        again = shot.answer != 1
        shooter.learn(shot)
        del shot
    return out
rec = {'setup': [], 'background': [], 'move': [], 'latency': [], 'slice': []}
for g in range(GAMES):
    exec(sys.argv[1])  # pystone (STONES_CODE): compiled here, its names after the heap's games
    a = timed(g)
    for run in range(2):
        b = timed(g)
        for k in rec:
            x = a[k]
            y = b[k]
            assert len(x) == len(y)
            for i in range(len(x)):
                if y[i] < x[i]:
                    x[i] = y[i]
        del b
    for k in rec:
        rec[k].extend(a[k])
    del a
for k in rec:
    v = rec[k]
    v.sort()
    if v:
        print('MP', k, len(v), v[len(v) // 2], v[min(len(v) - 1, (len(v) * 99 + 99) // 100 - 1)], v[-1])
exec(sys.argv[1])
print('MPHEAP', peak)
"""
# The machine's speed while it times (pystone between the games, the best run), to calibrate the
# board's factor (NRF_PYSTONES). Passed as an argument and run by exec: an identifier in the
# script itself is interned when the script is compiled, before the heap's games, and a few such
# names moved the heap figure by 128 bytes (a pool of names opening inside the measured span).
STONES_CODE = """
import pystone
best = max(globals().get('best', 0), pystone.pystones(20000)[1])
print('MPSTONES', int(best))
"""


def micropython_exe():
    exe = os.path.join(ROOT, ".venv", "bin", "micropython")
    return exe if os.path.exists(exe) else None


def run_micropython(level, preset, style, games, seed, heap="16m", rng="xorshift", quick=-1):
    """Times (ms: median, p99, worst) and peak extra heap (bytes) under the unix port.

    The VM's heap is large only because the timing lists live in it; the shooter's own heap is
    measured as the growth of gc.mem_alloc() in separate games that record nothing."""
    exe = micropython_exe()
    if exe is None:
        return None
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from test_micropython import compiled_tree  # noqa: E402  (mpy-cross'd engine and tests)

    tree = compiled_tree()
    rules = R.preset(preset)
    draw = fleet_source(rules, style)
    fleet_rng = XorShift(seed + 77)
    fleets = [[list(s.cells) for s in draw(fleet_rng).ships] for _ in range(games)]  # same style, fresh seeds
    script = os.path.join(tempfile.mkdtemp(prefix="bench-ai-"), "bench_ai_mp.py")
    with open(script, "w") as f:
        f.write(MP_SCRIPT % (level, preset, games, seed, fleets, rng, quick))
    env = dict(os.environ)
    env["MICROPYPATH"] = tree + os.pathsep + os.path.join(ROOT, "tools")
    proc = subprocess.run([exe, "-X", "heapsize=" + heap, script, STONES_CODE], env=env, capture_output=True,
                          text=True, timeout=3600)
    out = {}
    for line in proc.stdout.splitlines():
        parts = line.split()
        if parts and parts[0] == "MP":
            out[parts[1]] = {"n": int(parts[2]), "median_ms": int(parts[3]) / 1000, "p99_ms": int(parts[4]) / 1000,
                             "worst_ms": int(parts[5]) / 1000}
        elif parts and parts[0] == "MPHEAP":
            out["peak_heap_bytes"] = int(parts[1])
        elif parts and parts[0] == "MPSTONES":
            out["pystones"] = int(parts[1])  # (printed after each game: the last is the best)
    if "peak_heap_bytes" in out:
        return out
    raise SystemExit("MicroPython run failed:\n" + proc.stdout + proc.stderr)
