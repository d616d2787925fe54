"""What each module adds to the heap (``python -m tools.ramreport --modules / --duel``) and what
compiling the biggest ones from source needs (``--compile``): the tables ramreport prints after
its games, each from a small script run on the VMs (tools/ramreport_modules_mp.py,
ramreport_duel_mp.py, ramreport_import_mp.py)."""

import ast
import os
import re
import shutil
import tempfile

from tools import mpvm

ROOT = mpvm.ROOT

# the heap compiling one module from source may take on 32 bits (compile_peaks), so that a board
# installed from .py starts: the parser holds a module's whole tree while it compiles
COMPILE_32 = 20 * 1024

# the biggest modules a board imports from source (a duel's and the computer game's)
BIG_MODULES = ("seabattle.duel.protocol", "seabattle.duel.shots", "seabattle.screens.flow", "seabattle.screens.battle",
               "seabattle.ai.fleet", "seabattle.ai.hard.player", "hardware.display.render", "hardware.radio.ble",
               "hardware.radio.blefind", "adafruit_ble", "hardware.app")

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
                "hardware.radio.blestate", "hardware.radio.ble", "hardware.radio.blead", "hardware.radio.blefind",
                "seabattle.fleet", "seabattle.duel.match", "seabattle.crc", "seabattle.duel.frame",
                "seabattle.duel.channel", "seabattle.duel.commit", "seabattle.duel.evidence", "seabattle.duel.wire",
                "seabattle.duel.receive", "seabattle.duel.polling", "seabattle.duel.snapshot",
                "seabattle.duel.protocol", "seabattle.duel.sync",  # (sync: held for a moment, a connection's start)
                "seabattle.duel.setup", "seabattle.duel.handshake", "seabattle.rulescheck", "seabattle.fleetcheck", "seabattle.duel.verify",
                "seabattle.duel.shots", "seabattle.duel.results", "seabattle.screens.battle", "seabattle.duel.reveal", "seabattle.duel.restore",
                "seabattle.duel.evidence_text", "seabattle.lang.ru_findings")

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
                "hardware.display.listview",
                "hardware.display.bdf", "hardware.display.pages", "hardware.display.boardpage", "hardware.display.sheets", "seabattle.screens.levels", "seabattle.ai.easy",
                "seabattle.packing", "seabattle.mixing", "seabattle.ai.hiding", "seabattle.ai.fleet",
                "seabattle.screens.place", "seabattle.lang.ru_place", "seabattle.screens.place_menu",
                "seabattle.screens.enemy_fleet",
                "seabattle.screens.battle", "seabattle.screens.battle_start", "seabattle.save", "seabattle.screens.pause",
                "seabattle.lang.ru_pause", "seabattle.screens.end", "seabattle.lang.ru_end", "seabattle.ai.likelihood",
                "seabattle.ai.habits",
                "seabattle.recordbook")


def module_figures(modules, vm="wasm", menu_first=False):
    """[(module, bytes of live heap it adds, bytes of its source, bytes of a new pool of interned
    names among them, or 0)] for ``modules`` imported one after another, none dropped, on ``vm``.
    ``menu_first``: on top of what the duel menu holds (seabattle.screens.flow, hardware.app) and
    the Bluetooth stand-ins, as a duel's (tools/ramreport_duel_mp.py); else from the bare start,
    as a game against the computer's (tools/ramreport_modules_mp.py)."""
    if menu_first:
        script, args = "ramreport_duel_mp.py", ["base"] + list(modules)
    else:
        script, args = "ramreport_modules_mp.py", list(modules)
    code, out, err = mpvm.run_script(vm, script, args, "8m" if vm == "wasm" else "2m")
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


def _import_run(args, heap_kb, stubs):
    code, out, _err = mpvm.run_script("unix", "ramreport_import_mp.py", args, "%dk" % heap_kb, stubs=stubs)
    return code == 0 and out.rstrip().endswith("ok"), out


def compile_room(module):
    """(kept, room) in bytes for importing ``module`` and what it imports from source on the
    64-bit unix port: ``kept`` is the live heap they add; ``room`` is what the smallest
    -X heapsize that imports them needs beyond that and the stand-ins (loaded precompiled: the
    parser's and compiler's working memory for our modules, plus fragmentation). A board
    compiles every .py it imports, so it needs that much free at that moment (about 0.7 times as
    much on 32 bits: what importing allocates, micropython.mem_peak() with gc.disable(), is
    0.68-0.70 of the 64-bit figure on the WASI build); .mpy files need no compiling."""
    with tempfile.TemporaryDirectory() as stubs:
        mpvm.compiled_stubs(stubs)
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


def top_imports(path):
    """The modules a source file imports at its top level (run when it is imported), in order:
    the ``from X import y`` form counts X, and y too when y is a module of ours."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    found = []
    for node in tree.body:
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module] + [node.module + "." + a.name for a in node.names]
        for name in names:
            rel = name.replace(".", "/")
            if name not in found and (os.path.exists(os.path.join(ROOT, rel + ".py")) or os.path.exists(
                    os.path.join(ROOT, rel, "__init__.py")) or name == names[0]):
                found.append(name)
    return found


def board_modules():
    """Every module of ours a board imports, as (module name, source path): the files tools.deploy
    writes, code.py aside."""
    from tools import deploy

    mods = []
    for rel, src in sorted(deploy.source_files().items()):
        if rel.endswith(".py") and rel != "code.py" and not rel.startswith("lib/"):
            name = rel[:-3].replace("/", ".")
            mods.append((name[:-9] if name.endswith(".__init__") else name, src))
    return mods


def compile_peaks(modules=None):
    """[(module, bytes)] largest first: the heap the 32-bit VM takes to compile each module from
    its .py (what it keeps included), the modules it imports at its top loaded first from .mpy
    (tools/ramreport_compile_mp.py), in a folder of mpvm.precompiled_root where only the
    measured module is a .py. ``modules``: (name, source path) pairs, default board_modules()."""
    found = []
    with tempfile.TemporaryDirectory() as root:
        mpvm.precompiled_root(root)
        for name, src in modules or board_modules():
            rel = os.path.relpath(src, ROOT)
            py = os.path.join(root, rel)
            shutil.copyfile(src, py)  # beside its .mpy: the .py wins
            try:
                code, out, err = mpvm.run_script("wasm", "ramreport_compile_mp.py", [name] + [
                    m for m in top_imports(src) if m != name], "8m", root=root)
            finally:
                os.remove(py)
            m = re.search(r"^compile (\d+)$", out, re.M)
            if code != 0 or not m or not out.rstrip().endswith("ok"):
                raise RuntimeError("compiling %s: %s%s" % (name, out[-1500:], err[-1500:]))
            found.append((name, int(m.group(1))))
    return sorted(found, key=lambda f: -f[1])
