"""Benchmark of the computer's shooters: ``python -m tools.bench ai --level LEVEL --rules PRESET
--fleets uniform|perelman|border|computer --games N --seed S [--jobs J] [--mp-games M] [--mp-rng R] [--no-mp]
[--learn] [--quick N]``.

The reference harness: a shooter fires at one fleet until it sinks it; the figure is the number
of shots (lower is better). Fleet styles:

- ``uniform``: exact uniform over legal fleets: each ship placed uniformly at random and the whole
  fleet drawn again on any overlap or touch (aborting as soon as one ship does not fit);
- ``perelman``: ``seabattle.placement.perelman_fleet`` (big ships at a corner, singles spread);
- ``border``: all ships on the outer ring of cells, uniform among such fleets (rejection again);
- ``computer``: the computer's own fleet (``seabattle.ai.fleet.computer_fleet``); ``computer:NAME``
  one of its styles alone (``seabattle.ai.fleet.STYLES``).

``--learn`` (hard level): the harness keeps the human's habits (``seabattle.ai.habits``) across its N
games in order, as the game does from its saved statistics (a club player who keeps meeting the
same person): each game's hard shooter gets the ``styles`` learnt from the fleets before it.

``--jobs J`` plays the games in J processes (the machine's cores): each game's fleet and random
source come from the seed and its number, not from the games before it, so the figures are the
same for any J (the CPython times are not: processes share the machine).

``--quick N``: a player who fires at once. After the computer's miss only N slices of its
background work run (the slices a board steps during the answer's pause and its patience:
seabattle.screens.battle's MOVE_DELAY + PATIENCE), then the move is asked for and hurried
(``seabattle.ai.hard.player.Hard.hurry``): the strength and the wait of the hard level against the
quickest player. Without it, every player takes long enough for all of that work (the default).

``--mp-rng``: the random source of the MicroPython games: ``xorshift`` (the default: the portable
generator in Python, tests/portable/check.py) or ``random``, the VM's own module in C, which is what
a board passes (hardware/startup.py). The hard level draws two numbers a chain move, and the
Python generator's ~0.5 us a draw on the unix port is about a third of its background: ``random``
gives the figure a board would see (other games, the same kind of them).

Prints games, mean, 95 % interval, p50, p90, worst; the time per move (median, p99, worst) on
CPython and under the MicroPython unix port, projected to a CLUE's nRF52840 (× 380, the pystone
ratio, and calibrated: × this machine's unix-port pystone / 769, measured at each run, since a
slower or shared machine stretches every timing), and the peak extra heap of the shooter under
MicroPython; then one line of JSON.
"""

import json
import math
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
sys.path.append(os.path.join(ROOT, "tests"))  # the test doubles (doubles.randomplayer)

from seabattle import rules as R  # noqa: E402
from seabattle.fleet import Fleet, Ship  # noqa: E402
from seabattle.game import Game  # noqa: E402
from seabattle.placement import perelman_fleet  # noqa: E402

NRF_FACTOR = 380  # MicroPython unix port pystone / CircuitPython on nRF52840 pystone
# The factor's two sides: CircuitPython on an nRF52840 runs pystone at ~769 passes/s,
# the unix port "on our machines" at ~290,000. This machine's unix port is measured at each run
# (tools/pystone.py in the timing VM, between its games: the best run, as each timing is the
# least of three): a shared or slower machine times every step longer, and
# ``unix pystones / NRF_PYSTONES`` projects the same timings to the board as if it had been the
# reference machine (188,000-282,000 measured here within an hour, the other core
# busy: x 380 then overstates a board's times by up to ~1.5x).
NRF_PYSTONES = 769


class XorShift:
    """The portable xorshift32 generator (tests/portable/check.py): same numbers everywhere."""

    def __init__(self, seed=1):
        self.state = (seed * 2654435761 + 12345) & 0xFFFFFFFF or 1

    def getrandbits(self, bits):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x >> (32 - bits) if bits < 32 else x

    def randrange(self, n):
        return self.getrandbits(32) % n


