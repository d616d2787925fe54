"""Check seabattle.hard_density.count (run-length, integers) against exp.variants.Mix.brute_density (placement by placement)
on random hunt-phase charts of mb and classic, with sunk ships."""
import random, sys, os
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from seabattle import rules as R
from seabattle.board import MISS, SUNK, UNKNOWN, HALO
from exp.variants import Mix
from seabattle import hard_density
from tools.bench_ai import XorShift
bad = 0
for preset in ("mb", "classic"):
    rules = R.preset(preset)
    for t in range(200):
        rnd = random.Random(t)
        h = Mix(rules, XorShift(t))
        for c in range(rules.cells):
            h.known[c] = MISS if rnd.random() < rnd.random() * 0.6 else UNKNOWN
        # sink a few ships (their cells SUNK): sizes drawn from the fleet
        fleet = list(rules.fleet)
        rnd.shuffle(fleet)
        h.sunk = []
        for size in fleet[: rnd.randrange(len(fleet))]:
            start = rnd.randrange(rules.cells)
            h.sunk.append(tuple(range(start, start + 0)) + (start,) * 0 + tuple([start] * size))
        for _ in hard_density.count(h):
            pass
        d = h.brute_density()
        for c in range(rules.cells):
            if h.known[c] == UNKNOWN and abs(d[c] - h.dens[c]) > 1e-9:
                bad += 1
                print(preset, t, c, d[c], h.dens[c])
                break
print("mismatches:", bad)
