"""Paired runner: the same fleets and shooter seeds as tools.bench ai (game g: fleet g of
XorShift(seed), shooter XorShift(seed * 100003 + g)).
usage: python exp/run.py OUT --rules R --games N --seed S [--first K] [mode=mix a=0.5 hw=20 ...]
Without NAME=VALUE the shooter is seabattle.ai_hard.Hard as it is (since 1e662b6 mb's default mixes
in the density: DENSITY=0 for the pool alone, DENSITY=k for a share of k quarters under every rule);
lower-case names (mode=, a=, hw=) select exp.variants.Mix, whose own pick replaces the default's."""
import json, sys, time, os
argv = sys.argv[1:]
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, root)
from tools import bench_ai as B
from seabattle import rules as R
from seabattle import ai_hard
from exp import variants
out = argv[0]
args = {"--games": "200", "--seed": "1", "--fleets": "uniform", "--rules": "mb", "--first": "0"}
sets = {}
i = 1
while i < len(argv):
    if argv[i] in args:
        args[argv[i]] = argv[i + 1]; i += 2
    else:
        k, v = argv[i].split("="); i += 1
        sets[k] = v
factory = ai_hard.Hard
for k in [k for k in sets if k.isupper()]:  # seabattle.ai_hard's constants (ints)
    assert hasattr(ai_hard, k), k
    v = int(sets.pop(k))
    setattr(ai_hard, k, bytes([v, v, v]) if k == "DENSITY" else v)  # (DENSITY: one share per touching rule)
    sets_done = True
if sets:
    class V(variants.Mix):
        pass
    for k, v in sets.items():
        assert hasattr(V, k), k
        setattr(V, k, v if k == "mode" else float(v))
    factory = V
rules = R.preset(args["--rules"])
draw = B.fleet_source(rules, args["--fleets"])
seed = int(args["--seed"]); games = int(args["--games"]); first = int(args["--first"])
frng = B.XorShift(seed)
shots = []
t0 = time.time()
for g in range(games):
    fleet = draw(frng)
    if g < first:
        continue
    shots.append(B.play(rules, factory, fleet, B.XorShift(seed * 100003 + g)))
res = {"sets": dict(arg.split("=") for arg in argv[1:] if "=" in arg), "args": args, "shots": shots, "seconds": round(time.time() - t0, 1)}
with open(out, "w") as f:
    json.dump(res, f)
n = len(shots); m = sum(shots) / n
sd = (sum((s - m) ** 2 for s in shots) / (n - 1)) ** 0.5
print(out, sets, n, "%.2f ± %.2f" % (m, 1.96 * sd / n ** 0.5), res["seconds"], "s")
