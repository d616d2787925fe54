"""How much RAM the game needs: ``python -m tools.ramreport [--vm unix|wasm|both] [--heap SIZE] [--hard] [--modules] [--duel] [--compile] [--min-heap] [--mpy]``.

Runs tools/ramreport_mp.py on MicroPython (tools/mpvm: the 64-bit unix port, the 32-bit WASI
build) with the board-only modules stood in (tools/mpstubs) and the libraries from lib/
(``python -m tools.bundle``): a whole game against the computer through the screens, for each
screen size, with and without the BLE library, each over a few heap layouts; with BLE a duel after
it, as the host and as the joiner, and at 160x128 also in a fresh VM, resumed after a reset, and
with an opponent who never comes back. Prints the live heap (after gc.collect) per start-up
stage, after start-up and at the peak, and the most on each screen. ``--hard`` adds the hard
level, ``--modules`` and ``--duel`` what each module adds, ``--compile`` the room compiling from
source needs (tools/rammodules: each module on 32 bits, and the biggest on 64), ``--min-heap`` the
smallest heap that finishes a game, ``--mpy`` every figure with the game precompiled (tools.deploy).

How the figures are taken, what still differs from a board, the budget (BUDGET_32) and what moves
a figure with no change to the game: docs/ram.md.
"""

import argparse
import os
import subprocess
import sys
import tempfile

from tools import bundle, mpvm, rammodules, ramparse

ROOT = mpvm.ROOT
SCRIPT = os.path.join(ROOT, "tools", "ramreport_mp.py")
SIZES = ((160, 128), (240, 240), (240, 135), (160, 80))
BUDGET_32 = 72 * 1024
# the budgets every kind of game is to fit on 32 bits (docs/ram.md): a game against the computer, the
# hard level too, BUDGET_32; every duel screen 88 KB; the largest single allocation 8 KB (since
# CircuitPython 9 one allocation must fit one area of a split heap)
DUEL_BUDGET_32 = 88 * 1024
LARGEST_32 = 8 * 1024
DUELS = 3  # duels played after the game, each screen's least figure kept (tools/ramreport_mp.py)
VMS = ("unix", "wasm")


def measure(width, height, ble=True, heap=None, vm="unix", level=0, code=None, role="host", pad=0, fresh=False):
    """{"stages": [(bytes, name)], "startup": n, "peak": n, "shots": n, "saves": n, "ok": bool,
    "out": text}; with ``ble`` also "duelpeak": n, "duelscreens": [(screen, bytes)] (the least
    of DUELS duels played after the game, see tools/ramreport_mp.py), "duelscreensmost" (the
    most of them), "firstscreens" (the first duel's, the one a board plays) and "duelsub": (the most of the peer's share subtracted,), as ``role`` "host"
    or "join" (role "game": the game alone, no duel after it: the same game). ``level``:
    the computer's level played (0 easy, 1 normal, 2 hard). ``code``: a folder laid out like CIRCUITPY (tools.deploy) to run
    the game from instead of the repository, e.g. the modules precompiled (on the wasm VM, one
    that mpvm.precompiled_root made, the harness beside the game).

    On the wasm VM the heap is large (8 MB) and a run counts only if the VM never had to collect
    by itself: that build's garbage collector cannot see pointers held in WebAssembly locals, so
    a collection started inside an allocation can free live objects (measured: the game crashes
    or fails at any heap small enough to force one, below ~640 KB). The script's own
    gc.collect() calls, between steps of the game, are safe: the game's moves, shots and saves
    there match the unix port's exactly."""
    heap = heap or ("8m" if vm == "wasm" else "2m")
    if not os.path.isdir(os.path.join(ROOT, "lib", "adafruit_ble")):
        bundle.bundle(os.path.join(ROOT, "lib"))
    args = [str(width), str(height), "ble" if ble else "no"]
    # fresh: True (a VM that starts into the duel), "prep" or ("resume", file) (resumed())
    tail = [str(level), role, str(pad)] + (
        list(fresh) if isinstance(fresh, tuple) else [fresh] if isinstance(fresh, str) else ["fresh"] if fresh else [])
    if isinstance(fresh, tuple):  # the file with the reset's state, as the VM sees it
        tail[-1] = mpvm.GUEST_ROOT + "/" + fresh[1] if vm == "wasm" else os.path.join(code or ROOT, fresh[1])
    if vm == "wasm":
        code, stdout, stderr = mpvm.run_script(
            vm, "ramreport_mp.py", args + [mpvm.GUEST_ROOT + "/fonts/seabattle-12.bdf"] + tail, heap, root=code or ROOT)
    else:
        env = dict(os.environ)
        with tempfile.TemporaryDirectory() as stubs:
            if code:  # the deployed folder has no desktop twin: the stand-ins come precompiled
                mpvm.compiled_stubs(stubs)
            # the game imported through the path entry "" from its folder, as a board does (a
            # module's file name is interned: "seabattle/screens/flow.py", not the clone's whole path)
            # (the duels' link, doubles.linksim, from the clone's tests/: a deployed folder has none)
            env["MICROPYPATH"] = ":".join((".frozen", stubs if code else mpvm.STUBS, "", "lib",
                                           os.path.join(ROOT, "tests") if code else "tests"))
            proc = subprocess.run(
                [mpvm.micropython(), "-X", "heapsize=" + heap, SCRIPT] + args
                + [os.path.join(ROOT, "fonts", "seabattle-12.bdf")] + tail,
                cwd=code or ROOT, env=env, capture_output=True, text=True, timeout=600)
        code, stdout, stderr = proc.returncode, proc.stdout, proc.stderr
    return ramparse.parse(code, stdout, stderr, vm)


