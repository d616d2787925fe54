"""Runs the screen-flow suite (tests/ui_portable) on the MicroPython unix port.

The flow imports the whole engine plus the strings, so it gets a bigger heap than the engine's
48k: HEAP is what the 64-bit unix port needs today (a 32-bit board needs about half).
"""

import os

from test_micropython import PORTABLE, ROOT, run_portable

UI = os.path.join(ROOT, "tests", "ui_portable")
HEAP = "320k"  # 256k until the hard level's module (seabattle.ai.hard.player, 48 KB of source) was
# imported when that level is chosen instead of with the flow: compiled then, amid the suite's
# objects, it needs 288k (measured); an easy or normal game no longer loads it at all


def _run(module, heap):
    passed, failed, out = run_portable(module, heap, [PORTABLE, UI], timeout=600)
    assert failed == 0, out
    return passed, out


def test_flow_suite_on_micropython():
    passed, out = _run("test_flow", HEAP)
    assert passed >= 5, out


def test_button_mashing_on_micropython():
    # ~18 games at random levels (the hard one's 60 KB module compiled again for each) fragment
    # the heap more than the flow suite does. Without a collection before that compile, 384k
    # passed or ended in MemoryError depending on the clone's path (its length moves the heap's
    # holes); with it 288k-320k pass (measured at four paths), so 384k keeps a margin
    passed, out = _run("test_flow_mash", "384k")
    assert passed == 1, out
