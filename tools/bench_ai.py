"""Benchmark of the computer's shooters: ``python -m tools.bench ai --level LEVEL --rules PRESET
--fleets uniform|perelman|border|computer --games N --seed S [--jobs J] [--mp-games M] [--mp-rng R] [--no-mp]
[--learn] [--quick N]``.

The reference harness: a shooter fires at one fleet until it sinks it; the figure is the number
of shots (lower is better). Fleet styles:

- ``uniform``: exact uniform over legal fleets: each ship placed uniformly at random and the whole
  fleet drawn again on any overlap or touch (aborting as soon as one ship does not fit);
- ``perelman``: ``seabattle.packing.perelman_fleet`` (big ships at a corner, singles spread);
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
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from seabattle import rules as R  # noqa: E402
from tools.fleet_styles import XorShift, fleet_source  # noqa: E402
from tools.shooter_games import new_record, play_task, shooter_factory, summary, time_summary  # noqa: E402
from tools.shooter_micropython import NRF_FACTOR, NRF_PYSTONES, run_micropython  # noqa: E402


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