def min_heap(width, height, ble=True, vm="unix", code=None):
    """The smallest heap (KB) that finishes a game, or None; unix port only (see measure). The
    search assumes more heap never fails; fragmentation makes that only roughly true (+-16 KB)."""
    lo, hi = 64, 2048  # KB
    if not measure(width, height, ble, "%dk" % hi, vm, code=code)["ok"]:
        return None
    while hi - lo > 8:
        mid = (lo + hi) // 2
        if measure(width, height, ble, "%dk" % mid, vm, code=code)["ok"]:
            hi = mid
        else:
            lo = mid
    return hi


CAVEAT = (
    "What differs from a board: MicroPython, not CircuitPython; displayio/_bleio/board stand-ins are\n"
    "Python objects (bigger than a board's C objects; same buffers); what the firmware takes before\n"
    "code.py runs is outside these figures (the budget is a share of the heap free after boot).")


LAYOUTS = (0, 3, 7)  # the harness's PAD (16-byte blocks) of each layout the report plays


def steady(width, height, ble=True, vm="unix", level=0, role="host", heap=None, fresh=False, layouts=None, code=None):
    """``measure`` over the heap layouts of LAYOUTS: the run whose peak is the median, with
    "layouts": every run's (startup, peak). The collectors are conservative: a stale word keeps
    some garbage alive, and which depends on where objects lie (measured: one layout read
    82.5 KB, five others 78.0-78.1 KB, the same game)."""
    runs = [measure(width, height, ble, heap, vm=vm, level=level, role=role, pad=p, fresh=fresh, code=code)
            for p in (layouts or LAYOUTS)]
    bad = [r for r in runs if not r["ok"]]
    if bad:
        return bad[0]
    runs.sort(key=lambda r: r["peak"])
    r = runs[len(runs) // 2]
    r["layouts"] = [(x["startup"], x["peak"]) for x in runs]
    r["firsts"] = sorted(x["duelpeaks"][0] for x in runs)  # each layout's first duel
    r["runs"] = runs
    return r


def largest(r):
    """(bytes, screen) of the largest live block over ``r``'s runs (``steady``'s, or one run)."""
    return max(x["largest"] for x in r.get("runs", [r]))


def resumed(width, height, vm="wasm", heap=None, layouts=None, role="host", alone=False, code=None):
    """A board reset in the middle of a duel's battle and the duel continued as host: one run
    plays a fresh duel 20 shots into its battle and gives the nvm as the duel left it and the
    peer's state there; then ``steady`` over the layouts, each run a fresh VM that starts from
    that nvm, chooses «Продолжить дуэль» on the title, hosts the same lobby again and plays on
    to the verdict (the peer loaded from its state; the link down 1 s, as while hosting).
    ``alone``: the opponent never comes back; the lobby gives up after seabattle.duel.lobby's
    RESUME_WAIT and the duel ends, the opponent gone (played to that screen only).
    The result's "firsts" are each layout's peak of that duel (sorted), "firstscreens" the most
    on each screen in the median one; "ok" is False if either run failed."""
    prep = measure(width, height, True, heap, vm=vm, role=role, fresh="prep", code=code)
    if not prep["ok"] or not prep["nvm"] or not prep["peer"]:
        prep["ok"] = False
        return prep
    root = code or ROOT  # (the wasm VM reads only the folder it runs from)
    os.makedirs(os.path.join(root, "out"), exist_ok=True)
    name = "out/resume-%d.txt" % os.getpid()  # (out/: ignored by git)
    with open(os.path.join(root, name), "w") as f:
        f.write("nvm %s\npeer %s\n" % (prep["nvm"], prep["peer"]))
    try:
        r = steady(width, height, True, vm=vm, role=role, heap=heap, fresh=("alone" if alone else "resume", name),
                   layouts=layouts, code=code)
        if r["ok"]:  # the layout whose duel is the median (steady's is by the game's figures)
            r["firstscreens"] = [x for x in r["runs"] if x["duelpeaks"][0] == r["firsts"][len(r["firsts"]) // 2]][0][
                "firstscreens"]
        return r
    finally:
        os.remove(os.path.join(root, name))


def print_budgets(table, code):
    """Every kind of game measured on the 32-bit VM against its budget, in one table."""
    if not table:
        return
    print("every kind of game against its budget, 32-bit VM, %s (KB; the largest single allocation's budget %d KB):"
          % ("precompiled" if code else "from source", LARGEST_32 // 1024))
    print("  %-52s %6s %6s %8s %8s" % ("kind of game", "peak", "budget", "over", "largest"))
    for kind, r, peak, budget in table:
        big = largest(r)[0]
        print("  %-52s %6.1f %6d %8s %8s" % (kind, peak / 1024, budget // 1024,
                                            "%+.1f" % ((peak - budget) / 1024) if peak > budget else "fits",
                                            "%.1f%s" % (big / 1024, "" if big <= LARGEST_32 else " over")))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.ramreport", description=__doc__.split("\n")[0])
    ap.add_argument("--vm", choices=VMS + ("both",), default="both",
                    help="unix: 64-bit unix port; wasm: 32-bit WASI build (as a board); both (default)")
    ap.add_argument("--min-heap", action="store_true", help="also search the smallest heap (slow)")
    ap.add_argument("--compile", action="store_true",
                    help="also the heap compiling the biggest modules from source needs (unix port)")
    ap.add_argument("--modules", action="store_true",
                    help="also what each module a game against the computer loads adds to the heap")
    ap.add_argument("--duel", action="store_true",
                    help="also what each module a duel loads adds to the heap, after the menu's")
    ap.add_argument("--heap", default=None,
                    help="the VM's heap (-X heapsize, e.g. 1m; default 8m wasm, 2m unix): the WASI VM's"
                         " conservative collector keeps more garbage alive through stray words the wider"
                         " its heap's address range (at 240x240 a duel read up to ~5 KB more at 8m than at 1m)")
    ap.add_argument("--hard", action="store_true",
                    help="also play the hard level at 160x128, in a fresh VM and after an easy game (its search"
                         " is slow: ~15 s unix, ~1 min wasm, a game)")
    ap.add_argument("--mpy", action="store_true",
                    help="the game precompiled, as tools.deploy --mpy-cross writes it to a board (MicroPython's"
                         " mpy-cross here): every figure from .mpy files, none compiled by the VM")
    ap.add_argument("--startup", action="store_true",
                    help="also the time from reset to the title, projected on the boards (tools.startuptime)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        code = mpvm.precompiled_root(folder) if args.mpy else None
        return report(args, code)


def report(args, code):
    vms = VMS if args.vm == "both" else (args.vm,)
    heap_arg = args.heap
    print("RAM report: live heap (after gc.collect) on MicroPython; 64-bit = unix port, 32-bit = WASI build"
          + ("; -X heapsize=%s" % args.heap if args.heap else "")
          + ("; the game precompiled (.mpy)" if code else "; the game from source (.py), compiled by the VM"))
    failed = False
    table = []  # (kind of game, its result, its peak, the budget): the 32-bit VM's, printed at the end
    print("%-13s %-5s  %13s  %14s" % ("screen", "VM", "after start-up", "peak of a game"))
    for w, h in SIZES:
        for ble in (False, True):
            for vm in vms:
                r = steady(w, h, ble, vm=vm, heap=args.heap, code=code)
                tag = "%-13s %-5s" % ("%dx%d%s" % (w, h, " +BLE" if ble else ""), "32bit" if vm == "wasm" else "64bit")
                if not r["ok"]:
                    failed = True
                    print("%s  FAILED\n%s" % (tag, r["out"][-1500:]))
                    continue
                duel = ""
                if ble:
                    j = steady(w, h, ble, vm=vm, role="join", heap=args.heap, code=code)
                    if not j["ok"]:
                        failed = True
                        print("%s  a duel as the joiner FAILED\n%s" % (tag, j["out"][-1500:]))
                        continue
                    duel = "   a duel's peak: host %.1f KB, join %.1f KB" % (r["duelpeak"] / 1024,
                                                                          j["duelpeak"] / 1024)
                print("%s  %10.1f KB  %11.1f KB%s" % (tag, r["startup"] / 1024, r["peak"] / 1024, duel))
                if vm == "wasm":
                    size = "%dx%d" % (w, h)
                    table.append(("a game against the computer, " + size + (" with a radio" if ble else ""), r,
                                  r["peak"], BUDGET_32))
                    if ble:
                        table += [("a duel after a game, %s, %s" % (who, size), x, x["duelpeak"], DUEL_BUDGET_32)
                                  for who, x in (("host", r), ("join", j))]
                print("      the largest live block (one allocation: since CircuitPython 9 it must fit one heap"
                      " area): %s" % ", ".join("%.1f KB on %s" % (b / 1024, s) for b, s in
                                             [largest(r)] + ([largest(j)] if ble else [])))
                print("      peaks over %d heap layouts: %s KB (the median above)" % (
                    len(LAYOUTS), ", ".join("%.1f" % (p / 1024) for _s, p in r["layouts"])))
                if (w, h) == SIZES[0] and ble:
                    for who, d in (("host", r), ("join", j)):
                        print("      a duel, the most on each screen (%s): %s" % (who, ", ".join(
                            "%s %.1f" % (k, v / 1024) for k, v in d["duelscreens"])))
                    print("      (the least of %d duels each; the most: host %s; subtracted: the peer's share, up"
                          " to %.1f KB; not counted: doubles.linksim's module and links, %.1f KB, not a board's)" % (
                              DUELS, ", ".join("%s %.1f" % (k, v / 1024) for k, v in r["duelscreensmost"]),
                              r["duelsub"][0] / 1024, r["linksim"] / 1024))
                if (w, h) == SIZES[0] and ble:
                    # the same duels in a VM that starts into the duel, as a board does after
                    # hardware.relaunch reloads it: no game before, no earlier screen's garbage
                    fr = [steady(w, h, ble, vm=vm, role=who, heap=heap_arg, fresh=True, code=code)
                          for who in ("host", "join")]
                    bad = [x for x in fr if not x["ok"]]
                    if bad:
                        failed = True
                        print("%s  a duel in a fresh VM FAILED\n%s" % (tag, bad[0]["out"][-1500:]))
                    else:
                        if vm == "wasm":
                            table += [("the first duel in a fresh VM, %s" % who, x, x["duelpeak"], DUEL_BUDGET_32)
                                      for who, x in (("host", fr[0]), ("join", fr[1]))]
                        print("      a duel's peak in a fresh VM (a board relaunched into it): host %.1f KB,"
                              " join %.1f KB (after a game, above: %.1f, %.1f)" % (
                                  fr[0]["duelpeak"] / 1024, fr[1]["duelpeak"] / 1024,
                                  r["duelpeak"] / 1024, j["duelpeak"] / 1024))
                        print("      the first duel alone (the one a relaunch gives; median of the layouts): fresh host"
                              " %.1f, join %.1f; after a game host %.1f, join %.1f KB" % tuple(
                                  x["firsts"][1] / 1024 for x in (fr[0], fr[1], r, j)))
                        for who in ("host", "join"):
                            rs = resumed(w, h, vm=vm, heap=heap_arg, role=who, code=code)
                            if not rs["ok"]:
                                failed = True
                                print("%s  a resumed duel FAILED\n%s" % (tag, rs["out"][-1500:]))
                            else:
                                if vm == "wasm":
                                    table.append(("a duel continued after a reset, " + who, rs,
                                                  rs["firsts"][len(rs["firsts"]) // 2], DUEL_BUDGET_32))
                                print("      a duel resumed after a reset (%s, a fresh VM from the nvm; median of the"
                                      " layouts): %.1f KB; the most on each screen: %s" % (
                                          who, rs["firsts"][len(rs["firsts"]) // 2] / 1024,
                                          ", ".join("%s %.1f" % (k, v / 1024) for k, v in rs["firstscreens"])))
                        rs = resumed(w, h, vm=vm, heap=heap_arg, alone=True, code=code)
                        if not rs["ok"]:
                            failed = True
                            print("%s  a resumed duel without its opponent FAILED\n%s" % (tag, rs["out"][-1500:]))
                        else:  # (the lobby gives up after 120 s: the Duel loaded beside the radio's modules)
                            if vm == "wasm":
                                table.append(("a continued duel whose opponent never comes back", rs,
                                              rs["firsts"][len(rs["firsts"]) // 2], DUEL_BUDGET_32))
                            print("      a duel resumed whose opponent never comes back (host; median of the layouts):"
                                  " %.1f KB; the most on each screen: %s" % (
                                      rs["firsts"][len(rs["firsts"]) // 2] / 1024,
                                      ", ".join("%s %.1f" % (k, v / 1024) for k, v in rs["firstscreens"])))
                    prev = 0
                    for used, name in r["stages"]:
                        print("      %-24s +%6.1f KB" % (name, (used - prev) / 1024))
                        prev = used
                if (w, h) == SIZES[0]:
                    print("      the most on each screen: " + ", ".join(
                        "%s %.1f" % (k, v / 1024) for k, v in r["screens"]))
                    if r["qstrs"]:  # a pool holds twice the names of the last: the name that
                        # overflows the last pays for a whole new one (1,280 names, ~9 KB on 32 bits)
                        print("      interned names (never freed; stand-ins' included%s): %d in %d pools,"
                              " %.1f KB" % (", a duel's too" if ble else "", r["qstrs"][1], r["qstrs"][0],
                                            r["qstrs"][3] / 1024))
    if args.hard:
        for vm in vms:
            r = steady(160, 128, False, vm=vm, level=2, heap=args.heap, code=code)
            print("160x128 hard   %-5s  %10.1f KB  %11.1f KB%s" % (
                "32bit" if vm == "wasm" else "64bit", r["startup"] / 1024, r["peak"] / 1024,
                "  (peaks over %d layouts: %s)" % (len(LAYOUTS), ", ".join("%.1f" % (p / 1024) for _s, p in r["layouts"]))
                if r["ok"] else "  FAILED\n" + r["out"][-1500:]))
            failed = failed or not r["ok"]
            # the same game after an easy one in the same VM: what a board saw before
            # hardware.relaunch starts the hard level in a fresh VM (the figure above)
            a = steady(160, 128, False, vm=vm, level="0,2", heap=args.heap, code=code)
            if a["ok"]:
                print("160x128 hard after an easy game in the same VM (before the relaunch) %s: %.1f KB"
                      "  (peaks over %d layouts: %s)" % (
                          "32bit" if vm == "wasm" else "64bit", a["gamepeaks"][-1] / 1024, len(LAYOUTS),
                          ", ".join("%.1f" % (x["gamepeaks"][-1] / 1024) for x in a["runs"])))
            else:
                print("160x128 hard after an easy game FAILED\n" + a["out"][-1500:])
            failed = failed or not a["ok"]
            # a player who fires the moment it is their turn (the other runs' waits until the
            # computer's work is done): the hard level's hurried moves (seabattle.ai.hard.player.Hard.hurry)
            q = steady(160, 128, False, vm=vm, level="2q", heap=args.heap, code=code)
            print("160x128 hard, a player who fires at once %s: %.1f KB, %d names in %d pools%s" % (
                "32bit" if vm == "wasm" else "64bit", q["peak"] / 1024, (q["qstrs"] or (0, 0))[1],
                (q["qstrs"] or (0, 0))[0], "" if q["ok"] else "  FAILED\n" + q["out"][-1500:]))
            failed = failed or not q["ok"]
            if vm == "wasm":
                table += [(kind, x, peak, BUDGET_32) for kind, x, peak in (
                    ("the hard level, 160x128, a fresh VM", r, r["peak"]),
                    ("the hard level after an easy game in the same VM", a, a["gamepeaks"][-1] if a["ok"] else 0),
                    ("the hard level, a player who fires at once", q, q["peak"])) if x["ok"]]
            if r["ok"] and q["ok"]:
                print("160x128 hard, the largest live block %s: %s" % ("32bit" if vm == "wasm" else "64bit", ", ".join(
                    "%.1f KB on %s" % (b / 1024, s) for b, s in (largest(r), largest(q)))))
    print("budget on the smallest-heap board (CLUE, 32-bit): %d KB of live heap" % (BUDGET_32 // 1024))
    print_budgets(table, code)
    print(CAVEAT)
    if args.modules:
        rammodules.print_modules("a game's modules, each imported after the last, none dropped", rammodules.GAME_MODULES,
                                 dict((vm, rammodules.module_figures(rammodules.GAME_MODULES, vm)) for vm in vms), vms)
    if args.duel:
        rammodules.print_modules(
            "a duel's modules, each imported after the last on the menu's heap", rammodules.DUEL_MODULES,
            dict((vm, rammodules.module_figures(rammodules.DUEL_MODULES, vm, menu_first=True)) for vm in vms), vms)
    if args.compile:
        print("compiling each module from its .py on the 32-bit VM, the most it takes at once (what it keeps"
              " included; the modules it imports loaded precompiled), KB, largest first; budget %d KB:"
              % (rammodules.COMPILE_32 // 1024))
        for mod, need in rammodules.compile_peaks():
            print("  %-40s %6.1f%s" % (mod, need / 1024, "  over" if need > rammodules.COMPILE_32 else ""))
        print("importing from source (64-bit unix port), each module with what it imports:")
        for mod in rammodules.BIG_MODULES:
            kept, room = rammodules.compile_room(mod)
            print("  %-20s keeps %6.1f KB   compiling needs %6.1f KB more" % (mod, kept / 1024, room / 1024))
    if args.min_heap:
        k = min_heap(160, 128, False)
        print("smallest -X heapsize that finishes a game against the computer at 160x128, no BLE library"
              " (64-bit unix port): %s" % ("%d KB" % k if k else "over 2 MB"))
        k = min_heap(160, 128, True)
        print("smallest -X heapsize that finishes a game at 160x128 with BLE (64-bit unix port): %s"
              % ("%d KB" % k if k else "over 2 MB"))
        from tools import deploy

        with tempfile.TemporaryDirectory() as drive:
            deploy.deploy(drive, mpy_cross=mpvm.mpy_cross(), out=lambda line: None)
            k = min_heap(160, 128, True, code=drive)
            r = measure(160, 128, True, code=drive)
        print("the same with every module precompiled (tools.deploy --mpy-cross; MicroPython's here): %s;"
              " live after start-up %.1f KB, peak %.1f KB" % ("%d KB" % k if k else "over 2 MB",
                                                              r["startup"] / 1024, r["peak"] / 1024))
    if args.startup:
        from tools import startuptime

        startuptime.main()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