def _spots(rules, size, ring_only):
    w = rules.width
    h = rules.height
    out = []
    for vertical in (False, True):
        if vertical and size == 1:
            break
        for y in range(h - size + 1 if vertical else h):
            for x in range(w if vertical else w - size + 1):
                cells = [(y + i) * w + x if vertical else y * w + x + i for i in range(size)]
                if ring_only and not all(c % w in (0, w - 1) or c // w in (0, h - 1) for c in cells):
                    continue
                out.append(cells)
    return out


class RejectionFleets:
    """Each ship uniformly among its spots; redraw the whole fleet on any overlap or touch.

    Each spot is kept as two bit masks over the board (its cells; its cells and the squares its
    ship forbids): a try is a few integer operations a ship, not a walk over its neighbours. The
    border style's fleets (all ten ships on the ring) take ~10^4 tries each: 1.4 s a fleet before,
    longer than the games. The same draws, tries and fleets as the walk."""

    def __init__(self, rules, ring_only=False):
        self.rules = rules
        self.spots = {s: _spots(rules, s, ring_only) for s in set(rules.fleet)}
        offsets = rules.forbidden_offsets()
        w = rules.width
        h = rules.height
        self.masks = {}
        for size, spots in self.spots.items():
            masks = []
            for cells in spots:
                own = 0
                zone = 0
                for c in cells:
                    own |= 1 << c
                    zone |= 1 << c
                    x = c % w
                    y = c // w
                    for dx, dy in offsets:
                        if 0 <= x + dx < w and 0 <= y + dy < h:
                            zone |= 1 << ((y + dy) * w + x + dx)
                masks.append((own, zone))
            self.masks[size] = masks

    def draw(self, rng):
        rules = self.rules
        while True:
            blocked = 0
            ships = []
            for size in rules.fleet:
                spots = self.spots[size]
                k = rng.randrange(len(spots))
                own, zone = self.masks[size][k]
                if blocked & own:
                    break
                blocked |= zone
                ships.append(spots[k])
            else:
                return Fleet(rules, [Ship(c) for c in ships])


def fleet_source(rules, style):
    """A function rng -> Fleet for the named style."""
    if style == "uniform":
        return RejectionFleets(rules).draw
    if style == "border":
        return RejectionFleets(rules, ring_only=True).draw
    if style == "perelman":
        return lambda rng: perelman_fleet(rules, rng)
    if style == "computer":
        from seabattle.ai.fleet import computer_fleet

        return lambda rng: computer_fleet(rules, rng)
    if style.startswith("computer:"):  # one of the computer's styles alone, to weigh the mix
        from seabattle.ai import fleet as ai_fleet

        return lambda rng: ai_fleet.style_fleet(style[9:], rules, rng)
    raise SystemExit("unknown fleet style %r" % style)


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


def main(argv):
    args = {"--level": "hard", "--rules": "classic", "--fleets": "uniform", "--games": "200", "--seed": "1",
            "--mp-games": "5", "--jobs": "1", "--mp-rng": "xorshift", "--quick": "-1"}
    flags = set()
    i = 0
    while i < len(argv):
        if argv[i] in ("--no-mp", "--learn"):
            flags.add(argv[i])
            i += 1
            continue
        if argv[i] not in args or i + 1 >= len(argv):
            print(__doc__)
            return 2
        args[argv[i]] = argv[i + 1]
        i += 2
    if args["--mp-rng"] not in ("xorshift", "random"):
        print(__doc__)
        return 2
    level = args["--level"]
    preset = args["--rules"]
    style = args["--fleets"]
    games = int(args["--games"])
    seed = int(args["--seed"])
    rules = R.preset(preset)
    draw = fleet_source(rules, style)
    shooter_factory(level)  # an unknown level stops here, before any fleet is drawn
    fleet_rng = XorShift(seed)
    quick = int(args["--quick"])
    shots = []
    rec = new_record()
    started = time.time()
    learn = "--learn" in flags
    if learn:
        if level != "hard":
            raise SystemExit("--learn needs --level hard (the habits set the hard level's styles)")
        from seabattle.ai import habits
    # every game's fleet (and, with --learn, the styles learnt from the fleets before it) is drawn
    # first, in order: a game then depends only on its number, however the games are shared out
    known = None  # the habits so far (bytes), with --learn
    tasks = []
    for g in range(games):
        fleet = draw(fleet_rng)
        styles = habits.styles(known) if learn else None
        tasks.append((level, preset, fleet, styles, seed * 100003 + g, quick))
        if learn:
            known = habits.observe(known, rules, fleet)  # the loser may inspect the winner's board
    jobs = int(args["--jobs"])
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as workers:
            done = workers.map(play_task, tasks, chunksize=max(1, games // (jobs * 8)))
    else:
        done = [play_task(t) for t in tasks]
    for n, part in done:
        shots.append(n)
        for k in rec:
            rec[k].extend(part[k])
    result = {"level": level, "rules": preset, "fleets": style, "seed": seed}
    if quick >= 0:
        result["quick"] = quick
    if learn:
        result["learn"] = habits.describe(known)
    result.update(summary(shots))
    result["cpython"] = {k: time_summary(rec[k]) for k in rec}
    result["cpython_seconds"] = round(time.time() - started, 1)
    mp = None
    if "--no-mp" not in flags and int(args["--mp-games"]) > 0:
        try:
            mp = run_micropython(level, preset, style, int(args["--mp-games"]), seed, rng=args["--mp-rng"],
                                 quick=quick)
        except (SystemExit, OSError, subprocess.SubprocessError) as exc:  # keep the CPython figures
            print("MicroPython timing failed: %s" % exc)
    if mp:
        result["micropython"] = mp
        result["mp_rng"] = args["--mp-rng"]
        result["nrf52840_factor"] = NRF_FACTOR
        result["nrf52840"] = {k: {q: round(mp[k][q] * NRF_FACTOR, 1) for q in ("median_ms", "p99_ms", "worst_ms")}
                              for k in rec if k in mp}
        result["peak_heap_bytes"] = mp["peak_heap_bytes"]
        stones = mp.get("pystones")
        if stones:
            result["unix_pystones"] = stones
            result["nrf52840_calibrated_factor"] = round(stones / NRF_PYSTONES)
            result["nrf52840_calibrated"] = {
                k: {q: round(mp[k][q] * stones / NRF_PYSTONES, 1) for q in ("median_ms", "p99_ms", "worst_ms")}
                for k in rec if k in mp}
    print("level %s, rules %s, fleets %s, seed %d" % (level, preset, style, seed))
    if quick >= 0:
        print("quick: a player who fires at once; %d slices of background after a miss, then the move, hurried"
              % quick)
    if learn:
        print("learn: habits carried across the %d games in order; at the end: %s" % (games, result["learn"]))
    print("games %d  mean %.2f ± %.2f (95 %%)  p50 %d  p90 %d  worst %d" % (
        result["games"], result["mean"], result["ci95"], result["p50"], result["p90"], result["worst"]))
    print("times in ms: median / p99 / worst")
    print("  latency: what the player waits for, the move plus (after a hit) all work since the answer;")
    print("  background: work after a miss, done in slices during the player's turn; slice: one step")
    cal = result.get("nrf52840_calibrated")
    print("%-12s %-26s %-26s %-26s %s" % ("", "CPython", "MicroPython unix",
                                          "nRF52840 (unix x %d)" % NRF_FACTOR if mp else "",
                                          "nRF52840 (x %d, calibrated)" % result["nrf52840_calibrated_factor"]
                                          if cal else ""))
    for k in ("latency", "move", "background", "slice", "setup"):
        c = result["cpython"][k]
        line = "%-12s %-26s" % (k, "%.2f / %.2f / %.2f" % (c["median_ms"], c["p99_ms"], c["worst_ms"]))
        if mp and k in mp:
            m = mp[k]
            n = result["nrf52840"][k]
            line += " %-26s %-26s" % ("%.2f / %.2f / %.2f" % (m["median_ms"], m["p99_ms"], m["worst_ms"]),
                                      "%.0f / %.0f / %.0f" % (n["median_ms"], n["p99_ms"], n["worst_ms"]))
            if cal:
                n = cal[k]
                line += " %.0f / %.0f / %.0f" % (n["median_ms"], n["p99_ms"], n["worst_ms"])
        print(line.rstrip())
    if mp:
        print("peak extra heap, MicroPython: %d bytes" % mp["peak_heap_bytes"])
    if cal:
        print("this machine's unix port ran pystone at %d passes/s (the best run between the games); x %d assumes"
              " ~%d (%d x %d, a board's); calibrated: x %d = %d / %d" % (
                  result["unix_pystones"], NRF_FACTOR, NRF_FACTOR * NRF_PYSTONES, NRF_FACTOR, NRF_PYSTONES,
                  result["nrf52840_calibrated_factor"], result["unix_pystones"], NRF_PYSTONES))
    print(json.dumps(result, sort_keys=True))
    return 0
