"""Copy the game to a CIRCUITPY drive: ``python -m tools.deploy PATH [--clean] [--dry-run]
[--mpy-cross PROGRAM]``.

Copies ``code.py``, ``seabattle/``, ``hardware/`` (without the desktop-only parts), ``fonts/``
and ``lib/`` (made by ``python -m tools.bundle``, run here first if lib/ is empty). Only files
whose bytes differ are written: every write wears the board's flash and makes CircuitPython
restart, so ``code.py`` goes last. ``--clean`` also removes files we once deployed that are gone
from the source (only inside our folders; never anything else of yours). Ends with the space the
game takes against the drive's size and free space.

``settings.toml`` gets the keys the game needs that it does not have yet (``SETTINGS``), at its
end; a key already there, set by you, is never changed. ``CIRCUITPY_PYSTACK_SIZE``: the deepest
Python call the game makes is estimated at 1.3 KB of pystack (``python -m tools.callstack``),
close to CircuitPython 9's 1.5 KB for an estimate, so 2 KB, CircuitPython 10's default (it costs
0.5 KB of heap on 9).

``--mpy-cross PROGRAM`` writes our modules and the libraries precompiled (``.mpy``) instead of
as ``.py``, with the mpy-cross of the board's CircuitPython version (Adafruit publishes one per
version; MicroPython's does not do: CircuitPython refuses its .mpy). A board compiles every .py
it imports, and compiling needs heap: ~2.5 KB per KB of the biggest module's source on the
64-bit VM (``python -m tools.ramreport --compile``), more than the game keeps. Every module is
compiled, packages' ``__init__`` too (CircuitPython imports ``__init__.mpy``); ``code.py`` stays
source. A .py of ours left beside its .mpy is removed (it would win).

A library already on the drive as ``.mpy`` (circup installs them so) is kept: ``lib/``'s ``.py``
is not written beside it, since the .py would win and the board would compile the library.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

from tools import bundle

ROOT = bundle.ROOT
OURS = ("seabattle", "hardware", "lib", "fonts")
SETTINGS = (("CIRCUITPY_PYSTACK_SIZE", 2048),)  # (key, value) the game wants in settings.toml


def source_files():
    """{relative path on CIRCUITPY: source path}."""
    files = {}
    for rel in bundle.device_files(ROOT):
        files[rel] = os.path.join(ROOT, rel)
    fonts = os.path.join(ROOT, "fonts")
    if os.path.isdir(fonts):
        for name in sorted(os.listdir(fonts)):
            if name.endswith((".bdf", ".sheet", ".txt")):
                files["fonts/" + name] = os.path.join(fonts, name)
    lib = os.path.join(ROOT, "lib")
    for dirpath, dirnames, filenames in os.walk(lib):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            if name.endswith((".py", ".mpy")):
                src = os.path.join(dirpath, name)
                files[os.path.relpath(src, ROOT).replace(os.sep, "/")] = src
    return files


def _same(src, dst):
    if not os.path.exists(dst) or os.path.getsize(src) != os.path.getsize(dst):
        return False
    with open(src, "rb") as a, open(dst, "rb") as b:
        return a.read() == b.read()


def board_path(rel):
    """The path a board imports ``rel`` by, which is the module's ``__file__``: the game's
    through sys.path's "" (``seabattle/ui.mpy``), the libraries' through "/lib". It is also the
    source name compiled into the .mpy (tracebacks name the file that is there), so that the two
    are one interned name, not two: a board interns the path it loaded a module from and, from
    an .mpy, the source name inside it (py/builtinimport.c do_load), and a duel loads ~100
    modules (``python -m tools.ramreport --vm wasm --mpy``)."""
    return "/" + rel if rel.startswith("lib/") else rel


def compiled(files, mpy_cross, cache):
    """``files`` with every module except code.py compiled by ``mpy_cross`` into ``cache``:
    {relative .mpy path: compiled file}. The compilers run side by side, one a core."""
    from concurrent.futures import ThreadPoolExecutor

    out = {}
    jobs = []
    for rel, src in files.items():
        if not rel.endswith(".py") or rel == "code.py":
            out[rel] = src
            continue
        mpy = rel[:-3] + ".mpy"
        dst = os.path.join(cache, mpy)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        jobs.append((rel, mpy, dst, [mpy_cross, "-o", dst, "-s", board_path(mpy), src]))
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        procs = list(pool.map(lambda job: subprocess.run(job[3], capture_output=True, text=True), jobs))
    for (rel, mpy, dst, _cmd), proc in zip(jobs, procs):
        if proc.returncode != 0:
            raise SystemExit("deploy: %s failed on %s: %s" % (mpy_cross, rel, proc.stderr.strip()))
        out[mpy] = dst
    return out


def deploy(target, clean=False, dry_run=False, out=print, mpy_cross=None):
    if not os.path.isdir(target):
        raise SystemExit("deploy: %s is not a folder (is the board plugged in and mounted?)" % target)
    if not os.path.isdir(os.path.join(ROOT, "lib", "adafruit_ble")):
        out("deploy: lib/ is empty: running python -m tools.bundle first")
        bundle.bundle(os.path.join(ROOT, "lib"))
    files = source_files()
    if mpy_cross:
        with tempfile.TemporaryDirectory() as cache:
            return _deploy(target, compiled(files, mpy_cross, cache), clean, dry_run, out)
    return _deploy(target, files, clean, dry_run, out)


def settings_toml(target, dry_run, out):
    """Appends to ``target``'s settings.toml the SETTINGS keys it lacks; returns those written."""
    path = os.path.join(target, "settings.toml")
    text = ""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            text = f.read()
    have = set(line.split("=", 1)[0].strip() for line in text.splitlines() if "=" in line)
    missing = [(k, v) for k, v in SETTINGS if k not in have]
    if not missing:
        return []
    lines = ["# seabattle: room for the game's deepest call (python -m tools.callstack); yours to change"]
    lines += ["%s = %d" % kv for kv in missing]
    if not dry_run:
        with open(path, "a", encoding="utf-8") as f:
            f.write(("" if not text or text.endswith("\n") else "\n") + "\n".join(lines) + "\n")
    for k, v in missing:
        out("  settings.toml: %s = %d" % (k, v))
    return [k for k, _ in missing]


