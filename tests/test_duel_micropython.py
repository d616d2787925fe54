"""Runs the duel's portable suites (tests/duel_portable) on the MicroPython unix port.

They run from source on the 64-bit VM, which compiles every module in the heap and doubles every
object: the channel suite needs 64k, a whole duel (engine + protocol + simulator + two devices)
320k, as does a duel between two screen flows (test_duel_flow: it also checks that each phase's
code leaves the heap once the duel is past it, which only a board's VM does). The frame suite runs in tests/portable at the 48k ceiling. See the duel report in
docs for the heap one device's protocol state takes.
"""

import os

import pytest

from test_micropython import ROOT, run_portable

SUITE = os.path.join(ROOT, "tests", "duel_portable")
HEAPS = {"test_channel": "64k", "test_duel": "320k",  # test_duel: 288k measured, with a margin
         "test_duel_flow": "320k"}  # two screen flows and their duel: 256k passes


@pytest.mark.parametrize("module", sorted(HEAPS))
def test_duel_suite_on_micropython(module):
    passed, failed, out = run_portable(module, HEAPS[module], [SUITE, os.path.join(ROOT, "tests", "portable")], timeout=600)
    assert failed == 0 and passed > 0, out
