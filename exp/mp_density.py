# under the MicroPython unix port (MICROPYPATH=the worktree): the heap the ai_hard module holds, and
# the time of one density count (best of 20) on an empty mb chart and on a half-known one
import gc, time
gc.collect()
m0 = gc.mem_alloc()
from seabattle import ai_hard
gc.collect()
print("module heap", gc.mem_alloc() - m0)
gc.collect()
m0 = gc.mem_alloc()
try:
    from seabattle import hard_density
    gc.collect()
    print("hard_density module heap", gc.mem_alloc() - m0)
except ImportError:
    hard_density = None
if hard_density:
    from seabattle import rules as R
    from seabattle.board import MISS
    class Rng:
        def randrange(self, n):
            return 0
    for preset in ("mb", "classic"):
        h = ai_hard.Hard(R.preset(preset), Rng(), pool=10)
        for label in ("empty", "half"):
            if label == "half":
                for c in range(0, 100, 2):
                    h.known[c] = MISS
            best = 10 ** 9
            for _ in range(20):
                t = time.ticks_us()
                for _ in hard_density.count(h):
                    pass
                best = min(best, time.ticks_diff(time.ticks_us(), t))
            gc.collect()
            a = gc.mem_alloc()
            for _ in hard_density.count(h):
                pass
            print(preset, label, "density us", best, "alloc", gc.mem_alloc() - a)
