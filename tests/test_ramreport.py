"""tools.ramreport: every module a board loads imports and a whole game runs on MicroPython."""

from tools import ramreport


def test_the_device_code_runs_a_whole_game_on_micropython_and_reports_its_heap():
    r = ramreport.measure(160, 128, ble=True)
    assert r["ok"], r["out"][-3000:]
    names = [name for _, name in r["stages"]]
    assert names[0] == "engine+screens flow" and "font" in names and names[-1] == "screens built"
    assert 0 < r["startup"] <= r["peak"]


def test_too_small_a_heap_is_reported_as_a_failure_not_hidden():
    assert not ramreport.measure(160, 128, ble=True, heap="64k")["ok"]