def installed_libraries(target, files):
    """The libraries of ``files`` (lib/'s .py) that the drive already holds as .mpy: kept."""
    kept = []
    for rel in files:
        if rel.startswith("lib/") and rel.endswith(".py") and os.path.exists(os.path.join(target, rel[:-3] + ".mpy")):
            kept.append(rel[:-3] + ".mpy")
    return kept


def _deploy(target, files, clean, dry_run, out):
    kept = installed_libraries(target, files)
    files = dict((rel, src) for rel, src in files.items() if rel[:-3] + ".mpy" not in kept)
    order = sorted(files, key=lambda r: (r == "code.py", r))  # code.py last: it restarts the board
    settings_toml(target, dry_run, out)  # (read at boot: the reset after code.py takes it)
    written = []
    size = 0
    for rel in order:
        src = files[rel]
        dst = os.path.join(target, rel)
        size += os.path.getsize(src)
        if _same(src, dst):
            continue
        written.append(rel)
        if not dry_run:
            os.makedirs(os.path.dirname(dst) or target, exist_ok=True)
            shutil.copyfile(src, dst)
    removed = []
    for rel in files:  # a module's other form would shadow (.py) or waste flash (.mpy)
        for ext, twin in ((".mpy", ".py"), (".py", ".mpy")):
            other = rel[:-len(ext)] + twin
            if rel.endswith(ext) and rel.startswith(OURS) and other not in kept \
                    and os.path.exists(os.path.join(target, other)):
                removed.append(other)
                if not dry_run:
                    os.remove(os.path.join(target, other))
    if clean:
        for top in OURS:
            base = os.path.join(target, top)
            for dirpath, _dirs, filenames in os.walk(base):
                for name in filenames:
                    rel = os.path.relpath(os.path.join(dirpath, name), target).replace(os.sep, "/")
                    if rel not in files and rel not in removed and rel not in kept:
                        removed.append(rel)
                        if not dry_run:
                            os.remove(os.path.join(target, rel))
    for rel in written:
        out("  wrote %s" % rel)
    for rel in removed:
        out("  removed %s" % rel)
    if kept:
        out("deploy: kept %d libraries already installed as .mpy (circup's), e.g. %s" % (len(kept), kept[0]))
    usage = shutil.disk_usage(target)
    out("deploy: %d of %d files changed%s; the game takes %.0f KB; drive %.0f KB, %.0f KB free"
        % (len(written), len(files), " (dry run)" if dry_run else "", size / 1024,
           usage.total / 1024, usage.free / 1024))
    if usage.total < 4 * 1024 * 1024 and size > usage.total * 0.9:
        out("deploy: WARNING: the game fills over 90% of this drive")
    return written, removed, size


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.deploy", description=__doc__.split("\n")[0])
    ap.add_argument("path", help="the CIRCUITPY drive, e.g. /media/$USER/CIRCUITPY or E:\\")
    ap.add_argument("--clean", action="store_true", help="remove files of ours no longer in the source")
    ap.add_argument("--dry-run", action="store_true", help="only say what would change")
    ap.add_argument("--mpy-cross", metavar="PROGRAM",
                    help="precompile with this mpy-cross (the one for the board's CircuitPython version)")
    args = ap.parse_args(argv)
    deploy(args.path, clean=args.clean, dry_run=args.dry_run, mpy_cross=args.mpy_cross)
    return 0


if __name__ == "__main__":
    sys.exit(main())
