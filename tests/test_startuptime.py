"""The start-up to the title on the MicroPython unix port, from .py and precompiled
(tools.startuptime), and its projection to the boards."""

from tools import startuptime


def test_the_start_up_reaches_the_title_and_precompiled_is_quicker(capsys):
    m = startuptime.main()
    out = capsys.readouterr().out
    print(out)
    assert 0 < m["mpy"] < m["source"], m  # (compiling on the board is what precompiling saves)
    assert "projected on nRF52840" in out and "projected on SAMD51" in out


def test_the_projection_scales_by_pystones():
    assert startuptime.projected(40, 200000, 800) == 10000
