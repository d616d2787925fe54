"""python exp/cmp.py BASE.json VAR.json ...: each mean ± 95 %, and the paired difference (same fleets)."""
import json, sys
def stats(x):
    n = len(x); m = sum(x) / n
    sd = (sum((s - m) ** 2 for s in x) / (n - 1)) ** 0.5
    return n, m, 1.96 * sd / n ** 0.5
base = json.load(open(sys.argv[1]))["shots"]
n, m, h = stats(base)
print("%-40s n=%d %.2f ± %.2f" % (sys.argv[1], n, m, h))
for p in sys.argv[2:]:
    v = json.load(open(p))["shots"]
    k = min(len(v), len(base))
    n, m, h = stats(v[:k])
    dn, dm, dh = stats([v[i] - base[i] for i in range(k)])
    print("%-40s n=%d %.2f ± %.2f   diff %+.2f ± %.2f" % (p, n, m, h, dm, dh))
