"""The hard level's peak extra heap when its pool collapses, on the MicroPython unix port
(tests/ai_portable/test_ai_heap.py; precompiled with mpy-cross as a device loads it)."""

from test_micropython import run_suite

HEAP = "128k"


def test_a_collapsed_pool_stays_within_the_hard_levels_heap_budget_on_micropython():
    passed, failed, out = run_suite("test_ai_heap", HEAP)
    assert failed == 0 and passed > 0, out
