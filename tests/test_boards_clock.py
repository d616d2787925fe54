"""A board's clock: supervisor.ticks_ms counted on in integer milliseconds, on stand-ins as
strict as the firmware (ticks that wrap 65.5 s after power-up and every 6.2 days, and a
time.monotonic() in CircuitPython's 30-bit floats)."""

import struct
import time

from doubles.boardfakes import Ticks, circuitpython, detect  # noqa: F401
from hardware.input import REPEAT_DELAY, REPEAT_EVERY, Buttons
from seabattle import ui

DAY_MS = 86400 * 1000


def board_float(x):
    """``x`` as a CircuitPython float holds it: a 32-bit float less its two lowest mantissa bits
    (MICROPY_OBJ_REPR_C keeps a float in the object word)."""
    (bits,) = struct.unpack("<I", struct.pack("<f", x))
    return struct.unpack("<f", struct.pack("<I", bits & ~3))[0]


class BoardTime:
    """A board's ``time`` on a virtual uptime (``ms[0]``): sleep moves it on; monotonic() reads
    it in seconds as a board's float does."""

    def __init__(self, ms):
        self.ms = ms

    def sleep(self, seconds):
        self.ms[0] += round(seconds * 1000)

    def monotonic(self):
        return board_float(self.ms[0] / 1000)


def test_a_board_float_loses_the_milliseconds_days_after_power_up():
    # the stand-in itself: what the firmware's monotonic() gives at 1 h and at 3 days of uptime
    assert board_float(3600.123) != 3600.123 and abs(board_float(3600.123) - 3600.123) < 0.001
    steps = sorted(set(board_float((3 * DAY_MS + k) / 1000) for k in range(200)))
    assert round((steps[1] - steps[0]) * 1000, 1) == 62.5


def test_the_clock_counts_on_across_the_ticks_wrap(circuitpython):
    circuitpython("clue_nrf52840_express")
    Ticks.later = 0x10000 - Ticks.uptime() - 30  # ticks_ms 30 ms before it wraps to 0
    p = detect()
    before = p.ms()
    assert Ticks.ticks_ms() > (1 << 29) - 1000
    time.sleep(0.08)
    assert Ticks.ticks_ms() < 1000  # wrapped
    waited = p.ms() - before
    assert 80 <= waited < 1000, waited


def test_a_held_key_repeats_every_110_ms_three_days_after_power_up(circuitpython, monkeypatch):
    # time.monotonic() steps by 62.5 ms there: a repeat read from it came every 125 ms, and a
    # duel's timeouts and the sounds were as coarse
    circuitpython("clue_nrf52840_express")
    uptime = [3 * DAY_MS + 5]
    monkeypatch.setattr(Ticks, "uptime", staticmethod(lambda: uptime[0]))
    p = detect()
    import hardware.boards.common as common

    monkeypatch.setattr(common, "time", BoardTime(uptime))
    buttons = Buttons("dpad")
    out = []
    start = p.ms()
    buttons.press("right", start, out)
    at = []
    for _ in range(200):
        p.sleep(0.01)
        now = p.ms()
        buttons.poll(now, out)
        if len(out) > len(at) + 1:
            at.append(now - start)
    assert out == [ui.RIGHT] * (len(at) + 1) and len(at) >= 10
    assert at[0] == REPEAT_DELAY and set(b - a for a, b in zip(at, at[1:])) == {REPEAT_EVERY}, at
