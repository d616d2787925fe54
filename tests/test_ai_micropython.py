"""Runs the computer players' portable suite (tests/ai_portable) on the MicroPython unix port.

Precompiled with mpy-cross as a device loads it. The suite imports the whole engine plus all three
shooters and plays whole games, so it needs more than the engine suites' 48k on this 64-bit port
(where every object is twice its size on a board); the hard shooter's own peak is measured by
``python -m tools.bench ai`` (gc.mem_alloc around it).
"""

from test_micropython import run_suite

HEAP = "128k"


def test_ai_suite_on_micropython():
    passed, failed, out = run_suite("test_ai", HEAP)
    assert failed == 0 and passed > 0, out


def test_habits_suite_on_micropython():
    passed, failed, out = run_suite("test_habits", HEAP)
    assert failed == 0 and passed > 0, out


def test_fleet_styles_suite_on_micropython():
    passed, failed, out = run_suite("test_ai_fleet", HEAP)
    assert failed == 0 and passed > 0, out


def test_hard_chain_suite_on_micropython():
    passed, failed, out = run_suite("test_ai_chain", HEAP)
    assert failed == 0 and passed > 0, out
