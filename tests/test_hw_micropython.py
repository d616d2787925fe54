"""Runs the pure-Python hardware suites (tests/hw: saved games) on the MicroPython unix port.

They need more heap than the engine's 48k ceiling: the simulated 8 KB nvm, a snapshot of it and
a 4 KB page image live beside the code, and the 64-bit VM doubles every object. The board code
itself is measured by ``python -m tools.ramreport``.
"""

import os
import re
import subprocess

import pytest

from test_micropython import ROOT, micropython

HW = os.path.join(ROOT, "tests", "hw")
HEAP = "128k"


@pytest.mark.parametrize("module", sorted(
    n[:-3] for n in os.listdir(HW) if n.startswith("test_") and n.endswith(".py")))
def test_hw_suite_on_micropython(module):
    env = dict(os.environ)
    env["MICROPYPATH"] = ".frozen:" + ROOT + ":" + HW + ":" + os.path.join(ROOT, "tests", "portable")
    proc = subprocess.run(
        [micropython(), "-X", "heapsize=" + HEAP, os.path.join(ROOT, "tests", "portable", "run.py"), module],
        cwd=HW, env=env, capture_output=True, text=True, timeout=600)
    out = proc.stdout + proc.stderr
    summary = re.search(r"(\d+) passed, (\d+) failed", out)
    assert summary, out
    assert proc.returncode == 0 and summary.group(2) == "0", out
    assert int(summary.group(1)) > 0, out
