# where the density's 320 bytes a count go: making the generator, or running it
import gc, sys
sys.path.insert(0, '.')
from seabattle import rules as R
from seabattle.ai_hard import Hard
from seabattle import hard_density
class Rng:
    def randrange(self, n):
        return 0
h = Hard(R.preset("mb"), Rng(), pool=10)
for _ in hard_density.count(h):
    pass
gc.collect(); a = gc.mem_alloc()
g = hard_density.count(h)
b = gc.mem_alloc()
for _ in g:
    pass
c = gc.mem_alloc()
print("make", b - a, "run", c - b)
h.sunk.append((0, 1))
gc.collect(); a = gc.mem_alloc()
for _ in hard_density.count(h):
    pass
print("with a sunk ship", gc.mem_alloc() - a)
