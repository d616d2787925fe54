"""Runs the pure-Python hardware suites (tests/hw: saved games) on the MicroPython unix port.

They need more heap than the engine's 48k ceiling: the simulated 8 KB nvm, a snapshot of it and
a 4 KB page image live beside the code, and the 64-bit VM doubles every object. The board code
itself is measured by ``python -m tools.ramreport``.
"""

import os

import pytest

from test_micropython import ROOT, run_portable

HW = os.path.join(ROOT, "tests", "hw")
HEAP = "128k"


@pytest.mark.parametrize("module", sorted(
    n[:-3] for n in os.listdir(HW) if n.startswith("test_") and n.endswith(".py")))
def test_hw_suite_on_micropython(module):
    passed, failed, out = run_portable(module, HEAP, [HW, os.path.join(ROOT, "tests", "portable")], timeout=600)
    assert failed == 0 and passed > 0, out
